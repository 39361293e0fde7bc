-- Limits on guesses and work (host-server/src/limits.rs): one counter per key and window.
CREATE TABLE rate_limits (
    bucket TEXT PRIMARY KEY NOT NULL,
    window_start BIGINT NOT NULL,
    hits BIGINT NOT NULL
);
CREATE INDEX rate_limits_by_window ON rate_limits (window_start);

-- Sign-in failures are counted in rate_limits now.
DROP TABLE sign_in_failures;

-- Sessions also end after a time without use (SESSION_IDLE_TTL).
ALTER TABLE sessions ADD COLUMN last_seen_at BIGINT NOT NULL DEFAULT 0;
UPDATE sessions SET last_seen_at = created_at;

-- The browser that placed an order holds a token (a cookie) that lets it see the order's
-- names and addresses; the table keeps its SHA-256 hash.
ALTER TABLE orders ADD COLUMN viewer_token_hash TEXT;
