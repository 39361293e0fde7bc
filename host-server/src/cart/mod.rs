//! Carts (specification, sections 3, 4 and 7: /api/cart and /api/cartcalculation).
//!
//! The server owns carts and recomputes every amount with the engine on every read; nothing
//! priced by a client is trusted. Cart ids are random 128-bit values. Every answer that shows
//! a cart carries both the cart's data and its calculation, as the storefront expects.

pub mod access;
mod applicable;
pub mod bodies;
mod cache;
mod checkout_choices;
mod handover;
mod pricing;
mod recommendations;
mod rows;
mod store;
mod texts;

use crate::platform::db::Flag;
use crate::platform::extract::Json as JsonResponse;
use crate::platform::extract::{Json, Path, Query, path_number};
use axum::extract::State;
use axum::http::StatusCode;
use engine::cart::{CalculatedCart, ShippingMethodOption};
use engine::ids::{PaymentMethodId, ProductId, ProductVariantId};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::openapi::SiteHeaders;
use crate::platform::clock;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::limits::{self, Limit};
use crate::platform::request_context::RequestContext;
use crate::platform::session::Client;
use applicable::Dropped;
pub use cache::CartCache;
use cache::StoredCart;
use pricing::CartChoices;
pub use pricing::{PricingCache, code_used_up_by, promotion_of_code};
pub use rows::CartRow;
use rows::{LineRow, SampleRow};
pub use store::CartOwner;
pub use store::line_writer::LineWriter;

/// Gives a guest cart to a customer who signs in (see [`store::adopt_guest_cart`]); the
/// account's cart id, or empty when the cart was another customer's and the account has none.
pub async fn adopt_guest_cart(
    state: &AppState,
    account_id: &str,
    guest_cart_id: &str,
) -> Result<String, ApiError> {
    Ok(store::adopt_guest_cart(state.db.pool(), &state.carts, account_id, guest_cart_id).await?)
}

/// The newest cart of an account.
pub async fn cart_of_account(
    pool: &sqlx::AnyPool,
    account_id: &str,
) -> Result<Option<String>, ApiError> {
    Ok(store::cart_of_account(pool, account_id).await?)
}

/// A stored cart priced by the engine: what placing an order starts from.
pub struct PricedCart {
    /// The cart's choices.
    pub row: CartRow,
    /// Its owner and checkout password.
    pub owner: store::CartOwner,
    /// How many lines it has.
    pub line_count: usize,
    /// What the engine was given.
    pub input: engine::cart::CartInput,
    /// The engine's calculation.
    pub calculation: CalculatedCart,
}

/// Loads and prices a cart; `None` when there is no such cart.
pub async fn priced(state: &AppState, cart_id: &str) -> Result<Option<PricedCart>, ApiError> {
    let pool = state.db.pool();
    let Some(row) = store::find(pool, cart_id).await? else {
        return Ok(None);
    };
    let owner = store::owner(pool, cart_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let lines = store::lines(pool, cart_id).await?;
    let samples = store::samples(pool, cart_id).await?;
    let mut input =
        pricing::cart_input(pool, &state.pricing, &choices(&row), &lines, &samples).await?;
    // A choice that no longer applies is taken off when the cart is shown; an order is never
    // placed without a choice the customer saw, so placing refuses instead.
    if let Some(dropped) = applicable::take_off(&mut input).first() {
        return Err(refusal_to_place(dropped));
    }
    let calculation = calculate(&input)?;
    Ok(Some(PricedCart {
        row,
        owner,
        line_count: lines.len(),
        input,
        calculation,
    }))
}

/// Why an order cannot be placed from a cart with a choice that no longer applies.
fn refusal_to_place(dropped: &Dropped) -> ApiError {
    match dropped {
        Dropped::GiftCard(_) => gift_card_rejected(),
        Dropped::DiscountCode(_) => ApiError::refused(
            StatusCode::CONFLICT,
            "errors.discountCodeInvalid",
            "The discount code is not valid (any more)",
        ),
        other => {
            let notice = other.notice();
            ApiError::refused(StatusCode::CONFLICT, notice.code, notice.message)
        }
    }
}

pub use handover::{HANDOVER_PATH, IssuedKey, issue_key as issue_handover_key};

/// A cart's owner and checkout password.
pub async fn owner(pool: &sqlx::AnyPool, cart_id: &str) -> Result<Option<CartOwner>, ApiError> {
    Ok(store::owner(pool, cart_id).await?)
}

/// Deletes a cart once its order is paid.
pub async fn delete(state: &AppState, cart_id: &str) -> Result<(), ApiError> {
    Ok(store::delete(state.db.pool(), &state.carts, cart_id).await?)
}

/// The routes of this area.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_cart))
        .routes(routes!(handover::impersonate))
        .routes(routes!(get_cart))
        .routes(routes!(add_product))
        .routes(routes!(set_quantity, remove_product))
        .routes(routes!(add_discount_code, remove_discount_code))
        .routes(routes!(shipping_methods))
        .routes(routes!(recommendations::recommendations))
        .routes(routes!(set_shipping))
        .routes(routes!(set_billing))
        .routes(routes!(set_company))
        .routes(routes!(set_payment))
        .routes(routes!(set_newsletter))
        .routes(routes!(checkout_choices::set_sample_name))
        .routes(routes!(checkout_choices::remove_sample))
        .routes(routes!(checkout_choices::set_alternative_shipping))
        .routes(routes!(checkout_choices::set_dealer))
        .routes(routes!(checkout_choices::set_pickup_point))
        .routes(routes!(checkout_choices::set_password))
        .routes(routes!(checkout_choices::report_conversion))
        .routes(routes!(calculate_stored))
        .routes(routes!(calculate_given))
}

