//! Advice: categories, articles and videos.

use sqlx::AnyPool;

/// An article: id, category, published on, `title_json`, `summary_json`, `body_json`,
/// `related_product_ids_json`.
pub type ArticleRow = (i64, i64, String, String, String, String, String);

/// A video: id, category, `title_json`, `description_json`, provider, the video's id at its
/// provider, duration in seconds.
pub type VideoRow = (i64, i64, String, String, String, String, i64);

const ARTICLE_COLUMNS: &str = "advice_article_id, advice_category_id, published_on, title_json, summary_json, body_json, related_product_ids_json";
const VIDEO_COLUMNS: &str = "advice_video_id, advice_category_id, title_json, description_json, video_provider, video_id, duration_seconds";

/// The categories in order, as (category, `title_json`).
pub async fn categories(pool: &AnyPool) -> Result<Vec<(i64, String)>, sqlx::Error> {
    sqlx::query_as("SELECT advice_category_id, title_json FROM advice_categories ORDER BY position")
        .fetch_all(pool)
        .await
}

/// Every article, newest first.
pub async fn articles(pool: &AnyPool) -> Result<Vec<ArticleRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {ARTICLE_COLUMNS} FROM advice_articles ORDER BY published_on DESC, advice_article_id"
    ))
    .fetch_all(pool)
    .await
}

/// Every video, by id.
pub async fn videos(pool: &AnyPool) -> Result<Vec<VideoRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {VIDEO_COLUMNS} FROM advice_videos ORDER BY advice_video_id"
    ))
    .fetch_all(pool)
    .await
}

/// An article.
pub async fn article(pool: &AnyPool, id: i64) -> Result<Option<ArticleRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {ARTICLE_COLUMNS} FROM advice_articles WHERE advice_article_id = $1"
    ))
    .bind(id)
    .fetch_optional(pool)
    .await
}

/// A video.
pub async fn video(pool: &AnyPool, id: i64) -> Result<Option<VideoRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {VIDEO_COLUMNS} FROM advice_videos WHERE advice_video_id = $1"
    ))
    .bind(id)
    .fetch_optional(pool)
    .await
}
