//! `GET /metrics`: the shop's figures in the Prometheus text format, behind `METRICS_KEY`. An
//! order placed with a card (variant 1522, method 3) whose payment fails is counted as one
//! order placed, one failed payment and its cancellation mail, and every request under its
//! route pattern.

use std::collections::BTreeMap;

use host_server::platform::config::Secret;
use serde_json::json;

use crate::orders::{pay, ready_cart};
use crate::support::order::PlacedOrder;
use crate::support::{Backend, TestApp};

const KEY: &str = "scrape-key-for-tests";

/// One sample of the text format: `name{label="value",…} number`.
#[derive(Debug, PartialEq)]
struct Sample {
    name: String,
    labels: BTreeMap<String, String>,
    value: f64,
}

/// Parses the text format strictly: every line a `# HELP`/`# TYPE`/`# UNIT` comment or a sample,
/// and `# EOF` last.
fn parse(text: &str) -> Vec<Sample> {
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.last(), Some(&"# EOF"), "{text}");
    let mut samples = Vec::new();
    for line in &lines[..lines.len() - 1] {
        if let Some(comment) = line.strip_prefix("# ") {
            let kind = comment.split(' ').next().unwrap();
            assert!(["HELP", "TYPE", "UNIT"].contains(&kind), "{line}");
            continue;
        }
        let (series, value) = line.rsplit_once(' ').unwrap_or_else(|| panic!("{line}"));
        let value: f64 = value.parse().unwrap_or_else(|_| panic!("{line}"));
        let (name, labels) = match series.split_once('{') {
            None => (series, BTreeMap::new()),
            Some((name, rest)) => {
                let inner = rest.strip_suffix('}').unwrap_or_else(|| panic!("{line}"));
                let labels = inner
                    .split("\",")
                    .map(|pair| {
                        let (key, value) =
                            pair.split_once("=\"").unwrap_or_else(|| panic!("{line}"));
                        (key.to_owned(), value.trim_end_matches('"').to_owned())
                    })
                    .collect();
                (name, labels)
            }
        };
        assert!(
            name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'),
            "{line}"
        );
        samples.push(Sample {
            name: name.to_owned(),
            labels,
            value,
        });
    }
    samples
}

fn value(samples: &[Sample], name: &str, labels: &[(&str, &str)]) -> Option<f64> {
    let wanted: BTreeMap<String, String> = labels
        .iter()
        .map(|(key, value)| ((*key).to_owned(), (*value).to_owned()))
        .collect();
    samples
        .iter()
        .find(|sample| sample.name == name && sample.labels == wanted)
        .map(|sample| sample.value)
}

async fn scrape(app: &TestApp, key: Option<&str>) -> reqwest::Response {
    let mut request = app.client.get(app.url("/metrics"));
    if let Some(key) = key {
        request = request.bearer_auth(key);
    }
    request.send().await.unwrap()
}

