//! Catalog changes reach every server: when the shop owner changes a variant's price or stock
//! (`PUT /api/backoffice/variants/{id}`), this server forgets its cached catalog entries and
//! cached pages and rebuilds its search indexes, and on PostgreSQL tells the other servers on the same database
//! with `NOTIFY hoofbeat_catalog`; each of them `LISTEN`s and does the same.
//!
//! SQLite has one server per file, so there is nobody to tell.

use std::sync::Arc;
use std::time::Duration;

use sqlx::postgres::PgListener;

use crate::AppState;
use crate::platform::db::Backend;
use crate::platform::error::ApiError;

/// The PostgreSQL channel of catalog changes.
const CHANNEL: &str = "hoofbeat_catalog";

/// Makes a catalog change visible: here at once, and on every other server of the database.
pub async fn changed(state: &AppState) -> Result<(), ApiError> {
    if state.db.backend() == Backend::Postgres {
        // Every listener, this server's own included, refreshes on the notification.
        super::store::notify(state.db.pool(), CHANNEL).await?;
    }
    refresh(state).await;
    Ok(())
}

/// Forgets the cached catalog entries, rebuilds the search indexes and drops the cached pages
/// (the pages are dropped again after the rebuild: a page rendered meanwhile may show the old
/// search results).
async fn refresh(state: &AppState) {
    state.pricing.forget_catalog();
    state.pages.clear();
    if let Err(error) = state.search.rebuild(&state.db).await {
        tracing::warn!(%error, "search index rebuild after a catalog change failed");
    }
    state.pages.clear();
}

/// On PostgreSQL, listens for the catalog changes of other servers for as long as the server
/// runs; a lost connection is opened again, and the caches are refreshed then, since a change
/// may have come meanwhile.
pub fn listen(state: AppState, database_url: String) {
    if state.db.backend() != Backend::Postgres {
        return;
    }
    let state = Arc::new(state);
    tokio::spawn(async move {
        loop {
            if let Err(error) = listen_once(&state, &database_url).await {
                tracing::warn!(%error, "catalog change listener stopped; listening again");
            }
            if state.db.pool().is_closed() {
                return;
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
            refresh(&state).await;
        }
    });
}

async fn listen_once(state: &AppState, database_url: &str) -> Result<(), sqlx::Error> {
    let mut listener = PgListener::connect(database_url).await?;
    listener.listen(CHANNEL).await?;
    loop {
        // `try_recv` ends with None when the connection is lost, instead of reconnecting
        // silently, so that the caches are refreshed for what was missed.
        let Some(_notification) = listener.try_recv().await? else {
            return Ok(());
        };
        refresh(state).await;
    }
}
