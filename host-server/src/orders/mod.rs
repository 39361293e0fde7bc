//! Orders: placing an order from a cart, paying it, and
//! reading it back.
//!
//! - `POST /api/cart/{id}/order` places the cart's order ([`placement`]) and answers where the
//!   customer goes next: the payment provider's page, or the site's success page when there
//!   is nothing to pay (a total of 0, a gift card that covers it) or the customer pays by
//!   bank transfer.
//! - `POST /api/account/orders/{orderNumber}/pay` pays one of the signed-in customer's unpaid
//!   orders ([`pay_again`]): the same payment start, the provider's page as the answer.
//! - `GET /api/orders/{orderId}` shows an order to whoever holds its unguessable id (the
//!   thank-you and failed-payment pages); its names, e-mail and addresses only to the browser
//!   that placed it (the `hb_orders` cookie) or the signed-in owner.
//! - The payment area ([`crate::payments`]) calls [`refresh_payment`] and
//!   [`page_after_payment`].
//!
//! Statuses move only as the engine's [`OrderStatus`] allows; a paid order sends the
//! confirmation mail and removes its cart, a failed or cancelled payment cancels the order and
//! gives its stock, gift-card amount and discount-code use back, keeping the cart for another
//! try.

pub mod admin;
mod blocks;
pub mod credit_notes;
pub mod invoices;
mod mails;
mod of_account;
mod pay_again;
mod payment_callbacks;
mod placement;
pub mod refunding;
pub mod store;
mod view;

use crate::platform::extract::{Json, Path};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use engine::order::OrderStatus;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::payments::{PaymentRequest, PaymentStatus};
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::session::Client;
pub use mails::{SURVEY_PATH, send_review_request, send_survey_invitation};
use placement::Placement;
use store::OrderRow;
pub use store::{
    OrderRow as Order, by_id as order_by_id, by_order_number as order_by_number,
    by_order_number_of_account, status_history,
};
pub use view::{OrderLineView, OrderView, line_views};

/// The routes of this area.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        // The account area's orders and invoices: a signed-in customer's own.
        .merge(of_account::router())
        .merge(pay_again::router())
        .merge(invoices::router())
        .routes(routes!(place_order))
        .routes(routes!(get_order))
        .routes(routes!(get_survey_link))
        .merge(payment_callbacks::router())
        .routes(routes!(admin::change_order_status))
        .routes(routes!(admin::queue::list_orders))
        .routes(routes!(admin::export::export_orders))
        .routes(routes!(admin::detail::get_order_for_staff))
        .routes(routes!(admin::notes::add_order_note))
        .routes(routes!(admin::bank_transfer::register_bank_transfer))
        .routes(routes!(admin::refunds::preview_refund))
        .routes(routes!(admin::refunds::refund_order))
        .routes(routes!(credit_notes::download_credit_note))
        .routes(routes!(admin::mails::resend_order_mail))
        .routes(routes!(
            admin::views::list_order_views,
            admin::views::save_order_view
        ))
        .routes(routes!(admin::views::delete_order_view))
}

/// The answer to placing an order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlacedOrder {
    /// The order.
    pub order: OrderView,
    /// Where the customer's browser goes next.
    pub redirect_url: String,
}

/// The cookie that lets the browser which placed an order see its personal data.
const VIEWER_COOKIE: &str = "hb_orders";

