//! The smaller checkout choices kept on a cart: names of scan samples, the alternative
//! address switch, dealer, parcel-service pick-up point, newsletter and a password for a new
//! account; and the conversion report for the mailing service.

use crate::platform::db::Flag;
use crate::platform::extract::Json as JsonResponse;
use crate::platform::extract::{Path, Query, path_number};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use engine::ids::ProductVariantId;
use engine::validation::Rule;
use serde::Deserialize;
use utoipa::IntoParams;

use super::api_types::CartWithCalculation;
use super::service::{answer, change_row, existing_cart, read_cart};
use super::store;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::validation::{Form, required_param};
use crate::{AppState, platform::clock, platform::passwords};

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

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub(super) struct SampleQuery {
    /// The scan line's variant.
    #[param(required = true, value_type = i64)]
    product_variant_id: Option<String>,
    /// Which sample, 1 to the line's count.
    #[param(required = true, value_type = i64)]
    sequence: Option<String>,
    /// The sample's name, at most 100 characters.
    #[param(required = true, value_type = String)]
    samplename: Option<String>,
}

/// The count of a scan line of the cart; 404 when the cart has no such line, 400 when the
/// line is not a laboratory scan.
async fn scan_line_count(
    state: &AppState,
    cart_id: &str,
    variant_id: ProductVariantId,
) -> Result<i64, ApiError> {
    let line = store::line_count_and_type(state.db.pool(), cart_id, variant_id).await?;
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

/// Names one sample of a scan line.
#[utoipa::path(
    post,
    path = "/api/cart/{id}/rqssamplename",
    tag = "cart",
    operation_id = "cart_set_sample_name",
    params(("id" = String, Path, description = "The cart"), SampleQuery),
    responses(
        (status = 200, description = "The cart and its calculation", body = CartWithCalculation),
        (status = 400, description = "A missing or bad field, a sequence outside the line, or a line that is no laboratory scan", body = ErrorBody),
        (status = 404, description = "No such cart or line", body = ErrorBody),
    )
)]
pub(super) async fn set_sample_name(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<SampleQuery>,
) -> Result<JsonResponse<CartWithCalculation>, ApiError> {
    existing_cart(&state, &id).await?;
    let variant_id = ProductVariantId::new(number(&query.product_variant_id, "productVariantId")?);
    let sequence = number(&query.sequence, "sequence")?;
    Form::new()
        .field(
            "samplename",
            query.samplename.as_deref(),
            vec![
                Rule::Required,
                Rule::MaxLength {
                    count: engine::cart::SAMPLE_NAME_MAX_CHARACTERS,
                },
            ],
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

/// Removes one sample of a scan line, that is one unit of the scan; the samples after it are
/// renumbered.
#[utoipa::path(
    delete,
    path = "/api/cart/{id}/products/{productVariantId}/{sequence}",
    tag = "cart",
    operation_id = "cart_remove_sample",
    params(
        ("id" = String, Path, description = "The cart"),
        ("productVariantId" = i64, Path, description = "The scan line's variant"),
        ("sequence" = i64, Path, description = "Which sample"),
    ),
    responses(
        (status = 200, description = "The cart and its calculation", body = CartWithCalculation),
        (status = 400, description = "A path number that is not a whole number, or a line that is no laboratory scan", body = ErrorBody),
        (status = 404, description = "No such cart, line or sample", body = ErrorBody),
    )
)]
pub(super) async fn remove_sample(
    State(state): State<AppState>,
    Path((id, variant_id, sequence)): Path<(String, String, String)>,
) -> Result<JsonResponse<CartWithCalculation>, ApiError> {
    existing_cart(&state, &id).await?;
    let variant_id: ProductVariantId = path_number(&variant_id, "productVariantId")?;
    let sequence: i64 = path_number(&sequence, "sequence")?;
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

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub(super) struct AlternativeQuery {
    /// `true` (or `1`) to deliver to the shipping address, `false` (or `0`) to the billing one.
    #[param(required = true, value_type = bool)]
    alternative_shipping_address: Option<String>,
}

/// Delivers to another address than the billing one, or not.
#[utoipa::path(
    put,
    path = "/api/cart/{id}/alternativeshipping",
    tag = "cart",
    operation_id = "cart_set_alternative_shipping",
    params(("id" = String, Path, description = "The cart"), AlternativeQuery),
    responses(
        (status = 200, description = "The cart and its calculation", body = CartWithCalculation),
        (status = 400, description = "`alternativeShippingAddress` missing or not true or false", body = ErrorBody),
        (status = 404, description = "No such cart, or an account's cart without its session", body = ErrorBody),
    )
)]
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
        row.alternative_shipping_address = Flag(alternative)
    })
    .await
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub(super) struct DealerQuery {
    /// The dealer.
    #[param(required = true, value_type = i64)]
    dealer_id: Option<String>,
}