/// A cart line as the storefront sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartProductView {
    pub product_id: ProductId,
    pub product_variant_id: ProductVariantId,
    pub count: i64,
    pub rqs_samples: Vec<SampleView>,
    /// The product's brand, for the data layer's tracking items (the engine's input has the
    /// rest of them); null for a variant the site no longer sells.
    pub brand: Option<String>,
}

/// The name of one scan sample.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = CartSample)]
#[serde(rename_all = "camelCase")]
pub struct SampleView {
    pub sequence: i64,
    pub sample_name: String,
}

/// The payment choices (never the gift card PIN).
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = CartPayment)]
#[serde(rename_all = "camelCase")]
pub struct PaymentView {
    pub payment_method_id: Option<PaymentMethodId>,
    pub issuer: Option<String>,
    pub gift_card_number: Option<String>,
}

/// The cart's data.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartView {
    pub shoppingcart_id: String,
    pub created: i64,
    pub last_modified: i64,
    pub site_id: i64,
    pub language_id: i64,
    pub billing: Option<bodies::Billing>,
    pub shipping: Option<bodies::Shipping>,
    pub company: Option<bodies::Company>,
    pub alternative_shipping_address: bool,
    pub newsletter_subscribe: bool,
    pub payment: PaymentView,
    pub mailplus_id: Option<String>,
    pub products: Vec<CartProductView>,
    pub discount_code: Option<String>,
    pub dealer_id: Option<i64>,
    pub dpd_parcel_shop_id: Option<String>,
    pub dpd_parcel_shop_zipcode_or_city: Option<String>,
    pub shipping_method: engine::shipping::ShippingMethod,
    pub scan_products_only: bool,
}

/// A cart with its calculation: what GET /api/cart/{id} and every change answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartWithCalculation {
    pub cart: CartView,
    pub calculation: CalculatedCart,
    /// What the engine calculated, so the storefront's WASM engine can show the effect of a
    /// change at once (and compare with the server's answer).
    pub input: engine::cart::CartInput,
    /// What changed in the cart by itself since the customer last saw it, to tell them.
    pub notices: Vec<CartNotice>,
}

/// A change the server made to a cart by itself, with the message key the storefront shows.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartNotice {
    pub code: &'static str,
    pub message: &'static str,
}

/// A checkout document as stored (the body that set it, see [`bodies`]).
fn parse_document<T: DeserializeOwned>(text: &Option<String>) -> Option<T> {
    text.as_deref()
        .and_then(|text| serde_json::from_str(text).ok())
}

