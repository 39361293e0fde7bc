//! The staff's tables: members, invitations, recovery codes, sign-in challenges, the sign-in
//! history and the integration keys. Sessions are `platform::access`'s.

use engine::staff::{Permission, StaffRole};
use sqlx::{Any, AnyConnection, AnyPool, Executor};

use crate::platform::labels::Label;
use crate::platform::stored_json::StoredJson;

/// A staff member.
#[derive(Clone, sqlx::FromRow)]
pub struct MemberRow {
    pub staff_id: String,
    pub email_address: String,
    pub name: String,
    pub role: Label<StaffRole>,
    pub sites: StoredJson<Vec<i64>>,
    pub language: Label<super::StaffLanguage>,
    pub password_hash: Option<String>,
    pub totp_secret_sealed: Option<String>,
    pub totp_last_step: i64,
    pub disabled_at: Option<i64>,
    pub last_sign_in_at: Option<i64>,
}

const MEMBER_COLUMNS: &str = "m.staff_id, m.email_address, m.name, m.role, m.sites, m.language, \
     m.password_hash, m.totp_secret_sealed, m.totp_last_step, m.disabled_at, \
     (SELECT MAX(i.at) FROM staff_sign_ins i WHERE i.staff_id = m.staff_id \
      AND i.outcome = 'succeeded') AS last_sign_in_at";

/// The member with this (normalized) address.
pub async fn member_by_email(
    pool: &AnyPool,
    email_address: &str,
) -> Result<Option<MemberRow>, sqlx::Error> {
    let sql = format!("SELECT {MEMBER_COLUMNS} FROM staff_members m WHERE m.email_address = $1");
    sqlx::query_as(&sql)
        .bind(email_address)
        .fetch_optional(pool)
        .await
}

/// The member with this id.
pub async fn member(
    executor: impl Executor<'_, Database = Any>,
    staff_id: &str,
) -> Result<Option<MemberRow>, sqlx::Error> {
    let sql = format!("SELECT {MEMBER_COLUMNS} FROM staff_members m WHERE m.staff_id = $1");
    sqlx::query_as(&sql)
        .bind(staff_id)
        .fetch_optional(executor)
        .await
}

/// Every member, by name.
pub async fn members(pool: &AnyPool) -> Result<Vec<MemberRow>, sqlx::Error> {
    let sql = format!("SELECT {MEMBER_COLUMNS} FROM staff_members m ORDER BY m.name, m.staff_id");
    sqlx::query_as(&sql).fetch_all(pool).await
}

/// How many members there are.
pub async fn member_count(pool: &AnyPool) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM staff_members")
        .fetch_one(pool)
        .await?;
    Ok(count)
}

/// A member about to be stored.
pub struct NewMember<'a> {
    pub staff_id: &'a str,
    pub email_address: &'a str,
    pub name: &'a str,
    pub role: StaffRole,
    pub sites: &'a [i64],
    pub language: super::StaffLanguage,
    pub password_hash: Option<&'a str>,
    pub totp_secret_sealed: Option<&'a str>,
    pub created_at: i64,
}

/// Stores a new member; `false` when the address is taken.
pub async fn insert_member(
    executor: impl Executor<'_, Database = Any>,
    member: &NewMember<'_>,
) -> Result<bool, sqlx::Error> {
    let inserted = sqlx::query(
        "INSERT INTO staff_members (staff_id, email_address, name, role, sites, language, \
         password_hash, totp_secret_sealed, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
         ON CONFLICT (email_address) DO NOTHING",
    )
    .bind(member.staff_id)
    .bind(member.email_address)
    .bind(member.name)
    .bind(Label(member.role))
    .bind(StoredJson(member.sites))
    .bind(Label(member.language))
    .bind(member.password_hash)
    .bind(member.totp_secret_sealed)
    .bind(member.created_at)
    .execute(executor)
    .await?;
    Ok(inserted.rows_affected() == 1)
}

