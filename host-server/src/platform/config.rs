//! Configuration from environment variables. Every variable has a default that starts the
//! demo shop on a fresh machine; README.md lists them.

use std::collections::BTreeMap;
use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;

use url::Url;

/// The server's settings.
#[derive(Clone, Debug)]
pub struct Config {
    /// `PORT`: the TCP port to listen on. Default 8080.
    pub port: u16,
    /// `DATABASE_URL`: `sqlite://...` or `postgres://...`. Default a SQLite file under `./data/`.
    pub database_url: String,
    /// `STATIC_DIR`: the built storefront to serve. Default `storefront/dist`.
    pub static_dir: PathBuf,
    /// `RENDERER_URL`: the server renderer (Node.js, `storefront/server`) that page requests
    /// are forwarded to. Default `http://127.0.0.1:8081`; empty turns forwarding off (every
    /// page is the client-rendered `index.html`, as when the renderer is down).
    pub renderer_url: Option<Url>,
    /// `LOG_FORMAT`: `json` for one JSON object per line, otherwise human-readable text.
    pub log_json: bool,
    /// E-mail delivery and sender.
    pub mail: MailConfig,
    /// Captcha verification for sign-in and resend-confirmation.
    pub captcha: CaptchaConfig,
    /// The store locator's map tiles (`MAP_TILE_URL`, `MAP_TILE_ATTRIBUTION`).
    pub map: MapConfig,
    /// How long tokens and sessions live.
    pub lifetimes: Lifetimes,
    /// `FIXTURES_DIR`: the demo data folder. Default `fixtures`.
    pub fixtures_dir: PathBuf,
    /// `IMPORT_FIXTURES`: `auto` (default) imports `fixtures_dir` at start when the database
    /// holds no sites; `never` does not.
    pub import_fixtures: ImportFixtures,
    /// The payment provider.
    pub payment: PaymentConfig,
    /// The back office's staff: sessions, invitations and the key that seals their secrets.
    pub staff: StaffConfig,
    /// `BACKOFFICE_DIR`: the back office app's built files, served at `/admin/`. Default
    /// `backoffice/dist`.
    pub backoffice_dir: PathBuf,
    /// The account area's files and the laboratory's key.
    pub account_data: AccountDataConfig,
    /// Which hosts and addresses the server trusts (see `SECURITY.md`).
    pub trust: TrustConfig,
    /// `CART_TTL`, `HOUSEKEEPING_INTERVAL`: what the housekeeping task deletes, and how often.
    pub housekeeping: HousekeepingConfig,
    /// `PAGE_CACHE` (`off` turns it off), `PAGE_CACHE_MB` (64), `PAGE_CACHE_FRESH` (60 s),
    /// `PAGE_CACHE_STALE` (600 s): the cache of pages for visitors without a session.
    pub page_cache: crate::platform::page_cache::PageCacheConfig,
    /// `BACKUP_DIR`, `BACKUP_INTERVAL`, `BACKUP_KEEP`: the scheduled backups (off when
    /// `BACKUP_DIR` is unset).
    pub backups: BackupSchedule,
    /// `METRICS_KEY`: the bearer key that `GET /metrics` asks for. Unset: no metrics are served.
    pub metrics_key: Option<Secret>,
}

/// When the server backs itself up, where to, and how many backups it keeps.
#[derive(Clone, Debug, Default)]
pub struct BackupSchedule {
    /// `BACKUP_DIR`: the folder each backup is written into, as a folder of its own. Unset: no
    /// scheduled backups (`host-server backup --to DIR` still works).
    pub dir: Option<PathBuf>,
    /// `BACKUP_INTERVAL`: seconds between two backups. Default one day.
    pub interval: Duration,
    /// `BACKUP_KEEP`: how many of the newest backups are kept; older ones are deleted. Default 7.
    pub keep: usize,
}

impl BackupSchedule {
    const DEFAULT_INTERVAL: i64 = 86_400;
    const DEFAULT_KEEP: i64 = 7;

    fn from_lookup(
        lookup: &impl Fn(&str) -> Option<String>,
    ) -> Result<BackupSchedule, ConfigError> {
        let interval = seconds(lookup, "BACKUP_INTERVAL", Self::DEFAULT_INTERVAL)?.max(60);
        let keep = match lookup("BACKUP_KEEP") {
            None => Self::DEFAULT_KEEP,
            Some(text) => text
                .trim()
                .parse()
                .ok()
                .filter(|keep: &i64| *keep >= 1)
                .ok_or(ConfigError::BackupKeep(text))?,
        };
        Ok(BackupSchedule {
            dir: lookup("BACKUP_DIR")
                .map(|dir| dir.trim().to_owned())
                .filter(|dir| !dir.is_empty())
                .map(PathBuf::from),
            interval: Duration::from_secs(u64::try_from(interval).unwrap_or(86_400)),
            keep: usize::try_from(keep).unwrap_or(7),
        })
    }
}

