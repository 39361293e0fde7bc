//! Server-side sessions in an HTTP-only, SameSite=Lax cookie; when the shop's `PUBLIC_URL` is
//! https the cookie is `Secure` and named `__Host-hb_session`, so no subdomain can set it.
//!
//! The cookie holds a random session id; the `sessions` table holds its hash, the account, the
//! absolute expiry and when it was last used: a session ends at its expiry (`SESSION_TTL`) or
//! after `SESSION_IDLE_TTL` without use. Signing in creates a new id (rotation), signing out
//! deletes it, and a password or e-mail change ends every other session of the account.

pub mod store;

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::header::{COOKIE, SET_COOKIE};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue};
use cookie::{Cookie, SameSite};

use crate::platform::error::ApiError;
use crate::{AppState, platform::clock, platform::secrets};

/// The name of the session cookie over http (the demo).
pub const SESSION_COOKIE: &str = "hb_session";

/// The name of the session cookie when the shop is reached over https.
pub const SECURE_SESSION_COOKIE: &str = "__Host-hb_session";

/// A session's last use is written at most this often, not on every request.
const LAST_SEEN_RESOLUTION_SECONDS: i64 = 60;

fn cookie_name(https: bool) -> &'static str {
    if https {
        SECURE_SESSION_COOKIE
    } else {
        SESSION_COOKIE
    }
}
/// Facts about the client that sent the request.
#[derive(Clone, Debug)]
pub struct Client {
    /// The client's IP address, for rate limiting and captcha checks: the socket's, or the
    /// one a trusted proxy forwarded (`TRUSTED_PROXIES`).
    pub ip: String,
    /// True when the shop is reached over https (its `PUBLIC_URL` says so).
    pub https: bool,
    /// The session id from the cookie, if any.
    pub session_id: Option<String>,
}

impl FromRequestParts<AppState> for Client {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Client, ApiError> {
        let ip = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or_else(
                || "unknown".to_owned(),
                |info| {
                    state
                        .trust
                        .client_ip(info.0.ip(), &parts.headers)
                        .to_string()
                },
            );
        let https = state.trust.https();
        Ok(Client {
            ip,
            https,
            session_id: session_cookie(&parts.headers, https),
        })
    }
}

/// The session id in the request's cookies, if any.
pub fn session_cookie(headers: &HeaderMap, https: bool) -> Option<String> {
    cookie_value(headers, cookie_name(https))
}

/// The value of the cookie `name` in the request, if any.
pub fn cookie_value(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| Cookie::split_parse(value.to_owned()))
        .filter_map(Result::ok)
        .find(|cookie| cookie.name() == name)
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
        let session_id =
            session_cookie(&parts.headers, state.trust.https()).ok_or(ApiError::Unauthorized)?;
        account_of_session(state, &session_id)
            .await?
            .map(|account_id| SignedIn { account_id })
            .ok_or(ApiError::Unauthorized)
    }
}

/// The account a live session belongs to: one before its expiry and used within the idle
/// time-out. Using it keeps it alive.
pub async fn account_of_session(
    state: &AppState,
    session_id: &str,
) -> Result<Option<String>, ApiError> {
    let now = clock::now();
    let session_hash = secrets::hash_token(session_id);
    let account = store::live_session(
        state.db.pool(),
        &session_hash,
        now,
        now - state.lifetimes.session_idle,
    )
    .await?;
    let Some((account_id, last_seen_at)) = account else {
        return Ok(None);
    };
    if now - last_seen_at >= LAST_SEEN_RESOLUTION_SECONDS {
        store::mark_seen(state.db.pool(), &session_hash, now).await?;
    }
    Ok(Some(account_id))
}

/// Starts a new session for an account, ending the one the client had, and returns the
/// `Set-Cookie` header for it.
pub async fn start(
    state: &AppState,
    client: &Client,
    account_id: &str,
) -> Result<HeaderValue, ApiError> {
    if let Some(old) = &client.session_id {
        end(state, old).await?;
    }
    let session_id = secrets::new_token();
    let now = clock::now();
    let lifetime = state.lifetimes.session;
    store::insert(
        state.db.pool(),
        &secrets::hash_token(&session_id),
        account_id,
        now,
        now + lifetime,
    )
    .await?;
    cookie_header(session_cookie_value(
        session_id,
        client.https,
        Some(lifetime),
    ))
}

/// Ends a session.
pub async fn end(state: &AppState, session_id: &str) -> Result<(), ApiError> {
    store::remove(state.db.pool(), &secrets::hash_token(session_id)).await?;
    Ok(())
}

/// Ends every session of an account (after a password or e-mail change, or a reset), except
/// `keep`.
pub async fn end_all_of_account(
    state: &AppState,
    account_id: &str,
    keep: Option<&str>,
) -> Result<(), ApiError> {
    let keep_hash = keep.map(secrets::hash_token).unwrap_or_default();
    let mut connection = state.db.pool().acquire().await?;
    store::remove_others_of_account(&mut connection, account_id, &keep_hash).await?;
    Ok(())
}

/// The `Set-Cookie` header that removes the session cookie.
pub fn clearing_cookie(client: &Client) -> Result<HeaderValue, ApiError> {
    cookie_header(session_cookie_value(String::new(), client.https, Some(0)))
}

fn session_cookie_value(
    value: String,
    secure: bool,
    max_age_seconds: Option<i64>,
) -> Cookie<'static> {
    let mut cookie = Cookie::build((cookie_name(secure), value))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(secure);
    if let Some(seconds) = max_age_seconds {
        cookie = cookie.max_age(cookie::time::Duration::seconds(seconds));
    }
    cookie.build()
}

/// A cookie as a `Set-Cookie` header value.
pub fn cookie_header(cookie: Cookie<'static>) -> Result<HeaderValue, ApiError> {
    HeaderValue::from_str(&cookie.to_string())
        .map_err(|error| ApiError::Internal(format!("cookie header: {error}")))
}

/// The header name for [`start`]'s and [`clearing_cookie`]'s values.
pub const SET_COOKIE_HEADER: axum::http::HeaderName = SET_COOKIE;
