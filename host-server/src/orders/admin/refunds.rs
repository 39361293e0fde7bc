//! Refunds from the order desk (orders.refund): some units of some lines and the shipping, or
//! an amount, given back of a paid order. The engine computes the refund (`engine::refund`):
//! its amount, its VAT per rate, the gift card's part and each payment's. Money goes back the
//! way it came: through the payment provider that took it (Mollie's refunds API, or the test
//! provider), onto the gift card, or, for a bank transfer, by hand. Each refund gets a credit
//! note in its own number series, an audit entry and a mail to the customer.
//!
//! The order's row is locked while the refund is computed and written as `pending`, so two
//! refunds at once never give back more than was paid; the provider is asked after that
//! transaction, and the refund becomes `refunded` (with its credit note) or, when the first
//! provider refused, `failed`.

use axum::extract::State;
use engine::money::Money;
use engine::refund::{RefundAsked, RefundPlan, RefundRefusal, plan_refund};
use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;
use utoipa::ToSchema;

use super::detail::{OrderForStaff, order_for_staff};
use super::refund_ledger::refundable_order;
use crate::AppState;
use crate::audit::{AuditActor, Event};
use crate::orders::store::refunds::{self as store, NewRefund, RefundPartStatus};
use crate::orders::store::{self as orders, OrderRow};
use crate::payments::{RefundProgress, RefundRequest};
use crate::platform::access::{Access, Authorized, permission};
use crate::platform::clock;
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
    let (refund_id, plan) = write_pending(&state, &caller, &order, &body.asked, reason).await?;
    give_back_through_payments(&state, &order, refund_id, &plan).await?;
    let credit_note = finish(&state, &caller, &order, refund_id, &plan, reason).await?;
    crate::orders::mails::send_refund(&state, &order, &plan, &credit_note).await;
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

/// Computes the refund on the order as it is with its row locked, and writes it pending.
async fn write_pending(
    state: &AppState,
    caller: &Access,
    order: &OrderRow,
    asked: &RefundAsked,
    reason: &str,
) -> Result<(i64, RefundPlan), ApiError> {
    let mut transaction = state.db.begin_change().await?;
    store::lock_order(&mut transaction, order.order_id).await?;
    let refundable = refundable_order(&mut transaction, order).await?;
    let plan = plan_refund(&refundable, asked).map_err(refusal)?;
    let providers = payment_providers(&mut transaction, order.order_id).await?;
    let parts = plan
        .payments
        .iter()
        .map(|part| first_part_status(state, &providers, &part.payment_id))
        .collect();
    let refund_id = store::insert_pending(
        &mut transaction,
        &NewRefund {
            order_id: order.order_id,
            plan: &plan,
            parts,
            reason,
            staff_name: &AuditActor::of(caller).name,
            created_at: clock::now_millis(),
        },
    )
    .await?;
    transaction.commit().await?;
    Ok((refund_id, plan))
}

/// A part goes back through the provider that took it when that is the shop's provider now;
/// a bank transfer, or a payment of a provider the shop no longer uses, goes back by hand.
fn first_part_status(
    state: &AppState,
    providers: &[(String, String)],
    payment_id: &str,
) -> RefundPartStatus {
    let provider = providers
        .iter()
        .find(|(id, _)| id == payment_id)
        .map(|(_, provider)| provider.as_str());
    if provider == Some(state.payments.name()) {
        RefundPartStatus::Pending
    } else {
        RefundPartStatus::Manual
    }
}

async fn payment_providers(
    connection: &mut AnyConnection,
    order_id: i64,
) -> Result<Vec<(String, String)>, ApiError> {
    Ok(orders::paid_payments(connection, order_id)
        .await?
        .into_iter()
        .map(|payment| (payment.payment_id, payment.provider))
        .collect())
}