/// Changes a member's role, sites and whether they are disabled (`disabled_at`).
pub async fn update_member(
    executor: impl Executor<'_, Database = Any>,
    staff_id: &str,
    role: StaffRole,
    sites: &[i64],
    disabled_at: Option<i64>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE staff_members SET role = $1, sites = $2, disabled_at = $3 WHERE staff_id = $4",
    )
    .bind(Label(role))
    .bind(StoredJson(sites))
    .bind(disabled_at)
    .bind(staff_id)
    .execute(executor)
    .await?;
    Ok(())
}

/// A staff member's language.
pub async fn staff_language(
    pool: &AnyPool,
    staff_id: &str,
) -> Result<Option<Label<super::StaffLanguage>>, sqlx::Error> {
    let found: Option<(Label<super::StaffLanguage>,)> =
        sqlx::query_as("SELECT language FROM staff_members WHERE staff_id = $1")
            .bind(staff_id)
            .fetch_optional(pool)
            .await?;
    Ok(found.map(|(language,)| language))
}

/// Changes a member's language.
pub async fn set_language(
    executor: impl Executor<'_, Database = Any>,
    staff_id: &str,
    language: super::StaffLanguage,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE staff_members SET language = $1 WHERE staff_id = $2")
        .bind(Label(language))
        .bind(staff_id)
        .execute(executor)
        .await?;
    Ok(())
}

/// Ends every session of a member (disabled, or a new password).
pub async fn end_sessions_of(
    executor: impl Executor<'_, Database = Any>,
    staff_id: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM staff_sessions WHERE staff_id = $1")
        .bind(staff_id)
        .execute(executor)
        .await?;
    Ok(())
}

/// Accepts a TOTP code's time step once: `true` when `step` is later than the last accepted
/// one (and is now the last), `false` when it was used already or is older.
pub async fn take_totp_step(
    pool: &AnyPool,
    staff_id: &str,
    step: i64,
) -> Result<bool, sqlx::Error> {
    let taken = sqlx::query(
        "UPDATE staff_members SET totp_last_step = $1 WHERE staff_id = $2 AND totp_last_step < $1",
    )
    .bind(step)
    .bind(staff_id)
    .execute(pool)
    .await?;
    Ok(taken.rows_affected() == 1)
}

/// Stores an invitation.
pub async fn insert_invitation(
    executor: impl Executor<'_, Database = Any>,
    token_hash: &str,
    staff_id: &str,
    expires_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO staff_invitations (token_hash, staff_id, expires_at) VALUES ($1, $2, $3)",
    )
    .bind(token_hash)
    .bind(staff_id)
    .bind(expires_at)
    .execute(executor)
    .await?;
    Ok(())
}

/// An open invitation.
#[derive(sqlx::FromRow)]
pub struct InvitationRow {
    pub staff_id: String,
    pub pending_totp_secret_sealed: Option<String>,
}

/// The invitation with this hash, if unused and before its expiry.
pub async fn open_invitation(
    pool: &AnyPool,
    token_hash: &str,
    now: i64,
) -> Result<Option<InvitationRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT staff_id, pending_totp_secret_sealed FROM staff_invitations \
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2",
    )
    .bind(token_hash)
    .bind(now)
    .fetch_optional(pool)
    .await
}

/// Keeps the TOTP secret shown for an invitation until a code proves it was stored.
pub async fn set_pending_secret(
    pool: &AnyPool,
    token_hash: &str,
    sealed: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE staff_invitations SET pending_totp_secret_sealed = $1 WHERE token_hash = $2",
    )
    .bind(sealed)
    .bind(token_hash)
    .execute(pool)
    .await?;
    Ok(())
}

