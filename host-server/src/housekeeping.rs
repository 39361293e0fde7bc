//! Housekeeping: a background task that deletes what has outlived its lifetime, so that
//! nothing is kept forever: carts not changed for `CART_TTL`, sessions and account tokens past
//! their expiry, and cart handover keys past theirs.
//!
//! A cart whose order still awaits payment is kept: paying that order removes it.

use std::time::Duration;

use crate::AppState;
use crate::clock;
use crate::config::ConfigError;

/// The lifetimes and the pace of the housekeeping task.
#[derive(Clone, Debug)]
pub struct HousekeepingConfig {
    /// `CART_TTL`: seconds after its last change that a cart is deleted. Default 30 days.
    pub cart_ttl: i64,
    /// `HOUSEKEEPING_INTERVAL`: seconds between two rounds. Default 60.
    pub interval: Duration,
}

impl Default for HousekeepingConfig {
    fn default() -> HousekeepingConfig {
        HousekeepingConfig { cart_ttl: 30 * 86_400, interval: Duration::from_secs(60) }
    }
}

/// A whole number of seconds from the variable `name`, or `default` when it is unset.
pub fn seconds(lookup: &impl Fn(&str) -> Option<String>, name: &'static str, default: i64) -> Result<i64, ConfigError> {
    match lookup(name) {
        Some(text) => text.trim().parse().ok().filter(|value: &i64| *value >= 0).ok_or(ConfigError::Seconds(name, text)),
        None => Ok(default),
    }
}

impl HousekeepingConfig {
    /// Reads `CART_TTL` and `HOUSEKEEPING_INTERVAL`.
    pub fn from_lookup(lookup: &impl Fn(&str) -> Option<String>) -> Result<HousekeepingConfig, ConfigError> {
        let defaults = HousekeepingConfig::default();
        let interval = seconds(lookup, "HOUSEKEEPING_INTERVAL", 60)?.max(1);
        Ok(HousekeepingConfig {
            cart_ttl: seconds(lookup, "CART_TTL", defaults.cart_ttl)?,
            interval: Duration::from_secs(u64::try_from(interval).unwrap_or(60)),
        })
    }
}

/// What one round deleted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Deleted {
    pub carts: u64,
    pub sessions: u64,
    pub tokens: u64,
    pub handover_keys: u64,
}

/// Starts the task; it runs a round every interval until the database pool closes.
pub fn start(state: AppState, config: HousekeepingConfig) {
    tokio::spawn(async move {
        let mut interval = tokio::time::interval(config.interval);
        interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        while !state.db.pool().is_closed() {
            interval.tick().await;
            match delete_expired(&state, &config).await {
                Ok(deleted) if deleted != Deleted::default() => tracing::info!(?deleted, "housekeeping deleted expired rows"),
                Ok(_) => {}
                Err(error) if state.db.pool().is_closed() => tracing::debug!(%error, "housekeeping stopped"),
                Err(error) => tracing::warn!(%error, "housekeeping failed"),
            }
        }
    });
}

/// The carts deleted in one statement at most, so that a backlog never holds the write lock long.
const CART_BATCH: i64 = 500;

/// One round: deletes everything past its lifetime.
pub async fn delete_expired(state: &AppState, config: &HousekeepingConfig) -> Result<Deleted, sqlx::Error> {
    let pool = state.db.pool();
    let (now, now_millis) = (clock::now(), clock::now_millis());
    let sessions = sqlx::query("DELETE FROM sessions WHERE expires_at <= $1").bind(now).execute(pool).await?.rows_affected();
    let tokens = sqlx::query("DELETE FROM account_tokens WHERE expires_at <= $1").bind(now).execute(pool).await?.rows_affected();
    let handover_keys =
        sqlx::query("DELETE FROM cart_handover_keys WHERE expires_at <= $1").bind(now_millis).execute(pool).await?.rows_affected();
    let carts = delete_expired_carts(state, now_millis.saturating_sub(config.cart_ttl.saturating_mul(1000))).await?;
    Ok(Deleted { carts, sessions, tokens, handover_keys })
}

/// Deletes the carts last changed before `before` (milliseconds) whose order, if any, does not
/// await payment; their lines, samples and handover keys go with them (foreign keys).
async fn delete_expired_carts(state: &AppState, before: i64) -> Result<u64, sqlx::Error> {
    let pool = state.db.pool();
    let mut deleted = 0;
    loop {
        let expired: Vec<(String,)> = sqlx::query_as(
            "SELECT c.cart_id FROM carts c WHERE c.last_modified < $1 AND NOT EXISTS \
             (SELECT 1 FROM orders o WHERE o.cart_id = c.cart_id AND o.status IN ('created', 'open')) LIMIT $2",
        )
        .bind(before)
        .bind(CART_BATCH)
        .fetch_all(pool)
        .await?;
        if expired.is_empty() {
            return Ok(deleted);
        }
        for (cart_id,) in &expired {
            let _change = state.carts.change(cart_id);
            // Checked again in the statement: a cart changed since the look-up stays.
            let gone = sqlx::query("DELETE FROM carts WHERE cart_id = $1 AND last_modified < $2")
                .bind(cart_id)
                .bind(before)
                .execute(pool)
                .await?;
            deleted += gone.rows_affected();
        }
        if i64::try_from(expired.len()).unwrap_or(i64::MAX) < CART_BATCH {
            return Ok(deleted);
        }
    }
}