/// Asks the provider for each part that goes back through it. When the first one asked is
/// refused or cannot be reached, nothing went back: the refund fails with the provider's error.
/// A later part that fails is left to the shop to transfer by hand.
async fn give_back_through_payments(
    state: &AppState,
    order: &OrderRow,
    refund_id: i64,
    plan: &RefundPlan,
) -> Result<(), ApiError> {
    let mut connection = state.db.pool().acquire().await?;
    let providers = payment_providers(&mut connection, order.order_id).await?;
    drop(connection);
    let mut any_given_back = plan.gift_card_amount > Money::ZERO;
    for part in &plan.payments {
        if first_part_status(state, &providers, &part.payment_id) == RefundPartStatus::Manual {
            any_given_back = true;
            continue;
        }
        let request = RefundRequest {
            payment_id: part.payment_id.clone(),
            amount: part.amount,
            description: format!("{} refund", order.order_number),
        };
        match state.payments.create_refund(&request).await {
            Ok(refund) => {
                let status = match refund.status {
                    RefundProgress::Pending => RefundPartStatus::Accepted,
                    RefundProgress::Refunded => RefundPartStatus::Refunded,
                };
                store::set_part(
                    state.db.pool(),
                    refund_id,
                    &part.payment_id,
                    Some(&refund.id),
                    status,
                )
                .await?;
                any_given_back = true;
            }
            Err(error) if !any_given_back => {
                store::mark_failed(state.db.pool(), refund_id).await?;
                return Err(error.into());
            }
            Err(error) => {
                tracing::warn!(%error, order = %order.order_number, "a refund's later part failed: to transfer by hand");
                store::set_part(
                    state.db.pool(),
                    refund_id,
                    &part.payment_id,
                    None,
                    RefundPartStatus::Failed,
                )
                .await?;
            }
        }
    }
    Ok(())
}

/// Puts the gift card's part back on the card, issues the credit note and records the refund
/// in the audit trail, in one transaction.
async fn finish(
    state: &AppState,
    caller: &Access,
    order: &OrderRow,
    refund_id: i64,
    plan: &RefundPlan,
    reason: &str,
) -> Result<String, ApiError> {
    let mut transaction = state.db.begin_change().await?;
    if let (Some(card), true) = (&order.gift_card_number, plan.gift_card_amount > Money::ZERO) {
        orders::refund_gift_card(&mut transaction, card, plan.gift_card_amount).await?;
    }
    let credit_note =
        store::issue_credit_note(&mut transaction, refund_id, &clock::today()).await?;
    let event = Event::new("order.refund", "order", &order.order_number)
        .field("creditNote", None::<&str>, Some(&credit_note))
        .field("amount", None::<&str>, Some(plan.total_amount))
        .field(
            "giftCardAmount",
            None::<&str>,
            (plan.gift_card_amount > Money::ZERO).then_some(plan.gift_card_amount),
        )
        .field("reason", None::<&str>, Some(reason));
    crate::audit::record(&mut transaction, caller, event).await?;
    transaction.commit().await?;
    Ok(credit_note)
}

/// The engine's refusal as the order desk reads it: a field error on `asked` (or `amount`).
fn refusal(refusal: RefundRefusal) -> ApiError {
    let (code, message) = match &refusal {
        RefundRefusal::NotPaid => (
            "validation.refundNotPaid",
            "the order was not paid".to_owned(),
        ),
        RefundRefusal::LinesOfCancelledOrder => (
            "validation.refundLinesOfCancelledOrder",
            "a cancelled order gives back an amount, not lines".to_owned(),
        ),
        RefundRefusal::Nothing => ("validation.refundNothing", "nothing to refund".to_owned()),
        RefundRefusal::UnknownLine(line) => (
            "validation.refundUnknownLine",
            format!("line {line} cannot be refunded"),
        ),
        RefundRefusal::BeyondQuantity(line) => (
            "validation.refundBeyondQuantity",
            format!("line {line} has fewer units left to refund"),
        ),
        RefundRefusal::ShippingNotRefundable => (
            "validation.refundShipping",
            "the shipping costs cannot be refunded".to_owned(),
        ),
        RefundRefusal::BeyondPaid { left } => (
            "validation.refundBeyondPaid",
            format!("at most {left} is left to refund"),
        ),
    };
    ApiError::field("asked", code, message)
}
