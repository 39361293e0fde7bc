//! Placing orders and paying them over HTTP, with the demo fixtures, on SQLite and PostgreSQL.
//! Site 1 is Hoefslag NL (home delivery 4.95, free from 50.00; payment methods iDEAL 1,
//! card 3, PayPal 4, gift card 5, bank transfer 6). Variant 1011 is Sport Muesli at 32.95 with
//! 10 % off; 1701 costs 4.95; 1522 has one item in stock. Gift card 6064360000000018 (PIN
//! 1234) holds 25.00.

use serde_json::{Value, json};

use crate::support::answer::FieldError;
use crate::support::cart::CartAnswer;
use crate::support::order::PlacedOrder;
use crate::support::{ApiErrorBody, TestApp, fixture_tests, read, read_ok};

pub const GIFT_CARD: &str = "6064360000000018";

/// A client that does not follow redirects, to read each hop of the payment flow.
pub fn browser() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

pub async fn new_cart_on(app: &TestApp, site_id: i64, language_id: i64) -> String {
    app.create_cart_in(site_id, language_id).await
}

pub async fn expect_ok(response: reqwest::Response) -> Value {
    let status = response.status();
    let body: Value = response.json().await.unwrap();
    assert!(status.is_success(), "{status}: {body}");
    body
}

pub fn billing(email: &str, country_id: i64) -> Value {
    json!({
        "firstName": "Anna", "lastName": "Jansen", "emailAddress": email, "phoneNumber": "0612345678",
        "address": {"street": "Oudegracht", "streetNumber": "12", "zipcode": "3511 AP", "city": "Utrecht", "countryId": country_id}
    })
}

/// A cart on site 1 with `quantity` of `variant`, billing filled in and `payment` chosen.
pub async fn ready_cart(app: &TestApp, variant: i64, quantity: i64, payment: Value) -> String {
    let id = new_cart_on(app, 1, 1).await;
    expect_ok(
        app.post(&format!(
            "/api/cart/{id}/products?productVariantId={variant}&quantity={quantity}"
        ))
        .await,
    )
    .await;
    expect_ok(
        app.post_json(
            &format!("/api/cart/{id}/billing"),
            &billing("anna@example.com", 1),
        )
        .await,
    )
    .await;
    expect_ok(
        app.post_json(&format!("/api/cart/{id}/payment"), &payment)
            .await,
    )
    .await;
    id
}

pub fn ideal() -> Value {
    json!({"paymentMethodId": 1, "issuer": "ideal_INGBNL2A"})
}

pub async fn place(app: &TestApp, cart_id: &str) -> (u16, Value) {
    let response = app
        .client
        .post(app.url(&format!("/api/cart/{cart_id}/order")))
        .header("content-type", "application/json")
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

pub async fn stock_of(app: &TestApp, variant: i64) -> i64 {
    let pool = sqlx::AnyPool::connect(&app.database_url()).await.unwrap();
    let (stock,): (i64,) =
        sqlx::query_as("SELECT stock FROM variants WHERE product_variant_id = $1")
            .bind(variant)
            .fetch_one(&pool)
            .await
            .unwrap();
    stock
}

/// Chooses an outcome on the test provider's page; answers where the browser goes next.
pub async fn pay(app: &TestApp, checkout_url: &str, outcome: &str) -> String {
    let page = browser()
        .get(checkout_url)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(page.contains("id=\"outcome-paid\""), "{page}");
    let response = browser()
        .post(checkout_url)
        .form(&[("outcome", outcome)])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 303);
    let back = response.headers()["location"].to_str().unwrap().to_owned();
    assert!(
        back.starts_with(&app.url("/api/payments/return/")),
        "{back}"
    );
    let response = browser().get(&back).send().await.unwrap();
    assert_eq!(response.status(), 303);
    response.headers()["location"].to_str().unwrap().to_owned()
}

/// The balance of the demo gift card.
pub async fn balance(app: &TestApp) -> String {
    let pool = sqlx::AnyPool::connect(&app.database_url()).await.unwrap();
    let (balance,): (String,) =
        sqlx::query_as("SELECT balance FROM gift_cards WHERE card_number = $1")
            .bind(GIFT_CARD)
            .fetch_one(&pool)
            .await
            .unwrap();
    balance
}

