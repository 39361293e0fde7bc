//! `POST /api/backoffice/orders/{orderNumber}/bank-transfer`: a bank transfer the shop received
//! for an order awaiting payment, registered by someone who handles money (orders.refund). The
//! engine decides whether it settles the order; the order is then paid, the payment is on its
//! page with the provider `bank`, the customer gets the mail that the invoice is ready, and the
//! audit trail has the amount and the day.

use axum::extract::State;
use axum::http::StatusCode;
use engine::money::Money;
use engine::order::{OrderStatus, TransferRefusal, transfer_settles};
use serde::Deserialize;
use utoipa::ToSchema;

use super::detail::{OrderForStaff, order_for_staff};
use crate::AppState;
use crate::audit::Event;
use crate::orders::store::{self, desk};
use crate::platform::access::{Authorized, permission};
use crate::platform::clock;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path};

/// A bank transfer received.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransferReceived {
    /// The amount that arrived, in euro.
    #[schema(example = "34.60")]
    amount: Money,
    /// The day it arrived (`YYYY-MM-DD`), not after today.
    #[schema(example = "2026-11-27")]
    received_on: String,
}

/// Registers a bank transfer received for an order awaiting payment.
#[utoipa::path(
    post,
    path = "/api/backoffice/orders/{orderNumber}/bank-transfer",
    tag = "backoffice",
    operation_id = "registerBankTransfer",
    params(("orderNumber" = String, Path, description = "The order number")),
    request_body = TransferReceived,
    security(("staffSession" = ["orders.refund"]), ("integrationKey" = ["orders.refund"])),
    responses(
        (status = 200, description = "The order, now paid", body = OrderForStaff),
        (status = 400, description = "A bad amount or day, or less than the amount to pay (`validation.transferTooLittle`)", body = ErrorBody),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`: without orders.refund, an order of another site, or `errors.crossSiteRequest`", body = ErrorBody),
        (status = 404, description = "No order has this number", body = ErrorBody),
        (status = 409, description = "`errors.statusTransition`: the order does not await payment", body = ErrorBody),
    )
)]
pub async fn register_bank_transfer(
    State(state): State<AppState>,
    caller: Authorized<permission::OrdersRefund>,
    Path(order_number): Path<String>,
    Json(transfer): Json<TransferReceived>,
) -> Result<Json<OrderForStaff>, ApiError> {
    let received_at = received_moment(&transfer.received_on)?;
    let pool = state.db.pool();
    let order = store::by_order_number(pool, &order_number)
        .await?
        .ok_or(ApiError::NotFound)?;
    caller.on_site(order.site_id)?;
    let from = order.status()?;
    transfer_settles(from, order.amount_to_pay, transfer.amount).map_err(refusal)?;
    let mut transaction = state.db.begin_change().await?;
    if !store::transition(&mut transaction, order.order_id, from, OrderStatus::Paid).await? {
        return Err(refusal(TransferRefusal::NotAwaitingPayment));
    }
    let payment_id = format!("bank_{}", crate::platform::secrets::new_id());
    desk::insert_received_transfer(
        &mut transaction,
        &payment_id,
        order.order_id,
        transfer.amount,
        received_at,
        clock::now_millis(),
    )
    .await?;
    let event = Event::new("order.bankTransfer", "order", &order.order_number)
        .field(
            "status",
            Some(crate::platform::labels::label_of(&from)),
            Some(crate::platform::labels::label_of(&OrderStatus::Paid)),
        )
        .field("amount", None::<&str>, Some(transfer.amount))
        .field("receivedOn", None::<&str>, Some(&transfer.received_on));
    crate::audit::record(&mut transaction, &caller, event).await?;
    transaction.commit().await?;
    if let Some(paid) = store::by_id(pool, order.order_id).await? {
        crate::orders::mails::send_invoice_available(&state, &paid).await;
    }
    Ok(Json(order_for_staff(&state, &caller, &order_number).await?))
}

/// The first moment of the day the transfer arrived, which is not after today.
fn received_moment(day: &str) -> Result<i64, ApiError> {
    let bad_day = || {
        ApiError::field(
            "receivedOn",
            "validation.invalid",
            "receivedOn is a day YYYY-MM-DD, not after today",
        )
    };
    let start = crate::platform::time::start_of_date_utc(day.trim()).ok_or_else(bad_day)?;
    if start > clock::now() {
        return Err(bad_day());
    }
    Ok(start * 1000)
}

fn refusal(refusal: TransferRefusal) -> ApiError {
    match refusal {
        TransferRefusal::NotAwaitingPayment => ApiError::refused(
            StatusCode::CONFLICT,
            "errors.statusTransition",
            "The order does not await payment",
        ),
        TransferRefusal::TooLittle => ApiError::field(
            "amount",
            "validation.transferTooLittle",
            "amount is less than the amount to pay",
        ),
    }
}
