//! What the back office's home and its command palette read across the shop's tables: today's
//! orders, open returns, samples waiting for results, low stock, and the records a search finds.

use sqlx::AnyPool;

use crate::platform::labels::Label;
use engine::order::OrderStatus;
use engine::returns::ReturnStatus;

/// An order placed in the period: its site, status and total (euro).
#[derive(sqlx::FromRow)]
pub struct PlacedOrder {
    pub site_id: i64,
    pub status: Label<OrderStatus>,
    pub total_amount: String,
}

/// The orders placed from `since` (milliseconds since the Unix epoch) on.
pub async fn orders_since(pool: &AnyPool, since: i64) -> Result<Vec<PlacedOrder>, sqlx::Error> {
    sqlx::query_as("SELECT site_id, status, total_amount FROM orders WHERE created_at >= $1")
        .bind(since)
        .fetch_all(pool)
        .await
}

/// Every site's id, name and currency.
pub async fn sites(pool: &AnyPool) -> Result<Vec<(i64, String, String)>, sqlx::Error> {
    sqlx::query_as("SELECT site_id, name, currency FROM sites ORDER BY site_id")
        .fetch_all(pool)
        .await
}

/// How many returns wait for a decision: new, or being handled.
pub async fn open_returns(pool: &AnyPool) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM returns WHERE status IN ($1, $2)")
        .bind(Label(ReturnStatus::New))
        .bind(Label(ReturnStatus::Processing))
        .fetch_one(pool)
        .await?;
    Ok(count)
}

/// How many samples of paid scan orders have no result yet.
pub async fn samples_waiting(pool: &AnyPool) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM order_line_samples s \
         JOIN orders o ON o.order_id = s.order_id \
         JOIN order_lines l ON l.order_id = s.order_id AND l.line_number = s.line_number \
         WHERE o.status IN ($1, $2, $3, $4) \
         AND NOT EXISTS (SELECT 1 FROM roughage_results r WHERE r.order_number = o.order_number \
         AND r.product_variant_id = l.product_variant_id AND r.sequence = s.sequence)",
    )
    .bind(Label(OrderStatus::Paid))
    .bind(Label(OrderStatus::Processing))
    .bind(Label(OrderStatus::Sent))
    .bind(Label(OrderStatus::Closed))
    .fetch_one(pool)
    .await?;
    Ok(count)
}

/// A variant whose counted stock is low.
#[derive(sqlx::FromRow)]
pub struct LowStockRow {
    pub product_variant_id: i64,
    pub article_number: String,
    pub name: Option<String>,
    pub stock: i64,
}

/// The variants with a counted stock of at most `threshold`, the lowest first.
pub async fn low_stock(
    pool: &AnyPool,
    threshold: i64,
    limit: i64,
) -> Result<Vec<LowStockRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT v.product_variant_id, v.article_number, t.name, v.stock FROM variants v \
         LEFT JOIN product_texts t ON t.product_id = v.product_id AND t.culture = 'nl' \
         WHERE v.stock IS NOT NULL AND v.stock <= $1 \
         ORDER BY v.stock, v.product_variant_id LIMIT $2",
    )
    .bind(threshold)
    .bind(limit)
    .fetch_all(pool)
    .await
}

/// An order a search finds.
#[derive(sqlx::FromRow)]
pub struct FoundOrder {
    pub order_number: String,
    pub email_address: String,
    pub status: Label<OrderStatus>,
    pub site_id: i64,
}

/// Orders by number, e-mail address, or a name or postcode of their addresses, the newest first.
pub async fn find_orders(
    pool: &AnyPool,
    pattern: &str,
    limit: i64,
) -> Result<Vec<FoundOrder>, sqlx::Error> {
    sqlx::query_as(
        "SELECT order_number, email_address, status, site_id FROM orders \
         WHERE LOWER(order_number) LIKE $1 ESCAPE '\\' OR LOWER(email_address) LIKE $1 ESCAPE '\\' \
         OR LOWER(billing_json) LIKE $1 ESCAPE '\\' OR LOWER(COALESCE(shipping_json, '')) LIKE $1 ESCAPE '\\' \
         ORDER BY created_at DESC LIMIT $2",
    )
    .bind(pattern)
    .bind(limit)
    .fetch_all(pool)
    .await
}

/// A customer a search finds.
#[derive(sqlx::FromRow)]
pub struct FoundCustomer {
    pub account_id: String,
    pub email_address: String,
    pub first_name: String,
    pub last_name: String,
    pub site_id: Option<i64>,
}

/// Customers by e-mail address or name.
pub async fn find_customers(
    pool: &AnyPool,
    pattern: &str,
    limit: i64,
) -> Result<Vec<FoundCustomer>, sqlx::Error> {
    sqlx::query_as(
        "SELECT account_id, email_address, first_name, last_name, site_id FROM accounts \
         WHERE LOWER(email_address) LIKE $1 ESCAPE '\\' \
         OR LOWER(first_name || ' ' || last_name) LIKE $1 ESCAPE '\\' \
         ORDER BY last_name, first_name LIMIT $2",
    )
    .bind(pattern)
    .bind(limit)
    .fetch_all(pool)
    .await
}

/// A product variant a search finds.
#[derive(sqlx::FromRow)]
pub struct FoundVariant {
    pub product_id: i64,
    pub product_variant_id: i64,
    pub article_number: String,
    pub ean: String,
    pub name: Option<String>,
}

/// Variants by EAN, article number or product name (Dutch, the source language).
pub async fn find_variants(
    pool: &AnyPool,
    pattern: &str,
    limit: i64,
) -> Result<Vec<FoundVariant>, sqlx::Error> {
    sqlx::query_as(
        "SELECT v.product_id, v.product_variant_id, v.article_number, v.ean, t.name FROM variants v \
         LEFT JOIN product_texts t ON t.product_id = v.product_id AND t.culture = 'nl' \
         WHERE LOWER(v.ean) LIKE $1 ESCAPE '\\' OR LOWER(v.article_number) LIKE $1 ESCAPE '\\' \
         OR LOWER(COALESCE(t.name, '')) LIKE $1 ESCAPE '\\' \
         ORDER BY v.product_id, v.position LIMIT $2",
    )
    .bind(pattern)
    .bind(limit)
    .fetch_all(pool)
    .await
}

/// A laboratory sample a search finds.
#[derive(sqlx::FromRow)]
pub struct FoundSample {
    pub order_number: String,
    pub sequence: i64,
    pub sample_name: String,
    pub site_id: i64,
}

/// Samples by their order's number or their name.
pub async fn find_samples(
    pool: &AnyPool,
    pattern: &str,
    limit: i64,
) -> Result<Vec<FoundSample>, sqlx::Error> {
    sqlx::query_as(
        "SELECT o.order_number, s.sequence, s.sample_name, o.site_id FROM order_line_samples s \
         JOIN orders o ON o.order_id = s.order_id \
         WHERE LOWER(o.order_number) LIKE $1 ESCAPE '\\' OR LOWER(s.sample_name) LIKE $1 ESCAPE '\\' \
         ORDER BY o.created_at DESC, s.sequence LIMIT $2",
    )
    .bind(pattern)
    .bind(limit)
    .fetch_all(pool)
    .await
}
