//! A backup's table of contents, `manifest.json`: what it holds, of which database and schema,
//! and each file's size and SHA-256, so that a restore can refuse a damaged or incomplete copy
//! before it writes anything.

use std::io::{Read, Write};
use std::path::{Component, Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::BackupError;
use crate::platform::db::Backend;

/// The name of the table of contents in a backup folder; written last.
pub const MANIFEST_FILE: &str = "manifest.json";

/// What `format` says in every manifest this server writes.
pub const FORMAT: &str = "hoofbeat-backup";

/// The manifest layout this server writes and reads.
pub const FORMAT_VERSION: u32 = 1;

/// A backup's table of contents.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Manifest {
    /// Always [`FORMAT`].
    pub format: String,
    /// The layout of this file: [`FORMAT_VERSION`].
    pub format_version: u32,
    /// When the copy of the database was taken (RFC 3339, UTC).
    pub created_at: String,
    /// The release of the server that wrote it.
    pub server_version: String,
    /// The database it was taken of.
    pub backend: Backend,
    /// The newest migration the database had run: a server restores it only when it knows
    /// that migration (an older backup is migrated forward at the next start).
    pub schema_version: i64,
    /// The database copy's file in the folder.
    pub database: String,
    /// Every file of the backup but this manifest, the database copy first.
    pub files: Vec<Entry>,
}

/// One file of a backup.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Entry {
    /// Its path in the backup folder, with `/` between folders.
    pub path: String,
    /// Its size.
    pub bytes: u64,
    /// Its SHA-256, in lowercase hexadecimal.
    pub sha256: String,
}

impl Manifest {
    /// Reads `folder`'s manifest: a backup without one was never finished.
    pub fn read(folder: &Path) -> Result<Manifest, BackupError> {
        let path = folder.join(MANIFEST_FILE);
        let text = std::fs::read_to_string(&path).map_err(|_| {
            BackupError::Damaged(format!(
                "{} has no {MANIFEST_FILE}: it is not a backup, or its writing did not finish",
                folder.display()
            ))
        })?;
        let manifest: Manifest = serde_json::from_str(&text).map_err(|error| {
            BackupError::Damaged(format!("{MANIFEST_FILE} is unreadable: {error}"))
        })?;
        if manifest.format != FORMAT || manifest.format_version != FORMAT_VERSION {
            return Err(BackupError::Damaged(format!(
                "{MANIFEST_FILE} is not a backup of this shop in a layout this server reads ({} version {})",
                manifest.format, manifest.format_version
            )));
        }
        Ok(manifest)
    }

    /// Writes the manifest into `folder` and syncs it to disk.
    pub fn write(&self, folder: &Path) -> Result<(), BackupError> {
        let text = serde_json::to_vec_pretty(self)
            .map_err(|error| BackupError::Io(std::io::Error::other(error)))?;
        let mut file = std::fs::File::create(folder.join(MANIFEST_FILE))?;
        file.write_all(&text)?;
        file.sync_all()?;
        Ok(())
    }

    /// Checks that every listed file is in `folder` with its size and checksum, and that the
    /// database copy is among them; names the first that is not.
    pub fn verify(&self, folder: &Path) -> Result<(), BackupError> {
        if !self.files.iter().any(|entry| entry.path == self.database) {
            return Err(BackupError::Damaged(format!(
                "the manifest does not list the database copy {}",
                self.database
            )));
        }
        for entry in &self.files {
            let path = inside(folder, &entry.path)?;
            let (bytes, sha256) = hash_file(&path).map_err(|_| {
                BackupError::Damaged(format!("{} is missing from the backup", entry.path))
            })?;
            if bytes != entry.bytes || sha256 != entry.sha256 {
                return Err(BackupError::Damaged(format!(
                    "{} does not match its checksum: the backup is damaged",
                    entry.path
                )));
            }
        }
        Ok(())
    }
}

/// `relative` in `folder`, refused when it would lead outside it (an absolute path or `..`).
pub fn inside(folder: &Path, relative: &str) -> Result<PathBuf, BackupError> {
    let path = Path::new(relative);
    let plain = path
        .components()
        .all(|component| matches!(component, Component::Normal(_)));
    if !plain || relative.is_empty() {
        return Err(BackupError::Damaged(format!(
            "the manifest names a file outside the backup: {relative}"
        )));
    }
    Ok(folder.join(path))
}

/// A file's size and SHA-256.
pub fn hash_file(path: &Path) -> std::io::Result<(u64, String)> {
    stream(&mut std::fs::File::open(path)?, &mut std::io::sink())
}

/// Copies `from` to `to` (making its folder), syncs it and returns its size and SHA-256.
pub fn copy_file(from: &Path, to: &Path) -> std::io::Result<(u64, String)> {
    if let Some(folder) = to.parent() {
        std::fs::create_dir_all(folder)?;
    }
    let mut target = std::fs::File::create(to)?;
    let copied = stream(&mut std::fs::File::open(from)?, &mut target)?;
    target.sync_all()?;
    Ok(copied)
}

/// Reads `source` to its end into `target`, counting and hashing what passes.
fn stream(source: &mut impl Read, target: &mut impl Write) -> std::io::Result<(u64, String)> {
    let mut hasher = Sha256::new();
    let mut buffer = vec![0u8; 64 * 1024];
    let mut bytes = 0u64;
    loop {
        let read = source.read(&mut buffer)?;
        if read == 0 {
            break;
        }
        hasher.update(&buffer[..read]);
        target.write_all(&buffer[..read])?;
        bytes += read as u64;
    }
    Ok((bytes, hex::encode(hasher.finalize())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_outside_the_backup_is_refused() {
        let folder = Path::new("/backups/one");
        assert_eq!(
            inside(folder, "files/return-photos/a.jpg").unwrap(),
            PathBuf::from("/backups/one/files/return-photos/a.jpg")
        );
        for bad in [
            "../other/database.sqlite",
            "/etc/passwd",
            "files/../../x",
            "",
        ] {
            assert!(
                matches!(inside(folder, bad), Err(BackupError::Damaged(_))),
                "{bad}"
            );
        }
    }
}
