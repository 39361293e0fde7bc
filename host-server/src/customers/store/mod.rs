//! The SQL of the customers desk: accounts found by name or e-mail address, and what one
//! customer has in the shop.

pub mod erasure;

use engine::money::Money;
use engine::order::OrderStatus;
use engine::returns::ReturnStatus;
use engine::subscription::SubscriptionStatus;
use sqlx::AnyPool;

use crate::laboratory::ScanType;
use crate::platform::labels::Label;

/// The condition that keeps the accounts of `sites` (every account when empty), and those
/// that belong to no site. The ids are numbers, written into the statement: the `Any` driver
/// binds no lists.
fn on_sites(sites: &[i64]) -> String {
    if sites.is_empty() {
        return String::new();
    }
    let ids: Vec<String> = sites.iter().map(i64::to_string).collect();
    format!(
        " AND (a.site_id IS NULL OR a.site_id IN ({}))",
        ids.join(", ")
    )
}

const MATCHES: &str = "(LOWER(a.email_address) LIKE $1 ESCAPE '\\' \
     OR LOWER(a.first_name || ' ' || a.last_name) LIKE $1 ESCAPE '\\')";

/// An account as the list shows it.
#[derive(sqlx::FromRow)]
pub struct CustomerRow {
    pub account_id: String,
    pub email_address: String,
    pub first_name: String,
    pub last_name: String,
    pub phone_number: String,
    pub site_id: Option<i64>,
    pub language_id: Option<i64>,
    pub newsletter: crate::platform::db::Flag,
    pub activated_at: Option<i64>,
    pub erased_at: Option<i64>,
    pub created_at: i64,
    pub order_count: i64,
}

const CUSTOMER_COLUMNS: &str = "a.account_id, a.email_address, a.first_name, a.last_name, \
     a.phone_number, a.site_id, a.language_id, a.newsletter, a.activated_at, a.erased_at, \
     a.created_at, \
     (SELECT COUNT(*) FROM orders o WHERE o.account_id = a.account_id) AS order_count";

/// How many accounts of `sites` match `pattern` (a `LIKE` pattern of [`crate::platform::db::containing`]).
pub async fn count(pool: &AnyPool, pattern: &str, sites: &[i64]) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(&format!(
        "SELECT COUNT(*) FROM accounts a WHERE {MATCHES}{}",
        on_sites(sites)
    ))
    .bind(pattern)
    .fetch_one(pool)
    .await
}

/// A page of the accounts of `sites` that match `pattern`, by name.
pub async fn page(
    pool: &AnyPool,
    pattern: &str,
    sites: &[i64],
    limit: i64,
    offset: i64,
) -> Result<Vec<CustomerRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {CUSTOMER_COLUMNS} FROM accounts a WHERE {MATCHES}{} \
         ORDER BY LOWER(a.last_name), LOWER(a.first_name), a.account_id LIMIT $2 OFFSET $3",
        on_sites(sites)
    ))
    .bind(pattern)
    .bind(limit)
    .bind(offset)
    .fetch_all(pool)
    .await
}

/// One account.
pub async fn customer(
    pool: &AnyPool,
    account_id: &str,
) -> Result<Option<CustomerRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {CUSTOMER_COLUMNS} FROM accounts a WHERE a.account_id = $1"
    ))
    .bind(account_id)
    .fetch_optional(pool)
    .await
}

/// The company name of an account's profile, when it has one.
pub async fn company_name(pool: &AnyPool, account_id: &str) -> Result<Option<String>, sqlx::Error> {
    let name: Option<(Option<String>,)> =
        sqlx::query_as("SELECT company_name FROM account_profiles WHERE account_id = $1")
            .bind(account_id)
            .fetch_optional(pool)
            .await?;
    Ok(name
        .and_then(|(name,)| name)
        .filter(|name| !name.trim().is_empty()))
}

/// An order of the account.
#[derive(sqlx::FromRow)]
pub struct OrderRow {
    pub order_number: String,
    pub status: Label<OrderStatus>,
    pub site_id: i64,
    #[sqlx(try_from = "String")]
    pub total_amount: Money,
    pub created_at: i64,
}

