//! FAQs: their categories and questions.

use sqlx::AnyPool;

/// A FAQ's categories in order, as (category, `title_json`).
pub async fn categories(pool: &AnyPool, faq_id: i64) -> Result<Vec<(i64, String)>, sqlx::Error> {
    sqlx::query_as("SELECT faq_category_id, title_json FROM faq_categories WHERE faq_id = $1 ORDER BY position")
        .bind(faq_id)
        .fetch_all(pool)
        .await
}

/// A FAQ's questions in order, as (item, category, `question_json`, `answer_json`).
pub async fn items(
    pool: &AnyPool,
    faq_id: i64,
) -> Result<Vec<(i64, i64, String, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT i.faq_item_id, i.faq_category_id, i.question_json, i.answer_json FROM faq_items i \
         JOIN faq_categories c ON c.faq_category_id = i.faq_category_id WHERE c.faq_id = $1 ORDER BY i.position",
    )
    .bind(faq_id)
    .fetch_all(pool)
    .await
}
