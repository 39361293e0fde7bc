//! Refunds (`refunds`, `refund_lines`, `refund_payments`): what went back of an order, and the
//! credit notes' number series.

use engine::money::Money;
use engine::refund::RefundPlan;
use sqlx::{AnyConnection, AnyPool};

use crate::platform::labels::Label;

/// Where a refund stands.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase")]
pub enum RefundStatus {
    /// Written, the payment provider not answered yet.
    Pending,
    /// Given back; the credit note is issued.
    Refunded,
    /// The provider refused before anything went back; it counts for nothing.
    Failed,
}

/// Where the part of a refund that goes back through one payment stands.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase")]
pub enum RefundPartStatus {
    /// Not asked of the provider yet.
    Pending,
    /// The provider accepted it; the money is on its way.
    Accepted,
    /// The provider transferred it.
    Refunded,
    /// The provider refused it: the shop transfers it by hand.
    Failed,
    /// Paid by bank transfer (or through a provider the shop no longer uses): the shop
    /// transfers it by hand.
    Manual,
}

/// A refund of an order.
#[derive(Debug, sqlx::FromRow)]
pub struct RefundRow {
    pub refund_id: i64,
    pub order_id: i64,
    pub status: Label<RefundStatus>,
    pub credit_note_number: Option<String>,
    pub credit_note_date: Option<String>,
    #[sqlx(try_from = "String")]
    pub total_amount: Money,
    #[sqlx(try_from = "String")]
    pub shipping_amount: Money,
    #[sqlx(try_from = "String")]
    pub vat_amount_low: Money,
    #[sqlx(try_from = "String")]
    pub vat_amount_high: Money,
    #[sqlx(try_from = "String")]
    pub total_amount_excl_vat: Money,
    #[sqlx(try_from = "String")]
    pub gift_card_amount: Money,
    pub reason: String,
    pub staff_name: String,
    pub created_at: i64,
}

/// Units of a line a refund gave back.
#[derive(Debug, sqlx::FromRow)]
pub struct RefundLineRow {
    pub refund_id: i64,
    pub line_number: i64,
    pub quantity: i64,
    #[sqlx(try_from = "String")]
    pub amount: Money,
}

/// A refund's part through one payment.
#[derive(Debug, sqlx::FromRow)]
pub struct RefundPaymentRow {
    pub refund_id: i64,
    pub payment_id: String,
    #[sqlx(try_from = "String")]
    pub amount: Money,
    pub provider_refund_id: Option<String>,
    pub status: Label<RefundPartStatus>,
}

const REFUND_COLUMNS: &str = "refund_id, order_id, status, credit_note_number, credit_note_date, total_amount, \
     shipping_amount, vat_amount_low, vat_amount_high, total_amount_excl_vat, gift_card_amount, reason, staff_name, created_at";

/// Makes the order the caller's to change until the transaction ends: a write to its row, so
/// that PostgreSQL locks the row and SQLite takes its write lock. Two refunds of one order then
/// see each other.
pub async fn lock_order(connection: &mut AnyConnection, order_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE orders SET updated_at = updated_at WHERE order_id = $1")
        .bind(order_id)
        .execute(connection)
        .await?;
    Ok(())
}

/// The order's refunds, oldest first.
pub async fn of_order(
    connection: &mut AnyConnection,
    order_id: i64,
) -> Result<Vec<RefundRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {REFUND_COLUMNS} FROM refunds WHERE order_id = $1 ORDER BY refund_id"
    ))
    .bind(order_id)
    .fetch_all(connection)
    .await
}

/// The lines of the order's refunds.
pub async fn lines_of_order(
    connection: &mut AnyConnection,
    order_id: i64,
) -> Result<Vec<RefundLineRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT l.refund_id, l.line_number, l.quantity, l.amount FROM refund_lines l \
         JOIN refunds r ON r.refund_id = l.refund_id WHERE r.order_id = $1 ORDER BY l.refund_id, l.line_number",
    )
    .bind(order_id)
    .fetch_all(connection)
    .await
}

/// The payment parts of the order's refunds.
pub async fn payments_of_order(
    connection: &mut AnyConnection,
    order_id: i64,
) -> Result<Vec<RefundPaymentRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT p.refund_id, p.payment_id, p.amount, p.provider_refund_id, p.status FROM refund_payments p \
         JOIN refunds r ON r.refund_id = p.refund_id WHERE r.order_id = $1 ORDER BY p.refund_id, p.payment_id",
    )
    .bind(order_id)
    .fetch_all(connection)
    .await
}

/// The refund with this credit note number.
pub async fn by_credit_note(
    pool: &AnyPool,
    credit_note_number: &str,
) -> Result<Option<RefundRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {REFUND_COLUMNS} FROM refunds WHERE credit_note_number = $1"
    ))
    .bind(credit_note_number)
    .fetch_optional(pool)
    .await
}