async fn metrics_count_a_placed_order_and_a_failed_payment(backend: Backend) {
    sqlx::any::install_default_drivers();
    let app = TestApp::spawn_with(backend, |config| {
        config.import_fixtures = host_server::platform::config::ImportFixtures::Auto;
        config.metrics_key = Some(Secret::new(KEY));
    })
    .await;
    assert_eq!(scrape(&app, None).await.status(), 401);
    assert_eq!(
        scrape(&app, Some("scrape-key-for-test")).await.status(),
        401
    );

    let cart = ready_cart(&app, 1522, 1, json!({"paymentMethodId": 3})).await;
    let (status, placed): (_, PlacedOrder) = app.place_order(&cart).await;
    assert_eq!(status, 201);
    pay(&app, &placed.redirect_url, "failed").await;

    let response = scrape(&app, Some(KEY)).await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["content-type"],
        "application/openmetrics-text; version=1.0.0; charset=utf-8"
    );
    let samples = parse(&response.text().await.unwrap());
    assert_eq!(
        value(&samples, "hoofbeat_orders_placed_total", &[]),
        Some(1.0)
    );
    assert_eq!(
        value(
            &samples,
            "hoofbeat_payments_total",
            &[("outcome", "failed")]
        ),
        Some(1.0)
    );
    let mails = app.outbox().len() as f64;
    assert!(mails >= 1.0, "the failed payment's cancellation mail");
    assert_eq!(
        value(&samples, "hoofbeat_mails_total", &[("outcome", "sent")]),
        Some(mails)
    );
    let placing = [
        ("route", "/api/cart/{id}/order"),
        ("method", "POST"),
        ("status", "201"),
    ];
    assert_eq!(
        value(&samples, "hoofbeat_http_requests_total", &placing),
        Some(1.0)
    );
    assert_eq!(
        value(
            &samples,
            "hoofbeat_http_request_duration_seconds_count",
            &[("route", "/api/cart/{id}/order")]
        ),
        Some(1.0)
    );
    let refused = [("route", "/metrics"), ("method", "GET"), ("status", "401")];
    assert_eq!(
        value(&samples, "hoofbeat_http_requests_total", &refused),
        Some(2.0)
    );
    assert!(value(&samples, "hoofbeat_database_pool_connections", &[]).unwrap() >= 1.0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_metrics_count_a_placed_order_and_a_failed_payment() {
    metrics_count_a_placed_order_and_a_failed_payment(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL on 127.0.0.1:5432 (scripts/test.sh runs it when one answers)"]
async fn postgres_metrics_count_a_placed_order_and_a_failed_payment() {
    metrics_count_a_placed_order_and_a_failed_payment(Backend::Postgres).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_key_there_are_no_metrics() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    assert_eq!(scrape(&app, Some(KEY)).await.status(), 404);
}

/// The renderer's figures as its processes' sum answers them (`storefront/server/metrics.ts`).
const RENDERER_FIGURES: &str = "# HELP renderer_process_resident_memory_bytes Resident memory size in bytes.\n\
# TYPE renderer_process_resident_memory_bytes gauge\n\
renderer_process_resident_memory_bytes 194359296\n\
# HELP renderer_nodejs_eventloop_lag_seconds Lag of event loop in seconds.\n\
# TYPE renderer_nodejs_eventloop_lag_seconds gauge\n\
renderer_nodejs_eventloop_lag_seconds 0.0042\n\
# EOF\n";

/// A stand-in renderer whose figures address answers `body`.
async fn renderer_answering(body: &'static str) -> url::Url {
    let app = axum::Router::new().route(
        "/api/renderer/metrics",
        axum::routing::get(move || async move { body }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = url::Url::parse(&format!("http://{}", listener.local_addr().unwrap())).unwrap();
    tokio::spawn(async move {
        axum::serve(listener, app).await.unwrap();
    });
    url
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_renderers_own_figures_follow_the_servers() {
    let renderer = renderer_answering(RENDERER_FIGURES).await;
    let app = TestApp::spawn_with(Backend::Sqlite, |config| {
        config.metrics_key = Some(Secret::new(KEY));
        config.renderer_url = Some(renderer);
    })
    .await;
    let text = scrape(&app, Some(KEY)).await.text().await.unwrap();
    // One text, ended once: the server's figures, then the renderer's.
    assert_eq!(text.matches("# EOF").count(), 1, "{text}");
    let samples = parse(&text);
    assert_eq!(
        value(&samples, "renderer_process_resident_memory_bytes", &[]),
        Some(194_359_296.0)
    );
    assert_eq!(
        value(&samples, "renderer_nodejs_eventloop_lag_seconds", &[]),
        Some(0.0042)
    );
    assert!(
        value(&samples, "hoofbeat_database_pool_connections", &[]).is_some(),
        "{text}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_renderer_without_sound_figures_leaves_the_servers_whole() {
    for renderer in [
        renderer_answering("renderer_process_resident_memory_bytes 1\n").await,
        // Nothing listens there.
        url::Url::parse("http://127.0.0.1:9").unwrap(),
    ] {
        let app = TestApp::spawn_with(Backend::Sqlite, |config| {
            config.metrics_key = Some(Secret::new(KEY));
            config.renderer_url = Some(renderer);
        })
        .await;
        let response = scrape(&app, Some(KEY)).await;
        assert_eq!(response.status(), 200);
        let samples = parse(&response.text().await.unwrap());
        assert!(value(&samples, "hoofbeat_database_pool_connections", &[]).is_some());
        assert!(
            !samples
                .iter()
                .any(|sample| sample.name.starts_with("renderer_process"))
        );
    }
}
