-- Every mail the shop sent, or tried to send, about an order: which one, to whom, when, and
-- whether it left. The order desk lists them and sends one again (a new row).
CREATE TABLE order_mails (
    mail_id BIGINT PRIMARY KEY NOT NULL,
    order_id BIGINT NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    -- What the mail was about when the order alone does not say it: a refund's credit note
    -- number, a review request's product.
    reference TEXT,
    recipient TEXT NOT NULL,
    -- 1 when the mail left (SMTP accepted it, or it is in the outbox), 0 when it could not.
    sent BIGINT NOT NULL,
    sent_at BIGINT NOT NULL
);
CREATE INDEX order_mails_by_order ON order_mails (order_id, mail_id);
INSERT INTO counters (name, value) VALUES ('order_mail', 0);
