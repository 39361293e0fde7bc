//! Passkeys (WebAuthn, webauthn-rs): the stronger second factor. A signed-in member registers
//! one (the browser's authenticator makes a key pair; the server keeps the public key), and
//! then signs in with the password and the passkey instead of a code. Each ceremony's state
//! waits in the database between its two calls, for five minutes, and is used once.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use webauthn_rs::prelude::{
    CreationChallengeResponse, Passkey, PasskeyAuthentication, PasskeyRegistration,
    PublicKeyCredential, RegisterPublicKeyCredential, RequestChallengeResponse, Url, Uuid,
    Webauthn, WebauthnBuilder,
};

use super::sign_in::{SignedInAnswer, challenged_member, complete, second_factor_failed};
use super::store;
use crate::AppState;
use crate::audit::{self, Event};
use crate::platform::access::StaffMember;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path};
use crate::platform::session::Client;
use crate::platform::validation::{Form, name_rules};
use crate::platform::{clock, secrets};

/// How long the second call of a ceremony may take.
const CEREMONY_SECONDS: i64 = 5 * 60;

/// The relying party: the shop's public address (`PUBLIC_URL`) when it names a domain, or
/// `localhost` on any port for the demo and tests (browsers take no IP address as a passkey's
/// relying party).
pub fn relying_party(public_url: Option<&url::Url>, port: u16) -> Result<Webauthn, ApiError> {
    let public_url = public_url.filter(|url| matches!(url.host(), Some(url::Host::Domain(_))));
    let fallback = format!("http://localhost:{port}");
    let origin = public_url.map_or(fallback, ToString::to_string);
    let origin = Url::parse(&origin)
        .map_err(|error| ApiError::Internal(format!("the passkeys' origin: {error}")))?;
    let rp_id = origin.host_str().unwrap_or("localhost").to_owned();
    WebauthnBuilder::new(&rp_id, &origin)
        .map(|builder| {
            builder
                .rp_name("Hoofbeat back office")
                .allow_any_port(public_url.is_none())
        })
        .and_then(WebauthnBuilder::build)
        .map_err(|error| ApiError::Internal(format!("the passkeys' relying party: {error}")))
}

fn webauthn_failed(error: impl std::fmt::Display) -> ApiError {
    tracing::info!(%error, "a passkey ceremony failed");
    second_factor_failed()
}

fn to_json<T: Serialize>(value: &T) -> Result<String, ApiError> {
    serde_json::to_string(value).map_err(|error| ApiError::Internal(format!("passkey: {error}")))
}

fn from_json<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, ApiError> {
    serde_json::from_str(text).map_err(|error| ApiError::Internal(format!("passkey: {error}")))
}

fn registration_key(staff_id: &str) -> String {
    format!("register:{staff_id}")
}

/// A member's passkey as listed.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasskeyView {
    passkey_id: String,
    name: String,
    /// Milliseconds since the Unix epoch.
    created_at: i64,
    /// Milliseconds since the Unix epoch; `null`: never used.
    last_used_at: Option<i64>,
}

impl From<store::PasskeyRow> for PasskeyView {
    fn from(row: store::PasskeyRow) -> PasskeyView {
        PasskeyView {
            passkey_id: row.passkey_id,
            name: row.name,
            created_at: row.created_at * 1000,
            last_used_at: row.last_used_at.map(|at| at * 1000),
        }
    }
}

/// The WebAuthn options for `navigator.credentials.create` (`publicKey` in its JSON form).
#[derive(Serialize, ToSchema)]
#[schema(value_type = Object)]
pub struct CreationOptions(CreationChallengeResponse);

/// The WebAuthn options for `navigator.credentials.get` (`publicKey` in its JSON form).
#[derive(Serialize, ToSchema)]
#[schema(value_type = Object)]
pub struct RequestOptions(RequestChallengeResponse);

