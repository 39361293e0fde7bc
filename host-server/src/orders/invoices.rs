//! The customer's invoices: a list (newest first, paged like the orders) and each invoice as a
//! PDF generated on demand by [`crate::pdf`]. Another customer's invoice number is a 404.
//!
//! An invoice follows its order ([`follow_order_status`], called on every status change of an
//! order): when the order is paid it gets an invoice (`F{year}-{number}`, numbers from 1001
//! on, so they never meet the demo invoices) with the order's amounts, or its open invoice
//! becomes paid; when the order is cancelled its invoice is cancelled too.

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use engine::order::OrderStatus;
use serde::Serialize;
use sqlx::AnyConnection;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::of_account::{Page, PageQuery, order_of_account};
use crate::error::{ApiError, ErrorBody};
use crate::extract::{Json, Path, Query};
use crate::pdf::{self, TextLine};
use crate::session::SignedIn;
use crate::{AppState, clock};

/// The routes of this area.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(download))
}

/// An invoice (specification section 3, "Invoice: invoice number, status").
#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
#[schema(as = Invoice)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceView {
    pub invoice_number: String,
    pub order_number: String,
    /// `YYYY-MM-DD`.
    #[schema(format = Date)]
    pub invoice_date: String,
    /// `open`, `paid` or `cancelled`.
    pub status: String,
    #[sqlx(try_from = "String")]
    pub total_amount: engine::money::Money,
    #[sqlx(try_from = "String")]
    pub vat_amount_low: engine::money::Money,
    #[sqlx(try_from = "String")]
    pub vat_amount_high: engine::money::Money,
    #[sqlx(try_from = "String")]
    pub total_amount_excl_vat: engine::money::Money,
    pub pdf_file_name: String,
}

const COLUMNS: &str = "invoice_number, order_number, invoice_date, status, total_amount, vat_amount_low, vat_amount_high, \
     total_amount_excl_vat, pdf_file_name";

