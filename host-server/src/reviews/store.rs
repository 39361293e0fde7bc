//! The reviews and review requests, the products' ratings kept from the approved reviews, and
//! the orders' review-request marks.

use engine::ids::ProductId;
use sqlx::{AnyConnection, AnyPool};

use super::{ReviewRequestStatus, ReviewStatus};
use crate::platform::labels::Label;

/// A review row.
#[derive(sqlx::FromRow)]
pub struct ReviewRow {
    pub review_id: i64,
    pub product_id: i64,
    pub site_id: i64,
    pub language_id: i64,
    pub reviewer_name: String,
    pub rating: i64,
    pub title: String,
    pub body: String,
    pub status: Label<ReviewStatus>,
    pub created_at: i64,
    /// The product's name in the review's language (its key when it has none there).
    pub product_name: String,
}

const COLUMNS: &str = "review_id, product_id, site_id, language_id, reviewer_name, rating, title, body, status, created_at, \
     COALESCE((SELECT t.name FROM product_texts t JOIN languages l ON l.culture = t.culture \
     WHERE t.product_id = reviews.product_id AND l.language_id = reviews.language_id), \
     (SELECT p.product_key FROM products p WHERE p.product_id = reviews.product_id), '') AS product_name";

/// The condition that keeps the reviews of `sites` (every site when empty). The ids are
/// numbers, written into the statement: the `Any` driver binds no lists.
fn on_sites(sites: &[i64]) -> String {
    if sites.is_empty() {
        return String::new();
    }
    let ids: Vec<String> = sites.iter().map(i64::to_string).collect();
    format!(" AND site_id IN ({})", ids.join(", "))
}

/// How many reviews of `sites` await moderation.
pub async fn pending_count(pool: &AnyPool, sites: &[i64]) -> Result<i64, sqlx::Error> {
    let (total,): (i64,) = sqlx::query_as(&format!(
        "SELECT COUNT(*) FROM reviews WHERE status = 'pending'{}",
        on_sites(sites)
    ))
    .fetch_one(pool)
    .await?;
    Ok(total)
}

/// A page of the reviews of `sites` awaiting moderation, oldest first.
pub async fn pending_page(
    pool: &AnyPool,
    sites: &[i64],
    limit: i64,
    offset: i64,
) -> Result<Vec<ReviewRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM reviews WHERE status = 'pending'{} \
         ORDER BY created_at, review_id LIMIT $1 OFFSET $2",
        on_sites(sites)
    ))
    .bind(limit)
    .bind(offset)
    .fetch_all(pool)
    .await
}

/// Takes the lock of the review's product row by a write that changes nothing; returns how
/// many products it touched (0 when there is no such review).
pub async fn lock_product_of_review(
    connection: &mut AnyConnection,
    review_id: i64,
) -> Result<u64, sqlx::Error> {
    let locked = sqlx::query(
        "UPDATE products SET rating_count = rating_count \
         WHERE product_id = (SELECT product_id FROM reviews WHERE review_id = $1)",
    )
    .bind(review_id)
    .execute(connection)
    .await?;
    Ok(locked.rows_affected())
}

/// The product a review is about.
pub async fn product_of_review(
    connection: &mut AnyConnection,
    review_id: i64,
) -> Result<Option<i64>, sqlx::Error> {
    let product: Option<(i64,)> =
        sqlx::query_as("SELECT product_id FROM reviews WHERE review_id = $1")
            .bind(review_id)
            .fetch_optional(connection)
            .await?;
    Ok(product.map(|(product_id,)| product_id))
}

/// Sets a review's status.
pub async fn set_status(
    connection: &mut AnyConnection,
    review_id: i64,
    status: ReviewStatus,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE reviews SET status = $1 WHERE review_id = $2")
        .bind(Label(status))
        .bind(review_id)
        .execute(connection)
        .await?;
    Ok(())
}

/// The ratings of a product's approved reviews.
pub async fn approved_ratings(
    connection: &mut AnyConnection,
    product_id: i64,
) -> Result<Vec<i64>, sqlx::Error> {
    let ratings: Vec<(i64,)> =
        sqlx::query_as("SELECT rating FROM reviews WHERE product_id = $1 AND status = 'approved'")
            .bind(product_id)
            .fetch_all(connection)
            .await?;
    Ok(ratings.into_iter().map(|(rating,)| rating).collect())
}

/// Sets a product's rating.
pub async fn set_product_rating(
    connection: &mut AnyConnection,
    product_id: i64,
    average: Option<String>,
    count: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE products SET rating_average = $1, rating_count = $2 WHERE product_id = $3")
        .bind(average)
        .bind(count)
        .bind(product_id)
        .execute(connection)
        .await?;
    Ok(())
}

/// The review with this id.
pub async fn review(
    connection: &mut AnyConnection,
    review_id: i64,
) -> Result<ReviewRow, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM reviews WHERE review_id = $1"
    ))
    .bind(review_id)
    .fetch_one(connection)
    .await
}

