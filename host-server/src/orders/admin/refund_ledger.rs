//! What went back of an order: its refunds as the order page shows them, and the order as the
//! engine's refund rule (`engine::refund`) reads it, with what earlier refunds gave back.

use engine::money::Money;
use engine::refund::{PaidPayment, RefundableLine, RefundableOrder};
use engine::vat::VatType;
use serde::Serialize;
use sqlx::AnyConnection;
use utoipa::ToSchema;

use crate::orders::store::refunds::{self as store, RefundPartStatus};
use crate::orders::store::{self as orders, OrderRow};
use crate::platform::error::ApiError;

/// The order as the engine's refund rule reads it, with what earlier refunds (not failed ones)
/// gave back.
pub async fn refundable_order(
    connection: &mut AnyConnection,
    order: &OrderRow,
) -> Result<RefundableOrder, ApiError> {
    let refunds = store::of_order(&mut *connection, order.order_id).await?;
    let counts = |refund_id: i64| {
        refunds.iter().any(|refund| {
            refund.refund_id == refund_id && refund.status.0 != store::RefundStatus::Failed
        })
    };
    let refund_lines = store::lines_of_order(&mut *connection, order.order_id).await?;
    let refund_parts = store::payments_of_order(&mut *connection, order.order_id).await?;
    let lines = orders::lines(&mut *connection, order.order_id)
        .await?
        .into_iter()
        .map(|line| {
            let refunded: i64 = refund_lines
                .iter()
                .filter(|refunded| {
                    refunded.line_number == line.line_number && counts(refunded.refund_id)
                })
                .map(|refunded| refunded.quantity)
                .sum();
            Ok(RefundableLine {
                line_number: whole(line.line_number)?,
                quantity: whole(line.quantity)?,
                refunded_quantity: whole(refunded)?,
                total_amount: line.total_amount,
                vat_type: if line.vat_type == VatType::Low.as_str() {
                    VatType::Low
                } else {
                    VatType::High
                },
            })
        })
        .collect::<Result<Vec<_>, ApiError>>()?;
    let payments = orders::paid_payments(&mut *connection, order.order_id)
        .await?
        .into_iter()
        .map(|payment| {
            let refunded = sum(refund_parts
                .iter()
                .filter(|part| part.payment_id == payment.payment_id && counts(part.refund_id))
                .map(|part| part.amount))?;
            Ok(PaidPayment {
                payment_id: payment.payment_id,
                amount: payment.amount,
                refunded,
            })
        })
        .collect::<Result<Vec<_>, ApiError>>()?;
    let live = || {
        refunds
            .iter()
            .filter(|refund| refund.status.0 != store::RefundStatus::Failed)
    };
    let (rate_low, rate_high) = store::vat_rates_of_order(&mut *connection, order.order_id).await?;
    let rate = |text: &str| {
        text.parse()
            .map_err(|_| ApiError::Internal(format!("a stored VAT rate '{text}'")))
    };
    Ok(RefundableOrder {
        status: order.status()?,
        lines,
        order_discount: sum(order_discounts(order)?.into_iter())?,
        shipping_costs: order.shipping_costs,
        shipping_refunded: live().any(|refund| refund.shipping_amount > Money::ZERO),
        rate_low: rate(&rate_low)?,
        rate_high: rate(&rate_high)?,
        gift_card_amount: order.gift_card_amount,
        gift_card_refunded: sum(live().map(|refund| refund.gift_card_amount))?,
        payments,
    })
}

fn order_discounts(order: &OrderRow) -> Result<Vec<Money>, ApiError> {
    let discounts: Vec<engine::cart::Discount> = serde_json::from_str(&order.order_discounts_json)
        .map_err(|error| ApiError::Internal(format!("order discounts: {error}")))?;
    Ok(discounts
        .into_iter()
        .map(|discount| discount.amount)
        .collect())
}

fn sum(mut amounts: impl Iterator<Item = Money>) -> Result<Money, ApiError> {
    amounts.try_fold(Money::ZERO, |total, amount| {
        total
            .checked_add(amount)
            .map_err(|error| ApiError::Internal(format!("refund sum: {error}")))
    })
}

fn whole(number: i64) -> Result<u32, ApiError> {
    u32::try_from(number).map_err(|_| ApiError::Internal(format!("a stored count {number}")))
}

/// A refund as the order page shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderRefund {
    pub refund_id: i64,
    pub status: store::RefundStatus,
    /// `C2026-01001`; none until refunded.
    pub credit_note_number: Option<String>,
    /// `YYYY-MM-DD`.
    #[schema(format = Date)]
    pub credit_note_date: Option<String>,
    pub total_amount: Money,
    pub shipping_amount: Money,
    pub gift_card_amount: Money,
    pub lines: Vec<RefundedLine>,
    pub payments: Vec<RefundPart>,
    pub reason: String,
    /// Who made it.
    pub staff_name: String,
    /// Milliseconds since the Unix epoch.
    pub created_at: i64,
}

/// Units of a line a refund gave back.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundedLine {
    pub line_number: i64,
    pub quantity: i64,
    pub amount: Money,
}

/// What a refund gave back through one payment.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundPart {
    pub payment_id: String,
    pub amount: Money,
    /// The provider's id of the refund (`re_…`), once it accepted it.
    pub provider_refund_id: Option<String>,
    pub status: RefundPartStatus,
}

/// What the order page shows of refunds: those made, and what may still go back (the
/// engine's rule).
#[derive(Debug)]
pub struct RefundsOfOrder {
    pub refunds: Vec<OrderRefund>,
    pub left_to_refund: Money,
    pub refundable_lines: Vec<engine::refund::LineAsked>,
    pub shipping_refundable: bool,
}

/// The order's refunds and what may still go back.
pub async fn refunds_of_order(
    connection: &mut AnyConnection,
    order: &OrderRow,
) -> Result<RefundsOfOrder, ApiError> {
    let refundable = refundable_order(&mut *connection, order).await?;
    let lines = store::lines_of_order(&mut *connection, order.order_id).await?;
    let parts = store::payments_of_order(&mut *connection, order.order_id).await?;
    let refunds = store::of_order(&mut *connection, order.order_id)
        .await?
        .into_iter()
        .map(|refund| OrderRefund {
            lines: lines
                .iter()
                .filter(|line| line.refund_id == refund.refund_id)
                .map(|line| RefundedLine {
                    line_number: line.line_number,
                    quantity: line.quantity,
                    amount: line.amount,
                })
                .collect(),
            payments: parts
                .iter()
                .filter(|part| part.refund_id == refund.refund_id)
                .map(|part| RefundPart {
                    payment_id: part.payment_id.clone(),
                    amount: part.amount,
                    provider_refund_id: part.provider_refund_id.clone(),
                    status: part.status.0,
                })
                .collect(),
            refund_id: refund.refund_id,
            status: refund.status.0,
            credit_note_number: refund.credit_note_number,
            credit_note_date: refund.credit_note_date,
            total_amount: refund.total_amount,
            shipping_amount: refund.shipping_amount,
            gift_card_amount: refund.gift_card_amount,
            reason: refund.reason,
            staff_name: refund.staff_name,
            created_at: refund.created_at,
        })
        .collect();
    let (refundable_lines, shipping_refundable) = engine::refund::refundable_lines(&refundable);
    Ok(RefundsOfOrder {
        refunds,
        left_to_refund: engine::refund::left_to_refund(&refundable),
        refundable_lines,
        shipping_refundable,
    })
}
