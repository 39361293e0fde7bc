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
use engine::money::Money;
use engine::order::OrderStatus;
use serde::Serialize;
use sqlx::AnyConnection;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::of_account::{OrderDetail, Page, PageQuery, order_of_account};
use crate::error::{ApiError, ErrorBody};
use crate::extract::{Json, Path, Query};
use crate::pdf;
use crate::session::SignedIn;
use crate::stored::Seller;
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
/// currency; the amount is the stored `Money` as written.
fn euro(amount: Money) -> String {
    format!("€ {amount}")
}

/// A VAT rate as written (`9`, `21`, `5.5`), with a percent sign.
fn rate(rate: &str) -> String {
    let rate = match rate.split_once('.') {
        Some((whole, fraction)) if fraction.trim_end_matches('0').is_empty() => whole.to_owned(),
        Some((whole, fraction)) => format!("{whole}.{}", fraction.trim_end_matches('0')),
        None => rate.to_owned(),
    };
    format!("{rate}%")
}

/// The site's brand, theme and seller (the company invoicing).
async fn seller_of(state: &AppState, site_id: i64) -> Result<(String, String, Seller), ApiError> {
    let site: Option<(String, String, Option<String>)> =
        sqlx::query_as("SELECT brand, theme, seller_json FROM sites WHERE site_id = $1")
            .bind(site_id)
            .fetch_optional(state.db.pool())
            .await?;
    let (brand, theme, seller_json) = site.ok_or(ApiError::NotFound)?;
    let seller = seller_json
        .and_then(|json| serde_json::from_str(&json).ok())
        .unwrap_or_else(|| Seller {
            legal_name: brand.clone(),
            ..Seller::default()
        });
    Ok((brand, theme, seller))
}

/// Lays out the invoice from the stored invoice and order: every amount is the stored `Money`
/// the engine computed when the order was placed.
async fn invoice_pdf(
    state: &AppState,
    invoice: &InvoiceView,
    order: Option<&OrderDetail>,
) -> Result<Vec<u8>, ApiError> {
    let site_id: (i64,) = sqlx::query_as("SELECT site_id FROM invoices WHERE invoice_number = $1")
        .bind(&invoice.invoice_number)
        .fetch_one(state.db.pool())
        .await?;
    let (brand, theme, seller) = seller_of(state, site_id.0).await?;
    let brand_color = if theme == "green" {
        [0x4f, 0x7a, 0x28]
    } else {
        [0x2e, 0x85, 0x40]
    };
    let mut buyer = Vec::new();
    let mut lines = Vec::new();
    let mut reverse_charge = false;
    if let Some(order) = order {
        buyer = super::blocks::address_lines(
            order.billing.first_name.as_deref(),
            order.billing.last_name.as_deref(),
            order.billing.address.as_ref(),
        );
        if let Some(company) = &order.company {
            if let Some(name) = company
                .company_name
                .as_deref()
                .filter(|name| !name.is_empty())
            {
                buyer.insert(1, name.to_owned());
            }
            if let Some(number) = company
                .vat_number
                .as_deref()
                .filter(|number| !number.is_empty())
            {
                buyer.push(format!("Btw-nummer klant: {number}"));
                // Charged no VAT to a business customer with a VAT number: the customer
                // accounts for it (article 196 of the VAT directive).
                reverse_charge = invoice.vat_amount_low.is_zero()
                    && invoice.vat_amount_high.is_zero()
                    && !invoice.total_amount.is_zero();
            }
        }
        for line in &order.lines {
            lines.push(pdf::InvoiceLine {
                quantity: line.quantity,
                description: if line.is_free {
                    format!("{} (gratis)", line.description)
                } else {
                    line.description.clone()
                },
                unit_price: euro(line.unit_price),
                vat_rate: rate(&line.vat_rate_percentage),
                amount: euro(line.total_amount),
            });
        }
        for discount in order
            .order_discounts
            .iter()
            .chain(&order.shipping_discounts)
        {
            lines.push(pdf::InvoiceLine {
                quantity: 1,
                description: format!("Korting: {}", discount.description),
                unit_price: String::new(),
                vat_rate: String::new(),
                amount: format!("-{}", euro(discount.amount)),
            });
        }
        lines.push(pdf::InvoiceLine {
            quantity: 1,
            description: "Verzendkosten".to_owned(),
            unit_price: euro(order.shipping_costs),
            vat_rate: String::new(),
            amount: euro(order.shipping_costs),
        });
        if !order.payment_costs.is_zero() {
            lines.push(pdf::InvoiceLine {
                quantity: 1,
                description: "Betaalkosten".to_owned(),
                unit_price: euro(order.payment_costs),
                vat_rate: String::new(),
                amount: euro(order.payment_costs),
            });
        }
    }
    let rate_of = |vat_type: &str| {
        order
            .and_then(|order| order.lines.iter().find(|line| line.vat_type == vat_type))
            .map(|line| format!(" ({})", rate(&line.vat_rate_percentage)))
            .unwrap_or_default()
    };
    let mut totals = vec![(
        "Totaal excl. btw".to_owned(),
        euro(invoice.total_amount_excl_vat),
        false,
    )];
    for (label, vat_type, amount) in [
        ("Btw laag tarief", "low", invoice.vat_amount_low),
        ("Btw hoog tarief", "high", invoice.vat_amount_high),
    ] {
        if !amount.is_zero() || !reverse_charge {
            totals.push((format!("{label}{}", rate_of(vat_type)), euro(amount), false));
        }
    }
    totals.push(("Totaal".to_owned(), euro(invoice.total_amount), true));
    let mut notes = Vec::new();
    if reverse_charge {
        notes.push(
            "Btw verlegd: de btw wordt verlegd naar de afnemer (artikel 196 Btw-richtlijn 2006/112/EG)."
                .to_owned(),
        );
    }
    let document = pdf::Invoice {
        language: "nl".to_owned(),
        title: format!("Factuur {}", invoice.invoice_number),
        brand,
        brand_color,
        seller: [
            seller.legal_name.clone(),
            seller.street.clone(),
            format!("{} {}", seller.postcode, seller.city)
                .trim()
                .to_owned(),
            seller.country.clone(),
        ]
        .into_iter()
        .filter(|line| !line.is_empty())
        .collect(),
        seller_numbers: [
            (!seller.vat_number.is_empty()).then(|| format!("Btw-nummer {}", seller.vat_number)),
            (!seller.chamber_of_commerce.is_empty()).then(|| seller.chamber_of_commerce.clone()),
        ]
        .into_iter()
        .flatten()
        .collect(),
        buyer,
        facts: vec![
            ("Factuurnummer".to_owned(), invoice.invoice_number.clone()),
            ("Factuurdatum".to_owned(), invoice.invoice_date.clone()),
            ("Bestelnummer".to_owned(), invoice.order_number.clone()),
            (
                "Status".to_owned(),
                match invoice.status.as_str() {
                    "paid" => "betaald",
                    "cancelled" => "geannuleerd",
                    other => other,
                }
                .to_owned(),
            ),
        ],
        columns: [
            "Aantal".to_owned(),
            "Omschrijving".to_owned(),
            "Prijs per stuk".to_owned(),
            "Btw".to_owned(),
            "Bedrag".to_owned(),
        ],
        lines,
        totals,
        notes,
        page_label: "Pagina {{page}} van {{pages}}".to_owned(),
    };
    pdf::invoice(&document).map_err(|error| ApiError::Internal(format!("invoice PDF: {error}")))
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
    let bytes = invoice_pdf(&state, &invoice, order.as_ref()).await?;
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
