//! The smaller checkout choices kept on a cart: names of scan samples, the alternative
//! address switch, dealer, parcel-service pick-up point, newsletter and a password for a new
//! account; and the conversion report for the mailing service.

use axum::Json as JsonResponse;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use engine::validation::Rule;
use serde::Deserialize;

use super::{CartWithCalculation, answer, change_row, existing_cart, read_cart, store};
use crate::error::ApiError;
use crate::validation::{Form, required_param};
use crate::{AppState, clock, passwords};

fn number(value: &Option<String>, field: &str) -> Result<i64, ApiError> {
    required_param(value, field)?.parse().map_err(|_| {
        ApiError::field(
            field,
            "validation.invalid",
            format!("{field} must be a whole number"),
        )
    })
}

fn boolean(value: &Option<String>, field: &str) -> Result<bool, ApiError> {
    match required_param(value, field)? {
        "true" | "1" => Ok(true),
        "false" | "0" => Ok(false),
        _ => Err(ApiError::field(
            field,
            "validation.invalid",
            format!("{field} is true or false"),
        )),
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct SampleQuery {
    product_variant_id: Option<String>,
    sequence: Option<String>,
    samplename: Option<String>,
}

/// The count of a scan line of the cart; 404 when the cart has no such line, 400 when the
/// line is not a laboratory scan.
async fn scan_line_count(
    state: &AppState,
    cart_id: &str,
    variant_id: i64,
) -> Result<i64, ApiError> {
    let line: Option<(i64, i64)> = sqlx::query_as(
        "SELECT cl.count, p.product_type FROM cart_lines cl JOIN products p ON p.product_id = cl.product_id \
         WHERE cl.cart_id = $1 AND cl.product_variant_id = $2",
    )
    .bind(cart_id)
    .bind(variant_id)
    .fetch_optional(state.db.pool())
    .await?;
    let (count, product_type) = line.ok_or(ApiError::NotFound)?;
    let is_scan =
        engine::cart::ProductType::from_number(u64::try_from(product_type).unwrap_or_default())
            .is_some_and(engine::cart::ProductType::is_scan_product);
    if !is_scan {
        return Err(ApiError::field(
            "productVariantId",
            "validation.invalid",
            "Only laboratory scans have samples",
        ));
    }
    Ok(count)
}

/// `POST /api/cart/{id}/rqssamplename`: names one sample of a scan line.
pub(super) async fn set_sample_name(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<SampleQuery>,
) -> Result<JsonResponse<CartWithCalculation>, ApiError> {
    existing_cart(&state, &id).await?;
    let variant_id = number(&query.product_variant_id, "productVariantId")?;
    let sequence = number(&query.sequence, "sequence")?;
    Form::new()
        .field(
            "samplename",
            query.samplename.as_deref(),
            vec![Rule::Required, Rule::MaxLength { count: 100 }],
        )
        .check()?;
    let count = scan_line_count(&state, &id, variant_id).await?;
    if !(1..=count).contains(&sequence) {
        return Err(ApiError::field(
            "sequence",
            "validation.invalid",
            format!("sequence is 1 to {count}"),
        ));
    }
    store::set_sample(
        state.db.pool(),
        &state.carts,
        &id,
        variant_id,
        sequence,
        required_param(&query.samplename, "samplename")?,
    )
    .await?;
    answer(&state, &id).await
}

/// `DELETE /api/cart/{id}/products/{productVariantId}/{sequence}`: removes one sample, that is
/// one unit of the scan, and renumbers the samples after it.
pub(super) async fn remove_sample(
    State(state): State<AppState>,
    Path((id, variant_id, sequence)): Path<(String, i64, i64)>,
) -> Result<JsonResponse<CartWithCalculation>, ApiError> {
    existing_cart(&state, &id).await?;
    let count = scan_line_count(&state, &id, variant_id).await?;
    if !(1..=count).contains(&sequence) {
        return Err(ApiError::NotFound);
    }
    store::remove_sample(
        state.db.pool(),
        &state.carts,
        &id,
        variant_id,
        sequence,
        count,
    )
    .await?;
    answer(&state, &id).await
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct AlternativeQuery {
    alternative_shipping_address: Option<String>,
}

/// `PUT /api/cart/{id}/alternativeshipping`: deliver to another address than the billing one.
pub(super) async fn set_alternative_shipping(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<AlternativeQuery>,
) -> Result<JsonResponse<CartWithCalculation>, ApiError> {
    let cart = read_cart(&state, &id).await?;
    let alternative = boolean(
        &query.alternative_shipping_address,
        "alternativeShippingAddress",
    )?;
    change_row(&state, cart, &["alternative_shipping_address"], |row| {
        row.alternative_shipping_address = i64::from(alternative)
    })
    .await
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct DealerQuery {
    dealer_id: Option<String>,
}

/// `POST /api/cart/{id}/setdealer`: the dealer the customer buys through.
pub(super) async fn set_dealer(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<DealerQuery>,
) -> Result<JsonResponse<CartWithCalculation>, ApiError> {
    let cart = read_cart(&state, &id).await?;
    let dealer_id = number(&query.dealer_id, "dealerId")?;
    let exists: Option<(i64,)> =
        sqlx::query_as("SELECT dealer_id FROM dealers WHERE dealer_id = $1")
            .bind(dealer_id)
            .fetch_optional(state.db.pool())
            .await?;
    if exists.is_none() {
        return Err(ApiError::field(
            "dealerId",
            "validation.invalid",
            "No dealer has this id",
        ));
    }
    change_row(&state, cart, &["dealer_id"], |row| {
        row.dealer_id = Some(dealer_id)
    })
    .await
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct PickupQuery {
    parcel_shop_id: Option<String>,
    parcel_shop_zipcode_or_city: Option<String>,
}

/// `POST /api/cart/{id}/setdpdpickuppoint`: the parcel-service pick-up point.
pub(super) async fn set_pickup_point(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<PickupQuery>,
) -> Result<JsonResponse<CartWithCalculation>, ApiError> {
    let cart = read_cart(&state, &id).await?;
    Form::new()
        .field(
            "parcelShopId",
            query.parcel_shop_id.as_deref(),
            vec![Rule::Required],
        )
        .field(
            "parcelShopZipcodeOrCity",
            query.parcel_shop_zipcode_or_city.as_deref(),
            vec![Rule::Required, Rule::MaxLength { count: 100 }],
        )
        .check()?;
    let shop_id = required_param(&query.parcel_shop_id, "parcelShopId")?;
    let exists: Option<(String,)> =
        sqlx::query_as("SELECT parcel_shop_id FROM parcel_shops WHERE parcel_shop_id = $1")
            .bind(shop_id)
            .fetch_optional(state.db.pool())
            .await?;
    if exists.is_none() {
        return Err(ApiError::field(
            "parcelShopId",
            "validation.invalid",
            "No pick-up point has this id",
        ));
    }
    let place = required_param(
        &query.parcel_shop_zipcode_or_city,
        "parcelShopZipcodeOrCity",
    )?
    .to_owned();
    change_row(
        &state,
        cart,
        &["dpd_parcel_shop_id", "dpd_parcel_shop_zipcode_or_city"],
        |row| {
            row.dpd_parcel_shop_id = Some(shop_id.to_owned());
            row.dpd_parcel_shop_zipcode_or_city = Some(place);
        },
    )
    .await
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct PasswordQuery {
    password: Option<String>,
    confirm_url: Option<String>,
}

/// `POST /api/cart/{id}/setpassword`: a password chosen in checkout; placing the order
/// creates the account, which then still needs activation by e-mail.
pub(super) async fn set_password(
    State(state): State<AppState>,
    client: crate::session::Client,
    Path(id): Path<String>,
    Query(query): Query<PasswordQuery>,
) -> Result<JsonResponse<CartWithCalculation>, ApiError> {
    existing_cart(&state, &id).await?;
    Form::new()
        .field(
            "password",
            query.password.as_deref(),
            crate::validation::new_password_rules(),
        )
        .field(
            "confirmUrl",
            query.confirm_url.as_deref(),
            vec![Rule::Required, Rule::MaxLength { count: 500 }],
        )
        .check()?;
    crate::trust::shop_path(query.confirm_url.as_deref(), "confirmUrl")?;
    crate::limits::check(
        &state,
        crate::limits::Limit::CheckoutPassword,
        &[&client.ip, &id],
    )
    .await?;
    let hash = passwords::hash(query.password.unwrap_or_default()).await?;
    let pool = state.db.pool();
    store::set_column(pool, &state.carts, &id, "password_hash", hash).await?;
    store::set_column(
        pool,
        &state.carts,
        &id,
        "confirm_url",
        query.confirm_url.unwrap_or_default(),
    )
    .await?;
    answer(&state, &id).await
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct ConversionQuery {
    mailplus_id: Option<String>,
}

/// `POST /api/Conversion`: records a conversion for the mailing service (header `datetime`).
pub(super) async fn report_conversion(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(query): Query<ConversionQuery>,
) -> Result<StatusCode, ApiError> {
    let mailplus_id = required_param(&query.mailplus_id, "mailplusId")?;
    Form::new()
        .field(
            "mailplusId",
            Some(mailplus_id),
            vec![Rule::MaxLength { count: 100 }],
        )
        .check()?;
    let datetime = headers
        .get("datetime")
        .and_then(|value| value.to_str().ok())
        .map(str::trim)
        .filter(|value| !value.is_empty() && value.len() <= 64)
        .ok_or_else(|| ApiError::required("datetime"))?;
    sqlx::query(
        "INSERT INTO conversions (mailplus_id, reported_datetime, received_at) VALUES ($1, $2, $3)",
    )
    .bind(mailplus_id)
    .bind(datetime)
    .bind(clock::now())
    .execute(state.db.pool())
    .await?;
    Ok(StatusCode::NO_CONTENT)
}
