//! The invoices (`invoices`): the customer's list and the one issued when an order is paid.

use engine::money::Money;
use sqlx::{AnyConnection, AnyPool};

use crate::platform::labels::Label;

/// Whether an invoice is still to be paid.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase")]
pub enum InvoiceStatus {
    /// Issued, not paid yet.
    Open,
    /// Paid.
    Paid,
    /// The order was cancelled.
    Cancelled,
}

/// An invoice row.
#[derive(sqlx::FromRow)]
pub struct InvoiceRow {
    pub invoice_number: String,
    pub order_number: String,
    pub invoice_date: String,
    pub status: Label<InvoiceStatus>,
    #[sqlx(try_from = "String")]
    pub total_amount: Money,
    #[sqlx(try_from = "String")]
    pub vat_amount_low: Money,
    #[sqlx(try_from = "String")]
    pub vat_amount_high: Money,
    #[sqlx(try_from = "String")]
    pub total_amount_excl_vat: Money,
    pub pdf_file_name: String,
}

const COLUMNS: &str = "invoice_number, order_number, invoice_date, status, total_amount, vat_amount_low, vat_amount_high, \
     total_amount_excl_vat, pdf_file_name";

/// How many invoices the account has.
pub async fn count_of_account(pool: &AnyPool, account_id: &str) -> Result<i64, sqlx::Error> {
    let (total,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM invoices WHERE account_id = $1")
        .bind(account_id)
        .fetch_one(pool)
        .await?;
    Ok(total)
}

/// A page of the account's invoices, newest first.
pub async fn page_of_account(
    pool: &AnyPool,
    account_id: &str,
    limit: i64,
    offset: i64,
) -> Result<Vec<InvoiceRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM invoices WHERE account_id = $1 ORDER BY invoice_date DESC, invoice_number DESC LIMIT $2 OFFSET $3"
    ))
    .bind(account_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(pool)
    .await
}

/// The account's invoice with this number.
pub async fn invoice_of_account(
    pool: &AnyPool,
    invoice_number: &str,
    account_id: &str,
) -> Result<Option<InvoiceRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM invoices WHERE invoice_number = $1 AND account_id = $2"
    ))
    .bind(invoice_number)
    .bind(account_id)
    .fetch_optional(pool)
    .await
}

/// The order's invoices, newest first.
pub async fn of_order(pool: &AnyPool, order_number: &str) -> Result<Vec<InvoiceRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM invoices WHERE order_number = $1 ORDER BY invoice_date DESC, invoice_number DESC"
    ))
    .bind(order_number)
    .fetch_all(pool)
    .await
}

/// The invoice with this number, whoever's it is.
pub async fn by_number(
    pool: &AnyPool,
    invoice_number: &str,
) -> Result<Option<InvoiceRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM invoices WHERE invoice_number = $1"
    ))
    .bind(invoice_number)
    .fetch_optional(pool)
    .await
}

/// The invoice's site: brand, theme, site type, low and high VAT rates, seller (JSON).
pub type InvoicingSiteRow = (String, String, i64, String, String, Option<String>);

const SITE_COLUMNS: &str =
    "s.brand, s.theme, s.site_type, s.vat_percentage_low, s.vat_percentage_high, s.seller_json";

/// The site of an invoice.
pub async fn site_of_invoice(
    pool: &AnyPool,
    invoice_number: &str,
) -> Result<Option<InvoicingSiteRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {SITE_COLUMNS} FROM invoices i JOIN sites s ON s.site_id = i.site_id WHERE i.invoice_number = $1"
    ))
    .bind(invoice_number)
    .fetch_optional(pool)
    .await
}

/// The site of an order, as an invoice's.
pub async fn site_of_order(
    pool: &AnyPool,
    order_id: i64,
) -> Result<Option<InvoicingSiteRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {SITE_COLUMNS} FROM orders o JOIN sites s ON s.site_id = o.site_id WHERE o.order_id = $1"
    ))
    .bind(order_id)
    .fetch_optional(pool)
    .await
}

