//! Server-side sessions in an HTTP-only, SameSite=Lax cookie (`Secure` over https).
//!
//! The cookie holds a random session id; the `sessions` table holds its hash, the account and
//! the expiry. Signing in creates a new id (rotation), signing out deletes it.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::header::{COOKIE, SET_COOKIE};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue};
use cookie::{Cookie, SameSite};

use crate::error::ApiError;
use crate::{AppState, clock, secrets};

/// The name of the session cookie.
pub const SESSION_COOKIE: &str = "hb_session";

/// Facts about the client that sent the request.
#[derive(Clone, Debug)]
pub struct Client {
    /// The client's IP address, for rate limiting and captcha checks.
    pub ip: String,
    /// True when the request reached us over https (directly or through a proxy that says so).
    pub https: bool,
    /// The session id from the cookie, if any.
    pub session_id: Option<String>,
}

impl<S: Send + Sync> FromRequestParts<S> for Client {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Client, ApiError> {
        let ip = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or_else(|| "unknown".to_owned(), |info| info.0.ip().to_string());
        let https = parts.uri.scheme_str() == Some("https")
            || parts.headers.get("x-forwarded-proto").and_then(|value| value.to_str().ok()) == Some("https");
        Ok(Client { ip, https, session_id: session_cookie(&parts.headers) })
    }
}

fn session_cookie(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| Cookie::split_parse(value.to_owned()))
        .filter_map(Result::ok)
        .find(|cookie| cookie.name() == SESSION_COOKIE)
        .map(|cookie| cookie.value().to_owned())
}

/// A signed-in customer. Extracting it from a request without a valid session is a 401.
#[derive(Clone, Debug)]
pub struct SignedIn {
    /// The customer's account id.
    pub account_id: String,
}

impl FromRequestParts<AppState> for SignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<SignedIn, ApiError> {
        let session_id = session_cookie(&parts.headers).ok_or(ApiError::Unauthorized)?;
        account_of_session(state, &session_id).await?.map(|account_id| SignedIn { account_id }).ok_or(ApiError::Unauthorized)
    }
}

/// The account a live session belongs to.
pub async fn account_of_session(state: &AppState, session_id: &str) -> Result<Option<String>, ApiError> {
    let account: Option<(String,)> =
        sqlx::query_as("SELECT account_id FROM sessions WHERE session_hash = $1 AND expires_at > $2")
            .bind(secrets::hash_token(session_id))
            .bind(clock::now())
            .fetch_optional(state.db.pool())
            .await?;
    Ok(account.map(|(account_id,)| account_id))
}

/// Starts a new session for an account, ending the one the client had, and returns the
/// `Set-Cookie` header for it.
pub async fn start(state: &AppState, client: &Client, account_id: &str) -> Result<HeaderValue, ApiError> {
    if let Some(old) = &client.session_id {
        end(state, old).await?;
    }
    let session_id = secrets::new_token();
    let now = clock::now();
    let lifetime = state.lifetimes.session;
    sqlx::query("INSERT INTO sessions (session_hash, account_id, created_at, expires_at) VALUES ($1, $2, $3, $4)")
        .bind(secrets::hash_token(&session_id))
        .bind(account_id)
        .bind(now)
        .bind(now + lifetime)
        .execute(state.db.pool())
        .await?;
    cookie_header(session_cookie_value(session_id, client.https, Some(lifetime)))
}

/// Ends a session.
pub async fn end(state: &AppState, session_id: &str) -> Result<(), ApiError> {
    sqlx::query("DELETE FROM sessions WHERE session_hash = $1")
        .bind(secrets::hash_token(session_id))
        .execute(state.db.pool())
        .await?;
    Ok(())
}

/// Ends every session of an account (after a password change or reset), except `keep`.
pub async fn end_all_of_account(state: &AppState, account_id: &str, keep: Option<&str>) -> Result<(), ApiError> {
    let keep_hash = keep.map(secrets::hash_token).unwrap_or_default();
    sqlx::query("DELETE FROM sessions WHERE account_id = $1 AND session_hash <> $2")
        .bind(account_id)
        .bind(keep_hash)
        .execute(state.db.pool())
        .await?;
    Ok(())
}

/// The `Set-Cookie` header that removes the session cookie.
pub fn clearing_cookie(client: &Client) -> Result<HeaderValue, ApiError> {
    cookie_header(session_cookie_value(String::new(), client.https, Some(0)))
}

fn session_cookie_value(value: String, secure: bool, max_age_seconds: Option<i64>) -> Cookie<'static> {
    let mut cookie = Cookie::build((SESSION_COOKIE, value)).path("/").http_only(true).same_site(SameSite::Lax).secure(secure);
    if let Some(seconds) = max_age_seconds {
        cookie = cookie.max_age(cookie::time::Duration::seconds(seconds));
    }
    cookie.build()
}

fn cookie_header(cookie: Cookie<'static>) -> Result<HeaderValue, ApiError> {
    HeaderValue::from_str(&cookie.to_string()).map_err(|error| ApiError::Internal(format!("cookie header: {error}")))
}

/// The header name for [`start`]'s and [`clearing_cookie`]'s values.
pub const SET_COOKIE_HEADER: axum::http::HeaderName = SET_COOKIE;
