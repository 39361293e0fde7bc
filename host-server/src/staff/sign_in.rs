//! Signing in to the back office: a password, then a second factor (a TOTP code or a recovery
//! code) within five minutes; the member's own sessions and sign-in history.
//!
//! Wrong address, wrong password, disabled member and an invitation not yet accepted all give
//! the same answer. Attempts are limited per client address and per address or member in the
//! database (`limits`), counted before anything is checked; a used TOTP code is refused a
//! second time, and so is a used recovery code.

use axum::extract::State;
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode, header};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::second_factor::{matching_step, recovery_code_hash};
use super::store::{self, MemberRow};
use super::{SignInOutcome, StaffMe};
use crate::AppState;
use crate::platform::access::{self, StaffMember};
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path};
use crate::platform::limits::{self, Limit};
use crate::platform::session::Client;
use crate::platform::{clock, passwords, secrets};

/// How long the second factor may take after the password.
const CHALLENGE_SECONDS: i64 = 5 * 60;
/// How many sign-in attempts the history shows.
const HISTORY_LENGTH: i64 = 50;

/// The password step.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasswordStep {
    #[serde(default)]
    email_address: String,
    #[serde(default)]
    password: String,
}

/// The second step's ticket: valid for five minutes.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignInChallenge {
    challenge: String,
    /// Milliseconds since the Unix epoch.
    expires_at: i64,
    /// Whether the member registered a passkey (the stronger second factor).
    has_passkey: bool,
}

/// A second factor for a challenge.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SecondFactor {
    #[serde(default)]
    challenge: String,
    /// The six-digit code of the authenticator app, or a recovery code.
    #[serde(default)]
    code: String,
}

fn sign_in_failed() -> ApiError {
    ApiError::refused(
        StatusCode::UNAUTHORIZED,
        "errors.staffSignInFailed",
        "This e-mail address and password do not match a staff member",
    )
}

pub(super) fn second_factor_failed() -> ApiError {
    ApiError::refused(
        StatusCode::UNAUTHORIZED,
        "errors.secondFactorFailed",
        "This code is wrong or was used already",
    )
}

fn sign_in_expired() -> ApiError {
    ApiError::refused(
        StatusCode::UNAUTHORIZED,
        "errors.signInExpired",
        "The sign-in took too long; enter your password again",
    )
}

fn device(headers: &HeaderMap) -> String {
    access::device_of(
        headers
            .get(header::USER_AGENT)
            .and_then(|value| value.to_str().ok())
            .unwrap_or("unknown"),
    )
}

/// Checks the password; answers the challenge for the second factor.
#[utoipa::path(
    post,
    path = "/api/backoffice/signin",
    tag = "backoffice",
    operation_id = "staffSignIn",
    request_body = PasswordStep,
    responses(
        (status = 400, description = "The body is not JSON of the documented shape", body = ErrorBody),
        (status = 200, description = "The password matches: send a second factor with the challenge", body = SignInChallenge),
        (status = 401, description = "`errors.staffSignInFailed`: unknown address, wrong password, disabled or not yet set up (the answer does not say which)", body = ErrorBody),
        (status = 403, description = "`errors.crossSiteRequest`: not from the back office's own pages", body = ErrorBody),
        (status = 429, description = "Too many attempts from this client or for this address", body = ErrorBody),
    )
)]
pub async fn sign_in(
    State(state): State<AppState>,
    client: Client,
    headers: HeaderMap,
    Json(step): Json<PasswordStep>,
) -> Result<Json<SignInChallenge>, ApiError> {
    let pool = state.db.pool();
    let address = crate::platform::email_address::normalize_email(&step.email_address);
    let attempt = limits::check(&state, Limit::StaffSignIn, &[&client.ip, &address]).await?;
    let member = store::member_by_email(pool, &address).await?;
    let stored_hash = member
        .as_ref()
        .and_then(|member| member.password_hash.clone())
        .unwrap_or_else(|| passwords::DUMMY_HASH.to_owned());
    let matches = passwords::verify(step.password, stored_hash).await?;
    let member = match member {
        Some(member) if matches && can_sign_in(&member) => member,
        Some(member) => {
            record(&state, &member, &client, &headers, SignInOutcome::Failed).await?;
            return Err(sign_in_failed());
        }
        None => return Err(sign_in_failed()),
    };
    attempt.succeeded(&state).await?;
    let challenge = secrets::new_token();
    let now = clock::now();
    store::insert_challenge(
        pool,
        &secrets::hash_token(&challenge),
        &member.staff_id,
        now + CHALLENGE_SECONDS,
    )
    .await?;
    let has_passkey = !store::passkeys(pool, &member.staff_id).await?.is_empty();
    Ok(Json(SignInChallenge {
        challenge,
        expires_at: (now + CHALLENGE_SECONDS) * 1000,
        has_passkey,
    }))
}

