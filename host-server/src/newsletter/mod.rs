//! The newsletter: a sign-up per site and language with double opt-in.
//!
//! - `POST /api/newsletter/subscribe` with `{"emailAddress"}` in the request's site and
//!   language answers 204 at once, whether or not the address is known or already subscribed
//!   (no enumeration): storing the sign-up and the opt-in mail happen after the answer. The mail
//!   links to the confirmation page on the site's trusted origin with a random token, stored
//!   hashed. Rate-limited (`Limit::NewsletterSignUp`).
//! - The checkout's box (`POST /api/cart/{id}/newsletter`) signs the order's address up the
//!   same way once the order is confirmed: the same mail, nothing subscribed before its link.
//! - `POST /api/newsletter/confirm` with `{"token"}` confirms the sign-up (again: the same).
//! - `POST /api/newsletter/unsubscribe` with `{"emailAddress", "token"}`, the signed link every
//!   mail to a customer carries ([`crate::platform::mail::unsubscribe_link`]), ends the newsletter for
//!   that address on every site.

mod store;

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::openapi::SiteHeaders;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::Json;
use crate::platform::limits::{self, Limit};
use crate::platform::mail::Recipient;
use crate::platform::request_context::RequestContext;
use crate::platform::session::Client;
use crate::platform::signed_links::{self, Purpose};
use crate::platform::validation::NamedForm;
use crate::{AppState, platform::clock, platform::secrets};
use engine::validation::FormName;

/// The routes of this area.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(subscribe))
        .routes(routes!(confirm))
        .routes(routes!(unsubscribe))
}

/// Who signs up.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct NewsletterSignUp {
    /// At most 254 characters.
    #[serde(default)]
    #[schema(required = true)]
    email_address: Option<String>,
}

/// The token of the opt-in mail's link.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct NewsletterConfirmation {
    #[serde(default)]
    #[schema(required = true)]
    token: Option<String>,
}

/// The address and signature of a mail's unsubscribe link.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct NewsletterUnsubscription {
    #[serde(default)]
    #[schema(required = true)]
    email_address: Option<String>,
    #[serde(default)]
    #[schema(required = true)]
    token: Option<String>,
}

/// Where a subscription stands.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct NewsletterStatus {
    status: NewsletterState,
}

/// Where a newsletter subscription stands after a link was followed.
#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
enum NewsletterState {
    /// The address is confirmed and receives the newsletter.
    Confirmed,
    /// The address no longer receives it.
    Unsubscribed,
}

fn invalid_link() -> ApiError {
    ApiError::refused(
        StatusCode::BAD_REQUEST,
        "errors.newsletterLinkInvalid",
        "This newsletter link is not valid",
    )
}

/// Signs an address up for the newsletter of the request's site, in its language.
///
/// Answers 204 at once whether or not the address is known or already subscribed; an opt-in
/// mail with a confirmation link then goes out unless the address is already confirmed.
#[utoipa::path(
    post,
    path = "/api/newsletter/subscribe",
    tag = "newsletter",
    operation_id = "subscribeToNewsletter",
    params(SiteHeaders),
    request_body = NewsletterSignUp,
    responses(
        (status = 204, description = "Accepted; the opt-in mail goes out unless already subscribed"),
        (status = 400, description = "No or an invalid e-mail address, or a missing or unknown site or language", body = ErrorBody),
        (status = 403, description = "A signed-in call from another site: no JSON body or `siteid` header, or a foreign `Origin`", body = ErrorBody),
        (status = 413, description = "The body is too large", body = ErrorBody),
        (status = 429, description = "Too many sign-ups from this client or for this address; see `Retry-After`", body = ErrorBody),
    )
)]
async fn subscribe(
    State(state): State<AppState>,
    context: RequestContext,
    client: Client,
    Json(body): Json<NewsletterSignUp>,
) -> Result<StatusCode, ApiError> {
    NamedForm::new(FormName::NewsletterSignup)
        .value("emailAddress", body.email_address.as_deref())
        .check()?;
    let site = crate::sites::site_language(state.db.pool(), context).await?;
    let email = crate::platform::email_address::normalize_email(
        body.email_address.as_deref().unwrap_or_default(),
    );
    limits::check(&state, Limit::NewsletterSignUp, &[&client.ip, &email]).await?;
    tokio::spawn(async move {
        if let Err(error) = sign_up(&state, &email, site.site_id, site.language_id).await {
            tracing::warn!(%error, "could not sign up for the newsletter");
        }
    });
    Ok(StatusCode::NO_CONTENT)
}

