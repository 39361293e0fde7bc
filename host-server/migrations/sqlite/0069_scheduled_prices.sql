-- List prices that take effect on a later day, one per variant and day: housekeeping applies
-- each on its day (the variant's price, and a row of variant_price_changes) and removes it.
CREATE TABLE scheduled_prices (
    product_variant_id BIGINT NOT NULL,
    valid_from TEXT NOT NULL,
    price TEXT NOT NULL,
    PRIMARY KEY (product_variant_id, valid_from)
);
CREATE INDEX scheduled_prices_by_day ON scheduled_prices (valid_from);
