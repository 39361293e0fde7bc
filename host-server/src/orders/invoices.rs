//! The customer's invoices: a list (newest first, paged like the orders) and each invoice as a
//! PDF generated on demand by [`crate::platform::pdf`]. Another customer's invoice number is a 404.
//!
//! An invoice follows its order ([`follow_order_status`], called on every status change of an
//! order): when the order is paid it gets an invoice (`F{year}-{number}`, numbers from 1001
//! on, so they never meet the demo invoices) with the order's amounts, or its open invoice
//! becomes paid; when the order is cancelled its invoice is cancelled too.

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use engine::locale::{CountryCode, Culture, format_amount};
use engine::money::Money;
use engine::order::OrderStatus;
use engine::vat::{ReverseChargeRequest, VatDocument, VatRate};
use serde::Serialize;
use sqlx::AnyConnection;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::of_account::{OrderDetail, Page, PageQuery, order_of_account};
use super::store::invoices::{self as store, InvoiceStatus};
use crate::platform::access::{Authorized, permission};
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path, Query};
use crate::platform::mail::{self, catalog, catalog::BrandWording};
use crate::platform::pdf;
use crate::platform::session::SignedIn;
use crate::platform::stored_json::Seller;
use crate::{AppState, platform::clock};

/// The routes of this area.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(download))
        .routes(routes!(download_for_staff))
}

/// The order's invoices, newest first, as the order desk lists them.
pub async fn invoices_of_order(
    state: &AppState,
    order_number: &str,
) -> Result<Vec<InvoiceView>, ApiError> {
    Ok(store::of_order(state.db.pool(), order_number)
        .await?
        .into_iter()
        .map(invoice_view)
        .collect())
}

/// An invoice: its number and status.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Invoice)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceView {
    pub invoice_number: String,
    pub order_number: String,
    /// `YYYY-MM-DD`.
    #[schema(format = Date)]
    pub invoice_date: String,
    pub status: InvoiceStatus,
    pub total_amount: engine::money::Money,
    pub vat_amount_low: engine::money::Money,
    pub vat_amount_high: engine::money::Money,
    pub total_amount_excl_vat: engine::money::Money,
    pub pdf_file_name: String,
}

pub(crate) fn invoice_view(row: store::InvoiceRow) -> InvoiceView {
    InvoiceView {
        invoice_number: row.invoice_number,
        order_number: row.order_number,
        invoice_date: row.invoice_date,
        status: row.status.0,
        total_amount: row.total_amount,
        vat_amount_low: row.vat_amount_low,
        vat_amount_high: row.vat_amount_high,
        total_amount_excl_vat: row.total_amount_excl_vat,
        pdf_file_name: row.pdf_file_name,
    }
}

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
    let total = store::count_of_account(pool, &signed_in.account_id).await?;
    let items = store::page_of_account(
        pool,
        &signed_in.account_id,
        i64::from(paging.page_size),
        paging.offset() as i64,
    )
    .await?
    .into_iter()
    .map(invoice_view)
    .collect();
    Ok(Json(Page::new(items, paging, total)))
}

/// A stored VAT rate as an invoice line writes it (`9%`, `5.5%`).
pub(crate) fn percent(rate: &str) -> Result<String, ApiError> {
    let rate: VatRate = rate
        .parse()
        .map_err(|error| ApiError::Internal(format!("a stored VAT rate: {error}")))?;
    Ok(format!("{rate}%"))
}

/// The site of an invoice or credit note: brand, theme, site type, VAT rates and seller (the
/// company invoicing).
pub(crate) struct InvoicingSite {
    pub brand: String,
    theme: String,
    pub site_type: i64,
    pub rate_low: String,
    pub rate_high: String,
    pub seller: Seller,
}

impl InvoicingSite {
    fn of_row(row: store::InvoicingSiteRow) -> InvoicingSite {
        let (brand, theme, site_type, rate_low, rate_high, seller_json) = row;
        let seller = seller_json
            .and_then(|json| serde_json::from_str(&json).ok())
            .unwrap_or_else(|| Seller {
                legal_name: brand.clone(),
                ..Seller::default()
            });
        InvoicingSite {
            brand,
            theme,
            site_type,
            rate_low,
            rate_high,
            seller,
        }
    }

    /// The site an order was placed on.
    pub async fn of_order(state: &AppState, order_id: i64) -> Result<InvoicingSite, ApiError> {
        let row = store::site_of_order(state.db.pool(), order_id).await?;
        Ok(InvoicingSite::of_row(row.ok_or(ApiError::NotFound)?))
    }

    fn brand_color(&self) -> [u8; 3] {
        if self.theme == "green" {
            [0x4f, 0x7a, 0x28]
        } else {
            [0x2e, 0x85, 0x40]
        }
    }

