//! `POST /api/engine/{operation}`: any operation of the engine's JSON door, run by the server.
//!
//! The storefront runs the same operations as WebAssembly; this endpoint lets other clients
//! (and the shared-vector tests) run them on the server and see byte-identical answers.
//! Engine errors are 400s carrying the engine's stable error code.

use axum::Router;
use axum::body::Bytes;
use axum::extract::Path;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::post;

use crate::AppState;
use crate::error::ApiError;

/// The routes of this area.
pub fn router() -> Router<AppState> {
    Router::new().route("/api/engine/{operation}", post(run))
}

async fn run(Path(operation): Path<String>, body: Bytes) -> Result<Response, ApiError> {
    let input = std::str::from_utf8(&body)
        .map_err(|_| ApiError::bad_request("the body is not UTF-8 text"))?;
    match engine::operations::run(&operation, input) {
        Ok(output) => Ok(([(header::CONTENT_TYPE, "application/json")], output).into_response()),
        Err(engine::EngineError::UnknownOperation(_)) => Err(ApiError::NotFound),
        Err(error) => Err(ApiError::Engine(error)),
    }
}
