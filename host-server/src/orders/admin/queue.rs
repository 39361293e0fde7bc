//! The order desk's work queue, `GET /api/backoffice/orders`: the orders of the caller's sites
//! that a filter finds, newest first, a page at a time from a cursor, with the number of orders
//! per status (counted at most every half minute per set of sites, not for every request).

use std::time::Duration;

use axum::extract::State;
use engine::ids::PaymentMethodId;
use engine::locale::Culture;
use engine::money::Money;
use engine::order::OrderStatus;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::AppState;
use crate::orders::blocks::OrderBilling;
use crate::orders::store::queue::{self, QueueCursor, QueueFilter, QueueRow, Search};
use crate::payments::PaymentStatus;
use crate::platform::access::{Access, Authorized, permission};
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Query};
use crate::platform::short_lived::ShortLived;

/// How long the counts per status are served without counting again.
const COUNTS_FRESH_FOR: Duration = Duration::from_secs(30);
const DEFAULT_PAGE_SIZE: i64 = 50;
const MOST_PER_PAGE: i64 = 100;
const LONGEST_SEARCH: usize = 100;

/// The counts per status of each set of sites, for [`COUNTS_FRESH_FOR`].
pub struct StatusCounts(ShortLived<Vec<i64>, Vec<StatusCount>>);

impl Default for StatusCounts {
    fn default() -> StatusCounts {
        StatusCounts(ShortLived::new(COUNTS_FRESH_FOR))
    }
}

/// The queue's filter, search and page.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct OrderQueueQuery {
    /// Only orders with this status.
    #[param(value_type = Option<OrderStatus>)]
    status: Option<OrderStatus>,
    /// Only orders whose newest payment has this status.
    #[param(value_type = Option<PaymentStatus>)]
    payment_status: Option<PaymentStatus>,
    /// Only orders of this site (one the caller works on).
    site: Option<i64>,
    /// Only orders paid with this payment method.
    payment_method: Option<i64>,
    /// Only orders of the sites of this brand (`Hoefslag`, `Weidegroen`).
    #[param(max_length = 50)]
    brand: Option<String>,
    /// A total of at least this amount (euro).
    #[param(value_type = Option<String>, example = "50.00")]
    min_total: Option<Money>,
    /// A total of at most this amount (euro).
    #[param(value_type = Option<String>, example = "100.00")]
    max_total: Option<Money>,
    /// `true`: only orders with a return registered; `false`: only the others.
    has_return: Option<bool>,
    /// Placed on or after this day (`YYYY-MM-DD`, UTC).
    from: Option<String>,
    /// Placed on or before this day (`YYYY-MM-DD`, UTC).
    to: Option<String>,
    /// `true`: only orders of laboratory scans; `false`: only the others.
    scan_order: Option<bool>,
    /// An order number, or a part of an e-mail address, name, street, postcode or city; at
    /// most 100 characters.
    #[param(max_length = 100)]
    q: Option<String>,
    /// Where the previous page ended: its `next`.
    after: Option<String>,
    /// 1 to 100, default 50.
    #[param(minimum = 1, maximum = 100)]
    page_size: Option<i64>,
}

/// An order in the queue.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QueuedOrder {
    pub order_number: String,
    pub status: OrderStatus,
    /// Milliseconds since the Unix epoch.
    pub placed_at: i64,
    pub site_id: i64,
    /// The billing first and last name.
    pub customer_name: String,
    pub email_address: String,
    /// The billing address's country, when given.
    pub country_id: Option<i64>,
    pub total_amount: Money,
    /// The total as the caller's language writes it (`€ 1.234,50`), by the engine.
    pub total_text: String,
    pub payment_method_id: Option<PaymentMethodId>,
    /// The newest payment's status; null without a payment (bank transfer, nothing to pay).
    pub payment_status: Option<PaymentStatus>,
    /// An order of laboratory scans only.
    pub scan_order: bool,
}

/// How many orders have a status.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusCount {
    pub status: OrderStatus,
    pub count: i64,
}

/// A page of the queue.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderQueue {
    pub orders: Vec<QueuedOrder>,
    /// The `after` of the next page; null on the last page.
    pub next: Option<String>,
    /// The orders of the caller's sites per status (whatever the filter), at most half a
    /// minute old.
    pub counts: Vec<StatusCount>,
}

impl OrderQueueQuery {
    /// Whether the query names a page (`after`), which a saved view does not.
    pub fn is_paged(&self) -> bool {
        self.after.is_some()
    }

