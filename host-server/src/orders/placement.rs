//! `POST /api/cart/{id}/order`: placing an order.
//!
//! Before anything is written, the cart is priced again by the engine, its checkout gates
//! must let it through to "complete", its discount code must still be valid (dates, usage
//! limit, per-customer limit) and something left to pay needs a payment method. Then one
//! transaction takes an order number, reserves stock and gift-card balance, uses the code and
//! writes the order with its lines.
//!
//! Placing is idempotent. The same `Idempotency-Key` header always gives the same order. The
//! same cart gives the same order as long as that order is not cancelled; when the cart was
//! changed while its order was still unpaid, the unpaid order is cancelled (its reservations
//! return) and a new one replaces it. The database backs this up: it holds at most one live
//! order per cart (a unique index), so two placements at the same moment cannot both succeed.

use engine::ids::{PaymentMethodId, ProductVariantId};
use std::collections::BTreeMap;

use axum::http::{HeaderMap, StatusCode};
use engine::cart::CalculatedCart;
use engine::checkout::{CartFacts, CheckoutGates, CheckoutState, SampleLine, StepStatus};
use engine::locale::CountryCode;
use engine::money::Money;
use engine::order::{OrderLine, OrderStatus};
use engine::payment::PaymentFlow;
use sha2::{Digest, Sha256};
use sqlx::{AnyConnection, AnyPool};

use super::store::{self, OrderRow};
use crate::AppState;
use crate::cart::PricedCart;
use crate::cart::bodies::{Billing, Shipping};
use crate::platform::error::{ApiError, FieldError};

/// What a placement attempt came to.
pub enum Placement {
    /// A new order.
    New(OrderRow),
    /// The order this cart or key already has.
    Existing(OrderRow),
    /// The gift card's balance changed between pricing and reserving: price again.
    PriceAgain,
}

/// The `Idempotency-Key` header: 1 to 100 visible ASCII characters.
pub fn idempotency_key(headers: &HeaderMap) -> Result<Option<String>, ApiError> {
    let Some(value) = headers.get("idempotency-key") else {
        return Ok(None);
    };
    let key = value.to_str().unwrap_or_default().trim();
    if key.is_empty() || key.len() > 100 || !key.chars().all(|c| c.is_ascii_graphic()) {
        return Err(ApiError::field(
            "Idempotency-Key",
            "validation.invalid",
            "Idempotency-Key is 1 to 100 visible ASCII characters",
        ));
    }
    Ok(Some(key.to_owned()))
}

/// One attempt to place the cart's order.
pub async fn place(
    state: &AppState,
    cart_id: &str,
    key: Option<&str>,
) -> Result<Placement, ApiError> {
    let pool = state.db.pool();
    let live = store::live_order_of_cart(pool, cart_id).await?;
    let Some(cart) = crate::cart::priced(state, cart_id).await? else {
        // A paid order's cart is gone; placing it again still gives that order.
        return live.map(Placement::Existing).ok_or(ApiError::NotFound);
    };
    let checked = check(pool, &cart).await?;
    if let Some(order) = live.filter(|order| !replaceable(order, &checked.fingerprint)) {
        return Ok(Placement::Existing(order));
    }
    let lines = engine::order::order_lines(&cart.input, &cart.calculation)?;
    // Stock, gift-card balance and the order must survive power loss once committed.
    let placed = write(state.db.durable_pool(), &cart, &checked, &lines, key).await;
    // Stock was reserved (or a replaced order's stock given back): cached entries are stale.
    state.pricing.forget_catalog();
    if let Ok(Placement::New(_)) = &placed {
        state.metrics.order_placed();
    }
    placed
}

/// An `Idempotency-Key` names one order request: the same key with another cart, or with the
/// cart's contents changed since (when `fingerprint` is known), is refused with 422 and never
/// answers another cart's order.
pub fn check_key_reuse(
    order: &OrderRow,
    cart_id: &str,
    fingerprint: Option<&str>,
) -> Result<(), ApiError> {
    let same_cart = order.cart_id.as_deref() == Some(cart_id);
    let same_contents = fingerprint
        .is_none_or(|fingerprint| order.cart_fingerprint.as_deref() == Some(fingerprint));
    if same_cart && same_contents {
        return Ok(());
    }
    Err(ApiError::refused(
        StatusCode::UNPROCESSABLE_ENTITY,
        "errors.idempotencyKeyReused",
        "This Idempotency-Key was used for another order request; use a new key",
    ))
}

