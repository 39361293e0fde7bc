//! `TestApp`: one running server with its own fresh database.
//!
//! SQLite tests use a new file in the temp folder. PostgreSQL tests create a new database on
//! the server named by `TEST_POSTGRES_URL` (default `postgres://postgres@127.0.0.1:5432/test`)
//! and drop it afterwards. The PostgreSQL variants are `#[ignore]`d so that a machine without
//! PostgreSQL reports them as skipped; `scripts/test.sh` runs them with `--include-ignored` when
//! a server answers.

use std::path::PathBuf;

use host_server::platform::config::Config;
use sqlx::Connection;
use tokio::net::TcpListener;
use tokio::sync::oneshot;

pub use host_server::platform::db::Backend;

pub mod account;
pub mod answer;
pub mod auth;
pub mod cart;
pub mod catalog;
pub mod content;
pub mod feed;
pub mod order;
pub mod review;
pub mod sites;
pub mod staff;
mod template;

pub use answer::{ApiErrorBody, read, read_ok, status_and};

/// Declares each named test once for SQLite and once for PostgreSQL.
///
/// Each name is an `async fn name(app: TestApp)` of the calling module; the macro writes
/// `sqlite::name` and `postgres::name`, which start a server with a fresh database and pass it
/// in (the PostgreSQL ones are `#[ignore]`d, see the module's notes):
///
/// ```ignore
/// backend_tests!(health_names_the_database_backend, stops_gracefully);
///
/// async fn stops_gracefully(app: TestApp) {
///     app.stop().await;
/// }
/// ```
macro_rules! backend_tests {
    ($($name:ident),* $(,)?) => {
        $crate::support::backend_tests!(@spawn spawn; $($name),*);
    };
    (@spawn $spawn:ident; $($name:ident),*) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let backend = $crate::support::Backend::Sqlite;
                    let app = $crate::support::TestApp::$spawn(backend).await;
                    super::$name(app).await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                #[ignore = "needs PostgreSQL on 127.0.0.1:5432 (scripts/test.sh runs it when one answers)"]
                async fn $name() {
                    let backend = $crate::support::Backend::Postgres;
                    let app = $crate::support::TestApp::$spawn(backend).await;
                    super::$name(app).await;
                }
            )*
        }
    };
}
pub(crate) use backend_tests;

/// Like `backend_tests!`, on a server that imported the repository's fixtures
/// ([`TestApp::spawn_with_fixtures`]).
macro_rules! fixture_tests {
    ($($name:ident),* $(,)?) => {
        $crate::support::backend_tests!(@spawn spawn_with_fixtures; $($name),*);
    };
}
pub(crate) use fixture_tests;

/// A running server and a client for it.
pub struct TestApp {
    /// The database backend this server runs on.
    pub backend: Backend,
    /// `http://127.0.0.1:PORT`.
    pub base_url: String,
    /// A client with cookies, as a browser would have.
    pub client: reqwest::Client,
    stop: Option<oneshot::Sender<()>>,
    server: Option<tokio::task::JoinHandle<()>>,
    scratch: PathBuf,
    postgres_database: Option<String>,
    /// The configuration the server started with.
    config: Config,
}

/// The repository's fixtures folder.
pub fn fixtures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures")
}

pub fn postgres_admin_url() -> String {
    std::env::var("TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".to_owned())
}

pub fn with_database(admin_url: &str, database: &str) -> String {
    let (without_query, query) = admin_url
        .split_once('?')
        .map_or((admin_url, None), |(url, q)| (url, Some(q)));
    let base = without_query
        .rsplit_once('/')
        .map_or(without_query, |(base, _)| base);
    match query {
        Some(query) => format!("{base}/{database}?{query}"),
        None => format!("{base}/{database}"),
    }
}

/// The configuration of a test's server at `base_url`: the demo's choices (the test payment
/// provider, and this server's address as the shop's public address, the origin of its links
/// when no site is known), port 0, pages from the static index.html unless a test starts a
/// renderer of its own, and no fixtures unless asked for.
pub fn test_config(base_url: &str) -> Config {
    let mut config = Config::from_lookup(|name| match name {
        "PAYMENT_PROVIDER" => Some("test".to_owned()),
        "PUBLIC_URL" => Some(base_url.to_owned()),
        _ => None,
    })
    .expect("default configuration");
    config.port = 0;
    config.renderer_url = None;
    config.import_fixtures = host_server::platform::config::ImportFixtures::Never;
    config.fixtures_dir = fixtures_dir();
    config
}

impl TestApp {
    /// Starts the server on port 0 with a fresh database of the given backend.
    pub async fn spawn(backend: Backend) -> TestApp {
        TestApp::spawn_with(backend, |_| {}).await
    }

