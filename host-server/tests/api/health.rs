use crate::support::{Backend, TestApp, backend_tests};

backend_tests!(
    health_names_the_database_backend,
    unknown_api_paths_are_json_404s,
    stops_gracefully
);

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