/// Places the cart's order.
///
/// Prices the cart again with the engine, checks the checkout gates, the discount code (dates,
/// usage limit, per-customer limit) and the payment method, then in one transaction reserves
/// stock and gift-card balance, uses the code and writes the order. Idempotent: the same
/// `Idempotency-Key`, or the same unchanged cart, gives the same order (200). A changed cart
/// replaces its unpaid order. The answer says where the browser goes next: the payment
/// provider's page, or the site's success page when nothing is left to pay or the customer
/// pays by bank transfer.
#[utoipa::path(
    post,
    path = "/api/cart/{id}/order",
    tag = "orders",
    operation_id = "orders_place",
    params(
        ("id" = String, Path, description = "The cart"),
        ("Idempotency-Key" = Option<String>, Header, description = "Names this order request: 1 to 100 visible ASCII characters"),
        ("siteid" = Option<i64>, Header, description = "The site, for the addresses the customer is sent to; the request's host decides when absent"),
    ),
    responses(
        (status = 201, description = "A new order", body = PlacedOrder,
            headers(("Set-Cookie" = String, description = "The cookie that lets this browser see the order's personal data"))),
        (status = 200, description = "The order this cart or key already has", body = PlacedOrder,
            headers(("Set-Cookie" = String, description = "The cookie that lets this browser see the order's personal data"))),
        (status = 400, description = "Checkout steps closed (`errors.checkoutClosed`, the reasons under `fieldErrors.checkout`), no payment method for the rest, a gift card that cannot pay, or a bad `Idempotency-Key` or header", body = ErrorBody),
        (status = 404, description = "No such cart, or an account's cart without its session", body = ErrorBody),
        (status = 409, description = "`errors.outOfStock`, `errors.discountCodeInvalid`, `errors.discountCodeUsed`, `errors.orderPlacementFailed`, or a choice that no longer applies", body = ErrorBody),
        (status = 422, description = "The `Idempotency-Key` was used for another cart or contents (`errors.idempotencyKeyReused`)", body = ErrorBody),
        (status = 502, description = "The payment provider cannot be reached (`errors.paymentProviderUnavailable`); placing again retries", body = ErrorBody),
    )
)]
async fn place_order(
    State(state): State<AppState>,
    Path(cart_id): Path<String>,
    headers: HeaderMap,
    context: crate::platform::request_context::RequestContext,
    client: Client,
) -> Result<impl axum::response::IntoResponse, ApiError> {
    let (viewer_token, viewer_cookie) = viewer_token(&headers, &client)?;
    let (status, Json(placed)) = place_and_pay(&state, &cart_id, &headers, context).await?;
    store::checkout::set_viewer_token_hash(
        state.db.pool(),
        &placed.order.order_id,
        &crate::platform::secrets::hash_token(&viewer_token),
    )
    .await?;
    Ok((
        status,
        [(crate::platform::session::SET_COOKIE_HEADER, viewer_cookie)],
        Json(placed),
    ))
}

/// The browser's order-viewer token (kept when it has one) and the cookie that holds it.
fn viewer_token(
    headers: &HeaderMap,
    client: &Client,
) -> Result<(String, axum::http::HeaderValue), ApiError> {
    let token = crate::platform::session::cookie_value(headers, VIEWER_COOKIE)
        .filter(|token| token.len() == 64 && token.chars().all(|c| c.is_ascii_hexdigit()))
        .unwrap_or_else(crate::platform::secrets::new_token);
    let cookie = cookie::Cookie::build((VIEWER_COOKIE, token.clone()))
        .path("/api/orders")
        .http_only(true)
        .same_site(cookie::SameSite::Lax)
        .secure(client.https)
        .max_age(cookie::time::Duration::days(30))
        .build();
    Ok((token, crate::platform::session::cookie_header(cookie)?))
}

async fn place_and_pay(
    state: &AppState,
    cart_id: &str,
    headers: &HeaderMap,
    context: crate::platform::request_context::RequestContext,
) -> Result<(StatusCode, Json<PlacedOrder>), ApiError> {
    let key = placement::idempotency_key(headers)?;
    let origin = state.trust.origin(context.site_id, headers).await?;
    let pool = state.db.pool();
    if let Some(key) = &key {
        if let Some(order) = store::by_idempotency_key(pool, key).await? {
            placement::check_key_reuse(&order, cart_id, None)?;
            let fingerprint = placement::current_fingerprint(state, cart_id).await?;
            placement::check_key_reuse(&order, cart_id, fingerprint.as_deref())?;
            return answer(state, order, &origin, StatusCode::OK).await;
        }
    }
    // A gift card whose balance moves between pricing and reserving is priced again; a few
    // rounds settle any realistic contention.
    for _ in 0..5 {
        match placement::place(state, cart_id, key.as_deref()).await {
            Ok(Placement::New(order)) => {
                create_requested_account(state, &order, cart_id, &origin).await;
                let order = start_payment(state, order, &origin).await?;
                return answer(state, order, &origin, StatusCode::CREATED).await;
            }
            Ok(Placement::Existing(order)) => {
                let order = start_payment(state, order, &origin).await?;
                return answer(state, order, &origin, StatusCode::OK).await;
            }
            Ok(Placement::PriceAgain) => continue,
            Err(ApiError::Database(error)) if is_unique_violation(&error) => {
                // The same cart or key was placed at the same moment; the next round finds it.
                continue;
            }
            Err(error) => return Err(error),
        }
    }
    Err(ApiError::refused(
        StatusCode::CONFLICT,
        "errors.orderPlacementFailed",
        "Er is iets mis gegaan tijdens het plaatsen van de bestelling.",
    ))
}