    /// The seller's name and address, one line each.
    fn seller_lines(&self) -> Vec<String> {
        let seller = &self.seller;
        [
            seller.legal_name.clone(),
            seller.street.clone(),
            format!("{} {}", seller.postcode, seller.city)
                .trim()
                .to_owned(),
            seller.country.clone(),
        ]
        .into_iter()
        .filter(|line| !line.is_empty())
        .collect()
    }

    /// The seller's VAT and chamber-of-commerce numbers, labelled.
    fn seller_numbers(&self, texts: &DocumentTexts) -> Result<Vec<String>, ApiError> {
        let seller = &self.seller;
        let mut numbers = Vec::new();
        if !seller.vat_number.is_empty() {
            numbers.push(texts.t("invoicePdf.sellerVat", &[("number", &seller.vat_number)])?);
        }
        if !seller.chamber_of_commerce.is_empty() {
            numbers.push(seller.chamber_of_commerce.clone());
        }
        Ok(numbers)
    }
}

async fn site_of(state: &AppState, invoice_number: &str) -> Result<InvoicingSite, ApiError> {
    let row = store::site_of_invoice(state.db.pool(), invoice_number).await?;
    Ok(InvoicingSite::of_row(row.ok_or(ApiError::NotFound)?))
}

/// The texts of a document in the order's language and the site's brand wording (the mail
/// catalogs' `invoicePdf.*`, `creditNotePdf.*`, `order.*`), and its amounts in euro as that
/// language writes them.
pub(crate) struct DocumentTexts<'a> {
    catalogs: &'a catalog::Catalogs,
    wording: BrandWording,
    pub culture_text: String,
    culture: Culture,
}

impl<'a> DocumentTexts<'a> {
    /// The texts of an order's documents (`language_id` of the order; Dutch without one).
    pub async fn of(
        state: &'a AppState,
        language_id: Option<i64>,
        site: &InvoicingSite,
    ) -> Result<DocumentTexts<'a>, ApiError> {
        let culture_text = mail::culture_of(state.db.pool(), language_id).await?;
        Ok(DocumentTexts {
            catalogs: state.mailer.renderer().catalogs(),
            wording: BrandWording::of_site_type(site.site_type),
            culture: culture_text.parse().unwrap_or(Culture::Nl),
            culture_text,
        })
    }

    /// The text of `key` with its values.
    pub fn t(&self, key: &str, values: &[(&str, &str)]) -> Result<String, ApiError> {
        let text = self
            .catalogs
            .text(self.wording, &self.culture_text, key)
            .ok_or_else(|| {
                ApiError::Internal(format!("no text {key} for {}", self.culture_text))
            })?;
        let values: Vec<(String, String)> = values
            .iter()
            .map(|(name, value)| ((*name).to_owned(), (*value).to_owned()))
            .collect();
        Ok(catalog::interpolate(text, &values))
    }

    /// An amount in euro (`€ 1.234,50`).
    pub fn euro(&self, amount: Money) -> String {
        format!("€ {}", format_amount(amount.as_decimal(), self.culture))
    }
}

/// The buyer's name, company, address and VAT number, one line each.
fn buyer_lines(texts: &DocumentTexts, order: &OrderDetail) -> Result<Vec<String>, ApiError> {
    let mut buyer = super::blocks::address_lines(
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
            buyer.push(texts.t("invoicePdf.customerVat", &[("number", number)])?);
        }
    }
    Ok(buyer)
}

/// The country an order's goods go to: the delivery address's when the order has one, else the
/// billing address's; `None` when the order does not name it.
async fn destination_country(
    state: &AppState,
    order: &OrderDetail,
) -> Result<Option<CountryCode>, ApiError> {
    let delivery = order
        .shipping
        .as_ref()
        .filter(|_| order.alternative_shipping_address)
        .and_then(|shipping| shipping.address.as_ref());
    let Some(country_id) = delivery
        .or(order.billing.address.as_ref())
        .and_then(|address| address.country_id)
    else {
        return Ok(None);
    };
    let code = super::store::placement::region_code(state.db.pool(), country_id).await?;
    Ok(code.and_then(|code| code.parse().ok()))
}

/// Whether a document of the order with these VAT amounts says the VAT is reverse-charged
/// (the engine's [`engine::vat::reverse_charge`]).
pub(crate) async fn reverse_charged(
    state: &AppState,
    site: &InvoicingSite,
    order: &OrderDetail,
    vat_amounts: Vec<Money>,
    total_amount: Money,
) -> Result<bool, ApiError> {
    Ok(engine::vat::reverse_charge(&ReverseChargeRequest {
        seller_vat_number: site.seller.vat_number.clone(),
        buyer_vat_number: order
            .company
            .as_ref()
            .and_then(|company| company.vat_number.clone()),
        destination_country: destination_country(state, order).await?,
        vat_amounts,
        total_amount,
    })
    .applies)
}

