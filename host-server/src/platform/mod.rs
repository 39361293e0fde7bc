//! What is not a domain: the database, configuration, time, request handling (errors,
//! extractors, the request context, validation), sessions, trust and limits, secrets and
//! passwords, mail and PDF, security and cache headers, telemetry, and the forwarding of pages
//! to the server renderer. Platform modules never import a domain.

pub mod access;
pub mod backup;
pub mod cache_headers;
pub mod captcha;
pub mod clock;
pub mod config;
pub mod csv_download;
pub mod db;
pub mod email_address;
pub mod error;
pub mod extract;
pub mod health;
pub mod labels;
pub mod limits;
pub mod listing;
pub mod mail;
pub mod metrics;
pub mod page_cache;
pub mod passwords;
pub mod pdf;
pub mod renderer;
pub mod request_context;
pub mod sealing;
pub mod secrets;
pub mod security_headers;
pub mod session;
pub mod short_lived;
pub mod signed_links;
pub mod stored_json;
pub mod telemetry;
pub mod time;
pub mod trust;
pub mod validation;
