//! The laboratory's results (`roughage_results`), the scan samples of orders they belong to,
//! the roughage targets, and what a result's advice and mail read about products and accounts.

use engine::ids::{ProductId, ProductVariantId};
use engine::roughage::SampleType;
use sqlx::{AnyConnection, AnyPool};

use super::ScanType;
use crate::platform::db::Flag;
use crate::platform::labels::Label;

/// The order line and sample a result is for: the ordering account, the product, its product
/// type and the sample's name.
pub async fn sample_of_order(
    connection: &mut AnyConnection,
    order_number: &str,
    variant_id: ProductVariantId,
    sequence: i64,
) -> Result<Option<(Option<String>, i64, i64, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT o.account_id, l.product_id, l.product_type, s.sample_name FROM orders o \
         JOIN order_lines l ON l.order_id = o.order_id \
         JOIN order_line_samples s ON s.order_id = l.order_id AND s.line_number = l.line_number \
         WHERE o.order_number = $1 AND l.product_variant_id = $2 AND s.sequence = $3 ORDER BY l.line_number",
    )
    .bind(order_number)
    .bind(variant_id.get())
    .bind(sequence)
    .fetch_optional(connection)
    .await
}

/// A result to store.
pub struct NewResult<'a> {
    pub result_key: &'a str,
    pub account_id: Option<String>,
    pub order_number: &'a str,
    pub product_id: i64,
    pub product_variant_id: ProductVariantId,
    pub sequence: i64,
    pub scan_type: ScanType,
    pub sample_type: SampleType,
    pub sample_name: &'a str,
    pub receipt_date: String,
    pub result_date: String,
    pub values_json: Option<String>,
    pub germ_counts_json: Option<String>,
    pub created_at: i64,
}

/// Stores a result, unread; a result for the same sample is replaced (and keeps its key).
pub async fn upsert_result(
    connection: &mut AnyConnection,
    result: NewResult<'_>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO roughage_results (result_key, account_id, order_number, product_id, product_variant_id, sequence, scan_type, \
         sample_type, sample_name, receipt_date, result_date, values_json, germ_counts_json, is_read, created_at, from_fixtures) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 0, $14, 0) \
         ON CONFLICT (order_number, product_variant_id, sequence) DO UPDATE SET account_id = excluded.account_id, \
         scan_type = excluded.scan_type, sample_type = excluded.sample_type, sample_name = excluded.sample_name, \
         receipt_date = excluded.receipt_date, result_date = excluded.result_date, values_json = excluded.values_json, \
         germ_counts_json = excluded.germ_counts_json, is_read = 0, created_at = excluded.created_at",
    )
    .bind(result.result_key)
    .bind(result.account_id)
    .bind(result.order_number)
    .bind(result.product_id)
    .bind(result.product_variant_id.get())
    .bind(result.sequence)
    .bind(Label(result.scan_type))
    .bind(Label(result.sample_type))
    .bind(result.sample_name)
    .bind(result.receipt_date)
    .bind(result.result_date)
    .bind(result.values_json)
    .bind(result.germ_counts_json)
    .bind(result.created_at)
    .execute(connection)
    .await?;
    Ok(())
}

/// The key of the result of a sample.
pub async fn result_key_of_sample(
    connection: &mut AnyConnection,
    order_number: &str,
    variant_id: ProductVariantId,
    sequence: i64,
) -> Result<String, sqlx::Error> {
    let (result_key,): (String,) =
        sqlx::query_as("SELECT result_key FROM roughage_results WHERE order_number = $1 AND product_variant_id = $2 AND sequence = $3")
            .bind(order_number)
            .bind(variant_id.get())
            .bind(sequence)
            .fetch_one(connection)
            .await?;
    Ok(result_key)
}

/// Whom to tell about a result: the account's address and first name, and the order's site
/// and language.
pub async fn recipient_of_result(
    pool: &AnyPool,
    result_key: &str,
) -> Result<Option<(String, String, i64, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT a.email_address, a.first_name, o.site_id, o.language_id FROM roughage_results r \
         JOIN accounts a ON a.account_id = r.account_id JOIN orders o ON o.order_number = r.order_number \
         WHERE r.result_key = $1",
    )
    .bind(result_key)
    .fetch_optional(pool)
    .await
}