/// Starts registering a passkey for the signed-in member.
#[utoipa::path(
    post,
    path = "/api/backoffice/me/passkeys/options",
    tag = "backoffice",
    operation_id = "startPasskeyRegistration",
    security(("staffSession" = [])),
    responses(
        (status = 200, description = "The options for the browser's authenticator", body = CreationOptions),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied` (an integration key) or `errors.crossSiteRequest`", body = ErrorBody),
    )
)]
pub async fn registration_options(
    State(state): State<AppState>,
    caller: StaffMember,
) -> Result<Json<CreationOptions>, ApiError> {
    let pool = state.db.pool();
    let member = store::member(pool, &caller.staff_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let existing = registered(pool, &caller.staff_id).await?;
    let exclude = existing
        .iter()
        .map(|(_, passkey)| passkey.cred_id().clone())
        .collect();
    let user = Uuid::parse_str(&member.staff_id)
        .map_err(|error| ApiError::Internal(format!("a staff id: {error}")))?;
    let (options, registration) = state
        .passkeys
        .start_passkey_registration(user, &member.email_address, &member.name, Some(exclude))
        .map_err(|error| ApiError::Internal(format!("passkey registration: {error}")))?;
    store::put_ceremony(
        pool,
        &registration_key(&caller.staff_id),
        &caller.staff_id,
        &to_json(&registration)?,
        clock::now() + CEREMONY_SECONDS,
    )
    .await?;
    Ok(Json(CreationOptions(options)))
}

/// A member's passkeys with their ids.
async fn registered(
    pool: &sqlx::AnyPool,
    staff_id: &str,
) -> Result<Vec<(String, Passkey)>, ApiError> {
    store::passkeys(pool, staff_id)
        .await?
        .into_iter()
        .map(|row| Ok((row.passkey_id, from_json::<Passkey>(&row.credential)?)))
        .collect()
}

/// A new passkey: its name and the authenticator's answer.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewPasskey {
    /// What the member calls it (`Laptop`, `Security key`).
    name: String,
    /// The answer of `navigator.credentials.create`, in its JSON form.
    #[schema(value_type = Object)]
    credential: RegisterPublicKeyCredential,
}

/// Completes registering a passkey.
#[utoipa::path(
    post,
    path = "/api/backoffice/me/passkeys",
    tag = "backoffice",
    operation_id = "registerPasskey",
    request_body = NewPasskey,
    security(("staffSession" = [])),
    responses(
        (status = 201, description = "Registered", body = PasskeyView),
        (status = 400, description = "No name", body = ErrorBody),
        (status = 401, description = "`errors.staffSignInRequired`, or `errors.secondFactorFailed`: the answer does not match the options, or they are older than five minutes", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied` (an integration key) or `errors.crossSiteRequest`", body = ErrorBody),
    )
)]
pub async fn register(
    State(state): State<AppState>,
    caller: StaffMember,
    Json(new): Json<NewPasskey>,
) -> Result<(StatusCode, Json<PasskeyView>), ApiError> {
    Form::new()
        .field("name", Some(&new.name), name_rules())
        .check()?;
    let pool = state.db.pool();
    let (_, ceremony) =
        store::take_ceremony(pool, &registration_key(&caller.staff_id), clock::now())
            .await?
            .ok_or_else(second_factor_failed)?;
    let registration: PasskeyRegistration = from_json(&ceremony)?;
    let passkey = state
        .passkeys
        .finish_passkey_registration(&new.credential, &registration)
        .map_err(webauthn_failed)?;
    let passkey_id = secrets::new_id();
    let name = new.name.trim();
    let mut transaction = state.db.begin_change().await?;
    store::insert_passkey(
        &mut *transaction,
        &passkey_id,
        &caller.staff_id,
        name,
        &to_json(&passkey)?,
        clock::now(),
    )
    .await?;
    let event = Event::new("staff.passkeyAdded", "staff", &caller.staff_id).field(
        "passkey",
        None::<&str>,
        Some(name),
    );
    audit::record(&mut transaction, &caller.access, event).await?;
    transaction.commit().await?;
    let row = store::passkeys(pool, &caller.staff_id)
        .await?
        .into_iter()
        .find(|row| row.passkey_id == passkey_id)
        .ok_or(ApiError::NotFound)?;
    Ok((StatusCode::CREATED, Json(PasskeyView::from(row))))
}