/// What the server trusts of a request: the hosts it answers for, the proxies whose
/// `X-Forwarded-For` it believes, and the public address links are built on.
#[derive(Clone, Debug)]
pub struct TrustConfig {
    /// `PUBLIC_URL`, e.g. `https://hoefslag.nl`: the scheme (and port) of every link the shop
    /// sends, the host links fall back to when no site is known, and where a payment
    /// provider reaches the webhook. An https URL also makes the session cookie `Secure` and
    /// `__Host-` prefixed and turns on HSTS. Unset: `http` and the port the server listens on
    /// (the demo).
    pub public_url: Option<Url>,
    /// `ALLOWED_HOSTS`: comma-separated host names the server answers for besides the sites'
    /// domains and aliases and `PUBLIC_URL`'s host; `*.example.com` allows every subdomain.
    /// Default: the loopback names (`localhost`, `*.localhost`, `127.0.0.1`, `::1`).
    pub allowed_hosts: Vec<String>,
    /// `TRUSTED_PROXIES`: comma-separated addresses or networks (`10.0.0.0/8`) of reverse
    /// proxies. Only a request from one of them may name the client in `X-Forwarded-For`;
    /// otherwise the socket address is the client. Default: none.
    pub trusted_proxies: Vec<ipnet::IpNet>,
}

/// The loopback names the demo answers for when `ALLOWED_HOSTS` is unset.
pub const DEFAULT_ALLOWED_HOSTS: &str = "localhost,*.localhost,127.0.0.1,::1";

impl TrustConfig {
    fn from_lookup(lookup: &impl Fn(&str) -> Option<String>) -> Result<TrustConfig, ConfigError> {
        let public_url = match lookup("PUBLIC_URL").filter(|url| !url.trim().is_empty()) {
            None => None,
            Some(text) => Some(parse_public_url(&text)?),
        };
        let allowed_hosts = lookup("ALLOWED_HOSTS")
            .unwrap_or_else(|| DEFAULT_ALLOWED_HOSTS.to_owned())
            .split(',')
            .map(|host| {
                host.trim()
                    .trim_start_matches('[')
                    .trim_end_matches(']')
                    .to_ascii_lowercase()
            })
            .filter(|host| !host.is_empty())
            .collect();
        let trusted_proxies = lookup("TRUSTED_PROXIES")
            .unwrap_or_default()
            .split(',')
            .map(str::trim)
            .filter(|entry| !entry.is_empty())
            .map(parse_network)
            .collect::<Result<_, _>>()?;
        Ok(TrustConfig {
            public_url,
            allowed_hosts,
            trusted_proxies,
        })
    }

    /// True when the shop is reached over https (`PUBLIC_URL` says so).
    pub fn https(&self) -> bool {
        self.public_url
            .as_ref()
            .is_some_and(|url| url.scheme() == "https")
    }
}

fn parse_public_url(text: &str) -> Result<Url, ConfigError> {
    let invalid = || ConfigError::PublicUrl(text.to_owned());
    let url = Url::parse(text.trim()).map_err(|_| invalid())?;
    let plain_origin = matches!(url.scheme(), "http" | "https")
        && url.host_str().is_some()
        && url.username().is_empty();
    if plain_origin {
        Ok(url)
    } else {
        Err(invalid())
    }
}

fn parse_network(entry: &str) -> Result<ipnet::IpNet, ConfigError> {
    entry
        .parse::<ipnet::IpNet>()
        .or_else(|_| entry.parse::<IpAddr>().map(ipnet::IpNet::from))
        .map_err(|_| ConfigError::TrustedProxies(entry.to_owned()))
}

/// A configuration secret (an API key, a password). Its `Debug` and `Display` show `***`, so
/// it never reaches a log line, a panic message or an error by accident.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// Wraps a secret value.
    pub fn new(value: impl Into<String>) -> Secret {
        Secret(value.into())
    }

    /// The value itself, for the one place that must send or compare it.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("***")
    }
}

impl std::fmt::Display for Secret {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("***")
    }
}

/// A database or SMTP URL with its password replaced by `***`, for messages and logs.
pub fn masked_url(url: &str) -> String {
    match Url::parse(url) {
        Ok(mut parsed) if parsed.password().is_some() => {
            // Setting a password only fails for URLs that cannot have one.
            let _ = parsed.set_password(Some("***"));
            parsed.to_string()
        }
        Ok(_) => url.to_owned(),
        Err(_) => url
            .split_once('@')
            .map_or_else(|| url.to_owned(), |(_, host)| format!("***@{host}")),
    }
}

/// The map of the store locator: where its tiles come from. Unset, the storefront shows the
/// list alone and the content security policy allows no tile host.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MapConfig {
    /// `MAP_TILE_URL`: the tile service's URL template, e.g.
    /// `https://tile.openstreetmap.org/{z}/{x}/{y}.png` (Leaflet's placeholders `{z}`, `{x}`,
    /// `{y}`, optionally `{r}`, in the path or query; the host is a plain host name, so one
    /// origin is allowed). Unset or empty: no map.
    pub tile_url: Option<String>,
    /// `MAP_TILE_ATTRIBUTION`: the credit the tile service asks for, shown under the map as
    /// plain text, e.g. `© OpenStreetMap contributors`.
    pub attribution: String,
}

impl MapConfig {
    fn from_lookup(lookup: &impl Fn(&str) -> Option<String>) -> Result<MapConfig, ConfigError> {
        let tile_url = lookup("MAP_TILE_URL")
            .map(|url| url.trim().to_owned())
            .filter(|url| !url.is_empty());
        if let Some(url) = &tile_url {
            tile_origin(url).ok_or_else(|| ConfigError::MapTileUrl(url.clone()))?;
        }
        Ok(MapConfig {
            tile_url,
            attribution: lookup("MAP_TILE_ATTRIBUTION")
                .map(|text| text.trim().to_owned())
                .unwrap_or_default(),
        })
    }

    /// The origin the tiles come from (`https://tile.openstreetmap.org`), when a map is
    /// configured: the one host the content security policy then allows images from.
    pub fn tile_origin(&self) -> Option<String> {
        self.tile_url.as_deref().and_then(tile_origin)
    }
}