/// The fingerprint of the cart as it is now, when it can still be priced (a paid order's
/// cart is gone; a cart whose gift card its own order spent no longer prices).
pub async fn current_fingerprint(
    state: &AppState,
    cart_id: &str,
) -> Result<Option<String>, ApiError> {
    match crate::cart::priced(state, cart_id).await {
        Ok(Some(cart)) => Ok(Some(fingerprint(&cart)?)),
        Ok(None)
        | Err(ApiError::Refused { .. } | ApiError::BadRequest { .. } | ApiError::Engine(_)) => {
            Ok(None)
        }
        Err(other) => Err(other),
    }
}

/// An unpaid order of a cart that has changed since is replaced; any other is kept.
fn replaceable(order: &OrderRow, fingerprint: &str) -> bool {
    let unpaid = order.status().is_ok_and(OrderStatus::awaits_payment);
    unpaid && order.cart_fingerprint.as_deref() != Some(fingerprint)
}

/// What the checks found out.
struct Checked {
    email_address: String,
    fingerprint: String,
    order_number_prefix: String,
}

async fn check(pool: &AnyPool, cart: &PricedCart) -> Result<Checked, ApiError> {
    let billing: Option<Billing> = document(&cart.row.billing_json);
    let gates = check_gates(pool, cart, billing.as_ref()).await?;
    let email_address = billing
        .as_ref()
        .and_then(|billing| billing.email_address.as_deref())
        .map(str::trim)
        .filter(|email| !email.is_empty())
        .ok_or_else(|| ApiError::required("billing.emailAddress"))?
        .to_owned();
    if let Some(code) = &cart.row.discount_code {
        check_discount_code(pool, code, cart.owner.account_id.as_deref(), &email_address).await?;
    }
    if gates.payment_method_needed {
        check_payment_method(pool, cart).await?;
    }
    let order_number_prefix = store::placement::order_number_prefix(pool, cart.row.site_id).await?;
    Ok(Checked {
        fingerprint: fingerprint(cart)?,
        email_address,
        order_number_prefix,
    })
}

/// A checkout document of the cart as stored by the body that set it.
fn document<T: serde::de::DeserializeOwned>(text: &Option<String>) -> Option<T> {
    super::view::document(text.as_deref())
}

async fn country_code(
    pool: &AnyPool,
    country_id: Option<i64>,
) -> Result<Option<CountryCode>, ApiError> {
    let Some(country_id) = country_id else {
        return Ok(None);
    };
    let row = store::placement::region_code(pool, country_id).await?;
    Ok(row.and_then(|code| code.parse().ok()))
}

