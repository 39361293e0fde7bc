//! The Mollie adapter against a local stand-in for Mollie's Payments API (v2): the server
//! creates the payment with the documented request, sends the customer to Mollie's checkout,
//! and on the webhook asks Mollie for the status instead of trusting the call; a refund from
//! the order desk goes to Mollie's Refunds API, and Mollie's refusal gives nothing back.

use std::sync::{Arc, Mutex};

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{Value, json};

use crate::orders::{browser, ideal, place, ready_cart};
use crate::support::{Backend, TestApp};

/// What the stand-in saw and what it answers.
#[derive(Default)]
struct Mollie {
    created: Vec<(String, Value)>,
    status: String,
    fail_creation: bool,
    refunds: Vec<(String, String, Value)>,
    refuse_refunds: bool,
}

type Shared = Arc<Mutex<Mollie>>;

async fn create(
    State(mollie): State<Shared>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> (StatusCode, Json<Value>) {
    let mut mollie = mollie.lock().unwrap();
    if mollie.fail_creation {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(json!({"status": 503, "title": "Service Unavailable"})),
        );
    }
    let authorization = headers["authorization"].to_str().unwrap().to_owned();
    mollie.created.push((authorization, body.clone()));
    let id = format!("tr_WDqYK6vll{}", mollie.created.len());
    let payment = json!({
        "resource": "payment", "id": id, "status": "open", "amount": body["amount"],
        "_links": {"checkout": {"href": format!("https://www.mollie.com/checkout/select-method/{id}"), "type": "text/html"}}
    });
    (StatusCode::CREATED, Json(payment))
}

async fn fetch(State(mollie): State<Shared>, Path(id): Path<String>) -> (StatusCode, Json<Value>) {
    let mollie = mollie.lock().unwrap();
    if !id.starts_with("tr_WDqYK6vll") {
        return (
            StatusCode::NOT_FOUND,
            Json(json!({"status": 404, "title": "Not Found"})),
        );
    }
    (
        StatusCode::OK,
        Json(json!({"resource": "payment", "id": id, "status": mollie.status, "_links": {}})),
    )
}

