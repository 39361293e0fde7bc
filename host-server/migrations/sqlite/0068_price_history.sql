-- Every list price a variant has had, from the day it took effect: a reduction shows the lowest
-- of the 30 days before it began (EU price indication directive, article 6a). A price set twice on
-- one day is one row per price; the lowest of that day counts.
CREATE TABLE variant_price_changes (
    product_variant_id BIGINT NOT NULL,
    valid_from TEXT NOT NULL,
    price TEXT NOT NULL,
    PRIMARY KEY (product_variant_id, valid_from, price)
);

-- A shop that begins keeping prices now knows each variant's current price from today.
INSERT INTO variant_price_changes (product_variant_id, valid_from, price)
SELECT product_variant_id, date('now'), price FROM variants;
