//! PostgreSQL's own tools do its backups: `pg_dump` writes a consistent snapshot while the shop
//! runs (one transaction), `pg_restore` loads it into an empty database. The password goes to
//! them in `PGPASSWORD`, never on the command line where other users of the machine see it.

use std::path::Path;

use tokio::process::Command;

use super::BackupError;

/// Dumps the database of `url` into `file` (pg_dump's custom format, without owners, so that
/// it restores under another user).
pub async fn dump(url: &str, file: &Path) -> Result<(), BackupError> {
    let mut command = tool("pg_dump", url)?;
    command
        .arg("--format=custom")
        .arg("--no-owner")
        .arg("--no-privileges")
        .arg("--file")
        .arg(file);
    run("pg_dump", command).await
}

/// Restores `file` into the (empty) database of `url`, all of it or nothing.
pub async fn restore(url: &str, file: &Path) -> Result<(), BackupError> {
    let mut command = tool("pg_restore", url)?;
    command
        .arg("--no-owner")
        .arg("--no-privileges")
        .arg("--exit-on-error")
        .arg("--single-transaction")
        .arg(file);
    run("pg_restore", command).await
}

/// `program` with the database of `url`: the URL without its password in `--dbname`, the
/// password in the environment.
fn tool(program: &str, url: &str) -> Result<Command, BackupError> {
    let mut parsed = url::Url::parse(url)
        .map_err(|_| BackupError::Refused("DATABASE_URL is not a valid URL".to_owned()))?;
    let password = parsed.password().map(str::to_owned);
    // A URL that has a password can have it removed.
    let _ = parsed.set_password(None);
    let mut command = Command::new(program);
    command.arg("--dbname").arg(parsed.as_str());
    if let Some(password) = password {
        let decoded = percent_encoding::percent_decode_str(&password).decode_utf8_lossy();
        command.env("PGPASSWORD", decoded.as_ref());
    }
    Ok(command)
}

async fn run(program: &'static str, mut command: Command) -> Result<(), BackupError> {
    let output = command.output().await.map_err(|error| {
        if error.kind() == std::io::ErrorKind::NotFound {
            BackupError::Tool(format!(
                "{program} is not installed: install PostgreSQL's client tools of the database \
                 server's major version (Debian: postgresql-client)"
            ))
        } else {
            BackupError::Io(error)
        }
    })?;
    if output.status.success() {
        return Ok(());
    }
    Err(BackupError::Tool(format!(
        "{program} failed ({}): {}",
        output.status,
        String::from_utf8_lossy(&output.stderr).trim()
    )))
}
