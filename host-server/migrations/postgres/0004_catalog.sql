-- The catalog, promotions, payment means and reviews from the fixtures. Amounts are TEXT
-- decimal strings; booleans BIGINT 0/1.

CREATE TABLE facet_groups (
    facet_key TEXT PRIMARY KEY NOT NULL,
    kind TEXT NOT NULL,
    position BIGINT NOT NULL,
    name_json TEXT NOT NULL
);

CREATE TABLE facet_values (
    facet_key TEXT NOT NULL,
    value_key TEXT NOT NULL,
    position BIGINT NOT NULL,
    name_json TEXT NOT NULL,
    PRIMARY KEY (facet_key, value_key)
);

CREATE TABLE products (
    product_id BIGINT PRIMARY KEY NOT NULL,
    product_key TEXT NOT NULL UNIQUE,
    product_type BIGINT NOT NULL,
    product_group TEXT NOT NULL,
    brand TEXT NOT NULL,
    colour TEXT NOT NULL,
    energy_level TEXT,
    scoop_size_grams BIGINT,
    rating_average TEXT,
    rating_count BIGINT NOT NULL,
    created_on TEXT NOT NULL,
    image TEXT
);

-- Localized product texts, one row per culture written in the fixtures.
CREATE TABLE product_texts (
    product_id BIGINT NOT NULL,
    culture TEXT NOT NULL,
    name TEXT,
    short_description TEXT,
    long_description TEXT,
    composition TEXT,
    slug TEXT,
    PRIMARY KEY (product_id, culture)
);

CREATE TABLE product_sites (
    product_id BIGINT NOT NULL,
    site_id BIGINT NOT NULL,
    PRIMARY KEY (product_id, site_id)
);
CREATE INDEX product_sites_by_site ON product_sites (site_id);

CREATE TABLE product_facets (
    product_id BIGINT NOT NULL,
    facet_key TEXT NOT NULL,
    value_key TEXT NOT NULL,
    PRIMARY KEY (product_id, facet_key, value_key)
);

-- Nutrients per kg as fed; only declared values have a row.
CREATE TABLE product_nutrients (
    product_id BIGINT NOT NULL,
    nutrient TEXT NOT NULL,
    position BIGINT NOT NULL,
    amount DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (product_id, nutrient)
);

-- Daily dose in grams for the 600 kg reference horse per work load.
CREATE TABLE product_dosages (
    product_id BIGINT NOT NULL,
    work_load TEXT NOT NULL,
    grams_per_day BIGINT NOT NULL,
    PRIMARY KEY (product_id, work_load)
);

CREATE TABLE variants (
    product_variant_id BIGINT PRIMARY KEY NOT NULL,
    product_id BIGINT NOT NULL,
    position BIGINT NOT NULL,
    article_number TEXT NOT NULL UNIQUE,
    ean TEXT NOT NULL UNIQUE,
    packaging TEXT NOT NULL,
    content_amount TEXT NOT NULL,
    content_unit TEXT NOT NULL,
    variant_label TEXT,
    colour TEXT,
    weight_kg DOUBLE PRECISION NOT NULL,
    length_cm DOUBLE PRECISION NOT NULL,
    width_cm DOUBLE PRECISION NOT NULL,
    height_cm DOUBLE PRECISION NOT NULL,
    quantity_per_pallet BIGINT NOT NULL,
    shelf_life_months BIGINT,
    delivery_min_days BIGINT NOT NULL,
    delivery_max_days BIGINT NOT NULL,
    price TEXT NOT NULL,
    vat_type TEXT NOT NULL,
    stock BIGINT,
    image TEXT
);
CREATE INDEX variants_by_product ON variants (product_id);

-- The sites a variant is sold on (its own list, or else its product's).
CREATE TABLE variant_sites (
    product_variant_id BIGINT NOT NULL,
    site_id BIGINT NOT NULL,
    PRIMARY KEY (product_variant_id, site_id)
);

-- A promotion's key columns and its full rule as JSON (the engine's promotion input).
CREATE TABLE promotions (
    promotion_key TEXT PRIMARY KEY NOT NULL,
    kind TEXT NOT NULL,
    requires_code BIGINT NOT NULL,
    valid_from TEXT NOT NULL,
    valid_until TEXT NOT NULL,
    rule_json TEXT NOT NULL
);

CREATE TABLE promotion_sites (
    promotion_key TEXT NOT NULL,
    site_id BIGINT NOT NULL,
    PRIMARY KEY (promotion_key, site_id)
);

CREATE TABLE discount_codes (
    code TEXT PRIMARY KEY NOT NULL,
    promotion_key TEXT NOT NULL,
    valid_from TEXT NOT NULL,
    valid_until TEXT NOT NULL,
    usage_limit BIGINT,
    per_customer_limit BIGINT,
    times_used BIGINT NOT NULL,
    note TEXT NOT NULL
);

-- Gift cards: the PIN is stored as SHA-256 of "cardNumber:pin", never in plain text.
CREATE TABLE gift_cards (
    card_number TEXT PRIMARY KEY NOT NULL,
    pin_hash TEXT NOT NULL,
    balance TEXT NOT NULL,
    currency TEXT NOT NULL,
    note TEXT NOT NULL
);

CREATE TABLE reviews (
    review_id BIGINT PRIMARY KEY NOT NULL,
    product_id BIGINT NOT NULL,
    account_id TEXT,
    reviewer_name TEXT NOT NULL,
    language_id BIGINT NOT NULL,
    site_id BIGINT NOT NULL,
    rating BIGINT NOT NULL,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    status TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX reviews_by_product ON reviews (product_id, status, created_at);

CREATE TABLE review_requests (
    review_request_id BIGINT PRIMARY KEY NOT NULL,
    account_id TEXT NOT NULL,
    order_number TEXT NOT NULL,
    product_id BIGINT NOT NULL,
    sent_on TEXT NOT NULL,
    status TEXT NOT NULL,
    review_id BIGINT
);
CREATE INDEX review_requests_by_account ON review_requests (account_id);