/// The engine's checkout gates, which must open the last step, "complete".
async fn check_gates(
    pool: &AnyPool,
    cart: &PricedCart,
    billing: Option<&Billing>,
) -> Result<CheckoutGates, ApiError> {
    let row = &cart.row;
    let shipping: Option<Shipping> = document(&row.shipping_json);
    let billing_country = billing
        .and_then(|billing| billing.address.as_ref())
        .and_then(|address| address.country_id);
    let shipping_country = shipping
        .as_ref()
        .and_then(|shipping| shipping.address.as_ref())
        .and_then(|address| address.country_id);
    let site_country = store::placement::country_of_site(pool, row.site_id).await?;
    let site_country = country_code(pool, Some(site_country))
        .await?
        .ok_or_else(|| ApiError::Internal(format!("site {} has no country code", row.site_id)))?;
    let state = CheckoutState::of_cart(&CartFacts {
        product_count: u32::try_from(cart.line_count).unwrap_or(u32::MAX),
        scan_products_only: cart.calculation.scan_products_only,
        sample_lines: cart
            .calculation
            .products
            .iter()
            .map(|line| SampleLine {
                product_type: line.product_type,
                quantity: line.quantity,
                rqs_samples: line.rqs_samples.clone(),
            })
            .collect(),
        billing_country: country_code(pool, billing_country).await?,
        shipping_method: row.shipping_method,
        parcel_shop_id: row.dpd_parcel_shop_id.clone(),
        parcel_shop_zipcode_or_city: row.dpd_parcel_shop_zipcode_or_city.clone(),
        alternative_shipping_address: row.alternative_shipping_address.into(),
        shipping_address_country: country_code(pool, shipping_country).await?,
        total_amount: cart.calculation.total_amount,
        amount_to_pay: Some(cart.calculation.amount_to_pay),
        payment_method_id: row.payment_method_id,
        gift_card_number: row.gift_card_number.clone(),
        site_country,
    });
    let gates = engine::checkout::checkout_gates(&state)?;
    if gates.steps.complete.status != StepStatus::Closed {
        return Ok(gates);
    }
    let reasons = gates
        .steps
        .complete
        .reasons
        .iter()
        .map(|reason| FieldError {
            key: reason.key().to_string(),
            message: reason.dutch_text(),
        })
        .collect();
    Err(ApiError::Rejected {
        code: "errors.checkoutClosed",
        message: "Er is iets mis gegaan tijdens het plaatsen van de bestelling.".to_owned(),
        fields: BTreeMap::from([("checkout".to_owned(), reasons)]),
    })
}

fn code_refused() -> ApiError {
    ApiError::refused(
        StatusCode::CONFLICT,
        "errors.discountCodeInvalid",
        "The discount code is not valid (any more)",
    )
}

/// The code must be within its dates and usage limit, and this customer below its limit.
async fn check_discount_code(
    pool: &AnyPool,
    code: &str,
    account_id: Option<&str>,
    email: &str,
) -> Result<(), ApiError> {
    if crate::cart::promotion_of_code(pool, code).await?.is_none() {
        return Err(code_refused());
    }
    let mut connection = pool.acquire().await?;
    check_customer_uses(&mut connection, code, account_id, email).await
}

/// The customer (by account or e-mail address) must have used the code fewer times than its
/// per-customer limit.
async fn check_customer_uses(
    connection: &mut AnyConnection,
    code: &str,
    account_id: Option<&str>,
    email: &str,
) -> Result<(), ApiError> {
    if crate::cart::code_used_up_by(connection, code, account_id, Some(email)).await? {
        return Err(crate::cart::discount_code_used());
    }
    Ok(())
}

/// The check of [`check_discount_code`] again inside the placing transaction, after the
/// order counter serialized concurrent placements: the orders counted are every order
/// committed before this one, so parallel orders of one customer use a code at most its limit.
async fn recheck_customer_uses(
    connection: &mut AnyConnection,
    cart: &PricedCart,
    email: &str,
) -> Result<(), ApiError> {
    let Some(code) = &cart.row.discount_code else {
        return Ok(());
    };
    check_customer_uses(connection, code, cart.owner.account_id.as_deref(), email).await
}

/// What is left to pay after a gift card (the engine's gates say a payment method is needed)
/// needs a method that may pay the rest (the engine's `PaymentFlow::may_pay_rest`).
async fn check_payment_method(pool: &AnyPool, cart: &PricedCart) -> Result<(), ApiError> {
    let flow = match cart.row.payment_method_id {
        Some(id) => payment_flow(pool, id).await?,
        None => None,
    };
    match flow {
        Some(flow) if flow.may_pay_rest() => Ok(()),
        _ => Err(ApiError::field(
            "paymentMethodId",
            "checkout.choosePaymentMethod",
            "Kies een betaalmethode voor het bedrag dat overblijft",
        )),
    }
}

/// How a payment method collects: `redirect` (a provider's page), `offline` (bank transfer)
/// or `giftCard`.
pub async fn payment_flow(
    pool: &AnyPool,
    payment_method_id: PaymentMethodId,
) -> Result<Option<PaymentFlow>, sqlx::Error> {
    let row = store::placement::payment_flow_name(pool, payment_method_id).await?;
    Ok(row.and_then(|flow| PaymentFlow::from_name(&flow)))
}

