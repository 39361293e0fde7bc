//! The accountant's export, `GET /api/backoffice/orders/export`: the orders the work queue's
//! filter finds, as CSV with one row per order and VAT rate (the rates an order's summary shows,
//! the engine's `vat.rows`), newest first. The rows are read and sent a page of orders at a
//! time, so an export of a year's orders never sits in memory whole.

use std::collections::HashMap;

use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::response::Response;
use engine::money::Money;
use engine::vat::{LineVatRate, SiteVatRates, VatDocument, VatRate, VatRowsRequest, VatType};

use super::queue::OrderQueueQuery;
use crate::AppState;
use crate::audit::Event;
use crate::orders::blocks::OrderBilling;
use crate::orders::store::export as store;
use crate::orders::store::queue::{self, QueueCursor, QueueFilter, QueueRow};
use crate::platform::access::{Authorized, permission};
use crate::platform::csv_download::{attachment, csv_bytes, pages};
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::Query;

/// How many orders are read and written at a time.
const ORDERS_PER_PAGE: i64 = 500;

const HEADER: [&str; 9] = [
    "order",
    "placed",
    "status",
    "site",
    "country",
    "vat_rate",
    "vat",
    "total_excl_vat",
    "total",
];

/// What every page needs: the sites' rates and the countries' codes.
struct Reference {
    site_rates: HashMap<i64, SiteVatRates>,
    countries: HashMap<i64, String>,
}

fn stored<T: std::str::FromStr>(what: &str, text: &str) -> Result<T, ApiError>
where
    T::Err: std::fmt::Display,
{
    text.parse()
        .map_err(|error| ApiError::Internal(format!("a stored {what} ({text}): {error}")))
}

impl Reference {
    async fn load(state: &AppState) -> Result<Reference, ApiError> {
        let pool = state.db.pool();
        let site_rates = store::site_rates(pool)
            .await?
            .into_iter()
            .map(|(site, low, high)| {
                Ok((
                    site,
                    SiteVatRates {
                        low: stored("VAT rate", &low)?,
                        high: stored("VAT rate", &high)?,
                    },
                ))
            })
            .collect::<Result<_, ApiError>>()?;
        let countries = store::country_codes(pool).await?.into_iter().collect();
        Ok(Reference {
            site_rates,
            countries,
        })
    }
}

/// The CSV rows of a page of orders.
async fn page_rows(
    state: &AppState,
    reference: &Reference,
    rows: &[QueueRow],
) -> Result<Vec<Vec<String>>, ApiError> {
    let pool = state.db.pool();
    let ids: Vec<i64> = rows.iter().map(|row| row.order_id).collect();
    let amounts: HashMap<i64, (String, String, String)> = store::vat_amounts(pool, &ids)
        .await?
        .into_iter()
        .map(|(order, low, high, excl)| (order, (low, high, excl)))
        .collect();
    let mut line_rates: HashMap<i64, Vec<LineVatRate>> = HashMap::new();
    for (order, vat_type, rate) in store::line_rates(pool, &ids).await? {
        line_rates.entry(order).or_default().push(LineVatRate {
            vat_type: stored::<VatType>("VAT type", &vat_type)?,
            vat_rate_percentage: stored::<VatRate>("VAT rate", &rate)?,
        });
    }
    let mut csv_rows = Vec::new();
    for row in rows {
        let (low, high, excl) = amounts
            .get(&row.order_id)
            .ok_or_else(|| ApiError::Internal(format!("order {} has no amounts", row.order_id)))?;
        let site_rates = reference
            .site_rates
            .get(&row.site_id)
            .copied()
            .ok_or_else(|| ApiError::Internal(format!("site {} has no VAT rates", row.site_id)))?;
        let vat_rows = engine::vat::vat_rows(&VatRowsRequest {
            document: VatDocument::Summary,
            reverse_charge: false,
            site_rates,
            line_rates: line_rates.remove(&row.order_id).unwrap_or_default(),
            vat_amount_low: stored::<Money>("amount", low)?,
            vat_amount_high: stored::<Money>("amount", high)?,
        });
        let billing: OrderBilling =
            crate::orders::view::document(Some(&row.billing_json)).unwrap_or_default();
        let country = billing
            .address
            .and_then(|address| address.country_id)
            .and_then(|id| reference.countries.get(&id).cloned())
            .unwrap_or_default();
        let order = |rate: String, vat: String| {
            vec![
                row.order_number.clone(),
                crate::platform::time::date_utc(row.created_at / 1000),
                crate::platform::labels::label_of(&row.status.0),
                row.site_id.to_string(),
                country.clone(),
                rate,
                vat,
                excl.clone(),
                row.total_amount.to_string(),
            ]
        };
        if vat_rows.is_empty() {
            // No VAT charged (nothing taxable, or reverse-charged): the order still counts.
            csv_rows.push(order(String::new(), "0.00".to_owned()));
        }
        for vat in vat_rows {
            csv_rows.push(order(
                vat.vat_rate_percentage.to_string(),
                vat.vat_amount.to_string(),
            ));
        }
    }
    Ok(csv_rows)
}

