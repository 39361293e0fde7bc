//! The database: SQLite by default, PostgreSQL when `DATABASE_URL` names one.
//!
//! Queries go through sqlx's `Any` driver with `$1`-style placeholders, which both backends
//! accept, so each query is written once. Schema differences live only in the migrations,
//! one folder per backend (`migrations/sqlite`, `migrations/postgres`), run at start.

use std::str::FromStr;

use serde::{Deserialize, Serialize};
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, Executor};

/// Which database server is behind the pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Backend {
    /// An SQLite file, the embedded default.
    Sqlite,
    /// A PostgreSQL server, for scale-out.
    Postgres,
}

impl Backend {
    /// `sqlite` or `postgres`, as the health check and backups name it.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Sqlite => "sqlite",
            Backend::Postgres => "postgres",
        }
    }

    /// The backend a database URL names, if it is one this server supports.
    pub fn of_url(url: &str) -> Option<Backend> {
        if url.starts_with("sqlite:") {
            Some(Backend::Sqlite)
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Some(Backend::Postgres)
        } else {
            None
        }
    }
}

/// How often [`Database::checkpoint_in_background`] checkpoints.
pub const CHECKPOINT_INTERVAL: std::time::Duration = std::time::Duration::from_secs(1);

/// A pool of connections to one database, migrated to the current schema.
#[derive(Clone, Debug)]
pub struct Database {
    pool: AnyPool,
    backend: Backend,
    /// Connections whose commits survive power loss (see [`Database::durable_pool`]).
    durable: AnyPool,
}

/// Why the database could not be opened or migrated.
#[derive(Debug, thiserror::Error)]
pub enum DatabaseError {
    /// The URL is not an SQLite or PostgreSQL URL.
    #[error("unsupported database URL '{0}'")]
    UnsupportedUrl(String),
    /// The folder for the SQLite file could not be created.
    #[error("cannot create the database folder {path}: {source}")]
    Folder {
        /// The folder.
        path: String,
        /// The cause.
        source: std::io::Error,
    },
    /// Connecting or querying failed.
    #[error(transparent)]
    Sqlx(#[from] sqlx::Error),
    /// A migration failed.
    #[error(transparent)]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

impl Database {
    /// Connects, creating the SQLite file and its folder on first start, and migrates.
    pub async fn connect(url: &str) -> Result<Database, DatabaseError> {
        sqlx::any::install_default_drivers();
        let backend =
            Backend::of_url(url).ok_or_else(|| DatabaseError::UnsupportedUrl(url.to_owned()))?;
        if backend == Backend::Sqlite {
            create_sqlite_folder(url)?;
        }
        let url = &creating_sqlite_file(url, backend);
        let options = AnyConnectOptions::from_str(url)?;
        let pool = pool_options(backend, 8, "NORMAL")
            .connect_with(options.clone())
            .await?;
        // Commits of orders and payments are few and must not be lost: on SQLite they have
        // connections of their own that sync the log at every commit. PostgreSQL syncs every
        // commit anyway (synchronous_commit is on).
        let durable = match backend {
            Backend::Sqlite => {
                pool_options(backend, 4, "FULL")
                    .connect_with(options)
                    .await?
            }
            Backend::Postgres => pool.clone(),
        };
        let database = Database {
            pool,
            backend,
            durable,
        };
        database.migrate().await?;
        Ok(database)
    }
}

/// The pool options of a backend; on SQLite with the given `synchronous` level. In WAL mode
/// NORMAL loses no commit when the process is killed, only the last commits before a power
/// loss or an operating-system crash; FULL loses none.
fn pool_options(
    backend: Backend,
    sqlite_connections: u32,
    synchronous: &'static str,
) -> AnyPoolOptions {
    AnyPoolOptions::new()
        .max_connections(if backend == Backend::Sqlite {
            sqlite_connections
        } else {
            20
        })
        // A pooled SQLite connection is a file handle in this process: it cannot go stale,
        // so it is not pinged before each use (a round trip to its worker thread per query).
        .test_before_acquire(backend == Backend::Postgres)
        .after_connect(move |connection, _| {
            Box::pin(async move {
                if backend == Backend::Sqlite {
                    // WAL lets readers proceed while one writer commits.
                    connection.execute("PRAGMA journal_mode = WAL").await?;
                    connection
                        .execute(format!("PRAGMA synchronous = {synchronous}").as_str())
                        .await?;
                    connection.execute("PRAGMA foreign_keys = ON").await?;
                    connection.execute("PRAGMA busy_timeout = 5000").await?;
                    // Checkpoints run in the background (`checkpoint_in_background`); this
                    // is the safety net should the WAL still grow past 32 MB.
                    connection
                        .execute("PRAGMA wal_autocheckpoint = 8192")
                        .await?;
                }
                Ok(())
            })
        })
}

impl Database {
    async fn migrate(&self) -> Result<(), DatabaseError> {
        migrator(self.backend).run(&self.pool).await?;
        Ok(())
    }

    /// On SQLite, copies the committed pages from the write-ahead log into the database file
    /// every [`CHECKPOINT_INTERVAL`], on a task of its own. Otherwise the commit that fills the
    /// log past SQLite's threshold does it, and the request waiting for that commit waits for
    /// the copy and its `fsync` too: the slowest requests of a busy shop. Stops when the pool
    /// is closed.
    pub fn checkpoint_in_background(&self) {
        if self.backend != Backend::Sqlite {
            return;
        }
        let pool = self.pool.clone();
        tokio::spawn(async move {
            let mut interval = tokio::time::interval(CHECKPOINT_INTERVAL);
            while !pool.is_closed() {
                interval.tick().await;
                if let Err(error) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
                    .execute(&pool)
                    .await
                {
                    tracing::warn!(%error, "checkpoint failed");
                }
            }
        });
    }

    /// The connection pool.
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// The pool for the writes that must survive power loss (placing, paying and cancelling
    /// orders: stock, gift-card balances and the orders themselves). On SQLite its connections
    /// use `synchronous = FULL`; the busy cart writes keep NORMAL.
    pub fn durable_pool(&self) -> &AnyPool {
        &self.durable
    }

    /// Starts a transaction for a change that reads before it writes and records itself in
    /// the audit trail, on the durable connections. On SQLite it takes the write lock at once
    /// (`BEGIN IMMEDIATE`), so it waits for another writer instead of failing when one wrote
    /// after its first read; PostgreSQL locks rows as they are written.
    pub async fn begin_change(&self) -> Result<sqlx::Transaction<'static, sqlx::Any>, sqlx::Error> {
        match self.backend {
            Backend::Sqlite => self.durable.begin_with("BEGIN IMMEDIATE").await,
            Backend::Postgres => self.durable.begin().await,
        }
    }

    /// Which backend this is.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Checks that the database answers a query.
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        sqlx::query("SELECT 1")
            .execute(&self.pool)
            .await
            .map(|_| ())
    }

