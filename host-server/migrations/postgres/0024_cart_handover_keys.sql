-- Keys that hand a cart to someone else (POST /api/cart/impersonate?key=): customer service
-- prepares a cart and sends the customer a link with the key. Stored hashed, single use,
-- expiring; expires_at and used_at are milliseconds since the Unix epoch.
CREATE TABLE cart_handover_keys (
    key_hash TEXT PRIMARY KEY NOT NULL,
    cart_id TEXT NOT NULL REFERENCES carts (cart_id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
);
