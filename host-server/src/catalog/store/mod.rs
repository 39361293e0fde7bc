//! The catalog's SQL: every query of the catalog domain, per area. Handlers and services call
//! these functions and never write a query themselves.
//!
//! [`search_input`] reads the whole catalog for the search indexes, [`products`] a product
//! for its page, [`reviews`] a product's reviews and new ones, [`stock_reminders`] the
//! back-in-stock requests. Here: the fixtures digest the search indexes follow, and the
//! notification of a catalog change to the other servers.

pub mod admin;
pub mod products;
pub mod reviews;
pub mod search_input;
pub mod stock_reminders;

use sqlx::AnyPool;

/// The digest of the fixtures last imported, if any were.
pub async fn fixtures_digest(pool: &AnyPool) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT value FROM app_meta WHERE key = 'fixtures_digest'")
            .fetch_optional(pool)
            .await?;
    Ok(row.map(|(digest,)| digest))
}

/// Tells every server listening on the PostgreSQL `channel` (this one too) that the catalog
/// changed.
pub async fn notify(pool: &AnyPool, channel: &str) -> Result<(), sqlx::Error> {
    sqlx::query(&format!("NOTIFY {channel}"))
        .execute(pool)
        .await?;
    Ok(())
}
