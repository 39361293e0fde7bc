//! The shop owner's API, for the warehouse and customer service, behind the `x-api-key`
//! header (`BACKOFFICE_API_KEY`; without one configured every call is refused):
//!
//! - `PUT /api/backoffice/orders/{orderNumber}/status?status=&trackAndTrace=` moves an order on
//!   (processing, sent with its track-and-trace code, closed) or cancels it, only as the
//!   engine's order statuses allow; cancelling gives its stock, gift-card amount and
//!   discount-code use back.
//! - `POST /api/backoffice/carts/{id}/handoverkey` makes the key of a link that hands a cart
//!   to a customer (`POST /api/cart/impersonate?key=`).
//! - `PUT /api/backoffice/variants/{productVariantId}` with `{"price": "29.95", "stock": 40}`
//!   (either may be left out) changes a variant's price or stock; every server of the database
//!   shows it within moments, search included (`catalog_events`). Stock going from 0 to more
//!   sends the waiting back-in-stock requests their mail (`stock_reminders`).

mod store;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use engine::ids::ProductVariantId;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::orders::OrderView;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path, Query, path_number};

/// The routes of this area.
///
/// The type is opaque so that `app::api`'s `.into()` is no conversion to the same type,
/// which clippy refuses.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(change_order_status))
        .routes(routes!(handover_key))
        .routes(routes!(change_variant))
}

/// The `x-api-key` header every call of the back office needs.
#[derive(IntoParams)]
#[into_params(parameter_in = Header)]
#[allow(dead_code)] // Describes the header for the API document; `require_api_key` reads it.
struct ApiKeyHeader {
    /// The back office's key (`BACKOFFICE_API_KEY`).
    #[param(rename = "x-api-key")]
    x_api_key: String,
}

/// A change of a variant's price or stock; a field left out stays as it is.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct VariantChange {
    /// Euro, 0.00 to 100000.00, e.g. `29.95`.
    #[serde(default)]
    price: Option<String>,
    /// The stock, 0 or more; `null`: not counted.
    #[schema(value_type = Option<i64>, minimum = 0)]
    #[serde(default, deserialize_with = "present")]
    stock: Option<Option<i64>>,
}

/// Tells a field given as `null` (`Some(None)`) from a field left out (`None`).
fn present<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Option<i64>>, D::Error> {
    Option::<i64>::deserialize(deserializer).map(Some)
}

/// The variant as changed.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct VariantPriceAndStock {
    product_variant_id: ProductVariantId,
    price: engine::money::Money,
    /// `null`: not counted.
    stock: Option<i64>,
}

/// Changes a variant's price or stock; every server of the database shows it within
/// moments, search included.
///
/// Stock going from 0 to more (or to not counted) mails every waiting back-in-stock request of
/// the variant once, in its site and language.
#[utoipa::path(
    put,
    path = "/api/backoffice/variants/{productVariantId}",
    tag = "backoffice",
    operation_id = "changeVariant",
    params(("productVariantId" = i64, Path, description = "The variant"), ApiKeyHeader),
    request_body = VariantChange,
    responses(
        (status = 200, description = "The variant as changed", body = VariantPriceAndStock),
        (status = 400, description = "A bad price, stock or variant id, or an unknown field", body = ErrorBody),
        (status = 401, description = "`errors.apiKey`: no or a wrong `x-api-key`", body = ErrorBody),
        (status = 403, description = "A call carrying a session cookie from another site: no JSON body or `siteid` header, or a foreign `Origin`", body = ErrorBody),
        (status = 404, description = "No such variant", body = ErrorBody),
    )
)]
async fn change_variant(
    State(state): State<AppState>,
    Path(variant_id): Path<String>,
    headers: HeaderMap,
    crate::platform::extract::Json(change): crate::platform::extract::Json<VariantChange>,
) -> Result<Json<VariantPriceAndStock>, ApiError> {
    require_api_key(
        &headers,
        state
            .backoffice_api_key
            .as_ref()
            .map(crate::platform::config::Secret::expose),
    )?;
    let variant_id: ProductVariantId = path_number(&variant_id, "productVariantId")?;
    let price = change.price.as_deref().map(parse_price).transpose()?;
    if change.stock.flatten().is_some_and(|stock| stock < 0) {
        return Err(ApiError::field(
            "stock",
            "validation.invalid",
            "stock is 0 or more, or null",
        ));
    }
    let pool = state.db.pool();
    let current = store::price_and_stock(pool, variant_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let current = VariantPriceAndStock {
        product_variant_id: current.product_variant_id,
        price: current.price,
        stock: current.stock,
    };
    let changed = VariantPriceAndStock {
        price: price.unwrap_or(current.price),
        stock: change.stock.unwrap_or(current.stock),
        ..current
    };
    store::set_price_and_stock(
        state.db.durable_pool(),
        variant_id,
        changed.price,
        changed.stock,
    )
    .await?;
    crate::catalog::events::changed(&state).await?;
    // From 0 to more (or to not counted): the shoppers waiting for it get their mail, once.
    if current.stock == Some(0) && changed.stock != Some(0) {
        crate::catalog::stock_reminders::notify(&state, variant_id).await?;
    }
    Ok(Json(changed))
}

/// A price in euro from 0.00 to 100000.00, as the catalog stores it (two decimals).
fn parse_price(text: &str) -> Result<engine::money::Money, ApiError> {
    let invalid = || {
        ApiError::field(
            "price",
            "validation.invalid",
            "price is an amount in euro such as 29.95",
        )
    };
    let price: engine::money::Money = text.trim().parse().map_err(|_| invalid())?;
    let ceiling: engine::money::Money = "100000.00".parse().map_err(|_| invalid())?;
    if price.is_negative() || price > ceiling {
        return Err(invalid());
    }
    Ok(price)
}

/// Refuses the call unless its `x-api-key` header is the configured key.
pub fn require_api_key(headers: &HeaderMap, configured: Option<&str>) -> Result<(), ApiError> {
    let given = headers
        .get("x-api-key")
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default();
    // Comparing hashes keeps the time taken independent of how much of the key matches.
    let matches = configured
        .is_some_and(|key| Sha256::digest(key.as_bytes()) == Sha256::digest(given.as_bytes()));
    if matches {
        Ok(())
    } else {
        Err(ApiError::refused(
            StatusCode::UNAUTHORIZED,
            "errors.apiKey",
            "A valid x-api-key header is required",
        ))
    }
}

/// `?status=&trackAndTrace=`.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct StatusQuery {
    /// The new status: `processing`, `sent`, `closed` or `cancelled` (also `open` and `paid`
    /// where the engine allows).
    #[param(required = true, value_type = engine::order::OrderStatus)]
    status: Option<String>,
    /// The parcel's track-and-trace code, at most 50 characters.
    #[param(max_length = 50)]
    track_and_trace: Option<String>,
}