/// A hash of everything that makes the order: what was priced and every checkout choice.
fn fingerprint(cart: &PricedCart) -> Result<String, ApiError> {
    let row = &cart.row;
    // Stock is not a choice: it moves with every order (this one's reservation included).
    let mut input = cart.input.clone();
    for entry in &mut input.catalog {
        entry.stock = None;
    }
    // Nor is the gift card's balance: this order's own reservation moves it.
    if let Some(card) = &mut input.gift_card {
        card.balance = Money::ZERO;
    }
    let choices = serde_json::json!({
        "input": input,
        "billing": row.billing_json, "shipping": row.shipping_json, "company": row.company_json,
        "alternative": i64::from(row.alternative_shipping_address.0), "dealer": row.dealer_id,
        "parcelShop": row.dpd_parcel_shop_id, "method": row.payment_method_id, "issuer": row.issuer,
        "newsletter": i64::from(row.newsletter_subscribe.0), "language": row.language_id,
    });
    let text =
        serde_json::to_string(&choices).map_err(|error| ApiError::Internal(error.to_string()))?;
    Ok(hex::encode(Sha256::digest(text.as_bytes())))
}

fn stock_refused(description: &str) -> ApiError {
    ApiError::refused(
        StatusCode::CONFLICT,
        "errors.outOfStock",
        format!("Er is niet genoeg voorraad van {description} om de bestelling te plaatsen"),
    )
}

