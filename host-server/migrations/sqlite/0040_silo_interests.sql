-- Silo-interest forms of the feed calculator (issue 20): a yard that may want silo delivery;
-- each one is mailed to the site's customer service. created_at in seconds since the
-- Unix epoch.
CREATE TABLE silo_interests (
    interest_id TEXT PRIMARY KEY NOT NULL,
    site_id BIGINT NOT NULL,
    language_id BIGINT NOT NULL,
    yard TEXT NOT NULL,
    horses BIGINT NOT NULL,
    feed_kg_per_month BIGINT NOT NULL,
    contact_name TEXT NOT NULL,
    email_address TEXT NOT NULL,
    phone_number TEXT NOT NULL,
    message TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
