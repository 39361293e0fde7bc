//! Content pages and their texts.

use sqlx::AnyPool;

use crate::platform::db::Flag;

/// A content page: id, key, parent page, body format, indexable.
pub type PageRow = (i64, String, Option<i64>, String, Flag);

/// A page of a site; `None` when the site has no such page.
pub async fn page_of_site(
    pool: &AnyPool,
    page_id: i64,
    site_id: i64,
) -> Result<Option<PageRow>, sqlx::Error> {
    sqlx::query_as("SELECT page_id, page_key, parent_page_id, body_format, indexable FROM pages WHERE page_id = $1 AND site_id = $2")
        .bind(page_id)
        .bind(site_id)
        .fetch_optional(pool)
        .await
}

/// A page's texts, as (culture, title, body).
pub async fn texts(
    pool: &AnyPool,
    page_id: i64,
) -> Result<Vec<(String, Option<String>, Option<String>)>, sqlx::Error> {
    sqlx::query_as("SELECT culture, title, body FROM page_texts WHERE page_id = $1")
        .bind(page_id)
        .fetch_all(pool)
        .await
}

/// The site's FAQ page, if it has one.
pub async fn faq_page_id(pool: &AnyPool, site_id: i64) -> Result<Option<i64>, sqlx::Error> {
    let page: Option<(i64,)> =
        sqlx::query_as("SELECT page_id FROM pages WHERE site_id = $1 AND page_key = 'faq'")
            .bind(site_id)
            .fetch_optional(pool)
            .await?;
    Ok(page.map(|(id,)| id))
}
