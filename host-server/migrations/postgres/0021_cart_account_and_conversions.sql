-- A password chosen in checkout creates an account when the order is placed (argon2id hash).
ALTER TABLE carts ADD COLUMN password_hash TEXT;
ALTER TABLE carts ADD COLUMN confirm_url TEXT;

-- Conversions reported for the mailing service (POST /api/Conversion).
CREATE TABLE conversions (
    mailplus_id TEXT NOT NULL,
    reported_datetime TEXT NOT NULL,
    received_at BIGINT NOT NULL
);
