//! Housekeeping: a background task that ends what has outlived its lifetime, so that nothing
//! is held forever: orders not paid within their payment method's time are cancelled (their
//! stock, gift-card amount and code use return), carts not changed for `CART_TTL` are deleted,
//! and so are sessions (past their expiry or idle time-out), account tokens and cart handover
//! keys past their expiry, accounts never activated within their activation link's lifetime,
//! and rate-limit counters of past windows.
//!
//! A cart whose order still awaits payment is kept: paying that order removes it, and when the
//! order is cancelled the cart stays for another try.

use std::collections::BTreeMap;
use std::time::Duration;

use crate::AppState;
use crate::clock;
use crate::config::ConfigError;
use crate::error::ApiError;

/// The lifetimes and the pace of the housekeeping task.
#[derive(Clone, Debug)]
pub struct HousekeepingConfig {
    /// `CART_TTL`: seconds after its last change that a cart is deleted. Default 30 days.
    pub cart_ttl: i64,
    /// `HOUSEKEEPING_INTERVAL`: seconds between two rounds. Default 60.
    pub interval: Duration,
    /// `UNPAID_ORDER_TTL`: seconds an order paid online (at a provider) may await payment
    /// before it is cancelled. Default 1 hour.
    pub unpaid_order_ttl: i64,
    /// `UNPAID_ORDER_TTL_OFFLINE`: the same for a bank transfer. Default 14 days.
    pub unpaid_offline_order_ttl: i64,
    /// `UNPAID_ORDER_TTL_BY_METHOD`, e.g. `6=604800,3=1800`: seconds per payment method id,
    /// before the two above.
    pub unpaid_order_ttl_by_method: BTreeMap<i64, i64>,
}

impl Default for HousekeepingConfig {
    fn default() -> HousekeepingConfig {
        HousekeepingConfig {
            cart_ttl: 30 * 86_400,
            interval: Duration::from_secs(60),
            unpaid_order_ttl: 3_600,
            unpaid_offline_order_ttl: 14 * 86_400,
            unpaid_order_ttl_by_method: BTreeMap::new(),
        }
    }
}

/// `6=604800,3=1800`: payment method ids with seconds.
fn per_method(
    lookup: &impl Fn(&str) -> Option<String>,
    name: &'static str,
) -> Result<BTreeMap<i64, i64>, ConfigError> {
    let Some(text) = lookup(name) else {
        return Ok(BTreeMap::new());
    };
    let pair = |item: &str| -> Option<(i64, i64)> {
        let (method, seconds) = item.split_once('=')?;
        Some((
            method.trim().parse().ok()?,
            seconds
                .trim()
                .parse()
                .ok()
                .filter(|seconds: &i64| *seconds >= 0)?,
        ))
    };
    let items = text
        .split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty());
    items
        .map(|item| pair(item).ok_or_else(|| ConfigError::Seconds(name, text.clone())))
        .collect()
}

/// A whole number of seconds from the variable `name`, or `default` when it is unset.
pub fn seconds(
    lookup: &impl Fn(&str) -> Option<String>,
    name: &'static str,
    default: i64,
) -> Result<i64, ConfigError> {
    match lookup(name) {
        Some(text) => text
            .trim()
            .parse()
            .ok()
            .filter(|value: &i64| *value >= 0)
            .ok_or(ConfigError::Seconds(name, text)),
        None => Ok(default),
    }
}

impl HousekeepingConfig {
    /// Reads `CART_TTL` and `HOUSEKEEPING_INTERVAL`.
    pub fn from_lookup(
        lookup: &impl Fn(&str) -> Option<String>,
    ) -> Result<HousekeepingConfig, ConfigError> {
        let defaults = HousekeepingConfig::default();
        let interval = seconds(lookup, "HOUSEKEEPING_INTERVAL", 60)?.max(1);
        Ok(HousekeepingConfig {
            cart_ttl: seconds(lookup, "CART_TTL", defaults.cart_ttl)?,
            interval: Duration::from_secs(u64::try_from(interval).unwrap_or(60)),
            unpaid_order_ttl: seconds(lookup, "UNPAID_ORDER_TTL", defaults.unpaid_order_ttl)?,
            unpaid_offline_order_ttl: seconds(
                lookup,
                "UNPAID_ORDER_TTL_OFFLINE",
                defaults.unpaid_offline_order_ttl,
            )?,
            unpaid_order_ttl_by_method: per_method(lookup, "UNPAID_ORDER_TTL_BY_METHOD")?,
        })
    }

    /// Seconds an order paid with `method` (of `flow`) may await payment.
    fn unpaid_ttl(&self, method: Option<i64>, flow: Option<engine::payment::PaymentFlow>) -> i64 {
        let configured =
            method.and_then(|method| self.unpaid_order_ttl_by_method.get(&method).copied());
        configured.unwrap_or(if flow == Some(engine::payment::PaymentFlow::Offline) {
            self.unpaid_offline_order_ttl
        } else {
            self.unpaid_order_ttl
        })
    }
}

