//! Scheduled backups (`BACKUP_DIR`, `BACKUP_INTERVAL`, `BACKUP_KEEP`): time is cut into turns of
//! one interval; the first server to claim a turn in the database writes that turn's backup
//! into `BACKUP_DIR/hoofbeat-<UTC time>`, so several servers on one PostgreSQL write one backup
//! per turn, and a restart does not write another. After a backup that was written, all but
//! the newest `BACKUP_KEEP` are deleted.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::{BackupError, Manifest, Sources, backup, store};
use crate::AppState;
use crate::platform::clock;
use crate::platform::config::BackupSchedule;

/// The task's name in `scheduled_runs`.
const TASK: &str = "backup";

/// The start of a scheduled backup folder's name; what follows is its UTC time.
const PREFIX: &str = "hoofbeat-";

/// How often the task looks whether a new turn has begun.
const LOOK_EVERY: Duration = Duration::from_secs(60);

/// Starts the task when `BACKUP_DIR` is set; it stops when the database pool closes.
pub fn start(state: AppState, schedule: BackupSchedule, sources: Sources) {
    if schedule.dir.is_none() {
        return;
    }
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(LOOK_EVERY.min(schedule.interval));
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        while !state.db.pool().is_closed() {
            ticks.tick().await;
            if let Err(error) = take_turn(&state, &schedule, &sources, clock::now()).await {
                tracing::error!(%error, "scheduled backup failed");
            }
        }
    });
}

/// Writes this turn's backup at `now` unless another server or an earlier round did; returns
/// it when this call wrote it.
pub async fn take_turn(
    state: &AppState,
    schedule: &BackupSchedule,
    sources: &Sources,
    now: i64,
) -> Result<Option<Manifest>, BackupError> {
    let Some(dir) = &schedule.dir else {
        return Ok(None);
    };
    let interval = i64::try_from(schedule.interval.as_secs().max(1)).unwrap_or(i64::MAX);
    let slot = now / interval;
    let pool = state.db.durable_pool();
    if !store::claim_turn(pool, TASK, slot, now).await? {
        return Ok(None);
    }
    let written = backup(sources, &dir.join(folder_name(now))).await;
    let outcome = if written.is_ok() { "written" } else { "failed" };
    state.metrics.backup(outcome);
    store::finish_turn(pool, TASK, slot, clock::now(), outcome).await?;
    let manifest = written?;
    for removed in prune(dir, schedule.keep)? {
        tracing::info!(folder = %removed.display(), "old backup deleted");
    }
    tracing::info!(created_at = %manifest.created_at, "scheduled backup written");
    Ok(Some(manifest))
}

/// `hoofbeat-20261128T193000Z`: names that sort by time.
fn folder_name(now: i64) -> String {
    let time = jiff::Timestamp::from_second(now)
        .map(|time| time.strftime("%Y%m%dT%H%M%SZ").to_string())
        .unwrap_or_else(|_| now.to_string());
    format!("{PREFIX}{time}")
}

/// Deletes all but the newest `keep` scheduled backups in `dir`; returns what it deleted.
/// Folders of other names are let be.
pub fn prune(dir: &Path, keep: usize) -> Result<Vec<PathBuf>, BackupError> {
    let mut backups: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(Result::ok)
        .filter(|entry| {
            entry
                .file_name()
                .to_str()
                .is_some_and(|name| name.starts_with(PREFIX))
        })
        .map(|entry| entry.path())
        .filter(|path| path.join(super::MANIFEST_FILE).is_file())
        .collect();
    backups.sort();
    let surplus = backups.len().saturating_sub(keep);
    let old: Vec<PathBuf> = backups.into_iter().take(surplus).collect();
    for folder in &old {
        std::fs::remove_dir_all(folder)?;
    }
    Ok(old)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folder_names_sort_by_time() {
        assert_eq!(folder_name(1_795_894_200), "hoofbeat-20261128T193000Z");
        assert!(folder_name(1_795_894_200) < folder_name(1_795_980_600));
    }
}
