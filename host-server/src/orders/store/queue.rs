//! The order desk's work queue: the orders a filter finds, newest first, a page at a time from
//! where the last page ended (keyset paging: no page costs more than its own rows), and the
//! number of orders per status.

use engine::ids::PaymentMethodId;
use engine::money::Money;
use engine::order::OrderStatus;
use sqlx::AnyPool;

use crate::payments::PaymentStatus;
use crate::platform::db::containing;
use crate::platform::labels::{Label, label_of};

/// Which orders the queue shows. Every unset part matches every order.
#[derive(Debug, Default)]
pub struct QueueFilter {
    /// The sites the caller may see; empty: every site.
    pub granted_sites: Vec<i64>,
    pub site: Option<i64>,
    pub status: Option<OrderStatus>,
    /// The order's newest payment has this status.
    pub payment_status: Option<PaymentStatus>,
    pub payment_method: Option<i64>,
    /// Only orders of the sites of this brand.
    pub brand: Option<String>,
    /// A total of at least this many cents.
    pub min_total_cents: Option<i64>,
    /// A total of at most this many cents.
    pub max_total_cents: Option<i64>,
    /// Only orders with a return registered (`true`) or only orders without (`false`).
    pub has_return: Option<bool>,
    /// Placed at or after this moment (milliseconds since the Unix epoch).
    pub placed_from: Option<i64>,
    /// Placed before this moment.
    pub placed_before: Option<i64>,
    /// Only orders of laboratory scans (`true`) or only the others (`false`).
    pub scan_order: Option<bool>,
    /// An order number, or a part of an e-mail address, name or postcode.
    pub search: Option<Search>,
    /// Orders placed before this one (the last row of the previous page).
    pub after: Option<QueueCursor>,
}

/// What the search box holds.
#[derive(Debug)]
pub enum Search {
    /// An order number, in its stored form (upper case).
    OrderNumber(String),
    /// Text found in the e-mail address or the billing details (name, street, postcode,
    /// city), whatever its case.
    Text(String),
}

/// Where a page ends: the last order's placement moment and id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QueueCursor {
    pub placed_at: i64,
    pub order_id: i64,
}

/// A row of the queue.
#[derive(Debug, sqlx::FromRow)]
pub struct QueueRow {
    pub order_id: i64,
    pub order_number: String,
    pub status: Label<OrderStatus>,
    pub created_at: i64,
    pub site_id: i64,
    pub email_address: String,
    pub billing_json: String,
    #[sqlx(try_from = "String")]
    pub total_amount: Money,
    #[sqlx(try_from = "crate::platform::db::NullableKey")]
    pub payment_method_id: Option<PaymentMethodId>,
    pub scan_products_only: crate::platform::db::Flag,
    /// The newest payment's status; none without a payment.
    pub payment_status: Option<Label<PaymentStatus>>,
}

/// A value bound to a numbered placeholder.
enum Bound {
    Number(i64),
    Text(String),
}

/// The filter's conditions, each with its placeholders numbered in order.
struct Conditions {
    sql: Vec<String>,
    values: Vec<Bound>,
}

impl Conditions {
    fn new() -> Conditions {
        Conditions {
            sql: Vec::new(),
            values: Vec::new(),
        }
    }

    /// The next placeholder for `value`.
    fn bind(&mut self, value: Bound) -> String {
        self.values.push(value);
        format!("${}", self.values.len())
    }

    fn push(&mut self, condition: String) {
        self.sql.push(condition);
    }

    fn clause(&self) -> String {
        if self.sql.is_empty() {
            String::new()
        } else {
            format!("WHERE {}", self.sql.join(" AND "))
        }
    }
}

/// The total of the order `o` in cents: amounts are stored with exactly two decimals
/// (`"34.60"`), so without the point they are the cents, compared as whole numbers.
const TOTAL_CENTS: &str = "CAST(REPLACE(o.total_amount, '.', '') AS BIGINT)";

/// The newest payment's status of the order `o` (not one still being created at the provider).
const NEWEST_PAYMENT_STATUS: &str = "(SELECT p.status FROM payments p \
     WHERE p.order_id = o.order_id AND p.status <> 'creating' \
     ORDER BY p.created_at DESC, p.payment_id DESC LIMIT 1)";

fn sites_condition(sites: &[i64]) -> Option<String> {
    if sites.is_empty() {
        return None;
    }
    let ids: Vec<String> = sites.iter().map(i64::to_string).collect();
    Some(format!("o.site_id IN ({})", ids.join(", ")))
}

