//! The shop's figures for a monitoring system, in the Prometheus text format (OpenMetrics) at
//! `GET /metrics`, behind the bearer key `METRICS_KEY`: requests and their latency per route,
//! the page cache, the renderer, orders placed, payments by outcome, mails, housekeeping rounds,
//! backups and the database pool, followed by the server renderer's own figures (its processes'
//! memory, event loop lag, garbage collection), read from it at each scrape. Each server counts
//! its own; the monitoring system adds them up.
//!
//! The figures live in one registry per server ([`Metrics`] in the state), not in a global
//! one, so that servers started side by side in one process (the tests) count apart.

use std::time::Duration;

use axum::extract::{MatchedPath, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;
use url::Url;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::platform::config::Secret;
use crate::platform::secrets::hash_token;

/// The content type of the OpenMetrics text format, which Prometheus reads.
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// Upper bounds of the latency buckets, in seconds: from 1 ms to 10 s.
const LATENCY_BUCKETS: [f64; 13] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// A request as counted: its route (the pattern, never the path with ids), method and status.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RequestLabels {
    pub route: String,
    pub method: String,
    pub status: u16,
}

/// The route of a latency observation.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RouteLabels {
    pub route: String,
}

/// What something ended as: `hit`, `stale`, `miss`; `paid`, `failed`; `sent`, `failed`, …
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct OutcomeLabels {
    pub outcome: &'static str,
}

/// One server's figures.
pub struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    latency: Family<RouteLabels, Histogram>,
    page_cache: Family<OutcomeLabels, Counter>,
    renders: Family<OutcomeLabels, Counter>,
    render_seconds: Histogram,
    orders_placed: Counter,
    payments: Family<OutcomeLabels, Counter>,
    mails: Family<OutcomeLabels, Counter>,
    housekeeping_runs: Family<OutcomeLabels, Counter>,
    backups: Family<OutcomeLabels, Counter>,
    pool_connections: Gauge,
    pool_idle: Gauge,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("Metrics")
    }
}

fn latency_histogram() -> Histogram {
    Histogram::new(LATENCY_BUCKETS)
}

impl Default for Metrics {
    fn default() -> Metrics {
        let mut registry = Registry::with_prefix("hoofbeat");
        let requests = Family::<RequestLabels, Counter>::default();
        registry.register(
            "http_requests",
            "HTTP requests answered, by route, method and status",
            requests.clone(),
        );
        let latency =
            Family::<RouteLabels, Histogram>::new_with_constructor(latency_histogram as fn() -> _);
        registry.register(
            "http_request_duration_seconds",
            "Time from a request's arrival to its answer, by route",
            latency.clone(),
        );
        let page_cache = Family::<OutcomeLabels, Counter>::default();
        registry.register(
            "page_cache_lookups",
            "Pages asked of the page cache, by outcome (hit, stale, miss)",
            page_cache.clone(),
        );
        let renders = Family::<OutcomeLabels, Counter>::default();
        registry.register(
            "renders",
            "Pages asked of the server renderer, by outcome (rendered, failed)",
            renders.clone(),
        );
        let render_seconds = latency_histogram();
        registry.register(
            "render_duration_seconds",
            "Time the server renderer took for a page",
            render_seconds.clone(),
        );
        let orders_placed = Counter::default();
        registry.register("orders_placed", "Orders placed", orders_placed.clone());
        let payments = Family::<OutcomeLabels, Counter>::default();
        registry.register(
            "payments",
            "Payments that reached an end, by outcome (paid, failed, cancelled, expired)",
            payments.clone(),
        );
        let mails = Family::<OutcomeLabels, Counter>::default();
        registry.register(
            "mails",
            "Mails handed to the relay or outbox, by outcome (sent, failed, retried)",
            mails.clone(),
        );
        let housekeeping_runs = Family::<OutcomeLabels, Counter>::default();
        registry.register(
            "housekeeping_runs",
            "Rounds of the housekeeping task, by outcome (done, failed)",
            housekeeping_runs.clone(),
        );
        let backups = Family::<OutcomeLabels, Counter>::default();
        registry.register(
            "backups",
            "Scheduled backups, by outcome (written, failed)",
            backups.clone(),
        );
        let pool_connections = Gauge::default();
        registry.register(
            "database_pool_connections",
            "Connections the database pool holds",
            pool_connections.clone(),
        );
        let pool_idle = Gauge::default();
        registry.register(
            "database_pool_idle_connections",
            "Connections of the pool waiting for work",
            pool_idle.clone(),
        );
        Metrics {
            registry,
            requests,
            latency,
            page_cache,
            renders,
            render_seconds,
            orders_placed,
            payments,
            mails,
            housekeeping_runs,
            backups,
            pool_connections,
            pool_idle,
        }
    }
}

