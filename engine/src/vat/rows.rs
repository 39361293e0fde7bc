//! Which VAT rows a document shows, and at which rate each is labelled.
//!
//! A summary (the cart, the checkout, the order pages and the order mails) shows a rate's row
//! only when VAT was charged at it: a row of 0.00 tells a shopper nothing. An invoice is a tax
//! document and states the VAT of each of the site's rates, 0.00 included, except when its VAT
//! is reverse-charged: then a note replaces the VAT rows.
//!
//! A row is labelled with the rate the order's lines were charged at, so an order placed before
//! a rate changed keeps its own; without a line of that type (a cart, or VAT from shipping
//! alone) the site's current rate applies.

use serde::{Deserialize, Serialize};

use super::{VatRate, VatType};
use crate::money::Money;

/// The document the rows are for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum VatDocument {
    /// A cart's, an order page's or an order mail's summary of amounts.
    Summary,
    /// An invoice.
    Invoice,
}

/// A site's two VAT percentages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SiteVatRates {
    /// The reduced rate.
    pub low: VatRate,
    /// The standard rate.
    pub high: VatRate,
}

/// The rate a line of an order was charged at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LineVatRate {
    /// The line's VAT type.
    pub vat_type: VatType,
    /// The percentage it was charged at.
    pub vat_rate_percentage: VatRate,
}

/// Input of `vat.rows`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VatRowsRequest {
    /// The document the rows are for.
    pub document: VatDocument,
    /// True when the invoice says its VAT is reverse-charged (`vat.reverseCharge`).
    #[serde(default)]
    pub reverse_charge: bool,
    /// The site's rates, for a type no line was charged at.
    pub site_rates: SiteVatRates,
    /// The rates of the order's lines; empty for a cart.
    #[serde(default)]
    pub line_rates: Vec<LineVatRate>,
    /// The VAT at the low rate.
    pub vat_amount_low: Money,
    /// The VAT at the high rate.
    pub vat_amount_high: Money,
}

/// One VAT row: its type, the rate it is labelled with and its amount.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct VatRow {
    /// The VAT type of the row.
    pub vat_type: VatType,
    /// The rate the row is labelled with.
    pub vat_rate_percentage: VatRate,
    /// The VAT at that rate.
    pub vat_amount: Money,
}

/// The VAT rows a document shows, low rate first.
pub fn vat_rows(request: &VatRowsRequest) -> Vec<VatRow> {
    [
        (VatType::Low, request.vat_amount_low),
        (VatType::High, request.vat_amount_high),
    ]
    .into_iter()
    .filter(|(_, amount)| shows_row(request.document, request.reverse_charge, *amount))
    .map(|(vat_type, vat_amount)| VatRow {
        vat_type,
        vat_rate_percentage: rate_of(request, vat_type),
        vat_amount,
    })
    .collect()
}

/// Whether a document shows the row of a rate at which `amount` of VAT was charged.
pub(crate) fn shows_row(document: VatDocument, reverse_charge: bool, amount: Money) -> bool {
    match document {
        VatDocument::Summary => !amount.is_zero(),
        VatDocument::Invoice => !reverse_charge || !amount.is_zero(),
    }
}

fn rate_of(request: &VatRowsRequest, vat_type: VatType) -> VatRate {
    request
        .line_rates
        .iter()
        .find(|line| line.vat_type == vat_type)
        .map_or(
            match vat_type {
                VatType::Low => request.site_rates.low,
                VatType::High => request.site_rates.high,
            },
            |line| line.vat_rate_percentage,
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(document: VatDocument, low: &str, high: &str) -> VatRowsRequest {
        VatRowsRequest {
            document,
            reverse_charge: false,
            site_rates: SiteVatRates {
                low: "9".parse().unwrap(),
                high: "21".parse().unwrap(),
            },
            line_rates: vec![LineVatRate {
                vat_type: VatType::Low,
                vat_rate_percentage: "6".parse().unwrap(),
            }],
            vat_amount_low: low.parse().unwrap(),
            vat_amount_high: high.parse().unwrap(),
        }
    }

    fn shown(rows: &[VatRow]) -> Vec<(String, String)> {
        rows.iter()
            .map(|row| {
                (
                    row.vat_rate_percentage.to_string(),
                    row.vat_amount.to_string(),
                )
            })
            .collect()
    }

    #[test]
    fn a_summary_leaves_out_a_rate_without_vat_and_an_invoice_does_not() {
        let summary = vat_rows(&request(VatDocument::Summary, "2.72", "0.00"));
        assert_eq!(shown(&summary), [("6".to_owned(), "2.72".to_owned())]);
        let invoice = vat_rows(&request(VatDocument::Invoice, "2.72", "0.00"));
        assert_eq!(
            shown(&invoice),
            [
                ("6".to_owned(), "2.72".to_owned()),
                ("21".to_owned(), "0.00".to_owned())
            ],
            "the line's rate for low, the site's for high"
        );
    }

    #[test]
    fn a_reverse_charged_invoice_shows_no_vat_rows() {
        let mut reverse_charged = request(VatDocument::Invoice, "0.00", "0.00");
        reverse_charged.reverse_charge = true;
        assert!(vat_rows(&reverse_charged).is_empty());
    }
}
