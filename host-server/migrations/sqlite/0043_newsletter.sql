-- Issue 21, point 5: newsletter sign-ups, per site and language, with double opt-in. status is
-- 'pending' (the opt-in mail went out; token_hash is its link's token, hashed), 'confirmed' or
-- 'unsubscribed'. Times in milliseconds since the Unix epoch.
CREATE TABLE newsletter_subscriptions (
    email_address TEXT NOT NULL,
    site_id BIGINT NOT NULL,
    language_id BIGINT NOT NULL,
    status TEXT NOT NULL,
    token_hash TEXT,
    created_at BIGINT NOT NULL,
    confirmed_at BIGINT,
    unsubscribed_at BIGINT,
    PRIMARY KEY (email_address, site_id)
);
CREATE INDEX newsletter_subscriptions_by_token ON newsletter_subscriptions (token_hash);

-- The key that signs the links of mails (unsubscribe, survey): random, made once per database,
-- so that every server of the database accepts the links of the others.
INSERT INTO app_meta (key, value) VALUES ('link_signing_key', lower(hex(randomblob(32))));
