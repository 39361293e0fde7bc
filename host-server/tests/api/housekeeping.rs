//! Nothing is kept forever: the housekeeping task deletes carts not
//! changed for `CART_TTL` (unless their order awaits payment), expired sessions and tokens.

use serde_json::Value;

use crate::orders::{ideal, new_cart_on, place, ready_cart};
use crate::support::{Backend, TestApp};

async fn housekeeping_deletes_what_has_expired(backend: Backend) {
    sqlx::any::install_default_drivers();
    let app = TestApp::spawn_with(backend, |config| {
        config.import_fixtures = host_server::platform::config::ImportFixtures::Auto;
        config.housekeeping.cart_ttl = 3600;
        config.housekeeping.interval = std::time::Duration::from_millis(200);
    })
    .await;
    let old = new_cart_on(&app, 1, 1).await;
    let fresh = new_cart_on(&app, 1, 1).await;
    let ordered = ready_cart(&app, 1011, 1, ideal()).await;
    let (status, _) = place(&app, &ordered).await;
    assert_eq!(status, 201, "an iDEAL order awaits payment");
    assert_eq!(
        app.get(&format!("/api/cart/{old}")).await.status(),
        200,
        "read once, so the server keeps it in memory"
    );

    let pool = sqlx::AnyPool::connect(&app.database_url()).await.unwrap();
    let (account,): (String,) =
        sqlx::query_as("SELECT account_id FROM accounts ORDER BY account_id LIMIT 1")
            .fetch_one(&pool)
            .await
            .unwrap();
    let now = host_server::platform::clock::now();
    for (hash, expires_at) in [("expired", now - 1), ("live", now + 3600)] {
        sqlx::query("INSERT INTO sessions (session_hash, account_id, created_at, expires_at, last_seen_at) VALUES ($1, $2, $3, $4, $3)")
            .bind(hash)
            .bind(&account)
            .bind(now - 10)
            .bind(expires_at)
            .execute(&pool)
            .await
            .unwrap();
        sqlx::query("INSERT INTO account_tokens (token_hash, account_id, purpose, created_at, expires_at) VALUES ($1, $2, 'activation', $3, $4)")
            .bind(hash)
            .bind(&account)
            .bind(now - 10)
            .bind(expires_at)
            .execute(&pool)
            .await
            .unwrap();
    }
    // The carts age last: a housekeeping round that deletes the old cart has then seen the
    // expired session and token too (a round deletes sessions and tokens before carts).
    let two_hours_ago = host_server::platform::clock::now_millis() - 2 * 3_600_000;
    for cart in [&old, &ordered] {
        sqlx::query("UPDATE carts SET last_modified = $1 WHERE cart_id = $2")
            .bind(two_hours_ago)
            .bind(cart)
            .execute(&pool)
            .await
            .unwrap();
    }

    let mut status = 200;
    for _ in 0..50 {
        status = app.get(&format!("/api/cart/{old}")).await.status().as_u16();
        if status == 404 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(status, 404, "the old cart is deleted, in memory too");
    assert_eq!(app.get(&format!("/api/cart/{fresh}")).await.status(), 200);
    let kept: Value = app
        .get(&format!("/api/cart/{ordered}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        kept["cart"]["products"][0]["count"], 1,
        "a cart whose order awaits payment stays"
    );
    let (lines,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM cart_lines WHERE cart_id = $1")
        .bind(&old)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(lines, 0);
    // A round that began while the rows were written may have deleted the cart but not yet
    // seen the session: the next round (200 ms later) does.
    let left = |query: &'static str| {
        let pool = pool.clone();
        async move {
            let mut rows: Vec<(String,)> = Vec::new();
            for _ in 0..25 {
                rows = sqlx::query_as(query).fetch_all(&pool).await.unwrap();
                if rows.len() == 1 {
                    break;
                }
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            }
            rows
        }
    };
    let sessions =
        left("SELECT session_hash FROM sessions WHERE session_hash IN ('expired', 'live')").await;
    assert_eq!(sessions, [("live".to_owned(),)]);
    let tokens =
        left("SELECT token_hash FROM account_tokens WHERE token_hash IN ('expired', 'live')").await;
    assert_eq!(tokens, [("live".to_owned(),)]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_housekeeping_deletes_what_has_expired() {
    housekeeping_deletes_what_has_expired(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL on 127.0.0.1:5432 (scripts/test.sh runs it when one answers)"]
async fn postgres_housekeeping_deletes_what_has_expired() {
    housekeeping_deletes_what_has_expired(Backend::Postgres).await;
}