fn view(
    row: CartRow,
    lines: Vec<LineRow>,
    samples: Vec<SampleRow>,
    calculation: &CalculatedCart,
    brands: &BTreeMap<ProductVariantId, String>,
) -> CartView {
    let products = lines
        .into_iter()
        .map(|line| CartProductView {
            brand: brands.get(&line.product_variant_id).cloned(),
            product_id: line.product_id,
            product_variant_id: line.product_variant_id,
            count: line.count,
            rqs_samples: samples
                .iter()
                .filter(|sample| sample.product_variant_id == line.product_variant_id)
                .map(|sample| SampleView {
                    sequence: sample.sequence,
                    sample_name: sample.sample_name.clone(),
                })
                .collect(),
        })
        .collect();
    CartView {
        shoppingcart_id: row.cart_id,
        created: row.created_at,
        last_modified: row.last_modified,
        site_id: row.site_id,
        language_id: row.language_id,
        billing: parse_document(&row.billing_json),
        shipping: parse_document(&row.shipping_json),
        company: parse_document(&row.company_json),
        alternative_shipping_address: row.alternative_shipping_address.into(),
        newsletter_subscribe: row.newsletter_subscribe.into(),
        payment: PaymentView {
            payment_method_id: row.payment_method_id,
            issuer: row.issuer,
            gift_card_number: row.gift_card_number,
        },
        mailplus_id: row.mailplus_id,
        products,
        discount_code: row.discount_code,
        dealer_id: row.dealer_id,
        dpd_parcel_shop_id: row.dpd_parcel_shop_id,
        dpd_parcel_shop_zipcode_or_city: row.dpd_parcel_shop_zipcode_or_city,
        shipping_method: row.shipping_method,
        scan_products_only: calculation.scan_products_only,
    }
}

fn choices(row: &CartRow) -> CartChoices<'_> {
    CartChoices {
        site_id: row.site_id,
        language_id: row.language_id,
        discount_code: row.discount_code.as_deref(),
        shipping_method: row.shipping_method,
        payment_method_id: row.payment_method_id,
        gift_card_number: row.gift_card_number.as_deref(),
    }
}

/// The engine's calculation of a cart. A gift card that cannot pay is refused as choosing it
/// is (`POST /api/cart/{id}/payment`), with the specification's message.
fn calculate(input: &engine::cart::CartInput) -> Result<CalculatedCart, ApiError> {
    engine::cart::calculate(input).map_err(|error| match error {
        engine::cart::CartError::GiftCardRejected => gift_card_rejected(),
        other => engine::EngineError::from(other).into(),
    })
}

fn gift_card_rejected() -> ApiError {
    ApiError::refused(
        StatusCode::BAD_REQUEST,
        "errors.giftCardRejected",
        "Card details are incorrect or the balance is 0",
    )
}

async fn existing_cart(state: &AppState, cart_id: &str) -> Result<CartRow, ApiError> {
    store::find(state.db.pool(), cart_id)
        .await?
        .ok_or(ApiError::NotFound)
}

