//! Handing a cart over: customer service prepares a cart (on the phone with a customer, say)
//! and sends the customer a link carrying a key; `POST /api/cart/impersonate?key=` then gives
//! the customer's browser that cart. Keys come from the back office
//! (`POST /api/backoffice/carts/{id}/handoverkey`, customers.edit, in `admin`), are random, stored hashed, work once and
//! expire after a day.

use crate::platform::extract::Json as JsonResponse;
use crate::platform::extract::Query;
use axum::extract::State;
use serde::Deserialize;
use sqlx::AnyConnection;
use utoipa::IntoParams;

use super::api_types::CartWithCalculation;
use super::service::answer;
use super::store;
use crate::AppState;
use crate::platform::error::{ApiError, ErrorBody};
use crate::{platform::clock, platform::secrets};

/// How long a handover key works, in milliseconds.
pub const KEY_LIFETIME_MS: i64 = 24 * 60 * 60 * 1000;

/// Makes a key for a cart of a site the caller works on; the key and when it expires
/// (milliseconds since the epoch).
pub async fn issue_key(
    transaction: &mut AnyConnection,
    caller: &crate::platform::access::Access,
    cart_id: &str,
) -> Result<IssuedKey, ApiError> {
    let cart = store::find(&mut *transaction, cart_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    caller.on_site(cart.site_id)?;
    let key = secrets::new_token();
    let now = clock::now_millis();
    let expires_at = now + KEY_LIFETIME_MS;
    store::handover::insert_key(
        transaction,
        &secrets::hash_token(&key),
        cart_id,
        now,
        expires_at,
    )
    .await?;
    Ok(IssuedKey {
        key,
        expires_at,
        site_id: cart.site_id,
    })
}

/// The storefront's page that takes over a cart with its key (`?key=`).
pub const HANDOVER_PATH: &str = "/cart/handover/";

/// A handover key as made: the key itself (shown once), when it expires (milliseconds since the
/// Unix epoch) and the cart's site, on whose address the customer opens it.
pub struct IssuedKey {
    pub key: String,
    pub expires_at: i64,
    pub site_id: i64,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct KeyQuery {
    /// The handover key.
    #[param(required = true, value_type = String)]
    key: Option<String>,
}

/// Takes over the cart a handover key was made for.
///
/// Customer service prepares a cart and sends the customer a link with a key from
/// `POST /api/backoffice/carts/{id}/handoverkey`. The key works once and expires after 24
/// hours; an unknown, used or expired key is 404.
#[utoipa::path(
    post,
    path = "/api/cart/impersonate",
    tag = "cart",
    operation_id = "cart_impersonate",
    params(KeyQuery),
    responses(
        (status = 200, description = "The cart and its calculation", body = CartWithCalculation),
        (status = 400, description = "No key", body = ErrorBody),
        (status = 404, description = "An unknown, used or expired key", body = ErrorBody),
    )
)]
pub(super) async fn impersonate(
    State(state): State<AppState>,
    Query(query): Query<KeyQuery>,
) -> Result<JsonResponse<CartWithCalculation>, ApiError> {
    let key = crate::platform::validation::required_param(&query.key, "key")?;
    let pool = state.db.pool();
    let key_hash = secrets::hash_token(key);
    let now = clock::now_millis();
    // Using the key is one conditional write, so two browsers cannot both take it.
    if !store::handover::take_key(pool, &key_hash, now).await? {
        return Err(ApiError::NotFound);
    }
    let cart_id = store::handover::cart_of_key(pool, &key_hash).await?;
    answer(&state, &cart_id).await
}
