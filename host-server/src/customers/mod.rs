//! The customers desk of the back office (`customers.read`): customers found by name or e-mail
//! address, and one customer's profile with their orders, returns, subscriptions, roughage
//! results and reviews. A member limited to some sites sees the customers of those sites (and
//! those of no site); another site's customer is not found.

mod erasure;
mod store;

pub use erasure::PhotosDir;

use axum::extract::State;
use engine::money::Money;
use engine::order::OrderStatus;
use engine::returns::ReturnStatus;
use engine::subscription::SubscriptionStatus;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::laboratory::ScanType;
use crate::platform::access::{Authorized, permission};
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path, Query};
use crate::platform::listing::SearchQuery;
use crate::reviews::ReviewStatus;

/// The newest orders a profile lists; the order desk filters the rest by e-mail address.
const PROFILE_ORDERS: i64 = 50;

/// The routes of this area.
pub fn router(config: &crate::platform::config::Config) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(search_customers))
        .routes(routes!(customer_profile))
        .routes(routes!(erasure::erase_customer))
        .layer(axum::Extension(PhotosDir(
            config.account_data.return_photos_dir.clone(),
        )))
}

/// A customer as the list shows them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerSummary {
    pub account_id: String,
    pub first_name: String,
    pub last_name: String,
    pub email_address: String,
    /// The site they registered on.
    pub site_id: Option<i64>,
    /// Whether they confirmed their address.
    pub activated: bool,
    /// When their personal data was erased on their request (milliseconds since the Unix
    /// epoch); `null` for a live account.
    pub erased_at: Option<i64>,
    /// Milliseconds since the Unix epoch.
    pub registered_at: i64,
    /// How many orders they placed with their account.
    pub order_count: i64,
}

/// A page of customers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerList {
    pub total: i64,
    pub page: u32,
    pub page_size: u32,
    pub customers: Vec<CustomerSummary>,
}

/// One customer and what they have in the shop.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerProfile {
    #[serde(flatten)]
    pub summary: CustomerSummary,
    pub phone_number: String,
    pub language_id: Option<i64>,
    pub company_name: Option<String>,
    /// Whether they receive the newsletter.
    pub newsletter: bool,
    /// Their newest orders (at most 50).
    pub orders: Vec<CustomerOrder>,
    pub returns: Vec<CustomerReturn>,
    pub subscriptions: Vec<CustomerSubscription>,
    pub results: Vec<CustomerResult>,
    pub reviews: Vec<CustomerReview>,
}

/// An order of the customer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerOrder {
    pub order_number: String,
    pub status: OrderStatus,
    pub site_id: i64,
    pub total_amount: Money,
    /// The total as the member's language writes it (`€ 1.234,50`), by the engine.
    pub total_text: String,
    /// Milliseconds since the Unix epoch.
    pub placed_at: i64,
}

/// A return of the customer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerReturn {
    pub return_id: String,
    pub order_number: String,
    /// The product's name in the shop's source language.
    pub product_name: String,
    pub quantity: i64,
    pub status: ReturnStatus,
    /// Milliseconds since the Unix epoch.
    pub created_at: i64,
}

/// A subscription of the customer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerSubscription {
    pub subscription_id: String,
    pub product_name: String,
    pub quantity: i64,
    pub interval_weeks: i64,
    pub status: SubscriptionStatus,
    /// `YYYY-MM-DD`, while it delivers.
    pub next_delivery_date: Option<String>,
}

/// A roughage result of the customer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerResult {
    pub order_number: String,
    pub sample_name: String,
    pub scan_type: ScanType,
    /// `YYYY-MM-DD`.
    pub result_date: String,
    /// Whether the customer opened it.
    pub read: bool,
}

/// A review the customer wrote.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerReview {
    pub review_id: i64,
    pub product_name: String,
    pub rating: i64,
    pub title: String,
    pub status: ReviewStatus,
    /// Milliseconds since the Unix epoch.
    pub created_at: i64,
}

impl From<store::CustomerRow> for CustomerSummary {
    fn from(row: store::CustomerRow) -> CustomerSummary {
        CustomerSummary {
            account_id: row.account_id,
            first_name: row.first_name,
            last_name: row.last_name,
            email_address: row.email_address,
            site_id: row.site_id,
            activated: row.activated_at.is_some(),
            erased_at: row.erased_at.map(|seconds| seconds.saturating_mul(1_000)),
            registered_at: row.created_at.saturating_mul(1_000),
            order_count: row.order_count,
        }
    }
}