fn setup() {
    sqlx::any::install_default_drivers();
}

fixture_tests!(
    an_ideal_order_paid_at_the_test_provider_is_confirmed_and_its_cart_removed,
    a_failed_payment_cancels_the_order_returns_the_stock_and_keeps_the_cart,
    a_total_of_zero_completes_at_once_and_takes_the_gift_card_balance,
    a_cart_whose_gift_card_was_spent_elsewhere_drops_it_and_says_so_once,
    a_cart_sees_the_stock_an_order_just_took,
    a_bank_transfer_leaves_the_order_open_and_shows_the_success_page,
    the_same_idempotency_key_or_cart_gives_the_same_order,
    closed_checkout_steps_refuse_the_order_with_their_reasons,
    a_mailings_id_goes_into_the_cart_and_its_order,
    a_scan_order_needs_a_name_for_every_sample,
    stock_and_discount_codes_are_checked_when_placing,
    the_webhook_needs_a_known_payment,
    a_password_chosen_in_checkout_creates_an_account_to_activate
);

async fn an_ideal_order_paid_at_the_test_provider_is_confirmed_and_its_cart_removed(app: TestApp) {
    setup();
    let cart = ready_cart(&app, 1011, 2, ideal()).await;
    let (status, placed): (_, PlacedOrder) = app.place_order(&cart).await;
    assert_eq!(status, 201, "{placed:?}");
    let order_view = &placed.order;
    assert_eq!(order_view.status, "open");
    assert!(
        order_view.order_number.starts_with("HS-20"),
        "{order_view:?}"
    );
    assert_eq!(
        [
            &order_view.total_amount,
            &order_view.amount_to_pay,
            &order_view.shipping_costs,
            &order_view.vat_amount_low
        ],
        ["59.31", "59.31", "0.00", "4.90"]
    );
    let lines = &order_view.lines;
    assert_eq!(lines.len(), 2, "the muesli and its free scoop");
    assert_eq!(
        (
            lines[0].discount_amount.as_str(),
            lines[0].total_amount.as_str()
        ),
        ("6.59", "59.31")
    );
    assert_eq!(
        (
            lines[1].product_variant_id,
            lines[1].is_free,
            lines[1].total_amount.as_str()
        ),
        (1722, true, "0.00")
    );
    let checkout_url = placed.redirect_url.as_str();
    assert!(
        checkout_url.starts_with(&app.url("/payments/test/tp_")),
        "{checkout_url}"
    );
    let page = browser()
        .get(checkout_url)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        page.contains("ideal_INGBNL2A") && page.contains("Rabobank") && page.contains("59.31"),
        "{page}"
    );

    let landing = pay(&app, checkout_url, "paid").await;
    let order_id = order_view.order_id.as_str();
    assert_eq!(
        landing,
        format!("/bedankt-voor-uw-bestelling/?orderId={order_id}")
    );
    let paid = app.order(order_id).await;
    assert_eq!(
        (paid.status.as_str(), paid.payment.status.as_deref()),
        ("paid", Some("paid"))
    );
    assert_eq!(
        app.get(&format!("/api/cart/{cart}")).await.status(),
        404,
        "the cart became the order"
    );

    let mails = app.outbox();
    let confirmation = mails
        .iter()
        .find(|mail| mail.subject.contains("Bevestiging van je bestelling"))
        .expect("confirmation mail");
    assert_eq!(confirmation.to, "anna@example.com");
    assert!(
        confirmation.body.contains("2 x Hoefslag Sport Muesli")
            && confirmation.body.contains("Te betalen: € 59,31"),
        "{}",
        confirmation.body
    );

    // The webhook again, and placing the cart again: nothing changes.
    let payment_id = checkout_url.rsplit('/').next().unwrap();
    let webhook = app
        .client
        .post(app.url("/api/payments/webhook"))
        .form(&[("id", payment_id)])
        .send()
        .await
        .unwrap();
    assert_eq!(webhook.status(), 200);
    let (status, again): (_, PlacedOrder) = app.place_order(&cart).await;
    assert_eq!(
        (
            status,
            again.order.order_id.as_str(),
            again.order.status.as_str()
        ),
        (200, order_id, "paid")
    );
    assert_eq!(app.outbox().len(), mails.len(), "one confirmation only");
}

