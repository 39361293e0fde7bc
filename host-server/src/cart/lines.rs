//! The cart itself and its lines: creating and reading a cart, adding, changing and removing
//! lines, and the calculations (of a stored cart, or of one given in the body).

use axum::extract::State;
use axum::http::StatusCode;
use engine::cart::{CalculatedCart, ShippingMethodOption};
use engine::ids::ProductVariantId;

use super::api_types::{AddQuery, CartWithCalculation, GivenCart, QuantityQuery};
use super::pricing::{self, CartChoices};
use super::rows::LineRow;
use super::service::{
    answer, calculate, change_count, existing_cart, load, product_of_variant, read_cart,
};
use super::store;
use crate::AppState;
use crate::openapi::SiteHeaders;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::Json as JsonResponse;
use crate::platform::extract::{Json, Path, Query, path_number};
use crate::platform::request_context::RequestContext;
use crate::platform::session::Client;

/// Creates a cart for the site and language of the headers.
#[utoipa::path(
    post,
    path = "/api/cart",
    tag = "cart",
    operation_id = "cart_create",
    params(SiteHeaders),
    responses(
        (status = 201, description = "The new cart and its calculation", body = CartWithCalculation),
        (status = 400, description = "No site or language, or the site has not this language (`errors.payloadIncorrect`)", body = ErrorBody),
    )
)]
pub(super) async fn create_cart(
    State(state): State<AppState>,
    context: RequestContext,
    client: Client,
) -> Result<(StatusCode, JsonResponse<CartWithCalculation>), ApiError> {
    let (site_id, language_id) = context
        .site_id
        .zip(context.language_id)
        .ok_or_else(ApiError::payload_incorrect)?;
    // The site must offer the language; this also proves both exist.
    state
        .pricing
        .text_language(state.db.pool(), site_id, language_id)
        .await?;
    let account_id = match &client.session_id {
        Some(session_id) => {
            crate::platform::session::account_of_session(&state, session_id).await?
        }
        None => None,
    };
    let cart_id = store::create(
        state.db.pool(),
        site_id,
        language_id,
        &client.ip,
        account_id.as_deref(),
    )
    .await?;
    Ok((StatusCode::CREATED, answer(&state, &cart_id).await?))
}

/// A cart with its calculation.
#[utoipa::path(
    get,
    path = "/api/cart/{id}",
    tag = "cart",
    operation_id = "cart_get",
    params(("id" = String, Path, description = "The cart")),
    responses(
        (status = 200, description = "The cart and its calculation", body = CartWithCalculation),
        (status = 400, description = "A stored choice the engine refuses", body = ErrorBody),
        (status = 404, description = "No such cart, or an account's cart without its session", body = ErrorBody),
    )
)]
pub(super) async fn get_cart(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<JsonResponse<CartWithCalculation>, ApiError> {
    answer(&state, &id).await
}

pub(super) fn whole_number(
    value: Option<&str>,
    field: &str,
    default: Option<i64>,
) -> Result<i64, ApiError> {
    match value.map(str::trim).filter(|value| !value.is_empty()) {
        None => default.ok_or_else(|| ApiError::required(field)),
        Some(text) => text
            .parse()
            .map_err(|_| ApiError::message(field, engine::validation::MessageKey::InvalidQuantity)),
    }
}

/// Adds units of a product variant (1 unless `quantity` says otherwise).
#[utoipa::path(
    post,
    path = "/api/cart/{id}/products",
    tag = "cart",
    operation_id = "cart_add_product",
    params(("id" = String, Path, description = "The cart"), AddQuery),
    responses(
        (status = 200, description = "The cart and its calculation", body = CartWithCalculation),
        (status = 400, description = "A missing or bad variant or quantity, or a count outside 1 to 999", body = ErrorBody),
        (status = 404, description = "No such cart, or the site does not sell the variant", body = ErrorBody),
    )
)]
pub(super) async fn add_product(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<AddQuery>,
) -> Result<JsonResponse<CartWithCalculation>, ApiError> {
    let cart = read_cart(&state, &id).await?;
    let variant_id = ProductVariantId::new(whole_number(
        query.product_variant_id.as_deref(),
        "productVariantId",
        None,
    )?);
    let quantity = whole_number(query.quantity.as_deref(), "quantity", Some(1))?;
    let current = cart
        .lines
        .iter()
        .find(|line| line.product_variant_id == variant_id)
        .map_or(0, |line| line.count);
    change_count(
        &state,
        cart,
        variant_id,
        current.saturating_add(quantity),
        Some(quantity),
    )
    .await
    .map(JsonResponse)
}

/// Sets a line's quantity; 0 removes the line.
#[utoipa::path(
    put,
    path = "/api/cart/{id}/products/{productVariantId}",
    tag = "cart",
    operation_id = "cart_set_quantity",
    params(("id" = String, Path, description = "The cart"), ("productVariantId" = i64, Path, description = "A product variant"), QuantityQuery),
    responses(
        (status = 200, description = "The cart and its calculation", body = CartWithCalculation),
        (status = 400, description = "A missing or bad quantity, or a count outside 1 to 999", body = ErrorBody),
        (status = 404, description = "No such cart, or the site does not sell the variant", body = ErrorBody),
    )
)]
pub(super) async fn set_quantity(
    State(state): State<AppState>,
    Path((id, variant_id)): Path<(String, String)>,
    Query(query): Query<QuantityQuery>,
) -> Result<JsonResponse<CartWithCalculation>, ApiError> {
    let cart = read_cart(&state, &id).await?;
    let variant_id: ProductVariantId = path_number(&variant_id, "productVariantId")?;
    let quantity = whole_number(query.quantity.as_deref(), "quantity", None)?;
    if quantity == 0 {
        store::remove_line(state.db.pool(), &state.carts, &id, variant_id).await?;
        return answer(&state, &id).await;
    }
    change_count(&state, cart, variant_id, quantity, None)
        .await
        .map(JsonResponse)
}

