//! Structured logs with `tracing`. `RUST_LOG` filters them (default `info`).

use tracing_subscriber::EnvFilter;

use crate::platform::config::Config;

/// Installs the global log subscriber once; later calls (in tests) do nothing. The server logs
/// to standard output; a command (`create-integration-key`, …) to standard error, so that what
/// it prints for its caller stays apart.
pub fn init(config: &Config, to_stderr: bool) {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,tower_http=info"));
    let writer = move || -> Box<dyn std::io::Write> {
        if to_stderr {
            Box::new(std::io::stderr())
        } else {
            Box::new(std::io::stdout())
        }
    };
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(writer);
    let _already_installed = if config.log_json {
        builder.json().try_init()
    } else {
        builder.try_init()
    };
}
