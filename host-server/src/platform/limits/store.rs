//! The `rate_limits` table: one counter per bucket and its current window.

use sqlx::AnyPool;

/// Counts one hit on `bucket` at `now`, starting a new window when the current one started at
/// or before `window_ended_at`; returns the hits in the window and when it started.
pub async fn count_hit(
    pool: &AnyPool,
    bucket: &str,
    now: i64,
    window_ended_at: i64,
) -> Result<(i64, i64), sqlx::Error> {
    sqlx::query_as(
        "INSERT INTO rate_limits (bucket, window_start, hits) VALUES ($1, $2, 1) \
         ON CONFLICT (bucket) DO UPDATE SET \
         hits = CASE WHEN rate_limits.window_start <= $3 THEN 1 ELSE rate_limits.hits + 1 END, \
         window_start = CASE WHEN rate_limits.window_start <= $3 THEN $2 ELSE rate_limits.window_start END \
         RETURNING hits, window_start",
    )
    .bind(bucket)
    .bind(now)
    .bind(window_ended_at)
    .fetch_one(pool)
    .await
}

/// Takes one hit back from `bucket`, if its window is still the one that started at
/// `window_start`.
pub async fn take_back_hit(
    pool: &AnyPool,
    bucket: &str,
    window_start: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE rate_limits SET hits = hits - 1 WHERE bucket = $1 AND window_start = $2 AND hits > 0")
        .bind(bucket)
        .bind(window_start)
        .execute(pool)
        .await?;
    Ok(())
}

/// Removes the counters whose window started before `before`; returns how many.
pub async fn remove_started_before(pool: &AnyPool, before: i64) -> Result<u64, sqlx::Error> {
    let removed = sqlx::query("DELETE FROM rate_limits WHERE window_start < $1")
        .bind(before)
        .execute(pool)
        .await?;
    Ok(removed.rows_affected())
}
