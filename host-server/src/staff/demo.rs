//! The demo shop's staff (`fixtures/staff.json`), one member per role with a known password
//! and TOTP secret, imported with the demo data into a database without staff.

use engine::staff::StaffRole;
use serde::Deserialize;

use super::StaffLanguage;
use super::second_factor::recovery_code_hash;
use super::store::{self, NewMember};
use crate::platform::db::Database;
use crate::platform::sealing::Sealer;
use crate::platform::{clock, passwords, secrets};

/// The file's name in the fixtures folder.
const FILE: &str = "staff.json";

/// Why the demo staff could not be imported.
#[derive(Debug, thiserror::Error)]
pub enum DemoStaffError {
    /// The file could not be read.
    #[error("cannot read {0}: {1}")]
    Read(String, std::io::Error),
    /// The file does not have the documented shape.
    #[error("{FILE}: {0}")]
    Format(#[from] serde_json::Error),
    /// Writing to the database failed.
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    /// Hashing the password or sealing a secret failed.
    #[error("{0}")]
    Secret(String),
}

/// `fixtures/staff.json`.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct StaffFile {
    #[allow(dead_code)] // The file's format version, checked by its schema.
    version: u32,
    #[allow(dead_code)] // For the reader of the file.
    note: String,
    password: String,
    members: Vec<DemoMember>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct DemoMember {
    email_address: String,
    name: String,
    role: StaffRole,
    sites: Vec<i64>,
    language: StaffLanguage,
    totp_secret: String,
    recovery_codes: Vec<String>,
}

/// Imports the demo staff when the folder has the file and the database has no staff yet.
pub async fn import(
    db: &Database,
    sealer: &Sealer,
    dir: &std::path::Path,
) -> Result<(), DemoStaffError> {
    let path = dir.join(FILE);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(error) => return Err(DemoStaffError::Read(path.display().to_string(), error)),
    };
    let file: StaffFile = serde_json::from_str(&text)?;
    let pool = db.pool();
    if store::member_count(pool).await? > 0 {
        return Ok(());
    }
    let password_hash = passwords::hash(file.password)
        .await
        .map_err(|error| DemoStaffError::Secret(error.to_string()))?;
    for member in file.members {
        let sealed = sealer
            .seal(&member.totp_secret)
            .map_err(|error| DemoStaffError::Secret(error.to_string()))?;
        let staff_id = secrets::new_id();
        store::insert_member(
            pool,
            &NewMember {
                staff_id: &staff_id,
                email_address: &member.email_address,
                name: &member.name,
                role: member.role,
                sites: &member.sites,
                language: member.language,
                password_hash: Some(&password_hash),
                totp_secret_sealed: Some(&sealed),
                created_at: clock::now(),
            },
        )
        .await?;
        let hashes: Vec<String> = member
            .recovery_codes
            .iter()
            .map(|code| recovery_code_hash(code))
            .collect();
        let mut connection = pool.acquire().await?;
        store::replace_recovery_codes(&mut connection, &staff_id, &hashes).await?;
    }
    Ok(())
}