/// The origin of a tile URL template, or None when it is not an http(s) template with the
/// `{z}`, `{x}` and `{y}` placeholders outside its host.
fn tile_origin(template: &str) -> Option<String> {
    let has_placeholders = ["{z}", "{x}", "{y}"]
        .iter()
        .all(|placeholder| template.contains(placeholder));
    // The placeholders are filled in by the browser; parsed with sample values, a placeholder
    // left in the host (such as `{s}`) makes the URL invalid and the template is refused.
    let sample = template
        .replace("{z}", "1")
        .replace("{x}", "0")
        .replace("{y}", "0")
        .replace("{r}", "");
    let url = Url::parse(&sample).ok()?;
    let plain = matches!(url.scheme(), "http" | "https")
        && url
            .host_str()
            .is_some_and(|host| !host.contains(['{', '}', '%']))
        && url.username().is_empty()
        && url.password().is_none();
    (has_placeholders && plain).then(|| url.origin().ascii_serialization())
}

/// Settings of the account area (return photos).
#[derive(Clone, Debug)]
pub struct AccountDataConfig {
    /// `RETURN_PHOTOS_DIR`: where photos uploaded with a return request are stored. Default
    /// `data/returns`.
    pub return_photos_dir: PathBuf,
}

impl AccountDataConfig {
    fn from_lookup(lookup: &impl Fn(&str) -> Option<String>) -> AccountDataConfig {
        AccountDataConfig {
            return_photos_dir: lookup("RETURN_PHOTOS_DIR")
                .filter(|dir| !dir.trim().is_empty())
                .map_or_else(|| PathBuf::from("data/returns"), PathBuf::from),
        }
    }
}

/// Which payment provider collects payments: `PAYMENT_PROVIDER`, chosen explicitly, so a
/// production shop can never fall back to the test provider by a missing key.
#[derive(Clone, Debug)]
pub enum PaymentConfig {
    /// `test`: the built-in test provider, whose hosted page lets anyone choose paid, failed
    /// or cancelled. For the demo and tests only; the server warns at start.
    Test,
    /// `mollie`: payments go to Mollie.
    Mollie {
        /// `MOLLIE_API_KEY` (`live_…` or `test_…`), required.
        api_key: Secret,
        /// `MOLLIE_API_URL`: Mollie's API. Default `https://api.mollie.com/v2`.
        api_url: String,
    },
}

impl PaymentConfig {
    fn from_lookup(lookup: &impl Fn(&str) -> Option<String>) -> Result<PaymentConfig, ConfigError> {
        let choice = lookup("PAYMENT_PROVIDER")
            .map(|value| value.trim().to_ascii_lowercase())
            .unwrap_or_default();
        match choice.as_str() {
            "test" => Ok(PaymentConfig::Test),
            "mollie" => {
                let api_key = lookup("MOLLIE_API_KEY")
                    .filter(|key| !key.trim().is_empty())
                    .ok_or(ConfigError::MollieKey)?;
                let api_url = lookup("MOLLIE_API_URL")
                    .filter(|url| !url.trim().is_empty())
                    .unwrap_or_else(|| "https://api.mollie.com/v2".to_owned());
                Ok(PaymentConfig::Mollie {
                    api_key: Secret::new(api_key.trim()),
                    api_url,
                })
            }
            _ => Err(ConfigError::PaymentProvider(choice)),
        }
    }
}

/// When the server imports the fixtures by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImportFixtures {
    /// At start, when the database holds no sites yet.
    Auto,
    /// Never; only `host-server import-fixtures` imports.
    Never,
}

/// Where e-mail goes.
#[derive(Clone, Debug)]
pub struct MailConfig {
    /// `SMTP_URL`, e.g. `smtp://mail.example.com:25`: deliver by SMTP. When unset, mail is
    /// written as `.eml` files to the outbox folder.
    /// Its password is a secret.
    pub smtp_url: Option<Secret>,
    /// `OUTBOX_DIR`: the outbox folder. Default `data/outbox`.
    pub outbox_dir: PathBuf,
    /// `MAIL_FROM`: the sender. Default `Hoefslag <service@hoefslag.localhost>`.
    pub from: String,
}

/// How captcha tokens are checked.
#[derive(Clone, Debug)]
pub struct CaptchaConfig {
    /// `CAPTCHA_VERIFY_URL`: a hosted captcha service's verification endpoint (the
    /// `siteverify` protocol). When unset, captcha checks are off, as in the demo.
    pub verify_url: Option<String>,
    /// `CAPTCHA_SECRET`: the secret for that service. Never logged.
    pub secret: Secret,
    /// `CAPTCHA_SCRIPT_URL`: the service's widget script, which the storefront loads (and the
    /// content security policy allows) while captcha checks are on. Default: Cloudflare
    /// Turnstile's, [`DEFAULT_CAPTCHA_SCRIPT_URL`].
    pub script_url: String,
}

/// The widget script of Cloudflare Turnstile, whose `siteverify` the verification speaks.
pub const DEFAULT_CAPTCHA_SCRIPT_URL: &str =
    "https://challenges.cloudflare.com/turnstile/v0/api.js";

