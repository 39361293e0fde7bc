//! Structured logs with `tracing`. `RUST_LOG` filters them (default `info`).

use tracing_subscriber::EnvFilter;

use crate::platform::config::Config;

/// Installs the global log subscriber once; later calls (in tests) do nothing.
pub fn init(config: &Config) {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,tower_http=info"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    let _already_installed = if config.log_json {
        builder.json().try_init()
    } else {
        builder.try_init()
    };
}
