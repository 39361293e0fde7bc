//! Housekeeping: a background task that ends what has outlived its lifetime, so that nothing
//! is held forever: orders not paid within their payment method's time are cancelled (their
//! stock, gift-card amount and code use return), carts not changed for `CART_TTL` are deleted,
//! and so are sessions (past their expiry or idle time-out), account tokens and cart handover
//! keys past their expiry, accounts never activated whose activation links have all expired,
//! and rate-limit counters of past windows. It also sends the mails that are due: waiting
//! back-in-stock requests of variants in stock again, and review requests a configured number
//! of days after an order was sent.
//!
//! A cart whose order still awaits payment is kept: paying that order removes it, and when the
//! order is cancelled the cart stays for another try.

use crate::AppState;
use crate::platform::clock;
use crate::platform::config::HousekeepingConfig;
use crate::platform::error::ApiError;
use engine::ids::PaymentMethodId;

impl HousekeepingConfig {
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

/// What one round mailed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sent {
    /// Back-in-stock mails sent for variants in stock (`stock_reminders`).
    pub back_in_stock: usize,
    /// Review-request mails sent for orders sent `REVIEW_REQUEST_DAYS` ago (`reviews`).
    pub review_requests: usize,
}

/// One round's mails: the waiting back-in-stock requests of variants in stock and the review
/// requests that are due.
pub async fn send_due_mails(
    state: &AppState,
    config: &HousekeepingConfig,
) -> Result<Sent, ApiError> {
    let back_in_stock = crate::catalog::stock_reminders::notify_all_in_stock(state).await?;
    let review_requests =
        crate::reviews::send_review_requests(state, config.review_request_days).await?;
    Ok(Sent {
        back_in_stock,
        review_requests,
    })
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
            let mailed = send_due_mails(&state, &config).await;
            let deleted = delete_expired(&state, &config).await;
            let priced = crate::catalog::admin::scheduled_prices::apply_due_prices(&state).await;
            let failed = mailed.is_err() || deleted.is_err() || priced.is_err();
            match priced {
                Ok(0) => {}
                Ok(applied) => tracing::info!(applied, "housekeeping applied scheduled prices"),
                Err(error) if state.db.pool().is_closed() => {
                    tracing::debug!(%error, "housekeeping stopped")
                }
                Err(error) => tracing::warn!(%error, "housekeeping could not apply prices"),
            }
            match mailed {
                Ok(sent) if sent != Sent::default() => {
                    tracing::info!(?sent, "housekeeping sent mails")
                }
                Ok(_) => {}
                Err(error) if state.db.pool().is_closed() => {
                    tracing::debug!(%error, "housekeeping stopped")
                }
                Err(error) => tracing::warn!(%error, "housekeeping could not send mails"),
            }
            match deleted {
                Ok(deleted) if deleted != Deleted::default() => {
                    tracing::info!(?deleted, "housekeeping deleted expired rows")
                }
                Ok(_) => {}
                Err(error) if state.db.pool().is_closed() => {
                    tracing::debug!(%error, "housekeeping stopped")
                }
                Err(error) => tracing::warn!(%error, "housekeeping failed"),
            }
            state
                .metrics
                .housekeeping_run(if failed { "failed" } else { "done" });
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
    let sessions = crate::platform::session::store::remove_expired(
        pool,
        now,
        now - state.lifetimes.session_idle,
    )
    .await?;
    let tokens = crate::accounts::store::remove_expired_tokens(pool, now).await?;
    let handover_keys =
        crate::cart::store::expiry::remove_expired_handover_keys(pool, now_millis).await?;
    let unactivated_accounts =
        remove_stale_unactivated(pool, state.lifetimes.activation_token).await?;
    let rate_limit_counters = crate::platform::limits::remove_old(state).await?;
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
    let waiting = crate::orders::store::awaiting_payment_since(pool, oldest_allowed).await?;
    let mut cancelled = 0;
    for (order_id, method, created_at) in waiting {
        let flow = match method {
            Some(method) => crate::orders::payment_flow(pool, PaymentMethodId::new(method)).await?,
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
        let expired = crate::cart::store::expiry::expired_carts(pool, before, CART_BATCH).await?;
        if expired.is_empty() {
            return Ok(deleted);
        }
        for cart_id in &expired {
            let _change = state.carts.change(cart_id);
            // Checked again in the statement: a cart changed since the look-up stays.
            deleted +=
                crate::cart::store::expiry::delete_cart_unchanged_since(pool, cart_id, before)
                    .await?;
        }
        if i64::try_from(expired.len()).unwrap_or(i64::MAX) < CART_BATCH {
            return Ok(deleted);
        }
    }
}

/// Removes accounts that were never activated, older than an activation link's lifetime (in
/// seconds), with no activation link still valid and no order naming them. Returns how many
/// were removed. A link sent again keeps its account for that link's lifetime: its owner may
/// still use it.
pub async fn remove_stale_unactivated(
    pool: &sqlx::AnyPool,
    activation_lifetime: i64,
) -> Result<u64, sqlx::Error> {
    let now = clock::now();
    crate::accounts::store::remove_stale_unactivated(pool, now - activation_lifetime, now).await
}
