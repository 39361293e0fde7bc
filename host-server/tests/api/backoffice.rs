//! The staff's order and cart calls, by an integration key: order statuses move only as the
//! engine allows, cancelling gives the stock back, and a cart can be handed to a customer with
//! a one-time key.

use serde_json::{Value, json};

use crate::orders::{expect_ok, ideal, place, ready_cart, stock_of};
use crate::support::{Backend, TestApp};

/// The app with the fixtures, and a key of the warehouse and customer service's permissions.
async fn app(backend: Backend) -> (TestApp, String) {
    let app = TestApp::spawn_with_fixtures(backend).await;
    let key = app
        .integration_key(&["orders.fulfil", "orders.refund", "customers.edit"])
        .await;
    (app, key)
}

async fn set_status(app: &TestApp, order_number: &str, query: &str, key: &str) -> (u16, Value) {
    let response = app
        .client
        .put(app.url(&format!(
            "/api/backoffice/orders/{order_number}/status?{query}"
        )))
        .header("x-api-key", key)
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

async fn order_statuses_move_only_as_allowed(backend: Backend) {
    sqlx::any::install_default_drivers();
    let (app, key) = app(backend).await;
    let cart = ready_cart(&app, 1522, 1, json!({"paymentMethodId": 6})).await;
    let (_, placed) = place(&app, &cart).await;
    let number = placed["order"]["orderNumber"].as_str().unwrap().to_owned();
    assert_eq!(
        placed["order"]["status"], "open",
        "a bank transfer is outstanding"
    );

    assert_eq!(
        set_status(&app, &number, "status=paid", "wrong").await.0,
        401
    );
    let (status, body) = set_status(&app, &number, "status=sent", &key).await;
    assert_eq!(
        (status, &body["code"], &body["message"]),
        (
            409,
            &json!("errors.statusTransition"),
            &json!("an order that is open cannot become sent")
        )
    );
    assert_eq!(
        set_status(&app, &number, "status=shipped", &key).await.0,
        400
    );
    assert_eq!(
        set_status(&app, "HS-0000-000000", "status=paid", &key)
            .await
            .0,
        404
    );

    for (query, expected) in [
        ("status=paid", "paid"),
        ("status=processing", "processing"),
        ("status=sent&trackAndTrace=3SABCD1234567", "sent"),
    ] {
        let (status, body) = set_status(&app, &number, query, &key).await;
        assert_eq!((status, &body["status"]), (200, &json!(expected)), "{body}");
    }
    let (_, body) = set_status(&app, &number, "status=cancelled", &key).await;
    assert_eq!(
        body["code"], "errors.statusTransition",
        "goods that left go through a return"
    );
    let (_, body) = set_status(&app, &number, "status=closed", &key).await;
    assert_eq!(
        (&body["status"], &body["trackAndTrace"]),
        (&json!("closed"), &json!("3SABCD1234567"))
    );

    // Cancelling an order before it is sent gives its stock back.
    let cart = ready_cart(&app, 1131, 2, ideal()).await;
    let before = stock_of(&app, 1131).await;
    let (_, placed) = place(&app, &cart).await;
    assert_eq!(stock_of(&app, 1131).await, before - 2);
    let number = placed["order"]["orderNumber"].as_str().unwrap();
    let (status, body) = set_status(&app, number, "status=cancelled", &key).await;
    assert_eq!((status, &body["status"]), (200, &json!("cancelled")));
    assert_eq!(stock_of(&app, 1131).await, before);
}

async fn a_cart_is_handed_over_with_a_one_time_key(backend: Backend) {
    let (app, staff_key) = app(backend).await;
    let cart = ready_cart(&app, 1011, 2, ideal()).await;
    let issue = |key: String| {
        app.client
            .post(app.url(&format!("/api/backoffice/carts/{cart}/handoverkey")))
            .header("x-api-key", key)
            .header("content-type", "application/json")
            .send()
    };
    assert_eq!(issue("nope".to_owned()).await.unwrap().status(), 401);
    let response = issue(staff_key.clone()).await.unwrap();
    assert_eq!(response.status(), 201);
    let handover: Value = response.json().await.unwrap();
    let key = handover["key"].as_str().unwrap();
    // The link customer service sends: the storefront's handover page on the cart's site.
    let port = url::Url::parse(&app.url("/")).unwrap().port().unwrap();
    assert_eq!(
        handover["link"],
        format!("http://hoefslag.localhost:{port}/cart/handover/?key={key}")
    );

    let customer = reqwest::Client::new();
    let response = customer
        .post(app.url(&format!("/api/cart/impersonate?key={key}")))
        .header("content-type", "application/json")
        .send()
        .await
        .unwrap();
    let body = expect_ok(response).await;
    assert_eq!(
        (
            &body["cart"]["shoppingcartId"],
            &body["calculation"]["totalAmount"]
        ),
        (&json!(cart), &json!("59.31"))
    );
    let again = customer
        .post(app.url(&format!("/api/cart/impersonate?key={key}")))
        .header("content-type", "application/json")
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 404, "a key works once");
    assert_eq!(
        customer
            .post(app.url("/api/cart/impersonate"))
            .header("content-type", "application/json")
            .send()
            .await
            .unwrap()
            .status(),
        400
    );
    let unknown = app
        .client
        .post(app.url("/api/backoffice/carts/unknown/handoverkey"))
        .header("x-api-key", &staff_key)
        .header("content-type", "application/json")
        .send()
        .await
        .unwrap();
    assert_eq!(unknown.status(), 404);
}

async fn without_a_key_the_backoffice_is_closed(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let response = app
        .client
        .put(app.url("/api/backoffice/orders/HS-1/status?status=paid"))
        .header("x-api-key", "")
        .header("content-type", "application/json")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 401);
}

mod sqlite {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn order_statuses_move_only_as_allowed() {
        super::order_statuses_move_only_as_allowed(Backend::Sqlite).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_cart_is_handed_over_with_a_one_time_key() {
        super::a_cart_is_handed_over_with_a_one_time_key(Backend::Sqlite).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn without_a_key_the_backoffice_is_closed() {
        super::without_a_key_the_backoffice_is_closed(Backend::Sqlite).await;
    }
}

mod postgres {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    #[ignore = "needs PostgreSQL on 127.0.0.1:5432 (scripts/test.sh runs it when one answers)"]
    async fn order_statuses_move_only_as_allowed() {
        super::order_statuses_move_only_as_allowed(Backend::Postgres).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    #[ignore = "needs PostgreSQL on 127.0.0.1:5432 (scripts/test.sh runs it when one answers)"]
    async fn a_cart_is_handed_over_with_a_one_time_key() {
        super::a_cart_is_handed_over_with_a_one_time_key(Backend::Postgres).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    #[ignore = "needs PostgreSQL on 127.0.0.1:5432 (scripts/test.sh runs it when one answers)"]
    async fn without_a_key_the_backoffice_is_closed() {
        super::without_a_key_the_backoffice_is_closed(Backend::Postgres).await;
    }
}