/// Lifetimes in seconds.
#[derive(Clone, Copy, Debug)]
pub struct Lifetimes {
    /// `ACTIVATION_TOKEN_TTL`: default 7 days.
    pub activation_token: i64,
    /// `RESET_TOKEN_TTL`: default 1 hour.
    pub reset_token: i64,
    /// `EMAIL_CHANGE_TOKEN_TTL`: default 1 day.
    pub email_change_token: i64,
    /// `SESSION_TTL`: default 30 days; a session ends this long after sign-in.
    pub session: i64,
    /// `SESSION_IDLE_TTL`: default 1 day; a session unused this long ends too.
    pub session_idle: i64,
}

impl Default for Lifetimes {
    fn default() -> Lifetimes {
        Lifetimes {
            activation_token: 7 * 86_400,
            reset_token: 3_600,
            email_change_token: 86_400,
            session: 30 * 86_400,
            session_idle: 86_400,
        }
    }
}

/// The back office's staff.
#[derive(Clone, Debug)]
pub struct StaffConfig {
    /// `STAFF_SECRETS_KEY`: 64 hexadecimal characters, the key that seals the staff's TOTP
    /// secrets in the database. Unset: the key file's.
    pub secrets_key: Option<Secret>,
    /// `STAFF_SECRETS_KEY_FILE`: default `data/staff-secrets.key`, made on first start when no
    /// key is configured. Several servers on one database need `STAFF_SECRETS_KEY` instead.
    pub secrets_key_file: PathBuf,
    /// `STAFF_SESSION_TTL`: default 12 hours; a staff session ends this long after sign-in.
    pub session: i64,
    /// `STAFF_SESSION_IDLE_TTL`: default 30 minutes; a staff session unused this long ends.
    pub session_idle: i64,
    /// `STAFF_INVITATION_TTL`: default 48 hours; how long an invitation link works.
    pub invitation: i64,
}

impl StaffConfig {
    const DEFAULT_SESSION: i64 = 12 * 3_600;
    const DEFAULT_SESSION_IDLE: i64 = 30 * 60;
    const DEFAULT_INVITATION: i64 = 48 * 3_600;
}

/// The SQLite file used when `DATABASE_URL` is not set; created on first start.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://data/hoofbeat.sqlite?mode=rwc";

