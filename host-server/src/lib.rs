//! # host-server
//!
//! The authoritative HTTP API of Hoofbeat Commerce. It stores
//! carts, orders and accounts, calls the [`engine`] for every amount it stores or shows, and
//! serves the built storefront.
//!
//! One folder per domain (accounts, cart, catalog, content, orders, payments, reviews, …), each
//! with its routes, handlers, request and response types and its queries; [`platform`] holds
//! what is not a domain (database, configuration, sessions, trust, mail, limits, errors).
//! [`app::router`] merges the domains' routes; `main.rs` only reads the configuration and calls
//! [`run`].

pub mod accounts;
pub mod app;
pub mod audit;
pub mod cart;
pub mod catalog;
pub mod content;
pub mod customers;
pub mod engine_api;
pub mod feed;
pub mod fixtures;
pub mod housekeeping;
pub mod laboratory;
pub mod locations;
pub mod newsletter;
pub mod openapi;
pub mod orders;
pub mod overview;
pub mod payments;
pub mod platform;
pub mod reviews;
pub mod sites;
pub mod staff;
pub mod state;
pub mod survey;

use std::future::Future;

use tokio::net::TcpListener;

use crate::platform::config::Config;
use crate::platform::db::Database;
pub use state::AppState;

/// Why the server could not start or stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum StartupError {
    /// The database could not be opened or migrated.
    #[error(transparent)]
    Database(#[from] platform::db::DatabaseError),
    /// The port could not be bound, or serving failed.
    #[error("network: {0}")]
    Io(#[from] std::io::Error),
    /// E-mail delivery could not be set up.
    #[error(transparent)]
    Mail(#[from] platform::mail::MailError),
    /// The automatic fixture import at start failed.
    #[error("fixture import: {0}")]
    Fixtures(#[from] fixtures::FixtureError),
    /// The demo staff could not be imported.
    #[error("demo staff: {0}")]
    DemoStaff(#[from] staff::demo::DemoStaffError),
    /// The key that seals the staff's secrets cannot be used.
    #[error(transparent)]
    Sealing(#[from] platform::sealing::SealingError),
    /// The search indexes could not be built.
    #[error("search index: {0}")]
    Search(String),
    /// The passkeys' relying party cannot be set up from `PUBLIC_URL`.
    #[error("passkeys: {0}")]
    Passkeys(String),
}

/// Opens the database, runs the migrations, binds the configured port and serves until
/// `shutdown` completes.
pub async fn run(
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), StartupError> {
    let listener = TcpListener::bind(("0.0.0.0", config.port)).await?;
    serve(config, listener, shutdown).await
}

/// Like [`run`], on a listener the caller has bound (tests bind port 0).
pub async fn serve(
    config: Config,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), StartupError> {
    let state = open_state(&config, listener.local_addr()?.port()).await?;
    catalog::SearchService::watch(std::sync::Arc::clone(&state.search), state.db.clone());
    housekeeping::start(state.clone(), config.housekeeping.clone());
    platform::backup::schedule::start(
        state.clone(),
        config.backups.clone(),
        platform::backup::Sources::of(&config),
    );
    catalog::events::listen(state.clone(), config.database_url.clone());
    let app = app::router(state, &config);
    tracing::info!(address = %listener.local_addr()?, "listening");
    axum::serve(
        listener,
        app.into_make_service_with_connect_info::<std::net::SocketAddr>(),
    )
    .with_graceful_shutdown(shutdown)
    .await?;
    tracing::info!("stopped");
    Ok(())
}

/// Opens the database (running the migrations, and importing the fixtures into an empty one
/// when configured), loads the search indexes and builds what every handler reaches; the
/// server's own background tasks (housekeeping, change listeners) are left to [`serve`]. `port`
/// is the one the server listens on (the port of links when `PUBLIC_URL` is unset). Tests use
/// it to call what no route calls yet, such as the mails of later features, on a running
/// server's database and outbox.
pub async fn open_state(config: &Config, port: u16) -> Result<AppState, StartupError> {
    let db = Database::connect(&config.database_url).await?;
    db.checkpoint_in_background();
    let sealer = platform::sealing::Sealer::configured(
        config.staff.secrets_key.as_ref(),
        &config.staff.secrets_key_file,
    )?;
    if config.import_fixtures == platform::config::ImportFixtures::Auto
        && fixtures::database_is_empty(&db)
            .await
            .map_err(platform::db::DatabaseError::from)?
    {
        tracing::info!(dir = %config.fixtures_dir.display(), "empty database: importing the fixtures");
        fixtures::import(&db, &config.fixtures_dir).await?;
        staff::demo::import(&db, &sealer, &config.fixtures_dir).await?;
    }
    let search = std::sync::Arc::new(
        catalog::SearchService::load(&db)
            .await
            .map_err(|error| StartupError::Search(error.to_string()))?,
    );
    let metrics = std::sync::Arc::new(platform::metrics::Metrics::default());
    Ok(AppState {
        search,
        db: db.clone(),
        mailer: platform::mail::Mailer::new(&config.mail, std::sync::Arc::clone(&metrics))?,
        captcha: platform::captcha::CaptchaVerifier::new(&config.captcha),
        map: config.map.clone(),
        lifetimes: config.lifetimes,
        pricing: std::sync::Arc::default(),
        carts: std::sync::Arc::new(cart::CartCache::new(
            db.backend() == platform::db::Backend::Sqlite,
        )),
        cart_lines: std::sync::Arc::new(cart::LineWriter::start(db.pool().clone(), db.backend())),
        payments: payments::provider(&config.payment, &db),
        trust: std::sync::Arc::new(platform::trust::Trust::new(
            config.trust.clone(),
            port,
            db.clone(),
        )),
        sealer,
        passkeys: std::sync::Arc::new(
            staff::passkeys::relying_party(config.trust.public_url.as_ref(), port)
                .map_err(|error| StartupError::Passkeys(error.to_string()))?,
        ),
        staff: config.staff.clone(),
        pages: std::sync::Arc::new(platform::page_cache::PageCache::new(
            config.page_cache.clone(),
        )),
        layouts: std::sync::Arc::default(),
        order_counts: std::sync::Arc::default(),
        metrics,
    })
}

/// `host-server import-fixtures [DIR]`: imports the fixtures folder (default `FIXTURES_DIR`)
/// into the configured database and prints what it wrote.
pub async fn import_fixtures_command(
    config: &Config,
    dir: Option<std::path::PathBuf>,
) -> Result<fixtures::ImportReport, StartupError> {
    let db = Database::connect(&config.database_url).await?;
    let dir = dir.unwrap_or_else(|| config.fixtures_dir.clone());
    let report = fixtures::import(&db, &dir).await?;
    let sealer = platform::sealing::Sealer::configured(
        config.staff.secrets_key.as_ref(),
        &config.staff.secrets_key_file,
    )?;
    staff::demo::import(&db, &sealer, &dir).await?;
    Ok(report)
}

/// Why a staff command did nothing.
#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    /// The server's parts could not be opened.
    #[error(transparent)]
    Startup(#[from] StartupError),
    /// The options are wrong.
    #[error("{0}")]
    Usage(String),
    /// The command was refused or failed.
    #[error("{0}")]
    Failed(String),
}

/// The value after `--name` in `options`.
fn option<'a>(options: &'a [String], name: &str) -> Option<&'a str> {
    options
        .iter()
        .position(|option| option == name)
        .and_then(|at| options.get(at + 1))
        .map(String::as_str)
}

/// The staff's commands on the server's machine: `create-owner`, `create-integration-key`
/// and `verify-audit`; answers what to print.
pub async fn staff_command(
    config: &Config,
    command: &str,
    options: &[String],
) -> Result<String, CommandError> {
    let state = open_state(config, config.port).await?;
    match command {
        "create-owner" => {
            let email = option(options, "--email")
                .ok_or_else(|| CommandError::Usage("--email ADDRESS is required".to_owned()))?;
            let name = option(options, "--name").unwrap_or("Owner");
            let link = staff::members::create_owner(&state, email, name)
                .await
                .map_err(|error| CommandError::Failed(error.to_string()))?;
            Ok(format!(
                "invited {email} as owner; the invitation (also mailed, valid 48 hours): {link}"
            ))
        }
        "create-integration-key" => {
            let grant = key_grant(options)?;
            let name = option(options, "--name")
                .ok_or_else(|| CommandError::Usage("--name NAME is required".to_owned()))?;
            let secret = staff::keys::create_by_command(&state, name, &grant)
                .await
                .map_err(|error| CommandError::Failed(error.to_string()))?;
            Ok(secret)
        }
        _ => match audit::verify_command(state.db.pool()).await {
            Ok(Ok(count)) => Ok(format!("the audit trail's {count} entries are intact")),
            Ok(Err(broken)) => Err(CommandError::Failed(broken.to_string())),
            Err(error) => Err(CommandError::Failed(error.to_string())),
        },
    }
}

/// `--permissions a,b --sites 1,2` as a grant.
fn key_grant(options: &[String]) -> Result<engine::staff::Grant, CommandError> {
    let permissions = option(options, "--permissions")
        .ok_or_else(|| CommandError::Usage("--permissions P,Q is required".to_owned()))?
        .split(',')
        .map(|label| {
            platform::labels::from_label("permission", label.trim())
                .map_err(|_| CommandError::Usage(format!("unknown permission '{label}'")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let sites = option(options, "--sites")
        .map(|text| {
            text.split(',')
                .map(|site| {
                    site.trim()
                        .parse()
                        .map_err(|_| CommandError::Usage(format!("'{site}' is not a site id")))
                })
                .collect::<Result<Vec<i64>, _>>()
        })
        .transpose()?
        .unwrap_or_default();
    Ok(engine::staff::Grant { permissions, sites })
}

/// Completes on SIGTERM or Ctrl-C, so that in-flight requests finish before the process ends.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutdown signal received, finishing in-flight requests");
}