fn is_unique_violation(error: &sqlx::Error) -> bool {
    matches!(error, sqlx::Error::Database(database) if database.is_unique_violation())
}

async fn answer(
    state: &AppState,
    order: OrderRow,
    origin: &url::Url,
    status: StatusCode,
) -> Result<(StatusCode, Json<PlacedOrder>), ApiError> {
    let redirect_url = next_address(state, &order, origin).await?;
    let order = view::order_view(state.db.pool(), &order).await?;
    Ok((
        status,
        Json(PlacedOrder {
            order,
            redirect_url,
        }),
    ))
}

/// The provider's page while a payment is open, otherwise the page after payment.
async fn next_address(
    state: &AppState,
    order: &OrderRow,
    origin: &url::Url,
) -> Result<String, ApiError> {
    if order.status()?.awaits_payment() {
        if let Some(payment) = store::latest_payment(state.db.pool(), order.order_id).await? {
            if payment.status == PaymentStatus::Open.as_str() {
                return Ok(payment.checkout_url);
            }
        }
    }
    let page = page_for(state, order).await?;
    Ok(origin.join(&page).map_or(page, |url| url.to_string()))
}

/// Sends a new order on its way: nothing to pay completes it, a bank transfer leaves it open
/// for the transfer, anything else starts a payment at the provider. An order that already
/// has an open payment, or is past payment, is left as it is.
async fn start_payment(
    state: &AppState,
    order: OrderRow,
    origin: &url::Url,
) -> Result<OrderRow, ApiError> {
    let pool = state.db.pool();
    if order.status()? != OrderStatus::Created {
        return Ok(order);
    }
    if !engine::order::payment_due(order.amount_to_pay) {
        complete(state, &order, OrderStatus::Created).await?;
    } else if pays_offline(state, &order).await? {
        let mut connection = pool.acquire().await?;
        if store::transition(
            &mut connection,
            order.order_id,
            OrderStatus::Created,
            OrderStatus::Open,
        )
        .await?
        {
            mails::send_confirmation(state, &order).await;
            newsletter_asked(state, &order).await;
            forget_cart(state, &order).await;
        }
    } else {
        create_payment_detached(state, &order, origin).await?;
    }
    store::by_id(pool, order.order_id)
        .await?
        .ok_or(ApiError::NotFound)
}

/// Creates the provider's payment on a task of its own: a client that disconnects meanwhile
/// drops only this request, not the creation, so the payment is recorded (or its claim given
/// up) and the next attempt finds it open and pays at once, rather than waiting on a claim
/// that nobody will finish.
async fn create_payment_detached(
    state: &AppState,
    order: &OrderRow,
    origin: &url::Url,
) -> Result<(), ApiError> {
    let (state, order, origin) = (state.clone(), order.clone(), origin.clone());
    let task = tokio::spawn(async move { create_provider_payment(&state, &order, &origin).await });
    task.await
        .map_err(|error| ApiError::Internal(format!("payment creation stopped: {error}")))?
}

/// How long a claim to create a payment may stay unfinished: longer than the provider's own
/// time limit (15 seconds). An older claim was left by a server that stopped meanwhile.
const ABANDONED_CLAIM_MS: i64 = 30_000;

/// Removes the order's payment claim when it was abandoned; true when one was removed.
async fn remove_abandoned_claim(state: &AppState, order: &OrderRow) -> Result<bool, ApiError> {
    Ok(store::checkout::remove_claim_made_before(
        state.db.pool(),
        order.order_id,
        crate::platform::clock::now_millis() - ABANDONED_CLAIM_MS,
    )
    .await?)
}

/// Cancels an order that still awaits payment (its stock, gift-card amount and code use
/// return); false when it no longer awaits payment.
pub async fn cancel_unpaid(state: &AppState, order_id: i64) -> Result<bool, ApiError> {
    let pool = state.db.pool();
    let Some(order) = store::by_id(pool, order_id).await? else {
        return Ok(false);
    };
    let from = order.status()?;
    if !from.awaits_payment() {
        return Ok(false);
    }
    let cancelled = store::cancel(state.db.durable_pool(), &order, from).await;
    state.pricing.forget_catalog();
    if cancelled? {
        mails::send_cancelled(state, &order, true).await;
        return Ok(true);
    }
    Ok(false)
}