/// Finds customers by part of their name or e-mail address (customer service).
#[utoipa::path(
    get,
    path = "/api/backoffice/customers",
    tag = "backoffice",
    operation_id = "searchCustomers",
    params(SearchQuery),
    security(("staffSession" = ["customers.read"]), ("integrationKey" = ["customers.read"])),
    responses(
        (status = 200, description = "A page of customers, by last name", body = CustomerList),
        (status = 400, description = "An invalid `p` or `ps`, or a `q` of more than 100 characters", body = ErrorBody),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`", body = ErrorBody),
    )
)]
async fn search_customers(
    State(state): State<AppState>,
    caller: Authorized<permission::CustomersRead>,
    Query(query): Query<SearchQuery>,
) -> Result<Json<CustomerList>, ApiError> {
    let paging = query.paging()?;
    let text = query.text()?;
    let pattern = crate::platform::db::containing(text);
    let pool = state.db.pool();
    let sites = &caller.grant.sites;
    let total = store::count(pool, &pattern, sites).await?;
    let customers = store::page(
        pool,
        &pattern,
        sites,
        i64::from(paging.page_size),
        i64::try_from(paging.offset()).unwrap_or(i64::MAX),
    )
    .await?
    .into_iter()
    .map(CustomerSummary::from)
    .collect();
    Ok(Json(CustomerList {
        total,
        page: paging.page,
        page_size: paging.page_size,
        customers,
    }))
}

/// One customer with their orders, returns, subscriptions, roughage results and reviews
/// (customer service).
#[utoipa::path(
    get,
    path = "/api/backoffice/customers/{accountId}",
    tag = "backoffice",
    operation_id = "customerProfile",
    params(("accountId" = String, Path, description = "The customer's account")),
    security(("staffSession" = ["customers.read"]), ("integrationKey" = ["customers.read"])),
    responses(
        (status = 200, description = "The customer", body = CustomerProfile),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`", body = ErrorBody),
        (status = 404, description = "No such customer, or one of a site outside the caller's", body = ErrorBody),
    )
)]
async fn customer_profile(
    State(state): State<AppState>,
    caller: Authorized<permission::CustomersRead>,
    Path(account_id): Path<String>,
) -> Result<Json<CustomerProfile>, ApiError> {
    let pool = state.db.pool();
    let row = store::customer(pool, &account_id)
        .await?
        .filter(|row| {
            row.site_id
                .is_none_or(|site| caller.grant.covers_site(site))
        })
        .ok_or(ApiError::NotFound)?;
    let culture = crate::staff::screen_culture(pool, &caller).await?;
    let orders = store::orders(pool, &account_id, PROFILE_ORDERS)
        .await?
        .into_iter()
        .map(|order| {
            Ok(CustomerOrder {
                total_text: crate::staff::euro_text(order.total_amount, culture)?,
                order_number: order.order_number,
                status: order.status.0,
                site_id: order.site_id,
                total_amount: order.total_amount,
                placed_at: order.created_at,
            })
        })
        .collect::<Result<_, ApiError>>()?;
    Ok(Json(CustomerProfile {
        phone_number: row.phone_number.clone(),
        language_id: row.language_id,
        newsletter: row.newsletter.0,
        company_name: store::company_name(pool, &account_id).await?,
        orders,
        returns: returns(&state, &account_id).await?,
        subscriptions: subscriptions(&state, &account_id).await?,
        results: results(&state, &account_id).await?,
        reviews: reviews(&state, &account_id).await?,
        summary: CustomerSummary::from(row),
    }))
}

async fn returns(state: &AppState, account_id: &str) -> Result<Vec<CustomerReturn>, ApiError> {
    let rows = store::returns(state.db.pool(), account_id).await?;
    Ok(rows
        .into_iter()
        .map(|row| CustomerReturn {
            return_id: row.return_id,
            order_number: row.order_number,
            product_name: row.product_name,
            quantity: row.quantity,
            status: row.status.0,
            created_at: row.created_at.saturating_mul(1_000),
        })
        .collect())
}

async fn subscriptions(
    state: &AppState,
    account_id: &str,
) -> Result<Vec<CustomerSubscription>, ApiError> {
    let rows = store::subscriptions(state.db.pool(), account_id).await?;
    Ok(rows
        .into_iter()
        .map(|row| CustomerSubscription {
            subscription_id: row.subscription_id,
            product_name: row.product_name,
            quantity: row.quantity,
            interval_weeks: row.interval_weeks,
            status: row.status.0,
            next_delivery_date: row.next_delivery_date,
        })
        .collect())
}

async fn results(state: &AppState, account_id: &str) -> Result<Vec<CustomerResult>, ApiError> {
    let rows = store::results(state.db.pool(), account_id).await?;
    Ok(rows
        .into_iter()
        .map(|row| CustomerResult {
            order_number: row.order_number,
            sample_name: row.sample_name,
            scan_type: row.scan_type.0,
            result_date: row.result_date,
            read: row.is_read.0,
        })
        .collect())
}

async fn reviews(state: &AppState, account_id: &str) -> Result<Vec<CustomerReview>, ApiError> {
    let rows = store::reviews(state.db.pool(), account_id).await?;
    Ok(rows
        .into_iter()
        .map(|row| CustomerReview {
            review_id: row.review_id,
            product_name: row.product_name,
            rating: row.rating,
            title: row.title,
            status: row.status.0,
            created_at: row.created_at.saturating_mul(1_000),
        })
        .collect())
}
