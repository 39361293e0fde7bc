-- The order desk's work queue: newest first, on all orders or on one status, a page at a time
-- from where the last page ended (placement moment, then id).
CREATE INDEX orders_by_placement ON orders (created_at, order_id);
CREATE INDEX orders_by_status_and_placement ON orders (status, created_at, order_id);
