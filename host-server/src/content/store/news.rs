//! News items and the sites they are on.

use sqlx::AnyPool;

/// A news item: id, published on, `title_json`, `summary_json`, `body_json`, image.
pub type NewsRow = (i64, String, String, String, String, Option<String>);

/// How many news items a site has.
pub async fn count_of_site(pool: &AnyPool, site_id: i64) -> Result<i64, sqlx::Error> {
    let (total,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM news_item_sites WHERE site_id = $1")
            .bind(site_id)
            .fetch_one(pool)
            .await?;
    Ok(total)
}

/// A page of a site's news items, newest first.
pub async fn page_of_site(
    pool: &AnyPool,
    site_id: i64,
    page_size: i64,
    offset: i64,
) -> Result<Vec<NewsRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT n.news_item_id, n.published_on, n.title_json, n.summary_json, n.body_json, n.image FROM news_items n \
         JOIN news_item_sites s ON s.news_item_id = n.news_item_id WHERE s.site_id = $1 \
         ORDER BY n.published_on DESC, n.news_item_id DESC LIMIT $2 OFFSET $3",
    )
    .bind(site_id)
    .bind(page_size)
    .bind(offset)
    .fetch_all(pool)
    .await
}

/// A news item of a site; `None` when the site has no such item.
pub async fn item_of_site(
    pool: &AnyPool,
    site_id: i64,
    news_item_id: i64,
) -> Result<Option<NewsRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT n.news_item_id, n.published_on, n.title_json, n.summary_json, n.body_json, n.image FROM news_items n \
         JOIN news_item_sites s ON s.news_item_id = n.news_item_id WHERE s.site_id = $1 AND n.news_item_id = $2",
    )
    .bind(site_id)
    .bind(news_item_id)
    .fetch_optional(pool)
    .await
}
