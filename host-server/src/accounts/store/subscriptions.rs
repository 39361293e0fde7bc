//! The account's subscriptions (`subscriptions`).

use engine::ids::{PaymentMethodId, ProductId, ProductVariantId};
use sqlx::AnyPool;

/// A subscription row.
#[derive(sqlx::FromRow)]
pub struct SubscriptionRow {
    pub subscription_id: String,
    pub site_id: i64,
    #[sqlx(try_from = "i64")]
    pub product_variant_id: ProductVariantId,
    pub quantity: i64,
    pub interval_weeks: i64,
    pub status: String,
    pub start_date: Option<String>,
    pub next_delivery_date: Option<String>,
    #[sqlx(try_from = "crate::platform::db::NullableKey")]
    pub payment_method_id: Option<PaymentMethodId>,
}

const COLUMNS: &str = "subscription_id, site_id, product_variant_id, quantity, interval_weeks, status, start_date, next_delivery_date, payment_method_id";

/// The product of a variant, if the variant exists.
pub async fn product_of_variant(
    pool: &AnyPool,
    variant_id: ProductVariantId,
) -> Result<Option<ProductId>, sqlx::Error> {
    let product: Option<(i64,)> =
        sqlx::query_as("SELECT product_id FROM variants WHERE product_variant_id = $1")
            .bind(variant_id.get())
            .fetch_optional(pool)
            .await?;
    Ok(product.map(|(id,)| ProductId::new(id)))
}

/// The account's subscriptions, by id.
pub async fn subscriptions_of_account(
    pool: &AnyPool,
    account_id: &str,
) -> Result<Vec<SubscriptionRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM subscriptions WHERE account_id = $1 ORDER BY subscription_id"
    ))
    .bind(account_id)
    .fetch_all(pool)
    .await
}

/// The account's subscription with this id.
pub async fn subscription_of_account(
    pool: &AnyPool,
    subscription_id: &str,
    account_id: &str,
) -> Result<Option<SubscriptionRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM subscriptions WHERE subscription_id = $1 AND account_id = $2"
    ))
    .bind(subscription_id)
    .bind(account_id)
    .fetch_optional(pool)
    .await
}

/// Sets the delivery interval of the account's subscription.
pub async fn set_interval(
    pool: &AnyPool,
    subscription_id: &str,
    account_id: &str,
    weeks: i64,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE subscriptions SET interval_weeks = $1, updated_at = $2 WHERE subscription_id = $3 AND account_id = $4")
        .bind(weeks)
        .bind(now)
        .bind(subscription_id)
        .bind(account_id)
        .execute(pool)
        .await?;
    Ok(())
}

/// The stored next delivery date of the account's subscription (kept while paused).
pub async fn stored_next_delivery(
    pool: &AnyPool,
    subscription_id: &str,
    account_id: &str,
) -> Result<Option<String>, sqlx::Error> {
    let (stored_next,): (Option<String>,) = sqlx::query_as(
        "SELECT next_delivery_date FROM subscriptions WHERE subscription_id = $1 AND account_id = $2",
    )
    .bind(subscription_id)
    .bind(account_id)
    .fetch_one(pool)
    .await?;
    Ok(stored_next)
}

/// A change of a subscription's status and dates.
pub struct StatusChange<'a> {
    pub subscription_id: &'a str,
    pub account_id: &'a str,
    /// The status the change starts from; the row changes only while it still has it.
    pub from: &'a str,
    pub to: &'a str,
    pub start_date: Option<String>,
    pub next_delivery_date: Option<String>,
    pub now: i64,
}

/// Changes the status and dates if the status is still `from`; returns whether it changed.
pub async fn change_status(pool: &AnyPool, change: StatusChange<'_>) -> Result<bool, sqlx::Error> {
    let updated = sqlx::query(
        "UPDATE subscriptions SET status = $1, start_date = $2, next_delivery_date = $3, updated_at = $4 \
         WHERE subscription_id = $5 AND account_id = $6 AND status = $7",
    )
    .bind(change.to)
    .bind(change.start_date)
    .bind(change.next_delivery_date)
    .bind(change.now)
    .bind(change.subscription_id)
    .bind(change.account_id)
    .bind(change.from)
    .execute(pool)
    .await?;
    Ok(updated.rows_affected() == 1)
}
