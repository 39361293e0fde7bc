//! The SQL of backups: the consistent copy of an SQLite database, the schema version, whether
//! a database is empty, and the turns of scheduled backups.

use sqlx::AnyPool;
use sqlx::any::AnyPoolOptions;

use crate::platform::db::Backend;

/// A pool of one connection to `url`, without running migrations: a backup copies the
/// database as it is, whichever release made it.
pub async fn connect(url: &str) -> Result<AnyPool, sqlx::Error> {
    sqlx::any::install_default_drivers();
    AnyPoolOptions::new().max_connections(1).connect(url).await
}

/// Writes a consistent copy of the SQLite database to `file` while the shop runs: `VACUUM INTO`
/// reads one snapshot, so a commit either is in the copy whole or not at all.
pub async fn vacuum_into(pool: &AnyPool, file: &str) -> Result<(), sqlx::Error> {
    sqlx::query("VACUUM INTO $1")
        .bind(file)
        .execute(pool)
        .await
        .map(|_| ())
}

/// The newest migration the database has run (0 for a database never migrated).
pub async fn schema_version(pool: &AnyPool, backend: Backend) -> Result<i64, sqlx::Error> {
    let has_migrations = table_count(pool, backend, Some("_sqlx_migrations")).await? > 0;
    if !has_migrations {
        return Ok(0);
    }
    let version: Option<i64> =
        sqlx::query_scalar("SELECT MAX(version) FROM _sqlx_migrations WHERE success")
            .fetch_one(pool)
            .await?;
    Ok(version.unwrap_or(0))
}

/// Whether the database holds no tables at all: the only kind a restore writes into.
pub async fn is_empty(pool: &AnyPool, backend: Backend) -> Result<bool, sqlx::Error> {
    Ok(table_count(pool, backend, None).await? == 0)
}

/// The tables of the database (of the current schema on PostgreSQL), or whether `name` is one.
async fn table_count(
    pool: &AnyPool,
    backend: Backend,
    name: Option<&str>,
) -> Result<i64, sqlx::Error> {
    let sql = match backend {
        Backend::Sqlite => {
            "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND ($1 = '' OR name = $1)"
        }
        Backend::Postgres => {
            "SELECT COUNT(*) FROM information_schema.tables \
             WHERE table_schema = current_schema() AND ($1 = '' OR table_name = $1)"
        }
    };
    sqlx::query_scalar(sql)
        .bind(name.unwrap_or_default())
        .fetch_one(pool)
        .await
}

/// Takes the turn `slot` of `task` for this server; false when another server took it.
pub async fn claim_turn(
    pool: &AnyPool,
    task: &str,
    slot: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let claimed = sqlx::query(
        "INSERT INTO scheduled_runs (task, slot, started_at) VALUES ($1, $2, $3) \
         ON CONFLICT (task, slot) DO NOTHING",
    )
    .bind(task)
    .bind(slot)
    .bind(now)
    .execute(pool)
    .await?;
    Ok(claimed.rows_affected() == 1)
}

/// Records how a turn ended.
pub async fn finish_turn(
    pool: &AnyPool,
    task: &str,
    slot: i64,
    now: i64,
    outcome: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE scheduled_runs SET finished_at = $1, outcome = $2 WHERE task = $3 AND slot = $4",
    )
    .bind(now)
    .bind(outcome)
    .bind(task)
    .bind(slot)
    .execute(pool)
    .await
    .map(|_| ())
}
