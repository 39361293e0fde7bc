-- Back-in-stock and review-request mails that could not be sent are tried again by the next
-- housekeeping rounds, at most a few times: the claim is released and the failed attempt
-- counted here.
ALTER TABLE stock_reminders ADD COLUMN mail_attempts BIGINT NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN review_request_attempts BIGINT NOT NULL DEFAULT 0;
