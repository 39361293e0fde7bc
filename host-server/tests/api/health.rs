use serde_json::json;

use crate::support::{Backend, TestApp, backend_tests};

backend_tests!(
    health_names_the_database_backend,
    unknown_api_paths_are_json_404s,
    stops_gracefully,
    a_server_without_a_renderer_is_live_and_ready,
    a_server_starts_beside_a_newer_release_that_migrated_further,
);

/// During an upgrade the new release migrates first; a server of the previous release that
/// starts afterwards lets the migration it does not know be, and is ready.
async fn a_server_starts_beside_a_newer_release_that_migrated_further(app: TestApp) {
    sqlx::any::install_default_drivers();
    let url = app.database_url();
    let pool = sqlx::AnyPool::connect(&url).await.unwrap();
    sqlx::query(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES (99990101000000, 'a later release', TRUE, $1, 1)",
    )
    .bind(vec![0u8; 48])
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;
    let previous = TestApp::spawn_with(app.backend, move |config| config.database_url = url).await;
    let ready = previous.get("/api/health/ready").await;
    assert_eq!(ready.status(), 200);
    assert_eq!(
        ready.json::<serde_json::Value>().await.unwrap()["migrations"],
        "done"
    );
    previous.stop().await;
}

async fn a_server_without_a_renderer_is_live_and_ready(app: TestApp) {
    let live = app.get("/api/health/live").await;
    assert_eq!(live.status(), 200);
    assert_eq!(
        live.json::<serde_json::Value>().await.unwrap(),
        json!({"status": "ok"})
    );
    let ready = app.get("/api/health/ready").await;
    assert_eq!(ready.status(), 200);
    assert_eq!(
        ready.json::<serde_json::Value>().await.unwrap(),
        json!({"status": "ready", "database": "up", "migrations": "done", "renderer": "off"})
    );
}

/// A renderer that does not answer takes the server out of the load balancer's rotation; one
/// that answers its health path puts it back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readiness_follows_the_renderer() {
    let renderer = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = renderer.local_addr().unwrap();
    drop(renderer);
    let app = TestApp::spawn_with(Backend::Sqlite, |config| {
        config.renderer_url = Some(format!("http://{address}").parse().unwrap());
    })
    .await;
    let ready = app.get("/api/health/ready").await;
    assert_eq!(ready.status(), 503);
    assert_eq!(
        ready.json::<serde_json::Value>().await.unwrap(),
        json!({"status": "notReady", "database": "up", "migrations": "done", "renderer": "down"})
    );
    assert_eq!(app.get("/api/health/live").await.status(), 200);

    let listener = tokio::net::TcpListener::bind(address).await.unwrap();
    let health = axum::Router::new().route(
        "/api/renderer/health",
        axum::routing::get(|| async { axum::Json(json!({"status": "ok"})) }),
    );
    tokio::spawn(async move { axum::serve(listener, health).await.unwrap() });
    let ready = app.get("/api/health/ready").await;
    assert_eq!(ready.status(), 200);
    assert_eq!(
        ready.json::<serde_json::Value>().await.unwrap()["renderer"],
        "up"
    );
}

/// While PostgreSQL refuses the shop's database the server is live but not ready; once it
/// accepts connections again the server is ready again, without a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL on 127.0.0.1:5432 (scripts/test.sh runs it when one answers)"]
async fn readiness_fails_while_the_database_is_away_and_recovers() {
    use sqlx::Connection;
    let app = TestApp::spawn(Backend::Postgres).await;
    let database = url::Url::parse(&app.database_url()).unwrap().path()[1..].to_owned();
    let mut admin = sqlx::PgConnection::connect(&crate::support::postgres_admin_url())
        .await
        .unwrap();
    let away = [
        format!("ALTER DATABASE \"{database}\" ALLOW_CONNECTIONS false"),
        format!(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{database}'"
        ),
    ];
    for statement in &away {
        sqlx::query(statement).execute(&mut admin).await.unwrap();
    }
    let ready = app.get("/api/health/ready").await;
    assert_eq!(ready.status(), 503);
    assert_eq!(
        ready.json::<serde_json::Value>().await.unwrap(),
        json!({"status": "notReady", "database": "down", "migrations": "pending", "renderer": "off"})
    );
    assert_eq!(app.get("/api/health/live").await.status(), 200);

    sqlx::query(&format!(
        "ALTER DATABASE \"{database}\" ALLOW_CONNECTIONS true"
    ))
    .execute(&mut admin)
    .await
    .unwrap();
    let ready = app.get("/api/health/ready").await;
    assert_eq!(ready.status(), 200);
}

async fn health_names_the_database_backend(app: TestApp) {
    let response = app.get("/api/health").await;
    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await.unwrap();
    let expected = match app.backend {
        Backend::Sqlite => "sqlite",
        Backend::Postgres => "postgres",
    };
    assert_eq!(
        body,
        serde_json::json!({ "status": "ok", "database": expected })
    );
}

async fn unknown_api_paths_are_json_404s(app: TestApp) {
    let response = app.get("/api/no-such-thing").await;
    assert_eq!(response.status(), 404);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(
        body,
        serde_json::json!({ "status": 404, "code": "errors.notFound", "message": "Not found" })
    );
}

async fn stops_gracefully(app: TestApp) {
    app.stop().await;
}
