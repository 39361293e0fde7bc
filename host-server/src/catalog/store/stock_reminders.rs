//! Back-in-stock requests (`stock_reminders`): asking, claiming the waiting ones of a variant
//! in stock, giving back a claim whose mail failed, and what the mail is made of.

use engine::ids::ProductVariantId;
use sqlx::AnyPool;

/// A claimed request: who to mail, in which site and language.
#[derive(sqlx::FromRow)]
pub struct Claimed {
    pub email_address: String,
    pub site_id: i64,
    pub language_id: i64,
}

/// A variant's product and stock (`None`: not counted); `None` when there is no such variant.
pub async fn product_and_stock(
    pool: &AnyPool,
    variant_id: i64,
) -> Result<Option<(i64, Option<i64>)>, sqlx::Error> {
    sqlx::query_as("SELECT product_id, stock FROM variants WHERE product_variant_id = $1")
        .bind(variant_id)
        .fetch_optional(pool)
        .await
}

/// Marks every waiting request of the variant with fewer than `max_attempts` mail attempts as
/// sent at `now` and returns them: one statement, so a request is returned by exactly one call,
/// whichever server makes it.
pub async fn claim_waiting(
    pool: &AnyPool,
    variant_id: i64,
    now: i64,
    max_attempts: i64,
) -> Result<Vec<Claimed>, sqlx::Error> {
    sqlx::query_as(
        "UPDATE stock_reminders SET notified_at = $1 \
         WHERE product_variant_id = $2 AND notified_at IS NULL AND mail_attempts < $3 \
         RETURNING email_address, site_id, language_id",
    )
    .bind(now)
    .bind(variant_id)
    .bind(max_attempts)
    .fetch_all(pool)
    .await
}

/// Gives a claimed request back to the waiting ones, one mail attempt more.
pub async fn release(pool: &AnyPool, variant_id: i64, address: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE stock_reminders SET notified_at = NULL, mail_attempts = mail_attempts + 1 \
         WHERE product_variant_id = $1 AND email_address = $2",
    )
    .bind(variant_id)
    .bind(address)
    .execute(pool)
    .await?;
    Ok(())
}

/// The variants in stock with requests waiting (fewer than `max_attempts` mail attempts), as
/// (variant, product), by variant.
pub async fn waiting_in_stock(
    pool: &AnyPool,
    max_attempts: i64,
) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT DISTINCT v.product_variant_id, v.product_id FROM stock_reminders r \
         JOIN variants v ON v.product_variant_id = r.product_variant_id \
         WHERE r.notified_at IS NULL AND r.mail_attempts < $1 AND (v.stock IS NULL OR v.stock > 0) \
         ORDER BY v.product_variant_id",
    )
    .bind(max_attempts)
    .fetch_all(pool)
    .await
}

/// The culture of a site's fallback language: the outer `None` when there is no such site,
/// the inner one when it has no fallback language.
pub async fn site_fallback_culture(
    pool: &AnyPool,
    site_id: i64,
) -> Result<Option<Option<String>>, sqlx::Error> {
    let fallback: Option<(Option<String>,)> = sqlx::query_as(
        "SELECT l.culture FROM sites s LEFT JOIN languages l ON l.language_id = s.fallback_language_id \
         WHERE s.site_id = $1",
    )
    .bind(site_id)
    .fetch_optional(pool)
    .await?;
    Ok(fallback.map(|(culture,)| culture))
}

/// The site's `enable_stock_reminder_feature` when it sells the variant; `None` when it does
/// not.
pub async fn reminder_feature_if_sold(
    pool: &AnyPool,
    site_id: i64,
    variant_id: ProductVariantId,
) -> Result<Option<i64>, sqlx::Error> {
    let offered: Option<(i64,)> = sqlx::query_as(
        "SELECT s.enable_stock_reminder_feature FROM sites s JOIN variant_sites vs ON vs.site_id = s.site_id \
         WHERE s.site_id = $1 AND vs.product_variant_id = $2",
    )
    .bind(site_id)
    .bind(variant_id.get())
    .fetch_optional(pool)
    .await?;
    Ok(offered.map(|(feature,)| feature))
}

/// Whether this address already asked about the variant.
pub async fn exists(
    pool: &AnyPool,
    variant_id: ProductVariantId,
    email: &str,
) -> Result<bool, sqlx::Error> {
    let exists: Option<(i64,)> = sqlx::query_as("SELECT product_variant_id FROM stock_reminders WHERE product_variant_id = $1 AND email_address = $2")
        .bind(variant_id.get())
        .bind(email)
        .fetch_optional(pool)
        .await?;
    Ok(exists.is_some())
}

/// Stores a request, asked at `created_at` on a site in a language; the database refuses a
/// second one of the same address for the variant (a unique violation).
pub async fn insert(
    pool: &AnyPool,
    variant_id: ProductVariantId,
    email: &str,
    site_id: i64,
    language_id: i64,
    created_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO stock_reminders (product_variant_id, email_address, site_id, language_id, created_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(variant_id.get())
    .bind(email)
    .bind(site_id)
    .bind(language_id)
    .bind(created_at)
    .execute(pool)
    .await?;
    Ok(())
}
