//! Starts the Hoofbeat Commerce server with configuration from the environment.

use host_server::config::Config;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let config = match Config::from_env() {
        Ok(config) => config,
        Err(error) => {
            eprintln!("configuration error: {error}");
            return std::process::ExitCode::from(2);
        }
    };
    host_server::telemetry::init(&config);
    match host_server::run(config, host_server::shutdown_signal()).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!(%error, "server stopped with an error");
            std::process::ExitCode::FAILURE
        }
    }
}