/// The account's orders, the newest first.
pub async fn orders(
    pool: &AnyPool,
    account_id: &str,
    limit: i64,
) -> Result<Vec<OrderRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT order_number, status, site_id, total_amount, created_at FROM orders \
         WHERE account_id = $1 ORDER BY created_at DESC, order_id DESC LIMIT $2",
    )
    .bind(account_id)
    .bind(limit)
    .fetch_all(pool)
    .await
}

/// The name of a variant's product in the source language, `products.product_key` without one.
const PRODUCT_NAME: &str = "COALESCE((SELECT t.name FROM variants v JOIN product_texts t \
     ON t.product_id = v.product_id AND t.culture = 'nl' WHERE v.product_variant_id = {variant}), '')";

fn product_name(variant_column: &str) -> String {
    PRODUCT_NAME.replace("{variant}", variant_column)
}

/// A return of the account.
#[derive(sqlx::FromRow)]
pub struct ReturnRow {
    pub return_id: String,
    pub order_number: String,
    pub product_name: String,
    pub quantity: i64,
    pub status: Label<ReturnStatus>,
    pub created_at: i64,
}

/// The account's returns, the newest first.
pub async fn returns(pool: &AnyPool, account_id: &str) -> Result<Vec<ReturnRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT r.return_id, r.order_number, {} AS product_name, r.quantity, r.status, r.created_at \
         FROM returns r WHERE r.account_id = $1 ORDER BY r.created_at DESC, r.return_id",
        product_name("r.product_variant_id")
    ))
    .bind(account_id)
    .fetch_all(pool)
    .await
}

/// A subscription of the account.
#[derive(sqlx::FromRow)]
pub struct SubscriptionRow {
    pub subscription_id: String,
    pub product_name: String,
    pub quantity: i64,
    pub interval_weeks: i64,
    pub status: Label<SubscriptionStatus>,
    pub next_delivery_date: Option<String>,
}

/// The account's subscriptions.
pub async fn subscriptions(
    pool: &AnyPool,
    account_id: &str,
) -> Result<Vec<SubscriptionRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT s.subscription_id, {} AS product_name, s.quantity, s.interval_weeks, s.status, \
         s.next_delivery_date FROM subscriptions s WHERE s.account_id = $1 \
         ORDER BY s.next_delivery_date, s.subscription_id",
        product_name("s.product_variant_id")
    ))
    .bind(account_id)
    .fetch_all(pool)
    .await
}

/// A roughage result of the account.
#[derive(sqlx::FromRow)]
pub struct ResultRow {
    pub order_number: String,
    pub sample_name: String,
    pub scan_type: Label<ScanType>,
    pub result_date: String,
    pub is_read: crate::platform::db::Flag,
}

/// The account's roughage results, the newest first.
pub async fn results(pool: &AnyPool, account_id: &str) -> Result<Vec<ResultRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT order_number, sample_name, scan_type, result_date, is_read FROM roughage_results \
         WHERE account_id = $1 ORDER BY result_date DESC, order_number, sequence",
    )
    .bind(account_id)
    .fetch_all(pool)
    .await
}

/// A review the account wrote.
#[derive(sqlx::FromRow)]
pub struct ReviewRow {
    pub review_id: i64,
    pub product_name: String,
    pub rating: i64,
    pub title: String,
    pub status: Label<crate::reviews::ReviewStatus>,
    pub created_at: i64,
}

/// The account's reviews, the newest first.
pub async fn reviews(pool: &AnyPool, account_id: &str) -> Result<Vec<ReviewRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT r.review_id, COALESCE((SELECT t.name FROM product_texts t WHERE t.product_id = r.product_id \
         AND t.culture = 'nl'), '') AS product_name, r.rating, r.title, r.status, r.created_at \
         FROM reviews r WHERE r.account_id = $1 ORDER BY r.created_at DESC, r.review_id",
    )
    .bind(account_id)
    .fetch_all(pool)
    .await
}
