//! Carts and handover keys that have expired: what the clean-up job finds and removes.

use sqlx::AnyPool;

/// Removes the handover keys that expired at or before `now_millis`; returns how many.
pub async fn remove_expired_handover_keys(
    pool: &AnyPool,
    now_millis: i64,
) -> Result<u64, sqlx::Error> {
    Ok(
        sqlx::query("DELETE FROM cart_handover_keys WHERE expires_at <= $1")
            .bind(now_millis)
            .execute(pool)
            .await?
            .rows_affected(),
    )
}

/// At most `limit` carts last changed before `before` (milliseconds) with no order awaiting
/// payment.
pub async fn expired_carts(
    pool: &AnyPool,
    before: i64,
    limit: i64,
) -> Result<Vec<String>, sqlx::Error> {
    let expired: Vec<(String,)> = sqlx::query_as(
        "SELECT c.cart_id FROM carts c WHERE c.last_modified < $1 AND NOT EXISTS \
         (SELECT 1 FROM orders o WHERE o.cart_id = c.cart_id AND o.status IN ('created', 'open')) LIMIT $2",
    )
    .bind(before)
    .bind(limit)
    .fetch_all(pool)
    .await?;
    Ok(expired.into_iter().map(|(cart_id,)| cart_id).collect())
}

/// Deletes the cart if it was last changed before `before`; returns how many rows went.
pub async fn delete_cart_unchanged_since(
    pool: &AnyPool,
    cart_id: &str,
    before: i64,
) -> Result<u64, sqlx::Error> {
    let gone = sqlx::query("DELETE FROM carts WHERE cart_id = $1 AND last_modified < $2")
        .bind(cart_id)
        .bind(before)
        .execute(pool)
        .await?;
    Ok(gone.rows_affected())
}