pub use placement::payment_flow;

async fn pays_offline(state: &AppState, order: &OrderRow) -> Result<bool, ApiError> {
    let Some(method) = order.payment_method_id else {
        return Ok(false);
    };
    Ok(placement::payment_flow(state.db.pool(), method).await?
        == Some(engine::payment::PaymentFlow::Offline))
}

async fn create_provider_payment(
    state: &AppState,
    order: &OrderRow,
    origin: &url::Url,
) -> Result<(), ApiError> {
    let pool = state.db.pool();
    let amount = order.amount_to_pay;
    // Claim the order's one open payment first (a unique index allows one); a request that
    // loses the claim waits for the winner's payment instead of making a second one.
    let claim = format!("creating_{}", crate::platform::secrets::new_id());
    let claimed = store::checkout::insert_claim(
        pool,
        store::checkout::PaymentClaim {
            claim: &claim,
            order_id: order.order_id,
            provider: state.payments.name(),
            payment_method_id: order.payment_method_id.map(i64::from),
            issuer: order.issuer.clone(),
            amount: amount.to_string(),
            now_millis: crate::platform::clock::now_millis(),
        },
    )
    .await;
    match claimed {
        Err(error) if is_unique_violation(&error) => {
            if remove_abandoned_claim(state, order).await? {
                return Box::pin(create_provider_payment(state, order, origin)).await;
            }
            return wait_for_open_payment(state, order).await;
        }
        other => other?,
    };
    let payment = match state
        .payments
        .create_payment(&payment_request(state, order, origin).await?)
        .await
    {
        Ok(payment) => payment,
        Err(error) => {
            store::checkout::remove_payment(pool, &claim).await?;
            return Err(error.into());
        }
    };
    store::checkout::claim_to_payment(
        pool,
        &claim,
        &payment.id,
        payment.status.as_str(),
        payment.checkout_url.clone().unwrap_or_default(),
        crate::platform::clock::now_millis(),
    )
    .await?;
    let mut connection = pool.acquire().await?;
    store::transition(
        &mut connection,
        order.order_id,
        OrderStatus::Created,
        OrderStatus::Open,
    )
    .await?;
    Ok(())
}

async fn payment_request(
    state: &AppState,
    order: &OrderRow,
    origin: &url::Url,
) -> Result<PaymentRequest, ApiError> {
    let pool = state.db.pool();
    let method = match order.payment_method_id {
        Some(id) => store::checkout::payment_method_key(pool, id.get()).await?,
        None => None,
    };
    let webhook_base = state.trust.webhook_origin(origin);
    Ok(PaymentRequest {
        amount: order.amount_to_pay,
        description: order.order_number.clone(),
        method,
        issuer: order.issuer.clone(),
        redirect_url: join(origin, &format!("/api/payments/return/{}", order.public_id))?,
        webhook_url: join(webhook_base, "/api/payments/webhook")?,
        locale: crate::platform::mail::culture_of(pool, Some(order.language_id)).await?,
        order_reference: order.public_id.clone(),
    })
}

