-- Issue 17: the order number prefix is a site's configuration (fixtures/sites.json
-- orderNumberPrefix), no longer derived from demo brand names; the demo brands keep theirs.
ALTER TABLE sites ADD COLUMN order_number_prefix TEXT NOT NULL DEFAULT 'HS';
UPDATE sites SET order_number_prefix = 'WG' WHERE brand = 'Weidegroen';
UPDATE sites SET order_number_prefix = 'HG' WHERE brand = 'Hoofbeat Group';

-- Discount codes are stored in their one normal form (engine::promotions::normal_code:
-- trimmed, ASCII letters upper case) and compared with plain '=' on both databases.
-- SQLite's UPPER changes ASCII letters only, as the engine does.
UPDATE discount_codes SET code = UPPER(TRIM(code));
UPDATE carts SET discount_code = UPPER(TRIM(discount_code)) WHERE discount_code IS NOT NULL;
UPDATE orders SET discount_code = UPPER(TRIM(discount_code)) WHERE discount_code IS NOT NULL;
