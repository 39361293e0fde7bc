-- The mailing's recipient id (mailplus_id) the visitor came with, kept with the order for the
-- mailing service's attribution, as the cart keeps it.
ALTER TABLE orders ADD COLUMN mailplus_id TEXT;
