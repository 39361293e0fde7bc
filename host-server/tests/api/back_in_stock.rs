//! Back-in-stock mails: when a variant's stock goes from 0 to more, every
//! waiting request gets its mail once, in its site and language, and is marked sent; two
//! concurrent stock changes never mail a request twice. Stock changed outside the back office
//! (a fixtures import) is picked up by the housekeeping round.

use serde_json::{Value, json};

use crate::support::{Backend, TestApp};

const KEY: &str = "backoffice-test-key";
/// The housekeeping interval of the retry tests: long enough that the outbox is put back long
/// before a few rounds have failed, on a loaded machine too.
const ROUND_MS: u64 = 2000;
/// Hoefslag Luzerne Brok 20 kg: stock 0 in the fixtures, sold on every Hoefslag site.
const VARIANT: i64 = 1191;

async fn app(backend: Backend, housekeeping_ms: Option<u64>) -> TestApp {
    let app = TestApp::spawn_with(backend, |config| {
        config.import_fixtures = host_server::platform::config::ImportFixtures::Auto;
        if let Some(ms) = housekeeping_ms {
            config.housekeeping.interval = std::time::Duration::from_millis(ms);
        }
    })
    .await;
    app.known_integration_key(KEY).await;
    app
}

async fn remind(app: &TestApp, site: i64, language: i64, variant: i64, address: &str) {
    let path = format!("/api/products/variant/{variant}/stockreminder");
    let response = app
        .post_json_in(site, language, &path, &json!({"emailAddress": address}))
        .await;
    assert_eq!(response.status(), 201, "{address}");
}

