//! `POST /api/engine/{operation}`: any operation of the engine's JSON door, run by the server.
//!
//! The storefront runs the same operations as WebAssembly; this endpoint lets other clients
//! (and the shared-vector tests) run them on the server and see byte-identical answers.
//! Engine errors are 400s carrying the engine's stable error code.

pub mod vat;

use crate::platform::extract::Path;
use axum::body::Bytes;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::platform::error::{ApiError, ErrorBody};

/// The routes of this area.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(run))
}

/// Runs one operation of the engine's JSON door (`engine::operations`); its input and output
/// are the operation's own JSON, the same as the WebAssembly build's.
#[utoipa::path(
    post,
    path = "/api/engine/{operation}",
    tag = "engine",
    params(("operation" = String, Path, description = "The operation's name, e.g. `cart.calculate`")),
    request_body(content = Object, content_type = "application/json", description = "The operation's input"),
    responses(
        (status = 200, description = "The operation's output", body = Object, content_type = "application/json"),
        (status = 400, description = "The input is not valid for the operation", body = ErrorBody),
        (status = 404, description = "No operation has this name", body = ErrorBody),
    )
)]
async fn run(Path(operation): Path<String>, body: Bytes) -> Result<Response, ApiError> {
    let input = std::str::from_utf8(&body)
        .map_err(|_| ApiError::bad_request("the body is not UTF-8 text"))?;
    match engine::operations::run(&operation, input) {
        Ok(output) => Ok(([(header::CONTENT_TYPE, "application/json")], output).into_response()),
        Err(engine::EngineError::UnknownOperation(_)) => Err(ApiError::NotFound),
        Err(error) => Err(ApiError::Engine(error)),
    }
}