/// The product type of the order's first line of the variant.
pub async fn product_type_of_order_line(
    connection: &mut AnyConnection,
    order_number: &str,
    variant_id: ProductVariantId,
) -> Result<Option<i64>, sqlx::Error> {
    let product_type: Option<(i64,)> = sqlx::query_as(
        "SELECT l.product_type FROM orders o JOIN order_lines l ON l.order_id = o.order_id \
         WHERE o.order_number = $1 AND l.product_variant_id = $2 ORDER BY l.line_number",
    )
    .bind(order_number)
    .bind(variant_id.get())
    .fetch_optional(connection)
    .await?;
    Ok(product_type.map(|(product_type,)| product_type))
}

/// A stored result.
#[derive(Debug, sqlx::FromRow)]
pub struct ResultRow {
    pub result_key: String,
    pub order_number: String,
    #[sqlx(try_from = "i64")]
    pub product_id: ProductId,
    #[sqlx(try_from = "i64")]
    pub product_variant_id: ProductVariantId,
    pub sequence: i64,
    pub scan_type: Label<ScanType>,
    pub sample_type: Label<SampleType>,
    pub sample_name: String,
    pub receipt_date: String,
    pub result_date: String,
    pub values_json: Option<String>,
    pub germ_counts_json: Option<String>,
    pub is_read: Flag,
}

const COLUMNS: &str = "result_key, order_number, product_id, product_variant_id, sequence, scan_type, sample_type, sample_name, \
     receipt_date, result_date, values_json, germ_counts_json, is_read";

/// The number of the account's results not yet opened.
pub async fn unread_count(pool: &AnyPool, account_id: &str) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM roughage_results WHERE account_id = $1 AND is_read = 0",
    )
    .bind(account_id)
    .fetch_one(pool)
    .await?;
    Ok(count)
}

/// The account's results, newest first.
pub async fn results_of_account(
    pool: &AnyPool,
    account_id: &str,
) -> Result<Vec<ResultRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM roughage_results WHERE account_id = $1 ORDER BY result_date DESC, result_key"
    ))
    .bind(account_id)
    .fetch_all(pool)
    .await
}

/// The account's result with this key.
pub async fn result_of_account(
    pool: &AnyPool,
    result_key: &str,
    account_id: &str,
) -> Result<Option<ResultRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM roughage_results WHERE result_key = $1 AND account_id = $2"
    ))
    .bind(result_key)
    .bind(account_id)
    .fetch_optional(pool)
    .await
}

/// Marks the account's result read.
pub async fn mark_read(
    pool: &AnyPool,
    result_key: &str,
    account_id: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE roughage_results SET is_read = 1 WHERE result_key = $1 AND account_id = $2",
    )
    .bind(result_key)
    .bind(account_id)
    .execute(pool)
    .await?;
    Ok(())
}

/// The roughage targets document (JSON), the first one.
pub async fn targets_document(pool: &AnyPool) -> Result<Option<String>, sqlx::Error> {
    let targets: Option<(String,)> =
        sqlx::query_as("SELECT document_json FROM roughage_targets ORDER BY targets_id LIMIT 1")
            .fetch_optional(pool)
            .await?;
    Ok(targets.map(|(text,)| text))
}

/// The language of an account: `None` when there is no such account, `Some(None)` when it has
/// none.
pub async fn language_of_account(
    pool: &AnyPool,
    account_id: &str,
) -> Result<Option<Option<i64>>, sqlx::Error> {
    let language: Option<(Option<i64>,)> =
        sqlx::query_as("SELECT language_id FROM accounts WHERE account_id = $1")
            .bind(account_id)
            .fetch_optional(pool)
            .await?;
    Ok(language.map(|(id,)| id))
}

/// The product's first variant sold on the site: its id and price.
pub async fn first_variant_on_site(
    pool: &AnyPool,
    product_id: ProductId,
    site_id: i64,
) -> Result<Option<(i64, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT v.product_variant_id, v.price FROM variants v JOIN variant_sites s ON s.product_variant_id = v.product_variant_id \
         WHERE v.product_id = $1 AND s.site_id = $2 ORDER BY v.position LIMIT 1",
    )
    .bind(product_id.get())
    .bind(site_id)
    .fetch_optional(pool)
    .await
}
