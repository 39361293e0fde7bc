//! Health for people and load balancers: `GET /api/health` (is the server up, and on which
//! database), `GET /api/health/live` (the process answers: restart it when this fails) and
//! `GET /api/health/ready` (it can serve: its database answers with every migration run and
//! its server renderer answers; send it no traffic while this says 503).

use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;
use url::Url;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::platform::db::Backend;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::Json;

/// How long readiness waits for the database: a load balancer asks again soon, and a pool
/// that cannot connect would otherwise wait for its own, longer time-out.
const DATABASE_PROBE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(3);

/// How long readiness waits for the renderer's answer.
const RENDERER_PROBE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(2);

/// The renderer's own health address, on its loopback port. host-server never forwards an
/// `/api/` path to the renderer, so visitors cannot reach it through the shop.
const RENDERER_HEALTH_PATH: &str = "/api/renderer/health";

/// The server's state as the health check reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum HealthStatus {
    /// The server and its database answer.
    Ok,
}

/// The health report.
#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    /// Always `ok` when the database answered.
    pub status: HealthStatus,
    /// The database backend in use.
    pub database: Backend,
}

/// Whether the process answers.
#[derive(Debug, Serialize, ToSchema)]
pub struct Liveness {
    /// Always `ok`.
    pub status: HealthStatus,
}

/// Whether the server can serve the shop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ReadinessStatus {
    /// Every part answers.
    Ready,
    /// A part does not answer: see which.
    NotReady,
}

/// What one part of the server is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum PartStatus {
    /// It answers.
    Up,
    /// It does not answer.
    Down,
    /// It is not configured (a server without a renderer serves client-rendered pages).
    Off,
}

/// Whether the database's schema is this server's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum MigrationStatus {
    /// Every migration this server carries has run.
    Done,
    /// Some have not (or the database could not be asked).
    Pending,
}

/// The readiness report.
#[derive(Debug, Serialize, ToSchema)]
pub struct Readiness {
    /// `ready` when the database is up, the migrations done and the renderer up or off.
    pub status: ReadinessStatus,
    /// The database.
    pub database: PartStatus,
    /// The schema.
    pub migrations: MigrationStatus,
    /// The server renderer.
    pub renderer: PartStatus,
}

/// Asks the server renderer whether it answers.
#[derive(Clone, Debug)]
pub struct RendererProbe {
    health_url: Option<Url>,
    client: reqwest::Client,
}

impl RendererProbe {
    /// A probe of the renderer at `base`; none is configured when it is `None`.
    pub fn new(base: Option<&Url>) -> RendererProbe {
        RendererProbe {
            health_url: base.and_then(|base| base.join(RENDERER_HEALTH_PATH).ok()),
            client: reqwest::Client::builder()
                .timeout(RENDERER_PROBE_TIMEOUT)
                .build()
                .unwrap_or_default(),
        }
    }

    async fn status(&self) -> PartStatus {
        let Some(url) = &self.health_url else {
            return PartStatus::Off;
        };
        match self.client.get(url.clone()).send().await {
            Ok(answer) if answer.status().is_success() => PartStatus::Up,
            _ => PartStatus::Down,
        }
    }
}

/// The routes of this area; readiness asks the renderer at `renderer`.
pub fn router(renderer: Option<&Url>) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(health))
        .routes(routes!(live))
        .routes(routes!(ready))
        .layer(axum::Extension(RendererProbe::new(renderer)))
}

/// Is the server up, and on which database.
#[utoipa::path(
    get,
    path = "/api/health",
    tag = "health",
    responses(
        (status = 200, description = "The server and its database answer", body = Health),
        (status = 500, description = "The database does not answer", body = ErrorBody),
    )
)]
async fn health(State(state): State<AppState>) -> Result<Json<Health>, ApiError> {
    state.db.ping().await?;
    Ok(Json(Health {
        status: HealthStatus::Ok,
        database: state.db.backend(),
    }))
}

/// Does the process answer. It asks nothing of the database, so a database outage does not
/// make a load balancer restart every server.
#[utoipa::path(
    get,
    path = "/api/health/live",
    tag = "health",
    responses((status = 200, description = "The process answers", body = Liveness))
)]
async fn live() -> Json<Liveness> {
    Json(Liveness {
        status: HealthStatus::Ok,
    })
}

/// Can the server serve the shop: its database answers, every migration it carries has run,
/// and its renderer answers (when one is configured).
#[utoipa::path(
    get,
    path = "/api/health/ready",
    tag = "health",
    responses(
        (status = 200, description = "Ready for traffic", body = Readiness),
        (status = 503, description = "A part does not answer; the body says which", body = Readiness),
    )
)]
async fn ready(
    State(state): State<AppState>,
    axum::Extension(renderer): axum::Extension<RendererProbe>,
) -> (StatusCode, Json<Readiness>) {
    let pending = tokio::time::timeout(DATABASE_PROBE_TIMEOUT, state.db.pending_migrations());
    let (database, migrations) = match pending.await {
        Ok(Ok(0)) => (PartStatus::Up, MigrationStatus::Done),
        Ok(Ok(_)) => (PartStatus::Up, MigrationStatus::Pending),
        Ok(Err(_)) | Err(_) => (PartStatus::Down, MigrationStatus::Pending),
    };
    let renderer = renderer.status().await;
    let ready = database == PartStatus::Up
        && migrations == MigrationStatus::Done
        && renderer != PartStatus::Down;
    let (status, code) = if ready {
        (ReadinessStatus::Ready, StatusCode::OK)
    } else {
        (ReadinessStatus::NotReady, StatusCode::SERVICE_UNAVAILABLE)
    };
    (
        code,
        Json(Readiness {
            status,
            database,
            migrations,
            renderer,
        }),
    )
}
