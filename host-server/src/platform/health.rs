//! `GET /api/health`: is the server up, and on which database.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::platform::db::Backend;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::Json;

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

/// The routes of this area.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(health))
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
