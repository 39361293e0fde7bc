//! Backups that restore: `host-server backup --to DIR` writes a consistent copy of the database
//! while the shop runs (SQLite's `VACUUM INTO`, PostgreSQL's `pg_dump`) with the files the shop
//! keeps (return photos) and a manifest of checksums; `host-server restore --from DIR` puts it
//! into an empty database and empty folders after checking every file, and refuses a damaged
//! or incomplete backup before it writes anything. The server can also back itself up on a
//! schedule ([`schedule`]).
//!
//! A backup is written into a hidden folder beside its target and renamed into place only when
//! its manifest is written, so a folder with the target's name is always a whole backup.

mod manifest;
mod postgres;
pub mod schedule;
mod store;

use std::path::{Path, PathBuf};

use manifest::{Entry, copy_file, hash_file};
pub use manifest::{MANIFEST_FILE, Manifest};

use crate::platform::config::Config;
use crate::platform::db::{Backend, Database, DatabaseError, sqlite_file};

/// Why a backup or a restore did not happen. Nothing half-written is left behind.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    /// The request cannot be carried out as asked (a target that is not empty, another backend).
    #[error("{0}")]
    Refused(String),
    /// The backup is damaged or incomplete.
    #[error("the backup is refused: {0}")]
    Damaged(String),
    /// `pg_dump` or `pg_restore` is missing or failed.
    #[error("{0}")]
    Tool(String),
    /// A file could not be read or written.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The database could not be read or written.
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    /// The restored database could not be opened and migrated.
    #[error("the restored database: {0}")]
    Migrate(#[from] DatabaseError),
}

/// What a backup copies: the database, and each folder of files the shop keeps under its name.
#[derive(Clone, Debug)]
pub struct Sources {
    /// `DATABASE_URL`.
    pub database_url: String,
    /// The folders, each copied to `files/<name>/` in the backup.
    pub folders: Vec<(&'static str, PathBuf)>,
}

impl Sources {
    /// The database and folders of the configuration: the return photos
    /// (`RETURN_PHOTOS_DIR`). The staff secrets key is not among them: see docs/operations.md.
    pub fn of(config: &Config) -> Sources {
        Sources {
            database_url: config.database_url.clone(),
            folders: vec![(
                "return-photos",
                config.account_data.return_photos_dir.clone(),
            )],
        }
    }