async fn write(
    pool: &AnyPool,
    cart: &PricedCart,
    checked: &Checked,
    lines: &[OrderLine],
    key: Option<&str>,
) -> Result<Placement, ApiError> {
    let mut transaction = pool.begin().await?;
    // Taking the order number is the first statement and a write: concurrent placements wait
    // here, one after the other, on SQLite (its write lock) and on PostgreSQL (the row lock).
    let order_id = store::placement::next_order_id(&mut transaction).await?;
    if let Some(key) = key {
        if let Some(order) = store::by_idempotency_key_in(&mut transaction, key).await? {
            check_key_reuse(&order, &cart.row.cart_id, Some(&checked.fingerprint))?;
            return Ok(Placement::Existing(order));
        }
    }
    if let Some(order) = store::live_order_of_cart_in(&mut transaction, &cart.row.cart_id).await? {
        if !replaceable(&order, &checked.fingerprint) {
            return Ok(Placement::Existing(order));
        }
        let from = order.status()?;
        store::transition(
            &mut transaction,
            order.order_id,
            from,
            OrderStatus::Cancelled,
        )
        .await?;
        store::release(&mut transaction, &order).await?;
    }
    reserve_stock(&mut transaction, lines).await?;
    if let Some(code) = &cart.row.discount_code {
        use_discount_code(&mut transaction, code).await?;
        recheck_customer_uses(&mut transaction, cart, &checked.email_address).await?;
    }
    if !take_gift_card_amount(&mut transaction, cart).await? {
        return Ok(Placement::PriceAgain);
    }
    let public_id = crate::platform::secrets::new_id();
    insert_order(&mut transaction, order_id, &public_id, cart, checked, key).await?;
    insert_lines(&mut transaction, order_id, lines).await?;
    store::record_status(
        &mut transaction,
        order_id,
        OrderStatus::Created,
        crate::platform::clock::now_millis(),
    )
    .await?;
    transaction.commit().await?;
    let order = store::by_public_id(pool, &public_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok(Placement::New(order))
}

async fn reserve_stock(
    connection: &mut AnyConnection,
    lines: &[OrderLine],
) -> Result<(), ApiError> {
    let mut quantities: BTreeMap<ProductVariantId, (i64, &str)> = BTreeMap::new();
    for line in lines {
        let entry = quantities
            .entry(line.product_variant_id)
            .or_insert((0, &line.description));
        entry.0 += i64::from(line.quantity);
    }
    for (variant_id, (quantity, description)) in quantities {
        if !store::placement::reserve_stock(&mut *connection, variant_id, quantity).await? {
            return Err(stock_refused(description));
        }
    }
    Ok(())
}

async fn use_discount_code(connection: &mut AnyConnection, code: &str) -> Result<(), ApiError> {
    if !store::placement::use_discount_code(connection, code).await? {
        Err(code_refused())
    } else {
        Ok(())
    }
}

/// Takes the engine's gift-card amount off the card (the new balance is the engine's
/// `gift_card::pay`, which never takes more than the balance), if its balance is still the one
/// the cart was priced with; false when it changed meanwhile.
async fn take_gift_card_amount(
    connection: &mut AnyConnection,
    cart: &PricedCart,
) -> Result<bool, ApiError> {
    let amount = cart.calculation.gift_card_amount;
    let (Some(card_number), Some(card)) = (&cart.row.gift_card_number, &cart.input.gift_card)
    else {
        return Ok(true);
    };
    if amount.is_zero() {
        return Ok(true);
    }
    let remaining =
        engine::gift_card::pay(card.balance, amount).map_err(engine::EngineError::from)?;
    Ok(store::set_gift_card_balance(
        connection,
        card_number,
        &card.balance.to_string(),
        remaining,
    )
    .await?)
}

fn money_json<T: serde::Serialize>(value: &T) -> Result<String, ApiError> {
    serde_json::to_string(value).map_err(|error| ApiError::Internal(error.to_string()))
}

async fn insert_order(
    connection: &mut AnyConnection,
    order_id: i64,
    public_id: &str,
    cart: &PricedCart,
    checked: &Checked,
    key: Option<&str>,
) -> Result<(), ApiError> {
    let row = &cart.row;
    let calculation: &CalculatedCart = &cart.calculation;
    let now = crate::platform::clock::now_millis();
    let year = &crate::platform::clock::today()[..4];
    let order_number = engine::order::order_number(&checked.order_number_prefix, year, order_id);
    let amount = |money: Money| money.to_string();
    store::placement::insert_order(
        connection,
        store::placement::NewOrder {
            order_id,
            public_id,
            order_number,
            site_id: row.site_id,
            language_id: row.language_id,
            account_id: cart.owner.account_id.clone(),
            cart_id: &row.cart_id,
            cart_fingerprint: &checked.fingerprint,
            idempotency_key: key,
            email_address: &checked.email_address,
            billing_json: row.billing_json.clone().unwrap_or_else(|| "{}".to_owned()),
            shipping_json: row.shipping_json.clone(),
            company_json: row.company_json.clone(),
            alternative_shipping_address: row.alternative_shipping_address,
            shipping_method: i64::from(row.shipping_method),
            dealer_id: row.dealer_id,
            dpd_parcel_shop_id: row.dpd_parcel_shop_id.clone(),
            newsletter_subscribe: row.newsletter_subscribe,
            scan_products_only: i64::from(calculation.scan_products_only),
            payment_method_id: row.payment_method_id.map(i64::from),
            issuer: row.issuer.clone(),
            gift_card_number: row.gift_card_number.clone(),
            discount_code: cart.input.discount_code.clone(),
            order_discounts_json: money_json(&calculation.order_discounts)?,
            shipping_discounts_json: money_json(&calculation.shipping_discounts)?,
            sub_total_amount: amount(calculation.sub_total_amount),
            original_shipping_costs: amount(calculation.original_shipping_costs),
            shipping_costs: amount(calculation.shipping_costs),
            payment_costs: amount(calculation.payment_costs),
            total_amount: amount(calculation.total_amount),
            vat_amount_low: amount(calculation.vat_amount_low),
            vat_amount_high: amount(calculation.vat_amount_high),
            total_amount_excl_vat: amount(calculation.total_amount_excl_vat),
            gift_card_amount: amount(calculation.gift_card_amount),
            amount_to_pay: amount(calculation.amount_to_pay),
            created_at: now,
            mailplus_id: row.mailplus_id.clone(),
        },
    )
    .await?;
    Ok(())
}

async fn insert_lines(
    connection: &mut AnyConnection,
    order_id: i64,
    lines: &[OrderLine],
) -> Result<(), ApiError> {
    for line in lines {
        let vat_type = line.vat_type.as_str().to_owned();
        let product_type = serde_json::to_value(line.product_type)
            .ok()
            .and_then(|value| value.as_i64())
            .unwrap_or_default();
        store::placement::insert_line(&mut *connection, order_id, line, product_type, vat_type)
            .await?;
    }
    Ok(())
}