/// A variable that is set but cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// `PORT` is not a number from 0 to 65535.
    #[error("PORT must be a number from 0 to 65535, got '{0}'")]
    Port(String),
    /// `DATABASE_URL` names a database this server cannot use (shown with its password masked).
    #[error("DATABASE_URL must start with sqlite: or postgres:, got '{0}'")]
    DatabaseUrl(String),
    /// `PAYMENT_PROVIDER` is unset or unknown.
    #[error(
        "PAYMENT_PROVIDER must be set: 'mollie' (with MOLLIE_API_KEY) for a real shop, or 'test' for the demo's \
         built-in test provider, which lets anyone mark an order paid; got '{0}'"
    )]
    PaymentProvider(String),
    /// `PAYMENT_PROVIDER=mollie` without a key.
    #[error(
        "PAYMENT_PROVIDER=mollie needs MOLLIE_API_KEY (a live_… or test_… key from Mollie's dashboard)"
    )]
    MollieKey,
    /// `PUBLIC_URL` is not an http(s) origin.
    #[error("PUBLIC_URL must be an http or https URL such as https://hoefslag.nl, got '{0}'")]
    PublicUrl(String),
    /// An entry of `TRUSTED_PROXIES` is not an address or network.
    #[error("TRUSTED_PROXIES must list IP addresses or networks such as 10.0.0.0/8, got '{0}'")]
    TrustedProxies(String),
    /// `IMPORT_FIXTURES` is neither `auto` nor `never`.
    #[error("IMPORT_FIXTURES must be auto or never, got '{0}'")]
    ImportFixtures(String),
    /// `CAPTCHA_SCRIPT_URL` is not an http(s) URL.
    #[error(
        "CAPTCHA_SCRIPT_URL must be an http or https URL of the captcha widget's script, got '{0}'"
    )]
    CaptchaScriptUrl(String),
    /// `MAP_TILE_URL` is not an http(s) tile URL template.
    #[error(
        "MAP_TILE_URL must be an http or https URL template with {{z}}, {{x}} and {{y}} such as \
         https://tile.openstreetmap.org/{{z}}/{{x}}/{{y}}.png, got '{0}'"
    )]
    MapTileUrl(String),
    /// `RENDERER_URL` is not an http URL.
    #[error("RENDERER_URL must be an http URL such as http://127.0.0.1:8081, or empty, got '{0}'")]
    RendererUrl(String),
    /// A lifetime is not a whole number of seconds.
    #[error("{0} must be a whole number of seconds, got '{1}'")]
    Seconds(&'static str, String),
    /// A delay is not a whole number of days.
    #[error("{0} must be a whole number of days, got '{1}'")]
    Days(&'static str, String),
    /// `BACKUP_KEEP` is not a whole number of at least 1.
    #[error("BACKUP_KEEP must be a whole number of backups to keep, at least 1, got '{0}'")]
    BackupKeep(String),
}

impl Config {
    /// Reads the configuration from the process environment.
    pub fn from_env() -> Result<Config, ConfigError> {
        Config::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads the configuration through `lookup`, so tests need not touch the environment.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let port = match lookup("PORT") {
            Some(text) => text.trim().parse().map_err(|_| ConfigError::Port(text))?,
            None => 8080,
        };
        let database_url = lookup("DATABASE_URL")
            .filter(|url| !url.trim().is_empty())
            .unwrap_or_else(|| DEFAULT_DATABASE_URL.to_owned());
        crate::platform::db::Backend::of_url(&database_url)
            .ok_or_else(|| ConfigError::DatabaseUrl(masked_url(&database_url)))?;
        let static_dir =
            lookup("STATIC_DIR").map_or_else(|| PathBuf::from("storefront/dist"), PathBuf::from);
        let renderer_url = renderer_url(lookup("RENDERER_URL"))?;
        let log_json =
            lookup("LOG_FORMAT").is_some_and(|format| format.eq_ignore_ascii_case("json"));
        let mail = MailConfig {
            smtp_url: lookup("SMTP_URL")
                .filter(|url| !url.trim().is_empty())
                .map(Secret::new),
            outbox_dir: lookup("OUTBOX_DIR")
                .map_or_else(|| PathBuf::from("data/outbox"), PathBuf::from),
            from: lookup("MAIL_FROM")
                .unwrap_or_else(|| "Hoefslag <service@hoefslag.localhost>".to_owned()),
        };
        let captcha = CaptchaConfig {
            verify_url: lookup("CAPTCHA_VERIFY_URL").filter(|url| !url.trim().is_empty()),
            secret: Secret::new(lookup("CAPTCHA_SECRET").unwrap_or_default()),
            script_url: lookup("CAPTCHA_SCRIPT_URL")
                .map(|url| url.trim().to_owned())
                .filter(|url| !url.is_empty())
                .unwrap_or_else(|| DEFAULT_CAPTCHA_SCRIPT_URL.to_owned()),
        };
        let script_ok = match url::Url::parse(&captcha.script_url) {
            Ok(url) => matches!(url.scheme(), "http" | "https") && url.host().is_some(),
            Err(_) => false,
        };
        if !script_ok {
            return Err(ConfigError::CaptchaScriptUrl(captcha.script_url));
        }
        let defaults = Lifetimes::default();
        let seconds = |name: &'static str, default: i64| -> Result<i64, ConfigError> {
            match lookup(name) {
                Some(text) => text
                    .trim()
                    .parse()
                    .map_err(|_| ConfigError::Seconds(name, text)),
                None => Ok(default),
            }
        };
        let lifetimes = Lifetimes {
            activation_token: seconds("ACTIVATION_TOKEN_TTL", defaults.activation_token)?,
            reset_token: seconds("RESET_TOKEN_TTL", defaults.reset_token)?,
            email_change_token: seconds("EMAIL_CHANGE_TOKEN_TTL", defaults.email_change_token)?,
            session: seconds("SESSION_TTL", defaults.session)?,
            session_idle: seconds("SESSION_IDLE_TTL", defaults.session_idle)?,
        };
        let fixtures_dir = lookup("FIXTURES_DIR")
            .filter(|dir| !dir.trim().is_empty())
            .map_or_else(|| PathBuf::from("fixtures"), PathBuf::from);
        let import_fixtures =
            match lookup("IMPORT_FIXTURES").map(|value| value.trim().to_ascii_lowercase()) {
                None => ImportFixtures::Auto,
                Some(value) if value.is_empty() || value == "auto" => ImportFixtures::Auto,
                Some(value) if value == "never" => ImportFixtures::Never,
                Some(value) => return Err(ConfigError::ImportFixtures(value)),
            };
        let payment = PaymentConfig::from_lookup(&lookup)?;
        let page_defaults = crate::platform::page_cache::PageCacheConfig::default();
        let page_cache = crate::platform::page_cache::PageCacheConfig {
            enabled: !lookup("PAGE_CACHE").is_some_and(|value| {
                matches!(
                    value.trim().to_ascii_lowercase().as_str(),
                    "off" | "false" | "0"
                )
            }),
            max_bytes: usize::try_from(seconds(
                "PAGE_CACHE_MB",
                i64::try_from(page_defaults.max_bytes / (1024 * 1024)).unwrap_or(64),
            )?)
            .unwrap_or(0)
            .saturating_mul(1024 * 1024),
            fresh_for: Duration::from_secs(
                u64::try_from(seconds("PAGE_CACHE_FRESH", 60)?).unwrap_or(0),
            ),
            stale_for: Duration::from_secs(
                u64::try_from(seconds("PAGE_CACHE_STALE", 600)?).unwrap_or(0),
            ),
        };
        let staff = StaffConfig {
            secrets_key: lookup("STAFF_SECRETS_KEY")
                .filter(|key| !key.trim().is_empty())
                .map(Secret::new),
            secrets_key_file: lookup("STAFF_SECRETS_KEY_FILE")
                .map_or_else(|| PathBuf::from("data/staff-secrets.key"), PathBuf::from),
            session: seconds("STAFF_SESSION_TTL", StaffConfig::DEFAULT_SESSION)?,
            session_idle: seconds("STAFF_SESSION_IDLE_TTL", StaffConfig::DEFAULT_SESSION_IDLE)?,
            invitation: seconds("STAFF_INVITATION_TTL", StaffConfig::DEFAULT_INVITATION)?,
        };
        Ok(Config {
            port,
            database_url,
            static_dir,
            renderer_url,
            log_json,
            mail,
            captcha,
            map: MapConfig::from_lookup(&lookup)?,
            lifetimes,
            fixtures_dir,
            import_fixtures,
            payment,
            staff,
            backoffice_dir: lookup("BACKOFFICE_DIR")
                .filter(|dir| !dir.trim().is_empty())
                .map_or_else(|| PathBuf::from("backoffice/dist"), PathBuf::from),
            account_data: AccountDataConfig::from_lookup(&lookup),
            trust: TrustConfig::from_lookup(&lookup)?,
            housekeeping: HousekeepingConfig::from_lookup(&lookup)?,
            page_cache,
            backups: BackupSchedule::from_lookup(&lookup)?,
            metrics_key: lookup("METRICS_KEY")
                .map(|key| key.trim().to_owned())
                .filter(|key| !key.is_empty())
                .map(Secret::new),
        })
    }
}

