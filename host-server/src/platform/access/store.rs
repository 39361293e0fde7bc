//! The `staff_sessions` and `integration_keys` rows a request is authorized by.

use engine::staff::{Permission, StaffRole};
use sqlx::AnyPool;

use crate::platform::labels::Label;
use crate::platform::stored_json::StoredJson;

/// A live staff session with what its member may do.
#[derive(sqlx::FromRow)]
pub struct LiveSession {
    pub staff_id: String,
    pub name: String,
    pub role: Label<StaffRole>,
    pub sites: StoredJson<Vec<i64>>,
    pub public_id: String,
    pub last_seen_at: i64,
}

/// The session with this hash, if it is before its expiry, was used after `idle_since`, and
/// its member is not disabled.
pub async fn live_session(
    pool: &AnyPool,
    session_hash: &str,
    now: i64,
    idle_since: i64,
) -> Result<Option<LiveSession>, sqlx::Error> {
    sqlx::query_as(
        "SELECT m.staff_id, m.name, m.role, m.sites, s.public_id, s.last_seen_at \
         FROM staff_sessions s JOIN staff_members m ON m.staff_id = s.staff_id \
         WHERE s.session_hash = $1 AND s.expires_at > $2 AND s.last_seen_at > $3 \
         AND m.disabled_at IS NULL",
    )
    .bind(session_hash)
    .bind(now)
    .bind(idle_since)
    .fetch_optional(pool)
    .await
}

/// Records the session's use.
pub async fn mark_session_seen(
    pool: &AnyPool,
    session_hash: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE staff_sessions SET last_seen_at = $1 WHERE session_hash = $2")
        .bind(now)
        .bind(session_hash)
        .execute(pool)
        .await?;
    Ok(())
}

/// A session about to start.
pub struct NewSession {
    pub session_hash: String,
    pub public_id: String,
    pub staff_id: String,
    pub started_at: i64,
    pub expires_at: i64,
    pub device: String,
    pub address: String,
}

/// Stores a new session.
pub async fn insert_session(pool: &AnyPool, session: &NewSession) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO staff_sessions \
         (session_hash, public_id, staff_id, started_at, expires_at, last_seen_at, device, address) \
         VALUES ($1, $2, $3, $4, $5, $4, $6, $7)",
    )
    .bind(&session.session_hash)
    .bind(&session.public_id)
    .bind(&session.staff_id)
    .bind(session.started_at)
    .bind(session.expires_at)
    .bind(&session.device)
    .bind(&session.address)
    .execute(pool)
    .await?;
    Ok(())
}

/// Ends the session with this hash.
pub async fn end_session(pool: &AnyPool, session_hash: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM staff_sessions WHERE session_hash = $1")
        .bind(session_hash)
        .execute(pool)
        .await?;
    Ok(())
}

/// An integration key that is not revoked.
#[derive(sqlx::FromRow)]
pub struct LiveKey {
    pub key_id: String,
    pub name: String,
    pub permissions: StoredJson<Vec<Permission>>,
    pub sites: StoredJson<Vec<i64>>,
    pub last_used_at: Option<i64>,
}

/// The key with this hash, unless revoked.
pub async fn live_key(pool: &AnyPool, key_hash: &str) -> Result<Option<LiveKey>, sqlx::Error> {
    sqlx::query_as(
        "SELECT key_id, name, permissions, sites, last_used_at FROM integration_keys \
         WHERE key_hash = $1 AND revoked_at IS NULL",
    )
    .bind(key_hash)
    .fetch_optional(pool)
    .await
}

/// Records the key's use.
pub async fn mark_key_used(pool: &AnyPool, key_id: &str, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE integration_keys SET last_used_at = $1 WHERE key_id = $2")
        .bind(now)
        .bind(key_id)
        .execute(pool)
        .await?;
    Ok(())
}
