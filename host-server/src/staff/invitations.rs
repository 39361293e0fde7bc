//! Accepting an invitation: the link shows a new TOTP secret for the authenticator app; the
//! member chooses a password and proves with a code that the app holds the secret; the answer
//! holds the ten recovery codes, shown this once.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::second_factor::{
    matching_step, new_recovery_codes, new_totp_secret, otpauth_uri, password_problem,
    recovery_code_hash,
};
use super::store;
use crate::AppState;
use crate::audit::{self, AuditActor, Event};
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path};
use crate::platform::session::Client;
use crate::platform::{clock, passwords, secrets};

/// An invitation being accepted: who it is for and the secret for the authenticator app.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Invitation {
    email_address: String,
    name: String,
    /// Base32, for typing into the app.
    totp_secret: String,
    /// The same secret as an `otpauth://` address (for a QR code).
    otpauth_uri: String,
}

async fn open_invitation(
    state: &AppState,
    token: &str,
) -> Result<(store::InvitationRow, store::MemberRow), ApiError> {
    let pool = state.db.pool();
    let invitation = store::open_invitation(pool, &secrets::hash_token(token), clock::now())
        .await?
        .ok_or(ApiError::NotFound)?;
    let member = store::member(pool, &invitation.staff_id)
        .await?
        .filter(|member| member.disabled_at.is_none())
        .ok_or(ApiError::NotFound)?;
    Ok((invitation, member))
}

fn open_secret(state: &AppState, sealed: &str) -> Result<String, ApiError> {
    state
        .sealer
        .open(sealed)
        .map_err(|error| ApiError::Internal(format!("TOTP secret: {error}")))
}

/// The invitation: the member's address and name, and the TOTP secret to store in the
/// authenticator app (the same secret until the invitation is accepted).
#[utoipa::path(
    get,
    path = "/api/backoffice/invitations/{token}",
    tag = "backoffice",
    operation_id = "viewStaffInvitation",
    params(("token" = String, Path, description = "The token of the invitation link")),
    responses(
        (status = 200, description = "The invitation", body = Invitation),
        (status = 404, description = "No such invitation, used, or older than 48 hours", body = ErrorBody),
    )
)]
pub async fn view(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> Result<Json<Invitation>, ApiError> {
    let (invitation, member) = open_invitation(&state, &token).await?;
    let secret = match &invitation.pending_totp_secret_sealed {
        Some(sealed) => open_secret(&state, sealed)?,
        None => {
            let secret = new_totp_secret();
            let sealed = state
                .sealer
                .seal(&secret)
                .map_err(|error| ApiError::Internal(format!("TOTP secret: {error}")))?;
            store::set_pending_secret(state.db.pool(), &secrets::hash_token(&token), &sealed)
                .await?;
            secret
        }
    };
    Ok(Json(Invitation {
        otpauth_uri: otpauth_uri(&secret, &member.email_address)?,
        totp_secret: secret,
        email_address: member.email_address,
        name: member.name,
    }))
}

/// The password and the first code.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Acceptance {
    #[serde(default)]
    password: String,
    /// The authenticator app's current code for the invitation's secret.
    #[serde(default)]
    totp_code: String,
}

/// The recovery codes, shown once.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecoveryCodes {
    recovery_codes: Vec<String>,
}

/// Accepts the invitation: sets the password and the TOTP secret, and answers the ten
/// recovery codes. The member then signs in as usual.
#[utoipa::path(
    post,
    path = "/api/backoffice/invitations/{token}",
    tag = "backoffice",
    operation_id = "acceptStaffInvitation",
    params(("token" = String, Path, description = "The token of the invitation link")),
    request_body = Acceptance,
    responses(
        (status = 200, description = "Accepted; store the recovery codes now", body = RecoveryCodes),
        (status = 400, description = "`password`: `validation.passwordTooShort` (under 12 characters) or `validation.passwordWeak`; `totpCode`: `validation.totpCode` (not the app's current code, or the invitation was not opened first)", body = ErrorBody),
        (status = 403, description = "`errors.crossSiteRequest`: not from the back office's own pages", body = ErrorBody),
        (status = 404, description = "No such invitation, used, or older than 48 hours", body = ErrorBody),
    )
)]
pub async fn accept(
    State(state): State<AppState>,
    client: Client,
    Path(token): Path<String>,
    Json(acceptance): Json<Acceptance>,
) -> Result<Json<RecoveryCodes>, ApiError> {
    let (invitation, member) = open_invitation(&state, &token).await?;
    if let Some(key) =
        password_problem(&acceptance.password, &[&member.email_address, &member.name])
    {
        return Err(ApiError::field(
            "password",
            key,
            "Choose a password of at least 12 characters that is hard to guess",
        ));
    }
    let wrong_code = || {
        ApiError::field(
            "totpCode",
            "validation.totpCode",
            "This is not the authenticator app's current code",
        )
    };
    let sealed = invitation
        .pending_totp_secret_sealed
        .ok_or_else(wrong_code)?;
    let secret = open_secret(&state, &sealed)?;
    let step =
        matching_step(&secret, &acceptance.totp_code, clock::now())?.ok_or_else(wrong_code)?;
    let password_hash = passwords::hash(acceptance.password).await?;
    let codes = new_recovery_codes();
    let code_hashes: Vec<String> = codes.iter().map(|code| recovery_code_hash(code)).collect();
    let mut transaction = state.db.begin_change().await?;
    let accepted = store::accept_invitation(
        &mut transaction,
        &store::Acceptance {
            token_hash: &secrets::hash_token(&token),
            staff_id: &member.staff_id,
            password_hash: &password_hash,
            totp_secret_sealed: &sealed,
            step,
            recovery_code_hashes: &code_hashes,
            now: clock::now(),
        },
    )
    .await?;
    if !accepted {
        return Err(ApiError::NotFound);
    }
    let event = Event::new("staff.accepted", "staff", &member.staff_id).field(
        "twoFactor",
        Some("none"),
        Some("totp"),
    );
    let actor = AuditActor {
        kind: audit::ActorKind::Staff,
        id: member.staff_id.clone(),
        name: member.name.clone(),
    };
    audit::append(&mut transaction, &actor, &client.ip, event).await?;
    transaction.commit().await?;
    Ok(Json(RecoveryCodes {
        recovery_codes: codes,
    }))
}