/// Stores the sign-up as pending with a new token and sends the opt-in mail; an address
/// already confirmed on the site is left as it is. Also the checkout's newsletter box, once its
/// order is confirmed (see the orders module).
pub async fn sign_up(
    state: &AppState,
    email: &str,
    site_id: i64,
    language_id: i64,
) -> Result<(), ApiError> {
    let token = secrets::new_token();
    let stored = store::store_pending(
        state.db.pool(),
        email,
        site_id,
        language_id,
        &secrets::hash_token(&token),
        clock::now_millis(),
    )
    .await?;
    if !stored {
        return Ok(());
    }
    let to = Recipient {
        address: email,
        site_id: Some(site_id),
        language_id: Some(language_id),
    };
    crate::platform::mail::send_newsletter_opt_in(state, to, "", &token).await
}

/// Confirms a newsletter sign-up with the token of its opt-in mail.
#[utoipa::path(
    post,
    path = "/api/newsletter/confirm",
    tag = "newsletter",
    operation_id = "confirmNewsletter",
    request_body = NewsletterConfirmation,
    responses(
        (status = 200, description = "Confirmed", body = NewsletterStatus),
        (status = 400, description = "No token, or `errors.newsletterLinkInvalid`: an unknown or replaced token", body = ErrorBody),
        (status = 403, description = "A signed-in call from another site: no JSON body or `siteid` header, or a foreign `Origin`", body = ErrorBody),
    )
)]
async fn confirm(
    State(state): State<AppState>,
    Json(body): Json<NewsletterConfirmation>,
) -> Result<Json<NewsletterStatus>, ApiError> {
    let token = body.token.as_deref().map(str::trim).unwrap_or_default();
    if token.is_empty() {
        return Err(ApiError::required("token"));
    }
    let confirmed = store::confirm(
        state.db.pool(),
        &secrets::hash_token(token),
        clock::now_millis(),
    )
    .await?;
    if !confirmed {
        return Err(invalid_link());
    }
    Ok(Json(NewsletterStatus {
        status: NewsletterState::Confirmed,
    }))
}

/// Unsubscribes an address from the newsletter on every site, with the signed link of a mail.
#[utoipa::path(
    post,
    path = "/api/newsletter/unsubscribe",
    tag = "newsletter",
    operation_id = "unsubscribeFromNewsletter",
    request_body = NewsletterUnsubscription,
    responses(
        (status = 200, description = "Unsubscribed (also when the address had no subscription)", body = NewsletterStatus),
        (status = 400, description = "A missing field, or `errors.newsletterLinkInvalid`: the signature does not match the address", body = ErrorBody),
        (status = 403, description = "A signed-in call from another site: no JSON body or `siteid` header, or a foreign `Origin`", body = ErrorBody),
    )
)]
async fn unsubscribe(
    State(state): State<AppState>,
    Json(body): Json<NewsletterUnsubscription>,
) -> Result<Json<NewsletterStatus>, ApiError> {
    let email = crate::platform::email_address::normalize_email(
        body.email_address.as_deref().unwrap_or_default(),
    );
    if email.is_empty() {
        return Err(ApiError::required("emailAddress"));
    }
    let token = body.token.as_deref().unwrap_or_default();
    if token.trim().is_empty() {
        return Err(ApiError::required("token"));
    }
    if !signed_links::verify(&state, Purpose::Unsubscribe, &email, token).await? {
        return Err(invalid_link());
    }
    store::unsubscribe(state.db.pool(), &email, clock::now_millis()).await?;
    Ok(Json(NewsletterStatus {
        status: NewsletterState::Unsubscribed,
    }))
}
