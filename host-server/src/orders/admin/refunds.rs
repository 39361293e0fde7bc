//! Refunds from the order desk (orders.refund): some units of some lines and the shipping, or
//! an amount, given back of a paid order, with a reason; and the same computed without making
//! it, for the confirmation. How a refund is made is [`crate::orders::refunding`].

use axum::extract::State;
use engine::money::Money;
use engine::refund::{RefundAsked, RefundPlan, plan_refund};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::detail::{OrderForStaff, order_for_staff};
use super::refund_ledger::refundable_order;
use crate::AppState;
use crate::orders::refunding::{Refunder, make_refund, refusal};
use crate::orders::store::{self as orders, OrderRow};
use crate::platform::access::{Access, Authorized, permission};
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path};

/// The longest reason a refund takes.
const REASON_LENGTH: usize = 500;

/// A refund the order desk asks for.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundBody {
    /// What goes back: units of lines (and the shipping), or an amount.
    asked: RefundAsked,
    /// Why, for the audit trail and the credit note; 1 to 500 characters.
    #[schema(example = "Bag arrived torn")]
    reason: String,
}

/// The engine's refund with its amounts as the caller's language writes them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundPreview {
    pub plan: RefundPlan,
    /// The total, formatted (`€ 12,95`).
    pub total: String,
    /// The gift card's part, formatted; none when nothing goes onto the card.
    pub gift_card: Option<String>,
    /// Each payment's part, formatted, in the order of the plan's payments.
    pub payments: Vec<String>,
}

/// Computes a refund without making it: what the order desk shows before the refund is
/// confirmed.
#[utoipa::path(
    post,
    path = "/api/backoffice/orders/{orderNumber}/refunds/preview",
    tag = "backoffice",
    operation_id = "previewRefund",
    params(("orderNumber" = String, Path, description = "The order number")),
    request_body = RefundBody,
    security(("staffSession" = ["orders.refund"]), ("integrationKey" = ["orders.refund"])),
    responses(
        (status = 200, description = "The refund as it would be made", body = RefundPreview),
        (status = 400, description = "A bad body, or the engine's refusal (`validation.refund…` on `asked`)", body = ErrorBody),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`: without orders.refund, or an order of another site; or `errors.crossSiteRequest`", body = ErrorBody),
        (status = 404, description = "No order has this number", body = ErrorBody),
    )
)]
pub async fn preview_refund(
    State(state): State<AppState>,
    caller: Authorized<permission::OrdersRefund>,
    Path(order_number): Path<String>,
    Json(body): Json<RefundBody>,
) -> Result<Json<RefundPreview>, ApiError> {
    reason_of(&body)?;
    let order = order_of_caller(&state, &caller, &order_number).await?;
    let mut connection = state.db.pool().acquire().await?;
    let refundable = refundable_order(&mut connection, &order).await?;
    let plan = plan_refund(&refundable, &body.asked).map_err(refusal)?;
    let culture = crate::staff::screen_culture(state.db.pool(), &caller).await?;
    let text = |amount: Money| crate::staff::euro_text(amount, culture);
    Ok(Json(RefundPreview {
        total: text(plan.total_amount)?,
        gift_card: if plan.gift_card_amount > Money::ZERO {
            Some(text(plan.gift_card_amount)?)
        } else {
            None
        },
        payments: plan
            .payments
            .iter()
            .map(|part| text(part.amount))
            .collect::<Result<_, _>>()?,
        plan,
    }))
}

/// Gives money back of a paid order, with a credit note.
#[utoipa::path(
    post,
    path = "/api/backoffice/orders/{orderNumber}/refunds",
    tag = "backoffice",
    operation_id = "refundOrder",
    params(("orderNumber" = String, Path, description = "The order number")),
    request_body = RefundBody,
    security(("staffSession" = ["orders.refund"]), ("integrationKey" = ["orders.refund"])),
    responses(
        (status = 200, description = "The order with its refunds", body = OrderForStaff),
        (status = 400, description = "A bad body, or the engine's refusal (`validation.refund…` on `asked`)", body = ErrorBody),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`: without orders.refund, or an order of another site; or `errors.crossSiteRequest`", body = ErrorBody),
        (status = 404, description = "No order has this number", body = ErrorBody),
        (status = 409, description = "`errors.paymentProviderRefused`: the provider refused; nothing went back", body = ErrorBody),
        (status = 502, description = "`errors.paymentProviderUnavailable`: the provider cannot be reached; nothing went back", body = ErrorBody),
    )
)]
pub async fn refund_order(
    State(state): State<AppState>,
    caller: Authorized<permission::OrdersRefund>,
    Path(order_number): Path<String>,
    Json(body): Json<RefundBody>,
) -> Result<Json<OrderForStaff>, ApiError> {
    let reason = reason_of(&body)?;
    let order = order_of_caller(&state, &caller, &order_number).await?;
    make_refund(&state, &Refunder::of(&caller), &order, &body.asked, reason).await?;
    Ok(Json(order_for_staff(&state, &caller, &order_number).await?))
}

fn reason_of(body: &RefundBody) -> Result<&str, ApiError> {
    let reason = body.reason.trim();
    if reason.is_empty() || reason.chars().count() > REASON_LENGTH {
        return Err(ApiError::field(
            "reason",
            "validation.length",
            "reason has 1 to 500 characters",
        ));
    }
    Ok(reason)
}

async fn order_of_caller(
    state: &AppState,
    caller: &Access,
    order_number: &str,
) -> Result<OrderRow, ApiError> {
    let order = orders::by_order_number(state.db.pool(), order_number)
        .await?
        .ok_or(ApiError::NotFound)?;
    caller.on_site(order.site_id)?;
    Ok(order)
}
