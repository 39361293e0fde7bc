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
//!   shows it within moments, search included (`catalog_events`).

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{post, put};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::AppState;
use crate::error::ApiError;
use crate::orders::OrderView;

/// The routes of this area.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/api/backoffice/orders/{order_number}/status",
            put(change_order_status),
        )
        .route("/api/backoffice/carts/{id}/handoverkey", post(handover_key))
        .route("/api/backoffice/variants/{variant_id}", put(change_variant))
}

/// A change of a variant's price (euro, two decimals) or stock (`null`: not counted).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct VariantChange {
    #[serde(default)]
    price: Option<String>,
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
#[derive(Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
struct VariantPriceAndStock {
    product_variant_id: i64,
    price: String,
    stock: Option<i64>,
}

async fn change_variant(
    State(state): State<AppState>,
    Path(variant_id): Path<String>,
    headers: HeaderMap,
    crate::extract::Json(change): crate::extract::Json<VariantChange>,
) -> Result<Json<VariantPriceAndStock>, ApiError> {
    require_api_key(
        &headers,
        state
            .backoffice_api_key
            .as_ref()
            .map(crate::config::Secret::expose),
    )?;
    let variant_id = crate::catalog::path_id(&variant_id, "productVariantId")?;
    let price = change.price.as_deref().map(parse_price).transpose()?;
    if change.stock.flatten().is_some_and(|stock| stock < 0) {
        return Err(ApiError::field(
            "stock",
            "validation.invalid",
            "stock is 0 or more, or null",
        ));
    }
    let pool = state.db.pool();
    let current: VariantPriceAndStock = sqlx::query_as(
        "SELECT product_variant_id, price, stock FROM variants WHERE product_variant_id = $1",
    )
    .bind(variant_id)
    .fetch_optional(pool)
    .await?
    .ok_or(ApiError::NotFound)?;
    let changed = VariantPriceAndStock {
        price: price.unwrap_or(current.price),
        stock: change.stock.unwrap_or(current.stock),
        ..current
    };
    sqlx::query("UPDATE variants SET price = $1, stock = $2 WHERE product_variant_id = $3")
        .bind(&changed.price)
        .bind(changed.stock)
        .bind(variant_id)
        .execute(state.db.durable_pool())
        .await?;
    crate::catalog_events::changed(&state).await?;
    Ok(Json(changed))
}

/// A price in euro from 0.00 to 100000.00, as the catalog stores it (two decimals).
fn parse_price(text: &str) -> Result<String, ApiError> {
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
    Ok(price.to_string())
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

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct StatusQuery {
    status: Option<String>,
    track_and_trace: Option<String>,
}

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
            .map(crate::config::Secret::expose),
    )?;
    let status = crate::validation::required_param(&query.status, "status")?;
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

/// A handover key and when it expires (milliseconds since the Unix epoch).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct HandoverKey {
    key: String,
    expires_at: i64,
}

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
            .map(crate::config::Secret::expose),
    )?;
    let (key, expires_at) = crate::cart::issue_handover_key(state.db.pool(), &cart_id).await?;
    Ok((StatusCode::CREATED, Json(HandoverKey { key, expires_at })))
}