async fn a_failed_payment_cancels_the_order_returns_the_stock_and_keeps_the_cart(app: TestApp) {
    setup();
    let before = stock_of(&app, 1522).await;
    assert_eq!(before, 1);
    let cart = ready_cart(&app, 1522, 1, json!({"paymentMethodId": 3})).await;
    let (status, placed): (_, PlacedOrder) = app.place_order(&cart).await;
    assert_eq!(status, 201, "{placed:?}");
    assert_eq!(stock_of(&app, 1522).await, 0, "reserved");
    let landing = pay(&app, &placed.redirect_url, "failed").await;
    let order_id = placed.order.order_id.as_str();
    assert_eq!(landing, format!("/helaas-mislukt/?orderId={order_id}"));
    assert_eq!(app.order(order_id).await.status, "cancelled");
    assert_eq!(stock_of(&app, 1522).await, 1, "given back");

    // Trying again places a new order from the kept cart.
    let (status, retry): (_, PlacedOrder) = app.place_order(&cart).await;
    assert_eq!(status, 201, "{retry:?}");
    assert_ne!(retry.order.order_id, placed.order.order_id);
    let landing = pay(&app, &retry.redirect_url, "cancelled").await;
    assert!(landing.contains("/helaas-mislukt/"), "{landing}");
}

async fn a_total_of_zero_completes_at_once_and_takes_the_gift_card_balance(app: TestApp) {
    setup();
    let payment = json!({"paymentMethodId": 5, "giftCardNumber": GIFT_CARD, "giftCardPin": "1234"});
    let cart = ready_cart(&app, 1701, 1, payment).await;
    let (status, placed): (_, PlacedOrder) = app.place_order(&cart).await;
    assert_eq!(status, 201, "{placed:?}");
    let order_view = &placed.order;
    assert_eq!(
        [
            &order_view.status,
            &order_view.total_amount,
            &order_view.gift_card_amount,
            &order_view.amount_to_pay
        ],
        ["paid", "9.90", "9.90", "0.00"]
    );
    let order_id = &order_view.order_id;
    assert_eq!(
        placed.redirect_url,
        app.url(&format!("/bedankt-voor-uw-bestelling/?orderId={order_id}"))
    );
    assert_eq!(balance(&app).await, "15.10");
    assert!(
        app.outbox()
            .iter()
            .any(|mail| mail.body.contains("Betaald met cadeaukaart: € 9,90"))
    );
}

async fn a_cart_whose_gift_card_was_spent_elsewhere_drops_it_and_says_so_once(app: TestApp) {
    setup();
    let payment = json!({"paymentMethodId": 5, "giftCardNumber": GIFT_CARD, "giftCardPin": "1234"});
    let cart = ready_cart(&app, 1701, 1, payment).await;
    let pool = sqlx::AnyPool::connect(&app.database_url()).await.unwrap();
    sqlx::query("UPDATE gift_cards SET balance = '0.00' WHERE card_number = $1")
        .bind(GIFT_CARD)
        .execute(&pool)
        .await
        .unwrap();

    let (status, refused): (_, ApiErrorBody) = app.place_order(&cart).await;
    assert_eq!(
        (status, refused.code.as_str()),
        (400, "errors.giftCardRejected"),
        "{refused:?}"
    );
    let shown: CartAnswer = read_ok(app.get(&format!("/api/cart/{cart}")).await).await;
    assert_eq!(
        shown.notices,
        [
            json!({"code": "errors.giftCardRejected", "message": "Card details are incorrect or the balance is 0"})
        ]
    );
    assert_eq!(shown.cart.payment["giftCardNumber"], Value::Null);
    assert_eq!(shown.input["giftCard"], Value::Null);
    assert_eq!(shown.calculation.total_amount, "9.90");
    let again: CartAnswer = read_ok(app.get(&format!("/api/cart/{cart}")).await).await;
    assert!(again.notices.is_empty(), "said once");
}

