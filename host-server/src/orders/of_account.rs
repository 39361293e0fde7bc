//! The account area's orders (`/api/account/orders`): a list that loads more
//! page by page, newest first, and one order with its lines, samples, amounts, addresses and
//! status history. Only the signed-in customer's own orders are found; any other order number
//! is a 404.

use axum::extract::State;
use engine::cart::Discount;
use engine::ids::PaymentMethodId;
use engine::money::Money;
use engine::order::OrderStatus;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use sqlx::AnyPool;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::blocks::{OrderBilling, OrderCompany, OrderShipping};
use crate::AppState;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path, Query};
use crate::platform::session::SignedIn;

/// The routes of this area.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(detail))
}

/// `?page=&pageSize=` of a list: page from 1, page size 1 to 100 (default 1 and 10), checked
/// by the engine's paging rule.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct PageQuery {
    /// The page, from 1 (default 1).
    #[param(value_type = Option<u32>, minimum = 1)]
    #[serde(default)]
    page: Option<String>,
    /// Items per page, 1 to 100 (default 10).
    #[param(value_type = Option<u32>, minimum = 1, maximum = 100)]
    #[serde(default)]
    page_size: Option<String>,
}

/// The default number of items per page in the account lists.
pub const ACCOUNT_PAGE_SIZE: i64 = 10;

impl PageQuery {
    /// The paging asked for, or a 400 naming `page` or `pageSize`.
    pub fn paging(&self) -> Result<engine::url::Paging, ApiError> {
        let number = |value: &Option<String>, field: &str| -> Result<Option<i64>, ApiError> {
            match value
                .as_deref()
                .map(str::trim)
                .filter(|text| !text.is_empty())
            {
                None => Ok(None),
                Some(text) => text.parse().map(Some).map_err(|_| {
                    ApiError::field(
                        field,
                        "validation.invalid",
                        format!("{field} must be a whole number"),
                    )
                }),
            }
        };
        let page = number(&self.page, "page")?;
        let page_size = number(&self.page_size, "pageSize")?.or(Some(ACCOUNT_PAGE_SIZE));
        engine::url::Paging::from_request(page, page_size).map_err(|error| {
            let field = if error.to_string().contains("page size") {
                "pageSize"
            } else {
                "page"
            };
            ApiError::field(field, "validation.invalid", error.to_string())
        })
    }
}

/// One page of a list, with what "load more" needs.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Page<T> {
    pub items: Vec<T>,
    pub page: u32,
    pub page_size: u32,
    /// The number of items on all pages.
    pub total: i64,
    /// True when a later page has items.
    pub has_more: bool,
}

impl<T> Page<T> {
    /// A page of `items` out of `total`.
    pub fn new(items: Vec<T>, paging: engine::url::Paging, total: i64) -> Page<T> {
        let shown = paging.offset() as i64 + items.len() as i64;
        Page {
            items,
            page: paging.page,
            page_size: paging.page_size,
            total,
            has_more: shown < total,
        }
    }
}

/// An order in the list.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = AccountOrderSummary)]
#[serde(rename_all = "camelCase")]
pub struct OrderSummary {
    pub order_number: String,
    #[serde(skip)]
    pub created_at: i64,
    /// ISO 8601, UTC.
    #[schema(format = DateTime)]
    pub order_date: String,
    pub status: OrderStatus,
    pub total_amount: Money,
    pub amount_to_pay: Money,
    pub payment_method_id: Option<PaymentMethodId>,
    pub site_id: i64,
    pub track_and_trace: Option<String>,
}

/// An ISO 8601 UTC date-time of milliseconds since the epoch.
pub fn iso_millis(millis: i64) -> String {
    crate::platform::time::format_utc(millis.div_euclid(1000))
}