/// Accepts an invitation once: its member gets the password, the TOTP secret (with `step` as
/// the last code used) and the recovery codes, in the caller's transaction. `false` when it
/// was accepted already.
pub async fn accept_invitation(
    transaction: &mut AnyConnection,
    accepted: &Acceptance<'_>,
) -> Result<bool, sqlx::Error> {
    let used = sqlx::query(
        "UPDATE staff_invitations SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL",
    )
    .bind(accepted.now)
    .bind(accepted.token_hash)
    .execute(&mut *transaction)
    .await?;
    if used.rows_affected() != 1 {
        return Ok(false);
    }
    sqlx::query(
        "UPDATE staff_members SET password_hash = $1, totp_secret_sealed = $2, \
         totp_last_step = $3 WHERE staff_id = $4",
    )
    .bind(accepted.password_hash)
    .bind(accepted.totp_secret_sealed)
    .bind(accepted.step)
    .bind(accepted.staff_id)
    .execute(&mut *transaction)
    .await?;
    replace_recovery_codes(
        transaction,
        accepted.staff_id,
        accepted.recovery_code_hashes,
    )
    .await?;
    Ok(true)
}

/// What accepting an invitation stores.
pub struct Acceptance<'a> {
    pub token_hash: &'a str,
    pub staff_id: &'a str,
    pub password_hash: &'a str,
    pub totp_secret_sealed: &'a str,
    pub step: i64,
    pub recovery_code_hashes: &'a [String],
    pub now: i64,
}

/// Replaces a member's recovery codes.
pub async fn replace_recovery_codes(
    connection: &mut sqlx::AnyConnection,
    staff_id: &str,
    code_hashes: &[String],
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM staff_recovery_codes WHERE staff_id = $1")
        .bind(staff_id)
        .execute(&mut *connection)
        .await?;
    for code_hash in code_hashes {
        sqlx::query("INSERT INTO staff_recovery_codes (code_hash, staff_id) VALUES ($1, $2)")
            .bind(code_hash)
            .bind(staff_id)
            .execute(&mut *connection)
            .await?;
    }
    Ok(())
}

/// Uses a recovery code once: `true` when it was the member's and unused.
pub async fn use_recovery_code(
    pool: &AnyPool,
    staff_id: &str,
    code_hash: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let used = sqlx::query(
        "UPDATE staff_recovery_codes SET used_at = $1 \
         WHERE code_hash = $2 AND staff_id = $3 AND used_at IS NULL",
    )
    .bind(now)
    .bind(code_hash)
    .bind(staff_id)
    .execute(pool)
    .await?;
    Ok(used.rows_affected() == 1)
}

/// Stores the challenge between the password and the second factor.
pub async fn insert_challenge(
    pool: &AnyPool,
    challenge_hash: &str,
    staff_id: &str,
    expires_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO staff_sign_in_challenges (challenge_hash, staff_id, expires_at) VALUES ($1, $2, $3)",
    )
    .bind(challenge_hash)
    .bind(staff_id)
    .bind(expires_at)
    .execute(pool)
    .await?;
    Ok(())
}

/// The member of a challenge before its expiry.
pub async fn challenge(
    pool: &AnyPool,
    challenge_hash: &str,
    now: i64,
) -> Result<Option<String>, sqlx::Error> {
    let found: Option<(String,)> = sqlx::query_as(
        "SELECT staff_id FROM staff_sign_in_challenges WHERE challenge_hash = $1 AND expires_at > $2",
    )
    .bind(challenge_hash)
    .bind(now)
    .fetch_optional(pool)
    .await?;
    Ok(found.map(|(staff_id,)| staff_id))
}

/// Removes a challenge (used) and every expired one.
pub async fn remove_challenge(
    pool: &AnyPool,
    challenge_hash: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "DELETE FROM staff_sign_in_challenges WHERE challenge_hash = $1 OR expires_at <= $2",
    )
    .bind(challenge_hash)
    .bind(now)
    .execute(pool)
    .await?;
    Ok(())
}

/// Records a sign-in attempt of a member.
pub async fn record_sign_in(
    pool: &AnyPool,
    staff_id: &str,
    at: i64,
    address: &str,
    device: &str,
    outcome: super::SignInOutcome,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO staff_sign_ins (staff_id, at, address, device, outcome) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(staff_id)
    .bind(at)
    .bind(address)
    .bind(device)
    .bind(Label(outcome))
    .execute(pool)
    .await?;
    Ok(())
}