    /// The migrations this server carries that the database has not run yet. A newer server
    /// sharing the database may have run more; those do not count, as every migration keeps
    /// the previous release working (docs/operations.md).
    pub async fn pending_migrations(&self) -> Result<usize, sqlx::Error> {
        let applied: Vec<(i64,)> =
            sqlx::query_as("SELECT version FROM _sqlx_migrations WHERE success")
                .fetch_all(&self.pool)
                .await?;
        let applied: std::collections::HashSet<i64> =
            applied.into_iter().map(|(version,)| version).collect();
        Ok(migrator(self.backend)
            .iter()
            .filter(|migration| !applied.contains(&migration.version))
            .count())
    }
}

/// The migrations of `backend`. Migrations a newer server has run already are let be, so that
/// during an upgrade a server of the previous release still starts beside it.
fn migrator(backend: Backend) -> sqlx::migrate::Migrator {
    let mut migrator = match backend {
        Backend::Sqlite => sqlx::migrate!("./migrations/sqlite"),
        Backend::Postgres => sqlx::migrate!("./migrations/postgres"),
    };
    migrator.set_ignore_missing(true);
    migrator
}

/// The newest migration this server carries for `backend`: it restores backups up to it.
pub fn newest_migration(backend: Backend) -> i64 {
    migrator(backend)
        .iter()
        .map(|migration| migration.version)
        .max()
        .unwrap_or(0)
}

/// An SQLite URL that creates its file when it does not exist yet: SQLite's default mode opens
/// an existing file only, so `sqlite://shop.db` failed on a fresh machine ('unable to open
/// database file'). A `mode` the URL sets itself (`ro`, `rw`, `memory`) is kept.
fn creating_sqlite_file(url: &str, backend: Backend) -> String {
    let names_mode = url
        .split_once('?')
        .is_some_and(|(_, query)| query.split('&').any(|pair| pair.starts_with("mode=")));
    if backend != Backend::Sqlite || names_mode || url.contains(":memory:") {
        return url.to_owned();
    }
    let separator = if url.contains('?') { '&' } else { '?' };
    format!("{url}{separator}mode=rwc")
}

