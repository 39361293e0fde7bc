//! `POST /api/vat/split`: the engine's VAT split of a VAT-inclusive amount.
//!
//! The same rule the storefront runs in WebAssembly; the two must always agree.

use axum::Router;
use axum::routing::post;
use engine::vat::{VatSplit, VatSplitRequest};

use crate::AppState;
use crate::error::ApiError;
use crate::extract::Json;

/// The routes of this area.
pub fn router() -> Router<AppState> {
    Router::new().route("/api/vat/split", post(split))
}

async fn split(Json(request): Json<VatSplitRequest>) -> Result<axum::Json<VatSplit>, ApiError> {
    Ok(axum::Json(request.split()?))
}