/// Whether the member signed in from this device before.
pub async fn known_device(
    pool: &AnyPool,
    staff_id: &str,
    device: &str,
) -> Result<bool, sqlx::Error> {
    let (count,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM staff_sign_ins WHERE staff_id = $1 AND device = $2 AND outcome = 'succeeded'",
    )
    .bind(staff_id)
    .bind(device)
    .fetch_one(pool)
    .await?;
    Ok(count > 0)
}

/// A sign-in attempt.
#[derive(sqlx::FromRow)]
pub struct SignInRow {
    pub at: i64,
    pub address: String,
    pub device: String,
    pub outcome: Label<super::SignInOutcome>,
}

/// A member's latest sign-in attempts, newest first.
pub async fn sign_ins(
    pool: &AnyPool,
    staff_id: &str,
    limit: i64,
) -> Result<Vec<SignInRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT at, address, device, outcome FROM staff_sign_ins WHERE staff_id = $1 \
         ORDER BY at DESC LIMIT $2",
    )
    .bind(staff_id)
    .bind(limit)
    .fetch_all(pool)
    .await
}

/// A live session of a member.
#[derive(sqlx::FromRow)]
pub struct SessionRow {
    pub public_id: String,
    pub device: String,
    pub address: String,
    pub started_at: i64,
    pub last_seen_at: i64,
}

/// A member's live sessions, the latest used first.
pub async fn sessions(
    pool: &AnyPool,
    staff_id: &str,
    now: i64,
    idle_since: i64,
) -> Result<Vec<SessionRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT public_id, device, address, started_at, last_seen_at FROM staff_sessions \
         WHERE staff_id = $1 AND expires_at > $2 AND last_seen_at > $3 ORDER BY last_seen_at DESC",
    )
    .bind(staff_id)
    .bind(now)
    .bind(idle_since)
    .fetch_all(pool)
    .await
}

/// Ends a member's session by its public id; `false` when the member has none such.
pub async fn end_session(
    pool: &AnyPool,
    staff_id: &str,
    public_id: &str,
) -> Result<bool, sqlx::Error> {
    let ended = sqlx::query("DELETE FROM staff_sessions WHERE staff_id = $1 AND public_id = $2")
        .bind(staff_id)
        .bind(public_id)
        .execute(pool)
        .await?;
    Ok(ended.rows_affected() == 1)
}

/// An integration key.
#[derive(sqlx::FromRow)]
pub struct KeyRow {
    pub key_id: String,
    pub name: String,
    pub permissions: StoredJson<Vec<Permission>>,
    pub sites: StoredJson<Vec<i64>>,
    pub created_at: i64,
    pub last_used_at: Option<i64>,
    pub revoked_at: Option<i64>,
}

/// A key about to be stored.
pub struct NewKey<'a> {
    pub key_id: &'a str,
    pub key_hash: &'a str,
    pub name: &'a str,
    pub permissions: &'a [Permission],
    pub sites: &'a [i64],
    pub created_by: &'a str,
    pub created_at: i64,
}

/// Stores a new key.
pub async fn insert_key(
    executor: impl Executor<'_, Database = Any>,
    key: &NewKey<'_>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO integration_keys (key_id, key_hash, name, permissions, sites, created_by, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(key.key_id)
    .bind(key.key_hash)
    .bind(key.name)
    .bind(StoredJson(key.permissions))
    .bind(StoredJson(key.sites))
    .bind(key.created_by)
    .bind(key.created_at)
    .execute(executor)
    .await?;
    Ok(())
}

const KEY_COLUMNS: &str = "key_id, name, permissions, sites, created_at, last_used_at, revoked_at";

/// Every key, the newest first.
pub async fn keys(pool: &AnyPool) -> Result<Vec<KeyRow>, sqlx::Error> {
    let sql =
        format!("SELECT {KEY_COLUMNS} FROM integration_keys ORDER BY created_at DESC, key_id");
    sqlx::query_as(&sql).fetch_all(pool).await
}