/// The signed-in customer's orders, newest first, a page at a time ("load more").
#[utoipa::path(
    get,
    path = "/api/account/orders",
    tag = "account",
    operation_id = "listAccountOrders",
    params(PageQuery),
    responses(
        (status = 200, description = "A page of orders", body = Page<OrderSummary>),
        (status = 400, description = "`page` or `pageSize` out of range", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn list(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Query(query): Query<PageQuery>,
) -> Result<Json<Page<OrderSummary>>, ApiError> {
    let paging = query.paging()?;
    let pool = state.db.pool();
    let total = super::store::of_account::count_of_account(pool, &signed_in.account_id).await?;
    let mut items: Vec<OrderSummary> = super::store::of_account::page_of_account(
        pool,
        &signed_in.account_id,
        i64::from(paging.page_size),
        paging.offset() as i64,
    )
    .await?
    .into_iter()
    .map(|row| OrderSummary {
        order_number: row.order_number,
        created_at: row.created_at,
        order_date: String::new(),
        status: row.status,
        total_amount: row.total_amount,
        amount_to_pay: row.amount_to_pay,
        payment_method_id: row.payment_method_id,
        site_id: row.site_id,
        track_and_trace: row.track_and_trace,
    })
    .collect();
    for item in &mut items {
        item.order_date = iso_millis(item.created_at);
    }
    Ok(Json(Page::new(items, paging, total)))
}

/// One status the order had.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = OrderStatusChange)]
#[serde(rename_all = "camelCase")]
pub struct StatusChange {
    pub status: OrderStatus,
    /// ISO 8601, UTC.
    #[schema(format = DateTime)]
    pub changed_at: String,
}

/// The whole order.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = AccountOrderDetail)]
#[serde(rename_all = "camelCase")]
pub struct OrderDetail {
    pub order_number: String,
    /// ISO 8601, UTC.
    #[schema(format = DateTime)]
    pub order_date: String,
    pub status: OrderStatus,
    pub site_id: i64,
    pub language_id: i64,
    pub email_address: String,
    /// The billing block as the order recorded it.
    pub billing: OrderBilling,
    /// The delivery block as the order recorded it.
    pub shipping: Option<OrderShipping>,
    /// For a business customer.
    pub company: Option<OrderCompany>,
    pub alternative_shipping_address: bool,
    pub shipping_method: engine::shipping::ShippingMethod,
    pub dpd_parcel_shop_id: Option<String>,
    pub scan_products_only: bool,
    pub payment_method_id: Option<PaymentMethodId>,
    pub issuer: Option<String>,
    pub discount_code: Option<String>,
    pub lines: Vec<super::OrderLineView>,
    pub order_discounts: Vec<Discount>,
    pub shipping_discounts: Vec<Discount>,
    pub sub_total_amount: Money,
    pub original_shipping_costs: Money,
    pub shipping_costs: Money,
    pub payment_costs: Money,
    pub total_amount: Money,
    pub vat_amount_low: Money,
    pub vat_amount_high: Money,
    pub total_amount_excl_vat: Money,
    pub gift_card_amount: Money,
    pub amount_to_pay: Money,
    pub track_and_trace: Option<String>,
    pub status_history: Vec<StatusChange>,
}

/// A block the order recorded; one that no longer reads is shown empty rather than failing the
/// whole order.
fn stored_block<T: DeserializeOwned + Default>(text: &str) -> T {
    serde_json::from_str(text).unwrap_or_else(|error| {
        tracing::warn!(%error, "a stored order block is unreadable");
        T::default()
    })
}

/// The discounts an order recorded.
fn discounts(text: &str) -> Result<Vec<Discount>, ApiError> {
    serde_json::from_str(text)
        .map_err(|error| ApiError::Internal(format!("the discounts of an order: {error}")))
}

/// The order with this number if it is the account's.
pub async fn order_of_account(
    pool: &AnyPool,
    account_id: &str,
    order_number: &str,
) -> Result<Option<OrderDetail>, ApiError> {
    let Some(row) = super::by_order_number_of_account(pool, account_id, order_number).await? else {
        return Ok(None);
    };
    Ok(Some(order_detail(pool, row).await?))
}

/// The whole order of a row, with its lines and status history.
pub async fn order_detail(pool: &AnyPool, row: super::OrderRow) -> Result<OrderDetail, ApiError> {
    let lines = super::line_views(pool, row.order_id).await?;
    let history = super::status_history(pool, row.order_id).await?;
    let status = row.status()?;
    Ok(OrderDetail {
        order_number: row.order_number,
        order_date: iso_millis(row.created_at),
        status,
        site_id: row.site_id,
        language_id: row.language_id,
        email_address: row.email_address,
        billing: stored_block(&row.billing_json),
        shipping: row.shipping_json.as_deref().map(stored_block),
        company: row.company_json.as_deref().map(stored_block),
        alternative_shipping_address: row.alternative_shipping_address.into(),
        shipping_method: row.shipping_method,
        dpd_parcel_shop_id: row.dpd_parcel_shop_id,
        scan_products_only: row.scan_products_only.into(),
        payment_method_id: row.payment_method_id,
        issuer: row.issuer,
        discount_code: row.discount_code,
        lines,
        order_discounts: discounts(&row.order_discounts_json)?,
        shipping_discounts: discounts(&row.shipping_discounts_json)?,
        sub_total_amount: row.sub_total_amount,
        original_shipping_costs: row.original_shipping_costs,
        shipping_costs: row.shipping_costs,
        payment_costs: row.payment_costs,
        total_amount: row.total_amount,
        vat_amount_low: row.vat_amount_low,
        vat_amount_high: row.vat_amount_high,
        total_amount_excl_vat: row.total_amount_excl_vat,
        gift_card_amount: row.gift_card_amount,
        amount_to_pay: row.amount_to_pay,
        track_and_trace: row.track_and_trace,
        status_history: history
            .into_iter()
            .map(|(status, changed_at)| {
                Ok(StatusChange {
                    status: status.parse().map_err(|_| {
                        ApiError::Internal(format!("a status history holds '{status}'"))
                    })?,
                    changed_at: iso_millis(changed_at),
                })
            })
            .collect::<Result<_, ApiError>>()?,
    })
}

/// One of the customer's orders: lines, samples, amounts, addresses and status history.
#[utoipa::path(
    get,
    path = "/api/account/orders/{orderNumber}",
    tag = "account",
    operation_id = "getAccountOrder",
    params(("orderNumber" = String, Path, description = "The order number, e.g. HS-2026-000102")),
    responses(
        (status = 200, description = "The order", body = OrderDetail),
        (status = 400, description = "The order number is not valid text", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No order of this customer has this number", body = ErrorBody),
    )
)]
async fn detail(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(order_number): Path<String>,
) -> Result<Json<OrderDetail>, ApiError> {
    order_of_account(state.db.pool(), &signed_in.account_id, &order_number)
        .await?
        .map(Json)
        .ok_or(ApiError::NotFound)
}