/// A member who accepted the invitation and is not disabled.
fn can_sign_in(member: &MemberRow) -> bool {
    member.disabled_at.is_none()
        && member.password_hash.is_some()
        && member.totp_secret_sealed.is_some()
}

async fn record(
    state: &AppState,
    member: &MemberRow,
    client: &Client,
    headers: &HeaderMap,
    outcome: SignInOutcome,
) -> Result<(), ApiError> {
    store::record_sign_in(
        state.db.pool(),
        &member.staff_id,
        clock::now_millis(),
        &client.ip,
        &device(headers),
        outcome,
    )
    .await?;
    Ok(())
}

/// The member of a live challenge, counting the attempt against the member's limit.
pub(super) async fn challenged_member(
    state: &AppState,
    client: &Client,
    challenge: &str,
) -> Result<(MemberRow, limits::Attempt), ApiError> {
    let pool = state.db.pool();
    let staff_id = store::challenge(pool, &secrets::hash_token(challenge), clock::now())
        .await?
        .ok_or_else(sign_in_expired)?;
    let attempt = limits::check(state, Limit::StaffSecondFactor, &[&client.ip, &staff_id]).await?;
    let member = store::member(pool, &staff_id)
        .await?
        .filter(can_sign_in)
        .ok_or_else(sign_in_expired)?;
    Ok((member, attempt))
}

pub(super) type SignedInAnswer = ([(HeaderName, HeaderValue); 1], Json<StaffMe>);

/// Completes the sign-in: ends the challenge, starts the session, notes the attempt and mails
/// the member when the device is new to them.
pub(super) async fn complete(
    state: &AppState,
    client: &Client,
    headers: &HeaderMap,
    member: MemberRow,
    challenge: &str,
) -> Result<SignedInAnswer, ApiError> {
    let pool = state.db.pool();
    store::remove_challenge(pool, &secrets::hash_token(challenge), clock::now()).await?;
    let device = device(headers);
    let new_device = !store::known_device(pool, &member.staff_id, &device).await?;
    let previous = access::staff_cookie(headers, client.https);
    let cookie = access::start_session(
        state,
        client,
        previous.as_deref(),
        &member.staff_id,
        &device,
    )
    .await?;
    record(state, &member, client, headers, SignInOutcome::Succeeded).await?;
    if new_device {
        super::mails::new_device(state, &member, &device, &client.ip).await;
    }
    Ok(([(header::SET_COOKIE, cookie)], Json(StaffMe::from(member))))
}

