//! The command palette's search: orders by number, e-mail address, name or postcode;
//! customers by e-mail address or name; products by name, EAN or article number; laboratory
//! samples by order number or name. Each kind only for a member whose role reads it, and only
//! on the member's sites.

use axum::extract::State;
use engine::staff::Permission;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::store;
use crate::AppState;
use crate::platform::access::{Access, StaffMember};
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Query};

/// The most results of each kind.
const PER_KIND: i64 = 5;
/// The shortest search.
const SHORTEST: usize = 2;

/// What a result is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ResultKind {
    Order,
    Customer,
    Product,
    Sample,
}

/// One result: what to show and the back office's page to open.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchResult {
    kind: ResultKind,
    id: String,
    title: String,
    subtitle: String,
    /// The app's page of the record, e.g. `/orders/HS-2026-000111`.
    path: String,
}

/// The results, grouped by kind in the order orders, customers, products, samples.
#[derive(Debug, Serialize, ToSchema)]
pub struct SearchResults {
    results: Vec<SearchResult>,
}

/// `?q=`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// At least two characters.
    #[param(min_length = 2, max_length = 100)]
    q: Option<String>,
}

fn may(access: &Access, permission: Permission) -> bool {
    access.grant.allows(permission, None).is_ok()
}

/// Finds orders, customers, products and samples for the command palette.
#[utoipa::path(
    get,
    path = "/api/backoffice/search",
    tag = "backoffice",
    operation_id = "backofficeSearch",
    params(SearchQuery),
    security(("staffSession" = [])),
    responses(
        (status = 200, description = "Up to five results of each kind the member may see", body = SearchResults),
        (status = 400, description = "`q` is shorter than two or longer than 100 characters", body = ErrorBody),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`: an integration key", body = ErrorBody),
    )
)]
pub async fn search(
    State(state): State<AppState>,
    caller: StaffMember,
    Query(query): Query<SearchQuery>,
) -> Result<Json<SearchResults>, ApiError> {
    let text = query.q.as_deref().map(str::trim).unwrap_or_default();
    let length = text.chars().count();
    if !(SHORTEST..=100).contains(&length) {
        return Err(ApiError::field(
            "q",
            "validation.invalid",
            "q has 2 to 100 characters",
        ));
    }
    let pattern = crate::platform::db::containing(text);
    let access = &caller.access;
    let pool = state.db.pool();
    let mut results = Vec::new();
    if may(access, Permission::OrdersRead) {
        for order in store::find_orders(pool, &pattern, PER_KIND).await? {
            if access.grant.covers_site(order.site_id) {
                results.push(SearchResult {
                    kind: ResultKind::Order,
                    id: order.order_number.clone(),
                    subtitle: format!(
                        "{} · {}",
                        order.email_address,
                        crate::platform::labels::label_of(&order.status.0)
                    ),
                    path: format!("/orders/{}", order.order_number),
                    title: order.order_number,
                });
            }
        }
    }
    if may(access, Permission::CustomersRead) {
        for customer in store::find_customers(pool, &pattern, PER_KIND).await? {
            if customer
                .site_id
                .is_none_or(|site| access.grant.covers_site(site))
            {
                results.push(SearchResult {
                    kind: ResultKind::Customer,
                    title: format!("{} {}", customer.first_name, customer.last_name),
                    subtitle: customer.email_address,
                    path: format!("/customers/{}", customer.account_id),
                    id: customer.account_id,
                });
            }
        }
    }
    let sees_catalog = [
        Permission::CatalogEdit,
        Permission::StockEdit,
        Permission::PricesEdit,
    ]
    .into_iter()
    .any(|permission| may(access, permission));
    let variants = if sees_catalog {
        store::find_variants(pool, &pattern, PER_KIND).await?
    } else {
        Vec::new()
    };
    for variant in variants {
        results.push(SearchResult {
            kind: ResultKind::Product,
            id: variant.product_variant_id.to_string(),
            title: variant
                .name
                .unwrap_or_else(|| variant.article_number.clone()),
            subtitle: format!("{} · EAN {}", variant.article_number, variant.ean),
            path: format!("/catalog/{}", variant.product_id),
        });
    }
    if may(access, Permission::LabResults) {
        for sample in store::find_samples(pool, &pattern, PER_KIND).await? {
            if access.grant.covers_site(sample.site_id) {
                results.push(SearchResult {
                    kind: ResultKind::Sample,
                    id: format!("{}-{}", sample.order_number, sample.sequence),
                    title: sample.sample_name,
                    subtitle: format!("{} · {}", sample.order_number, sample.sequence),
                    path: format!("/lab/{}", sample.order_number),
                });
            }
        }
    }
    Ok(Json(SearchResults { results }))
}
