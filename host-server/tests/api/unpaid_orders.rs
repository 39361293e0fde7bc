//! Nothing held forever: an order not paid within its payment method's
//! time is cancelled and its stock and gift-card amount return; a client that disconnects
//! while the payment is being created leaves an order the next attempt pays at once.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{Value, json};

use crate::orders::{GIFT_CARD, ideal, place, ready_cart, stock_of};
use crate::support::{Backend, TestApp};

async fn balance_of(app: &TestApp) -> String {
    let pool = sqlx::AnyPool::connect(&app.database_url()).await.unwrap();
    let (balance,): (String,) =
        sqlx::query_as("SELECT balance FROM gift_cards WHERE card_number = $1")
            .bind(GIFT_CARD)
            .fetch_one(&pool)
            .await
            .unwrap();
    balance
}

async fn status_of(app: &TestApp, order_id: &str) -> String {
    let order: Value = app
        .get(&format!("/api/orders/{order_id}"))
        .await
        .json()
        .await
        .unwrap();
    order["status"].as_str().unwrap().to_owned()
}

async fn unpaid_orders_are_cancelled_after_their_payment_methods_time(backend: Backend) {
    sqlx::any::install_default_drivers();
    let app = TestApp::spawn_with(backend, |config| {
        config.import_fixtures = host_server::platform::config::ImportFixtures::Auto;
        config.housekeeping.unpaid_order_ttl = 2;
        config.housekeeping.interval = Duration::from_millis(200);
    })
    .await;
    assert_eq!(
        (stock_of(&app, 1011).await, balance_of(&app).await),
        (272, "25.00".to_owned())
    );
    // 34.60: 25.00 from the gift card, 9.60 through iDEAL (online: 2 seconds here).
    let online = ready_cart(&app, 1011, 1, json!({"paymentMethodId": 1, "issuer": "ideal_INGBNL2A", "giftCardNumber": GIFT_CARD, "giftCardPin": "1234"})).await;
    let (status, placed) = place(&app, &online).await;
    assert_eq!(
        (status, &placed["order"]["giftCardAmount"]),
        (201, &json!("25.00")),
        "{placed}"
    );
    let online_order = placed["order"]["orderId"].as_str().unwrap().to_owned();
    // A bank transfer keeps the default 14 days.
    let transfer = ready_cart(&app, 1011, 1, json!({"paymentMethodId": 6})).await;
    let (status, placed) = place(&app, &transfer).await;
    assert_eq!(status, 201, "{placed}");
    let transfer_order = placed["order"]["orderId"].as_str().unwrap().to_owned();
    assert_eq!(
        (stock_of(&app, 1011).await, balance_of(&app).await),
        (270, "0.00".to_owned())
    );
    assert_eq!(
        (
            status_of(&app, &online_order).await,
            status_of(&app, &transfer_order).await
        ),
        ("open".to_owned(), "open".to_owned())
    );

    let started = Instant::now();
    while status_of(&app, &online_order).await != "cancelled"
        && started.elapsed() < Duration::from_secs(10)
    {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(status_of(&app, &online_order).await, "cancelled");
    assert_eq!(
        (stock_of(&app, 1011).await, balance_of(&app).await),
        (271, "25.00".to_owned()),
        "stock and gift card returned"
    );
    assert_eq!(status_of(&app, &transfer_order).await, "open");
    // The cart stays for another try, which places a new order.
    let (status, placed) = place(&app, &online).await;
    assert_eq!(
        (status, &placed["order"]["status"]),
        (201, &json!("open")),
        "{placed}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_unpaid_orders_are_cancelled_after_their_payment_methods_time() {
    unpaid_orders_are_cancelled_after_their_payment_methods_time(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL on 127.0.0.1:5432 (scripts/test.sh runs it when one answers)"]
async fn postgres_unpaid_orders_are_cancelled_after_their_payment_methods_time() {
    unpaid_orders_are_cancelled_after_their_payment_methods_time(Backend::Postgres).await;
}

/// A stand-in for Mollie whose first payment takes 1.5 seconds to create.
#[derive(Default)]
struct SlowMollie {
    created: usize,
}

async fn create(
    State(mollie): State<Arc<Mutex<SlowMollie>>>,
    Json(body): Json<Value>,
) -> (StatusCode, Json<Value>) {
    let created = {
        let mut mollie = mollie.lock().unwrap();
        mollie.created += 1;
        mollie.created
    };
    if created == 1 {
        tokio::time::sleep(Duration::from_millis(1500)).await;
    }
    let id = format!("tr_slow{created}");
    let payment = json!({"resource": "payment", "id": id, "status": "open", "amount": body["amount"],
                         "_links": {"checkout": {"href": format!("https://www.mollie.com/checkout/select-method/{id}"), "type": "text/html"}}});
    (StatusCode::CREATED, Json(payment))
}

async fn fetch(Path(id): Path<String>) -> Json<Value> {
    Json(json!({"resource": "payment", "id": id, "status": "open", "_links": {}}))
}

async fn a_client_that_disconnects_while_the_payment_is_created_pays_at_once_next_time(
    backend: Backend,
) {
    let mollie = Arc::new(Mutex::new(SlowMollie::default()));
    let stand_in = Router::new()
        .route("/v2/payments", post(create))
        .route("/v2/payments/{id}", get(fetch))
        .with_state(Arc::clone(&mollie));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let api_url = format!("http://{}/v2", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, stand_in).await.unwrap() });
    let app = TestApp::spawn_with(backend, move |config| {
        config.import_fixtures = host_server::platform::config::ImportFixtures::Auto;
        config.payment = host_server::platform::config::PaymentConfig::Mollie {
            api_key: host_server::platform::config::Secret::new(
                "test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM",
            ),
            api_url,
        };
    })
    .await;
    let cart = ready_cart(&app, 1011, 1, ideal()).await;

    let impatient = reqwest::Client::builder()
        .timeout(Duration::from_millis(300))
        .build()
        .unwrap();
    let gone = impatient
        .post(app.url(&format!("/api/cart/{cart}/order")))
        .send()
        .await;
    assert!(
        gone.is_err_and(|error| error.is_timeout()),
        "the client gave up while the payment was being created"
    );
    tokio::time::sleep(Duration::from_millis(1600)).await;

    let started = Instant::now();
    let (status, placed) = place(&app, &cart).await;
    assert_eq!(status, 200, "the order placed before: {placed}");
    assert_eq!(
        placed["redirectUrl"],
        "https://www.mollie.com/checkout/select-method/tr_slow1"
    );
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "at once, not after waiting on the claim: {:?}",
        started.elapsed()
    );
    assert_eq!(
        mollie.lock().unwrap().created,
        1,
        "one payment at the provider"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_a_client_that_disconnects_while_the_payment_is_created_pays_at_once_next_time() {
    a_client_that_disconnects_while_the_payment_is_created_pays_at_once_next_time(Backend::Sqlite)
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL on 127.0.0.1:5432 (scripts/test.sh runs it when one answers)"]
async fn postgres_a_client_that_disconnects_while_the_payment_is_created_pays_at_once_next_time() {
    a_client_that_disconnects_while_the_payment_is_created_pays_at_once_next_time(
        Backend::Postgres,
    )
    .await;
}