async fn read_cart(state: &AppState, cart_id: &str) -> Result<StoredCart, ApiError> {
    let cart = store::snapshot(state.db.pool(), &state.carts, cart_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok(StoredCart::clone(&cart))
}

/// A cart calculated by the engine, and the stored choices that no longer applied, left out
/// of the calculation (see [`applicable`]), still to be taken off the stored cart.
struct Priced {
    answer: CartWithCalculation,
    dropped: Vec<Dropped>,
    at: i64,
}

impl Priced {
    /// Takes the choices that no longer applied off the stored cart.
    async fn persist_dropped(&self, state: &AppState) -> Result<(), ApiError> {
        if self.dropped.is_empty() {
            return Ok(());
        }
        let mut transaction = state.db.pool().begin().await?;
        self.persist_dropped_in(state, &mut transaction).await?;
        Ok(transaction.commit().await?)
    }

    /// [`Priced::persist_dropped`] on the caller's transaction.
    async fn persist_dropped_in(
        &self,
        state: &AppState,
        transaction: &mut sqlx::AnyConnection,
    ) -> Result<(), ApiError> {
        let cart_id = &self.answer.cart.shoppingcart_id;
        Ok(applicable::persist(transaction, &state.carts, cart_id, &self.dropped, self.at).await?)
    }
}

/// Calculates a stored cart with the engine, as changed at `at`, and shapes the answer. Stored
/// choices the engine would refuse are left out with a notice, rather than failing the cart
/// every time it is shown; the caller writes that.
async fn price(state: &AppState, mut stored: StoredCart, at: i64) -> Result<Priced, ApiError> {
    let pool = state.db.pool();
    let mut input = pricing::cart_input(
        pool,
        &state.pricing,
        &choices(&stored.row),
        &stored.lines,
        &stored.samples,
    )
    .await?;
    let mut dropped = applicable::take_off(&mut input);
    applicable::apply(&mut stored, &mut dropped, at);
    let calculation = calculate(&input)?;
    let notices = dropped.iter().map(Dropped::notice).collect();
    let variant_ids = stored
        .lines
        .iter()
        .map(|line| line.product_variant_id)
        .collect();
    let brands = state
        .pricing
        .brands(
            pool,
            stored.row.site_id,
            stored.row.language_id,
            &variant_ids,
        )
        .await?;
    let StoredCart {
        row,
        lines,
        samples,
        version: _,
    } = stored;
    let answer = CartWithCalculation {
        cart: view(row, lines, samples, &calculation, &brands),
        calculation,
        input,
        notices,
    };
    Ok(Priced {
        answer,
        dropped,
        at,
    })
}

/// Loads a cart, calculates it with the engine and shapes the answer.
async fn load(state: &AppState, cart_id: &str) -> Result<CartWithCalculation, ApiError> {
    let priced = price(state, read_cart(state, cart_id).await?, clock::now_millis()).await?;
    priced.persist_dropped(state).await?;
    Ok(priced.answer)
}

/// Changes a cart's choices (`sets` names the columns `change` sets). The changed cart is
/// calculated first: a change the engine refuses, or one that would not apply (a code of
/// another site, a method the site does not offer), is refused and writes nothing. Then only
/// the changed columns are written, in one statement.
async fn change_row(
    state: &AppState,
    cart: StoredCart,
    sets: &[&'static str],
    change: impl FnOnce(&mut CartRow),
) -> Result<JsonResponse<CartWithCalculation>, ApiError> {
    let mut changed = cart.clone();
    change(&mut changed.row);
    let now = clock::now_millis();
    changed.row.last_modified = changed.row.last_modified.max(now);
    let changed_row = changed.row.clone();
    let priced = price(state, changed, now).await?;
    if let Some(dropped) = priced.dropped.iter().find(|dropped| {
        dropped
            .column()
            .is_some_and(|column| sets.contains(&column))
    }) {
        return Err(refusal_of_choice(dropped));
    }
    // The dropped choices and the change: one transaction.
    let mut transaction = state.db.pool().begin().await?;
    priced.persist_dropped_in(state, &mut transaction).await?;
    if !store::write_row(&mut transaction, &state.carts, &cart.row, &changed_row, now).await? {
        return Err(ApiError::NotFound);
    }
    transaction.commit().await?;
    Ok(JsonResponse(priced.answer))
}

/// Why a new choice that would not apply is refused.
fn refusal_of_choice(dropped: &Dropped) -> ApiError {
    match dropped {
        Dropped::GiftCard(_) => gift_card_rejected(),
        Dropped::DiscountCode(_) => discount_code_invalid(),
        Dropped::PaymentMethod(_) => ApiError::field(
            "paymentMethodId",
            "validation.invalid",
            "This site does not offer this payment method",
        ),
        Dropped::ShippingMethod { .. } => ApiError::field(
            "shippingMethod",
            "validation.invalid",
            "This site does not offer this shipping method",
        ),
        Dropped::Line(_) | Dropped::Quantity { .. } => ApiError::NotFound,
    }
}

/// The refusal of a code this customer has used as often as it may be used.
pub fn discount_code_used() -> ApiError {
    ApiError::refused(
        StatusCode::CONFLICT,
        "errors.discountCodeUsed",
        "You have already used this discount code",
    )
}

/// Whether the cart's discount code is used up by the customer the cart now knows: its owner's
/// account, or the billing e-mail address given.
async fn code_used_up_in(
    state: &AppState,
    cart: &StoredCart,
    code: &str,
    email: Option<&str>,
) -> Result<bool, ApiError> {
    let owner = store::owner(state.db.pool(), &cart.row.cart_id).await?;
    let account_id = owner.as_ref().and_then(|owner| owner.account_id.as_deref());
    let mut connection = state.db.pool().acquire().await?;
    code_used_up_by(&mut connection, code, account_id, email).await
}

fn discount_code_invalid() -> ApiError {
    ApiError::refused(
        StatusCode::BAD_REQUEST,
        "errors.discountCodeInvalid",
        "This discount code is unknown, expired or used up",
    )
}

async fn answer(
    state: &AppState,
    cart_id: &str,
) -> Result<JsonResponse<CartWithCalculation>, ApiError> {
    load(state, cart_id).await.map(JsonResponse)
}

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
async fn create_cart(
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
async fn get_cart(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<JsonResponse<CartWithCalculation>, ApiError> {
    answer(&state, &id).await
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct AddQuery {
    /// The variant to add.
    #[param(required = true, value_type = i64)]
    product_variant_id: Option<String>,
    /// How many units to add; 1 when absent.
    #[param(value_type = Option<i64>)]
    quantity: Option<String>,
}

fn whole_number(value: Option<&str>, field: &str, default: Option<i64>) -> Result<i64, ApiError> {
    match value.map(str::trim).filter(|value| !value.is_empty()) {
        None => default.ok_or_else(|| ApiError::required(field)),
        Some(text) => text
            .parse()
            .map_err(|_| ApiError::message(field, engine::validation::MessageKey::InvalidQuantity)),
    }
}

/// A whole number in the path: a 400 in the shape of every error otherwise (axum's own
/// rejection would be plain text).
/// The product of a variant the site sells; 404 otherwise.
async fn product_of_variant(
    state: &AppState,
    site_id: i64,
    language_id: i64,
    variant_id: ProductVariantId,
) -> Result<ProductId, ApiError> {
    state
        .pricing
        .product_of_variant(state.db.pool(), site_id, language_id, variant_id)
        .await?
        .ok_or(ApiError::NotFound)
}

/// Sets a line's count (or adds `added` units to it) after the engine has accepted the
/// resulting cart (quantity bounds), and answers the cart calculated with it.
async fn change_count(
    state: &AppState,
    mut cart: StoredCart,
    variant_id: ProductVariantId,
    count: i64,
    added: Option<i64>,
) -> Result<CartWithCalculation, ApiError> {
    let product_id =
        product_of_variant(state, cart.row.site_id, cart.row.language_id, variant_id).await?;
    let now = clock::now_millis();
    let line = match cart
        .lines
        .iter_mut()
        .find(|line| line.product_variant_id == variant_id)
    {
        Some(line) => {
            line.count = count;
            line.clone()
        }
        None => {
            // Later than every line, even within one millisecond: the new line is last, in
            // memory as in the database's order.
            let added_at = cart
                .lines
                .iter()
                .map(|line| line.added_at.saturating_add(1))
                .fold(now, i64::max);
            let line = LineRow {
                product_variant_id: variant_id,
                product_id,
                count,
                added_at,
            };
            cart.lines.push(line.clone());
            line
        }
    };
    cart.row.last_modified = cart.row.last_modified.max(now);
    // Checked before it is written (the calculation would bring a count within bounds).
    check_line_bounds(&cart, variant_id, count)?;
    let priced = price(state, cart.clone(), now).await?;
    priced.persist_dropped(state).await?;
    applicable::apply(&mut cart, &mut priced.dropped.clone(), now);
    let stored = store::set_line(&state.cart_lines, &state.carts, cart, &line, added, now).await?;
    if stored != count {
        // Another add of the same line came between the read and the write: both counted, and
        // the answer shows the cart as the database now holds it.
        return load(state, &line_cart_id(&priced)).await;
    }
    Ok(priced.answer)
}

fn line_cart_id(priced: &Priced) -> String {
    priced.answer.cart.shoppingcart_id.clone()
}

/// The engine's bounds of a cart: a count of 1 to 999, at most 1000 lines.
fn check_line_bounds(
    cart: &StoredCart,
    variant_id: ProductVariantId,
    count: i64,
) -> Result<(), ApiError> {
    if !(1..=engine::cart::MAX_QUANTITY).contains(&count) {
        let error = engine::cart::CartError::QuantityOutOfRange {
            product_variant_id: variant_id,
            quantity: count,
        };
        return Err(engine::EngineError::from(error).into());
    }
    let (count, max) = (cart.lines.len(), engine::cart::MAX_LINES);
    if count > max {
        return Err(
            engine::EngineError::from(engine::cart::CartError::TooManyLines { count, max }).into(),
        );
    }
    Ok(())
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
async fn add_product(
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

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct QuantityQuery {
    /// The line's new count; 0 removes the line.
    #[param(required = true, value_type = i64)]
    quantity: Option<String>,
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
async fn set_quantity(
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
async fn remove_product(
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

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct CodeQuery {
    /// The discount code (any case).
    #[param(required = true, value_type = String)]
    code: Option<String>,
}

/// Applies a discount code; the code's promotion must run on the cart's site.
#[utoipa::path(
    post,
    path = "/api/cart/{id}/discountcode",
    tag = "cart",
    operation_id = "cart_add_discount_code",
    params(("id" = String, Path, description = "The cart"), CodeQuery),
    responses(
        (status = 200, description = "The cart and its calculation", body = CartWithCalculation),
        (status = 400, description = "No code, or a code that is unknown, expired, used up or not for this site (`errors.discountCodeInvalid`)", body = ErrorBody),
        (status = 409, description = "The customer the cart knows (its account or billing e-mail address) has used this code as often as it may be used (`errors.discountCodeUsed`)", body = ErrorBody),
        (status = 404, description = "No such cart, or an account's cart without its session", body = ErrorBody),
        (status = 429, description = "Too many attempts; `Retry-After` says when to try again", body = ErrorBody),
    )
)]
async fn add_discount_code(
    State(state): State<AppState>,
    client: Client,
    Path(id): Path<String>,
    Query(query): Query<CodeQuery>,
) -> Result<JsonResponse<CartWithCalculation>, ApiError> {
    let cart = read_cart(&state, &id).await?;
    let code = query
        .code
        .as_deref()
        .and_then(engine::promotions::normal_code);
    let code = code.ok_or_else(|| ApiError::required("code"))?;
    let attempt = limits::check(&state, Limit::DiscountCode, &[&client.ip, &id]).await?;
    if pricing::promotion_of_code(state.db.pool(), &code)
        .await?
        .is_none()
    {
        return Err(discount_code_invalid());
    }
    // Known the customer, a code they have used up is refused now rather than at the last step.
    let billing: Option<bodies::Billing> = parse_document(&cart.row.billing_json);
    let email = billing.and_then(|billing| billing.email_address);
    if code_used_up_in(&state, &cart, &code, email.as_deref()).await? {
        attempt.succeeded(&state).await?;
        return Err(discount_code_used());
    }
    // A code of a promotion the cart's site does not run is refused by the calculation.
    let changed = change_row(&state, cart, &["discount_code"], |row| {
        row.discount_code = Some(code)
    })
    .await?;
    attempt.succeeded(&state).await?;
    Ok(changed)
}

/// Removes the discount code.
#[utoipa::path(
    delete,
    path = "/api/cart/{id}/discountcode",
    tag = "cart",
    operation_id = "cart_remove_discount_code",
    params(("id" = String, Path, description = "The cart")),
    responses(
        (status = 200, description = "The cart and its calculation", body = CartWithCalculation),
        (status = 400, description = "A stored choice the engine refuses", body = ErrorBody),
        (status = 404, description = "No such cart, or an account's cart without its session", body = ErrorBody),
    )
)]
async fn remove_discount_code(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<JsonResponse<CartWithCalculation>, ApiError> {
    let cart = read_cart(&state, &id).await?;
    change_row(&state, cart, &["discount_code"], |row| {
        row.discount_code = None
    })
    .await
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
async fn shipping_methods(
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
async fn calculate_stored(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<JsonResponse<CalculatedCart>, ApiError> {
    Ok(JsonResponse(load(&state, &id).await?.calculation))
}

/// A cart given in the request body: calculated, nothing stored.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct GivenCart {
    /// The site; the `siteid` header when absent.
    #[serde(default)]
    site_id: Option<i64>,
    /// The language; the `languageid` header when absent.
    #[serde(default)]
    language_id: Option<i64>,
    #[serde(default)]
    products: Vec<GivenLine>,
    #[serde(default)]
    discount_code: Option<String>,
    /// Ordinary shipping when absent.
    #[serde(default)]
    shipping_method: engine::cart::ShippingMethod,
    #[serde(default)]
    payment_method_id: Option<PaymentMethodId>,
}

/// A line of a given cart.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct GivenLine {
    product_variant_id: ProductVariantId,
    count: i64,
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
async fn calculate_given(
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
    applicable::take_off(&mut input);
    Ok(JsonResponse(calculate(&input)?))
}

/// Sets the shipping details and method (0 shipping, 1 parcel service).
#[utoipa::path(
    put,
    path = "/api/cart/{id}/shipping",
    tag = "cart",
    operation_id = "cart_set_shipping",
    params(("id" = String, Path, description = "The cart")),
    request_body = bodies::Shipping,
    responses(
        (status = 200, description = "The cart and its calculation", body = CartWithCalculation),
        (status = 400, description = "A bad or unknown field, or a method the site does not offer; `fieldErrors` names it", body = ErrorBody),
        (status = 404, description = "No such cart, or an account's cart without its session", body = ErrorBody),
        (status = 413, description = "The body is larger than this call accepts", body = ErrorBody),
    )
)]
async fn set_shipping(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Json(body): Json<bodies::Shipping>,
) -> Result<JsonResponse<CartWithCalculation>, ApiError> {
    let cart = read_cart(&state, &id).await?;
    body.check()?;
    let document = bodies::stored(&body)?;
    change_row(&state, cart, &["shipping_json", "shipping_method"], |row| {
        row.shipping_json = Some(document);
        row.shipping_method = body.shipping_method;
    })
    .await
}

/// Sets the billing details.
#[utoipa::path(
    post,
    path = "/api/cart/{id}/billing",
    tag = "cart",
    operation_id = "cart_set_billing",
    params(("id" = String, Path, description = "The cart")),
    request_body = bodies::Billing,
    responses(
        (status = 200, description = "The cart and its calculation", body = CartWithCalculation),
        (status = 400, description = "A bad, missing or unknown field; `fieldErrors` names it", body = ErrorBody),
        (status = 404, description = "No such cart, or an account's cart without its session", body = ErrorBody),
        (status = 413, description = "The body is larger than this call accepts", body = ErrorBody),
    )
)]
async fn set_billing(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Json(body): Json<bodies::Billing>,
) -> Result<JsonResponse<CartWithCalculation>, ApiError> {
    let cart = read_cart(&state, &id).await?;
    body.check()?;
    let document = bodies::stored(&body)?;
    // With the e-mail address the customer is known: a discount code they have used as often
    // as it may be used comes off the cart now, and the answer says so at this step.
    let used_up = match cart.row.discount_code.clone() {
        Some(code) => code_used_up_in(&state, &cart, &code, body.email_address.as_deref()).await?,
        None => false,
    };
    let JsonResponse(mut answer) = change_row(&state, cart, &["billing_json"], |row| {
        row.billing_json = Some(document);
        if used_up {
            row.discount_code = None;
        }
    })
    .await?;
    if used_up {
        answer.notices.push(CartNotice {
            code: "errors.discountCodeUsed",
            message: "You have already used this discount code; it was taken off the cart",
        });
    }
    Ok(JsonResponse(answer))
}

/// Sets the company name and VAT number.
#[utoipa::path(
    put,
    path = "/api/cart/{id}/companyinfo",
    tag = "cart",
    operation_id = "cart_set_company",
    params(("id" = String, Path, description = "The cart")),
    request_body = bodies::Company,
    responses(
        (status = 200, description = "The cart and its calculation", body = CartWithCalculation),
        (status = 400, description = "A bad or unknown field; `fieldErrors` names it", body = ErrorBody),
        (status = 404, description = "No such cart, or an account's cart without its session", body = ErrorBody),
        (status = 413, description = "The body is larger than this call accepts", body = ErrorBody),
    )
)]
async fn set_company(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Json(body): Json<bodies::Company>,
) -> Result<JsonResponse<CartWithCalculation>, ApiError> {
    let cart = read_cart(&state, &id).await?;
    body.check()?;
    let document = bodies::stored(&body)?;
    change_row(&state, cart, &["company_json"], |row| {
        row.company_json = Some(document)
    })
    .await
}

/// The payment choices; each absent one is cleared.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PaymentBody {
    #[serde(default)]
    payment_method_id: Option<PaymentMethodId>,
    #[serde(default)]
    issuer: Option<String>,
    #[serde(default)]
    gift_card_number: Option<String>,
    #[serde(default)]
    gift_card_pin: Option<String>,
}

/// True when the card exists, the PIN matches and the engine says it can pay. Tries are
/// limited per client, per cart and per card number (known or not: a locked card and an
/// unknown one answer alike), and an unknown card costs the same hash check as a known one.
async fn gift_card_accepted(
    state: &AppState,
    client: &Client,
    cart_id: &str,
    number: &str,
    pin: &str,
) -> Result<bool, ApiError> {
    let attempt = limits::check(state, Limit::GiftCard, &[&client.ip, cart_id, number]).await?;
    let card = store::pricing::gift_card_pin_and_balance(state.db.pool(), number).await?;
    let (pin_hash, balance) = card.unwrap_or_else(|| {
        (
            crate::platform::passwords::DUMMY_HASH.to_owned(),
            "0".to_owned(),
        )
    });
    let pin_matches = crate::platform::passwords::verify(pin.to_owned(), pin_hash).await?;
    if pin_matches {
        attempt.succeeded(state).await?;
    }
    // Whether the card can pay is the engine's rule, the same the cart calculation applies.
    Ok(balance
        .parse::<engine::money::Money>()
        .is_ok_and(|balance| {
            engine::cart::GiftCard {
                balance,
                valid: pin_matches,
            }
            .can_pay()
        }))
}

/// Sets the payment method, issuer and gift card (number and PIN; the PIN is checked, never
/// stored).
#[utoipa::path(
    post,
    path = "/api/cart/{id}/payment",
    tag = "cart",
    operation_id = "cart_set_payment",
    params(("id" = String, Path, description = "The cart")),
    request_body = PaymentBody,
    responses(
        (status = 200, description = "The cart and its calculation", body = CartWithCalculation),
        (status = 400, description = "A method the site does not offer, or a gift card that is unknown, has the wrong PIN or no balance (`errors.giftCardRejected`)", body = ErrorBody),
        (status = 404, description = "No such cart, or an account's cart without its session", body = ErrorBody),
        (status = 413, description = "The body is larger than this call accepts", body = ErrorBody),
        (status = 429, description = "Too many attempts; `Retry-After` says when to try again", body = ErrorBody),
    )
)]
async fn set_payment(
    State(state): State<AppState>,
    client: Client,
    Path(id): Path<String>,
    Json(body): Json<PaymentBody>,
) -> Result<JsonResponse<CartWithCalculation>, ApiError> {
    let cart = read_cart(&state, &id).await?;
    let pool = state.db.pool();
    if let Some(method) = body.payment_method_id {
        if !store::pricing::site_offers_payment_method(pool, cart.row.site_id, method).await? {
            return Err(ApiError::field(
                "paymentMethodId",
                "validation.invalid",
                "This site does not offer this payment method",
            ));
        }
    }
    let gift_card = body
        .gift_card_number
        .as_deref()
        .map(str::trim)
        .filter(|number| !number.is_empty());
    if let Some(number) = gift_card {
        let pin = body.gift_card_pin.as_deref().unwrap_or_default().trim();
        if !gift_card_accepted(&state, &client, &id, number, pin).await? {
            return Err(gift_card_rejected());
        }
    }
    let gift_card = gift_card.map(str::to_owned);
    change_row(
        &state,
        cart,
        &["payment_method_id", "issuer", "gift_card_number"],
        |row| {
            row.payment_method_id = body.payment_method_id;
            row.issuer = body.issuer.filter(|issuer| !issuer.trim().is_empty());
            row.gift_card_number = gift_card;
        },
    )
    .await
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct SubscribeQuery {
    /// `true` (or `1`) to subscribe, `false` (or `0`) not to.
    #[param(required = true, value_type = bool)]
    subscribe: Option<String>,
}

/// Asks for the newsletter with the order, or not. Nothing is subscribed here: once the order
/// is confirmed (paid, or placed for a bank transfer), its e-mail address gets the newsletter's
/// double opt-in mail in the cart's site and language, as a sign-up in the footer does.
#[utoipa::path(
    post,
    path = "/api/cart/{id}/newsletter",
    tag = "cart",
    operation_id = "cart_set_newsletter",
    params(("id" = String, Path, description = "The cart"), SubscribeQuery),
    responses(
        (status = 200, description = "The cart and its calculation", body = CartWithCalculation),
        (status = 400, description = "`subscribe` missing or not true or false", body = ErrorBody),
        (status = 404, description = "No such cart, or an account's cart without its session", body = ErrorBody),
        (status = 429, description = "Too many attempts; `Retry-After` says when to try again", body = ErrorBody),
    )
)]
async fn set_newsletter(
    State(state): State<AppState>,
    client: Client,
    Path(id): Path<String>,
    Query(query): Query<SubscribeQuery>,
) -> Result<JsonResponse<CartWithCalculation>, ApiError> {
    let cart = read_cart(&state, &id).await?;
    limits::check(&state, Limit::Newsletter, &[&client.ip, &id]).await?;
    let subscribe = match query.subscribe.as_deref().map(str::trim) {
        Some("true") | Some("1") => 1_i64,
        Some("false") | Some("0") => 0,
        Some(_) => {
            return Err(ApiError::field(
                "subscribe",
                "validation.invalid",
                "subscribe is true or false",
            ));
        }
        None => return Err(ApiError::required("subscribe")),
    };
    change_row(&state, cart, &["newsletter_subscribe"], |row| {
        row.newsletter_subscribe = Flag::from(subscribe)
    })
    .await
}
