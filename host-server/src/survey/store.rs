//! The `survey_answers` table: one answer per order.

use sqlx::AnyPool;

/// Whether the order's survey has an answer.
pub async fn has_answer(pool: &AnyPool, order_id: i64) -> Result<bool, sqlx::Error> {
    let row: Option<(i64,)> =
        sqlx::query_as("SELECT order_id FROM survey_answers WHERE order_id = $1")
            .bind(order_id)
            .fetch_optional(pool)
            .await?;
    Ok(row.is_some())
}

/// An order's answer to the survey.
pub struct NewAnswer<'a> {
    pub order_id: i64,
    pub site_id: i64,
    pub language_id: i64,
    pub rating: i64,
    pub comment: &'a str,
    pub created_at: i64,
}

/// Stores an answer; a second answer of the same order is refused by the database as a unique
/// violation.
pub async fn insert_answer(pool: &AnyPool, answer: NewAnswer<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO survey_answers (order_id, site_id, language_id, rating, comment, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(answer.order_id)
    .bind(answer.site_id)
    .bind(answer.language_id)
    .bind(answer.rating)
    .bind(answer.comment)
    .bind(answer.created_at)
    .execute(pool)
    .await?;
    Ok(())
}
