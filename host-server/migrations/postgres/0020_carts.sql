-- Shopping carts (specification, section 3: Cart). The cart is the customer's working
-- document: addresses and payment choices are kept as JSON documents until an order is placed.
-- Amounts are never stored here: every read recomputes them with the engine.
-- created_at and last_modified are milliseconds since the Unix epoch.
CREATE TABLE carts (
    cart_id TEXT PRIMARY KEY NOT NULL,
    site_id BIGINT NOT NULL,
    language_id BIGINT NOT NULL,
    account_id TEXT,
    client_ip TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    last_modified BIGINT NOT NULL,
    discount_code TEXT,
    shipping_method BIGINT NOT NULL DEFAULT 0,
    payment_method_id BIGINT,
    issuer TEXT,
    gift_card_number TEXT,
    billing_json TEXT,
    shipping_json TEXT,
    company_json TEXT,
    alternative_shipping_address BIGINT NOT NULL DEFAULT 0,
    newsletter_subscribe BIGINT NOT NULL DEFAULT 0,
    mailplus_id TEXT,
    dealer_id BIGINT,
    dpd_parcel_shop_id TEXT,
    dpd_parcel_shop_zipcode_or_city TEXT
);

CREATE TABLE cart_lines (
    cart_id TEXT NOT NULL REFERENCES carts (cart_id) ON DELETE CASCADE,
    product_variant_id BIGINT NOT NULL,
    product_id BIGINT NOT NULL,
    count BIGINT NOT NULL,
    added_at BIGINT NOT NULL,
    PRIMARY KEY (cart_id, product_variant_id)
);

-- The names of the samples of a laboratory scan line (one row per sample).
CREATE TABLE cart_samples (
    cart_id TEXT NOT NULL REFERENCES carts (cart_id) ON DELETE CASCADE,
    product_variant_id BIGINT NOT NULL,
    sequence BIGINT NOT NULL,
    sample_name TEXT NOT NULL,
    PRIMARY KEY (cart_id, product_variant_id, sequence)
);
