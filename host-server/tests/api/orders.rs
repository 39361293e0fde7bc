//! Placing orders and paying them over HTTP, with the demo fixtures, on SQLite and PostgreSQL.
//! Site 1 is Hoefslag NL (home delivery 4.95, free from 50.00; payment methods iDEAL 1,
//! card 3, PayPal 4, gift card 5, bank transfer 6). Variant 1011 is Sport Muesli at 32.95 with
//! 10 % off; 1701 costs 4.95; 1522 has one item in stock. Gift card 6064360000000018 (PIN
//! 1234) holds 25.00.

use serde_json::{Value, json};

use crate::support::{TestApp, fixture_tests};

pub const GIFT_CARD: &str = "6064360000000018";

/// A client that does not follow redirects, to read each hop of the payment flow.
pub fn browser() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

pub async fn new_cart_on(app: &TestApp, site_id: i64, language_id: i64) -> String {
    let response = app
        .client
        .post(app.url("/api/cart"))
        .header("siteid", site_id.to_string())
        .header("languageid", language_id.to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201);
    let body: Value = response.json().await.unwrap();
    body["cart"]["shoppingcartId"].as_str().unwrap().to_owned()
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

async fn order(app: &TestApp, order_id: &str) -> Value {
    expect_ok(app.get(&format!("/api/orders/{order_id}")).await).await
}

async fn balance(app: &TestApp) -> String {
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
    let (status, placed) = place(&app, &cart).await;
    assert_eq!(status, 201, "{placed}");
    let order_view = &placed["order"];
    assert_eq!(order_view["status"], "open");
    assert!(
        order_view["orderNumber"]
            .as_str()
            .unwrap()
            .starts_with("HS-20"),
        "{order_view}"
    );
    assert_eq!(
        [
            &order_view["totalAmount"],
            &order_view["amountToPay"],
            &order_view["shippingCosts"],
            &order_view["vatAmountLow"]
        ],
        [
            &json!("59.31"),
            &json!("59.31"),
            &json!("0.00"),
            &json!("4.90")
        ]
    );
    let lines = order_view["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 2, "the muesli and its free scoop");
    assert_eq!(
        (&lines[0]["discountAmount"], &lines[0]["totalAmount"]),
        (&json!("6.59"), &json!("59.31"))
    );
    assert_eq!(
        (
            &lines[1]["productVariantId"],
            &lines[1]["isFree"],
            &lines[1]["totalAmount"]
        ),
        (&json!(1722), &json!(true), &json!("0.00"))
    );
    let checkout_url = placed["redirectUrl"].as_str().unwrap();
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
    let order_id = order_view["orderId"].as_str().unwrap();
    assert_eq!(
        landing,
        format!("/bedankt-voor-uw-bestelling/?orderId={order_id}")
    );
    let paid = order(&app, order_id).await;
    assert_eq!(
        (&paid["status"], &paid["payment"]["status"]),
        (&json!("paid"), &json!("paid"))
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
    let (status, again) = place(&app, &cart).await;
    assert_eq!(
        (
            status,
            &again["order"]["orderId"],
            &again["order"]["status"]
        ),
        (200, &json!(order_id), &json!("paid"))
    );
    assert_eq!(app.outbox().len(), mails.len(), "one confirmation only");
}

async fn a_failed_payment_cancels_the_order_returns_the_stock_and_keeps_the_cart(app: TestApp) {
    setup();
    let before = stock_of(&app, 1522).await;
    assert_eq!(before, 1);
    let cart = ready_cart(&app, 1522, 1, json!({"paymentMethodId": 3})).await;
    let (status, placed) = place(&app, &cart).await;
    assert_eq!(status, 201, "{placed}");
    assert_eq!(stock_of(&app, 1522).await, 0, "reserved");
    let landing = pay(&app, placed["redirectUrl"].as_str().unwrap(), "failed").await;
    let order_id = placed["order"]["orderId"].as_str().unwrap();
    assert_eq!(landing, format!("/helaas-mislukt/?orderId={order_id}"));
    assert_eq!(order(&app, order_id).await["status"], "cancelled");
    assert_eq!(stock_of(&app, 1522).await, 1, "given back");

    // Trying again places a new order from the kept cart.
    let (status, retry) = place(&app, &cart).await;
    assert_eq!(status, 201, "{retry}");
    assert_ne!(retry["order"]["orderId"], placed["order"]["orderId"]);
    let landing = pay(&app, retry["redirectUrl"].as_str().unwrap(), "cancelled").await;
    assert!(landing.contains("/helaas-mislukt/"), "{landing}");
}

async fn a_total_of_zero_completes_at_once_and_takes_the_gift_card_balance(app: TestApp) {
    setup();
    let payment = json!({"paymentMethodId": 5, "giftCardNumber": GIFT_CARD, "giftCardPin": "1234"});
    let cart = ready_cart(&app, 1701, 1, payment).await;
    let (status, placed) = place(&app, &cart).await;
    assert_eq!(status, 201, "{placed}");
    let order_view = &placed["order"];
    assert_eq!(
        [
            &order_view["status"],
            &order_view["totalAmount"],
            &order_view["giftCardAmount"],
            &order_view["amountToPay"]
        ],
        [
            &json!("paid"),
            &json!("9.90"),
            &json!("9.90"),
            &json!("0.00")
        ]
    );
    let order_id = order_view["orderId"].as_str().unwrap();
    assert_eq!(
        placed["redirectUrl"],
        json!(app.url(&format!("/bedankt-voor-uw-bestelling/?orderId={order_id}")))
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

    let (status, refused) = place(&app, &cart).await;
    assert_eq!(
        (status, &refused["code"]),
        (400, &json!("errors.giftCardRejected")),
        "{refused}"
    );
    let shown = expect_ok(app.get(&format!("/api/cart/{cart}")).await).await;
    assert_eq!(
        shown["notices"],
        json!([{"code": "errors.giftCardRejected", "message": "Card details are incorrect or the balance is 0"}])
    );
    assert_eq!(shown["cart"]["payment"]["giftCardNumber"], Value::Null);
    assert_eq!(shown["input"]["giftCard"], Value::Null);
    assert_eq!(shown["calculation"]["totalAmount"], "9.90");
    let again = expect_ok(app.get(&format!("/api/cart/{cart}")).await).await;
    assert_eq!(again["notices"], json!([]), "said once");
}

async fn a_cart_sees_the_stock_an_order_just_took(app: TestApp) {
    setup();
    // Both carts are priced first, so the variant's catalog entry (stock 1) is in memory.
    let buyer = ready_cart(&app, 1522, 1, json!({"paymentMethodId": 6})).await;
    let other = new_cart_on(&app, 1, 1).await;
    let before = expect_ok(
        app.post(&format!("/api/cart/{other}/products?productVariantId=1522"))
            .await,
    )
    .await;
    assert_eq!(before["calculation"]["stockWarnings"], json!([]));

    let (status, placed) = place(&app, &buyer).await;
    assert_eq!(status, 201, "{placed}");
    let after = expect_ok(app.get(&format!("/api/cart/{other}")).await).await;
    assert_eq!(
        after["calculation"]["stockWarnings"],
        json!([{"messageKey": "cart.stockWarning", "productVariantId": 1522, "amount": 0}])
    );
}

async fn a_bank_transfer_leaves_the_order_open_and_shows_the_success_page(app: TestApp) {
    setup();
    let cart = ready_cart(&app, 1011, 1, json!({"paymentMethodId": 6})).await;
    let (status, placed) = place(&app, &cart).await;
    assert_eq!(status, 201, "{placed}");
    assert_eq!(placed["order"]["status"], "open");
    let order_id = placed["order"]["orderId"].as_str().unwrap();
    assert_eq!(
        placed["redirectUrl"],
        json!(app.url(&format!("/bedankt-voor-uw-bestelling/?orderId={order_id}")))
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
    let first: Value = send().await.unwrap().json().await.unwrap();
    let second = send().await.unwrap();
    assert_eq!(second.status(), 200);
    let second: Value = second.json().await.unwrap();
    assert_eq!(first["order"]["orderId"], second["order"]["orderId"]);
    assert_eq!(
        first["redirectUrl"], second["redirectUrl"],
        "the same open payment"
    );

    // A changed cart replaces its unpaid order.
    expect_ok(
        app.post(&format!("/api/cart/{cart}/products?productVariantId=1701"))
            .await,
    )
    .await;
    let (status, replaced) = place(&app, &cart).await;
    assert_eq!(status, 201, "{replaced}");
    assert_ne!(replaced["order"]["orderId"], first["order"]["orderId"]);
    assert_eq!(
        order(&app, first["order"]["orderId"].as_str().unwrap()).await["status"],
        "cancelled"
    );

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
    let (status, body) = place(&app, &empty).await;
    assert_eq!(
        (status, &body["code"]),
        (400, &json!("errors.checkoutClosed")),
        "{body}"
    );
    assert_eq!(
        body["message"],
        "Er is iets mis gegaan tijdens het plaatsen van de bestelling."
    );
    assert!(
        !body["fieldErrors"]["checkout"]
            .as_array()
            .unwrap()
            .is_empty(),
        "{body}"
    );

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
    let (status, body) = place(&app, &cart).await;
    assert_eq!(status, 400, "{body}");

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
    let (status, body) = place(&app, &german).await;
    assert_eq!(status, 400, "{body}");
    let keys: Vec<&str> = body["fieldErrors"]["checkout"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["key"].as_str().unwrap())
        .collect();
    assert!(keys.contains(&"checkout.orderOnDutchSite"), "{body}");

    let (status, _) = place(&app, "00000000000000000000000000000000").await;
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
    let shown = expect_ok(app.get(&format!("/api/cart/{cart}")).await).await;
    assert_eq!(shown["cart"]["mailplusId"], "mp-42");
    let (status, placed) = place(&app, &cart).await;
    assert_eq!(status, 201, "{placed}");
    let pool = sqlx::AnyPool::connect(&app.database_url()).await.unwrap();
    let (kept,): (Option<String>,) =
        sqlx::query_as("SELECT mailplus_id FROM orders WHERE order_number = $1")
            .bind(placed["order"]["orderNumber"].as_str().unwrap())
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
    let (status, body) = place(&app, &cart).await;
    assert_eq!(
        (status, &body["code"]),
        (400, &json!("errors.checkoutClosed")),
        "{body}"
    );
    assert_eq!(
        body["fieldErrors"]["checkout"],
        json!([{"key": "validation.sampleNameRequired", "message": "Vul voor alle hooimonsters een naam in voordat je verdergaat"}]),
        "{body}"
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
    let (status, body) = place(&app, &cart).await;
    assert_eq!(status, 201, "{body}");
}

async fn stock_and_discount_codes_are_checked_when_placing(app: TestApp) {
    setup();
    let cart = ready_cart(&app, 1522, 2, ideal()).await;
    let (status, body) = place(&app, &cart).await;
    assert_eq!(
        (status, &body["code"]),
        (409, &json!("errors.outOfStock")),
        "{body}"
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
    let (status, body) = place(&app, &first).await;
    assert_eq!(
        (status, &body["order"]["discountCode"]),
        (201, &json!("WELKOM10")),
        "{body}"
    );
    assert_eq!(body["order"]["orderDiscounts"][0]["amount"], "2.97");
    let (status, body) = place(&app, &second).await;
    assert_eq!(
        (status, &body["code"]),
        (409, &json!("errors.discountCodeUsed")),
        "{body}"
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
    let answer = expect_ok(
        app.post_json(
            &format!("/api/cart/{third}/billing"),
            &billing("Eerste@Example.com", 1),
        )
        .await,
    )
    .await;
    assert_eq!(answer["cart"]["discountCode"], Value::Null, "{answer}");
    assert_eq!(
        answer["calculation"]["orderDiscounts"],
        json!([]),
        "{answer}"
    );
    assert_eq!(
        answer["notices"][0]["code"], "errors.discountCodeUsed",
        "{answer}"
    );
    let response = app
        .post(&format!("/api/cart/{third}/discountcode?code=WELKOM10"))
        .await;
    assert_eq!(response.status(), 409);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["code"], "errors.discountCodeUsed");
    let other = prepared("tweede@example.com").await;
    let (status, body) = place(&app, &other).await;
    assert_eq!(status, 201, "{body}");
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
    let (status, _) = place(&app, &cart).await;
    assert_eq!(status, 201);
    let activation = app
        .outbox()
        .into_iter()
        .find(|mail| mail.subject.contains("Activeer je account"))
        .expect("activation mail");
    assert_eq!(activation.to, "anna@example.com");
    assert!(activation.link().contains("/account/confirm/?token="));
}
