//! Refunds from the order desk: the engine's amounts, money back through the test provider and
//! onto the gift card, a credit note per refund in its own series, the audit trail and the
//! customer's mail; and every refusal. The order: 2 × Sport Muesli (variant 1011, 29.655 each
//! after 10 % off, 59.31 together, free shipping), 25.00 paid with gift card
//! 6064360000000018 and 34.31 by iDEAL.

use serde::Deserialize;
use serde_json::{Value, json};

use crate::orders::{GIFT_CARD, balance, pay, ready_cart};
use crate::support::order::PlacedOrder;
use crate::support::{ApiErrorBody, TestApp, fixture_tests};

fixture_tests!(
    an_order_refunded_in_two_parts_gives_back_exactly_what_was_paid,
    a_refund_is_refused_with_the_engines_reason,
    a_paid_order_cancelled_by_the_shop_gives_its_payment_back,
    a_payment_after_the_cancellation_goes_back_by_itself,
    a_refund_the_provider_refuses_gives_nothing_back_not_even_the_gift_cards_part,
);

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct OrderForStaff {
    refunds: Vec<Refund>,
    left_to_refund: String,
    refundable_lines: Vec<LineAsked>,
    shipping_refundable: bool,
    trail: Vec<TrailEntry>,
    shown: Shown,
    order: OrderStatus,
}

#[derive(Debug, Deserialize)]
struct OrderStatus {
    status: String,
}

