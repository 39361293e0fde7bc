//! The sites' domains and tag-manager keys, which the trusted hosts and origins are made of.

use sqlx::AnyPool;

use crate::platform::db::Flag;

/// Every site domain: its site, the domain, and whether it is the site's primary one.
pub async fn site_domains(pool: &AnyPool) -> Result<Vec<(i64, String, Flag)>, sqlx::Error> {
    sqlx::query_as("SELECT site_id, domain, is_primary FROM site_domains")
        .fetch_all(pool)
        .await
}

/// Every site with its tag-manager key (empty when it has none).
pub async fn tag_manager_keys(pool: &AnyPool) -> Result<Vec<(i64, String)>, sqlx::Error> {
    sqlx::query_as("SELECT site_id, tag_manager_id FROM sites")
        .fetch_all(pool)
        .await
}
