-- The order desk's saved views: a name and the work queue's filter (its query string, as the
-- list's address holds it). A member's own view (owner_id: the member's or key's id), or one
-- shared with every member (shared = 1).
CREATE TABLE order_views (
    view_id BIGINT PRIMARY KEY NOT NULL,
    owner_id TEXT NOT NULL,
    shared BIGINT NOT NULL,
    name TEXT NOT NULL,
    query TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX order_views_by_owner ON order_views (owner_id);
INSERT INTO counters (name, value) VALUES ('order_view', 0);