/// Signs in with the authenticator app's code.
#[utoipa::path(
    post,
    path = "/api/backoffice/signin/totp",
    tag = "backoffice",
    operation_id = "staffSignInWithTotp",
    request_body = SecondFactor,
    responses(
        (status = 400, description = "The body is not JSON of the documented shape", body = ErrorBody),
        (status = 200, description = "Signed in", body = StaffMe,
            headers(("set-cookie" = String, description = "The staff session cookie"))),
        (status = 401, description = "`errors.secondFactorFailed`: a wrong or used code; `errors.signInExpired`: no such challenge, or older than five minutes", body = ErrorBody),
        (status = 403, description = "`errors.crossSiteRequest`: not from the back office's own pages", body = ErrorBody),
        (status = 429, description = "Too many codes tried", body = ErrorBody),
    )
)]
pub async fn sign_in_with_totp(
    State(state): State<AppState>,
    client: Client,
    headers: HeaderMap,
    Json(factor): Json<SecondFactor>,
) -> Result<SignedInAnswer, ApiError> {
    let (member, attempt) = challenged_member(&state, &client, &factor.challenge).await?;
    let sealed = member.totp_secret_sealed.as_deref().unwrap_or_default();
    let secret = state
        .sealer
        .open(sealed)
        .map_err(|error| ApiError::Internal(format!("TOTP secret: {error}")))?;
    let step = matching_step(&secret, &factor.code, clock::now())?;
    let accepted = match step {
        Some(step) => store::take_totp_step(state.db.pool(), &member.staff_id, step).await?,
        None => false,
    };
    if !accepted {
        record(&state, &member, &client, &headers, SignInOutcome::Failed).await?;
        return Err(second_factor_failed());
    }
    attempt.succeeded(&state).await?;
    complete(&state, &client, &headers, member, &factor.challenge).await
}

/// Signs in with one of the member's recovery codes, which is used up.
#[utoipa::path(
    post,
    path = "/api/backoffice/signin/recovery",
    tag = "backoffice",
    operation_id = "staffSignInWithRecoveryCode",
    request_body = SecondFactor,
    responses(
        (status = 400, description = "The body is not JSON of the documented shape", body = ErrorBody),
        (status = 200, description = "Signed in; the code cannot be used again", body = StaffMe,
            headers(("set-cookie" = String, description = "The staff session cookie"))),
        (status = 401, description = "`errors.secondFactorFailed`: not one of the member's unused codes; `errors.signInExpired`", body = ErrorBody),
        (status = 403, description = "`errors.crossSiteRequest`: not from the back office's own pages", body = ErrorBody),
        (status = 429, description = "Too many codes tried", body = ErrorBody),
    )
)]
pub async fn sign_in_with_recovery_code(
    State(state): State<AppState>,
    client: Client,
    headers: HeaderMap,
    Json(factor): Json<SecondFactor>,
) -> Result<SignedInAnswer, ApiError> {
    let (member, attempt) = challenged_member(&state, &client, &factor.challenge).await?;
    let used = store::use_recovery_code(
        state.db.pool(),
        &member.staff_id,
        &recovery_code_hash(&factor.code),
        clock::now(),
    )
    .await?;
    if !used {
        record(&state, &member, &client, &headers, SignInOutcome::Failed).await?;
        return Err(second_factor_failed());
    }
    attempt.succeeded(&state).await?;
    complete(&state, &client, &headers, member, &factor.challenge).await
}

/// Signs out: ends the staff session and clears its cookie; answers the same without one.
#[utoipa::path(
    post,
    path = "/api/backoffice/signout",
    tag = "backoffice",
    operation_id = "staffSignOut",
    responses(
        (status = 204, description = "Signed out",
            headers(("set-cookie" = String, description = "Clears the staff session cookie"))),
        (status = 403, description = "`errors.crossSiteRequest`: not from the back office's own pages", body = ErrorBody),
    )
)]
pub async fn sign_out(
    State(state): State<AppState>,
    client: Client,
    headers: HeaderMap,
) -> Result<(StatusCode, [(HeaderName, HeaderValue); 1]), ApiError> {
    if let Some(session_id) = access::staff_cookie(&headers, client.https) {
        access::end_session_of_cookie(&state, &session_id).await?;
    }
    let cookie = access::clearing_staff_cookie(client.https)?;
    Ok((StatusCode::NO_CONTENT, [(header::SET_COOKIE, cookie)]))
}

