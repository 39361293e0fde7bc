//! Sign-in, sign-out and the session check (/api/authentication).
//!
//! Sign-in needs an activated account. Wrong address, wrong password and not yet activated
//! all give the same login-failure message, so the answer reveals nothing. Attempts are
//! limited per account and per client address (see `limits`), counted before the password is
//! checked, so parallel guesses cannot slip past the limit.

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use engine::validation::FormName;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::store;
use crate::accounts::{AccountView, CaptchaHeader};
use crate::platform::captcha::CAPTCHA_HEADER;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::Json;
use crate::platform::limits::{self, Limit};
use crate::platform::session::{self, Client, SET_COOKIE_HEADER};
use crate::platform::validation::NamedForm;
use crate::{AppState, platform::passwords};

/// The routes of this area.
///
/// The type is opaque so that `app::api`'s `.into()` is no conversion to the same type,
/// which clippy refuses.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sign_in))
        .routes(routes!(sign_out))
        .routes(routes!(is_authenticated))
}

/// The sign-in form.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SignIn {
    #[schema(required = true, value_type = String)]
    #[serde(default)]
    email_address: Option<String>,
    /// The guest cart the visitor had before signing in; it becomes (or merges into) the
    /// account's cart.
    #[serde(default)]
    shoppingcart_id: Option<String>,
    #[schema(required = true, value_type = String)]
    #[serde(default)]
    password: Option<String>,
}

fn login_failed() -> ApiError {
    ApiError::refused(
        StatusCode::UNAUTHORIZED,
        "errors.loginFailed",
        "De combinatie van e-mailadres en wachtwoord is niet bij ons bekend. Controleer op typfouten, \
         gebruik 'wachtwoord vergeten', of activeer eerst je account; je kunt de activatiemail opnieuw laten sturen.",
    )
}

/// Signs in: sets the session cookie and answers the account, with the cart it keeps.
#[utoipa::path(
    post,
    path = "/api/authentication/signin",
    tag = "authentication",
    operation_id = "signIn",
    params(CaptchaHeader),
    request_body = SignIn,
    responses(
        (status = 200, description = "Signed in", body = AccountView,
            headers(("set-cookie" = String, description = "The session cookie"))),
        (status = 400, description = "No e-mail address or password, or `errors.captcha`", body = ErrorBody),
        (status = 401, description = "`errors.loginFailed`: unknown address, wrong password or not activated (the answer does not say which)", body = ErrorBody),
        (status = 403, description = "A signed-in call from another site: no JSON body or `siteid` header, or a foreign `Origin`", body = ErrorBody),
        (status = 429, description = "Too many attempts from this client or for this address", body = ErrorBody),
    )
)]
async fn sign_in(
    State(state): State<AppState>,
    client: Client,
    headers: HeaderMap,
    Json(body): Json<SignIn>,
) -> Result<
    (
        [(axum::http::HeaderName, HeaderValue); 1],
        crate::platform::extract::Json<AccountView>,
    ),
    ApiError,
> {
    NamedForm::new(FormName::SignIn)
        .value("emailAddress", body.email_address.as_deref())
        .value("password", body.password.as_deref())
        .check()?;
    let captcha = headers
        .get(CAPTCHA_HEADER)
        .and_then(|value| value.to_str().ok());
    state.captcha.verify(captcha, &client.ip).await?;

    let pool = state.db.pool();
    let account_key = store::normalize_email(body.email_address.as_deref().unwrap_or_default());
    let attempt = limits::check(&state, Limit::SignIn, &[&client.ip, &account_key]).await?;
    let account = store::by_email(pool, &account_key).await?;
    let stored_hash = account.as_ref().map_or_else(
        || passwords::DUMMY_HASH.to_owned(),
        |account| account.password_hash.clone(),
    );
    let password_matches =
        passwords::verify(body.password.unwrap_or_default(), stored_hash).await?;
    let account = match account {
        Some(account) if password_matches && account.activated_at.is_some() => account,
        _ => return Err(login_failed()),
    };
    attempt.succeeded(&state).await?;
    let cookie = session::start(&state, &client, &account.account_id).await?;
    let mut view = AccountView::from(account);
    view.shoppingcart_id = match body.shoppingcart_id.as_deref().filter(|id| !id.is_empty()) {
        Some(guest_cart) => {
            let adopted = crate::cart::adopt_guest_cart(&state, &view.user_id, guest_cart).await?;
            if adopted.is_empty() {
                crate::cart::cart_of_account(pool, &view.user_id).await?
            } else {
                Some(adopted)
            }
        }
        None => crate::cart::cart_of_account(pool, &view.user_id).await?,
    };
    Ok((
        [(SET_COOKIE_HEADER, cookie)],
        crate::platform::extract::Json(view),
    ))
}

/// Signs out: ends the session and clears its cookie; answers the same without one.
#[utoipa::path(
    post,
    path = "/api/authentication/signout",
    tag = "authentication",
    operation_id = "signOut",
    responses(
        (status = 204, description = "Signed out",
            headers(("set-cookie" = String, description = "Clears the session cookie"))),
        (status = 403, description = "A signed-in call from another site: no JSON body or `siteid` header, or a foreign `Origin`", body = ErrorBody),
    )
)]
async fn sign_out(
    State(state): State<AppState>,
    client: Client,
) -> Result<(StatusCode, [(axum::http::HeaderName, HeaderValue); 1]), ApiError> {
    if let Some(session_id) = &client.session_id {
        session::end(&state, session_id).await?;
    }
    let cookie = session::clearing_cookie(&client)?;
    Ok((StatusCode::NO_CONTENT, [(SET_COOKIE_HEADER, cookie)]))
}

/// Whether the request's session is signed in.
#[utoipa::path(
    post,
    path = "/api/authentication/isauthenticated",
    tag = "authentication",
    operation_id = "isAuthenticated",
    responses(
        (status = 200, description = "`true` when signed in", body = bool, content_type = "application/json"),
        (status = 403, description = "A signed-in call from another site: no JSON body or `siteid` header, or a foreign `Origin`", body = ErrorBody),
    )
)]
async fn is_authenticated(
    State(state): State<AppState>,
    client: Client,
) -> Result<crate::platform::extract::Json<bool>, ApiError> {
    let signed_in = match &client.session_id {
        Some(session_id) => session::account_of_session(&state, session_id)
            .await?
            .is_some(),
        None => false,
    };
    Ok(crate::platform::extract::Json(signed_in))
}
