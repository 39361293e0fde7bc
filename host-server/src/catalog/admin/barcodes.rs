//! A variant's barcode (its EAN-13), changed by whoever changes products (`catalog.edit`): the
//! engine checks its check digit, and no two variants share one.

use axum::extract::State;
use engine::ean::{EanError, check_ean13};
use engine::ids::ProductVariantId;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::AppState;
use crate::audit::{self, Event};
use crate::catalog::events;
use crate::catalog::store::admin as store;
use crate::platform::access::{Authorized, permission};
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path, path_number};

/// A variant's new barcode.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BarcodeChange {
    /// An EAN-13: 13 digits, the last its check digit.
    ean: String,
}

/// The variant's barcode as changed.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VariantBarcode {
    product_variant_id: ProductVariantId,
    ean: String,
}

/// Changes a variant's EAN-13.
#[utoipa::path(
    put,
    path = "/api/backoffice/variants/{productVariantId}/ean",
    tag = "backoffice",
    operation_id = "changeBarcode",
    params(("productVariantId" = i64, Path, description = "The variant")),
    request_body = BarcodeChange,
    security(("staffSession" = ["catalog.edit"]), ("integrationKey" = ["catalog.edit"])),
    responses(
        (status = 200, description = "The barcode as changed", body = VariantBarcode),
        (status = 400, description = "Not 13 digits, a wrong check digit, or another variant's EAN (`fieldErrors.ean`)", body = ErrorBody),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied` or `errors.crossSiteRequest`", body = ErrorBody),
        (status = 404, description = "No such variant", body = ErrorBody),
    )
)]
pub async fn change_barcode(
    State(state): State<AppState>,
    caller: Authorized<permission::CatalogEdit>,
    Path(variant_id): Path<String>,
    Json(change): Json<BarcodeChange>,
) -> Result<Json<VariantBarcode>, ApiError> {
    let variant_id: ProductVariantId = path_number(&variant_id, "productVariantId")?;
    let ean = change.ean.trim().to_owned();
    check_ean13(&ean)
        .map_err(|error| ApiError::field("ean", "validation.invalid", refusal(&error)))?;
    let mut transaction = state.db.begin_change().await?;
    let before = store::ean_of(&mut transaction, variant_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    if let Some(other) = store::variant_with_ean(&mut transaction, &ean).await?
        && other != variant_id
    {
        return Err(ApiError::field(
            "ean",
            "validation.invalid",
            format!("ean {ean} is the barcode of variant {other}"),
        ));
    }
    store::set_ean(&mut transaction, variant_id, &ean).await?;
    let event =
        Event::new("variant.changed", "variant", variant_id).field("ean", Some(before), Some(&ean));
    audit::record(&mut transaction, &caller, event).await?;
    transaction.commit().await?;
    events::changed(&state).await?;
    Ok(Json(VariantBarcode {
        product_variant_id: variant_id,
        ean,
    }))
}

/// The field error's text for a barcode the engine refuses.
fn refusal(error: &EanError) -> String {
    format!("ean: {error}")
}