/// The key with this id.
pub async fn key(pool: &AnyPool, key_id: &str) -> Result<Option<KeyRow>, sqlx::Error> {
    let sql = format!("SELECT {KEY_COLUMNS} FROM integration_keys WHERE key_id = $1");
    sqlx::query_as(&sql).bind(key_id).fetch_optional(pool).await
}

/// Revokes a key once: `false` when it was revoked already.
pub async fn revoke_key(
    executor: impl Executor<'_, Database = Any>,
    key_id: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let revoked = sqlx::query(
        "UPDATE integration_keys SET revoked_at = $1 WHERE key_id = $2 AND revoked_at IS NULL",
    )
    .bind(now)
    .bind(key_id)
    .execute(executor)
    .await?;
    Ok(revoked.rows_affected() == 1)
}

/// A member's passkey.
#[derive(sqlx::FromRow)]
pub struct PasskeyRow {
    pub passkey_id: String,
    pub name: String,
    pub credential: String,
    pub created_at: i64,
    pub last_used_at: Option<i64>,
}

/// A member's passkeys, the oldest first.
pub async fn passkeys(pool: &AnyPool, staff_id: &str) -> Result<Vec<PasskeyRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT passkey_id, name, credential, created_at, last_used_at FROM staff_passkeys \
         WHERE staff_id = $1 ORDER BY created_at, passkey_id",
    )
    .bind(staff_id)
    .fetch_all(pool)
    .await
}

/// Stores a member's new passkey.
pub async fn insert_passkey(
    executor: impl Executor<'_, Database = Any>,
    passkey_id: &str,
    staff_id: &str,
    name: &str,
    credential: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO staff_passkeys (passkey_id, staff_id, name, credential, created_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(passkey_id)
    .bind(staff_id)
    .bind(name)
    .bind(credential)
    .bind(now)
    .execute(executor)
    .await?;
    Ok(())
}

/// Keeps a passkey's credential as updated by a sign-in (its counter) and when it was used.
pub async fn passkey_used(
    pool: &AnyPool,
    passkey_id: &str,
    credential: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE staff_passkeys SET credential = $1, last_used_at = $2 WHERE passkey_id = $3",
    )
    .bind(credential)
    .bind(now)
    .bind(passkey_id)
    .execute(pool)
    .await?;
    Ok(())
}

/// Removes a member's passkey; `false` when the member has none with this id.
pub async fn remove_passkey(
    executor: impl Executor<'_, Database = Any>,
    staff_id: &str,
    passkey_id: &str,
) -> Result<bool, sqlx::Error> {
    let removed = sqlx::query("DELETE FROM staff_passkeys WHERE staff_id = $1 AND passkey_id = $2")
        .bind(staff_id)
        .bind(passkey_id)
        .execute(executor)
        .await?;
    Ok(removed.rows_affected() == 1)
}

/// Keeps a ceremony's state until its second call (replacing an earlier one of the same key).
pub async fn put_ceremony(
    pool: &AnyPool,
    ceremony_key: &str,
    staff_id: &str,
    state: &str,
    expires_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO staff_passkey_ceremonies (ceremony_key, staff_id, state, expires_at) \
         VALUES ($1, $2, $3, $4) ON CONFLICT (ceremony_key) DO UPDATE SET \
         staff_id = excluded.staff_id, state = excluded.state, expires_at = excluded.expires_at",
    )
    .bind(ceremony_key)
    .bind(staff_id)
    .bind(state)
    .bind(expires_at)
    .execute(pool)
    .await?;
    Ok(())
}

/// Takes a live ceremony's member and state, once: the row is removed as it is read.
pub async fn take_ceremony(
    pool: &AnyPool,
    ceremony_key: &str,
    now: i64,
) -> Result<Option<(String, String)>, sqlx::Error> {
    sqlx::query_as(
        "DELETE FROM staff_passkey_ceremonies WHERE ceremony_key = $1 AND expires_at > $2 \
         RETURNING staff_id, state",
    )
    .bind(ceremony_key)
    .bind(now)
    .fetch_optional(pool)
    .await
}
