//! Starts the Hoofbeat Commerce server with configuration from the environment, or runs a
//! command: `host-server import-fixtures [DIR]` imports the demo data and exits;
//! `host-server import-lab-results FILE.csv` imports the laboratory's scan results;
//! `host-server create-owner --email ADDRESS [--name NAME]` invites the shop's first owner;
//! `host-server create-integration-key --name NAME --permissions P,Q [--sites 1,2]` makes a key
//! for another system; `host-server verify-audit` checks the audit trail's chain;
//! `host-server backup --to DIR` writes a backup of the database and the shop's files while it
//! runs; `host-server restore --from DIR` restores one into an empty database;
//! `host-server openapi` prints the OpenAPI document (it needs no configuration).

use host_server::platform::config::Config;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    if std::env::args().nth(1).as_deref() == Some("openapi") {
        return print_openapi_document();
    }
    let config = match Config::from_env() {
        Ok(config) => config,
        Err(error) => {
            eprintln!("configuration error: {error}");
            return std::process::ExitCode::from(2);
        }
    };
    let mut arguments = std::env::args().skip(1).peekable();
    let serving = matches!(arguments.peek().map(String::as_str), None | Some("serve"));
    host_server::platform::telemetry::init(&config, !serving);
    match arguments.next().as_deref() {
        None | Some("serve") => {}
        Some("import-fixtures") => {
            let dir = arguments.next().map(std::path::PathBuf::from);
            return match host_server::import_fixtures_command(&config, dir).await {
                Ok(report) => {
                    let rows: usize = report.rows.iter().map(|(_, count)| count).sum();
                    println!(
                        "imported {rows} rows into {} tables (read and checked in {} ms, written in {} ms)",
                        report.rows.len(),
                        report.load.as_millis(),
                        report.write.as_millis()
                    );
                    std::process::ExitCode::SUCCESS
                }
                Err(error) => {
                    eprintln!("import failed: {error}");
                    std::process::ExitCode::FAILURE
                }
            };
        }
        Some("import-lab-results") => {
            let Some(file) = arguments.next().map(std::path::PathBuf::from) else {
                eprintln!("usage: host-server import-lab-results FILE.csv");
                return std::process::ExitCode::from(2);
            };
            return match host_server::laboratory::import_csv_command(&config, &file).await {
                Ok(recorded) => {
                    println!(
                        "imported {} scan results from {}",
                        recorded.len(),
                        file.display()
                    );
                    std::process::ExitCode::SUCCESS
                }
                Err(error) => {
                    eprintln!("import failed, nothing was written: {error}");
                    std::process::ExitCode::FAILURE
                }
            };
        }
        Some(command @ ("create-owner" | "create-integration-key" | "verify-audit")) => {
            let options: Vec<String> = arguments.collect();
            let done = host_server::staff_command(&config, command, &options).await;
            return reported(done, &format!("{command} failed"));
        }
        Some(command @ ("backup" | "restore")) => {
            let options: Vec<String> = arguments.collect();
            let done = host_server::platform::backup::command(&config, command, &options).await;
            return reported(done, &format!("{command} failed, nothing was written"));
        }
        Some(other) => {
            eprintln!(
                "unknown command '{other}'; usage: host-server [serve | import-fixtures [DIR] | import-lab-results FILE.csv | create-owner --email ADDRESS [--name NAME] | create-integration-key --name NAME --permissions P,Q [--sites 1,2] | verify-audit | backup --to DIR | restore --from DIR]"
            );
            return std::process::ExitCode::from(2);
        }
    }
    match host_server::run(config, host_server::shutdown_signal()).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!(%error, "server stopped with an error");
            std::process::ExitCode::FAILURE
        }
    }
}

/// A command's report on standard output, or its error after `failed` on standard error.
fn reported<E: std::fmt::Display>(done: Result<String, E>, failed: &str) -> std::process::ExitCode {
    match done {
        Ok(report) => {
            println!("{report}");
            std::process::ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("{failed}: {error}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// `host-server openapi`: the generated OpenAPI document on standard output.
fn print_openapi_document() -> std::process::ExitCode {
    match host_server::app::api_document() {
        Ok(api) => {
            print!("{}", host_server::openapi::render(api));
            std::process::ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("configuration error: {error}");
            std::process::ExitCode::from(2)
        }
    }
}
