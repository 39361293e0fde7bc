//! The orders of an account, a page at a time.

use engine::ids::PaymentMethodId;
use engine::money::Money;
use engine::order::OrderStatus;
use sqlx::AnyPool;

/// An order as the account's list shows it.
#[derive(sqlx::FromRow)]
pub struct OrderSummaryRow {
    pub order_number: String,
    pub created_at: i64,
    #[sqlx(try_from = "String")]
    pub status: OrderStatus,
    #[sqlx(try_from = "String")]
    pub total_amount: Money,
    #[sqlx(try_from = "String")]
    pub amount_to_pay: Money,
    #[sqlx(try_from = "crate::platform::db::NullableKey")]
    pub payment_method_id: Option<PaymentMethodId>,
    pub site_id: i64,
    pub track_and_trace: Option<String>,
}

/// How many orders the account has.
pub async fn count_of_account(pool: &AnyPool, account_id: &str) -> Result<i64, sqlx::Error> {
    let (total,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM orders WHERE account_id = $1")
        .bind(account_id)
        .fetch_one(pool)
        .await?;
    Ok(total)
}

/// A page of the account's orders, newest first.
pub async fn page_of_account(
    pool: &AnyPool,
    account_id: &str,
    limit: i64,
    offset: i64,
) -> Result<Vec<OrderSummaryRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT order_number, created_at, status, total_amount, amount_to_pay, payment_method_id, site_id, track_and_trace \
         FROM orders WHERE account_id = $1 ORDER BY created_at DESC, order_id DESC LIMIT $2 OFFSET $3",
    )
    .bind(account_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(pool)
    .await
}
