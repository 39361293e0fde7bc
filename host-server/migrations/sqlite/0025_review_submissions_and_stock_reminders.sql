-- Reviews written in the shop get ids from the counters (fixture reviews keep theirs, below
-- 100000) and wait as 'pending' until moderated.
INSERT INTO counters (name, value) VALUES ('review', 100000);

-- "Mail me when it is back": one row per variant and address; notified_at is set when the
-- back-in-stock mail went out (milliseconds since the Unix epoch).
CREATE TABLE stock_reminders (
    product_variant_id BIGINT NOT NULL,
    email_address TEXT NOT NULL,
    site_id BIGINT NOT NULL,
    language_id BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    notified_at BIGINT,
    PRIMARY KEY (product_variant_id, email_address)
);
