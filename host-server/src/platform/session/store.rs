//! The `sessions` table: a session's hash, its account, expiry and last use.

use sqlx::{AnyConnection, AnyPool};

/// The account and last use of the live session with this hash: one before its expiry
/// (`expires_at > now`) and used after `seen_after`.
pub async fn live_session(
    pool: &AnyPool,
    session_hash: &str,
    now: i64,
    seen_after: i64,
) -> Result<Option<(String, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT account_id, last_seen_at FROM sessions WHERE session_hash = $1 AND expires_at > $2 AND last_seen_at > $3",
    )
    .bind(session_hash)
    .bind(now)
    .bind(seen_after)
    .fetch_optional(pool)
    .await
}

/// Notes the session's last use.
pub async fn mark_seen(pool: &AnyPool, session_hash: &str, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE sessions SET last_seen_at = $1 WHERE session_hash = $2")
        .bind(now)
        .bind(session_hash)
        .execute(pool)
        .await?;
    Ok(())
}

/// Adds a session, last used when it was created.
pub async fn insert(
    pool: &AnyPool,
    session_hash: &str,
    account_id: &str,
    now: i64,
    expires_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO sessions (session_hash, account_id, created_at, expires_at, last_seen_at) VALUES ($1, $2, $3, $4, $3)")
        .bind(session_hash)
        .bind(account_id)
        .bind(now)
        .bind(expires_at)
        .execute(pool)
        .await?;
    Ok(())
}

/// Removes the session with this hash.
pub async fn remove(pool: &AnyPool, session_hash: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM sessions WHERE session_hash = $1")
        .bind(session_hash)
        .execute(pool)
        .await?;
    Ok(())
}

/// Removes every session of an account but the one with `keep_hash` (empty: none kept).
pub async fn remove_others_of_account(
    connection: &mut AnyConnection,
    account_id: &str,
    keep_hash: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM sessions WHERE account_id = $1 AND session_hash <> $2")
        .bind(account_id)
        .bind(keep_hash)
        .execute(connection)
        .await?;
    Ok(())
}

/// Removes the sessions past their expiry at `now` or last used at or before `seen_before`;
/// returns how many.
pub async fn remove_expired(
    pool: &AnyPool,
    now: i64,
    seen_before: i64,
) -> Result<u64, sqlx::Error> {
    Ok(
        sqlx::query("DELETE FROM sessions WHERE expires_at <= $1 OR last_seen_at <= $2")
            .bind(now)
            .bind(seen_before)
            .execute(pool)
            .await?
            .rows_affected(),
    )
}