async fn refund(
    State(mollie): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> (StatusCode, Json<Value>) {
    let mut mollie = mollie.lock().unwrap();
    if mollie.refuse_refunds {
        return (
            StatusCode::UNPROCESSABLE_ENTITY,
            Json(
                json!({"status": 422, "title": "Unprocessable Entity", "detail": "The amount is higher than the amount that can be refunded"}),
            ),
        );
    }
    let authorization = headers["authorization"].to_str().unwrap().to_owned();
    mollie
        .refunds
        .push((authorization, id.clone(), body.clone()));
    let refund = json!({
        "resource": "refund", "id": format!("re_4qqhO89gs{}", mollie.refunds.len()),
        "amount": body["amount"], "status": "pending", "paymentId": id
    });
    (StatusCode::CREATED, Json(refund))
}

async fn stand_in() -> (String, Shared) {
    let mollie: Shared = Arc::new(Mutex::new(Mollie {
        status: "open".to_owned(),
        ..Mollie::default()
    }));
    let app = Router::new()
        .route("/v2/payments", post(create))
        .route("/v2/payments/{id}", get(fetch))
        .route("/v2/payments/{id}/refunds", post(refund))
        .with_state(Arc::clone(&mollie));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/v2", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (url, mollie)
}

async fn app_with_mollie(backend: Backend, api_url: String) -> TestApp {
    TestApp::spawn_with(backend, move |config| {
        config.import_fixtures = host_server::platform::config::ImportFixtures::Auto;
        config.payment = host_server::platform::config::PaymentConfig::Mollie {
            api_key: host_server::platform::config::Secret::new(
                "test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM",
            ),
            api_url,
        };
    })
    .await
}

async fn webhook(app: &TestApp, id: &str) -> u16 {
    app.client
        .post(app.url("/api/payments/webhook"))
        .form(&[("id", id)])
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

async fn status_of(app: &TestApp, order_id: &str) -> Value {
    let order: Value = app
        .get(&format!("/api/orders/{order_id}"))
        .await
        .json()
        .await
        .unwrap();
    order["status"].clone()
}

async fn paid_through_mollie(backend: Backend) {
    let (api_url, mollie) = stand_in().await;
    let app = app_with_mollie(backend, api_url).await;
    let cart = ready_cart(&app, 1011, 2, ideal()).await;

    // Mollie down: the order waits in "created"; placing again creates the payment.
    mollie.lock().unwrap().fail_creation = true;
    let response = app
        .client
        .post(app.url(&format!("/api/cart/{cart}/order")))
        .header("content-type", "application/json")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 502);
    mollie.lock().unwrap().fail_creation = false;
    let response = app
        .client
        .post(app.url(&format!("/api/cart/{cart}/order")))
        .header("content-type", "application/json")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "the order placed a moment ago");
    let placed: Value = response.json().await.unwrap();
    let order_id = placed["order"]["orderId"].as_str().unwrap().to_owned();
    assert_eq!(placed["order"]["status"], "open");
    assert_eq!(
        placed["redirectUrl"],
        "https://www.mollie.com/checkout/select-method/tr_WDqYK6vll1"
    );

    let (authorization, body) = mollie.lock().unwrap().created[0].clone();
    assert_eq!(authorization, "Bearer test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM");
    assert_eq!(
        body,
        json!({
            "amount": {"currency": "EUR", "value": "59.31"},
            "description": placed["order"]["orderNumber"],
            "redirectUrl": app.url(&format!("/api/payments/return/{order_id}")),
            "webhookUrl": app.url("/api/payments/webhook"),
            "locale": "nl_NL",
            "metadata": {"orderId": order_id},
            "method": "ideal",
            "issuer": "ideal_INGBNL2A"
        })
    );

    // Pending is still under way; the webhook's call itself proves nothing.
    mollie.lock().unwrap().status = "pending".to_owned();
    assert_eq!(webhook(&app, "tr_WDqYK6vll1").await, 200);
    assert_eq!(status_of(&app, &order_id).await, "open");
    assert_eq!(
        webhook(&app, "tr_unknown").await,
        404,
        "a payment this shop never made"
    );

    mollie.lock().unwrap().status = "paid".to_owned();
    assert_eq!(webhook(&app, "tr_WDqYK6vll1").await, 200);
    assert_eq!(status_of(&app, &order_id).await, "paid");
    let landing = browser()
        .get(app.url(&format!("/api/payments/return/{order_id}")))
        .send()
        .await
        .unwrap();
    assert_eq!(landing.status(), 303);
    assert_eq!(
        landing.headers()["location"],
        format!("/bedankt-voor-uw-bestelling/?orderId={order_id}").as_str()
    );
}

async fn expired_at_mollie(backend: Backend) {
    let (api_url, mollie) = stand_in().await;
    let app = app_with_mollie(backend, api_url).await;
    let cart = ready_cart(&app, 1011, 1, json!({"paymentMethodId": 3})).await;
    let placed: Value = app
        .client
        .post(app.url(&format!("/api/cart/{cart}/order")))
        .header("content-type", "application/json")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let order_id = placed["order"]["orderId"].as_str().unwrap().to_owned();
    assert_eq!(mollie.lock().unwrap().created[0].1["method"], "creditcard");
    // The customer returns before any webhook: the return address asks Mollie itself.
    mollie.lock().unwrap().status = "expired".to_owned();
    let landing = browser()
        .get(app.url(&format!("/api/payments/return/{order_id}")))
        .send()
        .await
        .unwrap();
    assert_eq!(
        landing.headers()["location"],
        format!("/helaas-mislukt/?orderId={order_id}").as_str()
    );
    assert_eq!(status_of(&app, &order_id).await, "cancelled");
    assert_eq!(
        webhook(&app, "tr_WDqYK6vll1").await,
        200,
        "late webhook, nothing changes"
    );
    assert_eq!(status_of(&app, &order_id).await, "cancelled");
}

