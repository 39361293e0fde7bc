//! What mails read from the database: a language's culture, a site's brand, and whether an
//! address receives the newsletter.

use sqlx::AnyPool;

/// The culture of a language, if the language exists.
pub async fn culture(pool: &AnyPool, language_id: i64) -> Result<Option<String>, sqlx::Error> {
    let culture: Option<(String,)> =
        sqlx::query_as("SELECT culture FROM languages WHERE language_id = $1")
            .bind(language_id)
            .fetch_optional(pool)
            .await?;
    Ok(culture.map(|(culture,)| culture))
}

/// A site's brand name, theme and site type, if the site exists.
pub async fn site_brand(
    pool: &AnyPool,
    site_id: i64,
) -> Result<Option<(String, String, i64)>, sqlx::Error> {
    sqlx::query_as("SELECT brand, theme, site_type FROM sites WHERE site_id = $1")
        .bind(site_id)
        .fetch_optional(pool)
        .await
}

/// How many newsletter sign-ups of this (normalized) address wait for confirmation or are
/// confirmed.
pub async fn newsletter_signups(pool: &AnyPool, address: &str) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM newsletter_subscriptions WHERE email_address = $1 \
         AND status IN ('pending', 'confirmed')",
    )
    .bind(address)
    .fetch_one(pool)
    .await?;
    Ok(count)
}