    /// Like [`spawn`](TestApp::spawn), after `adjust` has changed the configuration.
    pub async fn spawn_with(backend: Backend, adjust: impl FnOnce(&mut Config)) -> TestApp {
        let id = uuid::Uuid::new_v4().simple().to_string();
        let scratch = std::env::temp_dir().join(format!("hoofbeat-test-{id}"));
        let static_dir = scratch.join("static");
        std::fs::create_dir_all(&static_dir).unwrap();
        std::fs::write(
            static_dir.join("index.html"),
            "<!doctype html><title>storefront</title>",
        )
        .unwrap();
        std::fs::write(static_dir.join("app.js"), "console.log('app');").unwrap();

        let (database_url, postgres_database) = match backend {
            Backend::Sqlite => (
                format!(
                    "sqlite://{}?mode=rwc",
                    scratch.join("shop.sqlite").display()
                ),
                None,
            ),
            Backend::Postgres => {
                let name = format!("hoofbeat_test_{id}");
                (with_database(&postgres_admin_url(), &name), Some(name))
            }
        };
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base_url = format!("http://{}", listener.local_addr().unwrap());
        let mut config = test_config(&base_url);
        config.database_url = database_url.clone();
        config.static_dir = static_dir;
        config.mail.outbox_dir = scratch.join("outbox");
        config.account_data.return_photos_dir = scratch.join("returns");
        config.staff.secrets_key_file = scratch.join("staff-secrets.key");
        adjust(&mut config);
        // A test that points its server at another test's database shares it: nothing is made.
        let postgres_database = postgres_database.filter(|_| config.database_url == database_url);
        if config.database_url == database_url {
            match template::Contents::for_config(&config) {
                Some(contents) => template::fill(backend, contents, &config).await,
                None if backend == Backend::Postgres => {
                    template::create_empty_postgres(&database_url).await
                }
                None => {}
            }
        }
        let started_with = config.clone();
        let (stop, stopped) = oneshot::channel::<()>();
        let (ready_tx, ready_rx) = oneshot::channel();
        let server = tokio::spawn(async move {
            let shutdown = async move {
                let _ = stopped.await;
            };
            let _ = ready_tx.send(());
            host_server::serve(config, listener, shutdown)
                .await
                .expect("server runs");
        });
        ready_rx.await.unwrap();
        let client = reqwest::Client::builder()
            .cookie_store(true)
            .build()
            .unwrap();
        let app = TestApp {
            backend,
            base_url,
            client,
            stop: Some(stop),
            server: Some(server),
            scratch,
            postgres_database,
            config: started_with,
        };
        app.wait_until_healthy().await;
        app
    }

    /// Starts the server on a fresh database into which it imports the repository's fixtures
    /// (the automatic import at start, as on a fresh machine).
    pub async fn spawn_with_fixtures(backend: Backend) -> TestApp {
        TestApp::spawn_with(backend, |config| {
            config.import_fixtures = host_server::platform::config::ImportFixtures::Auto
        })
        .await
    }

    /// The database URL of this app, for tests that open the database themselves.
    pub fn database_url(&self) -> String {
        self.config.database_url.clone()
    }

    /// What the server's handlers reach, built anew on its database, outbox and links, for
    /// tests that call what no route calls yet (the senders of later features' mails).
    pub async fn state(&self) -> host_server::AppState {
        let port = url::Url::parse(&self.base_url).unwrap().port().unwrap();
        host_server::open_state(&self.config, port).await.unwrap()
    }

    /// A scratch folder that is removed with the app.
    pub fn scratch(&self) -> &std::path::Path {
        &self.scratch
    }

    /// GET a path with the `siteid` and `languageid` headers.
    pub async fn get_in(&self, site_id: i64, language_id: i64, path: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .header("siteid", site_id.to_string())
            .header("languageid", language_id.to_string())
            .send()
            .await
            .unwrap()
    }

    /// POST a JSON body with the `siteid` and `languageid` headers.
    pub async fn post_json_in(
        &self,
        site_id: i64,
        language_id: i64,
        path: &str,
        body: &serde_json::Value,
    ) -> reqwest::Response {
        self.client
            .post(self.url(path))
            .header("siteid", site_id.to_string())
            .header("languageid", language_id.to_string())
            .json(body)
            .send()
            .await
            .unwrap()
    }

    async fn wait_until_healthy(&self) {
        for _ in 0..200 {
            if let Ok(response) = self.client.get(self.url("/api/health")).send().await {
                if response.status().is_success() {
                    return;
                }
            }
            tokio::time::sleep(std::time::Duration::from_millis(25)).await;
        }
        panic!("server did not become healthy");
    }

