//! The checkout details kept on a cart: discount code, shipping and billing details, company,
//! payment and the newsletter wish.

use axum::extract::State;

use super::api_types::{CartNotice, CartWithCalculation, CodeQuery, PaymentBody, SubscribeQuery};
use super::bodies;
use super::pricing;
use super::service::{
    change_row, code_used_up_in, discount_code_invalid, discount_code_used, gift_card_accepted,
    gift_card_rejected, parse_document, read_cart,
};
use super::store;
use crate::AppState;
use crate::platform::db::Flag;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::Json as JsonResponse;
use crate::platform::extract::{Json, Path, Query};
use crate::platform::limits::{self, Limit};
use crate::platform::session::Client;

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
pub(super) async fn add_discount_code(
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
pub(super) async fn remove_discount_code(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<JsonResponse<CartWithCalculation>, ApiError> {
    let cart = read_cart(&state, &id).await?;
    change_row(&state, cart, &["discount_code"], |row| {
        row.discount_code = None
    })
    .await
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
pub(super) async fn set_shipping(
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
pub(super) async fn set_billing(
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
pub(super) async fn set_company(
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
pub(super) async fn set_payment(
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
pub(super) async fn set_newsletter(
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
