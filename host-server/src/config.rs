//! Configuration from environment variables. Every variable has a default that starts the
//! demo shop on a fresh machine; README.md lists them.

use std::path::PathBuf;

/// The server's settings.
#[derive(Clone, Debug)]
pub struct Config {
    /// `PORT`: the TCP port to listen on. Default 8080.
    pub port: u16,
    /// `DATABASE_URL`: `sqlite://...` or `postgres://...`. Default a SQLite file under `./data/`.
    pub database_url: String,
    /// `STATIC_DIR`: the built storefront to serve. Default `storefront/dist`.
    pub static_dir: PathBuf,
    /// `LOG_FORMAT`: `json` for one JSON object per line, otherwise human-readable text.
    pub log_json: bool,
    /// E-mail delivery and sender.
    pub mail: MailConfig,
    /// Captcha verification for sign-in and resend-confirmation.
    pub captcha: CaptchaConfig,
    /// How long tokens and sessions live.
    pub lifetimes: Lifetimes,
    /// `FIXTURES_DIR`: the demo data folder. Default `fixtures`.
    pub fixtures_dir: PathBuf,
    /// `IMPORT_FIXTURES`: `auto` (default) imports `fixtures_dir` at start when the database
    /// holds no sites; `never` does not.
    pub import_fixtures: ImportFixtures,
    /// The payment provider.
    pub payment: PaymentConfig,
    /// `BACKOFFICE_API_KEY`: the key of the shop owner's API (`x-api-key` header). When
    /// unset, that API refuses every call.
    pub backoffice_api_key: Option<String>,
    /// The account area's files and the laboratory's key.
    pub account_data: AccountDataConfig,
    /// `CART_TTL`, `HOUSEKEEPING_INTERVAL`: what the housekeeping task deletes, and how often.
    pub housekeeping: crate::housekeeping::HousekeepingConfig,
}

/// Settings of the account area (return photos) and the laboratory endpoint.
#[derive(Clone, Debug)]
pub struct AccountDataConfig {
    /// `RETURN_PHOTOS_DIR`: where photos uploaded with a return request are stored. Default
    /// `data/returns`.
    pub return_photos_dir: PathBuf,
    /// `LAB_API_KEY`: the key the laboratory sends in `x-api-key` to enter scan results. Unset
    /// or empty: the laboratory endpoint refuses every request. Never logged.
    pub lab_api_key: Option<String>,
}

impl AccountDataConfig {
    fn from_lookup(lookup: &impl Fn(&str) -> Option<String>) -> AccountDataConfig {
        AccountDataConfig {
            return_photos_dir: lookup("RETURN_PHOTOS_DIR")
                .filter(|dir| !dir.trim().is_empty())
                .map_or_else(|| PathBuf::from("data/returns"), PathBuf::from),
            lab_api_key: lookup("LAB_API_KEY").filter(|key| !key.trim().is_empty()),
        }
    }
}

/// Which payment provider collects payments.
#[derive(Clone, Debug)]
pub struct PaymentConfig {
    /// `MOLLIE_API_KEY`: when set, payments go to Mollie; otherwise to the built-in test
    /// provider, whose hosted page lets the tester choose paid, failed or cancelled.
    pub mollie_api_key: Option<String>,
    /// `MOLLIE_API_URL`: Mollie's API. Default `https://api.mollie.com/v2`.
    pub mollie_api_url: String,
    /// `PUBLIC_URL`, e.g. `https://hoefslag.nl`: how the provider reaches the webhook. When
    /// unset, the address the customer used is taken, which suits the test provider.
    pub public_url: Option<String>,
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
    pub smtp_url: Option<String>,
    /// `OUTBOX_DIR`: the outbox folder. Default `data/outbox`.
    pub outbox_dir: PathBuf,
    /// `MAIL_FROM`: the sender. Default `Hoefslag <service@hoefslag.localhost>`.
    pub from: String,
}

/// How captcha tokens are checked.
#[derive(Clone, Debug, Default)]
pub struct CaptchaConfig {
    /// `CAPTCHA_VERIFY_URL`: a hosted captcha service's verification endpoint (the
    /// `siteverify` protocol). When unset, captcha checks are off, as in the demo.
    pub verify_url: Option<String>,
    /// `CAPTCHA_SECRET`: the secret for that service. Never logged.
    pub secret: String,
}

/// Lifetimes in seconds.
#[derive(Clone, Copy, Debug)]
pub struct Lifetimes {
    /// `ACTIVATION_TOKEN_TTL`: default 7 days.
    pub activation_token: i64,
    /// `RESET_TOKEN_TTL`: default 1 hour.
    pub reset_token: i64,
    /// `EMAIL_CHANGE_TOKEN_TTL`: default 1 day.
    pub email_change_token: i64,
    /// `SESSION_TTL`: default 30 days.
    pub session: i64,
}

impl Default for Lifetimes {
    fn default() -> Lifetimes {
        Lifetimes { activation_token: 7 * 86_400, reset_token: 3_600, email_change_token: 86_400, session: 30 * 86_400 }
    }
}

/// The SQLite file used when `DATABASE_URL` is not set; created on first start.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://data/hoofbeat.sqlite?mode=rwc";