/// The lifetimes and the pace of the housekeeping task.
#[derive(Clone, Debug)]
pub struct HousekeepingConfig {
    /// `CART_TTL`: seconds after its last change that a cart is deleted. Default 30 days.
    pub cart_ttl: i64,
    /// `HOUSEKEEPING_INTERVAL`: seconds between two rounds. Default 60.
    pub interval: Duration,
    /// `UNPAID_ORDER_TTL`: seconds an order paid online (at a provider) may await payment
    /// before it is cancelled. Default 1 hour.
    pub unpaid_order_ttl: i64,
    /// `UNPAID_ORDER_TTL_OFFLINE`: the same for a bank transfer. Default 14 days.
    pub unpaid_offline_order_ttl: i64,
    /// `UNPAID_ORDER_TTL_BY_METHOD`, e.g. `6=604800,3=1800`: seconds per payment method id,
    /// before the two above.
    pub unpaid_order_ttl_by_method: BTreeMap<i64, i64>,
    /// `REVIEW_REQUEST_DAYS`: whole days after an order was sent that its customer is asked
    /// for a review (one mail per order). Default 14.
    pub review_request_days: i64,
}

impl Default for HousekeepingConfig {
    fn default() -> HousekeepingConfig {
        HousekeepingConfig {
            cart_ttl: 30 * 86_400,
            interval: Duration::from_secs(60),
            unpaid_order_ttl: 3_600,
            unpaid_offline_order_ttl: 14 * 86_400,
            unpaid_order_ttl_by_method: BTreeMap::new(),
            review_request_days: 14,
        }
    }
}

/// The default server renderer: the Node.js process `scripts/start.sh` starts beside the server.
pub const DEFAULT_RENDERER_URL: &str = "http://127.0.0.1:8081";

/// `RENDERER_URL`: unset is the default renderer, empty is none.
fn renderer_url(text: Option<String>) -> Result<Option<Url>, ConfigError> {
    let text = text.unwrap_or_else(|| DEFAULT_RENDERER_URL.to_owned());
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    match Url::parse(text) {
        Ok(url) if url.scheme() == "http" && url.host().is_some() => Ok(Some(url)),
        _ => Err(ConfigError::RendererUrl(text.to_owned())),
    }
}

/// `6=604800,3=1800`: payment method ids with seconds.
fn per_method(
    lookup: &impl Fn(&str) -> Option<String>,
    name: &'static str,
) -> Result<BTreeMap<i64, i64>, ConfigError> {
    let Some(text) = lookup(name) else {
        return Ok(BTreeMap::new());
    };
    let pair = |item: &str| -> Option<(i64, i64)> {
        let (method, seconds) = item.split_once('=')?;
        Some((
            method.trim().parse().ok()?,
            seconds
                .trim()
                .parse()
                .ok()
                .filter(|seconds: &i64| *seconds >= 0)?,
        ))
    };
    let items = text
        .split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty());
    items
        .map(|item| pair(item).ok_or_else(|| ConfigError::Seconds(name, text.clone())))
        .collect()
}

/// A whole number of seconds from the variable `name`, or `default` when it is unset.
pub fn seconds(
    lookup: &impl Fn(&str) -> Option<String>,
    name: &'static str,
    default: i64,
) -> Result<i64, ConfigError> {
    match lookup(name) {
        Some(text) => text
            .trim()
            .parse()
            .ok()
            .filter(|value: &i64| *value >= 0)
            .ok_or(ConfigError::Seconds(name, text)),
        None => Ok(default),
    }
}