/// The header of an invoice or credit note: title, brand, seller, buyer and the facts; the
/// lines, totals and notes are the caller's.
pub(crate) fn document(
    texts: &DocumentTexts,
    site: &InvoicingSite,
    order: Option<&OrderDetail>,
    title: String,
    facts: Vec<(String, String)>,
) -> Result<pdf::Invoice, ApiError> {
    Ok(pdf::Invoice {
        language: texts.culture_text.clone(),
        title,
        brand: site.brand.clone(),
        brand_color: site.brand_color(),
        seller: site.seller_lines(),
        seller_numbers: site.seller_numbers(texts)?,
        buyer: match order {
            Some(order) => buyer_lines(texts, order)?,
            None => Vec::new(),
        },
        facts,
        columns: [
            texts.t("invoicePdf.quantity", &[])?,
            texts.t("invoicePdf.description", &[])?,
            texts.t("invoicePdf.unitPrice", &[])?,
            texts.t("invoicePdf.vat", &[])?,
            texts.t("invoicePdf.amount", &[])?,
        ],
        lines: Vec::new(),
        totals: Vec::new(),
        notes: Vec::new(),
        page_label: texts.t("invoicePdf.page", &[])?,
    })
}

/// Lays out the invoice from the stored invoice and order, in the order's language (texts from
/// the mail catalogs, `invoicePdf.*`): every amount is the stored `Money` the engine computed
/// when the order was placed, formatted for the culture, and whether the VAT is reverse-charged
/// (no VAT lines, a note instead) is the engine's [`engine::vat::reverse_charge`].
async fn invoice_pdf(
    state: &AppState,
    invoice: &InvoiceView,
    order: Option<&OrderDetail>,
) -> Result<Vec<u8>, ApiError> {
    let site = site_of(state, &invoice.invoice_number).await?;
    let texts = DocumentTexts::of(state, order.map(|order| order.language_id), &site).await?;
    let t = |key: &str, values: &[(&str, &str)]| texts.t(key, values);
    let euro = |amount: Money| texts.euro(amount);
    let mut lines = Vec::new();
    let mut reverse_charge = false;
    if let Some(order) = order {
        reverse_charge = reverse_charged(
            state,
            &site,
            order,
            vec![invoice.vat_amount_low, invoice.vat_amount_high],
            invoice.total_amount,
        )
        .await?;
        let free = t("order.free", &[])?;
        for line in &order.lines {
            lines.push(pdf::InvoiceLine {
                quantity: line.quantity,
                description: if line.is_free {
                    format!("{} ({free})", line.description)
                } else {
                    line.description.clone()
                },
                unit_price: euro(line.unit_price),
                vat_rate: percent(&line.vat_rate_percentage)?,
                amount: euro(line.total_amount),
            });
        }
        let discount = t("order.discount", &[])?;
        for item in order
            .order_discounts
            .iter()
            .chain(&order.shipping_discounts)
        {
            lines.push(pdf::InvoiceLine {
                quantity: 1,
                description: format!("{discount}: {}", item.description),
                unit_price: String::new(),
                vat_rate: String::new(),
                amount: format!("-{}", euro(item.amount)),
            });
        }
        let mut costs = vec![(t("order.shipping", &[])?, order.shipping_costs)];
        if !order.payment_costs.is_zero() {
            costs.push((t("order.paymentCosts", &[])?, order.payment_costs));
        }
        for (description, amount) in costs {
            lines.push(pdf::InvoiceLine {
                quantity: 1,
                description,
                unit_price: euro(amount),
                vat_rate: String::new(),
                amount: euro(amount),
            });
        }
    }
    let mut totals = vec![(
        t("invoicePdf.totalExclVat", &[])?,
        euro(invoice.total_amount_excl_vat),
        false,
    )];
    let rows = super::view::vat_rows(
        VatDocument::Invoice,
        reverse_charge,
        (&site.rate_low, &site.rate_high),
        order.map_or(&[], |order| order.lines.as_slice()),
        (invoice.vat_amount_low, invoice.vat_amount_high),
    )?;
    for row in rows {
        let rate = row.vat_rate_percentage.to_string();
        let label = t("order.vat", &[("rate", &rate)])?;
        totals.push((label, euro(row.vat_amount), false));
    }
    totals.push((
        t("invoicePdf.total", &[])?,
        euro(invoice.total_amount),
        true,
    ));
    let mut notes = Vec::new();
    if reverse_charge {
        notes.push(t("invoicePdf.reverseCharge", &[])?);
    }
    let status = match invoice.status {
        InvoiceStatus::Paid => t("invoicePdf.statusPaid", &[])?,
        InvoiceStatus::Cancelled => t("invoicePdf.statusCancelled", &[])?,
        InvoiceStatus::Open => t("invoicePdf.statusOpen", &[])?,
    };
    let facts = vec![
        (
            t("invoicePdf.invoiceNumber", &[])?,
            invoice.invoice_number.clone(),
        ),
        (
            t("invoicePdf.invoiceDate", &[])?,
            invoice.invoice_date.clone(),
        ),
        (
            t("invoicePdf.orderNumber", &[])?,
            invoice.order_number.clone(),
        ),
        (t("invoicePdf.status", &[])?, status),
    ];
    let title = t("invoicePdf.title", &[("number", &invoice.invoice_number)])?;
    let mut document = document(&texts, &site, order, title, facts)?;
    document.lines = lines;
    document.totals = totals;
    document.notes = notes;
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
        (status = 200, description = "The PDF, as an attachment", body = crate::accounts::FileBytes, content_type = "application/pdf",
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
    let invoice = store::invoice_of_account(pool, &invoice_number, &signed_in.account_id)
        .await?
        .map(invoice_view)
        .ok_or(ApiError::NotFound)?;
    let order = order_of_account(pool, &signed_in.account_id, &invoice.order_number).await?;
    pdf_response(
        &invoice,
        invoice_pdf(&state, &invoice, order.as_ref()).await?,
    )
}

/// An invoice as a PDF for the order desk: any invoice of the caller's sites.
#[utoipa::path(
    get,
    path = "/api/backoffice/invoices/{invoiceNumber}/pdf",
    tag = "backoffice",
    operation_id = "downloadInvoiceForStaff",
    params(("invoiceNumber" = String, Path, description = "The invoice number")),
    security(("staffSession" = ["orders.read"]), ("integrationKey" = ["orders.read"])),
    responses(
        (status = 200, description = "The PDF, as an attachment", body = crate::accounts::FileBytes, content_type = "application/pdf",
            headers(("content-disposition" = String, description = "`attachment` with the invoice's file name"))),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`: without orders.read, or an invoice of another site", body = ErrorBody),
        (status = 404, description = "No invoice has this number", body = ErrorBody),
    )
)]
async fn download_for_staff(
    State(state): State<AppState>,
    caller: Authorized<permission::OrdersRead>,
    Path(invoice_number): Path<String>,
) -> Result<Response, ApiError> {
    let pool = state.db.pool();
    let invoice = store::by_number(pool, &invoice_number)
        .await?
        .map(invoice_view)
        .ok_or(ApiError::NotFound)?;
    let row = super::store::by_order_number(pool, &invoice.order_number)
        .await?
        .ok_or(ApiError::NotFound)?;
    caller.on_site(row.site_id)?;
    let order = super::of_account::order_detail(pool, row).await?;
    pdf_response(&invoice, invoice_pdf(&state, &invoice, Some(&order)).await?)
}

/// A PDF as an attachment named after the invoice.
fn pdf_response(invoice: &InvoiceView, bytes: Vec<u8>) -> Result<Response, ApiError> {
    pdf_attachment(&invoice.pdf_file_name, bytes)
}

/// A PDF document (an invoice, a credit note) as an attachment named `file_name`.
pub(crate) fn pdf_attachment(file_name: &str, bytes: Vec<u8>) -> Result<Response, ApiError> {
    let disposition = format!(
        "attachment; filename=\"{}\"",
        file_name.replace(['"', '\\', '\r', '\n'], "")
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

/// Keeps an order's invoice in step with the order: issued (or marked paid) when the order is
/// paid, cancelled when the order is. Safe to repeat.
pub async fn follow_order_status(
    connection: &mut AnyConnection,
    order_id: i64,
    status: OrderStatus,
) -> Result<(), sqlx::Error> {
    let Some(order) = store::invoiced_order(&mut *connection, order_id).await? else {
        return Ok(());
    };
    match status {
        OrderStatus::Paid => {
            let updated = store::mark_paid(&mut *connection, &order.order_number).await?;
            let existing = store::count_of_order(&mut *connection, &order.order_number).await?;
            if updated > 0 || existing > 0 {
                return Ok(());
            }
            let number = store::next_invoice_sequence(&mut *connection).await?;
            let today = clock::today();
            let invoice_number = format!("F{}-{number:05}", &today[..4]);
            store::insert_paid(&mut *connection, &invoice_number, order, &today).await?;
        }
        OrderStatus::Cancelled => {
            store::cancel_of_order(&mut *connection, &order.order_number).await?;
        }
        _ => {}
    }
    Ok(())
}