#[derive(Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
struct LineAsked {
    line_number: u32,
    quantity: u32,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Refund {
    status: String,
    credit_note_number: Option<String>,
    total_amount: String,
    gift_card_amount: String,
    lines: Vec<RefundedLine>,
    payments: Vec<RefundPart>,
    reason: String,
    staff_name: String,
}

#[derive(Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
struct RefundedLine {
    line_number: i64,
    quantity: i64,
    amount: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RefundPart {
    amount: String,
    provider_refund_id: Option<String>,
    status: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct TrailEntry {
    action: String,
    actor: TrailActor,
    changes: Vec<TrailChange>,
}

#[derive(Debug, Deserialize)]
struct TrailActor {
    kind: String,
    name: String,
}

#[derive(Debug, Deserialize)]
struct TrailChange {
    field: String,
    after: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Shown {
    refunds: Vec<String>,
    left_to_refund: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Preview {
    plan: Plan,
    total: String,
    gift_card: Option<String>,
    payments: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Plan {
    total_amount: String,
    vat_amount_low: String,
    vat_amount_high: String,
    total_amount_excl_vat: String,
    gift_card_amount: String,
    payments: Vec<PlannedPart>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct PlannedPart {
    payment_id: String,
    amount: String,
}

/// Places the order described above and pays its iDEAL part on the test provider's page.
async fn paid_order(app: &TestApp) -> String {
    let payment = json!({"paymentMethodId": 1, "issuer": "ideal_RABONL2U", "giftCardNumber": GIFT_CARD, "giftCardPin": "1234"});
    let cart = ready_cart(app, 1011, 2, payment).await;
    let (status, placed): (u16, PlacedOrder) = app.place_order(&cart).await;
    assert_eq!(status, 201);
    assert_eq!(
        (
            placed.order.total_amount.as_str(),
            placed.order.gift_card_amount.as_str(),
            placed.order.amount_to_pay.as_str()
        ),
        ("59.31", "25.00", "34.31")
    );
    pay(app, &placed.redirect_url, "paid").await;
    placed.order.order_number
}

/// `POST /api/backoffice/orders/{number}/{path}` with `key` and a JSON body.
async fn post<T: serde::de::DeserializeOwned>(
    app: &TestApp,
    key: &str,
    number: &str,
    path: &str,
    body: Value,
) -> (u16, T) {
    let path = format!("/api/backoffice/orders/{number}/{path}");
    app.post_with_key(key, &path, body).await
}

fn units(line_number: u32, quantity: u32) -> Value {
    json!({"asked": {"kind": "lines", "lines": [{"lineNumber": line_number, "quantity": quantity}], "shipping": false}, "reason": "Bag arrived torn"})
}

/// What the test provider's book says was refunded of payments, oldest first.
async fn provider_refunds(app: &TestApp) -> Vec<String> {
    let pool = sqlx::AnyPool::connect(&app.database_url()).await.unwrap();
    sqlx::query_as::<_, (String,)>(
        "SELECT amount FROM test_provider_refunds ORDER BY created_at, refund_id",
    )
    .fetch_all(&pool)
    .await
    .unwrap()
    .into_iter()
    .map(|(amount,)| amount)
    .collect()
}

fn year() -> String {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    host_server::platform::time::date_utc(i64::try_from(now).unwrap())[..4].to_owned()
}

async fn an_order_refunded_in_two_parts_gives_back_exactly_what_was_paid(app: TestApp) {
    let number = paid_order(&app).await;
    assert_eq!(balance(&app).await, "0.00");
    let key = app.integration_key(&["orders.read", "orders.refund"]).await;

    // One unit: 59.31 × 1 / 2 = 29.655, rounded once to 29.66; the card paid 25.00 of 59.31,
    // so 29.66 × 25.00 / 59.31 = 12.50 goes back onto it and 17.16 through iDEAL.
    let (status, preview): (u16, Preview) =
        post(&app, &key, &number, "refunds/preview", units(1, 1)).await;
    assert_eq!(status, 200);
    let plan = &preview.plan;
    assert_eq!(
        (
            plan.total_amount.as_str(),
            plan.vat_amount_low.as_str(),
            plan.vat_amount_high.as_str(),
            plan.total_amount_excl_vat.as_str(),
            plan.gift_card_amount.as_str(),
        ),
        ("29.66", "2.45", "0.00", "27.21", "12.50")
    );
    assert_eq!(plan.payments.len(), 1);
    assert!(plan.payments[0].payment_id.starts_with("tp_"));
    assert_eq!(plan.payments[0].amount, "17.16");
    assert_eq!(
        (
            preview.total.as_str(),
            preview.gift_card.as_deref(),
            preview.payments[0].as_str()
        ),
        ("€ 29,66", Some("€ 12,50"), "€ 17,16"),
        "in the back office's default language, Dutch"
    );
    assert!(
        provider_refunds(&app).await.is_empty(),
        "a preview changes nothing"
    );

    let (status, page): (u16, OrderForStaff) =
        post(&app, &key, &number, "refunds", units(1, 1)).await;
    assert_eq!(status, 200);
    let first_note = format!("C{}-01001", year());
    let refund = &page.refunds[0];
    assert_eq!(
        (
            refund.status.as_str(),
            refund.credit_note_number.as_deref(),
            refund.total_amount.as_str(),
            refund.gift_card_amount.as_str(),
            refund.reason.as_str(),
            refund.staff_name.as_str(),
        ),
        (
            "refunded",
            Some(first_note.as_str()),
            "29.66",
            "12.50",
            "Bag arrived torn",
            "tests"
        )
    );
    assert_eq!(
        refund.lines,
        [RefundedLine {
            line_number: 1,
            quantity: 1,
            amount: "29.66".to_owned()
        }]
    );
    assert_eq!(
        (
            refund.payments[0].amount.as_str(),
            refund.payments[0].status.as_str()
        ),
        ("17.16", "refunded")
    );
    assert!(
        refund.payments[0]
            .provider_refund_id
            .as_deref()
            .unwrap()
            .starts_with("re_")
    );
    assert_eq!(page.left_to_refund, "29.65");
    assert_eq!(
        page.refundable_lines,
        [LineAsked {
            line_number: 1,
            quantity: 1
        }]
    );
    assert!(!page.shipping_refundable, "shipping was free");
    assert_eq!(
        (
            page.shown.refunds[0].as_str(),
            page.shown.left_to_refund.as_str()
        ),
        ("€ 29,66", "€ 29,65")
    );
    assert_eq!(balance(&app).await, "12.50");
    assert_eq!(provider_refunds(&app).await, ["17.16"]);
    let entry = page
        .trail
        .iter()
        .find(|entry| entry.action == "order.refund")
        .unwrap();
    let after = |field: &str| {
        entry
            .changes
            .iter()
            .find(|change| change.field == field)
            .and_then(|change| change.after.clone())
    };
    assert_eq!(after("creditNote"), Some(first_note.clone()));
    assert_eq!(after("amount").as_deref(), Some("29.66"));
    assert_eq!(after("giftCardAmount").as_deref(), Some("12.50"));
    let mails = app.outbox_with(2).await;
    let mail = mails
        .iter()
        .find(|mail| mail.body.contains(&first_note))
        .expect("the refund mail");
    assert_eq!(mail.to, "anna@example.com");
    assert!(mail.subject.contains(&number), "{}", mail.subject);
    assert_credit_note(&app, &key, &first_note, &number).await;
    assert!(
        mail.body.contains("€ 29,66") && mail.body.contains("€ 12,50"),
        "{}",
        mail.body
    );

    // The second unit is the rest, to the cent: 29.65, of which 12.50 onto the card.
    let (status, page): (u16, OrderForStaff) =
        post(&app, &key, &number, "refunds", units(1, 1)).await;
    assert_eq!(status, 200);
    let second = &page.refunds[1];
    assert_eq!(
        (
            second.credit_note_number.clone(),
            second.total_amount.as_str(),
            second.gift_card_amount.as_str()
        ),
        (Some(format!("C{}-01002", year())), "29.65", "12.50")
    );
    assert_eq!(page.left_to_refund, "0.00");
    assert!(page.refundable_lines.is_empty());
    assert_eq!(balance(&app).await, "25.00");
    assert_eq!(provider_refunds(&app).await, ["17.16", "17.15"]);

    let (status, body): (u16, ApiErrorBody) = post(
        &app,
        &key,
        &number,
        "refunds",
        json!({"asked": {"kind": "amount", "amount": "0.01"}, "reason": "Goodwill"}),
    )
    .await;
    assert_eq!(
        (status, body.first_key("asked")),
        (400, Some("validation.refundBeyondPaid"))
    );
}

/// The credit note's PDF, read back: its number, the order, the unit given back and the total,
/// negative, in the order's language (Dutch); another site's member gets a 403.
async fn assert_credit_note(app: &TestApp, key: &str, credit_note: &str, order_number: &str) {
    let response = app
        .client
        .get(app.url(&format!("/api/backoffice/credit-notes/{credit_note}/pdf")))
        .header("x-api-key", key)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    let bytes = response.bytes().await.unwrap();
    let text = pdf_extract::extract_text_from_mem(&bytes).unwrap();
    for expected in [
        format!("Creditnota {credit_note}"),
        order_number.to_owned(),
        "-€ 29,66".to_owned(),
        "Reden: Bag arrived torn".to_owned(),
        "Terugbetaald".to_owned(),
    ] {
        assert!(text.contains(&expected), "{expected} in {text}");
    }
    let elsewhere = app.integration_key_on_sites(&["orders.read"], &[4]).await;
    let response = app
        .client
        .get(app.url(&format!("/api/backoffice/credit-notes/{credit_note}/pdf")))
        .header("x-api-key", &elsewhere)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 403);
    let response = app
        .client
        .get(app.url("/api/backoffice/credit-notes/C1999-00001/pdf"))
        .header("x-api-key", key)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 404);
}

async fn a_refund_is_refused_with_the_engines_reason(app: TestApp) {
    let number = paid_order(&app).await;
    let reader = app.integration_key(&["orders.read", "orders.fulfil"]).await;
    let (status, _): (u16, ApiErrorBody) =
        post(&app, &reader, &number, "refunds", units(1, 1)).await;
    assert_eq!(status, 403, "giving money back needs orders.refund");

    let key = app.integration_key(&["orders.read", "orders.refund"]).await;
    for (body, field, key_of_problem) in [
        (units(1, 3), "asked", "validation.refundBeyondQuantity"),
        (units(7, 1), "asked", "validation.refundUnknownLine"),
        (
            json!({"asked": {"kind": "lines", "lines": [], "shipping": true}, "reason": "x"}),
            "asked",
            "validation.refundShipping",
        ),
        (
            json!({"asked": {"kind": "amount", "amount": "59.32"}, "reason": "x"}),
            "asked",
            "validation.refundBeyondPaid",
        ),
        (
            json!({"asked": {"kind": "amount", "amount": "5.00"}, "reason": "  "}),
            "reason",
            "validation.length",
        ),
    ] {
        let (status, answer): (u16, ApiErrorBody) =
            post(&app, &key, &number, "refunds", body).await;
        assert_eq!(
            (status, answer.first_key(field)),
            (400, Some(key_of_problem))
        );
    }
    let (status, _): (u16, ApiErrorBody) = post(
        &app,
        &key,
        &number,
        "refunds",
        json!({"asked": {"kind": "everything"}, "reason": "x"}),
    )
    .await;
    assert_eq!(status, 400, "an unknown kind");
    let (status, _): (u16, ApiErrorBody) =
        post(&app, &key, "HS-0000-000000", "refunds", units(1, 1)).await;
    assert_eq!(status, 404);

    // An order that was never paid gives nothing back.
    let unpaid = ready_cart(&app, 1011, 1, json!({"paymentMethodId": 6})).await;
    let (_, placed): (u16, PlacedOrder) = app.place_order(&unpaid).await;
    let (status, answer): (u16, ApiErrorBody) = post(
        &app,
        &key,
        &placed.order.order_number,
        "refunds",
        json!({"asked": {"kind": "amount", "amount": "1.00"}, "reason": "x"}),
    )
    .await;
    assert_eq!(
        (status, answer.first_key("asked")),
        (400, Some("validation.refundNotPaid"))
    );
    assert!(provider_refunds(&app).await.is_empty());
    assert_eq!(balance(&app).await, "0.00");
}

/// The order desk's page of an order.
async fn order_page(app: &TestApp, key: &str, number: &str) -> OrderForStaff {
    let (status, page) = app
        .get_with_key(key, &format!("/api/backoffice/orders/{number}"))
        .await;
    assert_eq!(status, 200);
    page
}

async fn cancel(app: &TestApp, key: &str, number: &str) {
    let response = app
        .client
        .put(app.url(&format!(
            "/api/backoffice/orders/{number}/status?status=cancelled"
        )))
        .header("x-api-key", key)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "{}", response.text().await.unwrap());
}

async fn a_paid_order_cancelled_by_the_shop_gives_its_payment_back(app: TestApp) {
    let number = paid_order(&app).await;
    let key = app
        .integration_key(&["orders.read", "orders.fulfil", "orders.refund"])
        .await;
    cancel(&app, &key, &number).await;
    // The gift card's 25.00 went back with the cancellation; the 34.31 iDEAL took goes back
    // through the provider, with a credit note whose reason is in the order's language.
    assert_eq!(balance(&app).await, "25.00");
    assert_eq!(provider_refunds(&app).await, ["34.31"]);
    let page = order_page(&app, &key, &number).await;
    assert_eq!(page.order.status, "cancelled");
    let refund = &page.refunds[0];
    assert_eq!(
        (
            refund.total_amount.as_str(),
            refund.gift_card_amount.as_str(),
            refund.reason.as_str(),
            refund.credit_note_number.clone()
        ),
        (
            "34.31",
            "0.00",
            "Bestelling geannuleerd",
            Some(format!("C{}-01001", year()))
        )
    );
    assert_eq!(page.left_to_refund, "0.00");
    assert!(page.refundable_lines.is_empty());
    let mails = app.outbox_with(3).await;
    assert!(mails.iter().any(|mail| mail.body.contains("€ 34,31")));
}

async fn a_payment_after_the_cancellation_goes_back_by_itself(app: TestApp) {
    let cart = ready_cart(
        &app,
        1011,
        1,
        json!({"paymentMethodId": 1, "issuer": "ideal_RABONL2U"}),
    )
    .await;
    let (status, placed): (u16, PlacedOrder) = app.place_order(&cart).await;
    assert_eq!(status, 201);
    let number = placed.order.order_number.clone();
    let key = app
        .integration_key(&["orders.read", "orders.fulfil", "orders.refund"])
        .await;
    cancel(&app, &key, &number).await;
    assert!(
        provider_refunds(&app).await.is_empty(),
        "nothing was paid yet"
    );

    // The customer still pays on the provider's page that was open.
    pay(&app, &placed.redirect_url, "paid").await;
    assert_eq!(
        provider_refunds(&app).await,
        std::slice::from_ref(&placed.order.total_amount)
    );
    let page = order_page(&app, &key, &number).await;
    assert_eq!(page.order.status, "cancelled");
    assert_eq!(page.refunds.len(), 1);
    assert_eq!(page.left_to_refund, "0.00");
    let entry = page
        .trail
        .iter()
        .find(|entry| entry.action == "order.refund")
        .unwrap();
    assert_eq!(
        (entry.actor.kind.as_str(), entry.actor.name.as_str()),
        ("system", "payment after cancellation")
    );
}

async fn a_refund_the_provider_refuses_gives_nothing_back_not_even_the_gift_cards_part(
    app: TestApp,
) {
    let number = paid_order(&app).await;
    // The provider's book says the iDEAL payment went back already (refunded elsewhere, in
    // its dashboard): it refuses another refund of it, as Mollie does.
    let pool = sqlx::AnyPool::connect(&app.database_url()).await.unwrap();
    sqlx::query(
        "INSERT INTO test_provider_refunds (refund_id, payment_id, amount, description, created_at) \
         SELECT 're_elsewhere', payment_id, amount, 'dashboard', 0 FROM test_provider_payments",
    )
    .execute(&pool)
    .await
    .unwrap();
    let key = app.integration_key(&["orders.read", "orders.refund"]).await;
    let (status, body): (u16, ApiErrorBody) =
        post(&app, &key, &number, "refunds", units(1, 1)).await;
    assert_eq!(
        (status, body.code.as_str()),
        (409, "errors.paymentProviderRefused")
    );
    assert_eq!(
        balance(&app).await,
        "0.00",
        "the card's part did not go back"
    );
    let page = order_page(&app, &key, &number).await;
    assert_eq!(page.refunds.len(), 1);
    assert_eq!(page.refunds[0].status, "failed");
    assert_eq!(page.refunds[0].credit_note_number, None);
    assert_eq!(
        page.left_to_refund, "59.31",
        "a failed refund counts for nothing"
    );
}
