//! Review requests and moderation: the review-request mail goes out a
//! configured number of days after an order was sent, once per order; the back office lists
//! the pending reviews and approves or rejects them, and the product's rating follows.

use reqwest::Method;
use serde::de::IgnoredAny;
use serde_json::{Value, json};

use crate::orders::ready_cart;
use crate::support::account::AccountReviews;
use crate::support::catalog::ProductReviews;
use crate::support::order::PlacedOrder;
use crate::support::review::{ModeratedReview, PendingReviews};
use crate::support::{ApiErrorBody, Backend, Mail, TestApp, read};

/// The review-request mails in the outbox.
fn review_requests(app: &TestApp) -> Vec<Mail> {
    app.outbox()
        .into_iter()
        .filter(|mail| mail.subject.starts_with("Wat vind je van"))
        .collect()
}

/// The review-request mails once the housekeeping task has sent one, waiting at most 5 s.
async fn requests_once_sent(app: &TestApp) -> Vec<Mail> {
    for _ in 0..100 {
        let mails = review_requests(app);
        if !mails.is_empty() {
            return mails;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    review_requests(app)
}

const KEY: &str = "backoffice-test-key";
/// The housekeeping interval of the retry tests: long enough that the outbox is put back long
/// before a few rounds have failed, on a loaded machine too.
const ROUND_MS: u64 = 2000;

async fn app(backend: Backend, housekeeping_ms: Option<u64>) -> TestApp {
    let app = TestApp::spawn_with(backend, |config| {
        config.import_fixtures = host_server::platform::config::ImportFixtures::Auto;
        config.housekeeping.review_request_days = 14;
        if let Some(ms) = housekeeping_ms {
            config.housekeeping.interval = std::time::Duration::from_millis(ms);
        }
    })
    .await;
    app.known_integration_key(KEY).await;
    app
}

async fn set_status(app: &TestApp, number: &str, status: &str) {
    let path = format!("/api/backoffice/orders/{number}/status?status={status}");
    // The answer is only shown when the status is not the one expected.
    let (code, body): (_, Value) = app.backoffice_with_key(Method::PUT, &path, KEY).await;
    assert_eq!(code, 200, "{body}");
}

/// Signs the app's client in as the demo customer Jan, whose orders are then his account's.
async fn sign_in_as_jan(app: &TestApp) {
    let signed_in = app
        .post_json(
            "/api/authentication/signin",
            &json!({"emailAddress": "jan.devries@example.com", "password": "Hoefslag2024"}),
        )
        .await;
    assert_eq!(signed_in.status(), 200);
}

async fn reviews_of_product_1(app: &TestApp) -> ProductReviews {
    read(app.get_in(1, 1, "/api/products/1/reviews?ps=100").await).await
}

async fn pending_reviews_are_approved_or_rejected_and_the_rating_follows(backend: Backend) {
    let app = app(backend, None).await;
    let (status, _): (_, ApiErrorBody) = app
        .backoffice_with_key(Method::GET, "/api/backoffice/reviews", "wrong")
        .await;
    assert_eq!(status, 401);
    let (status, pending): (_, PendingReviews) = app
        .backoffice_with_key(Method::GET, "/api/backoffice/reviews", KEY)
        .await;
    assert_eq!(status, 200);
    assert_eq!(pending.total, 8, "the fixtures' pending reviews");
    let mut ids: Vec<i64> = pending
        .reviews
        .iter()
        .map(|review| review.review_id)
        .collect();
    ids.sort_unstable();
    assert_eq!(ids, [8, 12, 51, 53, 86, 90, 130, 132]);

    let written = app
        .post_json_in(
            1,
            1,
            "/api/products/1/reviews",
            &json!({"title": "Prima muesli", "rating": 4, "text": "Mijn merrie eet het heel graag", "name": "Testruiter"}),
        )
        .await;
    assert_eq!(written.status(), 201);
    let (_, pending): (_, PendingReviews) = app
        .backoffice_with_key(Method::GET, "/api/backoffice/reviews?ps=100", KEY)
        .await;
    assert_eq!(pending.total, 9);
    let ours = pending
        .reviews
        .iter()
        .find(|review| review.reviewer_name == "Testruiter")
        .unwrap();
    assert_eq!(
        (
            ours.product_id,
            ours.rating,
            ours.title.as_str(),
            ours.text.as_str(),
            ours.status.as_str(),
            ours.site_id,
            ours.language_id
        ),
        (
            1,
            4,
            "Prima muesli",
            "Mijn merrie eet het heel graag",
            "pending",
            1,
            1
        )
    );
    let id = ours.review_id;
    let before = reviews_of_product_1(&app).await;
    assert_eq!(
        (before.average_rating.as_deref(), before.review_count),
        (Some("5.0"), 1)
    );

    let approve = format!("/api/backoffice/reviews/{id}/approve");
    let (status, _): (_, ApiErrorBody) = app
        .backoffice_with_key(Method::POST, &approve, "wrong")
        .await;
    assert_eq!(status, 401);
    let (status, approved): (_, ModeratedReview) =
        app.backoffice_with_key(Method::POST, &approve, KEY).await;
    assert_eq!((status, approved.status.as_str()), (200, "approved"));
    let after = reviews_of_product_1(&app).await;
    assert_eq!(
        (after.average_rating.as_deref(), after.review_count),
        (Some("4.5"), 2)
    );
    assert_eq!(after.reviews[0].title, "Prima muesli", "newest first");
    let (_, pending): (_, PendingReviews) = app
        .backoffice_with_key(Method::GET, "/api/backoffice/reviews", KEY)
        .await;
    assert_eq!(pending.total, 8);
    // Search shows the rating too, once the catalog change has reached it.
    let pool = sqlx::AnyPool::connect(&app.database_url()).await.unwrap();
    let (average, count): (Option<String>, i64) =
        sqlx::query_as("SELECT rating_average, rating_count FROM products WHERE product_id = 1")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!((average.as_deref(), count), (Some("4.5"), 2));

    let (status, rejected): (_, ModeratedReview) = app
        .backoffice_with_key(
            Method::POST,
            &format!("/api/backoffice/reviews/{id}/reject"),
            KEY,
        )
        .await;
    assert_eq!((status, rejected.status.as_str()), (200, "rejected"));
    let taken_down = reviews_of_product_1(&app).await;
    assert_eq!(
        (
            taken_down.average_rating.as_deref(),
            taken_down.review_count
        ),
        (Some("5.0"), 1)
    );

    let (status, _): (_, ApiErrorBody) = app
        .backoffice_with_key(Method::POST, "/api/backoffice/reviews/999999/approve", KEY)
        .await;
    assert_eq!(status, 404);
    let (status, _): (_, ApiErrorBody) = app
        .backoffice_with_key(Method::POST, "/api/backoffice/reviews/abc/approve", KEY)
        .await;
    assert_eq!(status, 400);
}

async fn review_requests_go_out_days_after_shipping_once_per_order(backend: Backend) {
    sqlx::any::install_default_drivers();
    let app = app(backend, Some(200)).await;
    sign_in_as_jan(&app).await;
    let (_, before): (_, AccountReviews) = app.account_get("/api/account/reviews").await;
    let open_before = before.review_requests.len();
    // A bank transfer of Hoefslag Magnesium, paid, processed and sent.
    let cart = ready_cart(&app, 1522, 1, json!({"paymentMethodId": 6})).await;
    let (status, placed): (_, PlacedOrder) = app.place_order(&cart).await;
    assert_eq!(status, 201, "{placed:?}");
    let number = placed.order.order_number;
    for status in ["paid", "processing", "sent"] {
        set_status(&app, &number, status).await;
    }
    tokio::time::sleep(std::time::Duration::from_millis(700)).await;
    assert!(review_requests(&app).is_empty(), "not before 14 days");

    let pool = sqlx::AnyPool::connect(&app.database_url()).await.unwrap();
    let fifteen_days_ago = host_server::platform::clock::now_millis() - 15 * 86_400_000;
    sqlx::query(
        "UPDATE order_status_history SET changed_at = $1 WHERE status = 'sent' \
         AND order_id = (SELECT order_id FROM orders WHERE order_number = $2)",
    )
    .bind(fifteen_days_ago)
    .bind(&number)
    .execute(&pool)
    .await
    .unwrap();
    let mails = requests_once_sent(&app).await;
    let (description,): (String,) = sqlx::query_as(
        "SELECT l.description FROM order_lines l JOIN orders o ON o.order_id = l.order_id WHERE o.order_number = $1",
    )
    .bind(&number)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(description, "Hoefslag Magnesium");
    assert_eq!(mails.len(), 1);
    assert_eq!(mails[0].to, "anna@example.com");
    assert_eq!(mails[0].subject, "Wat vind je van Hoefslag Magnesium?");
    assert!(
        mails[0].body.starts_with("Hallo Anna,"),
        "{}",
        mails[0].body
    );
    let (path,): (String,) = sqlx::query_as(
        "SELECT path FROM routes WHERE site_id = 1 AND language_id = 1 AND route_key = 'productDetail:1522:article'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    let port = url::Url::parse(&app.base_url).unwrap().port().unwrap();
    assert_eq!(
        mails[0].link(),
        format!("http://hoefslag.localhost:{port}{path}#review")
    );

    // Once per order, however many rounds follow.
    tokio::time::sleep(std::time::Duration::from_millis(700)).await;
    assert_eq!(review_requests(&app).len(), 1);
    let (_, open): (_, AccountReviews) = app.account_get("/api/account/reviews").await;
    let open = &open.review_requests;
    assert_eq!(open.len(), open_before + 1);
    let ours = open
        .iter()
        .find(|request| request.order_number == number)
        .unwrap();
    assert_eq!((ours.product_id, ours.status.as_str()), (52, "new"));
}

async fn sent_days_ago(pool: &sqlx::AnyPool, number: &str, days: i64) {
    let changed_at = host_server::platform::clock::now_millis() - days * 86_400_000;
    sqlx::query(
        "UPDATE order_status_history SET changed_at = $1 WHERE status = 'sent' \
         AND order_id = (SELECT order_id FROM orders WHERE order_number = $2)",
    )
    .bind(changed_at)
    .bind(number)
    .execute(pool)
    .await
    .unwrap();
}

/// The order's request: when it was sent, how many attempts failed, how many open requests the
/// account got for it.
async fn request_state(pool: &sqlx::AnyPool, number: &str) -> (Option<i64>, i64, i64) {
    let (requested_at, attempts): (Option<i64>, i64) = sqlx::query_as(
        "SELECT review_requested_at, review_request_attempts FROM orders WHERE order_number = $1",
    )
    .bind(number)
    .fetch_one(pool)
    .await
    .unwrap();
    let (open,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM review_requests WHERE order_number = $1")
            .bind(number)
            .fetch_one(pool)
            .await
            .unwrap();
    (requested_at, attempts, open)
}

async fn a_request_that_cannot_be_mailed_is_tried_again_and_scans_get_none(backend: Backend) {
    sqlx::any::install_default_drivers();
    let app = app(backend, Some(ROUND_MS)).await;
    sign_in_as_jan(&app).await;
    let pool = sqlx::AnyPool::connect(&app.database_url()).await.unwrap();
    let mut numbers = Vec::new();
    // Hoefslag Magnesium, and a quick scan (a laboratory service: nothing shipped to review).
    for variant in [1522, 1811] {
        let cart = ready_cart(&app, variant, 1, json!({"paymentMethodId": 6})).await;
        if variant == 1811 {
            // A scan's sample needs its name before the order can be placed.
            let named = app.post(&format!("/api/cart/{cart}/rqssamplename?productVariantId=1811&sequence=1&samplename=Hooi")).await;
            assert_eq!(named.status(), 200);
        }
        let (status, placed): (_, PlacedOrder) = app.place_order(&cart).await;
        assert_eq!(status, 201, "{placed:?}");
        let number = placed.order.order_number;
        for status in ["paid", "processing", "sent"] {
            set_status(&app, &number, status).await;
        }
        numbers.push(number);
    }
    let (magnesium, scan) = (&numbers[0], &numbers[1]);
    app.break_outbox(true);
    sent_days_ago(&pool, magnesium, 15).await;
    sent_days_ago(&pool, scan, 15).await;
    let mut attempts = 0;
    for _ in 0..100 {
        attempts = request_state(&pool, magnesium).await.1;
        if attempts > 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    app.break_outbox(false);
    assert!(attempts >= 1, "the failed mail was counted and released");

    let mails = requests_once_sent(&app).await;
    assert_eq!(mails.len(), 1);
    assert_eq!(mails[0].subject, "Wat vind je van Hoefslag Magnesium?");
    // Two more rounds: mailed once, one open request however many tries, no request for scans.
    tokio::time::sleep(std::time::Duration::from_millis(2 * ROUND_MS + 200)).await;
    assert_eq!(review_requests(&app).len(), 1);
    let (requested_at, tries, open) = request_state(&pool, magnesium).await;
    assert!(requested_at.is_some());
    // Each round while the outbox was broken failed once more; fewer than the five that give up.
    assert!((1..5).contains(&tries), "{tries} failed attempts");
    assert_eq!(open, 1);
    assert_eq!(request_state(&pool, scan).await, (None, 0, 0));
}

async fn concurrent_moderations_all_succeed(backend: Backend) {
    let app = std::sync::Arc::new(app(backend, None).await);
    // The fixtures' pending reviews, approved and rejected by twenty callers at once.
    let ids = [8, 12, 51, 53, 86, 90, 130, 132];
    let mut calls = tokio::task::JoinSet::new();
    for call in 0..20 {
        let verdict = if call % 2 == 0 { "approve" } else { "reject" };
        let path = format!(
            "/api/backoffice/reviews/{}/{verdict}",
            ids[call % ids.len()]
        );
        let app = std::sync::Arc::clone(&app);
        calls.spawn(async move {
            let (status, _): (_, IgnoredAny) =
                app.backoffice_with_key(Method::POST, &path, KEY).await;
            status
        });
    }
    assert_eq!(calls.join_all().await, vec![200; 20]);
}

mod sqlite {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn pending_reviews_are_approved_or_rejected_and_the_rating_follows() {
        super::pending_reviews_are_approved_or_rejected_and_the_rating_follows(Backend::Sqlite)
            .await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn review_requests_go_out_days_after_shipping_once_per_order() {
        super::review_requests_go_out_days_after_shipping_once_per_order(Backend::Sqlite).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn concurrent_moderations_all_succeed() {
        super::concurrent_moderations_all_succeed(Backend::Sqlite).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_request_that_cannot_be_mailed_is_tried_again_and_scans_get_none() {
        super::a_request_that_cannot_be_mailed_is_tried_again_and_scans_get_none(Backend::Sqlite)
            .await;
    }
}

mod postgres {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    #[ignore = "needs PostgreSQL on 127.0.0.1:5432 (scripts/test.sh runs it when one answers)"]
    async fn pending_reviews_are_approved_or_rejected_and_the_rating_follows() {
        super::pending_reviews_are_approved_or_rejected_and_the_rating_follows(Backend::Postgres)
            .await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    #[ignore = "needs PostgreSQL on 127.0.0.1:5432 (scripts/test.sh runs it when one answers)"]
    async fn review_requests_go_out_days_after_shipping_once_per_order() {
        super::review_requests_go_out_days_after_shipping_once_per_order(Backend::Postgres).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    #[ignore = "needs PostgreSQL on 127.0.0.1:5432 (scripts/test.sh runs it when one answers)"]
    async fn concurrent_moderations_all_succeed() {
        super::concurrent_moderations_all_succeed(Backend::Postgres).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    #[ignore = "needs PostgreSQL on 127.0.0.1:5432 (scripts/test.sh runs it when one answers)"]
    async fn a_request_that_cannot_be_mailed_is_tried_again_and_scans_get_none() {
        super::a_request_that_cannot_be_mailed_is_tried_again_and_scans_get_none(Backend::Postgres)
            .await;
    }
}