    /// Refuses a filter the queue would refuse.
    pub fn check(&self, access: &Access) -> Result<(), ApiError> {
        self.filter(access)?;
        self.page_size()?;
        Ok(())
    }

    /// The queue's filter for the caller, refusing a site the caller does not work on.
    pub(super) fn filter(&self, access: &Access) -> Result<QueueFilter, ApiError> {
        if let Some(site) = self.site {
            access.on_site(site)?;
        }
        Ok(QueueFilter {
            granted_sites: access.grant.sites.clone(),
            site: self.site,
            status: self.status,
            payment_status: self.payment_status,
            payment_method: self.payment_method,
            brand: brand(self.brand.as_deref())?,
            min_total_cents: cents("minTotal", self.min_total)?,
            max_total_cents: cents("maxTotal", self.max_total)?,
            has_return: self.has_return,
            placed_from: day_start("from", self.from.as_deref(), 0)?,
            placed_before: day_start("to", self.to.as_deref(), 1)?,
            scan_order: self.scan_order,
            search: search(self.q.as_deref())?,
            after: self.after.as_deref().map(parse_cursor).transpose()?,
        })
    }

    fn page_size(&self) -> Result<i64, ApiError> {
        let size = self.page_size.unwrap_or(DEFAULT_PAGE_SIZE);
        if (1..=MOST_PER_PAGE).contains(&size) {
            Ok(size)
        } else {
            Err(ApiError::field(
                "pageSize",
                "validation.invalid",
                "pageSize is 1 to 100",
            ))
        }
    }
}

/// The brand asked for, at most 50 characters.
fn brand(text: Option<&str>) -> Result<Option<String>, ApiError> {
    let Some(text) = text.map(str::trim).filter(|text| !text.is_empty()) else {
        return Ok(None);
    };
    if text.chars().count() > 50 {
        return Err(ApiError::field(
            "brand",
            "validation.invalid",
            "brand has at most 50 characters",
        ));
    }
    Ok(Some(text.to_owned()))
}

/// An amount bound of the filter in cents; not below zero.
fn cents(field: &str, amount: Option<Money>) -> Result<Option<i64>, ApiError> {
    amount
        .map(|amount| {
            amount.cents().filter(|cents| *cents >= 0).ok_or_else(|| {
                ApiError::field(
                    field,
                    "validation.invalid",
                    format!("{field} is an amount of at least 0.00"),
                )
            })
        })
        .transpose()
}

/// The first millisecond of the day `days_later` days after the date in `field`.
fn day_start(field: &str, date: Option<&str>, days_later: i64) -> Result<Option<i64>, ApiError> {
    let Some(date) = date.map(str::trim).filter(|date| !date.is_empty()) else {
        return Ok(None);
    };
    let start = crate::platform::time::start_of_date_utc(date).ok_or_else(|| {
        ApiError::field(
            field,
            "validation.invalid",
            format!("{field} is a date YYYY-MM-DD"),
        )
    })?;
    Ok(Some((start + days_later * 86_400) * 1000))
}

/// An order number (letters, digits and dashes with at least one digit and one dash, as
/// `HS-2026-000111`) is looked up as one; anything else is searched as text.
fn search(text: Option<&str>) -> Result<Option<Search>, ApiError> {
    let Some(text) = text.map(str::trim).filter(|text| !text.is_empty()) else {
        return Ok(None);
    };
    if text.chars().count() > LONGEST_SEARCH {
        return Err(ApiError::field(
            "q",
            "validation.invalid",
            "q has at most 100 characters",
        ));
    }
    let looks_like_number = text.contains('-')
        && text.chars().any(|c| c.is_ascii_digit())
        && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    Ok(Some(if looks_like_number {
        Search::OrderNumber(text.to_ascii_uppercase())
    } else {
        Search::Text(text.to_owned())
    }))
}

fn cursor_text(cursor: QueueCursor) -> String {
    format!("{}.{}", cursor.placed_at, cursor.order_id)
}

fn parse_cursor(text: &str) -> Result<QueueCursor, ApiError> {
    text.split_once('.')
        .and_then(|(placed_at, order_id)| {
            Some(QueueCursor {
                placed_at: placed_at.parse().ok()?,
                order_id: order_id.parse().ok()?,
            })
        })
        .ok_or_else(|| {
            ApiError::field(
                "after",
                "validation.invalid",
                "after is the next of a previous page",
            )
        })
}

