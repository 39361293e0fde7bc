//! [`AppState`], what every handler can reach: part of the composition root with `lib.rs` and
//! `app` (see `scripts/check-module-cycles.py`), so every area may name it.

use crate::{
    cart, catalog, payments, platform::captcha, platform::config, platform::db::Database,
    platform::mail, platform::trust,
};

/// What every handler can reach.
#[derive(Clone)]
pub struct AppState {
    /// The database, SQLite or PostgreSQL.
    pub db: Database,
    /// Outgoing e-mail.
    pub mailer: mail::Mailer,
    /// Captcha checks.
    pub captcha: captcha::CaptchaVerifier,
    /// The store locator's map tiles: handed to the storefront with the site, and the one
    /// image host the content security policy adds.
    pub map: config::MapConfig,
    /// Token and session lifetimes.
    pub lifetimes: config::Lifetimes,
    /// The product search indexes.
    pub search: std::sync::Arc<catalog::SearchService>,
    /// Site pricing and languages that every cart calculation reads, kept briefly in memory.
    pub pricing: std::sync::Arc<cart::PricingCache>,
    /// Stored carts kept in memory between requests (SQLite only; see `cart::CartCache`).
    pub carts: std::sync::Arc<cart::CartCache>,
    /// Writes cart lines, committed together on SQLite (see `cart::LineWriter`).
    pub cart_lines: std::sync::Arc<cart::LineWriter>,
    /// The payment provider: the built-in test provider, or Mollie.
    pub payments: std::sync::Arc<dyn payments::PaymentProvider>,
    /// The hosts the server answers for, the origin of its links, the client's address.
    pub trust: std::sync::Arc<trust::Trust>,
    /// The pages kept for visitors without a session; dropped when what they show changes.
    pub pages: std::sync::Arc<crate::platform::page_cache::PageCache>,
    /// Each site's layout in each language, kept for a few seconds.
    pub layouts: std::sync::Arc<crate::content::LayoutCache>,
    /// The order desk's counts of orders per status, kept for half a minute.
    pub order_counts: std::sync::Arc<crate::orders::admin::queue::StatusCounts>,
    /// Seals and opens the staff's TOTP secrets.
    pub sealer: crate::platform::sealing::Sealer,
    /// The relying party of the staff's passkeys.
    pub passkeys: std::sync::Arc<webauthn_rs::Webauthn>,
    /// Staff session and invitation lifetimes.
    pub staff: config::StaffConfig,
    /// The figures `GET /metrics` shows.
    pub metrics: std::sync::Arc<crate::platform::metrics::Metrics>,
}
