//! The `newsletter_subscriptions` table: one sign-up per address and site, pending until its
//! opt-in token is confirmed, and unsubscribed with a signed link.

use sqlx::AnyPool;

/// Stores a pending sign-up with the hash of its opt-in token, unless the address is confirmed
/// on the site already; returns whether a row was stored.
pub async fn store_pending(
    pool: &AnyPool,
    email: &str,
    site_id: i64,
    language_id: i64,
    token_hash: &str,
    now_millis: i64,
) -> Result<bool, sqlx::Error> {
    let stored = sqlx::query(
        "INSERT INTO newsletter_subscriptions (email_address, site_id, language_id, status, token_hash, created_at) \
         VALUES ($1, $2, $3, 'pending', $4, $5) \
         ON CONFLICT (email_address, site_id) DO UPDATE SET language_id = $3, status = 'pending', \
         token_hash = $4, created_at = $5, unsubscribed_at = NULL \
         WHERE newsletter_subscriptions.status <> 'confirmed'",
    )
    .bind(email)
    .bind(site_id)
    .bind(language_id)
    .bind(token_hash)
    .bind(now_millis)
    .execute(pool)
    .await?
    .rows_affected();
    Ok(stored != 0)
}

/// Confirms the sign-up with this token hash, unless it was unsubscribed; returns whether one
/// was confirmed.
pub async fn confirm(
    pool: &AnyPool,
    token_hash: &str,
    now_millis: i64,
) -> Result<bool, sqlx::Error> {
    let confirmed = sqlx::query(
        "UPDATE newsletter_subscriptions SET status = 'confirmed', \
         confirmed_at = COALESCE(confirmed_at, $1) WHERE token_hash = $2 AND status <> 'unsubscribed'",
    )
    .bind(now_millis)
    .bind(token_hash)
    .execute(pool)
    .await?
    .rows_affected();
    Ok(confirmed != 0)
}

/// Unsubscribes the address on every site.
pub async fn unsubscribe(pool: &AnyPool, email: &str, now_millis: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE newsletter_subscriptions SET status = 'unsubscribed', unsubscribed_at = $1, token_hash = NULL \
         WHERE email_address = $2 AND status <> 'unsubscribed'",
    )
    .bind(now_millis)
    .bind(email)
    .execute(pool)
    .await?;
    Ok(())
}
