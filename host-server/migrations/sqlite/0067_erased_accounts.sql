-- When a customer's personal data was erased on their request; NULL for a live account. The
-- erased account stays as a row without personal data, so the orders and invoices the law makes
-- the shop keep still name the account they belonged to.
ALTER TABLE accounts ADD COLUMN erased_at BIGINT;
