-- Content from fixtures/content: pages, landing pages, news, FAQ, advice, navigation, footers,
-- USPs, notifications, redirects, and the route table the routing API reads.

CREATE TABLE pages (
    page_id BIGINT PRIMARY KEY NOT NULL,
    site_id BIGINT NOT NULL,
    page_key TEXT NOT NULL,
    parent_page_id BIGINT,
    body_format TEXT NOT NULL,
    indexable BIGINT NOT NULL,
    UNIQUE (site_id, page_key)
);

-- Per culture written in the fixtures: the page's own slug, full path, title and body.
CREATE TABLE page_texts (
    page_id BIGINT NOT NULL,
    culture TEXT NOT NULL,
    slug TEXT,
    path TEXT,
    title TEXT,
    body TEXT,
    PRIMARY KEY (page_id, culture)
);

CREATE TABLE landing_pages (
    landing_page_id BIGINT PRIMARY KEY NOT NULL,
    product_group TEXT NOT NULL,
    slug_json TEXT NOT NULL,
    title_json TEXT NOT NULL,
    intro_json TEXT NOT NULL,
    filter_json TEXT NOT NULL,
    default_sort TEXT NOT NULL
);

CREATE TABLE landing_page_sites (
    landing_page_id BIGINT NOT NULL,
    site_id BIGINT NOT NULL,
    PRIMARY KEY (landing_page_id, site_id)
);

CREATE TABLE news_items (
    news_item_id BIGINT PRIMARY KEY NOT NULL,
    published_on TEXT NOT NULL,
    slug_json TEXT NOT NULL,
    title_json TEXT NOT NULL,
    summary_json TEXT NOT NULL,
    body_json TEXT NOT NULL,
    image TEXT
);

CREATE TABLE news_item_sites (
    news_item_id BIGINT NOT NULL,
    site_id BIGINT NOT NULL,
    PRIMARY KEY (news_item_id, site_id)
);

CREATE TABLE faq_categories (
    faq_category_id BIGINT PRIMARY KEY NOT NULL,
    faq_id BIGINT NOT NULL,
    position BIGINT NOT NULL,
    title_json TEXT NOT NULL
);

CREATE TABLE faq_items (
    faq_item_id BIGINT PRIMARY KEY NOT NULL,
    faq_category_id BIGINT NOT NULL,
    position BIGINT NOT NULL,
    question_json TEXT NOT NULL,
    answer_json TEXT NOT NULL,
    slug_json TEXT NOT NULL
);

CREATE TABLE advice_categories (
    advice_category_id BIGINT PRIMARY KEY NOT NULL,
    position BIGINT NOT NULL,
    title_json TEXT NOT NULL,
    slug_json TEXT NOT NULL
);

CREATE TABLE advice_articles (
    advice_article_id BIGINT PRIMARY KEY NOT NULL,
    advice_category_id BIGINT NOT NULL,
    published_on TEXT NOT NULL,
    title_json TEXT NOT NULL,
    slug_json TEXT NOT NULL,
    summary_json TEXT NOT NULL,
    body_json TEXT NOT NULL,
    related_product_ids_json TEXT NOT NULL
);

CREATE TABLE advice_videos (
    advice_video_id BIGINT PRIMARY KEY NOT NULL,
    advice_category_id BIGINT NOT NULL,
    title_json TEXT NOT NULL,
    slug_json TEXT NOT NULL,
    description_json TEXT NOT NULL,
    video_provider TEXT NOT NULL,
    video_id TEXT NOT NULL,
    duration_seconds BIGINT NOT NULL
);

-- Navigation and footer links as JSON (title per culture, route, target, siteIds); each site
-- resolves the routes to its own paths when it reads them.
CREATE TABLE navigations (
    navigation_id BIGINT PRIMARY KEY NOT NULL,
    brand TEXT NOT NULL,
    items_json TEXT NOT NULL
);

CREATE TABLE footers (
    footer_id BIGINT PRIMARY KEY NOT NULL,
    brand TEXT NOT NULL,
    columns_json TEXT NOT NULL
);

CREATE TABLE usp_collections (
    usp_collection_id BIGINT PRIMARY KEY NOT NULL,
    site_id BIGINT NOT NULL,
    placement TEXT NOT NULL,
    items_json TEXT NOT NULL
);

CREATE TABLE notifications (
    notification_id BIGINT PRIMARY KEY NOT NULL,
    site_id BIGINT NOT NULL,
    style TEXT NOT NULL,
    text_json TEXT NOT NULL,
    route_json TEXT,
    valid_from TEXT NOT NULL,
    valid_until TEXT NOT NULL
);

CREATE TABLE redirects (
    redirect_id BIGINT PRIMARY KEY NOT NULL,
    site_id BIGINT NOT NULL,
    from_path TEXT NOT NULL,
    to_path TEXT NOT NULL,
    status_code BIGINT NOT NULL,
    UNIQUE (site_id, from_path)
);

-- Every routable path of every site and language, computed by the import with the text
-- fallback rule: the routing API's lookup (path to route) and its inverse (route_key to path).
CREATE TABLE routes (
    site_id BIGINT NOT NULL,
    language_id BIGINT NOT NULL,
    path TEXT NOT NULL,
    route_type TEXT NOT NULL,
    route_key TEXT NOT NULL,
    params_json TEXT NOT NULL,
    PRIMARY KEY (site_id, language_id, path)
);
CREATE INDEX routes_by_key ON routes (site_id, language_id, route_key);
