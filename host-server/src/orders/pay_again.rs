//! Paying an unpaid order from the account area:
//! `POST /api/account/orders/{orderNumber}/pay`.
//!
//! Unpaid is what the engine's [`OrderStatus::awaits_payment`] says (`created`,
//! `open`). The payment starts as placing the order starts it
//! ([`super::start_payment`]): an order without a payment yet (the provider could not be
//! reached when it was placed) gets one at the provider; an order whose payment is still open
//! at the provider keeps that payment (at most one open payment per order, migration 0023),
//! and the customer is sent back to its page. The provider is asked first, so a payment that
//! was paid, failed or cancelled meanwhile is applied before anything else: paid or cancelled
//! orders are refused (409). The order's own payment method is used: its amounts include that
//! method's costs, so another method would be another order (the specification shows no
//! choice of method outside the checkout). An order paid by bank transfer has nothing to pay
//! at a provider (409).

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use engine::order::OrderStatus;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::store;
use crate::AppState;
use crate::payments::PaymentStatus;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path};
use crate::platform::limits::{self, Limit};
use crate::platform::session::{Client, SignedIn};

/// The routes of this area.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(pay_order))
}

/// The body of a request to pay: empty (`{}`); the order's payment method is used.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayOrderRequest {}

/// Where the customer pays.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayOrderAnswer {
    /// The order number.
    pub order_number: String,
    /// The provider's page, where the customer's browser goes next.
    pub redirect_url: String,
}

/// Pays one of the signed-in customer's unpaid orders.
///
/// Starts the order's payment at the provider as placing the order does (or finds its payment
/// that is still open) and answers the provider's page. Only the customer's own order; only
/// while it awaits payment (`created` or `open`) and is paid online.
#[utoipa::path(
    post,
    path = "/api/account/orders/{orderNumber}/pay",
    tag = "account",
    operation_id = "payAccountOrder",
    params(
        ("orderNumber" = String, Path, description = "The order number, e.g. HS-2026-000102"),
        ("siteid" = Option<i64>, Header, description = "The site, for the addresses the customer is sent to; the request's host decides when absent"),
    ),
    request_body = PayOrderRequest,
    responses(
        (status = 200, description = "The provider's page for this order", body = PayOrderAnswer),
        (status = 400, description = "The order number is not valid text, or the body is not a JSON object", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A signed-in call from another site: no JSON body or `siteid` header, or a foreign `Origin`", body = ErrorBody),
        (status = 404, description = "No order of this customer has this number", body = ErrorBody),
        (status = 409, description = "`errors.orderAlreadyPaid` (paid or further), `errors.orderCancelled`, or `errors.orderPaysByTransfer` (nothing to pay at a provider)", body = ErrorBody),
        (status = 429, description = "Too many requests from this client or for this account", body = ErrorBody),
        (status = 502, description = "The payment provider cannot be reached (`errors.paymentProviderUnavailable`); trying again retries", body = ErrorBody),
    )
)]
async fn pay_order(
    State(state): State<AppState>,
    signed_in: SignedIn,
    client: Client,
    headers: HeaderMap,
    context: crate::platform::request_context::RequestContext,
    Path(order_number): Path<String>,
    Json(_body): Json<PayOrderRequest>,
) -> Result<Json<PayOrderAnswer>, ApiError> {
    limits::check(
        &state,
        Limit::PayOrder,
        &[&client.ip, &signed_in.account_id],
    )
    .await?;
    let pool = state.db.pool();
    let order = store::by_order_number_of_account(pool, &signed_in.account_id, order_number.trim())
        .await?
        .ok_or(ApiError::NotFound)?;
    // What the provider knows now decides: a payment paid, failed or cancelled meanwhile is
    // applied to the order first.
    if order.status()?.awaits_payment() {
        if let Some(payment) = store::latest_payment(pool, order.order_id).await? {
            if payment.status == PaymentStatus::Open.as_str() {
                if let Err(error) = super::refresh_payment(&state, &payment.payment_id).await {
                    tracing::warn!(%error, order = %order.order_number, "could not look at the payment before paying again");
                }
            }
        }
    }
    let order = store::by_id(pool, order.order_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    refuse_unless_payable(&state, &order).await?;
    let origin = state.trust.origin(context.site_id, &headers).await?;
    let order = if order.status()? == OrderStatus::Created {
        super::start_payment(&state, order, &origin).await?
    } else {
        let open = store::latest_payment(pool, order.order_id)
            .await?
            .is_some_and(|payment| payment.status == PaymentStatus::Open.as_str());
        if !open {
            // Awaiting payment without a payment at the provider: start one.
            super::create_payment_detached(&state, &order, &origin).await?;
        }
        store::by_id(pool, order.order_id)
            .await?
            .ok_or(ApiError::NotFound)?
    };
    let status = order.status()?;
    if !status.awaits_payment() {
        // Nothing was left to pay after all: the order is complete.
        return Err(already_paid());
    }
    let Some(payment) = store::latest_payment(pool, order.order_id)
        .await?
        .filter(|payment| payment.status == PaymentStatus::Open.as_str())
    else {
        return Err(ApiError::refused(
            StatusCode::CONFLICT,
            "errors.orderPlacementFailed",
            "Er is iets mis gegaan tijdens het plaatsen van de bestelling.",
        ));
    };
    Ok(Json(PayOrderAnswer {
        order_number: order.order_number,
        redirect_url: payment.checkout_url,
    }))
}

fn already_paid() -> ApiError {
    ApiError::refused(
        StatusCode::CONFLICT,
        "errors.orderAlreadyPaid",
        "This order is paid already",
    )
}

/// A 409 unless the order awaits payment at a provider.
async fn refuse_unless_payable(state: &AppState, order: &store::OrderRow) -> Result<(), ApiError> {
    let status = order.status()?;
    if status == OrderStatus::Cancelled {
        return Err(ApiError::refused(
            StatusCode::CONFLICT,
            "errors.orderCancelled",
            "This order is cancelled and can no longer be paid",
        ));
    }
    if !engine::order::payable(status, order.amount_to_pay) {
        return Err(already_paid());
    }
    if super::pays_offline(state, order).await? {
        return Err(ApiError::refused(
            StatusCode::CONFLICT,
            "errors.orderPaysByTransfer",
            "This order is paid by bank transfer",
        ));
    }
    Ok(())
}
