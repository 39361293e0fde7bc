//! The order desk: the staff's work queue of orders ([`queue`]), one order's page
//! ([`detail`]), and moving an order through the warehouse (orders.fulfil) or cancelling it
//! (orders.refund as well), on the sites the caller works on.

pub mod bank_transfer;
pub mod detail;
pub mod export;
pub mod mail_log;
pub mod mails;
pub mod notes;
pub mod queue;
pub mod refund_ledger;
pub mod refunds;
pub mod views;

use axum::extract::State;
use engine::order::OrderStatus;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::AppState;
use crate::orders::OrderView;
use crate::platform::access::{Authorized, permission};
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path, Query};

/// The longest track-and-trace code.
const TRACK_AND_TRACE_LENGTH: usize = 50;

/// `?status=&trackAndTrace=`.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct StatusQuery {
    /// The new status: `processing`, `sent`, `closed` or `cancelled` (also `open` and `paid`
    /// where the engine allows).
    #[param(required = true, value_type = engine::order::OrderStatus)]
    status: Option<String>,
    /// The parcel's track-and-trace code, at most 50 characters.
    #[param(max_length = 50)]
    track_and_trace: Option<String>,
}

/// Moves an order to another status.
///
/// Only as the engine's order statuses allow: created -> open | paid | cancelled, open ->
/// paid | cancelled, paid -> processing | cancelled, processing -> sent | cancelled, sent ->
/// closed. Cancelling needs orders.refund too, and gives the order's stock, gift-card amount
/// and discount-code use back.
#[utoipa::path(
    put,
    path = "/api/backoffice/orders/{orderNumber}/status",
    tag = "backoffice",
    operation_id = "changeOrderStatus",
    params(("orderNumber" = String, Path, description = "The order number"), StatusQuery),
    security(("staffSession" = ["orders.fulfil"]), ("integrationKey" = ["orders.fulfil"])),
    responses(
        (status = 200, description = "The order", body = OrderView),
        (status = 400, description = "No or an unknown status, or a track-and-trace code too long", body = ErrorBody),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`: without orders.fulfil, cancelling without orders.refund, or an order of another site; or `errors.crossSiteRequest`", body = ErrorBody),
        (status = 404, description = "No order has this number", body = ErrorBody),
        (status = 409, description = "`errors.statusTransition`: the move is not allowed", body = ErrorBody),
    )
)]
pub async fn change_order_status(
    State(state): State<AppState>,
    caller: Authorized<permission::OrdersFulfil>,
    Path(order_number): Path<String>,
    Query(query): Query<StatusQuery>,
) -> Result<Json<OrderView>, ApiError> {
    let status = crate::platform::validation::required_param(&query.status, "status")?;
    let status: OrderStatus = status.parse().map_err(|_| {
        ApiError::field(
            "status",
            "validation.invalid",
            "status is processing, sent, closed or cancelled",
        )
    })?;
    let track_and_trace = query
        .track_and_trace
        .as_deref()
        .map(str::trim)
        .filter(|code| !code.is_empty());
    if track_and_trace.is_some_and(|code| code.len() > TRACK_AND_TRACE_LENGTH) {
        return Err(ApiError::field(
            "trackAndTrace",
            "validation.invalid",
            "trackAndTrace has at most 50 characters",
        ));
    }
    if status == OrderStatus::Cancelled {
        caller.also(engine::staff::Permission::OrdersRefund)?;
    }
    Ok(Json(
        crate::orders::change_status(&state, &caller, &order_number, status, track_and_trace)
            .await?,
    ))
}
