-- The order desk's work queue: newest first, on all orders or on one status, a page at a time
-- from where the last page ended (placement moment, then id).
CREATE INDEX orders_by_placement ON orders (created_at, order_id);
CREATE INDEX orders_by_status_and_placement ON orders (status, created_at, order_id);

-- Notes the staff keep on an order (a phone call, an agreement): who wrote what when. Never
-- changed; a correction is a new note.
CREATE TABLE order_notes (
    note_id BIGINT PRIMARY KEY NOT NULL,
    order_id BIGINT NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
    author_id TEXT NOT NULL,
    author_name TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX order_notes_by_order ON order_notes (order_id, created_at);
INSERT INTO counters (name, value) VALUES ('order_note', 0);

-- The search box finds part of an e-mail address, a name, a street or a postcode (`LIKE
-- '%…%'`, lower case): trigram indexes answer it without reading every order. (SQLite reads
-- every order; a shop of that size runs on PostgreSQL.)
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX orders_email_trigrams ON orders USING gin (LOWER(email_address) gin_trgm_ops);
CREATE INDEX orders_billing_trigrams ON orders USING gin (LOWER(billing_json) gin_trgm_ops);