/// `POST /api/backoffice/orders/{number}/refunds` of one unit of the first line.
async fn refund_one_unit(app: &TestApp, key: &str, number: &str) -> (u16, Value) {
    let body = json!({"asked": {"kind": "lines", "lines": [{"lineNumber": 1, "quantity": 1}], "shipping": false}, "reason": "Bag arrived torn"});
    let path = format!("/api/backoffice/orders/{number}/refunds");
    app.post_with_key(key, &path, body).await
}

async fn refunded_through_mollie(backend: Backend) {
    let (api_url, mollie) = stand_in().await;
    let app = app_with_mollie(backend, api_url).await;
    let cart = ready_cart(&app, 1011, 2, ideal()).await;
    let (_, placed) = place(&app, &cart).await;
    let number = placed["order"]["orderNumber"].as_str().unwrap().to_owned();
    mollie.lock().unwrap().status = "paid".to_owned();
    assert_eq!(webhook(&app, "tr_WDqYK6vll1").await, 200);
    let key = app.integration_key(&["orders.read", "orders.refund"]).await;

    // Mollie refuses: nothing went back, the refund counts for nothing.
    mollie.lock().unwrap().refuse_refunds = true;
    let (status, body) = refund_one_unit(&app, &key, &number).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("errors.paymentProviderRefused"))
    );
    mollie.lock().unwrap().refuse_refunds = false;

    let (status, page) = refund_one_unit(&app, &key, &number).await;
    assert_eq!(status, 200, "{page}");
    let (authorization, payment_id, body) = mollie.lock().unwrap().refunds[0].clone();
    assert_eq!(authorization, "Bearer test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM");
    assert_eq!(payment_id, "tr_WDqYK6vll1");
    assert_eq!(
        body,
        json!({"amount": {"currency": "EUR", "value": "29.66"}, "description": format!("{number} refund")})
    );
    let refunds = page["refunds"].as_array().unwrap();
    assert_eq!(refunds.len(), 2);
    assert_eq!(refunds[0]["status"], "failed");
    assert_eq!(refunds[0]["creditNoteNumber"], Value::Null);
    assert_eq!(refunds[1]["status"], "refunded");
    assert_eq!(
        refunds[1]["payments"],
        json!([{"paymentId": "tr_WDqYK6vll1", "amount": "29.66", "providerRefundId": "re_4qqhO89gs1", "status": "accepted"}])
    );
    assert_eq!(page["leftToRefund"], "29.65");
}

mod sqlite {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_refund_goes_through_mollies_refunds_api() {
        refunded_through_mollie(Backend::Sqlite).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn an_order_is_paid_through_the_mollie_adapter() {
        paid_through_mollie(Backend::Sqlite).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn an_expired_mollie_payment_cancels_the_order() {
        expired_at_mollie(Backend::Sqlite).await;
    }
}

mod postgres {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    #[ignore = "needs PostgreSQL on 127.0.0.1:5432 (scripts/test.sh runs it when one answers)"]
    async fn a_refund_goes_through_mollies_refunds_api() {
        refunded_through_mollie(Backend::Postgres).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    #[ignore = "needs PostgreSQL on 127.0.0.1:5432 (scripts/test.sh runs it when one answers)"]
    async fn an_order_is_paid_through_the_mollie_adapter() {
        paid_through_mollie(Backend::Postgres).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    #[ignore = "needs PostgreSQL on 127.0.0.1:5432 (scripts/test.sh runs it when one answers)"]
    async fn an_expired_mollie_payment_cancels_the_order() {
        expired_at_mollie(Backend::Postgres).await;
    }
}
