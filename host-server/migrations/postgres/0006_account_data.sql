-- The account area's data (specification sections 3 and 6): company data, billing and
-- delivery address, invoices, returns, subscriptions, roughage scan results and saved feed
-- advice. Rows that came from the fixtures carry from_fixtures = 1, so a repeated import
-- replaces exactly those and never touches what customers and the laboratory created.
-- Orders live in 0022_orders.sql; the tables here refer to them by order number, without a
-- foreign key (this migration runs before that one).

-- Company data, billing and delivery address and mobile phone of an account (one row each).
CREATE TABLE account_profiles (
    account_id TEXT PRIMARY KEY NOT NULL REFERENCES accounts (account_id) ON DELETE CASCADE,
    company_name TEXT,
    vat_number TEXT,
    mobile_phone TEXT,
    -- {firstName, lastName, phoneNumber, emailAddress, address}
    billing_json TEXT,
    -- {firstName, lastName, address, shippingMethod}
    shipping_json TEXT,
    alternative_shipping_address BIGINT NOT NULL DEFAULT 0,
    updated_at BIGINT NOT NULL
);

-- Invoices of orders; the PDF is generated on demand. Amounts are decimal text, as the order's.
CREATE TABLE invoices (
    invoice_number TEXT PRIMARY KEY NOT NULL,
    order_number TEXT NOT NULL,
    account_id TEXT,
    site_id BIGINT NOT NULL,
    invoice_date TEXT NOT NULL,
    status TEXT NOT NULL,
    total_amount TEXT NOT NULL,
    vat_amount_low TEXT NOT NULL,
    vat_amount_high TEXT NOT NULL,
    total_amount_excl_vat TEXT NOT NULL,
    pdf_file_name TEXT NOT NULL,
    from_fixtures BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX invoices_by_account ON invoices (account_id, invoice_date);

-- Return requests. photo_path is relative to the return photos folder (RETURN_PHOTOS_DIR), or
-- for fixture returns to the fixtures' images/ folder.
CREATE TABLE returns (
    return_id TEXT PRIMARY KEY NOT NULL,
    account_id TEXT NOT NULL REFERENCES accounts (account_id) ON DELETE CASCADE,
    order_number TEXT NOT NULL,
    product_variant_id BIGINT NOT NULL,
    quantity BIGINT NOT NULL,
    reason TEXT NOT NULL,
    comment TEXT,
    photo_path TEXT,
    photo_content_type TEXT,
    status TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    from_fixtures BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX returns_by_account ON returns (account_id, created_at);

-- Recurring feed deliveries. status: saved, activated, paused, closed (engine::subscription).
CREATE TABLE subscriptions (
    subscription_id TEXT PRIMARY KEY NOT NULL,
    account_id TEXT NOT NULL REFERENCES accounts (account_id) ON DELETE CASCADE,
    site_id BIGINT NOT NULL,
    product_variant_id BIGINT NOT NULL,
    quantity BIGINT NOT NULL,
    interval_weeks BIGINT NOT NULL,
    status TEXT NOT NULL,
    start_date TEXT,
    next_delivery_date TEXT,
    payment_method_id BIGINT,
    updated_at BIGINT NOT NULL,
    from_fixtures BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX subscriptions_by_account ON subscriptions (account_id);

-- Quick-scan and hygiene-scan (RQS) results, one per sample of a scan order line, entered by
-- the laboratory. The measured values are stored; the classification is computed by the
-- engine whenever a result is shown. is_read turns 1 when the customer opens the result.
CREATE TABLE roughage_results (
    result_key TEXT PRIMARY KEY NOT NULL,
    account_id TEXT,
    order_number TEXT NOT NULL,
    product_id BIGINT NOT NULL,
    product_variant_id BIGINT NOT NULL,
    sequence BIGINT NOT NULL,
    scan_type TEXT NOT NULL,
    sample_type TEXT NOT NULL,
    sample_name TEXT NOT NULL,
    receipt_date TEXT NOT NULL,
    result_date TEXT NOT NULL,
    values_json TEXT,
    germ_counts_json TEXT,
    is_read BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    from_fixtures BIGINT NOT NULL DEFAULT 0,
    UNIQUE (order_number, product_variant_id, sequence)
);
CREATE INDEX roughage_results_by_account ON roughage_results (account_id, result_date);

-- Feed advice a customer saved from the calculator, as the engine computed it on the server.
CREATE TABLE saved_feed_advice (
    advice_id TEXT PRIMARY KEY NOT NULL,
    account_id TEXT NOT NULL REFERENCES accounts (account_id) ON DELETE CASCADE,
    site_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    horse_type TEXT NOT NULL,
    weight_kg BIGINT NOT NULL,
    work_load TEXT NOT NULL,
    roughage_type TEXT NOT NULL,
    advice_json TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX saved_feed_advice_by_account ON saved_feed_advice (account_id, created_at);
