//! Handover keys: stored hashed with their cart, each usable once before it expires.

use sqlx::{AnyConnection, AnyPool};

/// Stores a new key's hash for a cart, in the transaction that records it in the audit trail.
pub async fn insert_key(
    transaction: &mut AnyConnection,
    key_hash: &str,
    cart_id: &str,
    created_at: i64,
    expires_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO cart_handover_keys (key_hash, cart_id, created_at, expires_at) VALUES ($1, $2, $3, $4)")
        .bind(key_hash)
        .bind(cart_id)
        .bind(created_at)
        .bind(expires_at)
        .execute(transaction)
        .await?;
    Ok(())
}

/// Marks a key used at `now` when it is unused and unexpired then; false otherwise. One
/// conditional write, so two browsers cannot both take it.
pub async fn take_key(pool: &AnyPool, key_hash: &str, now: i64) -> Result<bool, sqlx::Error> {
    let taken = sqlx::query("UPDATE cart_handover_keys SET used_at = $1 WHERE key_hash = $2 AND used_at IS NULL AND expires_at > $1")
        .bind(now)
        .bind(key_hash)
        .execute(pool)
        .await?
        .rows_affected();
    Ok(taken != 0)
}

/// The cart a key was made for; an error when there is no such key.
pub async fn cart_of_key(pool: &AnyPool, key_hash: &str) -> Result<String, sqlx::Error> {
    let (cart_id,): (String,) =
        sqlx::query_as("SELECT cart_id FROM cart_handover_keys WHERE key_hash = $1")
            .bind(key_hash)
            .fetch_one(pool)
            .await?;
    Ok(cart_id)
}
