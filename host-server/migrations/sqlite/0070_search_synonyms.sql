-- Words shoppers use for one another, per language (`nl`, `de`): a product whose texts hold one
-- word of a group is found by each word of it (`alfalfa` finds Luzerne). Catalog data, like the
-- facets; the search index reads them when it is built.
CREATE TABLE search_synonyms (
    synonym_group_id BIGINT NOT NULL PRIMARY KEY,
    language TEXT NOT NULL,
    words_json TEXT NOT NULL
);