/// The site's two VAT percentages, as stored, of the order's site.
pub async fn vat_rates_of_order(
    connection: &mut AnyConnection,
    order_id: i64,
) -> Result<(String, String), sqlx::Error> {
    sqlx::query_as(
        "SELECT s.vat_percentage_low, s.vat_percentage_high FROM orders o \
         JOIN sites s ON s.site_id = o.site_id WHERE o.order_id = $1",
    )
    .bind(order_id)
    .fetch_one(connection)
    .await
}

/// A refund to write, pending.
pub struct NewRefund<'a> {
    pub order_id: i64,
    pub plan: &'a RefundPlan,
    /// Each payment part with the status it starts with (`pending` or `manual`).
    pub parts: Vec<RefundPartStatus>,
    pub reason: &'a str,
    pub staff_name: &'a str,
    pub created_at: i64,
}

/// Writes a pending refund with its lines and payment parts; answers its id.
pub async fn insert_pending(
    connection: &mut AnyConnection,
    refund: &NewRefund<'_>,
) -> Result<i64, sqlx::Error> {
    let (refund_id,): (i64,) = sqlx::query_as(
        "UPDATE counters SET value = value + 1 WHERE name = 'refund' RETURNING value",
    )
    .fetch_one(&mut *connection)
    .await?;
    let plan = refund.plan;
    sqlx::query(
        "INSERT INTO refunds (refund_id, order_id, status, credit_note_number, credit_note_date, total_amount, \
         shipping_amount, vat_amount_low, vat_amount_high, total_amount_excl_vat, gift_card_amount, reason, \
         staff_name, created_at) VALUES ($1, $2, 'pending', NULL, NULL, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(refund_id)
    .bind(refund.order_id)
    .bind(plan.total_amount.to_string())
    .bind(plan.shipping_amount.to_string())
    .bind(plan.vat_amount_low.to_string())
    .bind(plan.vat_amount_high.to_string())
    .bind(plan.total_amount_excl_vat.to_string())
    .bind(plan.gift_card_amount.to_string())
    .bind(refund.reason)
    .bind(refund.staff_name)
    .bind(refund.created_at)
    .execute(&mut *connection)
    .await?;
    for line in &plan.lines {
        sqlx::query(
            "INSERT INTO refund_lines (refund_id, line_number, quantity, amount) VALUES ($1, $2, $3, $4)",
        )
        .bind(refund_id)
        .bind(i64::from(line.line_number))
        .bind(i64::from(line.quantity))
        .bind(line.amount.to_string())
        .execute(&mut *connection)
        .await?;
    }
    for (part, status) in plan.payments.iter().zip(&refund.parts) {
        sqlx::query(
            "INSERT INTO refund_payments (refund_id, payment_id, amount, provider_refund_id, status) \
             VALUES ($1, $2, $3, NULL, $4)",
        )
        .bind(refund_id)
        .bind(&part.payment_id)
        .bind(part.amount.to_string())
        .bind(crate::platform::labels::label_of(status))
        .execute(&mut *connection)
        .await?;
    }
    Ok(refund_id)
}

/// Records what the provider said of a payment part.
pub async fn set_part(
    pool: &AnyPool,
    refund_id: i64,
    payment_id: &str,
    provider_refund_id: Option<&str>,
    status: RefundPartStatus,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE refund_payments SET provider_refund_id = $1, status = $2 WHERE refund_id = $3 AND payment_id = $4",
    )
    .bind(provider_refund_id)
    .bind(crate::platform::labels::label_of(&status))
    .bind(refund_id)
    .bind(payment_id)
    .execute(pool)
    .await?;
    Ok(())
}

/// Marks a pending refund failed.
pub async fn mark_failed(pool: &AnyPool, refund_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE refunds SET status = 'failed' WHERE refund_id = $1 AND status = 'pending'")
        .bind(refund_id)
        .execute(pool)
        .await?;
    Ok(())
}

/// Issues the credit note of a pending refund: the next number of the series
/// (`C{year}-{number}`, from 1001 on) and the day; the refund is then refunded.
pub async fn issue_credit_note(
    connection: &mut AnyConnection,
    refund_id: i64,
    today: &str,
) -> Result<String, sqlx::Error> {
    let (number,): (i64,) = sqlx::query_as(
        "UPDATE counters SET value = value + 1 WHERE name = 'credit_note' RETURNING value",
    )
    .fetch_one(&mut *connection)
    .await?;
    let credit_note_number = engine::refund::credit_note_number(&today[..4], number);
    sqlx::query(
        "UPDATE refunds SET status = 'refunded', credit_note_number = $1, credit_note_date = $2 \
         WHERE refund_id = $3",
    )
    .bind(&credit_note_number)
    .bind(today)
    .bind(refund_id)
    .execute(connection)
    .await?;
    Ok(credit_note_number)
}
