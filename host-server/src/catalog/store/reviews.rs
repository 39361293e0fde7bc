//! A product's reviews as the catalog shows and takes them: its rating, a page of its approved
//! reviews, and a new review waiting for moderation.

use engine::ids::ProductId;
use sqlx::AnyPool;

/// An approved review: id, reviewer, language, rating, title, text, created at (seconds), and
/// the language's culture when it is still known.
pub type ReviewRow = (i64, String, i64, i64, String, String, i64, Option<String>);

/// A product's rating average and count; `None` when there is no such product.
pub async fn rating(
    pool: &AnyPool,
    product_id: ProductId,
) -> Result<Option<(Option<String>, i64)>, sqlx::Error> {
    sqlx::query_as("SELECT rating_average, rating_count FROM products WHERE product_id = $1")
        .bind(product_id.get())
        .fetch_optional(pool)
        .await
}

/// How many approved reviews a product has.
pub async fn approved_count(pool: &AnyPool, product_id: ProductId) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM reviews WHERE product_id = $1 AND status = 'approved'",
    )
    .bind(product_id.get())
    .fetch_one(pool)
    .await?;
    Ok(count)
}

/// A page of a product's approved reviews, newest first.
pub async fn approved_page(
    pool: &AnyPool,
    product_id: ProductId,
    page_size: i64,
    offset: i64,
) -> Result<Vec<ReviewRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT r.review_id, r.reviewer_name, r.language_id, r.rating, r.title, r.body, r.created_at, l.culture \
         FROM reviews r LEFT JOIN languages l ON l.language_id = r.language_id \
         WHERE r.product_id = $1 AND r.status = 'approved' ORDER BY r.created_at DESC, r.review_id DESC LIMIT $2 OFFSET $3",
    )
    .bind(product_id.get())
    .bind(page_size)
    .bind(offset)
    .fetch_all(pool)
    .await
}

/// Whether the site sells the product.
pub async fn product_sold_on_site(
    pool: &AnyPool,
    product_id: ProductId,
    site_id: i64,
) -> Result<bool, sqlx::Error> {
    let sold: Option<(i64,)> = sqlx::query_as(
        "SELECT product_id FROM product_sites WHERE product_id = $1 AND site_id = $2",
    )
    .bind(product_id.get())
    .bind(site_id)
    .fetch_optional(pool)
    .await?;
    Ok(sold.is_some())
}

/// A review as written, before moderation; its texts trimmed.
pub struct NewReview<'a> {
    pub product_id: ProductId,
    pub account_id: Option<String>,
    pub reviewer_name: &'a str,
    pub language_id: i64,
    pub site_id: i64,
    pub rating: i64,
    pub title: &'a str,
    pub body: &'a str,
    /// Seconds, as every review's `created_at` (the fixtures' too).
    pub created_at: i64,
}

/// Stores a review waiting for moderation under the next review number and, when written by
/// an account, answers that account's open request to review the product; in one
/// transaction. Returns the review's id.
pub async fn insert_pending(pool: &AnyPool, review: NewReview<'_>) -> Result<i64, sqlx::Error> {
    let mut transaction = pool.begin().await?;
    let (review_id,): (i64,) = sqlx::query_as(
        "UPDATE counters SET value = value + 1 WHERE name = 'review' RETURNING value",
    )
    .fetch_one(&mut *transaction)
    .await?;
    sqlx::query(
        "INSERT INTO reviews (review_id, product_id, account_id, reviewer_name, language_id, site_id, rating, title, body, status, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10)",
    )
    .bind(review_id)
    .bind(review.product_id.get())
    .bind(review.account_id.clone())
    .bind(review.reviewer_name)
    .bind(review.language_id)
    .bind(review.site_id)
    .bind(review.rating)
    .bind(review.title)
    .bind(review.body)
    .bind(review.created_at)
    .execute(&mut *transaction)
    .await?;
    if let Some(account_id) = review.account_id {
        sqlx::query("UPDATE review_requests SET status = 'added', review_id = $1 WHERE account_id = $2 AND product_id = $3 AND status = 'new'")
            .bind(review_id)
            .bind(account_id)
            .bind(review.product_id.get())
            .execute(&mut *transaction)
            .await?;
    }
    transaction.commit().await?;
    Ok(review_id)
}