/// The number of the order's newest invoice, if it has one.
pub async fn number_of_order(
    pool: &AnyPool,
    order_number: &str,
) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> = sqlx::query_as(
        "SELECT invoice_number FROM invoices WHERE order_number = $1 ORDER BY invoice_date DESC, invoice_number DESC",
    )
    .bind(order_number)
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|(number,)| number))
}

/// What an invoice copies from its order.
#[derive(sqlx::FromRow)]
pub struct InvoicedOrder {
    pub order_number: String,
    pub account_id: Option<String>,
    pub site_id: i64,
    pub total_amount: String,
    pub vat_amount_low: String,
    pub vat_amount_high: String,
    pub total_amount_excl_vat: String,
}

/// What the order with this id gives its invoice.
pub async fn invoiced_order(
    connection: &mut AnyConnection,
    order_id: i64,
) -> Result<Option<InvoicedOrder>, sqlx::Error> {
    sqlx::query_as(
        "SELECT order_number, account_id, site_id, total_amount, vat_amount_low, vat_amount_high, total_amount_excl_vat \
         FROM orders WHERE order_id = $1",
    )
    .bind(order_id)
    .fetch_optional(connection)
    .await
}

/// Marks the order's open invoice paid; returns how many were.
pub async fn mark_paid(
    connection: &mut AnyConnection,
    order_number: &str,
) -> Result<u64, sqlx::Error> {
    let updated = sqlx::query(
        "UPDATE invoices SET status = 'paid' WHERE order_number = $1 AND status = 'open'",
    )
    .bind(order_number)
    .execute(connection)
    .await?;
    Ok(updated.rows_affected())
}

/// How many invoices the order has.
pub async fn count_of_order(
    connection: &mut AnyConnection,
    order_number: &str,
) -> Result<i64, sqlx::Error> {
    let (existing,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM invoices WHERE order_number = $1")
            .bind(order_number)
            .fetch_one(connection)
            .await?;
    Ok(existing)
}

/// The next invoice number's sequence (the counter starts at 1000).
pub async fn next_invoice_sequence(connection: &mut AnyConnection) -> Result<i64, sqlx::Error> {
    sqlx::query(
        "INSERT INTO counters (name, value) VALUES ('invoice', 1000) ON CONFLICT (name) DO NOTHING",
    )
    .execute(&mut *connection)
    .await?;
    let (number,): (i64,) = sqlx::query_as(
        "UPDATE counters SET value = value + 1 WHERE name = 'invoice' RETURNING value",
    )
    .fetch_one(&mut *connection)
    .await?;
    Ok(number)
}

/// Writes a paid invoice of the order.
pub async fn insert_paid(
    connection: &mut AnyConnection,
    invoice_number: &str,
    order: InvoicedOrder,
    invoice_date: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO invoices (invoice_number, order_number, account_id, site_id, invoice_date, status, total_amount, \
         vat_amount_low, vat_amount_high, total_amount_excl_vat, pdf_file_name, from_fixtures) \
         VALUES ($1, $2, $3, $4, $5, 'paid', $6, $7, $8, $9, $10, 0)",
    )
    .bind(invoice_number)
    .bind(&order.order_number)
    .bind(order.account_id)
    .bind(order.site_id)
    .bind(invoice_date)
    .bind(order.total_amount)
    .bind(order.vat_amount_low)
    .bind(order.vat_amount_high)
    .bind(order.total_amount_excl_vat)
    .bind(format!("{invoice_number}.pdf"))
    .execute(connection)
    .await?;
    Ok(())
}

/// Cancels the order's invoices.
pub async fn cancel_of_order(
    connection: &mut AnyConnection,
    order_number: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE invoices SET status = 'cancelled' WHERE order_number = $1")
        .bind(order_number)
        .execute(connection)
        .await?;
    Ok(())
}
