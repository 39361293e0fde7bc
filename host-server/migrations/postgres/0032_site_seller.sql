-- Issue 22: the company that sells on a site (fixtures/sites.json `seller`: legal name, address,
-- VAT and chamber-of-commerce numbers), named on the site's invoices. JSON, like the other
-- structured site fields; empty until the fixtures are imported again.
ALTER TABLE sites ADD COLUMN seller_json TEXT;
