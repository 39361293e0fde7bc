//! Credit notes: the document of a refund, in its own number series (`C2026-01001`), generated
//! on demand like an invoice and in the order's language. Its lines are the units given back
//! (with their share of the order discounts), the shipping if it went back, or the amount the
//! shop named; its VAT per rate and totals are the refund's, which the engine computed
//! (`engine::refund`); every amount is shown negative, as money going back.

use axum::extract::State;
use axum::response::Response;
use engine::money::Money;

use super::invoices::{
    DocumentTexts, InvoicingSite, document, pdf_attachment, percent, reverse_charged,
};
use super::of_account::{OrderDetail, order_detail};
use super::store::invoices as invoice_store;
use super::store::refunds::{self as store, RefundRow};
use crate::AppState;
use crate::platform::access::{Authorized, permission};
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::Path;
use crate::platform::pdf;

/// A credit note as a PDF document, generated on demand.
#[utoipa::path(
    get,
    path = "/api/backoffice/credit-notes/{creditNoteNumber}/pdf",
    tag = "backoffice",
    operation_id = "downloadCreditNote",
    params(("creditNoteNumber" = String, Path, description = "The credit note number, e.g. C2026-01001")),
    security(("staffSession" = ["orders.read"]), ("integrationKey" = ["orders.read"])),
    responses(
        (status = 200, description = "The PDF, as an attachment", body = crate::accounts::FileBytes, content_type = "application/pdf",
            headers(("content-disposition" = String, description = "`attachment` with the credit note's file name"))),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`: without orders.read, or an order of another site", body = ErrorBody),
        (status = 404, description = "No credit note has this number", body = ErrorBody),
    )
)]
pub async fn download_credit_note(
    State(state): State<AppState>,
    caller: Authorized<permission::OrdersRead>,
    Path(credit_note_number): Path<String>,
) -> Result<Response, ApiError> {
    let pool = state.db.pool();
    let refund = store::by_credit_note(pool, &credit_note_number)
        .await?
        .ok_or(ApiError::NotFound)?;
    let row = super::store::by_id(pool, refund.order_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    caller.on_site(row.site_id)?;
    let order = order_detail(pool, row).await?;
    let bytes = credit_note_pdf(&state, &refund, &credit_note_number, &order).await?;
    pdf_attachment(&format!("{credit_note_number}.pdf"), bytes)
}

/// Lays out the credit note of `refund`.
async fn credit_note_pdf(
    state: &AppState,
    refund: &RefundRow,
    number: &str,
    order: &OrderDetail,
) -> Result<Vec<u8>, ApiError> {
    let site = InvoicingSite::of_order(state, refund.order_id).await?;
    let texts = DocumentTexts::of(state, Some(order.language_id), &site).await?;
    let t = |key: &str, values: &[(&str, &str)]| texts.t(key, values);
    let back = |amount: Money| format!("-{}", texts.euro(amount));
    let mut connection = state.db.pool().acquire().await?;
    let refunded_lines = store::lines_of_order(&mut connection, refund.order_id).await?;
    drop(connection);
    let mut lines = Vec::new();
    for refunded in refunded_lines
        .iter()
        .filter(|line| line.refund_id == refund.refund_id)
    {
        let line = order
            .lines
            .iter()
            .find(|line| line.line_number == refunded.line_number)
            .ok_or_else(|| {
                ApiError::Internal(format!(
                    "refunded line {} not on the order",
                    refunded.line_number
                ))
            })?;
        lines.push(pdf::InvoiceLine {
            quantity: refunded.quantity,
            description: line.description.clone(),
            unit_price: texts.euro(line.unit_price),
            vat_rate: percent(&line.vat_rate_percentage)?,
            amount: back(refunded.amount),
        });
    }
    if refund.shipping_amount > Money::ZERO {
        lines.push(pdf::InvoiceLine {
            quantity: 1,
            description: t("order.shipping", &[])?,
            unit_price: texts.euro(refund.shipping_amount),
            vat_rate: String::new(),
            amount: back(refund.shipping_amount),
        });
    }
    if lines.is_empty() {
        lines.push(pdf::InvoiceLine {
            quantity: 1,
            description: refund.reason.clone(),
            unit_price: texts.euro(refund.total_amount),
            vat_rate: String::new(),
            amount: back(refund.total_amount),
        });
    }
    let reverse_charge = reverse_charged(
        state,
        &site,
        order,
        vec![refund.vat_amount_low, refund.vat_amount_high],
        refund.total_amount,
    )
    .await?;
    let mut totals = vec![(
        t("invoicePdf.totalExclVat", &[])?,
        back(refund.total_amount_excl_vat),
        false,
    )];
    if !reverse_charge {
        for (rate, amount) in [
            (&site.rate_low, refund.vat_amount_low),
            (&site.rate_high, refund.vat_amount_high),
        ] {
            if amount > Money::ZERO {
                let rate = percent(rate)?;
                let label = t("order.vat", &[("rate", rate.trim_end_matches('%'))])?;
                totals.push((label, back(amount), false));
            }
        }
    }
    totals.push((
        t("creditNotePdf.refunded", &[])?,
        back(refund.total_amount),
        true,
    ));
    let mut notes = vec![format!(
        "{}: {}",
        t("creditNotePdf.reason", &[])?,
        refund.reason
    )];
    if reverse_charge {
        notes.push(t("invoicePdf.reverseCharge", &[])?);
    }
    let mut facts = vec![
        (t("creditNotePdf.number", &[])?, number.to_owned()),
        (
            t("creditNotePdf.date", &[])?,
            refund.credit_note_date.clone().unwrap_or_default(),
        ),
    ];
    if let Some(invoice) =
        invoice_store::number_of_order(state.db.pool(), &order.order_number).await?
    {
        facts.push((t("creditNotePdf.invoiceNumber", &[])?, invoice));
    }
    facts.push((
        t("invoicePdf.orderNumber", &[])?,
        order.order_number.clone(),
    ));
    let title = t("creditNotePdf.title", &[("number", number)])?;
    let mut document = document(&texts, &site, Some(order), title, facts)?;
    document.lines = lines;
    document.totals = totals;
    document.notes = notes;
    pdf::invoice(&document).map_err(|error| ApiError::Internal(format!("credit note PDF: {error}")))
}
