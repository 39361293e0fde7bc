//! The account's saved feed advice (`saved_feed_advice`).

use engine::feed::{HorseType, RoughageType, WorkLoad};
use sqlx::AnyPool;

use crate::platform::labels::Label;

/// A saved advice row.
#[derive(sqlx::FromRow)]
pub struct AdviceRow {
    pub advice_id: String,
    pub site_id: i64,
    pub name: String,
    pub horse_type: Label<HorseType>,
    pub weight_kg: i64,
    pub work_load: Label<WorkLoad>,
    pub roughage_type: Label<RoughageType>,
    pub advice_json: String,
    pub created_at: i64,
}

const ADVICE_COLUMNS: &str = "advice_id, site_id, name, horse_type, weight_kg, work_load, roughage_type, advice_json, created_at";

/// The account's saved advice, newest first.
pub async fn advice_of_account(
    pool: &AnyPool,
    account_id: &str,
) -> Result<Vec<AdviceRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {ADVICE_COLUMNS} FROM saved_feed_advice WHERE account_id = $1 ORDER BY created_at DESC, advice_id"
    ))
    .bind(account_id)
    .fetch_all(pool)
    .await
}

/// The account's site: `None` when there is no such account, `Some(None)` when it has none.
pub async fn site_of_account(
    pool: &AnyPool,
    account_id: &str,
) -> Result<Option<Option<i64>>, sqlx::Error> {
    let account_site: Option<(Option<i64>,)> =
        sqlx::query_as("SELECT site_id FROM accounts WHERE account_id = $1")
            .bind(account_id)
            .fetch_optional(pool)
            .await?;
    Ok(account_site.map(|(site,)| site))
}

/// An advice to save.
pub struct NewAdvice<'a> {
    pub advice_id: &'a str,
    pub account_id: &'a str,
    pub site_id: i64,
    pub name: &'a str,
    pub horse_type: Label<HorseType>,
    pub weight_kg: i64,
    pub work_load: Label<WorkLoad>,
    pub roughage_type: Label<RoughageType>,
    pub advice_json: String,
    pub created_at: i64,
}

/// Saves an advice.
pub async fn insert(pool: &AnyPool, advice: NewAdvice<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO saved_feed_advice (advice_id, account_id, site_id, name, horse_type, weight_kg, work_load, roughage_type, \
         advice_json, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(advice.advice_id)
    .bind(advice.account_id)
    .bind(advice.site_id)
    .bind(advice.name)
    .bind(advice.horse_type)
    .bind(advice.weight_kg)
    .bind(advice.work_load)
    .bind(advice.roughage_type)
    .bind(advice.advice_json)
    .bind(advice.created_at)
    .execute(pool)
    .await?;
    Ok(())
}

/// The saved advice with this id.
pub async fn advice(pool: &AnyPool, advice_id: &str) -> Result<AdviceRow, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {ADVICE_COLUMNS} FROM saved_feed_advice WHERE advice_id = $1"
    ))
    .bind(advice_id)
    .fetch_one(pool)
    .await
}

/// Deletes the account's saved advice with this id; returns whether there was one.
pub async fn remove(
    pool: &AnyPool,
    advice_id: &str,
    account_id: &str,
) -> Result<bool, sqlx::Error> {
    let deleted =
        sqlx::query("DELETE FROM saved_feed_advice WHERE advice_id = $1 AND account_id = $2")
            .bind(advice_id)
            .bind(account_id)
            .execute(pool)
            .await?;
    Ok(deleted.rows_affected() != 0)
}