fn outcome(outcome: &'static str) -> OutcomeLabels {
    OutcomeLabels { outcome }
}

impl Metrics {
    /// Counts an answered request and its time.
    pub fn request_answered(&self, labels: RequestLabels, took: Duration) {
        self.latency
            .get_or_create(&RouteLabels {
                route: labels.route.clone(),
            })
            .observe(took.as_secs_f64());
        self.requests.get_or_create(&labels).inc();
    }

    /// Counts a page-cache lookup: `hit`, `stale` or `miss`.
    pub fn page_cache_lookup(&self, result: &'static str) {
        self.page_cache.get_or_create(&outcome(result)).inc();
    }

    /// Counts a page the renderer rendered, and its time.
    pub fn page_rendered(&self, took: Duration) {
        self.renders.get_or_create(&outcome("rendered")).inc();
        self.render_seconds.observe(took.as_secs_f64());
    }

    /// Counts a page the renderer could not give (unreachable, too slow, failed).
    pub fn render_failed(&self) {
        self.renders.get_or_create(&outcome("failed")).inc();
    }

    /// Counts a new order.
    pub fn order_placed(&self) {
        self.orders_placed.inc();
    }

    /// Counts a payment that reached `status` (`paid`, `failed`, `cancelled`, `expired`).
    pub fn payment_ended(&self, status: &'static str) {
        self.payments.get_or_create(&outcome(status)).inc();
    }

    /// Counts a mail: `sent`, `failed`, or `retried` (a failed one tried again later).
    pub fn mail(&self, result: &'static str) {
        self.mails.get_or_create(&outcome(result)).inc();
    }

    /// Counts a housekeeping round: `done` or `failed`.
    pub fn housekeeping_run(&self, result: &'static str) {
        self.housekeeping_runs.get_or_create(&outcome(result)).inc();
    }

    /// Counts a scheduled backup: `written` or `failed`.
    pub fn backup(&self, result: &'static str) {
        self.backups.get_or_create(&outcome(result)).inc();
    }

    /// The figures in the text format, with the pool's state as of now.
    pub fn render(&self, pool: &sqlx::AnyPool) -> Result<String, std::fmt::Error> {
        self.pool_connections.set(i64::from(pool.size()));
        self.pool_idle
            .set(i64::try_from(pool.num_idle()).unwrap_or(i64::MAX));
        let mut text = String::new();
        prometheus_client::encoding::text::encode(&mut text, &self.registry)?;
        Ok(text)
    }
}

/// The route a request is counted under: the API's route pattern (`/api/orders/{id}`), or one
/// name for all storefront pages and files, so that the number of series stays small.
fn route_of(request: &Request) -> String {
    match request.extensions().get::<MatchedPath>() {
        Some(matched) if matched.as_str() != "/api/{*rest}" => matched.as_str().to_owned(),
        Some(_) => "unknown api path".to_owned(),
        None if request.uri().path().starts_with("/admin") => "back office".to_owned(),
        None => "storefront".to_owned(),
    }
}

/// Middleware: counts every request with its route, method, status and time.
pub async fn count_requests(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    let started = std::time::Instant::now();
    let route = route_of(&request);
    let method = request.method().as_str().to_owned();
    let response = next.run(request).await;
    state.metrics.request_answered(
        RequestLabels {
            route,
            method,
            status: response.status().as_u16(),
        },
        started.elapsed(),
    );
    response
}

/// The route of the figures, asking for `key`; the renderer at `renderer` adds its own.
pub fn router(key: Option<Secret>, renderer: Option<&Url>) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(serve))
        .layer(axum::Extension(MetricsKey(key)))
        .layer(axum::Extension(RendererFigures::new(renderer)))
}

/// The renderer's own figures (its processes' memory, event loop lag, garbage collection), read
/// from its loopback port at each scrape and appended to this server's.
#[derive(Clone, Debug)]
struct RendererFigures {
    url: Option<Url>,
    client: reqwest::Client,
}

/// The renderer's address of its figures; host-server never forwards an `/api/` path to the
/// renderer, so visitors cannot reach it through the shop.
const RENDERER_FIGURES_PATH: &str = "/api/renderer/metrics";

/// How long a scrape waits for the renderer's figures.
const RENDERER_FIGURES_TIMEOUT: Duration = Duration::from_secs(2);

/// The line that ends a text in the OpenMetrics format.
const END: &str = "# EOF\n";

impl RendererFigures {
    fn new(base: Option<&Url>) -> RendererFigures {
        RendererFigures {
            url: base.and_then(|base| base.join(RENDERER_FIGURES_PATH).ok()),
            client: reqwest::Client::builder()
                .timeout(RENDERER_FIGURES_TIMEOUT)
                .build()
                .unwrap_or_default(),
        }
    }

