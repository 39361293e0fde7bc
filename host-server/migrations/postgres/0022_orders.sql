-- Orders (decisions.md, "Checkout and orders"). An order is a snapshot of the engine's
-- calculation at the moment it was placed: amounts are kept as decimal text, exactly as the
-- engine wrote them, and never recomputed. created_at and updated_at are milliseconds since the
-- Unix epoch.
CREATE TABLE orders (
    order_id BIGINT PRIMARY KEY NOT NULL,
    -- The unguessable id used in URLs (payment return, thank-you page).
    public_id TEXT NOT NULL UNIQUE,
    order_number TEXT NOT NULL UNIQUE,
    site_id BIGINT NOT NULL,
    language_id BIGINT NOT NULL,
    account_id TEXT,
    -- The cart the order was placed from and a hash of what was priced, so placing the same
    -- cart again gives the same order, and a changed cart replaces an unpaid one.
    cart_id TEXT,
    cart_fingerprint TEXT,
    idempotency_key TEXT UNIQUE,
    status TEXT NOT NULL,
    email_address TEXT NOT NULL,
    billing_json TEXT NOT NULL,
    shipping_json TEXT,
    company_json TEXT,
    alternative_shipping_address BIGINT NOT NULL,
    shipping_method BIGINT NOT NULL,
    dealer_id BIGINT,
    dpd_parcel_shop_id TEXT,
    newsletter_subscribe BIGINT NOT NULL,
    scan_products_only BIGINT NOT NULL,
    payment_method_id BIGINT,
    issuer TEXT,
    gift_card_number TEXT,
    discount_code TEXT,
    -- The engine's discounts of the order and of shipping, as JSON arrays.
    order_discounts_json TEXT NOT NULL,
    shipping_discounts_json TEXT NOT NULL,
    sub_total_amount TEXT NOT NULL,
    original_shipping_costs TEXT NOT NULL,
    shipping_costs TEXT NOT NULL,
    payment_costs TEXT NOT NULL,
    total_amount TEXT NOT NULL,
    vat_amount_low TEXT NOT NULL,
    vat_amount_high TEXT NOT NULL,
    total_amount_excl_vat TEXT NOT NULL,
    gift_card_amount TEXT NOT NULL,
    amount_to_pay TEXT NOT NULL,
    track_and_trace TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX orders_by_account ON orders (account_id, created_at);
-- At most one live (not cancelled) order per cart: the database itself refuses a second one
-- when the same cart is placed twice at the same moment.
CREATE UNIQUE INDEX orders_live_cart ON orders (cart_id) WHERE status <> 'cancelled';

CREATE TABLE order_lines (
    order_id BIGINT NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
    line_number BIGINT NOT NULL,
    product_id BIGINT NOT NULL,
    product_variant_id BIGINT NOT NULL,
    product_type BIGINT NOT NULL,
    description TEXT NOT NULL,
    quantity BIGINT NOT NULL,
    unit_price TEXT NOT NULL,
    original_amount TEXT NOT NULL,
    discount_amount TEXT NOT NULL,
    promotion_key TEXT,
    total_amount TEXT NOT NULL,
    vat_type TEXT NOT NULL,
    vat_rate_percentage TEXT NOT NULL,
    is_free BIGINT NOT NULL,
    PRIMARY KEY (order_id, line_number)
);

-- Names of the samples of a laboratory scan line.
CREATE TABLE order_line_samples (
    order_id BIGINT NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
    line_number BIGINT NOT NULL,
    sequence BIGINT NOT NULL,
    sample_name TEXT NOT NULL,
    PRIMARY KEY (order_id, line_number, sequence)
);

-- Every status an order has had, oldest first.
CREATE TABLE order_status_history (
    order_id BIGINT NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
    status TEXT NOT NULL,
    changed_at BIGINT NOT NULL
);
CREATE INDEX order_status_history_by_order ON order_status_history (order_id);

-- Numbers handed out one after the other (order ids). Taking a number is the first write of
-- the order transaction, which also orders concurrent placements.
CREATE TABLE counters (
    name TEXT PRIMARY KEY NOT NULL,
    value BIGINT NOT NULL
);
INSERT INTO counters (name, value) VALUES ('order', 1000);

-- Payments at a provider. payment_id is the provider's id; status is the provider's status
-- mapped to open, paid, failed, cancelled or expired.
CREATE TABLE payments (
    payment_id TEXT PRIMARY KEY NOT NULL,
    order_id BIGINT NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
    provider TEXT NOT NULL,
    payment_method_id BIGINT,
    issuer TEXT,
    amount TEXT NOT NULL,
    status TEXT NOT NULL,
    checkout_url TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX payments_by_order ON payments (order_id);

-- The built-in test provider's own book of payments (it stands in for a provider's servers).
CREATE TABLE test_provider_payments (
    payment_id TEXT PRIMARY KEY NOT NULL,
    amount TEXT NOT NULL,
    description TEXT NOT NULL,
    method TEXT NOT NULL,
    issuer TEXT,
    status TEXT NOT NULL,
    redirect_url TEXT NOT NULL,
    webhook_url TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
