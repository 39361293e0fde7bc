-- Issue 21, point 7: the customer survey, one answer per order (the primary key refuses a
-- second one, also when two arrive at once). rating 1 to 5; comment may be empty; created_at in
-- milliseconds since the Unix epoch.
CREATE TABLE survey_answers (
    order_id BIGINT PRIMARY KEY NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
    site_id BIGINT NOT NULL,
    language_id BIGINT NOT NULL,
    rating BIGINT NOT NULL,
    comment TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