async fn a_cart_sees_the_stock_an_order_just_took(app: TestApp) {
    setup();
    // Both carts are priced first, so the variant's catalog entry (stock 1) is in memory.
    let buyer = ready_cart(&app, 1522, 1, json!({"paymentMethodId": 6})).await;
    let other = new_cart_on(&app, 1, 1).await;
    let before: CartAnswer = read_ok(
        app.post(&format!("/api/cart/{other}/products?productVariantId=1522"))
            .await,
    )
    .await;
    assert!(before.calculation.stock_warnings.is_empty(), "{before:?}");

    let (status, placed): (_, PlacedOrder) = app.place_order(&buyer).await;
    assert_eq!(status, 201, "{placed:?}");
    let after: CartAnswer = read_ok(app.get(&format!("/api/cart/{other}")).await).await;
    assert_eq!(
        after.calculation.stock_warnings,
        [json!({"messageKey": "cart.stockWarning", "productVariantId": 1522, "amount": 0})]
    );
}

async fn a_bank_transfer_leaves_the_order_open_and_shows_the_success_page(app: TestApp) {
    setup();
    let cart = ready_cart(&app, 1011, 1, json!({"paymentMethodId": 6})).await;
    let (status, placed): (_, PlacedOrder) = app.place_order(&cart).await;
    assert_eq!(status, 201, "{placed:?}");
    assert_eq!(placed.order.status, "open");
    let order_id = &placed.order.order_id;
    assert_eq!(
        placed.redirect_url,
        app.url(&format!("/bedankt-voor-uw-bestelling/?orderId={order_id}"))
    );
}

async fn the_same_idempotency_key_or_cart_gives_the_same_order(app: TestApp) {
    setup();
    let cart = ready_cart(&app, 1011, 1, ideal()).await;
    let send = || {
        app.client
            .post(app.url(&format!("/api/cart/{cart}/order")))
            .header("Idempotency-Key", "order-attempt-1")
            .header("content-type", "application/json")
            .send()
    };
    let first: PlacedOrder = read(send().await.unwrap()).await;
    let second = send().await.unwrap();
    assert_eq!(second.status(), 200);
    let second: PlacedOrder = read(second).await;
    assert_eq!(first.order.order_id, second.order.order_id);
    assert_eq!(
        first.redirect_url, second.redirect_url,
        "the same open payment"
    );

    // A changed cart replaces its unpaid order.
    expect_ok(
        app.post(&format!("/api/cart/{cart}/products?productVariantId=1701"))
            .await,
    )
    .await;
    let (status, replaced): (_, PlacedOrder) = app.place_order(&cart).await;
    assert_eq!(status, 201, "{replaced:?}");
    assert_ne!(replaced.order.order_id, first.order.order_id);
    assert_eq!(app.order(&first.order.order_id).await.status, "cancelled");

    let bad_key = app
        .client
        .post(app.url(&format!("/api/cart/{cart}/order")))
        .header("Idempotency-Key", "")
        .header("content-type", "application/json")
        .send()
        .await
        .unwrap();
    assert_eq!(bad_key.status(), 400);
}

async fn closed_checkout_steps_refuse_the_order_with_their_reasons(app: TestApp) {
    setup();
    let empty = new_cart_on(&app, 1, 1).await;
    let (status, body): (_, ApiErrorBody) = app.place_order(&empty).await;
    assert_eq!(
        (status, body.code.as_str()),
        (400, "errors.checkoutClosed"),
        "{body:?}"
    );
    assert_eq!(
        body.message,
        "Er is iets mis gegaan tijdens het plaatsen van de bestelling."
    );
    assert!(!body.fields["checkout"].is_empty(), "{body:?}");

    // No payment method for what is left to pay.
    let cart = new_cart_on(&app, 1, 1).await;
    expect_ok(
        app.post(&format!("/api/cart/{cart}/products?productVariantId=1011"))
            .await,
    )
    .await;
    expect_ok(
        app.post_json(
            &format!("/api/cart/{cart}/billing"),
            &billing("anna@example.com", 1),
        )
        .await,
    )
    .await;
    let (status, body): (_, ApiErrorBody) = app.place_order(&cart).await;
    assert_eq!(status, 400, "{body:?}");

    // A Dutch address on the German site.
    let german = new_cart_on(&app, 3, 3).await;
    expect_ok(
        app.post(&format!(
            "/api/cart/{german}/products?productVariantId=1011"
        ))
        .await,
    )
    .await;
    expect_ok(
        app.post_json(
            &format!("/api/cart/{german}/billing"),
            &billing("anna@example.com", 1),
        )
        .await,
    )
    .await;
    expect_ok(
        app.post_json(
            &format!("/api/cart/{german}/payment"),
            &json!({"paymentMethodId": 3}),
        )
        .await,
    )
    .await;
    let (status, body): (_, ApiErrorBody) = app.place_order(&german).await;
    assert_eq!(status, 400, "{body:?}");
    let keys: Vec<&str> = body.fields["checkout"]
        .iter()
        .map(|e| e.key.as_str())
        .collect();
    assert!(keys.contains(&"checkout.orderOnDutchSite"), "{body:?}");

    let (status, _): (_, ApiErrorBody) = app.place_order("00000000000000000000000000000000").await;
    assert_eq!(status, 404);
}