/// The signed-in member's passkeys.
#[utoipa::path(
    get,
    path = "/api/backoffice/me/passkeys",
    tag = "backoffice",
    operation_id = "listOwnPasskeys",
    security(("staffSession" = [])),
    responses(
        (status = 200, description = "The passkeys, the oldest first", body = [PasskeyView]),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`: an integration key", body = ErrorBody),
    )
)]
pub async fn list(
    State(state): State<AppState>,
    caller: StaffMember,
) -> Result<Json<Vec<PasskeyView>>, ApiError> {
    let rows = store::passkeys(state.db.pool(), &caller.staff_id).await?;
    Ok(Json(rows.into_iter().map(PasskeyView::from).collect()))
}

/// Removes one of the signed-in member's passkeys.
#[utoipa::path(
    delete,
    path = "/api/backoffice/me/passkeys/{passkeyId}",
    tag = "backoffice",
    operation_id = "removeOwnPasskey",
    params(("passkeyId" = String, Path, description = "The passkey")),
    security(("staffSession" = [])),
    responses(
        (status = 204, description = "Removed"),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied` (an integration key) or `errors.crossSiteRequest`", body = ErrorBody),
        (status = 404, description = "The member has no such passkey", body = ErrorBody),
    )
)]
pub async fn remove(
    State(state): State<AppState>,
    caller: StaffMember,
    Path(passkey_id): Path<String>,
) -> Result<StatusCode, ApiError> {
    let mut transaction = state.db.begin_change().await?;
    if !store::remove_passkey(&mut *transaction, &caller.staff_id, &passkey_id).await? {
        return Err(ApiError::NotFound);
    }
    let event = Event::new("staff.passkeyRemoved", "staff", &caller.staff_id).field(
        "passkey",
        Some(&passkey_id),
        None::<&str>,
    );
    audit::record(&mut transaction, &caller.access, event).await?;
    transaction.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The password step's challenge, for the passkey step.
#[derive(Deserialize, ToSchema)]
pub struct PasskeyChallenge {
    #[serde(default)]
    challenge: String,
}

fn no_passkey() -> ApiError {
    ApiError::refused(
        StatusCode::CONFLICT,
        "errors.noPasskey",
        "This member has no passkey; use the authenticator app's code",
    )
}

/// The WebAuthn options for signing in with one of the member's passkeys, after the password.
#[utoipa::path(
    post,
    path = "/api/backoffice/signin/passkey/options",
    tag = "backoffice",
    operation_id = "startPasskeySignIn",
    request_body = PasskeyChallenge,
    responses(
        (status = 400, description = "The body is not JSON of the documented shape", body = ErrorBody),
        (status = 200, description = "The options for the browser's authenticator", body = RequestOptions),
        (status = 401, description = "`errors.signInExpired`", body = ErrorBody),
        (status = 403, description = "`errors.crossSiteRequest`", body = ErrorBody),
        (status = 409, description = "`errors.noPasskey`: the member registered none", body = ErrorBody),
        (status = 429, description = "Too many attempts", body = ErrorBody),
    )
)]
pub async fn sign_in_options(
    State(state): State<AppState>,
    client: Client,
    Json(step): Json<PasskeyChallenge>,
) -> Result<Json<RequestOptions>, ApiError> {
    let (member, _attempt) = challenged_member(&state, &client, &step.challenge).await?;
    let passkeys: Vec<Passkey> = registered(state.db.pool(), &member.staff_id)
        .await?
        .into_iter()
        .map(|(_, passkey)| passkey)
        .collect();
    if passkeys.is_empty() {
        return Err(no_passkey());
    }
    let (options, authentication) = state
        .passkeys
        .start_passkey_authentication(&passkeys)
        .map_err(|error| ApiError::Internal(format!("passkey sign-in: {error}")))?;
    store::put_ceremony(
        state.db.pool(),
        &secrets::hash_token(&step.challenge),
        &member.staff_id,
        &to_json(&authentication)?,
        clock::now() + CEREMONY_SECONDS,
    )
    .await?;
    Ok(Json(RequestOptions(options)))
}

/// The authenticator's answer for a challenge.
#[derive(Deserialize, ToSchema)]
pub struct PasskeyAnswer {
    #[serde(default)]
    challenge: String,
    /// The answer of `navigator.credentials.get`, in its JSON form.
    #[schema(value_type = Object)]
    credential: PublicKeyCredential,
}

/// Signs in with a passkey.
#[utoipa::path(
    post,
    path = "/api/backoffice/signin/passkey",
    tag = "backoffice",
    operation_id = "staffSignInWithPasskey",
    request_body = PasskeyAnswer,
    responses(
        (status = 400, description = "The body is not JSON of the documented shape", body = ErrorBody),
        (status = 200, description = "Signed in", body = super::StaffMe,
            headers(("set-cookie" = String, description = "The staff session cookie"))),
        (status = 401, description = "`errors.secondFactorFailed`: the answer does not match; `errors.signInExpired`", body = ErrorBody),
        (status = 403, description = "`errors.crossSiteRequest`", body = ErrorBody),
        (status = 429, description = "Too many attempts", body = ErrorBody),
    )
)]
pub async fn sign_in(
    State(state): State<AppState>,
    client: Client,
    headers: HeaderMap,
    Json(answer): Json<PasskeyAnswer>,
) -> Result<SignedInAnswer, ApiError> {
    let (member, attempt) = challenged_member(&state, &client, &answer.challenge).await?;
    let pool = state.db.pool();
    let ceremony =
        store::take_ceremony(pool, &secrets::hash_token(&answer.challenge), clock::now())
            .await?
            .filter(|(staff_id, _)| *staff_id == member.staff_id)
            .ok_or_else(second_factor_failed)?;
    let authentication: PasskeyAuthentication = from_json(&ceremony.1)?;
    let result = state
        .passkeys
        .finish_passkey_authentication(&answer.credential, &authentication)
        .map_err(webauthn_failed)?;
    for (passkey_id, mut passkey) in registered(pool, &member.staff_id).await? {
        if passkey.cred_id() == result.cred_id() {
            passkey.update_credential(&result);
            store::passkey_used(pool, &passkey_id, &to_json(&passkey)?, clock::now()).await?;
        }
    }
    attempt.succeeded(&state).await?;
    complete(&state, &client, &headers, member, &answer.challenge).await
}
