-- Which server took a scheduled task's turn (a backup every BACKUP_INTERVAL): one row per task
-- and time slot, so that of several servers on one database exactly one runs each turn.
CREATE TABLE scheduled_runs (
    task TEXT NOT NULL,
    slot BIGINT NOT NULL,
    started_at BIGINT NOT NULL,
    finished_at BIGINT,
    outcome TEXT,
    PRIMARY KEY (task, slot)
);