impl HousekeepingConfig {
    /// Reads `CART_TTL` and `HOUSEKEEPING_INTERVAL`.
    pub fn from_lookup(
        lookup: &impl Fn(&str) -> Option<String>,
    ) -> Result<HousekeepingConfig, ConfigError> {
        let defaults = HousekeepingConfig::default();
        let interval = seconds(lookup, "HOUSEKEEPING_INTERVAL", 60)?.max(1);
        Ok(HousekeepingConfig {
            cart_ttl: seconds(lookup, "CART_TTL", defaults.cart_ttl)?,
            interval: Duration::from_secs(u64::try_from(interval).unwrap_or(60)),
            unpaid_order_ttl: seconds(lookup, "UNPAID_ORDER_TTL", defaults.unpaid_order_ttl)?,
            unpaid_offline_order_ttl: seconds(
                lookup,
                "UNPAID_ORDER_TTL_OFFLINE",
                defaults.unpaid_offline_order_ttl,
            )?,
            unpaid_order_ttl_by_method: per_method(lookup, "UNPAID_ORDER_TTL_BY_METHOD")?,
            review_request_days: seconds(
                lookup,
                "REVIEW_REQUEST_DAYS",
                defaults.review_request_days,
            )
            .map_err(|_| {
                ConfigError::Days(
                    "REVIEW_REQUEST_DAYS",
                    lookup("REVIEW_REQUEST_DAYS").unwrap_or_default(),
                )
            })?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The demo's one required choice.
    fn demo(name: &str) -> Option<String> {
        (name == "PAYMENT_PROVIDER").then(|| "test".to_owned())
    }

    #[test]
    fn renderer_url_is_an_http_url_or_empty_for_none() {
        assert_eq!(renderer_url(Some(String::new())).unwrap(), None);
        assert_eq!(
            renderer_url(Some(" http://renderer:9000 ".to_owned()))
                .unwrap()
                .map(String::from),
            Some("http://renderer:9000/".to_owned())
        );
        assert!(matches!(
            renderer_url(Some("renderer:9000".to_owned())),
            Err(ConfigError::RendererUrl(text)) if text == "renderer:9000"
        ));
    }

    #[test]
    fn defaults_start_the_demo_shop_on_sqlite_at_8080() {
        let config = Config::from_lookup(demo).unwrap();
        assert_eq!(config.port, 8080);
        assert_eq!(config.database_url, DEFAULT_DATABASE_URL);
        assert_eq!(config.static_dir, PathBuf::from("storefront/dist"));
        assert_eq!(
            config.renderer_url.as_ref().map(Url::as_str),
            Some("http://127.0.0.1:8081/")
        );
        assert!(!config.log_json);
        assert_eq!(config.fixtures_dir, PathBuf::from("fixtures"));
        assert_eq!(config.import_fixtures, ImportFixtures::Auto);
        assert_eq!(
            config.account_data.return_photos_dir,
            PathBuf::from("data/returns")
        );
        assert_eq!(config.staff.session, 12 * 3_600);
        assert_eq!(config.staff.session_idle, 30 * 60);
        assert_eq!(config.staff.invitation, 48 * 3_600);
        assert!(matches!(config.payment, PaymentConfig::Test));
        assert_eq!(
            config.trust.allowed_hosts,
            ["localhost", "*.localhost", "127.0.0.1", "::1"]
        );
        assert!(config.trust.trusted_proxies.is_empty() && config.trust.public_url.is_none());
        assert_eq!(config.lifetimes.session_idle, 86_400);
    }

    #[test]
    fn the_captcha_script_is_turnstiles_unless_configured_and_must_be_an_http_url() {
        let config = Config::from_lookup(demo).unwrap();
        assert_eq!(config.captcha.script_url, DEFAULT_CAPTCHA_SCRIPT_URL);
        let own = Config::from_lookup(|name| match name {
            "CAPTCHA_SCRIPT_URL" => Some(" https://js.hcaptcha.com/1/api.js ".to_owned()),
            other => demo(other),
        })
        .unwrap();
        assert_eq!(own.captcha.script_url, "https://js.hcaptcha.com/1/api.js");
        let bad = Config::from_lookup(|name| match name {
            "CAPTCHA_SCRIPT_URL" => Some("javascript:alert(1)".to_owned()),
            other => demo(other),
        })
        .unwrap_err();
        assert!(matches!(bad, ConfigError::CaptchaScriptUrl(_)), "{bad}");
    }

    #[test]
    fn the_map_is_off_unless_a_tile_url_template_is_configured() {
        let config = Config::from_lookup(demo).unwrap();
        assert_eq!(config.map, MapConfig::default());
        assert_eq!(config.map.tile_origin(), None);
        let osm = Config::from_lookup(|name| match name {
            "MAP_TILE_URL" => Some(" https://tile.openstreetmap.org/{z}/{x}/{y}.png ".to_owned()),
            "MAP_TILE_ATTRIBUTION" => Some("© OpenStreetMap contributors".to_owned()),
            other => demo(other),
        })
        .unwrap();
        assert_eq!(
            osm.map,
            MapConfig {
                tile_url: Some("https://tile.openstreetmap.org/{z}/{x}/{y}.png".to_owned()),
                attribution: "© OpenStreetMap contributors".to_owned(),
            }
        );
        assert_eq!(
            osm.map.tile_origin().as_deref(),
            Some("https://tile.openstreetmap.org")
        );
        let local = MapConfig {
            tile_url: Some("http://127.0.0.1:4000/tiles/{z}/{x}/{y}{r}.png?k=1".to_owned()),
            attribution: String::new(),
        };
        assert_eq!(
            local.tile_origin().as_deref(),
            Some("http://127.0.0.1:4000")
        );
        for bad in [
            "javascript:alert(1)//{z}{x}{y}",
            "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png",
            "https://tile.openstreetmap.org/tiles.png",
            "https://user:pw@tile.example/{z}/{x}/{y}.png",
            "ftp://tile.example/{z}/{x}/{y}.png",
        ] {
            let refused = Config::from_lookup(|name| match name {
                "MAP_TILE_URL" => Some(bad.to_owned()),
                other => demo(other),
            })
            .unwrap_err();
            assert!(
                matches!(&refused, ConfigError::MapTileUrl(url) if url == bad),
                "{bad}: {refused}"
            );
        }
    }

    #[test]
    fn the_payment_provider_is_chosen_explicitly() {
        let unset = Config::from_lookup(|_| None).unwrap_err();
        assert!(matches!(unset, ConfigError::PaymentProvider(_)));
        assert!(
            unset.to_string().contains("PAYMENT_PROVIDER must be set"),
            "{unset}"
        );
        let unknown =
            Config::from_lookup(|name| (name == "PAYMENT_PROVIDER").then(|| "paypal".to_owned()));
        assert!(matches!(unknown, Err(ConfigError::PaymentProvider(value)) if value == "paypal"));
        let keyless =
            Config::from_lookup(|name| (name == "PAYMENT_PROVIDER").then(|| "mollie".to_owned()));
        assert!(matches!(keyless, Err(ConfigError::MollieKey)));
        let mollie = Config::from_lookup(|name| match name {
            "PAYMENT_PROVIDER" => Some("Mollie".to_owned()),
            "MOLLIE_API_KEY" => Some("live_abc".to_owned()),
            _ => None,
        })
        .unwrap();
        assert!(
            matches!(&mollie.payment, PaymentConfig::Mollie { api_key, .. } if api_key.expose() == "live_abc")
        );
    }

    #[test]
    fn secrets_never_print() {
        let config = Config::from_lookup(|name| match name {
            "PAYMENT_PROVIDER" => Some("mollie".to_owned()),
            "MOLLIE_API_KEY" => Some("live_topsecret1".to_owned()),
            "CAPTCHA_SECRET" => Some("topsecret2".to_owned()),
            "STAFF_SECRETS_KEY" => Some("topsecret4".to_owned()),
            "SMTP_URL" => Some("smtp://user:topsecret5@mail.example:25".to_owned()),
            _ => None,
        })
        .unwrap();
        let printed = format!("{config:?}");
        assert!(!printed.contains("topsecret"), "{printed}");
        assert!(printed.contains("***"));
        let url = Config::from_lookup(|name| match name {
            "PAYMENT_PROVIDER" => Some("test".to_owned()),
            "DATABASE_URL" => Some("mysql://shop:topsecret6@db/shop".to_owned()),
            _ => None,
        })
        .unwrap_err();
        assert_eq!(
            url.to_string(),
            "DATABASE_URL must start with sqlite: or postgres:, got 'mysql://shop:***@db/shop'"
        );
        assert_eq!(
            masked_url("postgres://postgres@127.0.0.1:5432/test"),
            "postgres://postgres@127.0.0.1:5432/test"
        );
    }

    #[test]
    fn reads_the_trust_settings() {
        let config = Config::from_lookup(|name| match name {
            "PAYMENT_PROVIDER" => Some("test".to_owned()),
            "PUBLIC_URL" => Some("https://hoefslag.nl".to_owned()),
            "ALLOWED_HOSTS" => Some("shop.example, [::1]".to_owned()),
            "TRUSTED_PROXIES" => Some("10.0.0.0/8, 192.0.2.7".to_owned()),
            _ => None,
        })
        .unwrap();
        assert!(config.trust.https());
        assert_eq!(config.trust.allowed_hosts, ["shop.example", "::1"]);
        assert_eq!(config.trust.trusted_proxies.len(), 2);
        for (name, value) in [
            ("PUBLIC_URL", "ftp://x"),
            ("PUBLIC_URL", "hoefslag.nl"),
            ("TRUSTED_PROXIES", "proxy"),
        ] {
            let bad = Config::from_lookup(|asked| match asked {
                "PAYMENT_PROVIDER" => Some("test".to_owned()),
                asked if asked == name => Some(value.to_owned()),
                _ => None,
            });
            assert!(bad.is_err(), "{name}={value}");
        }
    }

    #[test]
    fn backups_are_off_until_a_folder_is_named_and_metrics_until_a_key_is() {
        let demo_config = Config::from_lookup(demo).unwrap();
        assert_eq!(demo_config.backups.dir, None);
        assert_eq!(demo_config.backups.interval, Duration::from_secs(86_400));
        assert_eq!(demo_config.backups.keep, 7);
        assert!(demo_config.metrics_key.is_none());
        let config = Config::from_lookup(|name| match name {
            "BACKUP_DIR" => Some("/srv/backups".to_owned()),
            "BACKUP_INTERVAL" => Some("3600".to_owned()),
            "BACKUP_KEEP" => Some("3".to_owned()),
            "METRICS_KEY" => Some("scrape-key".to_owned()),
            other => demo(other),
        })
        .unwrap();
        assert_eq!(config.backups.dir, Some(PathBuf::from("/srv/backups")));
        assert_eq!(config.backups.interval, Duration::from_secs(3_600));
        assert_eq!(config.backups.keep, 3);
        assert_eq!(
            config.metrics_key.as_ref().map(Secret::expose),
            Some("scrape-key")
        );
        let none_kept = Config::from_lookup(|name| match name {
            "BACKUP_KEEP" => Some("0".to_owned()),
            other => demo(other),
        });
        assert_eq!(
            none_kept.unwrap_err().to_string(),
            "BACKUP_KEEP must be a whole number of backups to keep, at least 1, got '0'"
        );
    }

    #[test]
    fn reads_the_fixture_settings() {
        let config = Config::from_lookup(|name| match name {
            "IMPORT_FIXTURES" => Some("never".to_owned()),
            "FIXTURES_DIR" => Some("/srv/demo".to_owned()),
            other => demo(other),
        })
        .unwrap();
        assert_eq!(config.import_fixtures, ImportFixtures::Never);
        assert_eq!(config.fixtures_dir, PathBuf::from("/srv/demo"));
        let bad = Config::from_lookup(|name| {
            if name == "IMPORT_FIXTURES" {
                Some("sometimes".to_owned())
            } else {
                demo(name)
            }
        });
        assert!(matches!(bad, Err(ConfigError::ImportFixtures(_))));
    }

    #[test]
    fn rejects_a_bad_port_and_an_unknown_database() {
        let port = Config::from_lookup(|name| {
            if name == "PORT" {
                Some("80a".to_owned())
            } else {
                demo(name)
            }
        });
        assert!(matches!(port, Err(ConfigError::Port(_))));
        let url = Config::from_lookup(|name| {
            if name == "DATABASE_URL" {
                Some("mysql://x".to_owned())
            } else {
                demo(name)
            }
        });
        assert!(matches!(url, Err(ConfigError::DatabaseUrl(_))));
    }
}
