-- The home page of each brand (issue 21): hero, category tiles and the featured and offered
-- products, as content/homePages.json holds them (stored::HomePage as JSON).
CREATE TABLE home_pages (
    brand TEXT PRIMARY KEY NOT NULL,
    content_json TEXT NOT NULL
);