    /// The absolute URL of a path.
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base_url)
    }

    /// GET a path.
    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(self.url(path)).send().await.unwrap()
    }

    /// POST a JSON body to a path.
    pub async fn post_json(&self, path: &str, body: &serde_json::Value) -> reqwest::Response {
        self.client
            .post(self.url(path))
            .json(body)
            .send()
            .await
            .unwrap()
    }

    /// PUT a JSON body to a path.
    pub async fn put_json(&self, path: &str, body: &serde_json::Value) -> reqwest::Response {
        self.client
            .put(self.url(path))
            .json(body)
            .send()
            .await
            .unwrap()
    }

    /// POST without a body, marked as a JSON call as the storefront's are (from another
    /// site, a browser would need a CORS preflight for it).
    pub async fn post(&self, path: &str) -> reqwest::Response {
        self.client
            .post(self.url(path))
            .header("content-type", "application/json")
            .send()
            .await
            .unwrap()
    }

    /// The outbox once it holds at least `count` mails (mails sent after the answer, such as
    /// the password reset, arrive a moment later); panics after 10 seconds.
    pub async fn outbox_with(&self, count: usize) -> Vec<Mail> {
        for _ in 0..200 {
            let mails = self.outbox();
            if mails.len() >= count {
                return mails;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!(
            "the outbox did not reach {count} mails; it has {}",
            self.outbox().len()
        );
    }

    /// Replaces the outbox folder by a file, so that every mail fails to be written (as when
    /// the SMTP relay is down); `false` puts the folder back.
    pub fn break_outbox(&self, broken: bool) {
        let outbox = self.scratch.join("outbox");
        if broken {
            std::fs::remove_dir_all(&outbox).unwrap();
            std::fs::write(&outbox, "").unwrap();
        } else {
            std::fs::remove_file(&outbox).unwrap();
            std::fs::create_dir(&outbox).unwrap();
        }
    }

    /// The mails in the outbox, oldest first, decoded.
    pub fn outbox(&self) -> Vec<Mail> {
        let Ok(entries) = std::fs::read_dir(self.scratch.join("outbox")) else {
            return Vec::new();
        };
        let mut mails: Vec<(std::time::SystemTime, Mail)> = entries
            .filter_map(Result::ok)
            .filter(|entry| {
                entry
                    .path()
                    .extension()
                    .is_some_and(|extension| extension == "eml")
            })
            .map(|entry| {
                let modified = entry.metadata().and_then(|meta| meta.modified()).unwrap();
                (
                    modified,
                    Mail::parse(&std::fs::read_to_string(entry.path()).unwrap()),
                )
            })
            .collect();
        mails.sort_by_key(|(modified, _)| *modified);
        mails.into_iter().map(|(_, mail)| mail).collect()
    }

    /// Stops the server gracefully and waits for it.
    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(server) = self.server.take() {
            server.await.unwrap();
        }
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let _ = std::fs::remove_dir_all(&self.scratch);
        if let Some(name) = self.postgres_database.take() {
            // Drop runs outside async; a thread with its own runtime removes the database.
            let _ = std::thread::spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .unwrap();
                runtime.block_on(async move {
                    if let Ok(mut admin) = sqlx::PgConnection::connect(&postgres_admin_url()).await
                    {
                        let _ =
                            sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                                .execute(&mut admin)
                                .await;
                    }
                });
            })
            .join();
        }
    }
}

/// A mail from the outbox: its plain-text part as `body`, its HTML part as `html`.
#[derive(Debug, Clone)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub body: String,
    pub html: Option<String>,
}

impl Mail {
    /// Reads a MIME message with a real parser (mail-parser).
    pub fn parse(raw: &str) -> Mail {
        let message = mail_parser::MessageParser::default()
            .parse(raw.as_bytes())
            .expect("a MIME message");
        let html = message.html_part(0).and_then(|part| match &part.body {
            mail_parser::PartType::Html(html) => Some(html.to_string()),
            _ => None,
        });
        Mail {
            to: message
                .to()
                .and_then(|to| to.first())
                .and_then(|to| to.address())
                .unwrap_or_default()
                .to_owned(),
            subject: message.subject().unwrap_or_default().to_owned(),
            body: message
                .body_text(0)
                .map(|text| text.replace("\r\n", "\n"))
                .unwrap_or_default(),
            html,
        }
    }

    /// The first http link in the body.
    pub fn link(&self) -> String {
        let start = self.body.find("http").expect("the mail has a link");
        self.body[start..]
            .split_whitespace()
            .next()
            .unwrap()
            .to_owned()
    }
}

/// The value of a query parameter of a URL.
pub fn query_param(link: &str, name: &str) -> String {
    url::Url::parse(link)
        .unwrap()
        .query_pairs()
        .find(|(key, _)| key == name)
        .map(|(_, value)| value.into_owned())
        .unwrap_or_else(|| panic!("{link} has no {name}"))
}