fn create_sqlite_folder(url: &str) -> Result<(), DatabaseError> {
    let Some(path) = sqlite_file(url) else {
        return Ok(());
    };
    if let Some(folder) = path
        .parent()
        .filter(|folder| !folder.as_os_str().is_empty())
    {
        std::fs::create_dir_all(folder).map_err(|source| DatabaseError::Folder {
            path: folder.display().to_string(),
            source,
        })?;
    }
    Ok(())
}

/// The file an SQLite URL names (`sqlite://data/shop.sqlite?mode=rwc` is `data/shop.sqlite`),
/// or None for an in-memory database or another backend.
pub fn sqlite_file(url: &str) -> Option<std::path::PathBuf> {
    let path = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))?;
    let path = path.split('?').next().unwrap_or_default();
    (!path.is_empty() && path != ":memory:").then(|| std::path::PathBuf::from(path))
}

/// `$start, $start+1, ..`: `count` numbered placeholders for a list of values (`IN (..)`).
pub fn placeholders(start: usize, count: usize) -> String {
    (start..start + count)
        .map(|index| format!("${index}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `text` as a `LIKE` pattern that finds it anywhere, its own `%`, `_` and `\` taken literally.
pub fn containing(text: &str) -> String {
    let escaped = text
        .to_lowercase()
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("%{escaped}%")
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    #[test]
    fn a_search_pattern_takes_wildcards_literally_and_ignores_case() {
        assert_eq!(containing("50%_A\\b"), "%50\\%\\_a\\\\b%");
    }

    /// How many carts the database file itself holds, without its write-ahead log: a copy of
    /// the file alone, opened read-only.
    async fn carts_in_file_alone(folder: &Path) -> i64 {
        let copy = folder.join("copy.sqlite");
        std::fs::copy(folder.join("shop.sqlite"), &copy).unwrap();
        let url = format!("sqlite://{}?mode=ro", copy.display());
        let pool = AnyPoolOptions::new()
            .max_connections(1)
            .connect(&url)
            .await
            .unwrap();
        // Before the first checkpoint the file does not even hold the tables.
        let count = sqlx::query_as("SELECT COUNT(*) FROM carts")
            .fetch_one(&pool)
            .await
            .map_or(0, |(count,): (i64,)| count);
        pool.close().await;
        std::fs::remove_file(copy).ok();
        count
    }

    #[test]
    fn an_sqlite_url_without_a_mode_creates_its_file() {
        let creating = |url| creating_sqlite_file(url, Backend::Sqlite);
        assert_eq!(creating("sqlite://shop.db"), "sqlite://shop.db?mode=rwc");
        assert_eq!(
            creating("sqlite://data/shop.db?cache=shared"),
            "sqlite://data/shop.db?cache=shared&mode=rwc"
        );
        assert_eq!(
            creating("sqlite://shop.db?mode=ro"),
            "sqlite://shop.db?mode=ro"
        );
        assert_eq!(creating("sqlite::memory:"), "sqlite::memory:");
        assert_eq!(
            creating_sqlite_file("postgres://db/shop", Backend::Postgres),
            "postgres://db/shop"
        );
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_database_file_that_does_not_exist_yet_is_created_with_its_folder() {
        let folder =
            std::env::temp_dir().join(format!("hoofbeat-new-{}", uuid::Uuid::new_v4().simple()));
        let file = folder.join("nested").join("shop.db");
        assert!(!file.exists());
        let db = Database::connect(&format!("sqlite://{}", file.display()))
            .await
            .unwrap();
        assert!(file.exists());
        let (sites,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM sites")
            .fetch_one(db.pool())
            .await
            .unwrap();
        assert_eq!(sites, 0, "migrated and empty");
        db.pool().close().await;
        std::fs::remove_dir_all(folder).ok();
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn order_writes_sync_at_every_commit_and_cart_writes_at_checkpoints() {
        let folder =
            std::env::temp_dir().join(format!("hoofbeat-sync-{}", uuid::Uuid::new_v4().simple()));
        let db = Database::connect(&format!("sqlite://{}", folder.join("shop.db").display()))
            .await
            .unwrap();
        let level = |pool: &AnyPool| {
            let pool = pool.clone();
            async move {
                sqlx::query_as::<_, (i64,)>("PRAGMA synchronous")
                    .fetch_one(&pool)
                    .await
                    .unwrap()
                    .0
            }
        };
        // SQLite's numbers: 1 NORMAL, 2 FULL.
        assert_eq!(
            (level(db.pool()).await, level(db.durable_pool()).await),
            (1, 2)
        );
        db.pool().close().await;
        db.durable_pool().close().await;
        std::fs::remove_dir_all(folder).ok();
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn committed_rows_reach_the_database_file_without_a_request_checkpointing() {
        let folder = std::env::temp_dir().join(format!(
            "hoofbeat-checkpoint-{}",
            uuid::Uuid::new_v4().simple()
        ));
        let db = Database::connect(&format!(
            "sqlite://{}?mode=rwc",
            folder.join("shop.sqlite").display()
        ))
        .await
        .unwrap();
        db.checkpoint_in_background();
        for cart in 0..20 {
            sqlx::query("INSERT INTO carts (cart_id, site_id, language_id, created_at, last_modified) VALUES ($1, 1, 1, 0, 0)")
                .bind(format!("cart-{cart}"))
                .execute(db.pool())
                .await
                .unwrap();
        }
        // Far below wal_autocheckpoint: only the background task copies them into the file.
        let mut in_file = 0;
        for _ in 0..40 {
            tokio::time::sleep(CHECKPOINT_INTERVAL / 4).await;
            in_file = carts_in_file_alone(&folder).await;
            if in_file == 20 {
                break;
            }
        }
        assert_eq!(in_file, 20);
        db.pool().close().await;
        std::fs::remove_dir_all(folder).ok();
    }
}

/// A yes/no column as both databases keep it: an integer, 0 for no. It decodes straight from a
/// row (`sqlx::FromRow` fields and tuples); `bool::from` (or `.0`) is the flag.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flag(pub bool);

impl From<i64> for Flag {
    fn from(value: i64) -> Flag {
        Flag(value != 0)
    }
}

impl From<Flag> for bool {
    fn from(flag: Flag) -> bool {
        flag.0
    }
}

impl sqlx::Type<sqlx::Any> for Flag {
    fn type_info() -> sqlx::any::AnyTypeInfo {
        <i64 as sqlx::Type<sqlx::Any>>::type_info()
    }

    fn compatible(ty: &sqlx::any::AnyTypeInfo) -> bool {
        <i64 as sqlx::Type<sqlx::Any>>::compatible(ty)
    }
}

impl<'q> sqlx::Encode<'q, sqlx::Any> for Flag {
    fn encode_by_ref(
        &self,
        buffer: &mut <sqlx::Any as sqlx::Database>::ArgumentBuffer<'q>,
    ) -> Result<sqlx::encode::IsNull, sqlx::error::BoxDynError> {
        <i64 as sqlx::Encode<'q, sqlx::Any>>::encode(i64::from(self.0), buffer)
    }
}

impl<'r> sqlx::Decode<'r, sqlx::Any> for Flag {
    fn decode(value: sqlx::any::AnyValueRef<'r>) -> Result<Flag, sqlx::error::BoxDynError> {
        <i64 as sqlx::Decode<'r, sqlx::Any>>::decode(value).map(Flag::from)
    }
}

/// A nullable key column, for `Option<SomeId>` fields of `sqlx::FromRow` rows:
/// `#[sqlx(try_from = "db::NullableKey")]`. sqlx's `try_from` converts the decoded value, and
/// an engine id cannot implement sqlx's traits here, so the column decodes to this first.
/// Non-null keys need nothing of the kind: `#[sqlx(try_from = "i64")]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NullableKey(pub Option<i64>);

impl sqlx::Type<sqlx::Any> for NullableKey {
    fn type_info() -> sqlx::any::AnyTypeInfo {
        <i64 as sqlx::Type<sqlx::Any>>::type_info()
    }

    fn compatible(ty: &sqlx::any::AnyTypeInfo) -> bool {
        <i64 as sqlx::Type<sqlx::Any>>::compatible(ty)
    }
}

impl<'r> sqlx::Decode<'r, sqlx::Any> for NullableKey {
    fn decode(value: sqlx::any::AnyValueRef<'r>) -> Result<NullableKey, sqlx::error::BoxDynError> {
        use sqlx::ValueRef;
        if value.is_null() {
            return Ok(NullableKey(None));
        }
        <i64 as sqlx::Decode<'r, sqlx::Any>>::decode(value).map(|key| NullableKey(Some(key)))
    }
}

macro_rules! nullable_key_into {
    ($($id:ty),*) => {$(
        impl From<NullableKey> for Option<$id> {
            fn from(key: NullableKey) -> Option<$id> {
                key.0.map(<$id>::from)
            }
        }
    )*};
}

nullable_key_into!(
    engine::ids::ProductId,
    engine::ids::ProductVariantId,
    engine::ids::PaymentMethodId
);