/// The customer's invoices, newest first, a page at a time.
#[utoipa::path(
    get,
    path = "/api/account/invoices",
    tag = "account",
    operation_id = "listInvoices",
    params(PageQuery),
    responses(
        (status = 200, description = "A page of invoices", body = Page<InvoiceView>),
        (status = 400, description = "`page` or `pageSize` out of range", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn list(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Query(query): Query<PageQuery>,
) -> Result<Json<Page<InvoiceView>>, ApiError> {
    let paging = query.paging()?;
    let pool = state.db.pool();
    let (total,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM invoices WHERE account_id = $1")
        .bind(&signed_in.account_id)
        .fetch_one(pool)
        .await?;
    let items = sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM invoices WHERE account_id = $1 ORDER BY invoice_date DESC, invoice_number DESC LIMIT $2 OFFSET $3"
    ))
    .bind(&signed_in.account_id)
    .bind(i64::from(paging.page_size))
    .bind(paging.offset() as i64)
    .fetch_all(pool)
    .await?;
    Ok(Json(Page::new(items, paging, total)))
}

/// An amount with the euro sign (`€ 1234.50`): invoices are in euro, the authoritative
/// currency.
fn euro(amount: impl std::fmt::Display) -> String {
    format!("€ {amount}")
}

/// An invoice as a PDF document, generated on demand.
#[utoipa::path(
    get,
    path = "/api/account/invoices/{invoiceNumber}/pdf",
    tag = "account",
    operation_id = "downloadInvoice",
    params(("invoiceNumber" = String, Path, description = "The invoice number")),
    responses(
        (status = 200, description = "The PDF, as an attachment", body = crate::account::FileBytes, content_type = "application/pdf",
            headers(("content-disposition" = String, description = "`attachment` with the invoice's file name"))),
        (status = 400, description = "The invoice number is not valid text", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No invoice of this customer has this number", body = ErrorBody),
    )
)]
async fn download(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(invoice_number): Path<String>,
) -> Result<Response, ApiError> {
    let pool = state.db.pool();
    let invoice: InvoiceView = sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM invoices WHERE invoice_number = $1 AND account_id = $2"
    ))
    .bind(&invoice_number)
    .bind(&signed_in.account_id)
    .fetch_optional(pool)
    .await?
    .ok_or(ApiError::NotFound)?;
    let order = order_of_account(pool, &signed_in.account_id, &invoice.order_number).await?;
    let mut lines = vec![
        TextLine::heading(format!("Factuur {}", invoice.invoice_number)),
        TextLine::blank(),
        TextLine::body(format!("Factuurdatum: {}", invoice.invoice_date)),
        TextLine::body(format!("Bestelnummer: {}", invoice.order_number)),
        TextLine::body(format!("Status: {}", invoice.status)),
        TextLine::blank(),
    ];
    if let Some(order) = &order {
        lines.extend(
            super::blocks::address_lines(
                order.billing.first_name.as_deref(),
                order.billing.last_name.as_deref(),
                order.billing.address.as_ref(),
            )
            .into_iter()
            .map(TextLine::body),
        );
        if let Some(company) = &order.company {
            lines.push(TextLine::body(format!(
                "{} - btw-nummer {}",
                company.company_name.as_deref().unwrap_or_default(),
                company.vat_number.as_deref().unwrap_or_default()
            )));
        }
        lines.push(TextLine::blank());
        for line in &order.lines {
            lines.push(TextLine::body(format!(
                "{} x {}",
                line.quantity, line.description
            )));
            lines.push(TextLine {
                text: euro(line.total_amount),
                size: 11,
                indent: 380,
            });
        }
        lines.push(TextLine::blank());
        lines.push(TextLine::body(format!(
            "Verzendkosten: {}",
            euro(order.shipping_costs)
        )));
        if !order.payment_costs.is_zero() {
            lines.push(TextLine::body(format!(
                "Betaalkosten: {}",
                euro(order.payment_costs)
            )));
        }
    }
    lines.push(TextLine::body(format!(
        "Totaal excl. btw: {}",
        euro(invoice.total_amount_excl_vat)
    )));
    lines.push(TextLine::body(format!(
        "Btw laag tarief: {}",
        euro(invoice.vat_amount_low)
    )));
    lines.push(TextLine::body(format!(
        "Btw hoog tarief: {}",
        euro(invoice.vat_amount_high)
    )));
    lines.push(TextLine {
        text: format!("Totaal: {}", euro(invoice.total_amount)),
        size: 13,
        indent: 0,
    });
    let bytes = pdf::document(&invoice.invoice_number, &lines);
    let disposition = format!(
        "attachment; filename=\"{}\"",
        invoice.pdf_file_name.replace(['"', '\\', '\r', '\n'], "")
    );
    Ok((
        [
            (header::CONTENT_TYPE, "application/pdf".to_owned()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        bytes,
    )
        .into_response())
}

/// What an invoice copies from its order.
#[derive(sqlx::FromRow)]
struct InvoicedOrder {
    order_number: String,
    account_id: Option<String>,
    site_id: i64,
    total_amount: String,
    vat_amount_low: String,
    vat_amount_high: String,
    total_amount_excl_vat: String,
}

/// Keeps an order's invoice in step with the order: issued (or marked paid) when the order is
/// paid, cancelled when the order is. Safe to repeat.
pub async fn follow_order_status(
    connection: &mut AnyConnection,
    order_id: i64,
    status: OrderStatus,
) -> Result<(), sqlx::Error> {
    let order: Option<InvoicedOrder> = sqlx::query_as(
        "SELECT order_number, account_id, site_id, total_amount, vat_amount_low, vat_amount_high, total_amount_excl_vat \
         FROM orders WHERE order_id = $1",
    )
    .bind(order_id)
    .fetch_optional(&mut *connection)
    .await?;
    let Some(InvoicedOrder {
        order_number,
        account_id,
        site_id,
        total_amount,
        vat_amount_low,
        vat_amount_high,
        total_amount_excl_vat,
    }) = order
    else {
        return Ok(());
    };
    match status {
        OrderStatus::Paid => {
            let updated = sqlx::query(
                "UPDATE invoices SET status = 'paid' WHERE order_number = $1 AND status = 'open'",
            )
            .bind(&order_number)
            .execute(&mut *connection)
            .await?;
            let (existing,): (i64,) =
                sqlx::query_as("SELECT COUNT(*) FROM invoices WHERE order_number = $1")
                    .bind(&order_number)
                    .fetch_one(&mut *connection)
                    .await?;
            if updated.rows_affected() > 0 || existing > 0 {
                return Ok(());
            }
            sqlx::query("INSERT INTO counters (name, value) VALUES ('invoice', 1000) ON CONFLICT (name) DO NOTHING")
                .execute(&mut *connection)
                .await?;
            let (number,): (i64,) = sqlx::query_as(
                "UPDATE counters SET value = value + 1 WHERE name = 'invoice' RETURNING value",
            )
            .fetch_one(&mut *connection)
            .await?;
            let today = clock::today();
            let invoice_number = format!("F{}-{number:05}", &today[..4]);
            sqlx::query(
                "INSERT INTO invoices (invoice_number, order_number, account_id, site_id, invoice_date, status, total_amount, \
                 vat_amount_low, vat_amount_high, total_amount_excl_vat, pdf_file_name, from_fixtures) \
                 VALUES ($1, $2, $3, $4, $5, 'paid', $6, $7, $8, $9, $10, 0)",
            )
            .bind(&invoice_number)
            .bind(&order_number)
            .bind(account_id)
            .bind(site_id)
            .bind(&today)
            .bind(total_amount)
            .bind(vat_amount_low)
            .bind(vat_amount_high)
            .bind(total_amount_excl_vat)
            .bind(format!("{invoice_number}.pdf"))
            .execute(&mut *connection)
            .await?;
        }
        OrderStatus::Cancelled => {
            sqlx::query("UPDATE invoices SET status = 'cancelled' WHERE order_number = $1")
                .bind(&order_number)
                .execute(&mut *connection)
                .await?;
        }
        _ => {}
    }
    Ok(())
}
