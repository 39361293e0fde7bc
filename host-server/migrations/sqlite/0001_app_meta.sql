-- Facts about this database itself, such as which version of the demo fixtures it holds.
CREATE TABLE app_meta (
    key TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
);
