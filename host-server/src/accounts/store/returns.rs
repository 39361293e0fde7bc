//! The account's returns (`returns`) and what registering one checks against its order.

use engine::ids::ProductVariantId;
use engine::returns::{ReturnReason, ReturnStatus};
use sqlx::AnyPool;

use crate::platform::labels::Label;

/// A return row.
#[derive(sqlx::FromRow)]
pub struct ReturnRow {
    pub return_id: String,
    pub order_number: String,
    #[sqlx(try_from = "i64")]
    pub product_variant_id: ProductVariantId,
    pub quantity: i64,
    pub reason: Label<ReturnReason>,
    pub comment: Option<String>,
    pub photo_path: Option<String>,
    pub photo_content_type: Option<String>,
    pub status: Label<ReturnStatus>,
    pub created_at: i64,
}

const COLUMNS: &str = "return_id, order_number, product_variant_id, quantity, reason, comment, photo_path, photo_content_type, status, created_at";

/// The description of the first line of the variant in the account's order.
pub async fn line_description(
    pool: &AnyPool,
    order_number: &str,
    account_id: &str,
    variant_id: ProductVariantId,
) -> Result<Option<String>, sqlx::Error> {
    let description: Option<(String,)> = sqlx::query_as(
        "SELECT l.description FROM order_lines l JOIN orders o ON o.order_id = l.order_id \
         WHERE o.order_number = $1 AND o.account_id = $2 AND l.product_variant_id = $3 ORDER BY l.line_number",
    )
    .bind(order_number)
    .bind(account_id)
    .bind(variant_id.get())
    .fetch_optional(pool)
    .await?;
    Ok(description.map(|(text,)| text))
}

/// The account's returns, newest first.
pub async fn returns_of_account(
    pool: &AnyPool,
    account_id: &str,
) -> Result<Vec<ReturnRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM returns WHERE account_id = $1 ORDER BY created_at DESC, return_id"
    ))
    .bind(account_id)
    .fetch_all(pool)
    .await
}

/// The account's return with this id.
pub async fn return_of_account(
    pool: &AnyPool,
    return_id: &str,
    account_id: &str,
) -> Result<Option<ReturnRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM returns WHERE return_id = $1 AND account_id = $2"
    ))
    .bind(return_id)
    .bind(account_id)
    .fetch_optional(pool)
    .await
}

/// The id of the account's order with this number.
pub async fn order_of_account(
    pool: &AnyPool,
    order_number: &str,
    account_id: &str,
) -> Result<Option<i64>, sqlx::Error> {
    let order: Option<(i64,)> =
        sqlx::query_as("SELECT order_id FROM orders WHERE order_number = $1 AND account_id = $2")
            .bind(order_number)
            .bind(account_id)
            .fetch_optional(pool)
            .await?;
    Ok(order.map(|(order_id,)| order_id))
}

/// The order's paid lines of the variant: how many, and their quantity together.
pub async fn paid_quantity_of_variant(
    pool: &AnyPool,
    order_id: i64,
    variant_id: i64,
) -> Result<(i64, i64), sqlx::Error> {
    sqlx::query_as(
        "SELECT COUNT(*), CAST(COALESCE(SUM(quantity), 0) AS BIGINT) FROM order_lines \
         WHERE order_id = $1 AND product_variant_id = $2 AND is_free = 0",
    )
    .bind(order_id)
    .bind(variant_id)
    .fetch_one(pool)
    .await
}

/// The quantity of the variant the account returned of an order so far.
pub async fn returned_quantity(
    pool: &AnyPool,
    account_id: &str,
    order_number: &str,
    variant_id: i64,
) -> Result<i64, sqlx::Error> {
    let (returned,): (i64,) = sqlx::query_as(
        "SELECT CAST(COALESCE(SUM(quantity), 0) AS BIGINT) FROM returns WHERE account_id = $1 AND order_number = $2 \
         AND product_variant_id = $3",
    )
    .bind(account_id)
    .bind(order_number)
    .bind(variant_id)
    .fetch_one(pool)
    .await?;
    Ok(returned)
}

/// A return to register.
pub struct NewReturn<'a> {
    pub return_id: &'a str,
    pub account_id: &'a str,
    pub order_number: &'a str,
    pub product_variant_id: i64,
    pub quantity: i64,
    pub reason: &'a str,
    pub comment: Option<&'a str>,
    pub photo_path: Option<&'a str>,
    pub photo_content_type: Option<&'a str>,
    pub created_at: i64,
}

/// Registers a return, new.
pub async fn insert(pool: &AnyPool, item: NewReturn<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO returns (return_id, account_id, order_number, product_variant_id, quantity, reason, comment, photo_path, \
         photo_content_type, status, created_at, from_fixtures) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'new', $10, 0)",
    )
    .bind(item.return_id)
    .bind(item.account_id)
    .bind(item.order_number)
    .bind(item.product_variant_id)
    .bind(item.quantity)
    .bind(item.reason)
    .bind(item.comment)
    .bind(item.photo_path)
    .bind(item.photo_content_type)
    .bind(item.created_at)
    .execute(pool)
    .await?;
    Ok(())
}
