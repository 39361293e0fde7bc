-- Money given back to a customer by the order desk. A refund is written `pending` before the
-- payment provider is asked (so that two refunds at once cannot give back more than was paid),
-- and becomes `refunded` with its credit note number once the provider took it, or `failed`
-- when the provider refused before anything went back. Amounts are the engine's
-- (`engine::refund`), VAT included, in euro.
CREATE TABLE refunds (
    refund_id BIGINT PRIMARY KEY NOT NULL,
    order_id BIGINT NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
    status TEXT NOT NULL,
    -- The credit note's number (`C2026-01001`), its own series; given when refunded.
    credit_note_number TEXT UNIQUE,
    credit_note_date TEXT,
    total_amount TEXT NOT NULL,
    shipping_amount TEXT NOT NULL,
    vat_amount_low TEXT NOT NULL,
    vat_amount_high TEXT NOT NULL,
    total_amount_excl_vat TEXT NOT NULL,
    gift_card_amount TEXT NOT NULL,
    reason TEXT NOT NULL,
    staff_name TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX refunds_by_order ON refunds (order_id, refund_id);

-- The units of each line a refund gave back.
CREATE TABLE refund_lines (
    refund_id BIGINT NOT NULL REFERENCES refunds (refund_id) ON DELETE CASCADE,
    line_number BIGINT NOT NULL,
    quantity BIGINT NOT NULL,
    amount TEXT NOT NULL,
    PRIMARY KEY (refund_id, line_number)
);

-- What a refund gave back through each payment: the provider's refund id and what it said
-- (`pending` until asked, `refunded`, `failed`, or `manual` for a bank transfer the shop
-- sends back by hand).
CREATE TABLE refund_payments (
    refund_id BIGINT NOT NULL REFERENCES refunds (refund_id) ON DELETE CASCADE,
    payment_id TEXT NOT NULL,
    amount TEXT NOT NULL,
    provider_refund_id TEXT,
    status TEXT NOT NULL,
    PRIMARY KEY (refund_id, payment_id)
);

INSERT INTO counters (name, value) VALUES ('refund', 0);
INSERT INTO counters (name, value) VALUES ('credit_note', 1000);

-- The built-in test provider's refunds (it stands in for a provider's servers).
CREATE TABLE test_provider_refunds (
    refund_id TEXT PRIMARY KEY NOT NULL,
    payment_id TEXT NOT NULL,
    amount TEXT NOT NULL,
    description TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX test_provider_refunds_by_payment ON test_provider_refunds (payment_id);
