//! The order desk's saved views (`order_views`).

use sqlx::{AnyConnection, AnyPool};

use crate::platform::db::Flag;

/// A saved view.
#[derive(Debug, sqlx::FromRow)]
pub struct ViewRow {
    pub view_id: i64,
    pub owner_id: String,
    pub shared: Flag,
    pub name: String,
    pub query: String,
}

/// The views of `owner_id` and the shared ones, by name.
pub async fn visible_to(pool: &AnyPool, owner_id: &str) -> Result<Vec<ViewRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT view_id, owner_id, shared, name, query FROM order_views \
         WHERE owner_id = $1 OR shared = 1 ORDER BY LOWER(name), view_id",
    )
    .bind(owner_id)
    .fetch_all(pool)
    .await
}

/// The view with this id.
pub async fn by_id(pool: &AnyPool, view_id: i64) -> Result<Option<ViewRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT view_id, owner_id, shared, name, query FROM order_views WHERE view_id = $1",
    )
    .bind(view_id)
    .fetch_optional(pool)
    .await
}

/// A view to save.
pub struct NewView<'a> {
    pub owner_id: &'a str,
    pub shared: bool,
    pub name: &'a str,
    pub query: &'a str,
    pub created_at: i64,
}

/// Saves a view in the caller's transaction (with its audit entry); answers its id.
pub async fn insert(
    connection: &mut AnyConnection,
    view: &NewView<'_>,
) -> Result<i64, sqlx::Error> {
    let (view_id,): (i64,) = sqlx::query_as(
        "UPDATE counters SET value = value + 1 WHERE name = 'order_view' RETURNING value",
    )
    .fetch_one(&mut *connection)
    .await?;
    sqlx::query(
        "INSERT INTO order_views (view_id, owner_id, shared, name, query, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(view_id)
    .bind(view.owner_id)
    .bind(i64::from(view.shared))
    .bind(view.name)
    .bind(view.query)
    .bind(view.created_at)
    .execute(connection)
    .await?;
    Ok(view_id)
}

/// Deletes a view, in the caller's transaction.
pub async fn delete(connection: &mut AnyConnection, view_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM order_views WHERE view_id = $1")
        .bind(view_id)
        .execute(connection)
        .await?;
    Ok(())
}
