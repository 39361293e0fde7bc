//! The staff's part in carts: the link that hands a prepared cart to a customer
//! (customers.edit).

use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;

use super::handover::{HANDOVER_PATH, issue_key};
use crate::AppState;
use crate::audit::{self, Event};
use crate::platform::access::{Authorized, permission};
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path};

/// A handover key and when it expires.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HandoverKey {
    /// The key for `POST /api/cart/impersonate?key=`.
    key: String,
    /// Milliseconds since the Unix epoch.
    expires_at: i64,
    /// The link to send the customer: the storefront's handover page on the cart's site, with
    /// the key.
    link: String,
}

/// Makes a one-time key that hands a cart to a customer (valid 24 hours).
#[utoipa::path(
    post,
    path = "/api/backoffice/carts/{id}/handoverkey",
    tag = "backoffice",
    operation_id = "makeHandoverKey",
    params(("id" = String, Path, description = "The cart id")),
    security(("staffSession" = ["customers.edit"]), ("integrationKey" = ["customers.edit"])),
    responses(
        (status = 201, description = "The key", body = HandoverKey),
        (status = 400, description = "The cart id is not valid text", body = ErrorBody),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied` (also for a cart of a site outside the caller's), or `errors.crossSiteRequest`", body = ErrorBody),
        (status = 404, description = "No such cart", body = ErrorBody),
    )
)]
pub async fn handover_key(
    State(state): State<AppState>,
    caller: Authorized<permission::CustomersEdit>,
    Path(cart_id): Path<String>,
) -> Result<(StatusCode, Json<HandoverKey>), ApiError> {
    let mut transaction = state.db.begin_change().await?;
    let issued = issue_key(&mut transaction, &caller, &cart_id).await?;
    let page =
        crate::platform::mail::site_link(&state, Some(issued.site_id), HANDOVER_PATH).await?;
    let mut link = url::Url::parse(&page)
        .map_err(|error| ApiError::Internal(format!("handover link: {error}")))?;
    link.query_pairs_mut().append_pair("key", &issued.key);
    let event = Event::new("cart.handover", "cart", &cart_id).field(
        "handoverKeyExpiresAt",
        None::<i64>,
        Some(issued.expires_at),
    );
    audit::record(&mut transaction, &caller, event).await?;
    transaction.commit().await?;
    Ok((
        StatusCode::CREATED,
        Json(HandoverKey {
            key: issued.key,
            expires_at: issued.expires_at,
            link: link.to_string(),
        }),
    ))
}