async fn set_stock(app: &TestApp, variant: i64, stock: i64) -> (u16, Value) {
    let response = app
        .client
        .put(app.url(&format!("/api/backoffice/variants/{variant}")))
        .header("x-api-key", KEY)
        .json(&json!({"stock": stock}))
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

async fn product_path(pool: &sqlx::AnyPool, site: i64, language: i64, variant: i64) -> String {
    let (path,): (String,) = sqlx::query_as(
        "SELECT path FROM routes WHERE site_id = $1 AND language_id = $2 AND route_key = $3",
    )
    .bind(site)
    .bind(language)
    .bind(format!("productDetail:{variant}:article"))
    .fetch_one(pool)
    .await
    .unwrap();
    path
}

async fn waiting(pool: &sqlx::AnyPool, variant: i64) -> i64 {
    let (count,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM stock_reminders WHERE product_variant_id = $1 AND notified_at IS NULL",
    )
    .bind(variant)
    .fetch_one(pool)
    .await
    .unwrap();
    count
}

fn port(app: &TestApp) -> u16 {
    url::Url::parse(&app.base_url).unwrap().port().unwrap()
}

async fn back_in_stock_mails_go_out_once_in_their_language(backend: Backend) {
    let app = app(backend, None).await;
    remind(&app, 1, 1, VARIANT, "anna@example.com").await;
    remind(&app, 3, 3, VARIANT, "bernd@example.de").await;
    let pool = sqlx::AnyPool::connect(&app.database_url()).await.unwrap();

    // Still 0: nothing is sent.
    let (status, _) = set_stock(&app, VARIANT, 0).await;
    assert_eq!(status, 200);
    assert_eq!(waiting(&pool, VARIANT).await, 2);

    // Two concurrent changes from 0 to more: each request is mailed once.
    let (first, second) = tokio::join!(set_stock(&app, VARIANT, 5), set_stock(&app, VARIANT, 7));
    assert_eq!((first.0, second.0), (200, 200));
    let mails = app.outbox_with(2).await;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert_eq!(app.outbox().len(), 2, "each request once");
    assert_eq!(waiting(&pool, VARIANT).await, 0, "both marked sent");

    let dutch = mails
        .iter()
        .find(|mail| mail.to == "anna@example.com")
        .unwrap();
    assert_eq!(dutch.subject, "Hoefslag Luzerne Brok is weer op voorraad");
    assert!(
        dutch
            .body
            .contains("Goed nieuws: Hoefslag Luzerne Brok is weer op voorraad."),
        "{}",
        dutch.body
    );
    assert_eq!(
        dutch.link(),
        format!(
            "http://hoefslag.localhost:{}{}",
            port(&app),
            product_path(&pool, 1, 1, VARIANT).await
        )
    );
    let german = mails
        .iter()
        .find(|mail| mail.to == "bernd@example.de")
        .unwrap();
    assert_eq!(
        german.subject,
        "Hoefslag Luzerne Pellets ist wieder vorrätig"
    );
    assert_eq!(
        german.link(),
        format!(
            "http://de.hoefslag.localhost:{}{}",
            port(&app),
            product_path(&pool, 3, 3, VARIANT).await
        )
    );

    // Out of stock and back again: those requests were answered, nothing more is sent.
    assert_eq!(set_stock(&app, VARIANT, 0).await.0, 200);
    assert_eq!(set_stock(&app, VARIANT, 3).await.0, 200);
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert_eq!(app.outbox().len(), 2);
    assert_eq!(waiting(&pool, VARIANT).await, 0);
}

async fn stock_changed_by_an_import_is_picked_up_by_housekeeping(backend: Backend) {
    let app = app(backend, Some(200)).await;
    // Equinatura Hoestsiroop: stock 0 in the fixtures.
    remind(&app, 1, 1, 1621, "dirk@example.com").await;
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    assert!(app.outbox().is_empty(), "out of stock: nothing sent");
    let pool = sqlx::AnyPool::connect(&app.database_url()).await.unwrap();
    sqlx::query("UPDATE variants SET stock = 12 WHERE product_variant_id = 1621")
        .execute(&pool)
        .await
        .unwrap();
    let mails = app.outbox_with(1).await;
    assert_eq!(mails[0].to, "dirk@example.com");
    assert_eq!(
        mails[0].subject,
        "Equinatura Hoestsiroop is weer op voorraad"
    );
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    assert_eq!(app.outbox().len(), 1, "once");
    assert_eq!(waiting(&pool, 1621).await, 0);
}

async fn attempts(pool: &sqlx::AnyPool, variant: i64, address: &str) -> i64 {
    let (attempts,): (i64,) = sqlx::query_as(
        "SELECT mail_attempts FROM stock_reminders WHERE product_variant_id = $1 AND email_address = $2",
    )
    .bind(variant)
    .bind(address)
    .fetch_one(pool)
    .await
    .unwrap();
    attempts
}

async fn a_mail_that_cannot_be_sent_is_tried_again_a_few_times(backend: Backend) {
    let app = app(backend, Some(ROUND_MS)).await;
    let pool = sqlx::AnyPool::connect(&app.database_url()).await.unwrap();
    remind(&app, 1, 1, VARIANT, "sanne@example.com").await;
    remind(&app, 1, 1, VARIANT, "given-up@example.com").await;
    // Five failed attempts before: this request is not tried again.
    sqlx::query(
        "UPDATE stock_reminders SET mail_attempts = 5 WHERE email_address = 'given-up@example.com'",
    )
    .execute(&pool)
    .await
    .unwrap();
    app.break_outbox(true);
    assert_eq!(set_stock(&app, VARIANT, 4).await.0, 200);
    let mut failed = 0;
    for _ in 0..100 {
        failed = attempts(&pool, VARIANT, "sanne@example.com").await;
        if failed > 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    app.break_outbox(false);
    assert!(failed >= 1, "the failed mail was counted and released");

    let mails = app.outbox_with(1).await;
    assert_eq!(mails[0].to, "sanne@example.com");
    tokio::time::sleep(std::time::Duration::from_millis(2 * ROUND_MS + 200)).await;
    assert_eq!(
        app.outbox().len(),
        1,
        "sent once; the given-up request not at all"
    );
    assert_eq!(waiting(&pool, VARIANT).await, 1, "the given-up request");
    // Each round while the outbox was broken failed once more; fewer than the five that give up.
    assert!((1..5).contains(&attempts(&pool, VARIANT, "sanne@example.com").await));
    assert_eq!(attempts(&pool, VARIANT, "given-up@example.com").await, 5);
}

mod sqlite {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn back_in_stock_mails_go_out_once_in_their_language() {
        super::back_in_stock_mails_go_out_once_in_their_language(Backend::Sqlite).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn stock_changed_by_an_import_is_picked_up_by_housekeeping() {
        super::stock_changed_by_an_import_is_picked_up_by_housekeeping(Backend::Sqlite).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_mail_that_cannot_be_sent_is_tried_again_a_few_times() {
        super::a_mail_that_cannot_be_sent_is_tried_again_a_few_times(Backend::Sqlite).await;
    }
}

mod postgres {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    #[ignore = "needs PostgreSQL on 127.0.0.1:5432 (scripts/test.sh runs it when one answers)"]
    async fn back_in_stock_mails_go_out_once_in_their_language() {
        super::back_in_stock_mails_go_out_once_in_their_language(Backend::Postgres).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    #[ignore = "needs PostgreSQL on 127.0.0.1:5432 (scripts/test.sh runs it when one answers)"]
    async fn stock_changed_by_an_import_is_picked_up_by_housekeeping() {
        super::stock_changed_by_an_import_is_picked_up_by_housekeeping(Backend::Postgres).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    #[ignore = "needs PostgreSQL on 127.0.0.1:5432 (scripts/test.sh runs it when one answers)"]
    async fn a_mail_that_cannot_be_sent_is_tried_again_a_few_times() {
        super::a_mail_that_cannot_be_sent_is_tried_again_a_few_times(Backend::Postgres).await;
    }
}
