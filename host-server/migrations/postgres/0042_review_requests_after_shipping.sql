-- Issue 21, point 8: the review-request mail goes out a configured number of days after an
-- order was sent, once per order: review_requested_at (milliseconds since the Unix epoch) is
-- set when the housekeeping round claims the order. Requests written for an account's order
-- get ids from the counters (fixture requests keep theirs, below 100000).
ALTER TABLE orders ADD COLUMN review_requested_at BIGINT;
INSERT INTO counters (name, value) VALUES ('review_request', 100000);
