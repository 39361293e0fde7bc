//! Fresh databases copied from templates made once per test run.
//!
//! Migrating an empty database and importing the fixtures take most of a test's start, and
//! every test would do the same work. So the first test that needs a kind of database (migrated
//! only, or with the fixtures; on SQLite or PostgreSQL) makes it once, the way the server does
//! on first start, and every test gets a copy: a copied file on SQLite, `CREATE DATABASE …
//! TEMPLATE` on PostgreSQL. The copy is the same as what the server would have made, so what
//! the tests assert does not change; the demo staff's secrets are sealed with the template's
//! key file, which is copied along.

use std::path::{Path, PathBuf};

use host_server::platform::config::{Config, ImportFixtures};
use sqlx::Connection;
use tokio::sync::{Mutex, OnceCell};

use super::{Backend, fixtures_dir, postgres_admin_url, with_database};

/// What a fresh database holds before its server starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contents {
    /// The schema only.
    Migrated,
    /// The schema and the repository's fixtures, with the demo staff.
    Fixtures,
}

impl Contents {
    /// The template a server of this configuration would make on an empty database, or `None`
    /// when it imports fixtures of its own.
    pub fn for_config(config: &Config) -> Option<Contents> {
        match config.import_fixtures {
            ImportFixtures::Never => Some(Contents::Migrated),
            ImportFixtures::Auto if config.fixtures_dir == fixtures_dir() => {
                Some(Contents::Fixtures)
            }
            ImportFixtures::Auto => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Contents::Migrated => "migrated",
            Contents::Fixtures => "fixtures",
        }
    }
}

/// A template of one backend and contents.
struct Template {
    /// SQLite: the database file to copy; PostgreSQL: the database to clone.
    source: String,
    /// The staff secrets key the demo staff's secrets are sealed with.
    secrets_key_file: PathBuf,
}

static TEMPLATES: [OnceCell<Template>; 4] = [
    OnceCell::const_new(),
    OnceCell::const_new(),
    OnceCell::const_new(),
    OnceCell::const_new(),
];

/// PostgreSQL refuses to clone a database while another clone of it starts.
static CLONING: Mutex<()> = Mutex::const_new(());

/// Fills the fresh database a test's server will open at `config.database_url` from the
/// template of `contents`, and puts the template's secrets key where the server reads it.
/// On PostgreSQL the database is created here.
pub async fn fill(backend: Backend, contents: Contents, config: &Config) {
    let template = template(backend, contents).await;
    std::fs::copy(&template.secrets_key_file, &config.staff.secrets_key_file)
        .expect("copies the template's secrets key");
    match backend {
        Backend::Sqlite => {
            let file = sqlite_file(&config.database_url);
            std::fs::copy(&template.source, file).expect("copies the template database");
        }
        Backend::Postgres => {
            let name = database_name(&config.database_url);
            let _one_at_a_time = CLONING.lock().await;
            create_postgres_database(&format!("{name} TEMPLATE {}", template.source)).await;
        }
    }
}

/// Creates an empty PostgreSQL database for a server that imports fixtures of its own.
pub async fn create_empty_postgres(database_url: &str) {
    create_postgres_database(database_name(database_url)).await;
}

async fn template(backend: Backend, contents: Contents) -> &'static Template {
    let slot = match (backend, contents) {
        (Backend::Sqlite, Contents::Migrated) => 0,
        (Backend::Sqlite, Contents::Fixtures) => 1,
        (Backend::Postgres, Contents::Migrated) => 2,
        (Backend::Postgres, Contents::Fixtures) => 3,
    };
    TEMPLATES[slot]
        .get_or_init(|| make(backend, contents))
        .await
}

/// Makes a template the way a server makes its database on first start.
async fn make(backend: Backend, contents: Contents) -> Template {
    let label = format!("{}_{}", backend_name(backend), contents.name());
    remove_folders_of_ended_runs();
    let dir =
        std::env::temp_dir().join(format!("hoofbeat-template-{}-{label}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("creates the template folder");
    let database_url = match backend {
        Backend::Sqlite => format!("sqlite://{}?mode=rwc", dir.join("made.sqlite").display()),
        Backend::Postgres => {
            remove_templates_of_ended_runs().await;
            let name = format!("hoofbeat_template_{}_{label}", std::process::id());
            create_postgres_database(&name).await;
            with_database(&postgres_admin_url(), &name)
        }
    };
    let mut config = super::test_config("http://localhost:8080");
    config.database_url = database_url.clone();
    config.fixtures_dir = fixtures_dir();
    config.import_fixtures = match contents {
        Contents::Migrated => ImportFixtures::Never,
        Contents::Fixtures => ImportFixtures::Auto,
    };
    config.staff.secrets_key_file = dir.join("staff-secrets.key");
    let state = host_server::open_state(&config, 8080)
        .await
        .expect("makes the template database");
    let source = match backend {
        Backend::Sqlite => {
            // A copy in one file, without the write-ahead log beside it.
            let file = dir.join("template.sqlite");
            sqlx::query(&format!("VACUUM INTO '{}'", file.display()))
                .execute(state.db.pool())
                .await
                .expect("writes the template file");
            file.display().to_string()
        }
        Backend::Postgres => database_name(&database_url).to_owned(),
    };
    state.db.pool().close().await;
    state.db.durable_pool().close().await;
    Template {
        source,
        secrets_key_file: config.staff.secrets_key_file,
    }
}

fn backend_name(backend: Backend) -> &'static str {
    match backend {
        Backend::Sqlite => "sqlite",
        Backend::Postgres => "postgres",
    }
}

/// The file of a `sqlite://PATH?mode=rwc` URL.
fn sqlite_file(database_url: &str) -> &Path {
    let path = database_url.trim_start_matches("sqlite://");
    Path::new(path.split_once('?').map_or(path, |(path, _)| path))
}

/// The database a PostgreSQL URL names.
fn database_name(database_url: &str) -> &str {
    let path = database_url
        .split_once('?')
        .map_or(database_url, |(url, _)| url);
    path.rsplit_once('/').map_or(path, |(_, name)| name)
}

async fn create_postgres_database(name_and_options: &str) {
    let mut admin = sqlx::PgConnection::connect(&postgres_admin_url())
        .await
        .expect("PostgreSQL answers");
    sqlx::query(&format!("CREATE DATABASE {name_and_options}"))
        .execute(&mut admin)
        .await
        .expect("creates the database");
}

/// Whether the test run of this process id has ended.
fn run_ended(pid: &str) -> bool {
    !pid.is_empty() && !Path::new("/proc").join(pid).exists()
}

/// Removes the template folders of test runs whose process has ended.
fn remove_folders_of_ended_runs() {
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = name.strip_prefix("hoofbeat-template-") else {
            continue;
        };
        if run_ended(rest.split('-').next().unwrap_or_default()) {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// Drops the PostgreSQL templates of test runs whose process has ended, so that they do not
/// pile up; those of a run still going are left alone.
async fn remove_templates_of_ended_runs() {
    let mut admin = sqlx::PgConnection::connect(&postgres_admin_url())
        .await
        .expect("PostgreSQL answers");
    let names: Vec<String> = sqlx::query_scalar(
        "SELECT datname FROM pg_database WHERE datname LIKE 'hoofbeat_template_%'",
    )
    .fetch_all(&mut admin)
    .await
    .expect("lists the templates");
    for name in names {
        if run_ended(name.split('_').nth(2).unwrap_or_default()) {
            let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                .execute(&mut admin)
                .await;
        }
    }
}