/// Waits (up to 15 seconds, the provider's own time limit) until the payment another request
/// is creating is open.
async fn wait_for_open_payment(state: &AppState, order: &OrderRow) -> Result<(), ApiError> {
    for _ in 0..150 {
        match store::latest_payment(state.db.pool(), order.order_id).await? {
            Some(payment) if payment.status == "creating" => {}
            Some(payment) if payment.status == PaymentStatus::Open.as_str() => return Ok(()),
            _ => break,
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    Err(ApiError::refused(
        StatusCode::CONFLICT,
        "errors.orderPlacementFailed",
        "Er is iets mis gegaan tijdens het plaatsen van de bestelling.",
    ))
}

fn join(base: &url::Url, path: &str) -> Result<String, ApiError> {
    base.join(path)
        .map(|url| url.to_string())
        .map_err(|error| ApiError::Internal(format!("address {path}: {error}")))
}

/// Marks an order paid, sends the confirmation and removes its cart.
async fn complete(state: &AppState, order: &OrderRow, from: OrderStatus) -> Result<(), ApiError> {
    let mut connection = state.db.durable_pool().acquire().await?;
    if store::transition(&mut connection, order.order_id, from, OrderStatus::Paid).await? {
        drop(connection);
        mails::send_confirmation(state, order).await;
        mails::send_invoice_available(state, order).await;
        newsletter_asked(state, order).await;
        forget_cart(state, order).await;
    }
    Ok(())
}

/// The newsletter asked for in checkout (`POST /api/cart/{id}/newsletter`): once the order is
/// confirmed, its e-mail address gets the double opt-in mail in the order's site and language,
/// exactly as a sign-up in the footer; nothing is subscribed until its link is followed. Called
/// with the confirmation, which goes once per order. A failure is logged; the order stands.
async fn newsletter_asked(state: &AppState, order: &OrderRow) {
    let asked = store::checkout::newsletter_subscribe(state.db.pool(), order.order_id).await;
    let result = match asked {
        Ok(Some(1)) => {
            let email = crate::platform::email_address::normalize_email(&order.email_address);
            crate::newsletter::sign_up(state, &email, order.site_id, order.language_id).await
        }
        Ok(_) => return,
        Err(error) => Err(error.into()),
    };
    if let Err(error) = result {
        tracing::warn!(%error, order = %order.order_number, "could not send the newsletter opt-in of an order");
    }
}

/// The cart has become the order; it goes, so the next visit starts an empty one.
async fn forget_cart(state: &AppState, order: &OrderRow) {
    if let Some(cart_id) = &order.cart_id {
        if let Err(error) = crate::cart::delete(state, cart_id).await {
            tracing::warn!(%error, order = %order.order_number, "could not remove the ordered cart");
        }
    }
}

/// A guest who chose a password in checkout gets an account (still to be activated); the
/// order is theirs. The order stands even when this fails, so failures are only logged.
async fn create_requested_account(
    state: &AppState,
    order: &OrderRow,
    cart_id: &str,
    origin: &url::Url,
) {
    if let Err(error) = try_create_requested_account(state, order, cart_id, origin).await {
        tracing::warn!(%error, order = %order.order_number, "could not create the account chosen in checkout");
    }
}

async fn try_create_requested_account(
    state: &AppState,
    order: &OrderRow,
    cart_id: &str,
    origin: &url::Url,
) -> Result<(), ApiError> {
    let pool = state.db.pool();
    let owner = crate::cart::owner(pool, cart_id).await?;
    let (Some(owner), None) = (owner, &order.account_id) else {
        return Ok(());
    };
    let (Some(password_hash), Some(confirm_url)) = (owner.password_hash, owner.confirm_url) else {
        return Ok(());
    };
    let billing: blocks::OrderBilling =
        view::document(Some(&order.billing_json)).unwrap_or_default();
    let company: Option<blocks::OrderCompany> = view::document(order.company_json.as_deref());
    let text = |value: Option<String>| value.unwrap_or_default();
    let (first_name, last_name, phone_number) = (
        text(billing.first_name),
        text(billing.last_name),
        text(billing.phone_number),
    );
    let new_account = crate::accounts::store::NewAccount {
        email_address: &order.email_address,
        password_hash: &password_hash,
        first_name: &first_name,
        last_name: &last_name,
        phone_number: &phone_number,
        language_id: Some(order.language_id),
        site_id: Some(order.site_id),
        newsletter: false,
        company: company.as_ref().and_then(|company| {
            Some(crate::accounts::store::NewCompany {
                company_name: company
                    .company_name
                    .as_deref()
                    .filter(|name| !name.is_empty())?,
                vat_number: company.vat_number.as_deref().filter(|vat| !vat.is_empty()),
            })
        }),
    };
    let confirm_path = crate::platform::trust::shop_path(Some(&confirm_url), "confirmUrl")?;
    if let Some(account_id) =
        crate::accounts::create_with_activation(state, &new_account, confirm_path, origin).await?
    {
        store::checkout::set_account(pool, order.order_id, &account_id).await?;
    }
    Ok(())
}

/// An order by its unguessable id (the thank-you and failed-payment pages). Its names, e-mail
/// address and addresses only to the browser that placed it or the signed-in owner; anyone
/// else gets them empty (null, and an empty e-mail address).
#[utoipa::path(
    get,
    path = "/api/orders/{orderId}",
    tag = "orders",
    operation_id = "orders_get",
    params(("orderId" = String, Path, description = "The order's public id")),
    responses(
        (status = 200, description = "The order", body = OrderView),
        (status = 404, description = "No such order", body = ErrorBody),
    )
)]
async fn get_order(
    State(state): State<AppState>,
    Path(order_id): Path<String>,
    headers: HeaderMap,
    client: Client,
) -> Result<Json<OrderView>, ApiError> {
    let order = store::by_public_id(state.db.pool(), &order_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let mut view = view::order_view(state.db.pool(), &order).await?;
    if !may_see_personal_data(&state, &order, &headers, &client).await? {
        view.hide_personal_data();
    }
    Ok(Json(view))
}

/// The survey of an order, as the thank-you page links to it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SurveyLink {
    pub order_number: String,
    /// The order's survey signature: `/survey/?order={orderNumber}&token={token}`.
    pub token: String,
    /// The survey of this order was answered already.
    pub answered: bool,
}