/// Removes a line.
#[utoipa::path(
    delete,
    path = "/api/cart/{id}/products/{productVariantId}",
    tag = "cart",
    operation_id = "cart_remove_product",
    params(("id" = String, Path, description = "The cart"), ("productVariantId" = i64, Path, description = "A product variant")),
    responses(
        (status = 200, description = "The cart and its calculation", body = CartWithCalculation),
        (status = 400, description = "The variant id is not a whole number", body = ErrorBody),
        (status = 404, description = "No such cart, or the cart has no such line", body = ErrorBody),
    )
)]
pub(super) async fn remove_product(
    State(state): State<AppState>,
    Path((id, variant_id)): Path<(String, String)>,
) -> Result<JsonResponse<CartWithCalculation>, ApiError> {
    existing_cart(&state, &id).await?;
    let variant_id: ProductVariantId = path_number(&variant_id, "productVariantId")?;
    if !store::remove_line(state.db.pool(), &state.carts, &id, variant_id).await? {
        return Err(ApiError::NotFound);
    }
    answer(&state, &id).await
}

/// The shipping methods the site offers, with their prices for this cart.
#[utoipa::path(
    get,
    path = "/api/cart/{id}/shippingmethods",
    tag = "cart",
    operation_id = "cart_shipping_methods",
    params(("id" = String, Path, description = "The cart")),
    responses(
        (status = 200, description = "The options", body = Vec<ShippingMethodOption>),
        (status = 400, description = "A stored choice the engine refuses", body = ErrorBody),
        (status = 404, description = "No such cart, or an account's cart without its session", body = ErrorBody),
    )
)]
pub(super) async fn shipping_methods(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<JsonResponse<Vec<ShippingMethodOption>>, ApiError> {
    Ok(JsonResponse(
        load(&state, &id).await?.calculation.shipping_methods,
    ))
}

/// Calculates a stored cart.
#[utoipa::path(
    post,
    path = "/api/cartcalculation/{id}/calculate",
    tag = "cart",
    operation_id = "cart_calculate_stored",
    params(("id" = String, Path, description = "The cart")),
    responses(
        (status = 200, description = "The calculation", body = CalculatedCart),
        (status = 400, description = "A stored choice the engine refuses", body = ErrorBody),
        (status = 404, description = "No such cart, or an account's cart without its session", body = ErrorBody),
    )
)]
pub(super) async fn calculate_stored(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<JsonResponse<CalculatedCart>, ApiError> {
    Ok(JsonResponse(load(&state, &id).await?.calculation))
}

/// Calculates a cart given in the body; nothing is stored. The body's site and language, or
/// else the headers', say where.
#[utoipa::path(
    post,
    path = "/api/cartcalculation/calculate",
    tag = "cart",
    operation_id = "cart_calculate_given",
    params(
        ("siteid" = Option<i64>, Header, description = "The site, unless the body names it"),
        ("languageid" = Option<i64>, Header, description = "A language of the site, unless the body names it"),
    ),
    request_body = GivenCart,
    responses(
        (status = 200, description = "The calculation", body = CalculatedCart),
        (status = 400, description = "No site or language (`errors.payloadIncorrect`), a bad field, or a cart the engine refuses", body = ErrorBody),
        (status = 404, description = "The site does not sell a variant", body = ErrorBody),
        (status = 413, description = "The body is larger than this call accepts", body = ErrorBody),
    )
)]
pub(super) async fn calculate_given(
    State(state): State<AppState>,
    context: RequestContext,
    Json(given): Json<GivenCart>,
) -> Result<JsonResponse<CalculatedCart>, ApiError> {
    let site_id = given.site_id.or(context.site_id);
    let language_id = given.language_id.or(context.language_id);
    let (site_id, language_id) = site_id
        .zip(language_id)
        .ok_or_else(ApiError::payload_incorrect)?;
    let mut lines = Vec::with_capacity(given.products.len());
    for line in &given.products {
        let product_id =
            product_of_variant(&state, site_id, language_id, line.product_variant_id).await?;
        // Not stored: shown in the order given.
        lines.push(LineRow {
            product_variant_id: line.product_variant_id,
            product_id,
            count: line.count,
            added_at: 0,
        });
    }
    let choices = CartChoices {
        site_id,
        language_id,
        discount_code: given.discount_code.as_deref(),
        shipping_method: given.shipping_method,
        payment_method_id: given.payment_method_id,
        gift_card_number: None,
    };
    let mut input =
        pricing::cart_input(state.db.pool(), &state.pricing, &choices, &lines, &[]).await?;
    // Nothing is stored: a code that unlocks nothing is simply not applied.
    engine::cart::clean_up(&mut input);
    Ok(JsonResponse(calculate(&input)?))
}