    /// The renderer's figures without their end line; none when there is no renderer or its
    /// answer is not OpenMetrics text (the scrape then holds this server's figures only).
    async fn read(&self) -> Option<String> {
        let url = self.url.as_ref()?;
        let answer = match self.client.get(url.clone()).send().await {
            Ok(answer) if answer.status().is_success() => answer,
            Ok(answer) => {
                tracing::warn!(status = %answer.status(), "the renderer gave no figures");
                return None;
            }
            Err(error) => {
                tracing::warn!(%error, "the renderer's figures could not be read");
                return None;
            }
        };
        let text = answer.text().await.ok()?;
        let figures = text.strip_suffix(END);
        if figures.is_none() {
            tracing::warn!("the renderer's figures are not OpenMetrics text");
        }
        figures.map(str::to_owned)
    }
}

/// This server's figures followed by the renderer's, in one OpenMetrics text.
fn joined(own: &str, renderer: Option<String>) -> String {
    match (own.strip_suffix(END), renderer) {
        (Some(own), Some(renderer)) => format!("{own}{renderer}{END}"),
        _ => own.to_owned(),
    }
}

/// The figures of this server in the Prometheus text format (OpenMetrics), for a monitoring
/// system that sends `Authorization: Bearer` with `METRICS_KEY`. Without a configured key there
/// are none (404); a wrong or missing key gets 401.
#[utoipa::path(
    get,
    path = "/metrics",
    tag = "health",
    responses(
        (status = 200, description = "The figures", content_type = "application/openmetrics-text; version=1.0.0; charset=utf-8", body = String),
        (status = 401, description = "No or a wrong bearer key"),
        (status = 404, description = "No METRICS_KEY is configured: no figures are served"),
    ),
    security(("metricsKey" = []))
)]
async fn serve(
    State(state): State<AppState>,
    axum::Extension(key): axum::Extension<MetricsKey>,
    axum::Extension(renderer): axum::Extension<RendererFigures>,
    headers: HeaderMap,
) -> Response {
    let Some(expected) = key.0 else {
        return StatusCode::NOT_FOUND.into_response();
    };
    if !bearer_matches(&headers, &expected) {
        return (
            StatusCode::UNAUTHORIZED,
            [(header::WWW_AUTHENTICATE, "Bearer realm=\"metrics\"")],
        )
            .into_response();
    }
    match state.metrics.render(state.db.pool()) {
        Ok(own) => (
            [
                (header::CONTENT_TYPE, CONTENT_TYPE),
                (header::CACHE_CONTROL, "no-store"),
            ],
            joined(&own, renderer.read().await),
        )
            .into_response(),
        Err(error) => {
            tracing::error!(%error, "metrics could not be written");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

/// The configured `METRICS_KEY`, handed to [`serve`].
#[derive(Clone, Debug)]
struct MetricsKey(Option<Secret>);

/// Whether the request's bearer token is `expected`. As with the other keys, their hashes are
/// compared, so the answer's timing does not tell how much of a guess was right.
fn bearer_matches(headers: &HeaderMap, expected: &Secret) -> bool {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer "))
        .is_some_and(|given| hash_token(given.trim()) == hash_token(expected.expose()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_exact_bearer_key_passes() {
        let key = Secret::new("scrape-key");
        let with = |value: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::AUTHORIZATION, value.parse().unwrap());
            headers
        };
        assert!(bearer_matches(&with("Bearer scrape-key"), &key));
        assert!(!bearer_matches(&with("Bearer scrape-kez"), &key));
        assert!(!bearer_matches(&with("Bearer scrape"), &key));
        assert!(!bearer_matches(&with("Basic scrape-key"), &key));
        assert!(!bearer_matches(&HeaderMap::new(), &key));
    }

    #[test]
    fn the_text_names_each_figure_once_with_its_help_and_type() {
        let metrics = Metrics::default();
        metrics.order_placed();
        metrics.payment_ended("failed");
        metrics.request_answered(
            RequestLabels {
                route: "/api/health".to_owned(),
                method: "GET".to_owned(),
                status: 200,
            },
            Duration::from_millis(3),
        );
        let mut text = String::new();
        prometheus_client::encoding::text::encode(&mut text, &metrics.registry).unwrap();
        assert!(
            text.contains("# TYPE hoofbeat_orders_placed counter\n"),
            "{text}"
        );
        assert!(text.contains("hoofbeat_orders_placed_total 1\n"), "{text}");
        assert!(
            text.contains("hoofbeat_payments_total{outcome=\"failed\"} 1\n"),
            "{text}"
        );
        assert!(
            text.contains(
                "hoofbeat_http_requests_total{route=\"/api/health\",method=\"GET\",status=\"200\"} 1\n"
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "hoofbeat_http_request_duration_seconds_bucket{le=\"0.005\",route=\"/api/health\"} 1\n"
            ),
            "{text}"
        );
        assert!(text.ends_with("# EOF\n"));
    }
}
