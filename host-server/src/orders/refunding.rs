//! Making a refund: some units of some lines and the shipping, or an amount, given back of a
//! paid order. The engine computes the refund (`engine::refund`): its amount, its VAT per rate,
//! the gift card's part and each payment's. Money goes back the way it came: through the
//! payment provider that took it (Mollie's refunds API, or the test provider), onto the gift
//! card, or, for a bank transfer, by hand. Each refund gets a credit note in its own number
//! series, an audit entry and a mail to the customer.
//!
//! The order's row is locked while the refund is computed and written as `pending`, so two
//! refunds at once never give back more than was paid; the provider is asked after that
//! transaction, and the refund becomes `refunded` (with its credit note) or, when the first
//! provider refused, `failed`. A cancelled order gives back by itself what its payments took
//! ([`give_back_after_cancellation`]).

use engine::money::Money;
use engine::refund::{RefundAsked, RefundPlan, RefundRefusal, plan_refund};
use sqlx::AnyConnection;

use super::admin::refund_ledger::refundable_order;
use super::invoices::{DocumentTexts, InvoicingSite};
use super::store::refunds::{self as store, NewRefund, RefundPartStatus};
use super::store::{self as orders, OrderRow};
use crate::AppState;
use crate::audit::{AuditActor, Event};
use crate::payments::{RefundProgress, RefundRequest};
use crate::platform::access::Access;
use crate::platform::clock;
use crate::platform::error::ApiError;

/// Who makes a refund: a staff member or key, or the server itself (after a cancellation).
pub struct Refunder<'a> {
    pub actor: AuditActor,
    /// The client's address, for the audit trail; empty for the server itself.
    pub address: &'a str,
}

impl<'a> Refunder<'a> {
    /// The member or key behind a back-office request.
    pub fn of(access: &'a Access) -> Refunder<'a> {
        Refunder {
            actor: AuditActor::of(access),
            address: &access.address,
        }
    }
}

/// Makes the refund `asked` of `order`: computed and written pending, given back through the
/// payments, then the gift card's part, the credit note, the audit entry and the customer's
/// mail. Answers the credit note's number.
pub async fn make_refund(
    state: &AppState,
    refunder: &Refunder<'_>,
    order: &OrderRow,
    asked: &RefundAsked,
    reason: &str,
) -> Result<String, ApiError> {
    let (refund_id, plan) = write_pending(state, refunder, order, asked, reason).await?;
    give_back_through_payments(state, order, refund_id, &plan).await?;
    let credit_note = finish(state, refunder, order, refund_id, &plan, reason).await?;
    let notice = crate::orders::mails::RefundNotice {
        total: plan.total_amount,
        gift_card: plan.gift_card_amount,
        to_payment: !plan.payments.is_empty(),
        credit_note: &credit_note,
    };
    crate::orders::mails::send_refund(state, order, &notice).await;
    Ok(credit_note)
}

/// Gives back what a cancelled order's payments took and did not give back yet: the shop
/// cancelled a paid order, or a payment arrived after the cancellation. The gift card's part
/// went back with the cancellation. A refusal of the provider is logged; the order page then
/// still shows what is left to refund.
pub async fn give_back_after_cancellation(
    state: &AppState,
    refunder: &Refunder<'_>,
    order: &OrderRow,
) -> Result<(), ApiError> {
    let left = {
        let mut connection = state.db.pool().acquire().await?;
        engine::refund::left_to_refund(&refundable_order(&mut connection, order).await?)
    };
    if left <= Money::ZERO {
        return Ok(());
    }
    let reason = cancellation_reason(state, order).await?;
    let asked = RefundAsked::Amount { amount: left };
    if let Err(error) = make_refund(state, refunder, order, &asked, &reason).await {
        tracing::warn!(%error, order = %order.order_number, "could not give back what a cancelled order took");
    }
    Ok(())
}

/// "Order cancelled" in the order's language: the reason on the credit note.
async fn cancellation_reason(state: &AppState, order: &OrderRow) -> Result<String, ApiError> {
    let site = InvoicingSite::of_order(state, order.order_id).await?;
    let texts = DocumentTexts::of(state, Some(order.language_id), &site).await?;
    texts.t("creditNotePdf.cancelled", &[])
}

/// Computes the refund on the order as it is with its row locked, and writes it pending.
async fn write_pending(
    state: &AppState,
    refunder: &Refunder<'_>,
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
            staff_name: &refunder.actor.name,
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
    // Only money a provider took back counts: the gift card's part is put back afterwards, and
    // a part to transfer by hand has not moved yet.
    let mut any_given_back = false;
    for part in &plan.payments {
        if first_part_status(state, &providers, &part.payment_id) == RefundPartStatus::Manual {
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
    refunder: &Refunder<'_>,
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
    crate::audit::append(&mut transaction, &refunder.actor, refunder.address, event).await?;
    transaction.commit().await?;
    Ok(credit_note)
}

/// The engine's refusal as the order desk reads it: a field error on `asked`.
pub fn refusal(refusal: RefundRefusal) -> ApiError {
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