    fn backend(&self) -> Result<Backend, BackupError> {
        Backend::of_url(&self.database_url)
            .ok_or_else(|| BackupError::Refused("DATABASE_URL names no database".to_owned()))
    }
}

/// What a restore put back.
#[derive(Debug)]
pub struct Restored {
    /// The backup's manifest.
    pub manifest: Manifest,
    /// The files put back besides the database.
    pub files: usize,
}

/// `host-server backup --to DIR` and `host-server restore --from DIR`: what happened, in a line.
pub async fn command(
    config: &Config,
    command: &str,
    options: &[String],
) -> Result<String, BackupError> {
    let sources = Sources::of(config);
    match (command, options) {
        ("backup", [flag, dir]) if flag == "--to" => {
            let manifest = backup(&sources, Path::new(dir)).await?;
            Ok(format!(
                "backed up the {} database (schema {}) and {} files into {dir}",
                manifest.backend.name(),
                manifest.schema_version,
                manifest.files.len() - 1
            ))
        }
        ("restore", [flag, dir]) if flag == "--from" => {
            let restored = restore(&sources, Path::new(dir)).await?;
            Ok(format!(
                "restored the backup of {} (schema {}) and {} files from {dir}",
                restored.manifest.created_at, restored.manifest.schema_version, restored.files
            ))
        }
        _ => Err(BackupError::Refused(
            "usage: host-server backup --to DIR | host-server restore --from DIR".to_owned(),
        )),
    }
}

/// Writes a backup of `sources` into the folder `to`, which must not exist or be empty.
pub async fn backup(sources: &Sources, to: &Path) -> Result<Manifest, BackupError> {
    if to.exists() && !is_empty_folder(to)? {
        return Err(BackupError::Refused(format!(
            "{} is not empty: back up into a new folder",
            to.display()
        )));
    }
    let staging = staging_folder(to)?;
    if staging.exists() {
        std::fs::remove_dir_all(&staging)?;
    }
    std::fs::create_dir_all(&staging)?;
    match write_backup(sources, &staging).await {
        Ok(manifest) => {
            if to.exists() {
                std::fs::remove_dir(to)?;
            }
            std::fs::rename(&staging, to)?;
            Ok(manifest)
        }
        Err(error) => {
            let _ = std::fs::remove_dir_all(&staging);
            Err(error)
        }
    }
}

/// The hidden folder beside `to` that a backup is written into before it is complete.
fn staging_folder(to: &Path) -> Result<PathBuf, BackupError> {
    let name = to
        .file_name()
        .and_then(|name| name.to_str())
        .ok_or_else(|| BackupError::Refused(format!("{} names no folder", to.display())))?;
    let parent = to.parent().filter(|parent| !parent.as_os_str().is_empty());
    let parent = parent.map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    std::fs::create_dir_all(&parent)?;
    Ok(parent.canonicalize()?.join(format!(".{name}.incomplete")))
}

async fn write_backup(sources: &Sources, folder: &Path) -> Result<Manifest, BackupError> {
    let backend = sources.backend()?;
    let database = match backend {
        Backend::Sqlite => "database.sqlite",
        Backend::Postgres => "database.pgdump",
    };
    let copy = folder.join(database);
    let schema_version = copy_database(&sources.database_url, backend, &copy).await?;
    let (bytes, sha256) = hash_file(&copy)?;
    let mut files = vec![Entry {
        path: database.to_owned(),
        bytes,
        sha256,
    }];
    for (name, source) in &sources.folders {
        copy_tree(source, folder, &format!("files/{name}"), &mut files)?;
    }
    let manifest = Manifest {
        format: manifest::FORMAT.to_owned(),
        format_version: manifest::FORMAT_VERSION,
        created_at: now_rfc3339(),
        server_version: env!("CARGO_PKG_VERSION").to_owned(),
        backend,
        schema_version,
        database: database.to_owned(),
        files,
    };
    manifest.write(folder)?;
    Ok(manifest)
}

/// Copies the database into `copy` and returns its schema version.
async fn copy_database(url: &str, backend: Backend, copy: &Path) -> Result<i64, BackupError> {
    if backend == Backend::Sqlite {
        let file = sqlite_file(url).ok_or_else(|| {
            BackupError::Refused("an in-memory database has no backup".to_owned())
        })?;
        if !file.exists() {
            return Err(BackupError::Refused(format!(
                "there is no database at {}",
                file.display()
            )));
        }
    }
    let pool = store::connect(url).await?;
    let schema_version = store::schema_version(&pool, backend).await?;
    match backend {
        Backend::Sqlite => {
            let target = copy.to_str().ok_or_else(|| {
                BackupError::Refused(format!("{} is not a UTF-8 path", copy.display()))
            })?;
            store::vacuum_into(&pool, target).await?;
            std::fs::File::open(copy)?.sync_all()?;
        }
        Backend::Postgres => postgres::dump(url, copy).await?,
    }
    pool.close().await;
    Ok(schema_version)
}

/// Copies every file under `source` (when it exists) to `prefix` in `folder`, listing each.
fn copy_tree(
    source: &Path,
    folder: &Path,
    prefix: &str,
    files: &mut Vec<Entry>,
) -> Result<(), BackupError> {
    if !source.is_dir() {
        return Ok(());
    }
    let mut entries: Vec<_> = std::fs::read_dir(source)?.collect::<Result<_, _>>()?;
    entries.sort_by_key(std::fs::DirEntry::file_name);
    for entry in entries {
        let Some(name) = entry.file_name().to_str().map(str::to_owned) else {
            tracing::warn!(file = ?entry.path(), "a file whose name is not UTF-8 is not backed up");
            continue;
        };
        let kind = entry.file_type()?;
        let path = format!("{prefix}/{name}");
        if kind.is_dir() {
            copy_tree(&entry.path(), folder, &path, files)?;
        } else if kind.is_file() {
            let (bytes, sha256) = copy_file(&entry.path(), &folder.join(&path))?;
            files.push(Entry {
                path,
                bytes,
                sha256,
            });
        }
    }
    Ok(())
}

/// Restores the backup in `from` into the empty database and folders of `sources`.
pub async fn restore(sources: &Sources, from: &Path) -> Result<Restored, BackupError> {
    let manifest = Manifest::read(from)?;
    check_fits(sources, &manifest)?;
    manifest.verify(from)?;
    check_targets_empty(sources).await?;
    let backend = manifest.backend;
    let copy = from.join(&manifest.database);
    match backend {
        Backend::Sqlite => {
            let file = sqlite_file(&sources.database_url).ok_or_else(|| {
                BackupError::Refused("an in-memory database cannot be restored into".to_owned())
            })?;
            copy_file(&copy, &file)?;
        }
        Backend::Postgres => postgres::restore(&sources.database_url, &copy).await?,
    }
    let mut files = 0;
    for (name, target) in &sources.folders {
        let prefix = format!("files/{name}/");
        for entry in &manifest.files {
            if let Some(relative) = entry.path.strip_prefix(&prefix) {
                copy_file(
                    &from.join(&entry.path),
                    &manifest::inside(target, relative)?,
                )?;
                files += 1;
            }
        }
    }
    // Opening it runs the migrations this release has and the backup's did not.
    Database::connect(&sources.database_url)
        .await?
        .pool()
        .close()
        .await;
    Ok(Restored { manifest, files })
}

/// Refuses a backup of another backend, or of a newer release than this server.
fn check_fits(sources: &Sources, manifest: &Manifest) -> Result<(), BackupError> {
    let backend = sources.backend()?;
    if manifest.backend != backend {
        return Err(BackupError::Refused(format!(
            "the backup is of a {} database and DATABASE_URL names {}: restore it into the same kind",
            manifest.backend.name(),
            backend.name()
        )));
    }
    let known = crate::platform::db::newest_migration(backend);
    if manifest.schema_version > known {
        return Err(BackupError::Refused(format!(
            "the backup was made by a newer release (schema {} > {known}): restore it with that release",
            manifest.schema_version
        )));
    }
    Ok(())
}

/// A restore writes only into a database without tables and into empty folders: it never
/// mixes a backup with a shop's data.
async fn check_targets_empty(sources: &Sources) -> Result<(), BackupError> {
    let backend = sources.backend()?;
    let sqlite = sqlite_file(&sources.database_url);
    let exists = sqlite.as_ref().is_none_or(|file| file.exists());
    if exists {
        let pool = store::connect(&sources.database_url).await?;
        let empty = store::is_empty(&pool, backend).await?;
        pool.close().await;
        if !empty {
            return Err(BackupError::Refused(
                "the database of DATABASE_URL already holds tables: restore into a new, empty database"
                    .to_owned(),
            ));
        }
    }
    if let Some(file) = sqlite {
        // An empty file (and its log) is replaced by the copy.
        for suffix in ["", "-wal", "-shm"] {
            let path = PathBuf::from(format!("{}{suffix}", file.display()));
            if path.exists() {
                std::fs::remove_file(path)?;
            }
        }
    }
    for (_, folder) in &sources.folders {
        if folder.exists() && !is_empty_folder(folder)? {
            return Err(BackupError::Refused(format!(
                "{} is not empty: restore into an empty folder",
                folder.display()
            )));
        }
    }
    Ok(())
}

fn is_empty_folder(folder: &Path) -> Result<bool, BackupError> {
    Ok(std::fs::read_dir(folder)?.next().is_none())
}

/// Now as RFC 3339 in UTC, e.g. `2026-11-28T19:30:00Z`.
fn now_rfc3339() -> String {
    jiff::Timestamp::from_second(crate::platform::clock::now())
        .map(|now| now.to_string())
        .unwrap_or_default()
}