fn conditions(filter: &QueueFilter) -> Conditions {
    let mut conditions = Conditions::new();
    if let Some(sites) = sites_condition(&filter.granted_sites) {
        conditions.push(sites);
    }
    if let Some(site) = filter.site {
        let site = conditions.bind(Bound::Number(site));
        conditions.push(format!("o.site_id = {site}"));
    }
    if let Some(status) = filter.status {
        let status = conditions.bind(Bound::Text(label_of(&status)));
        conditions.push(format!("o.status = {status}"));
    }
    if let Some(payment_status) = filter.payment_status {
        let payment_status = conditions.bind(Bound::Text(label_of(&payment_status)));
        conditions.push(format!("{NEWEST_PAYMENT_STATUS} = {payment_status}"));
    }
    if let Some(method) = filter.payment_method {
        let method = conditions.bind(Bound::Number(method));
        conditions.push(format!("o.payment_method_id = {method}"));
    }
    if let Some(brand) = &filter.brand {
        let brand = conditions.bind(Bound::Text(brand.clone()));
        conditions.push(format!(
            "o.site_id IN (SELECT s.site_id FROM sites s WHERE s.brand = {brand})"
        ));
    }
    if let Some(least) = filter.min_total_cents {
        let least = conditions.bind(Bound::Number(least));
        conditions.push(format!("{TOTAL_CENTS} >= {least}"));
    }
    if let Some(most) = filter.max_total_cents {
        let most = conditions.bind(Bound::Number(most));
        conditions.push(format!("{TOTAL_CENTS} <= {most}"));
    }
    if let Some(has_return) = filter.has_return {
        let not = if has_return { "" } else { "NOT " };
        conditions.push(format!(
            "{not}EXISTS (SELECT 1 FROM returns r WHERE r.order_number = o.order_number)"
        ));
    }
    if let Some(from) = filter.placed_from {
        let from = conditions.bind(Bound::Number(from));
        conditions.push(format!("o.created_at >= {from}"));
    }
    if let Some(before) = filter.placed_before {
        let before = conditions.bind(Bound::Number(before));
        conditions.push(format!("o.created_at < {before}"));
    }
    if let Some(scan) = filter.scan_order {
        conditions.push(format!("o.scan_products_only = {}", i64::from(scan)));
    }
    match &filter.search {
        Some(Search::OrderNumber(number)) => {
            let number = conditions.bind(Bound::Text(number.clone()));
            conditions.push(format!("o.order_number = {number}"));
        }
        Some(Search::Text(text)) => {
            let pattern = conditions.bind(Bound::Text(containing(text)));
            conditions.push(format!(
                "(LOWER(o.email_address) LIKE {pattern} ESCAPE '\\' \
                 OR LOWER(o.billing_json) LIKE {pattern} ESCAPE '\\')"
            ));
        }
        None => {}
    }
    if let Some(after) = filter.after {
        let placed_at = conditions.bind(Bound::Number(after.placed_at));
        let order_id = conditions.bind(Bound::Number(after.order_id));
        conditions.push(format!(
            "(o.created_at < {placed_at} OR (o.created_at = {placed_at} AND o.order_id < {order_id}))"
        ));
    }
    conditions
}

/// Up to `limit` orders the filter finds, newest first.
pub async fn page(
    pool: &AnyPool,
    filter: &QueueFilter,
    limit: i64,
) -> Result<Vec<QueueRow>, sqlx::Error> {
    let conditions = conditions(filter);
    let columns = "o.order_id, o.order_number, o.status, o.created_at, o.site_id, \
         o.email_address, o.billing_json, o.total_amount, o.payment_method_id, o.scan_products_only";
    let sql = if matches!(filter.search, Some(Search::Text(_))) {
        // A text search finds its orders first (PostgreSQL: through the trigram indexes) and
        // sorts those: the materialized part keeps the planner from walking the newest-first
        // index and testing every order, a second at a million orders when few match.
        format!(
            "WITH found AS MATERIALIZED (SELECT {columns} FROM orders o {}) \
             SELECT o.*, {NEWEST_PAYMENT_STATUS} AS payment_status FROM found o \
             ORDER BY o.created_at DESC, o.order_id DESC LIMIT {limit}",
            conditions.clause()
        )
    } else {
        format!(
            "SELECT {columns}, {NEWEST_PAYMENT_STATUS} AS payment_status FROM orders o {} \
             ORDER BY o.created_at DESC, o.order_id DESC LIMIT {limit}",
            conditions.clause()
        )
    };
    let mut query = sqlx::query_as(&sql);
    for value in conditions.values {
        query = match value {
            Bound::Number(number) => query.bind(number),
            Bound::Text(text) => query.bind(text),
        };
    }
    query.fetch_all(pool).await
}

/// How many orders of `sites` (empty: every site) have each status.
pub async fn counts_per_status(
    pool: &AnyPool,
    sites: &[i64],
) -> Result<Vec<(Label<OrderStatus>, i64)>, sqlx::Error> {
    let sites = sites_condition(sites).map_or(String::new(), |sites| format!("WHERE {sites}"));
    sqlx::query_as(&format!(
        "SELECT o.status, COUNT(*) FROM orders o {sites} GROUP BY o.status"
    ))
    .fetch_all(pool)
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_numbered_in_the_order_of_their_conditions() {
        let filter = QueueFilter {
            granted_sites: vec![1, 2],
            status: Some(OrderStatus::Paid),
            after: Some(QueueCursor {
                placed_at: 10,
                order_id: 7,
            }),
            ..QueueFilter::default()
        };
        assert_eq!(
            conditions(&filter).clause(),
            "WHERE o.site_id IN (1, 2) AND o.status = $1 AND \
             (o.created_at < $2 OR (o.created_at = $2 AND o.order_id < $3))"
        );
    }
}
