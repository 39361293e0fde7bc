//! The link signing key, made once per database in `app_meta`.

use sqlx::AnyPool;

/// The key links are signed with, if the database has one.
pub async fn link_signing_key(pool: &AnyPool) -> Result<Option<String>, sqlx::Error> {
    let key: Option<(String,)> =
        sqlx::query_as("SELECT value FROM app_meta WHERE key = 'link_signing_key'")
            .fetch_optional(pool)
            .await?;
    Ok(key.map(|(key,)| key))
}