async fn a_mailings_id_goes_into_the_cart_and_its_order(app: TestApp) {
    setup();
    let cart = ready_cart(&app, 1011, 1, ideal()).await;
    let convert = |query: String| {
        app.client
            .post(app.url(&format!("/api/Conversion?{query}")))
            .header("datetime", "2026-11-27T10:00:00+01:00")
            .header("content-type", "application/json")
            .send()
    };
    assert_eq!(
        convert(format!("mailplusId=mp-42&cartId={cart}"))
            .await
            .unwrap()
            .status(),
        204
    );
    let shown: CartAnswer = read_ok(app.get(&format!("/api/cart/{cart}")).await).await;
    assert_eq!(shown.cart.mailplus_id.as_deref(), Some("mp-42"));
    let (status, placed): (_, PlacedOrder) = app.place_order(&cart).await;
    assert_eq!(status, 201, "{placed:?}");
    let pool = sqlx::AnyPool::connect(&app.database_url()).await.unwrap();
    let (kept,): (Option<String>,) =
        sqlx::query_as("SELECT mailplus_id FROM orders WHERE order_number = $1")
            .bind(&placed.order.order_number)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(kept.as_deref(), Some("mp-42"));
    // An unknown cart is passed over: the conversion is recorded all the same.
    let unknown = convert("mailplusId=mp-43&cartId=00000000000000000000000000000000".to_owned());
    assert_eq!(unknown.await.unwrap().status(), 204);
}

async fn a_scan_order_needs_a_name_for_every_sample(app: TestApp) {
    setup();
    // Two hygiene scans and a quick scan, one sample named: refused with the rule's message.
    let cart = ready_cart(&app, 1831, 2, ideal()).await;
    expect_ok(
        app.post(&format!("/api/cart/{cart}/products?productVariantId=1811"))
            .await,
    )
    .await;
    expect_ok(app.post(&format!("/api/cart/{cart}/rqssamplename?productVariantId=1831&sequence=1&samplename=Hooi%20perceel%201")).await).await;
    // The field errors are compared whole, messages too.
    let (status, body): (_, ApiErrorBody) = app.place_order(&cart).await;
    assert_eq!(
        (status, body.code.as_str()),
        (400, "errors.checkoutClosed"),
        "{body:?}"
    );
    assert_eq!(
        body.fields.get("checkout"),
        Some(&vec![FieldError {
            key: "validation.sampleNameRequired".to_owned(),
            message: "Vul voor alle hooimonsters een naam in voordat je verdergaat".to_owned(),
        }]),
        "{body:?}"
    );
    // Every sample named, the quick scan's too: placed.
    expect_ok(app.post(&format!("/api/cart/{cart}/rqssamplename?productVariantId=1831&sequence=2&samplename=Hooi%20perceel%202")).await).await;
    expect_ok(
        app.post(&format!(
            "/api/cart/{cart}/rqssamplename?productVariantId=1811&sequence=1&samplename=Kuil%202026"
        ))
        .await,
    )
    .await;
    let (status, body): (_, PlacedOrder) = app.place_order(&cart).await;
    assert_eq!(status, 201, "{body:?}");
}

