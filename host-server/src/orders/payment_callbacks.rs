//! The two addresses a payment provider calls back on (see [`crate::payments`] for the flow):
//! the webhook, `POST /api/payments/webhook`, and the customer's return,
//! `GET /api/payments/return/{orderId}`. Both apply the provider's word to the order.

use crate::platform::extract::Path;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Redirect;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::platform::error::{ApiError, ErrorBody};

/// The provider's routes: the webhook and the return.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(webhook))
        .routes(routes!(return_from_provider))
}

/// The webhook's form: the payment id only.
#[derive(ToSchema)]
#[allow(dead_code)] // Documents the form; the body is read with `form_field`.
struct WebhookForm {
    /// The provider's payment id.
    id: String,
}

/// Payment provider webhook.
///
/// The provider posts the payment id only; the server asks the provider for the payment's
/// status and applies it to the order (paid: confirmation mail, cart removed; failed,
/// cancelled or expired: order cancelled, reservations released). Safe to repeat.
#[utoipa::path(
    post,
    path = "/api/payments/webhook",
    tag = "payments",
    operation_id = "payments_webhook",
    request_body(content = WebhookForm, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 200, description = "Handled"),
        (status = 400, description = "No payment id", body = ErrorBody),
        (status = 404, description = "A payment this shop never made", body = ErrorBody),
        (status = 502, description = "The payment provider cannot be reached", body = ErrorBody),
    )
)]
async fn webhook(State(state): State<AppState>, body: Bytes) -> Result<StatusCode, ApiError> {
    let payment_id =
        crate::payments::form_field(&body, "id").ok_or_else(|| ApiError::required("id"))?;
    super::refresh_payment(&state, &payment_id).await?;
    Ok(StatusCode::OK)
}

/// Where the provider sends the customer back.
///
/// Looks at the payment at the provider (the webhook may be late) and redirects to the site's
/// success page, RQS success page (scan-only orders) or failed page, with `?orderId=`.
#[utoipa::path(
    get,
    path = "/api/payments/return/{orderId}",
    tag = "payments",
    operation_id = "payments_return",
    params(("orderId" = String, Path, description = "The order's public id")),
    responses(
        (status = 303, description = "To the page after payment",
            headers(("Location" = String, description = "The page, with `?orderId=`"))),
        (status = 404, description = "No such order", body = ErrorBody),
    )
)]
async fn return_from_provider(
    State(state): State<AppState>,
    Path(order_id): Path<String>,
) -> Result<Redirect, ApiError> {
    let page = super::page_after_payment(&state, &order_id).await?;
    Ok(Redirect::to(&page))
}