/// The survey link of an order, for the browser that placed it or its signed-in owner (the
/// thank-you page links to the survey with it).
#[utoipa::path(
    get,
    path = "/api/orders/{orderId}/survey",
    tag = "orders",
    operation_id = "orders_surveyLink",
    params(("orderId" = String, Path, description = "The order's public id")),
    responses(
        (status = 200, description = "The survey link", body = SurveyLink),
        (status = 404, description = "No such order, or not this browser's or customer's", body = ErrorBody),
    )
)]
async fn get_survey_link(
    State(state): State<AppState>,
    Path(order_id): Path<String>,
    headers: HeaderMap,
    client: Client,
) -> Result<Json<SurveyLink>, ApiError> {
    let order = store::by_public_id(state.db.pool(), &order_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    if !may_see_personal_data(&state, &order, &headers, &client).await? {
        return Err(ApiError::NotFound);
    }
    let token = crate::platform::signed_links::sign(
        &state,
        crate::platform::signed_links::Purpose::Survey,
        &order.order_number,
    )
    .await?;
    let answered = store::checkout::survey_answered(state.db.pool(), order.order_id).await?;
    Ok(Json(SurveyLink {
        order_number: order.order_number,
        token,
        answered,
    }))
}

/// The browser that placed the order (its viewer cookie) and the signed-in owner may see the
/// order's names, e-mail and addresses; anyone else who has its id sees only the rest.
async fn may_see_personal_data(
    state: &AppState,
    order: &OrderRow,
    headers: &HeaderMap,
    client: &Client,
) -> Result<bool, ApiError> {
    let viewer_hash = store::checkout::viewer_token_hash(state.db.pool(), order.order_id).await?;
    let stored = viewer_hash.flatten();
    let given = crate::platform::session::cookie_value(headers, VIEWER_COOKIE)
        .map(|token| crate::platform::secrets::hash_token(&token));
    if stored.is_some() && stored == given {
        return Ok(true);
    }
    let (Some(owner), Some(session_id)) = (&order.account_id, &client.session_id) else {
        return Ok(false);
    };
    Ok(
        crate::platform::session::account_of_session(state, session_id)
            .await?
            .as_deref()
            == Some(owner.as_str()),
    )
}

/// Moves an order (by its number) to `to` for the shop owner: only as the engine allows, and
/// cancelling gives back what the order held. Refused moves are 409 with both statuses named.
pub async fn change_status(
    state: &AppState,
    caller: &crate::platform::access::Access,
    order_number: &str,
    to: OrderStatus,
    track_and_trace: Option<&str>,
) -> Result<OrderView, ApiError> {
    let pool = state.db.pool();
    let order: OrderRow = store::by_order_number(pool, order_number)
        .await?
        .ok_or(ApiError::NotFound)?;
    caller.on_site(order.site_id)?;
    let from = order.status()?;
    if let Err(error) = from.transition(to) {
        return Err(ApiError::refused(
            StatusCode::CONFLICT,
            "errors.statusTransition",
            error.to_string(),
        ));
    }
    // The change, its track and trace code and its audit entry are committed together.
    let mut transaction = state.db.begin_change().await?;
    let changed = if to == OrderStatus::Cancelled {
        store::cancel_in(&mut transaction, &order, from).await?
    } else {
        store::transition(&mut transaction, order.order_id, from, to).await?
    };
    if !changed {
        return Err(ApiError::refused(
            StatusCode::CONFLICT,
            "errors.statusTransition",
            "The order's status changed meanwhile; look again",
        ));
    }
    if let Some(code) = track_and_trace {
        store::checkout::set_track_and_trace(&mut transaction, order.order_id, code).await?;
    }
    let event = crate::audit::Event::new("order.status", "order", order_number)
        .field(
            "status",
            Some(crate::platform::labels::label_of(&from)),
            Some(crate::platform::labels::label_of(&to)),
        )
        .field("trackAndTrace", None::<&str>, track_and_trace);
    crate::audit::record(&mut transaction, caller, event).await?;
    transaction.commit().await?;
    if to == OrderStatus::Cancelled {
        // The stock it gave back shows in prices and availability at once.
        state.pricing.forget_catalog();
    }
    let order = store::by_id(pool, order.order_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    match to {
        OrderStatus::Paid => mails::send_invoice_available(state, &order).await,
        OrderStatus::Sent => mails::send_shipped(state, &order).await,
        OrderStatus::Cancelled => {
            mails::send_cancelled(state, &order, false).await;
            refunding::give_back_after_cancellation(
                state,
                &refunding::Refunder::of(caller),
                &order,
            )
            .await?;
        }
        _ => {}
    }
    view::order_view(pool, &order).await
}

/// Asks the provider for a payment's status and applies it to its order. Safe to repeat.
pub async fn refresh_payment(state: &AppState, payment_id: &str) -> Result<(), ApiError> {
    let pool = state.db.pool();
    let payment = store::payment(pool, payment_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let status = state.payments.payment(payment_id).await?.status;
    if payment.status != status.as_str() {
        store::set_payment_status(pool, payment_id, status.as_str()).await?;
        if status != PaymentStatus::Open {
            state.metrics.payment_ended(status.as_str());
        }
    }
    let order = store::by_id(pool, payment.order_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let current = order.status()?;
    match status {
        PaymentStatus::Paid if current.awaits_payment() => complete(state, &order, current).await,
        PaymentStatus::Paid if current == OrderStatus::Cancelled => {
            tracing::warn!(order = %order.order_number, payment = payment_id, "payment arrived for a cancelled order: it goes back");
            let refunder = refunding::Refunder {
                actor: crate::audit::AuditActor::system("payment after cancellation"),
                address: "",
            };
            refunding::give_back_after_cancellation(state, &refunder, &order).await
        }
        unsuccessful if unsuccessful.is_unsuccessful() && current.awaits_payment() => {
            // Only the order's newest payment decides; an older attempt's news is history.
            let newest = store::latest_payment(pool, order.order_id).await?;
            if newest.is_some_and(|newest| newest.payment_id == payment_id) {
                let cancelled = store::cancel(state.db.durable_pool(), &order, current).await;
                state.pricing.forget_catalog();
                if cancelled? {
                    mails::send_cancelled(state, &order, true).await;
                }
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// The page a customer returning from the provider lands on, with `?orderId=`.
pub async fn page_after_payment(state: &AppState, public_id: &str) -> Result<String, ApiError> {
    let pool = state.db.pool();
    let order = store::by_public_id(pool, public_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    if order.status()?.awaits_payment() {
        // The webhook may not have arrived yet: look at the provider now.
        if let Some(payment) = store::latest_payment(pool, order.order_id).await? {
            if let Err(error) = refresh_payment(state, &payment.payment_id).await {
                tracing::warn!(%error, order = %order.order_number, "could not look at the payment on return");
            }
        }
    }
    let order = store::by_id(pool, order.order_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    page_for(state, &order).await
}

/// Success (or RQS success) once paid or paying by transfer; otherwise the failed page.
async fn page_for(state: &AppState, order: &OrderRow) -> Result<String, ApiError> {
    let status = order.status()?;
    let succeeded = !status.awaits_payment() && status != OrderStatus::Cancelled
        || status == OrderStatus::Open && pays_offline(state, order).await?;
    let page = match (succeeded, order.scan_products_only.0) {
        (true, true) => store::checkout::CheckoutPage::SuccessScansOnly,
        (true, false) => store::checkout::CheckoutPage::Success,
        (false, _) => store::checkout::CheckoutPage::Failed,
    };
    let pool = state.db.pool();
    let page_id = store::checkout::checkout_page_of_site(pool, order.site_id, page).await?;
    let path = match page_id {
        Some(page_id) => {
            crate::sites::store::route_path(
                pool,
                order.site_id,
                order.language_id,
                &format!("contentPage:{page_id}"),
            )
            .await?
        }
        None => None,
    };
    let path = path.unwrap_or_else(|| "/".to_owned());
    Ok(format!("{path}?orderId={}", order.public_id))
}