/// A variable that is set but cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// `PORT` is not a number from 0 to 65535.
    #[error("PORT must be a number from 0 to 65535, got '{0}'")]
    Port(String),
    /// `DATABASE_URL` names a database this server cannot use.
    #[error("DATABASE_URL must start with sqlite: or postgres:, got '{0}'")]
    DatabaseUrl(String),
    /// `IMPORT_FIXTURES` is neither `auto` nor `never`.
    #[error("IMPORT_FIXTURES must be auto or never, got '{0}'")]
    ImportFixtures(String),
    /// A lifetime is not a whole number of seconds.
    #[error("{0} must be a whole number of seconds, got '{1}'")]
    Seconds(&'static str, String),
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
        crate::db::Backend::of_url(&database_url)
            .ok_or_else(|| ConfigError::DatabaseUrl(database_url.clone()))?;
        let static_dir = lookup("STATIC_DIR").map_or_else(|| PathBuf::from("storefront/dist"), PathBuf::from);
        let log_json = lookup("LOG_FORMAT").is_some_and(|format| format.eq_ignore_ascii_case("json"));
        let mail = MailConfig {
            smtp_url: lookup("SMTP_URL").filter(|url| !url.trim().is_empty()),
            outbox_dir: lookup("OUTBOX_DIR").map_or_else(|| PathBuf::from("data/outbox"), PathBuf::from),
            from: lookup("MAIL_FROM").unwrap_or_else(|| "Hoefslag <service@hoefslag.localhost>".to_owned()),
        };
        let captcha = CaptchaConfig {
            verify_url: lookup("CAPTCHA_VERIFY_URL").filter(|url| !url.trim().is_empty()),
            secret: lookup("CAPTCHA_SECRET").unwrap_or_default(),
        };
        let defaults = Lifetimes::default();
        let seconds = |name: &'static str, default: i64| -> Result<i64, ConfigError> {
            match lookup(name) {
                Some(text) => text.trim().parse().map_err(|_| ConfigError::Seconds(name, text)),
                None => Ok(default),
            }
        };
        let lifetimes = Lifetimes {
            activation_token: seconds("ACTIVATION_TOKEN_TTL", defaults.activation_token)?,
            reset_token: seconds("RESET_TOKEN_TTL", defaults.reset_token)?,
            email_change_token: seconds("EMAIL_CHANGE_TOKEN_TTL", defaults.email_change_token)?,
            session: seconds("SESSION_TTL", defaults.session)?,
        };
        let fixtures_dir = lookup("FIXTURES_DIR")
            .filter(|dir| !dir.trim().is_empty())
            .map_or_else(|| PathBuf::from("fixtures"), PathBuf::from);
        let import_fixtures = match lookup("IMPORT_FIXTURES").map(|value| value.trim().to_ascii_lowercase()) {
            None => ImportFixtures::Auto,
            Some(value) if value.is_empty() || value == "auto" => ImportFixtures::Auto,
            Some(value) if value == "never" => ImportFixtures::Never,
            Some(value) => return Err(ConfigError::ImportFixtures(value)),
        };
        let payment = PaymentConfig {
            mollie_api_key: lookup("MOLLIE_API_KEY").filter(|key| !key.trim().is_empty()),
            mollie_api_url: lookup("MOLLIE_API_URL")
                .filter(|url| !url.trim().is_empty())
                .unwrap_or_else(|| "https://api.mollie.com/v2".to_owned()),
            public_url: lookup("PUBLIC_URL").filter(|url| !url.trim().is_empty()),
        };
        let backoffice_api_key = lookup("BACKOFFICE_API_KEY").filter(|key| !key.trim().is_empty());
        Ok(Config {
            port,
            database_url,
            static_dir,
            log_json,
            mail,
            captcha,
            lifetimes,
            fixtures_dir,
            import_fixtures,
            payment,
            backoffice_api_key,
            account_data: AccountDataConfig::from_lookup(&lookup),
            housekeeping: crate::housekeeping::HousekeepingConfig::from_lookup(&lookup)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_start_the_demo_shop_on_sqlite_at_8080() {
        let config = Config::from_lookup(|_| None).unwrap();
        assert_eq!(config.port, 8080);
        assert_eq!(config.database_url, DEFAULT_DATABASE_URL);
        assert_eq!(config.static_dir, PathBuf::from("storefront/dist"));
        assert!(!config.log_json);
        assert_eq!(config.fixtures_dir, PathBuf::from("fixtures"));
        assert_eq!(config.import_fixtures, ImportFixtures::Auto);
        assert_eq!(config.account_data.return_photos_dir, PathBuf::from("data/returns"));
        assert!(config.account_data.lab_api_key.is_none());
    }

    #[test]
    fn reads_the_fixture_settings() {
        let config = Config::from_lookup(|name| match name {
            "IMPORT_FIXTURES" => Some("never".to_owned()),
            "FIXTURES_DIR" => Some("/srv/demo".to_owned()),
            _ => None,
        })
        .unwrap();
        assert_eq!(config.import_fixtures, ImportFixtures::Never);
        assert_eq!(config.fixtures_dir, PathBuf::from("/srv/demo"));
        let bad = Config::from_lookup(|name| (name == "IMPORT_FIXTURES").then(|| "sometimes".to_owned()));
        assert!(matches!(bad, Err(ConfigError::ImportFixtures(_))));
    }

    #[test]
    fn rejects_a_bad_port_and_an_unknown_database() {
        let port = Config::from_lookup(|name| (name == "PORT").then(|| "80a".to_owned()));
        assert!(matches!(port, Err(ConfigError::Port(_))));
        let url = Config::from_lookup(|name| (name == "DATABASE_URL").then(|| "mysql://x".to_owned()));
        assert!(matches!(url, Err(ConfigError::DatabaseUrl(_))));
    }
}