async fn stock_and_discount_codes_are_checked_when_placing(app: TestApp) {
    setup();
    let cart = ready_cart(&app, 1522, 2, ideal()).await;
    let (status, body): (_, ApiErrorBody) = app.place_order(&cart).await;
    assert_eq!(
        (status, body.code.as_str()),
        (409, "errors.outOfStock"),
        "{body:?}"
    );

    // WELKOM10 is one use per customer: the first order with it counts the use, a second
    // order of the same address is refused, another address may.
    let prepared = |email: &'static str| {
        let app = &app;
        async move {
            let cart = new_cart_on(app, 1, 1).await;
            expect_ok(
                app.post(&format!("/api/cart/{cart}/products?productVariantId=1011"))
                    .await,
            )
            .await;
            expect_ok(
                app.post(&format!("/api/cart/{cart}/discountcode?code=WELKOM10"))
                    .await,
            )
            .await;
            expect_ok(
                app.post_json(&format!("/api/cart/{cart}/billing"), &billing(email, 1))
                    .await,
            )
            .await;
            expect_ok(
                app.post_json(&format!("/api/cart/{cart}/payment"), &ideal())
                    .await,
            )
            .await;
            cart
        }
    };
    // A second cart of the same address took the code before the first order was placed.
    let first = prepared("eerste@example.com").await;
    let second = prepared("EERSTE@example.com").await;
    let (status, body): (_, PlacedOrder) = app.place_order(&first).await;
    assert_eq!(
        (status, body.order.discount_code.as_deref()),
        (201, Some("WELKOM10")),
        "{body:?}"
    );
    assert_eq!(body.order.order_discounts[0].amount, "2.97");
    let (status, body): (_, ApiErrorBody) = app.place_order(&second).await;
    assert_eq!(
        (status, body.code.as_str()),
        (409, "errors.discountCodeUsed"),
        "{body:?}"
    );
    // Once the address is known the code is checked at once: it comes off the cart at the
    // billing step with a notice saying why, and cannot be added again.
    let third = new_cart_on(&app, 1, 1).await;
    expect_ok(
        app.post(&format!("/api/cart/{third}/products?productVariantId=1011"))
            .await,
    )
    .await;
    expect_ok(
        app.post(&format!("/api/cart/{third}/discountcode?code=WELKOM10"))
            .await,
    )
    .await;
    let answer: CartAnswer = read_ok(
        app.post_json(
            &format!("/api/cart/{third}/billing"),
            &billing("Eerste@Example.com", 1),
        )
        .await,
    )
    .await;
    assert!(answer.cart.discount_code.is_none(), "{answer:?}");
    assert!(answer.calculation.order_discounts.is_empty(), "{answer:?}");
    assert_eq!(
        answer.notices[0]["code"], "errors.discountCodeUsed",
        "{answer:?}"
    );
    let response = app
        .post(&format!("/api/cart/{third}/discountcode?code=WELKOM10"))
        .await;
    assert_eq!(response.status(), 409);
    let body: ApiErrorBody = read(response).await;
    assert_eq!(body.code, "errors.discountCodeUsed");
    let other = prepared("tweede@example.com").await;
    let (status, body): (_, PlacedOrder) = app.place_order(&other).await;
    assert_eq!(status, 201, "{body:?}");
    let pool = sqlx::AnyPool::connect(&app.database_url()).await.unwrap();
    let (used,): (i64,) =
        sqlx::query_as("SELECT times_used FROM discount_codes WHERE code = 'WELKOM10'")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(used, 37 + 2);
}

async fn the_webhook_needs_a_known_payment(app: TestApp) {
    setup();
    let response = app
        .client
        .post(app.url("/api/payments/webhook"))
        .form(&[("id", "tp_unknown")])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 404);
    let response = app
        .client
        .post(app.url("/api/payments/webhook"))
        .form(&[("other", "x")])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
    assert_eq!(app.get("/api/orders/unknown").await.status(), 404);
    assert_eq!(
        browser()
            .get(app.url("/api/payments/return/unknown"))
            .send()
            .await
            .unwrap()
            .status(),
        404
    );
}

async fn a_password_chosen_in_checkout_creates_an_account_to_activate(app: TestApp) {
    setup();
    let cart = ready_cart(&app, 1011, 1, ideal()).await;
    expect_ok(
        app.post(&format!(
            "/api/cart/{cart}/setpassword?password=Geheim123!&confirmUrl=/account/confirm/"
        ))
        .await,
    )
    .await;
    let (status, _): (_, PlacedOrder) = app.place_order(&cart).await;
    assert_eq!(status, 201);
    let activation = app
        .outbox()
        .into_iter()
        .find(|mail| mail.subject.contains("Activeer je account"))
        .expect("activation mail");
    assert_eq!(activation.to, "anna@example.com");
    assert!(activation.link().contains("/account/confirm/?token="));
}
