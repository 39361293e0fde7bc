-- Reference data from the fixtures (fixtures/README.md): sites, countries, payment, shipping,
-- dealers, parcel shops, feed calculator rules and roughage targets. Filled by the fixture
-- import (src/fixtures), which deletes and re-inserts every table of a section in one transaction.
-- Localized texts that are only shown are JSON objects keyed by culture (`*_json`).

CREATE TABLE countries (
    country_id BIGINT PRIMARY KEY NOT NULL,
    region_code TEXT NOT NULL UNIQUE
);

CREATE TABLE country_names (
    country_id BIGINT NOT NULL,
    culture TEXT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (country_id, culture)
);

CREATE TABLE sites (
    site_id BIGINT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    brand TEXT NOT NULL,
    domain TEXT NOT NULL UNIQUE,
    site_type BIGINT NOT NULL,
    country_id BIGINT NOT NULL,
    currency TEXT NOT NULL,
    exchange_rate TEXT,
    fallback_language_id BIGINT NOT NULL,
    theme TEXT NOT NULL,
    vat_percentage_high TEXT NOT NULL,
    vat_percentage_low TEXT NOT NULL,
    enable_rqs BIGINT NOT NULL,
    enable_stock_reminder_feature BIGINT NOT NULL,
    auto_redirect_if_not_in_same_country BIGINT NOT NULL,
    silo_horse_threshold BIGINT NOT NULL,
    silo_horse_threshold_by_culture_json TEXT NOT NULL,
    silo_min_feed_kg BIGINT NOT NULL,
    root_page_id BIGINT NOT NULL,
    not_found_page_id BIGINT NOT NULL,
    internal_error_page_id BIGINT NOT NULL,
    customer_service_page_id BIGINT NOT NULL,
    checkout_success_page_id BIGINT,
    checkout_success_rqs_page_id BIGINT,
    checkout_failed_page_id BIGINT,
    footer_id BIGINT NOT NULL,
    primary_navigation_id BIGINT NOT NULL,
    notification_id BIGINT,
    header_usp_collection_id BIGINT,
    cart_usp_collection_id BIGINT,
    customer_service_title_json TEXT NOT NULL,
    customer_service_bottom_text_json TEXT NOT NULL,
    customer_service_link_json TEXT NOT NULL,
    customer_service_phone TEXT NOT NULL,
    customer_service_phone_link TEXT NOT NULL,
    customer_service_email TEXT NOT NULL,
    customer_service_opening_hours_json TEXT NOT NULL,
    currency_conversion_disclaimer_link_json TEXT,
    become_dealer_link_json TEXT NOT NULL,
    dealer_page_title_json TEXT NOT NULL,
    social_links_json TEXT NOT NULL,
    captcha_site_key TEXT NOT NULL,
    tag_manager_id TEXT NOT NULL,
    maps_api_key TEXT NOT NULL,
    card_payment_config_id TEXT NOT NULL
);

-- Every host a site answers on: its domain (is_primary 1) and its aliases. Lower case.
CREATE TABLE site_domains (
    domain TEXT PRIMARY KEY NOT NULL,
    site_id BIGINT NOT NULL,
    is_primary BIGINT NOT NULL
);

-- The languages of a site; position 0 is the default language.
CREATE TABLE site_languages (
    site_id BIGINT NOT NULL,
    language_id BIGINT NOT NULL,
    position BIGINT NOT NULL,
    PRIMARY KEY (site_id, language_id)
);

CREATE TABLE payment_methods (
    payment_method_id BIGINT PRIMARY KEY NOT NULL,
    method_key TEXT NOT NULL UNIQUE,
    name_json TEXT NOT NULL,
    cost TEXT NOT NULL,
    flow TEXT NOT NULL,
    requires_issuer BIGINT NOT NULL
);

CREATE TABLE payment_issuers (
    payment_method_id BIGINT NOT NULL,
    issuer_id TEXT NOT NULL,
    name TEXT NOT NULL,
    position BIGINT NOT NULL,
    PRIMARY KEY (payment_method_id, issuer_id)
);

CREATE TABLE site_payment_methods (
    site_id BIGINT NOT NULL,
    payment_method_id BIGINT NOT NULL,
    position BIGINT NOT NULL,
    PRIMARY KEY (site_id, payment_method_id)
);

-- VAT-inclusive shipping price per site and method (0 home, 1 parcel service).
CREATE TABLE shipping_prices (
    site_id BIGINT NOT NULL,
    shipping_method BIGINT NOT NULL,
    method_key TEXT NOT NULL,
    price TEXT NOT NULL,
    PRIMARY KEY (site_id, shipping_method)
);

CREATE TABLE shipping_settings (
    site_id BIGINT PRIMARY KEY NOT NULL,
    free_shipping_threshold TEXT,
    free_shipping_methods_json TEXT NOT NULL,
    scan_products_only_shipping_price TEXT NOT NULL
);

CREATE TABLE dealers (
    dealer_id BIGINT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    dealer_type TEXT NOT NULL,
    street TEXT NOT NULL,
    street_number TEXT NOT NULL,
    street_number_addition TEXT,
    zipcode TEXT NOT NULL,
    city TEXT NOT NULL,
    country_id BIGINT NOT NULL,
    latitude DOUBLE PRECISION NOT NULL,
    longitude DOUBLE PRECISION NOT NULL,
    phone TEXT NOT NULL,
    email TEXT NOT NULL,
    website TEXT,
    brands_json TEXT NOT NULL,
    silo_delivery BIGINT NOT NULL,
    opening_hours_json TEXT NOT NULL
);

CREATE TABLE parcel_shops (
    parcel_shop_id TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    street TEXT NOT NULL,
    street_number TEXT NOT NULL,
    zipcode TEXT NOT NULL,
    city TEXT NOT NULL,
    country_id BIGINT NOT NULL,
    latitude DOUBLE PRECISION NOT NULL,
    longitude DOUBLE PRECISION NOT NULL,
    opening_hours_json TEXT NOT NULL
);

-- Feed calculator choices: kind is horseType, workLoad or roughageType.
CREATE TABLE feed_choices (
    kind TEXT NOT NULL,
    choice_key TEXT NOT NULL,
    position BIGINT NOT NULL,
    name_json TEXT NOT NULL,
    default_weight_kg BIGINT,
    PRIMARY KEY (kind, choice_key)
);

CREATE TABLE feed_advice_rules (
    rule_id BIGINT PRIMARY KEY NOT NULL,
    brand TEXT NOT NULL,
    horse_type TEXT NOT NULL,
    work_load TEXT NOT NULL,
    roughage_type TEXT NOT NULL,
    advised_product_ids_json TEXT NOT NULL
);
CREATE INDEX feed_advice_rules_by_choice ON feed_advice_rules (brand, horse_type, work_load, roughage_type);

-- roughage/targets.json as one document (the engine's roughage rules read it).
CREATE TABLE roughage_targets (
    targets_id BIGINT PRIMARY KEY NOT NULL,
    document_json TEXT NOT NULL
);
