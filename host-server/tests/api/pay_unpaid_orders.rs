//! Paying an unpaid order from the account area:
//! `POST /api/account/orders/{orderNumber}/pay`, with the demo fixtures and the test provider.
//! Jan (account 1) and Anna are demo customers (password Hoefslag2024); Jan's
//! HS-2026-000105 awaits a bank transfer, HS-2026-000102 is closed.

use serde_json::{Value, json};

use crate::orders::{ideal, pay, place, ready_cart};
use crate::support::{TestApp, fixture_tests};

const PASSWORD: &str = "Hoefslag2024";
const JAN: &str = "jan.devries@example.com";
const ANNA: &str = "anna.schmidt@example.com";

async fn sign_in(client: &reqwest::Client, app: &TestApp, email: &str) {
    let response = client
        .post(app.url("/api/authentication/signin"))
        .json(&json!({ "emailAddress": email, "password": PASSWORD }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "sign-in of {email}");
}

/// Asks to pay `number` with `client`; answers the status and body.
async fn pay_order(client: &reqwest::Client, app: &TestApp, number: &str) -> (u16, Value) {
    let response = client
        .post(app.url(&format!("/api/account/orders/{number}/pay")))
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn account_order(app: &TestApp, number: &str) -> Value {
    let response = app.get(&format!("/api/account/orders/{number}")).await;
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

/// Jan places an iDEAL order and leaves the provider's page without paying.
async fn unpaid_order(app: &TestApp) -> (String, String) {
    sign_in(&app.client, app, JAN).await;
    let cart = ready_cart(app, 1011, 1, ideal()).await;
    let (status, placed) = place(app, &cart).await;
    assert_eq!(status, 201, "{placed}");
    (
        placed["order"]["orderNumber"].as_str().unwrap().to_owned(),
        placed["redirectUrl"].as_str().unwrap().to_owned(),
    )
}

fn code(body: &Value) -> &str {
    body["code"].as_str().unwrap_or_default()
}

fixture_tests!(
    an_unpaid_order_is_paid_at_the_provider_from_the_account,
    only_the_customers_own_unpaid_orders_paid_online_can_be_paid,
    paying_an_order_again_is_limited_per_account
);

async fn an_unpaid_order_is_paid_at_the_provider_from_the_account(app: TestApp) {
    sqlx::any::install_default_drivers();
    let (number, first_checkout) = unpaid_order(&app).await;
    assert_eq!(account_order(&app, &number).await["status"], "open");

    // The payment still open at the provider is the one to pay: its page again.
    let (status, body) = pay_order(&app.client, &app, &number).await;
    assert_eq!(
        (status, &body),
        (
            200,
            &json!({"orderNumber": number, "redirectUrl": first_checkout})
        )
    );

    // The provider could not be reached when the order was placed: no payment yet. Paying
    // starts one, on a page of its own.
    let pool = sqlx::AnyPool::connect(&app.database_url()).await.unwrap();
    sqlx::query("DELETE FROM payments WHERE order_id = (SELECT order_id FROM orders WHERE order_number = $1)")
        .bind(&number).execute(&pool).await.unwrap();
    sqlx::query("UPDATE orders SET status = 'created' WHERE order_number = $1")
        .bind(&number)
        .execute(&pool)
        .await
        .unwrap();
    let (status, body) = pay_order(&app.client, &app, &number).await;
    assert_eq!(status, 200, "{body}");
    let checkout = body["redirectUrl"].as_str().unwrap().to_owned();
    assert!(
        checkout.starts_with(&app.url("/payments/test/tp_")),
        "{checkout}"
    );
    assert_ne!(checkout, first_checkout);
    assert_eq!(account_order(&app, &number).await["status"], "open");

    let landing = pay(&app, &checkout, "paid").await;
    assert!(
        landing.starts_with("/bedankt-voor-uw-bestelling/?orderId="),
        "{landing}"
    );
    let order = account_order(&app, &number).await;
    assert_eq!(
        (&order["status"], &order["amountToPay"]),
        (&json!("paid"), &json!("34.60"))
    );

    // Paid now: refused, with the reason.
    let (status, body) = pay_order(&app.client, &app, &number).await;
    assert_eq!(
        (status, code(&body)),
        (409, "errors.orderAlreadyPaid"),
        "{body}"
    );
}

async fn only_the_customers_own_unpaid_orders_paid_online_can_be_paid(app: TestApp) {
    sqlx::any::install_default_drivers();
    let (number, _) = unpaid_order(&app).await;

    // Not signed in: 401. Another customer, or a number nobody has: 404.
    let anonymous = reqwest::Client::new();
    assert_eq!(pay_order(&anonymous, &app, &number).await.0, 401);
    let anna = reqwest::Client::builder()
        .cookie_store(true)
        .build()
        .unwrap();
    sign_in(&anna, &app, ANNA).await;
    let (status, body) = pay_order(&anna, &app, &number).await;
    assert_eq!((status, code(&body)), (404, "errors.notFound"), "{body}");
    assert_eq!(pay_order(&app.client, &app, "HS-9999-000000").await.0, 404);

    // A closed order, a bank transfer and a cancelled order are refused.
    let (status, body) = pay_order(&app.client, &app, "HS-2026-000102").await;
    assert_eq!(
        (status, code(&body)),
        (409, "errors.orderAlreadyPaid"),
        "{body}"
    );
    let (status, body) = pay_order(&app.client, &app, "HS-2026-000105").await;
    assert_eq!(
        (status, code(&body)),
        (409, "errors.orderPaysByTransfer"),
        "{body}"
    );
    let (status, placed) = pay_order(&app.client, &app, &number).await;
    assert_eq!(status, 200, "{placed}");
    pay(&app, placed["redirectUrl"].as_str().unwrap(), "cancelled").await;
    let (status, body) = pay_order(&app.client, &app, &number).await;
    assert_eq!(
        (status, code(&body)),
        (409, "errors.orderCancelled"),
        "{body}"
    );
    assert_eq!(account_order(&app, &number).await["status"], "cancelled");
}

async fn paying_an_order_again_is_limited_per_account(app: TestApp) {
    sqlx::any::install_default_drivers();
    sign_in(&app.client, &app, JAN).await;
    for _ in 0..10 {
        assert_eq!(pay_order(&app.client, &app, "HS-2026-000102").await.0, 409);
    }
    let response = app
        .client
        .post(app.url("/api/account/orders/HS-2026-000102/pay"))
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 429);
    assert!(response.headers().contains_key("retry-after"));
}