/// Buys through a dealer.
#[utoipa::path(
    post,
    path = "/api/cart/{id}/setdealer",
    tag = "cart",
    operation_id = "cart_set_dealer",
    params(("id" = String, Path, description = "The cart"), DealerQuery),
    responses(
        (status = 200, description = "The cart and its calculation", body = CartWithCalculation),
        (status = 400, description = "`dealerId` missing, not a whole number or no dealer's", body = ErrorBody),
        (status = 404, description = "No such cart, or an account's cart without its session", body = ErrorBody),
    )
)]
pub(super) async fn set_dealer(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<DealerQuery>,
) -> Result<JsonResponse<CartWithCalculation>, ApiError> {
    let cart = read_cart(&state, &id).await?;
    let dealer_id = number(&query.dealer_id, "dealerId")?;
    if !store::checkout::dealer_exists(state.db.pool(), dealer_id).await? {
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

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub(super) struct PickupQuery {
    /// The pick-up point.
    #[param(required = true, value_type = String)]
    parcel_shop_id: Option<String>,
    /// The zipcode or city the customer searched with, at most 100 characters.
    #[param(required = true, value_type = String)]
    parcel_shop_zipcode_or_city: Option<String>,
}

/// Chooses a parcel-service pick-up point.
#[utoipa::path(
    post,
    path = "/api/cart/{id}/setdpdpickuppoint",
    tag = "cart",
    operation_id = "cart_set_pickup_point",
    params(("id" = String, Path, description = "The cart"), PickupQuery),
    responses(
        (status = 200, description = "The cart and its calculation", body = CartWithCalculation),
        (status = 400, description = "A missing or too long field, or an unknown pick-up point", body = ErrorBody),
        (status = 404, description = "No such cart, or an account's cart without its session", body = ErrorBody),
    )
)]
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
    if !store::checkout::parcel_shop_exists(state.db.pool(), shop_id).await? {
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

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub(super) struct PasswordQuery {
    /// The new account's password.
    #[param(required = true, value_type = String)]
    password: Option<String>,
    /// The shop's page that activates the account (a path of the shop).
    #[param(required = true, value_type = String)]
    confirm_url: Option<String>,
}

/// Chooses a password in checkout: placing the order creates the account, which then still
/// needs activation by e-mail.
#[utoipa::path(
    post,
    path = "/api/cart/{id}/setpassword",
    tag = "cart",
    operation_id = "cart_set_password",
    params(("id" = String, Path, description = "The cart"), PasswordQuery),
    responses(
        (status = 200, description = "The cart and its calculation", body = CartWithCalculation),
        (status = 400, description = "A password the rules refuse, or a missing or foreign `confirmUrl`", body = ErrorBody),
        (status = 404, description = "No such cart, or an account's cart without its session", body = ErrorBody),
        (status = 429, description = "Too many attempts; `Retry-After` says when to try again", body = ErrorBody),
    )
)]
pub(super) async fn set_password(
    State(state): State<AppState>,
    client: crate::platform::session::Client,
    Path(id): Path<String>,
    Query(query): Query<PasswordQuery>,
) -> Result<JsonResponse<CartWithCalculation>, ApiError> {
    existing_cart(&state, &id).await?;
    Form::new()
        .field(
            "password",
            query.password.as_deref(),
            crate::platform::validation::new_password_rules(),
        )
        .field(
            "confirmUrl",
            query.confirm_url.as_deref(),
            vec![Rule::Required, Rule::MaxLength { count: 500 }],
        )
        .check()?;
    crate::platform::trust::shop_path(query.confirm_url.as_deref(), "confirmUrl")?;
    crate::platform::limits::check(
        &state,
        crate::platform::limits::Limit::CheckoutPassword,
        &[&client.ip, &id],
    )
    .await?;
    let hash = passwords::hash(query.password.unwrap_or_default()).await?;
    let confirm_url = query.confirm_url.unwrap_or_default();
    store::set_checkout_password(state.db.pool(), &state.carts, &id, &hash, &confirm_url).await?;
    answer(&state, &id).await
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub(super) struct ConversionQuery {
    /// The mailing service's id of the recipient, at most 100 characters.
    #[param(required = true, value_type = String)]
    mailplus_id: Option<String>,
    /// The visitor's cart, if they have one: it keeps the id, and so does its order.
    cart_id: Option<String>,
}

/// Records a conversion for the mailing service.
#[utoipa::path(
    post,
    path = "/api/Conversion",
    tag = "cart",
    operation_id = "cart_report_conversion",
    params(
        ConversionQuery,
        ("datetime" = String, Header, description = "When the conversion happened, as the client says (at most 64 characters)"),
    ),
    responses(
        (status = 204, description = "Recorded"),
        (status = 400, description = "`mailplusId` or the `datetime` header missing or too long", body = ErrorBody),
    )
)]
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
    store::checkout::record_conversion(state.db.pool(), mailplus_id, datetime, clock::now())
        .await?;
    if let Some(cart_id) = query.cart_id.as_deref().filter(|id| !id.is_empty()) {
        keep_in_cart(&state, cart_id, mailplus_id).await?;
    }
    Ok(StatusCode::NO_CONTENT)
}

/// Keeps the mailing's id with the visitor's cart. An unknown cart (or an account's cart
/// without its session) is passed over: the conversion is recorded all the same.
async fn keep_in_cart(state: &AppState, cart_id: &str, mailplus_id: &str) -> Result<(), ApiError> {
    let cart = match read_cart(state, cart_id).await {
        Ok(cart) => cart,
        Err(ApiError::NotFound) => return Ok(()),
        Err(error) => return Err(error),
    };
    let id = mailplus_id.to_owned();
    match change_row(state, cart, &["mailplus_id"], |row| {
        row.mailplus_id = Some(id)
    })
    .await
    {
        Ok(_) | Err(ApiError::NotFound) => Ok(()),
        Err(error) => Err(error),
    }
}
