//! Loading, pricing and changing a stored cart: what the handlers share. A cart is priced by
//! the engine on every read ([`price`]); stored choices that no longer apply are taken off
//! ([`super::applicable`]); a change is priced before it is written ([`change_row`],
//! [`change_count`]).

use axum::http::StatusCode;
use engine::cart::{CalculatedCart, DroppedChoice};
use engine::ids::{ProductId, ProductVariantId};
use serde::de::DeserializeOwned;
use std::collections::BTreeMap;

use super::api_types::{CartProductView, CartView, CartWithCalculation, PaymentView, SampleView};
use super::applicable::{self, Dropped};
use super::cache::StoredCart;
use super::pricing::{self, CartChoices, code_used_up_by};
use super::rows::{CartRow, LineRow, SampleRow};
use super::store::{self, CartOwner};
use crate::AppState;
use crate::platform::clock;
use crate::platform::error::ApiError;
use crate::platform::extract::Json as JsonResponse;
use crate::platform::limits::{self, Limit};
use crate::platform::session::Client;

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
    if let Some(dropped) = engine::cart::clean_up(&mut input).first() {
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
fn refusal_to_place(dropped: &DroppedChoice) -> ApiError {
    match dropped {
        DroppedChoice::GiftCard => gift_card_rejected(),
        DroppedChoice::DiscountCode { .. } => ApiError::refused(
            StatusCode::CONFLICT,
            "errors.discountCodeInvalid",
            "The discount code is not valid (any more)",
        ),
        other => {
            let notice = applicable::notice(other);
            ApiError::refused(StatusCode::CONFLICT, notice.code, notice.message)
        }
    }
}

/// A cart's owner and checkout password.
pub async fn owner(pool: &sqlx::AnyPool, cart_id: &str) -> Result<Option<CartOwner>, ApiError> {
    Ok(store::owner(pool, cart_id).await?)
}

/// Deletes a cart once its order is paid.
pub async fn delete(state: &AppState, cart_id: &str) -> Result<(), ApiError> {
    Ok(store::delete(state.db.pool(), &state.carts, cart_id).await?)
}

/// A checkout document as stored (the body that set it, see [`bodies`]).
pub(super) fn parse_document<T: DeserializeOwned>(text: &Option<String>) -> Option<T> {
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
pub(super) fn calculate(input: &engine::cart::CartInput) -> Result<CalculatedCart, ApiError> {
    engine::cart::calculate(input).map_err(|error| match error {
        engine::cart::CartError::GiftCardRejected => gift_card_rejected(),
        other => engine::EngineError::from(other).into(),
    })
}

pub(super) fn gift_card_rejected() -> ApiError {
    ApiError::refused(
        StatusCode::BAD_REQUEST,
        "errors.giftCardRejected",
        "Card details are incorrect or the balance is 0",
    )
}

pub(super) async fn existing_cart(state: &AppState, cart_id: &str) -> Result<CartRow, ApiError> {
    store::find(state.db.pool(), cart_id)
        .await?
        .ok_or(ApiError::NotFound)
}

pub(super) async fn read_cart(state: &AppState, cart_id: &str) -> Result<StoredCart, ApiError> {
    let cart = store::snapshot(state.db.pool(), &state.carts, cart_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok(StoredCart::clone(&cart))
}

/// A cart calculated by the engine, and the stored choices that no longer applied, left out
/// of the calculation (see [`applicable`]), still to be taken off the stored cart.
struct Priced {
    answer: CartWithCalculation,
    dropped: Dropped,
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
    let dropped = applicable::apply(&mut stored, engine::cart::clean_up(&mut input), at);
    let calculation = calculate(&input)?;
    let notices = dropped.notices();
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
pub(super) async fn load(state: &AppState, cart_id: &str) -> Result<CartWithCalculation, ApiError> {
    let priced = price(state, read_cart(state, cart_id).await?, clock::now_millis()).await?;
    priced.persist_dropped(state).await?;
    Ok(priced.answer)
}

/// Changes a cart's choices (`sets` names the columns `change` sets). The changed cart is
/// calculated first: a change the engine refuses, or one that would not apply (a code of
/// another site, a method the site does not offer), is refused and writes nothing. Then only
/// the changed columns are written, in one statement.
pub(super) async fn change_row(
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
    if let Some(dropped) =
        priced.dropped.choices.iter().find(|dropped| {
            applicable::column(dropped).is_some_and(|column| sets.contains(&column))
        })
    {
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
fn refusal_of_choice(dropped: &DroppedChoice) -> ApiError {
    match dropped {
        DroppedChoice::GiftCard => gift_card_rejected(),
        DroppedChoice::DiscountCode { .. } => discount_code_invalid(),
        DroppedChoice::PaymentMethod { .. } => ApiError::field(
            "paymentMethodId",
            "validation.invalid",
            "This site does not offer this payment method",
        ),
        DroppedChoice::ShippingMethod { .. } => ApiError::field(
            "shippingMethod",
            "validation.invalid",
            "This site does not offer this shipping method",
        ),
        DroppedChoice::Line { .. } | DroppedChoice::Quantity { .. } => ApiError::NotFound,
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
pub(super) async fn code_used_up_in(
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

pub(super) fn discount_code_invalid() -> ApiError {
    ApiError::refused(
        StatusCode::BAD_REQUEST,
        "errors.discountCodeInvalid",
        "This discount code is unknown, expired or used up",
    )
}

pub(super) async fn answer(
    state: &AppState,
    cart_id: &str,
) -> Result<JsonResponse<CartWithCalculation>, ApiError> {
    load(state, cart_id).await.map(JsonResponse)
}

/// The product of a variant the site sells; 404 otherwise.
pub(super) async fn product_of_variant(
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
pub(super) async fn change_count(
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
    applicable::apply(&mut cart, priced.dropped.choices.clone(), now);
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

/// True when the card exists, the PIN matches and the engine says it can pay. Tries are
/// limited per client, per cart and per card number (known or not: a locked card and an
/// unknown one answer alike), and an unknown card costs the same hash check as a known one.
pub(super) async fn gift_card_accepted(
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
