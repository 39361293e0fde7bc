//! The whole HTTP application: every API area's routes, and the storefront.

use axum::Router;
use axum::http::Uri;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::trace::TraceLayer;

use crate::config::Config;
use crate::error::ApiError;
use crate::{AppState, account, authentication, health, vat};

/// Builds the router: the API under `/api`, and the built storefront for every other path,
/// with `index.html` for paths that are not files so client-side routes load.
pub fn router(state: AppState, config: &Config) -> Router {
    let storefront = ServeDir::new(&config.static_dir)
        .fallback(ServeFile::new(config.static_dir.join("index.html")));
    Router::new()
        .merge(health::router())
        .merge(crate::engine_api::router())
        .merge(account::router())
        .merge(authentication::router())
        .merge(vat::router())
        .route("/api", axum::routing::any(unknown_api_path))
        .route("/api/{*rest}", axum::routing::any(unknown_api_path))
        .fallback_service(storefront)
        .layer(TraceLayer::new_for_http())
        .with_state(state)
}

async fn unknown_api_path(uri: Uri) -> ApiError {
    tracing::debug!(%uri, "unknown API path");
    ApiError::NotFound
}
