//! `GET /api/health`: is the server up, and on which database.

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;

use crate::AppState;
use crate::db::Backend;
use crate::error::ApiError;

/// The health report.
#[derive(Debug, Serialize)]
pub struct Health {
    /// Always `ok` when the database answered.
    pub status: &'static str,
    /// The database backend in use.
    pub database: Backend,
}

/// The routes of this area.
pub fn router() -> Router<AppState> {
    Router::new().route("/api/health", get(health))
}

async fn health(State(state): State<AppState>) -> Result<Json<Health>, ApiError> {
    state.db.ping().await?;
    Ok(Json(Health {
        status: "ok",
        database: state.db.backend(),
    }))
}
