//! The `audit_entries` table: appended to, never changed (triggers refuse updates and
//! deletes).

use sqlx::{AnyConnection, AnyPool};

use super::chain::Hashed;
use super::{ActorKind, Change};
use crate::platform::labels::Label;
use crate::platform::stored_json::StoredJson;

/// The last entry's id and hash, if any.
pub async fn last_entry(
    connection: &mut AnyConnection,
) -> Result<Option<(i64, String)>, sqlx::Error> {
    sqlx::query_as("SELECT entry_id, entry_hash FROM audit_entries ORDER BY entry_id DESC LIMIT 1")
        .fetch_optional(connection)
        .await
}

/// Inserts the entry; `false` when its id is taken (another server appended first).
pub async fn insert_entry(
    connection: &mut AnyConnection,
    entry: &Hashed<'_>,
    entry_hash: &str,
) -> Result<bool, sqlx::Error> {
    let inserted = sqlx::query(
        "INSERT INTO audit_entries (entry_id, at, actor_kind, actor_id, actor_name, address, \
         action, entity_type, entity_id, changes, previous_hash, entry_hash) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) \
         ON CONFLICT (entry_id) DO NOTHING",
    )
    .bind(entry.entry_id)
    .bind(entry.at)
    .bind(entry.actor_kind)
    .bind(entry.actor_id)
    .bind(entry.actor_name)
    .bind(entry.address)
    .bind(entry.action)
    .bind(entry.entity_type)
    .bind(entry.entity_id)
    .bind(StoredJson(entry.changes))
    .bind(entry.previous_hash)
    .bind(entry_hash)
    .execute(connection)
    .await?;
    Ok(inserted.rows_affected() == 1)
}

/// A stored entry.
#[derive(sqlx::FromRow)]
pub struct EntryRow {
    pub entry_id: i64,
    pub at: i64,
    pub actor_kind: Label<ActorKind>,
    pub actor_id: String,
    pub actor_name: String,
    pub address: String,
    pub action: String,
    pub entity_type: String,
    pub entity_id: String,
    pub changes: StoredJson<Vec<Change>>,
    pub previous_hash: String,
    pub entry_hash: String,
}

/// Which entries a list or an export shows.
pub struct Filter {
    pub actor: Option<String>,
    pub entity_type: Option<String>,
    pub entity_id: Option<String>,
    pub from: Option<i64>,
    pub to: Option<i64>,
    pub newest_first: bool,
}

/// The filter as SQL conditions; each unset part matches every entry.
const WHERE: &str = "WHERE ($1 IS NULL OR actor_id = $1) AND ($2 IS NULL OR entity_type = $2) \
     AND ($3 IS NULL OR entity_id = $3) AND ($4 IS NULL OR at >= $4) AND ($5 IS NULL OR at < $5)";

fn bind_filter<'q, O>(
    query: sqlx::query::QueryAs<'q, sqlx::Any, O, sqlx::any::AnyArguments<'q>>,
    filter: &'q Filter,
) -> sqlx::query::QueryAs<'q, sqlx::Any, O, sqlx::any::AnyArguments<'q>> {
    query
        .bind(filter.actor.as_deref())
        .bind(filter.entity_type.as_deref())
        .bind(filter.entity_id.as_deref())
        .bind(filter.from)
        .bind(filter.to)
}

/// How many entries the filter finds.
pub async fn count(pool: &AnyPool, filter: &Filter) -> Result<i64, sqlx::Error> {
    let sql = format!("SELECT COUNT(*) FROM audit_entries {WHERE}");
    let (count,): (i64,) = bind_filter(sqlx::query_as(&sql), filter)
        .fetch_one(pool)
        .await?;
    Ok(count)
}

/// A page of the entries the filter finds.
pub async fn page(
    pool: &AnyPool,
    filter: &Filter,
    limit: i64,
    offset: i64,
) -> Result<Vec<EntryRow>, sqlx::Error> {
    let order = if filter.newest_first { "DESC" } else { "ASC" };
    let sql = format!(
        "SELECT entry_id, at, actor_kind, actor_id, actor_name, address, action, entity_type, \
         entity_id, changes, previous_hash, entry_hash FROM audit_entries {WHERE} \
         ORDER BY entry_id {order} LIMIT $6 OFFSET $7"
    );
    bind_filter(sqlx::query_as(&sql), filter)
        .bind(limit)
        .bind(offset)
        .fetch_all(pool)
        .await
}

/// Every entry, oldest first, for checking the chain.
pub async fn all_in_order(pool: &AnyPool) -> Result<Vec<EntryRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT entry_id, at, actor_kind, actor_id, actor_name, address, action, entity_type, \
         entity_id, changes, previous_hash, entry_hash FROM audit_entries ORDER BY entry_id",
    )
    .fetch_all(pool)
    .await
}
