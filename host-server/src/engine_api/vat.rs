//! `POST /api/vat/split`: the engine's VAT split of a VAT-inclusive amount.
//!
//! The same rule the storefront runs in WebAssembly; the two must always agree.

use engine::vat::{VatSplit, VatSplitRequest};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::Json;

/// The routes of this area.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(split))
}

/// Splits an amount including VAT into the amount excluding VAT and the VAT.
#[utoipa::path(
    post,
    path = "/api/vat/split",
    tag = "engine",
    request_body = VatSplitRequest,
    responses(
        (status = 200, description = "The split", body = VatSplit),
        (status = 400, description = "An amount or rate out of range; `fieldErrors` names it", body = ErrorBody),
    )
)]
async fn split(
    Json(request): Json<VatSplitRequest>,
) -> Result<crate::platform::extract::Json<VatSplit>, ApiError> {
    Ok(crate::platform::extract::Json(request.split()?))
}