/// What one round deleted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Deleted {
    pub unpaid_orders: u64,
    pub carts: u64,
    pub sessions: u64,
    pub tokens: u64,
    pub handover_keys: u64,
    pub unactivated_accounts: u64,
    pub rate_limit_counters: u64,
}

/// Starts the task; it runs a round every interval until the database pool closes.
pub fn start(state: AppState, config: HousekeepingConfig) {
    tokio::spawn(async move {
        let mut interval = tokio::time::interval(config.interval);
        interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        // The first round comes one interval after the start, not during it.
        interval.tick().await;
        while !state.db.pool().is_closed() {
            interval.tick().await;
            match delete_expired(&state, &config).await {
                Ok(deleted) if deleted != Deleted::default() => {
                    tracing::info!(?deleted, "housekeeping deleted expired rows")
                }
                Ok(_) => {}
                Err(error) if state.db.pool().is_closed() => {
                    tracing::debug!(%error, "housekeeping stopped")
                }
                Err(error) => tracing::warn!(%error, "housekeeping failed"),
            }
        }
    });
}

/// The carts deleted in one statement at most, so that a backlog never holds the write lock long.
const CART_BATCH: i64 = 500;

/// One round: deletes everything past its lifetime.
pub async fn delete_expired(
    state: &AppState,
    config: &HousekeepingConfig,
) -> Result<Deleted, ApiError> {
    let unpaid_orders = cancel_unpaid_orders(state, config).await?;
    let pool = state.db.pool();
    let (now, now_millis) = (clock::now(), clock::now_millis());
    let sessions = sqlx::query("DELETE FROM sessions WHERE expires_at <= $1 OR last_seen_at <= $2")
        .bind(now)
        .bind(now - state.lifetimes.session_idle)
        .execute(pool)
        .await?
        .rows_affected();
    let tokens = sqlx::query("DELETE FROM account_tokens WHERE expires_at <= $1")
        .bind(now)
        .execute(pool)
        .await?
        .rows_affected();
    let handover_keys = sqlx::query("DELETE FROM cart_handover_keys WHERE expires_at <= $1")
        .bind(now_millis)
        .execute(pool)
        .await?
        .rows_affected();
    let unactivated_accounts =
        crate::account::queries::remove_stale_unactivated(pool, state.lifetimes.activation_token)
            .await?;
    let rate_limit_counters = crate::limits::remove_old(state).await?;
    let carts = delete_expired_carts(
        state,
        now_millis.saturating_sub(config.cart_ttl.saturating_mul(1000)),
    )
    .await?;
    Ok(Deleted {
        unpaid_orders,
        carts,
        sessions,
        tokens,
        handover_keys,
        unactivated_accounts,
        rate_limit_counters,
    })
}

/// Cancels the orders that awaited payment longer than their payment method allows.
async fn cancel_unpaid_orders(
    state: &AppState,
    config: &HousekeepingConfig,
) -> Result<u64, ApiError> {
    let pool = state.db.pool();
    let now = clock::now_millis();
    let shortest = config
        .unpaid_order_ttl_by_method
        .values()
        .copied()
        .chain([config.unpaid_order_ttl, config.unpaid_offline_order_ttl])
        .min();
    let oldest_allowed = now.saturating_sub(shortest.unwrap_or_default().saturating_mul(1000));
    let waiting: Vec<(i64, Option<i64>, i64)> = sqlx::query_as(
        // Orders placed from a cart: the demo data's imported orders are history, not waiting.
        "SELECT order_id, payment_method_id, created_at FROM orders \
         WHERE status IN ('created', 'open') AND cart_id IS NOT NULL AND created_at < $1 ORDER BY order_id",
    )
    .bind(oldest_allowed)
    .fetch_all(pool)
    .await?;
    let mut cancelled = 0;
    for (order_id, method, created_at) in waiting {
        let flow = match method {
            Some(method) => crate::orders::payment_flow(pool, method).await?,
            None => None,
        };
        let ttl = config.unpaid_ttl(method, flow);
        if created_at < now.saturating_sub(ttl.saturating_mul(1000))
            && crate::orders::cancel_unpaid(state, order_id).await?
        {
            tracing::info!(order_id, "unpaid order cancelled after its payment time");
            cancelled += 1;
        }
    }
    Ok(cancelled)
}

/// Deletes the carts last changed before `before` (milliseconds) whose order, if any, does not
/// await payment; their lines, samples and handover keys go with them (foreign keys).
async fn delete_expired_carts(state: &AppState, before: i64) -> Result<u64, ApiError> {
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
