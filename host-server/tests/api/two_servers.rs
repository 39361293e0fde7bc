//! Two servers on one PostgreSQL database, the way a shop grows past one
//! machine: the concurrency guarantees hold with the requests spread over both, and a price or
//! stock change through the back-office API on one shows on the other within 2 seconds,
//! search included (`LISTEN`/`NOTIFY`).

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::task::JoinSet;

use crate::orders::{ideal, new_cart_on, ready_cart, stock_of};
use crate::support::{Backend, TestApp};

const KEY: &str = "backoffice-key";

/// Two servers on the first one's database.
async fn two_servers() -> (Arc<TestApp>, Arc<TestApp>) {
    let first = TestApp::spawn_with(Backend::Postgres, |config| {
        config.import_fixtures = host_server::platform::config::ImportFixtures::Auto;
    })
    .await;
    first.known_integration_key(KEY).await;
    let shared = first.database_url();
    let second = TestApp::spawn_with(Backend::Postgres, move |config| {
        config.database_url = shared;
    })
    .await;
    (Arc::new(first), Arc::new(second))
}

/// The price and stock state of variant 1011 in the search results of a server.
async fn searched(app: &TestApp) -> (Value, Value) {
    let body =
        json!({"filter": {"searchTerm": "muesli"}, "pageInfo": {"page": 1, "pageSize": 100}});
    let found: Value = app
        .post_json_in(1, 1, "/api/products/search", &body)
        .await
        .json()
        .await
        .unwrap();
    let hit = found["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|hit| hit["productVariantId"] == 1011)
        .cloned()
        .unwrap();
    (hit["price"].clone(), hit["stockState"].clone())
}

/// The unit price of the cart's one line as the server calculates it.
async fn priced(app: &TestApp, cart: &str) -> Value {
    let calculated: Value = app
        .post(&format!("/api/cartcalculation/{cart}/calculate"))
        .await
        .json()
        .await
        .unwrap();
    calculated["products"][0]["originalAmount"].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL on 127.0.0.1:5432 (scripts/test.sh runs it when one answers)"]
async fn postgres_a_back_office_change_on_one_server_shows_on_the_other_within_two_seconds() {
    let (first, second) = two_servers().await;
    let cart = new_cart_on(&second, 1, 1).await;
    second
        .post(&format!("/api/cart/{cart}/products?productVariantId=1011"))
        .await;
    // The second server has the catalog in memory now.
    assert_eq!(searched(&second).await, (json!("32.95"), json!("inStock")));
    assert_eq!(priced(&second, &cart).await, json!("32.95"));

    let change = first
        .client
        .put(first.url("/api/backoffice/variants/1011"))
        .header("x-api-key", KEY)
        .json(&json!({"price": "30.00", "stock": 0}));
    let changed: Value = change.send().await.unwrap().json().await.unwrap();
    assert_eq!(
        changed,
        json!({"productVariantId": 1011, "price": "30.00", "stock": 0})
    );
    let changed_at = Instant::now();
    let mut seen = (searched(&second).await, priced(&second, &cart).await);
    while seen != ((json!("30.00"), json!("outOfStock")), json!("30.00"))
        && changed_at.elapsed() < Duration::from_secs(2)
    {
        tokio::time::sleep(Duration::from_millis(50)).await;
        seen = (searched(&second).await, priced(&second, &cart).await);
    }
    assert_eq!(
        seen,
        ((json!("30.00"), json!("outOfStock")), json!("30.00")),
        "within 2 s"
    );
    eprintln!(
        "two servers: the change showed on the other server after {:?}",
        changed_at.elapsed()
    );

    let refused = first
        .client
        .put(first.url("/api/backoffice/variants/1011"))
        .header("x-api-key", KEY)
        .json(&json!({"price": "-1"}));
    let refused = refused.send().await.unwrap();
    assert_eq!(refused.status(), 400);
    let without_key = first
        .client
        .put(first.url("/api/backoffice/variants/1011"))
        .json(&json!({"stock": 5}))
        .send()
        .await
        .unwrap();
    assert_eq!(without_key.status(), 401);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL on 127.0.0.1:5432 (scripts/test.sh runs it when one answers)"]
async fn postgres_concurrency_holds_with_requests_spread_over_two_servers() {
    sqlx::any::install_default_drivers();
    let (first, second) = two_servers().await;
    let servers = [Arc::clone(&first), Arc::clone(&second)];

    // 20 adds of one to one line, alternating between the servers.
    let cart = new_cart_on(&first, 1, 1).await;
    let mut adds = JoinSet::new();
    for index in 0..20 {
        let (app, cart) = (Arc::clone(&servers[index % 2]), cart.clone());
        adds.spawn(async move {
            app.post(&format!(
                "/api/cart/{cart}/products?productVariantId=1701&quantity=1"
            ))
            .await
            .status()
            .as_u16()
        });
    }
    assert_eq!(adds.join_all().await, vec![200; 20]);
    let shown: Value = second
        .get(&format!("/api/cart/{cart}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(shown["cart"]["products"][0]["count"], 20);

    // 100 orders for the last item, half through each server.
    assert_eq!(stock_of(&first, 1522).await, 1);
    let mut carts = JoinSet::new();
    for _ in 0..100 {
        let app = Arc::clone(&first);
        carts.spawn(async move { ready_cart(&app, 1522, 1, ideal()).await });
    }
    let carts = carts.join_all().await;
    let start = Arc::new(tokio::sync::Barrier::new(carts.len()));
    let mut orders = JoinSet::new();
    for (index, cart) in carts.into_iter().enumerate() {
        let (app, start) = (Arc::clone(&servers[index % 2]), Arc::clone(&start));
        orders.spawn(async move {
            let request = app.client.post(app.url(&format!("/api/cart/{cart}/order")));
            start.wait().await;
            let response = request.send().await.unwrap();
            (
                response.status().as_u16(),
                response.json::<Value>().await.unwrap(),
            )
        });
    }
    let answers = orders.join_all().await;
    let placed = answers.iter().filter(|(status, _)| *status == 201).count();
    let refused = answers
        .iter()
        .filter(|(status, body)| *status == 409 && body["code"] == "errors.outOfStock")
        .count();
    assert_eq!((placed, refused), (1, 99));
    assert_eq!(stock_of(&first, 1522).await, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_a_back_office_change_shows_at_once_search_included() {
    let app = TestApp::spawn_with(Backend::Sqlite, |config| {
        config.import_fixtures = host_server::platform::config::ImportFixtures::Auto;
    })
    .await;
    app.known_integration_key(KEY).await;
    let cart = new_cart_on(&app, 1, 1).await;
    app.post(&format!("/api/cart/{cart}/products?productVariantId=1011"))
        .await;
    assert_eq!(
        (searched(&app).await, priced(&app, &cart).await),
        ((json!("32.95"), json!("inStock")), json!("32.95"))
    );
    let change = app
        .client
        .put(app.url("/api/backoffice/variants/1011"))
        .header("x-api-key", KEY)
        .json(&json!({"price": "30", "stock": null}));
    let changed: Value = change.send().await.unwrap().json().await.unwrap();
    assert_eq!(
        changed,
        json!({"productVariantId": 1011, "price": "30.00", "stock": null})
    );
    assert_eq!(
        (searched(&app).await, priced(&app, &cart).await),
        ((json!("30.00"), json!("inStock")), json!("30.00"))
    );
    let unknown = app
        .client
        .put(app.url("/api/backoffice/variants/1011"))
        .header("x-api-key", KEY)
        .json(&json!({"colour": "red"}));
    assert_eq!(unknown.send().await.unwrap().status(), 400);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL on 127.0.0.1:5432 (scripts/test.sh runs it when one answers)"]
async fn postgres_a_session_started_on_one_server_holds_on_the_other() {
    let (first, second) = two_servers().await;
    let plain = reqwest::Client::new();
    let signed_in = plain
        .post(first.url("/api/authentication/signin"))
        .json(&json!({"emailAddress": "lisa.bakker@example.com", "password": "Hoefslag2024"}))
        .send()
        .await
        .unwrap();
    assert_eq!(signed_in.status(), 200);
    let cookie = signed_in.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    let account = |app: &TestApp| {
        plain
            .get(app.url("/api/account"))
            .header("cookie", cookie.clone())
            .send()
    };
    let on_second = account(&second).await.unwrap();
    assert_eq!(on_second.status(), 200);
    let body: Value = on_second.json().await.unwrap();
    assert_eq!(body["emailAddress"], "lisa.bakker@example.com");
    let signed_out = plain
        .post(second.url("/api/authentication/signout"))
        .header("cookie", cookie.clone())
        .header("content-type", "application/json")
        .send()
        .await
        .unwrap();
    assert!(signed_out.status().is_success());
    assert_eq!(
        account(&first).await.unwrap().status(),
        401,
        "signed out everywhere"
    );
}