/// Orders placed from a cart, not scan-only, sent or closed, sent before `sent_before`, whose
/// review request was not sent and has had fewer than `max_attempts` tries.
pub async fn orders_due_for_request(
    pool: &AnyPool,
    sent_before: i64,
    max_attempts: i64,
) -> Result<Vec<i64>, sqlx::Error> {
    let due: Vec<(i64,)> = sqlx::query_as(
        "SELECT o.order_id FROM orders o WHERE o.review_requested_at IS NULL AND o.cart_id IS NOT NULL \
         AND o.review_request_attempts < $2 AND o.scan_products_only = 0 \
         AND o.status IN ('sent', 'closed') AND EXISTS (SELECT 1 FROM order_status_history h \
         WHERE h.order_id = o.order_id AND h.status = 'sent' AND h.changed_at <= $1) ORDER BY o.order_id",
    )
    .bind(sent_before)
    .bind(max_attempts)
    .fetch_all(pool)
    .await?;
    Ok(due.into_iter().map(|(order_id,)| order_id).collect())
}

/// Marks the order's review request as sent unless it is already; returns whether it marked it.
pub async fn claim_request(pool: &AnyPool, order_id: i64, now: i64) -> Result<bool, sqlx::Error> {
    let claimed = sqlx::query(
        "UPDATE orders SET review_requested_at = $1 WHERE order_id = $2 AND review_requested_at IS NULL",
    )
    .bind(now)
    .bind(order_id)
    .execute(pool)
    .await?;
    Ok(claimed.rows_affected() == 1)
}

/// Unmarks the order's review request and counts the failed attempt.
pub async fn release_request(pool: &AnyPool, order_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE orders SET review_requested_at = NULL, \
         review_request_attempts = review_request_attempts + 1 WHERE order_id = $1",
    )
    .bind(order_id)
    .execute(pool)
    .await?;
    Ok(())
}

/// An order line a review can be asked for.
#[derive(sqlx::FromRow)]
pub struct ReviewableLine {
    pub product_id: i64,
    pub product_variant_id: i64,
    pub product_type: i64,
    pub description: String,
}

/// The order's lines that were not free, in their order.
pub async fn paid_lines(pool: &AnyPool, order_id: i64) -> Result<Vec<ReviewableLine>, sqlx::Error> {
    sqlx::query_as(
        "SELECT product_id, product_variant_id, product_type, description FROM order_lines \
         WHERE order_id = $1 AND is_free = 0 ORDER BY line_number",
    )
    .bind(order_id)
    .fetch_all(pool)
    .await
}

/// The next review request id.
pub async fn next_request_id(connection: &mut AnyConnection) -> Result<i64, sqlx::Error> {
    let (request_id,): (i64,) = sqlx::query_as(
        "UPDATE counters SET value = value + 1 WHERE name = 'review_request' RETURNING value",
    )
    .fetch_one(connection)
    .await?;
    Ok(request_id)
}

/// Writes an open review request, unless the account has one for this order and product.
pub async fn insert_open_request(
    connection: &mut AnyConnection,
    request_id: i64,
    account_id: &str,
    order_number: &str,
    product_id: i64,
    sent_on: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO review_requests (review_request_id, account_id, order_number, product_id, sent_on, status) \
         SELECT $1, $2, $3, $4, $5, 'new' WHERE NOT EXISTS (SELECT 1 FROM review_requests \
         WHERE account_id = $2 AND order_number = $3 AND product_id = $4)",
    )
    .bind(request_id)
    .bind(account_id)
    .bind(order_number)
    .bind(product_id)
    .bind(sent_on)
    .execute(connection)
    .await?;
    Ok(())
}

/// A review of an account's.
#[derive(sqlx::FromRow)]
pub struct OwnReviewRow {
    pub review_id: i64,
    #[sqlx(try_from = "i64")]
    pub product_id: ProductId,
    pub site_id: i64,
    pub language_id: i64,
    pub rating: i64,
    pub title: String,
    pub body: String,
    pub status: Label<ReviewStatus>,
    pub created_at: i64,
}

/// The account's reviews, newest first.
pub async fn reviews_of_account(
    pool: &AnyPool,
    account_id: &str,
) -> Result<Vec<OwnReviewRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT review_id, product_id, site_id, language_id, rating, title, body, status, created_at FROM reviews \
         WHERE account_id = $1 ORDER BY created_at DESC, review_id DESC",
    )
    .bind(account_id)
    .fetch_all(pool)
    .await
}

/// An open review request of an account's.
#[derive(sqlx::FromRow)]
pub struct ReviewRequestRow {
    pub review_request_id: i64,
    pub order_number: String,
    #[sqlx(try_from = "i64")]
    pub product_id: ProductId,
    pub sent_on: String,
    pub status: Label<ReviewRequestStatus>,
}

/// The account's open review requests, newest first.
pub async fn open_requests_of_account(
    pool: &AnyPool,
    account_id: &str,
) -> Result<Vec<ReviewRequestRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT review_request_id, order_number, product_id, sent_on, status FROM review_requests \
         WHERE account_id = $1 AND status = 'new' ORDER BY sent_on DESC, review_request_id",
    )
    .bind(account_id)
    .fetch_all(pool)
    .await
}
