-- Setting a cart line also moves its cart's last_modified, inside the same statement: adding to
-- a cart is then one write instead of two (the busiest write of the shop). `changed_at` is the
-- time the line's count was last set; the cart's time never moves back (MAX), so other updates
-- of a line (merging carts, removing a sample) cannot make a cart look older.
ALTER TABLE cart_lines ADD COLUMN changed_at BIGINT;

CREATE TRIGGER cart_line_added_touches_cart AFTER INSERT ON cart_lines
WHEN NEW.changed_at IS NOT NULL
BEGIN
    UPDATE carts SET last_modified = MAX(last_modified, NEW.changed_at) WHERE cart_id = NEW.cart_id;
END;

CREATE TRIGGER cart_line_changed_touches_cart AFTER UPDATE OF count, changed_at ON cart_lines
WHEN NEW.changed_at IS NOT NULL
BEGIN
    UPDATE carts SET last_modified = MAX(last_modified, NEW.changed_at) WHERE cart_id = NEW.cart_id;
END;