/// The signed-in member: who they are and what they may do.
#[utoipa::path(
    get,
    path = "/api/backoffice/me",
    tag = "backoffice",
    operation_id = "staffMe",
    security(("staffSession" = [])),
    responses(
        (status = 200, description = "The member", body = StaffMe),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`: an integration key has no member", body = ErrorBody),
    )
)]
pub async fn me(
    State(state): State<AppState>,
    caller: StaffMember,
) -> Result<Json<StaffMe>, ApiError> {
    let member = store::member(state.db.pool(), &caller.staff_id)
        .await?
        .ok_or_else(access::sign_in_required)?;
    Ok(Json(StaffMe::from(member)))
}

/// A live session of the member.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffSessionView {
    session_id: String,
    /// The browser that signed in.
    device: String,
    address: String,
    /// Milliseconds since the Unix epoch.
    started_at: i64,
    /// Milliseconds since the Unix epoch (to the minute).
    last_seen_at: i64,
    /// The session of this request.
    current: bool,
}

/// The member's live sessions.
#[utoipa::path(
    get,
    path = "/api/backoffice/me/sessions",
    tag = "backoffice",
    operation_id = "listOwnStaffSessions",
    security(("staffSession" = [])),
    responses(
        (status = 200, description = "The live sessions, the latest used first", body = [StaffSessionView]),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`: an integration key has no sessions", body = ErrorBody),
    )
)]
pub async fn own_sessions(
    State(state): State<AppState>,
    caller: StaffMember,
) -> Result<Json<Vec<StaffSessionView>>, ApiError> {
    let now = clock::now();
    let rows = store::sessions(
        state.db.pool(),
        &caller.staff_id,
        now,
        now - state.staff.session_idle,
    )
    .await?;
    let current = caller.access.session.unwrap_or_default();
    Ok(Json(
        rows.into_iter()
            .map(|row| StaffSessionView {
                current: row.public_id == current,
                session_id: row.public_id,
                device: row.device,
                address: row.address,
                started_at: row.started_at * 1000,
                last_seen_at: row.last_seen_at * 1000,
            })
            .collect(),
    ))
}

/// Ends one of the member's sessions (another device, or this one).
#[utoipa::path(
    delete,
    path = "/api/backoffice/me/sessions/{sessionId}",
    tag = "backoffice",
    operation_id = "endOwnStaffSession",
    params(("sessionId" = String, Path, description = "The session's id from the list")),
    security(("staffSession" = [])),
    responses(
        (status = 204, description = "Ended"),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`, or `errors.crossSiteRequest`", body = ErrorBody),
        (status = 404, description = "The member has no such live session", body = ErrorBody),
    )
)]
pub async fn end_own_session(
    State(state): State<AppState>,
    caller: StaffMember,
    Path(session_id): Path<String>,
) -> Result<StatusCode, ApiError> {
    let ended = store::end_session(state.db.pool(), &caller.staff_id, &session_id).await?;
    if !ended {
        return Err(ApiError::NotFound);
    }
    Ok(StatusCode::NO_CONTENT)
}

/// One sign-in attempt.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignInRecord {
    /// Milliseconds since the Unix epoch.
    at: i64,
    address: String,
    device: String,
    outcome: SignInOutcome,
}

/// The member's latest sign-in attempts (at most 50), newest first.
#[utoipa::path(
    get,
    path = "/api/backoffice/me/signins",
    tag = "backoffice",
    operation_id = "listOwnStaffSignIns",
    security(("staffSession" = [])),
    responses(
        (status = 200, description = "The attempts, newest first", body = [SignInRecord]),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`: an integration key has no history", body = ErrorBody),
    )
)]
pub async fn own_sign_ins(
    State(state): State<AppState>,
    caller: StaffMember,
) -> Result<Json<Vec<SignInRecord>>, ApiError> {
    let rows = store::sign_ins(state.db.pool(), &caller.staff_id, HISTORY_LENGTH).await?;
    Ok(Json(
        rows.into_iter()
            .map(|row| SignInRecord {
                at: row.at,
                address: row.address,
                device: row.device,
                outcome: row.outcome.0,
            })
            .collect(),
    ))
}
