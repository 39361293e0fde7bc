//! The back office's overview: the home page's figures and the command palette's search. What
//! each part shows follows the caller's permissions and sites; a part the role may not see is
//! left out (`null`), not refused.
//!
//! - `GET /api/backoffice/home`: today's orders and revenue per site (orders.read), open
//!   returns (returns.decide), samples waiting for results (lab.results), low stock
//!   (stock.edit).
//! - `GET /api/backoffice/search?q=`: orders, customers, products and laboratory samples.

pub mod search;
mod store;

use axum::extract::State;
use engine::money::Money;
use engine::order::summarize_orders;
use engine::staff::Permission;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::platform::access::{Access, StaffMember};
use crate::platform::clock;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::Json;

/// A counted stock at or below this is low.
const LOW_STOCK: i64 = 5;
/// The most low-stock variants the home lists.
const LOW_STOCK_LISTED: i64 = 20;
const DAY_MILLIS: i64 = 86_400_000;

/// The routes of this area.
///
/// The type is opaque so that `app::api`'s `.into()` is no conversion to the same type,
/// which clippy refuses.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(home))
        .routes(routes!(search::search))
}

/// One site's orders today.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SiteDay {
    site_id: i64,
    site_name: String,
    /// The site's currency; the revenue is in euro, the currency every order is charged in.
    currency: String,
    /// Orders placed today, cancelled ones left out.
    orders: u64,
    /// The totals of today's paid orders, in euro.
    revenue: Money,
    /// The revenue as the member's language writes it (`€ 1.234,50`), by the engine.
    revenue_text: String,
}

/// A variant whose counted stock is low.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LowStock {
    product_variant_id: i64,
    article_number: String,
    name: String,
    stock: i64,
}

/// The home page's figures; a part the caller may not see is `null`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HomeOverview {
    /// Today (UTC) per site the caller works on (orders.read).
    today: Option<Vec<SiteDay>>,
    /// Returns waiting for a decision (returns.decide).
    open_returns: Option<i64>,
    /// Samples of paid scan orders without a result (lab.results).
    samples_waiting: Option<i64>,
    /// Variants with a counted stock of 5 or less, the lowest first (stock.edit).
    low_stock: Option<Vec<LowStock>>,
}

fn may(access: &Access, permission: Permission) -> bool {
    access.grant.allows(permission, None).is_ok()
}

/// The home page's figures for the signed-in member.
#[utoipa::path(
    get,
    path = "/api/backoffice/home",
    tag = "backoffice",
    operation_id = "backofficeHome",
    security(("staffSession" = [])),
    responses(
        (status = 200, description = "The figures the member may see", body = HomeOverview),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`: an integration key", body = ErrorBody),
    )
)]
pub async fn home(
    State(state): State<AppState>,
    caller: StaffMember,
) -> Result<Json<HomeOverview>, ApiError> {
    let access = &caller.access;
    let pool = state.db.pool();
    let today = if may(access, Permission::OrdersRead) {
        let culture = crate::staff::screen_culture(pool, access).await?;
        Some(today_per_site(&state, access, culture).await?)
    } else {
        None
    };
    let open_returns = if may(access, Permission::ReturnsDecide) {
        Some(store::open_returns(pool).await?)
    } else {
        None
    };
    let samples_waiting = if may(access, Permission::LabResults) {
        Some(store::samples_waiting(pool).await?)
    } else {
        None
    };
    let low_stock = if may(access, Permission::StockEdit) {
        let rows = store::low_stock(pool, LOW_STOCK, LOW_STOCK_LISTED).await?;
        Some(
            rows.into_iter()
                .map(|row| LowStock {
                    product_variant_id: row.product_variant_id,
                    article_number: row.article_number,
                    name: row.name.unwrap_or_default(),
                    stock: row.stock,
                })
                .collect(),
        )
    } else {
        None
    };
    Ok(Json(HomeOverview {
        today,
        open_returns,
        samples_waiting,
        low_stock,
    }))
}

/// Today's orders of every site the caller works on, summed by the engine.
async fn today_per_site(
    state: &AppState,
    access: &Access,
    culture: engine::locale::Culture,
) -> Result<Vec<SiteDay>, ApiError> {
    let now = clock::now_millis();
    let midnight = now - now.rem_euclid(DAY_MILLIS);
    let orders = store::orders_since(state.db.pool(), midnight).await?;
    let sites = store::sites(state.db.pool()).await?;
    let mut days = Vec::new();
    for (site_id, site_name, currency) in sites {
        if !access.grant.covers_site(site_id) {
            continue;
        }
        let of_site = orders
            .iter()
            .filter(|order| order.site_id == site_id)
            .map(|order| Ok((order.status.0, order.total_amount.parse::<Money>()?)))
            .collect::<Result<Vec<_>, engine::money::MoneyError>>()
            .map_err(|error| ApiError::Internal(format!("a stored order total: {error}")))?;
        let summary = summarize_orders(of_site)
            .map_err(|error| ApiError::Internal(format!("today's revenue: {error}")))?;
        let revenue_text = crate::staff::euro_text(summary.revenue, culture)?;
        days.push(SiteDay {
            site_id,
            site_name,
            currency,
            orders: summary.orders,
            revenue: summary.revenue,
            revenue_text,
        });
    }
    Ok(days)
}
