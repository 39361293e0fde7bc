//! What the accountant's export reads besides the queue's rows: each order's VAT amounts, the
//! rates its lines were charged at, the sites' rates and the countries' codes.

use sqlx::AnyPool;

/// The ids as a list for `IN (...)`: numbers read from the database, never text of a request.
fn id_list(ids: &[i64]) -> String {
    ids.iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The VAT of orders, as (order, VAT at the low rate, VAT at the high rate, total excluding VAT).
pub async fn vat_amounts(
    pool: &AnyPool,
    order_ids: &[i64],
) -> Result<Vec<(i64, String, String, String)>, sqlx::Error> {
    if order_ids.is_empty() {
        return Ok(Vec::new());
    }
    sqlx::query_as(&format!(
        "SELECT order_id, vat_amount_low, vat_amount_high, total_amount_excl_vat FROM orders \
         WHERE order_id IN ({})",
        id_list(order_ids)
    ))
    .fetch_all(pool)
    .await
}

/// The rates the lines of orders were charged at, as (order, VAT type, percentage).
pub async fn line_rates(
    pool: &AnyPool,
    order_ids: &[i64],
) -> Result<Vec<(i64, String, String)>, sqlx::Error> {
    if order_ids.is_empty() {
        return Ok(Vec::new());
    }
    sqlx::query_as(&format!(
        "SELECT DISTINCT order_id, vat_type, vat_rate_percentage FROM order_lines \
         WHERE order_id IN ({})",
        id_list(order_ids)
    ))
    .fetch_all(pool)
    .await
}

/// Every site's VAT percentages, as (site, low, high).
pub async fn site_rates(pool: &AnyPool) -> Result<Vec<(i64, String, String)>, sqlx::Error> {
    sqlx::query_as("SELECT site_id, vat_percentage_low, vat_percentage_high FROM sites")
        .fetch_all(pool)
        .await
}

/// Every country's ISO 3166 code, as (country, code).
pub async fn country_codes(pool: &AnyPool) -> Result<Vec<(i64, String)>, sqlx::Error> {
    sqlx::query_as("SELECT country_id, region_code FROM countries")
        .fetch_all(pool)
        .await
}
