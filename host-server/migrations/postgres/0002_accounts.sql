-- Interface languages (specification, section 3: Language). Filled by the fixture import.
CREATE TABLE languages (
    language_id BIGINT PRIMARY KEY NOT NULL,
    culture TEXT NOT NULL UNIQUE,
    localized_name TEXT NOT NULL
);

-- Customer accounts. E-mail addresses are stored lower-cased; passwords as argon2id hashes.
CREATE TABLE accounts (
    account_id TEXT PRIMARY KEY NOT NULL,
    email_address TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    phone_number TEXT NOT NULL DEFAULT '',
    language_id BIGINT,
    site_id BIGINT,
    newsletter BIGINT NOT NULL DEFAULT 0,
    activated_at BIGINT,
    created_at BIGINT NOT NULL
);

-- Single-use tokens for activation, password reset and e-mail change, stored as SHA-256 hashes.
CREATE TABLE account_tokens (
    token_hash TEXT PRIMARY KEY NOT NULL,
    account_id TEXT NOT NULL REFERENCES accounts (account_id) ON DELETE CASCADE,
    purpose TEXT NOT NULL,
    new_email_address TEXT,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
);
CREATE INDEX account_tokens_by_account ON account_tokens (account_id, purpose);

-- Server-side sessions; the cookie holds a random id, the table its SHA-256 hash.
CREATE TABLE sessions (
    session_hash TEXT PRIMARY KEY NOT NULL,
    account_id TEXT NOT NULL REFERENCES accounts (account_id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_by_account ON sessions (account_id);

-- Failed sign-ins, for rate limiting per account and per client.
CREATE TABLE sign_in_failures (
    account_key TEXT NOT NULL,
    client_key TEXT NOT NULL,
    failed_at BIGINT NOT NULL
);
CREATE INDEX sign_in_failures_by_account ON sign_in_failures (account_key, failed_at);
CREATE INDEX sign_in_failures_by_client ON sign_in_failures (client_key, failed_at);
