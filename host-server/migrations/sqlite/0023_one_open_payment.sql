-- At most one payment per order is being created or open at the provider: a second request
-- placing the same order at the same moment finds the first one's payment instead of making
-- another. ('creating' marks the row while the provider is being asked.)
CREATE UNIQUE INDEX payments_one_open_per_order ON payments (order_id) WHERE status IN ('creating', 'open');