/// Moves an order to another status (shop owner).
///
/// Only as the engine's order statuses allow: created -> open | paid | cancelled, open ->
/// paid | cancelled, paid -> processing | cancelled, processing -> sent | cancelled, sent ->
/// closed. Cancelling gives the order's stock, gift-card amount and discount-code use back.
#[utoipa::path(
    put,
    path = "/api/backoffice/orders/{orderNumber}/status",
    tag = "backoffice",
    operation_id = "changeOrderStatus",
    params(("orderNumber" = String, Path, description = "The order number"), StatusQuery, ApiKeyHeader),
    responses(
        (status = 200, description = "The order", body = OrderView),
        (status = 400, description = "No or an unknown status, or a track-and-trace code too long", body = ErrorBody),
        (status = 401, description = "`errors.apiKey`: no or a wrong `x-api-key`", body = ErrorBody),
        (status = 403, description = "A call carrying a session cookie from another site: no JSON body or `siteid` header, or a foreign `Origin`", body = ErrorBody),
        (status = 404, description = "No order has this number", body = ErrorBody),
        (status = 409, description = "`errors.statusTransition`: the move is not allowed", body = ErrorBody),
    )
)]
async fn change_order_status(
    State(state): State<AppState>,
    Path(order_number): Path<String>,
    headers: HeaderMap,
    Query(query): Query<StatusQuery>,
) -> Result<Json<OrderView>, ApiError> {
    require_api_key(
        &headers,
        state
            .backoffice_api_key
            .as_ref()
            .map(crate::platform::config::Secret::expose),
    )?;
    let status = crate::platform::validation::required_param(&query.status, "status")?;
    let status = status.parse().map_err(|_| {
        ApiError::field(
            "status",
            "validation.invalid",
            "status is processing, sent, closed or cancelled",
        )
    })?;
    let track_and_trace = query
        .track_and_trace
        .as_deref()
        .map(str::trim)
        .filter(|code| !code.is_empty());
    if track_and_trace.is_some_and(|code| code.len() > 50) {
        return Err(ApiError::field(
            "trackAndTrace",
            "validation.invalid",
            "trackAndTrace has at most 50 characters",
        ));
    }
    Ok(Json(
        crate::orders::change_status(&state, &order_number, status, track_and_trace).await?,
    ))
}

/// A handover key and when it expires.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct HandoverKey {
    /// The key for `POST /api/cart/impersonate?key=`.
    key: String,
    /// Milliseconds since the Unix epoch.
    expires_at: i64,
    /// The link to send the customer: the storefront's handover page on the cart's site, with
    /// the key.
    link: String,
}

/// Makes a one-time key that hands a cart to a customer (valid 24 hours).
#[utoipa::path(
    post,
    path = "/api/backoffice/carts/{id}/handoverkey",
    tag = "backoffice",
    operation_id = "makeHandoverKey",
    params(("id" = String, Path, description = "The cart id"), ApiKeyHeader),
    responses(
        (status = 201, description = "The key", body = HandoverKey),
        (status = 400, description = "The cart id is not valid text", body = ErrorBody),
        (status = 401, description = "`errors.apiKey`: no or a wrong `x-api-key`", body = ErrorBody),
        (status = 403, description = "A call carrying a session cookie from another site: no JSON body or `siteid` header, or a foreign `Origin`", body = ErrorBody),
        (status = 404, description = "No such cart", body = ErrorBody),
    )
)]
async fn handover_key(
    State(state): State<AppState>,
    Path(cart_id): Path<String>,
    headers: HeaderMap,
) -> Result<(StatusCode, Json<HandoverKey>), ApiError> {
    require_api_key(
        &headers,
        state
            .backoffice_api_key
            .as_ref()
            .map(crate::platform::config::Secret::expose),
    )?;
    let issued = crate::cart::issue_handover_key(state.db.pool(), &cart_id).await?;
    let page =
        crate::platform::mail::site_link(&state, Some(issued.site_id), crate::cart::HANDOVER_PATH)
            .await?;
    let mut link = url::Url::parse(&page)
        .map_err(|error| ApiError::Internal(format!("handover link: {error}")))?;
    link.query_pairs_mut().append_pair("key", &issued.key);
    Ok((
        StatusCode::CREATED,
        Json(HandoverKey {
            key: issued.key,
            expires_at: issued.expires_at,
            link: link.to_string(),
        }),
    ))
}