impl QueuedOrder {
    fn from_row(row: QueueRow, culture: Culture) -> Result<QueuedOrder, ApiError> {
        let billing: OrderBilling =
            crate::orders::view::document(Some(&row.billing_json)).unwrap_or_default();
        let customer_name = [billing.first_name, billing.last_name]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" ");
        Ok(QueuedOrder {
            total_text: crate::staff::euro_text(row.total_amount, culture)?,
            order_number: row.order_number,
            status: row.status.0,
            placed_at: row.created_at,
            site_id: row.site_id,
            customer_name,
            email_address: row.email_address,
            country_id: billing.address.and_then(|address| address.country_id),
            total_amount: row.total_amount,
            payment_method_id: row.payment_method_id,
            payment_status: row.payment_status.map(|status| status.0),
            scan_order: row.scan_products_only.0,
        })
    }
}

async fn counts(state: &AppState, sites: &[i64]) -> Result<Vec<StatusCount>, ApiError> {
    if let Some(counts) = state.order_counts.0.fresh(&sites.to_vec()) {
        return Ok(counts);
    }
    let counts: Vec<StatusCount> = queue::counts_per_status(state.db.pool(), sites)
        .await?
        .into_iter()
        .map(|(status, count)| StatusCount {
            status: status.0,
            count,
        })
        .collect();
    state.order_counts.0.keep(sites.to_vec(), counts.clone());
    Ok(counts)
}

/// The orders of the caller's sites that the filter finds, newest first, a page at a time.
#[utoipa::path(
    get,
    path = "/api/backoffice/orders",
    tag = "backoffice",
    operation_id = "listOrders",
    params(OrderQueueQuery),
    security(("staffSession" = ["orders.read"]), ("integrationKey" = ["orders.read"])),
    responses(
        (status = 200, description = "A page of orders and the counts per status", body = OrderQueue),
        (status = 400, description = "A bad filter, search, cursor or page size", body = ErrorBody),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`: without orders.read, or a site the caller does not work on", body = ErrorBody),
    )
)]
pub async fn list_orders(
    State(state): State<AppState>,
    caller: Authorized<permission::OrdersRead>,
    Query(query): Query<OrderQueueQuery>,
) -> Result<Json<OrderQueue>, ApiError> {
    let filter = query.filter(&caller)?;
    let page_size = query.page_size()?;
    // One row more than the page says whether there is a next page.
    let mut rows = queue::page(state.db.pool(), &filter, page_size + 1).await?;
    let more = rows.len() > usize::try_from(page_size).unwrap_or(usize::MAX);
    rows.truncate(usize::try_from(page_size).unwrap_or(usize::MAX));
    let next = more.then(|| rows.last()).flatten().map(|last| {
        cursor_text(QueueCursor {
            placed_at: last.created_at,
            order_id: last.order_id,
        })
    });
    let culture = crate::staff::screen_culture(state.db.pool(), &caller).await?;
    let orders = rows
        .into_iter()
        .map(|row| QueuedOrder::from_row(row, culture))
        .collect::<Result<_, ApiError>>()?;
    let counts = counts(&state, &caller.grant.sites).await?;
    Ok(Json(OrderQueue {
        orders,
        next,
        counts,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_order_number_is_looked_up_and_other_text_searched() {
        assert!(matches!(
            search(Some(" hs-2026-000111 ")),
            Ok(Some(Search::OrderNumber(number))) if number == "HS-2026-000111"
        ));
        assert!(matches!(
            search(Some("1234 AB")),
            Ok(Some(Search::Text(text))) if text == "1234 AB"
        ));
        assert!(matches!(search(Some("  ")), Ok(None)));
        assert!(search(Some(&"x".repeat(101))).is_err());
    }

    #[test]
    fn a_cursor_reads_back_what_it_wrote() {
        let cursor = QueueCursor {
            placed_at: 1_767_225_600_000,
            order_id: 1042,
        };
        assert_eq!(parse_cursor(&cursor_text(cursor)).ok(), Some(cursor));
        assert!(parse_cursor("soon").is_err());
    }

    #[test]
    fn the_to_day_is_included() {
        assert_eq!(
            day_start("to", Some("2026-01-01"), 1).ok().flatten(),
            Some(1_767_312_000_000)
        );
        assert!(day_start("from", Some("01-01-2026"), 0).is_err());
    }
}
