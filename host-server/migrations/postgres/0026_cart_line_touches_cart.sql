-- Setting a cart line also moves its cart's last_modified, inside the same statement: adding to
-- a cart is then one write instead of two (the busiest write of the shop). `changed_at` is the
-- time the line's count was last set; the cart's time never moves back (GREATEST), so other
-- updates of a line (merging carts, removing a sample) cannot make a cart look older.
ALTER TABLE cart_lines ADD COLUMN changed_at BIGINT;

CREATE FUNCTION cart_line_touches_cart() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.changed_at IS NOT NULL THEN
        UPDATE carts SET last_modified = GREATEST(last_modified, NEW.changed_at) WHERE cart_id = NEW.cart_id;
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER cart_line_touches_cart AFTER INSERT OR UPDATE OF count, changed_at ON cart_lines
FOR EACH ROW EXECUTE FUNCTION cart_line_touches_cart();