/// Where the export is: the filter, whose cursor moves on a page at a time.
struct Progress {
    state: AppState,
    reference: Reference,
    filter: QueueFilter,
    /// The header is sent.
    started: bool,
}

/// The next page's text and where the export then is; `None` after the last page (the first
/// always has the header).
async fn next_page(mut progress: Progress) -> Result<Option<(Bytes, Progress)>, ApiError> {
    let first = !progress.started;
    progress.started = true;
    let rows = queue::page(progress.state.db.pool(), &progress.filter, ORDERS_PER_PAGE).await?;
    let Some(last) = rows.last() else {
        return Ok(first
            .then(|| csv_bytes(Some(&HEADER), &[]))
            .transpose()?
            .map(|page| (page, progress)));
    };
    progress.filter.after = Some(QueueCursor {
        placed_at: last.created_at,
        order_id: last.order_id,
    });
    let header = first.then_some(&HEADER[..]);
    let page = csv_bytes(
        header,
        &page_rows(&progress.state, &progress.reference, &rows).await?,
    )?;
    Ok(Some((page, progress)))
}

/// The orders the filter finds as CSV, one row per order and VAT rate, for the accountant.
#[utoipa::path(
    get,
    path = "/api/backoffice/orders/export",
    tag = "backoffice",
    operation_id = "exportOrders",
    params(OrderQueueQuery),
    security(("staffSession" = ["reports.read"]), ("integrationKey" = ["reports.read"])),
    responses(
        (status = 200, description = "CSV with a header row: order, placed (UTC day), status, site, country (ISO 3166, the billing address's), vat_rate (percent; empty without VAT), vat, total_excl_vat, total", content_type = "text/csv", body = String),
        (status = 400, description = "A bad filter or search", body = ErrorBody),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`: without reports.read, or a site the caller does not work on", body = ErrorBody),
    )
)]
pub async fn export_orders(
    State(state): State<AppState>,
    caller: Authorized<permission::ReportsRead>,
    Query(query): Query<OrderQueueQuery>,
    RawQuery(raw_query): RawQuery,
) -> Result<Response, ApiError> {
    let filter = query.filter(&caller)?;
    let reference = Reference::load(&state).await?;
    // Who took the customers' orders out of the shop is on record, with the filter they used.
    let mut transaction = state.db.begin_change().await?;
    let event = Event::new("orders.exported", "orders", "export").field(
        "filter",
        None::<&str>,
        Some(raw_query.unwrap_or_default()),
    );
    crate::audit::record(&mut transaction, &caller, event).await?;
    transaction.commit().await?;
    let progress = Progress {
        state,
        reference,
        filter,
        started: false,
    };
    let pages = pages(progress, next_page);
    Ok(attachment(pages, "orders-vat.csv"))
}
