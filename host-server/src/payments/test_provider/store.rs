//! The test provider's own book of payments (`test_provider_payments`) and the iDEAL banks it
//! offers.

use engine::money::Money;
use sqlx::AnyPool;

use crate::payments::RefundRequest;

/// A payment in the book.
#[derive(sqlx::FromRow)]
pub struct BookEntry {
    pub payment_id: String,
    pub amount: String,
    pub description: String,
    pub method: String,
    pub issuer: Option<String>,
    pub status: String,
    pub redirect_url: String,
    pub webhook_url: String,
}

/// The payment with this id.
pub async fn entry(pool: &AnyPool, payment_id: &str) -> Result<Option<BookEntry>, sqlx::Error> {
    sqlx::query_as(
        "SELECT payment_id, amount, description, method, issuer, status, redirect_url, webhook_url \
         FROM test_provider_payments WHERE payment_id = $1",
    )
    .bind(payment_id)
    .fetch_optional(pool)
    .await
}

/// A payment to write in the book, open.
pub struct NewEntry<'a> {
    pub payment_id: &'a str,
    pub amount: String,
    pub description: &'a str,
    pub method: String,
    pub issuer: Option<String>,
    pub redirect_url: &'a str,
    pub webhook_url: &'a str,
    pub created_at: i64,
}

/// Writes an open payment in the book.
pub async fn insert_open(pool: &AnyPool, entry: NewEntry<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO test_provider_payments \
         (payment_id, amount, description, method, issuer, status, redirect_url, webhook_url, created_at) \
         VALUES ($1, $2, $3, $4, $5, 'open', $6, $7, $8)",
    )
    .bind(entry.payment_id)
    .bind(entry.amount)
    .bind(entry.description)
    .bind(entry.method)
    .bind(entry.issuer)
    .bind(entry.redirect_url)
    .bind(entry.webhook_url)
    .bind(entry.created_at)
    .execute(pool)
    .await?;
    Ok(())
}

/// The iDEAL banks: issuer id and name, in their order.
pub async fn ideal_banks(pool: &AnyPool) -> Result<Vec<(String, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT i.issuer_id, i.name FROM payment_issuers i JOIN payment_methods m ON m.payment_method_id = i.payment_method_id \
         WHERE m.method_key = 'ideal' ORDER BY i.position",
    )
    .fetch_all(pool)
    .await
}

/// Gives a payment that is still open its outcome (and the bank chosen, if any).
pub async fn set_outcome(
    pool: &AnyPool,
    payment_id: &str,
    status: &str,
    issuer: Option<String>,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE test_provider_payments SET status = $1, issuer = COALESCE($2, issuer) WHERE payment_id = $3 AND status = 'open'")
        .bind(status)
        .bind(issuer)
        .bind(payment_id)
        .execute(pool)
        .await?;
    Ok(())
}

/// What the book's refunds of a payment add up to.
pub async fn refunded(pool: &AnyPool, payment_id: &str) -> Result<Money, sqlx::Error> {
    let amounts: Vec<(String,)> =
        sqlx::query_as("SELECT amount FROM test_provider_refunds WHERE payment_id = $1")
            .bind(payment_id)
            .fetch_all(pool)
            .await?;
    Ok(amounts
        .iter()
        .filter_map(|(amount,)| amount.parse::<Money>().ok())
        .fold(Money::ZERO, |sum, amount| {
            sum.checked_add(amount).unwrap_or(sum)
        }))
}

/// Writes a refund in the book.
pub async fn insert_refund(
    pool: &AnyPool,
    refund_id: &str,
    request: &RefundRequest,
    created_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO test_provider_refunds (refund_id, payment_id, amount, description, created_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(refund_id)
    .bind(&request.payment_id)
    .bind(request.amount.to_string())
    .bind(&request.description)
    .bind(created_at)
    .execute(pool)
    .await?;
    Ok(())
}
