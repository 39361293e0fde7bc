//! The staff's changes to a variant: its stock (stock.edit) and its price (prices.edit). Every
//! server of the database shows a change within moments, search
//! included (`catalog_events`); stock going from 0 to more mails the waiting back-in-stock
//! requests (`stock_reminders`).

use axum::extract::State;
use engine::ids::ProductVariantId;
use engine::money::Money;
use engine::staff::Permission;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::AppState;
use crate::audit::{self, Event};
use crate::catalog::store::admin as store;
use crate::catalog::{events, stock_reminders};
use crate::platform::access::{Authorized, permission};
use crate::platform::clock;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path, path_number};

/// A change of a variant's price or stock; a field left out stays as it is.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VariantChange {
    /// Euro, 0.00 to 100000.00, e.g. `29.95` (needs prices.edit as well).
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
pub struct VariantPriceAndStock {
    product_variant_id: ProductVariantId,
    price: Money,
    /// `null`: not counted.
    stock: Option<i64>,
}

/// Changes a variant's price or stock; every server of the database shows it within
/// moments, search included.
///
/// A stock needs stock.edit, a price prices.edit. Stock going from 0 to more (or to not
/// counted) mails every waiting back-in-stock request of the variant once, in its site and
/// language.
#[utoipa::path(
    put,
    path = "/api/backoffice/variants/{productVariantId}",
    tag = "backoffice",
    operation_id = "changeVariant",
    params(("productVariantId" = i64, Path, description = "The variant")),
    request_body = VariantChange,
    security(
        ("staffSession" = ["stock.edit"]), ("staffSession" = ["prices.edit"]),
        ("integrationKey" = ["stock.edit"]), ("integrationKey" = ["prices.edit"])
    ),
    responses(
        (status = 200, description = "The variant as changed", body = VariantPriceAndStock),
        (status = 400, description = "A bad price, stock or variant id, or an unknown field", body = ErrorBody),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`: a price without prices.edit or a stock without stock.edit; or `errors.crossSiteRequest`", body = ErrorBody),
        (status = 404, description = "No such variant", body = ErrorBody),
    )
)]
pub async fn change_variant(
    State(state): State<AppState>,
    caller: Authorized<permission::StockOrPrices>,
    Path(variant_id): Path<String>,
    Json(change): Json<VariantChange>,
) -> Result<Json<VariantPriceAndStock>, ApiError> {
    let variant_id: ProductVariantId = path_number(&variant_id, "productVariantId")?;
    if change.price.is_some() {
        caller.also(Permission::PricesEdit)?;
    }
    if change.stock.is_some() {
        caller.also(Permission::StockEdit)?;
    }
    let price = change.price.as_deref().map(parse_price).transpose()?;
    if change.stock.flatten().is_some_and(|stock| stock < 0) {
        return Err(ApiError::field(
            "stock",
            "validation.invalid",
            "stock is 0 or more, or null",
        ));
    }
    // Read in the change's transaction, so the trail's "before" is what the change replaced.
    let mut transaction = state.db.begin_change().await?;
    let current = store::price_and_stock(&mut transaction, variant_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let changed = VariantPriceAndStock {
        product_variant_id: current.product_variant_id,
        price: price.unwrap_or(current.price),
        stock: change.stock.unwrap_or(current.stock),
    };
    store::set_price_and_stock(&mut transaction, variant_id, changed.price, changed.stock).await?;
    if changed.price != current.price {
        let today = clock::today_date()?;
        store::record_price(&mut transaction, variant_id, today, changed.price).await?;
    }
    let event = Event::new("variant.changed", "variant", variant_id)
        .field("price", Some(current.price), Some(changed.price))
        .field("stock", current.stock, changed.stock);
    audit::record(&mut transaction, &caller, event).await?;
    transaction.commit().await?;
    events::changed(&state).await?;
    // From 0 to more (or to not counted): the shoppers waiting for it get their mail, once.
    if current.stock == Some(0) && changed.stock != Some(0) {
        stock_reminders::notify(&state, variant_id).await?;
    }
    Ok(Json(changed))
}

/// A price in euro from 0.00 to 100000.00, as the catalog stores it (two decimals).
pub(super) fn parse_price(text: &str) -> Result<Money, ApiError> {
    let invalid = || {
        ApiError::field(
            "price",
            "validation.invalid",
            "price is an amount in euro such as 29.95",
        )
    };
    let price: Money = text.trim().parse().map_err(|_| invalid())?;
    let ceiling: Money = "100000.00".parse().map_err(|_| invalid())?;
    if price.is_negative() || price > ceiling {
        return Err(invalid());
    }
    Ok(price)
}
