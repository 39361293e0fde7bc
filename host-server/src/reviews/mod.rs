//! Review requests and moderation.
//!
//! - The housekeeping round mails a review request a configured number of days
//!   (`REVIEW_REQUEST_DAYS`) after an order placed in the shop was sent, once per order: the
//!   order is claimed with one `UPDATE ... WHERE review_requested_at IS NULL`, so two servers
//!   never mail it twice. The mail asks about the order's first product and links to its review
//!   form; an account's order also gets an open request per product in the account's reviews.
//! - The back office (reviews.moderate, see `platform::access`) lists the reviews that wait for
//!   moderation (`GET /api/backoffice/reviews`) and approves or rejects one
//!   (`POST /api/backoffice/reviews/{reviewId}/approve`, `/reject`). Approved reviews appear in
//!   `GET /api/products/{productId}/reviews`, and the product's rating (the engine's
//!   [`engine::catalog::rating_summary`] of its approved reviews) follows at once, in search too.

pub mod account;
mod store;

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::audit::{self, Event};
use crate::platform::access::{Access, Authorized, permission};
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path, Query};
use crate::platform::listing::PageQuery;
use store::ReviewableLine;

/// Where a review stands in moderation; only approved reviews are shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ReviewStatus {
    /// Written, waiting for moderation.
    Pending,
    /// Shown on the product's page and counted in its rating.
    Approved,
    /// Not shown.
    Rejected,
}

/// Where a review request stands: open, or answered by a review.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ReviewRequestStatus {
    /// Sent, no review written yet.
    New,
    /// The customer wrote the review.
    Added,
}

/// The routes of this area.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(pending_reviews))
        .routes(routes!(approve_review))
        .routes(routes!(reject_review))
}

/// A review as the shop owner moderates it.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ModeratedReview)]
#[serde(rename_all = "camelCase")]
struct ReviewForModeration {
    review_id: i64,
    product_id: i64,
    /// The product's name in the review's language.
    product_name: String,
    site_id: i64,
    language_id: i64,
    reviewer_name: String,
    /// 1 to 5.
    rating: i64,
    title: String,
    #[serde(rename = "text")]
    body: String,
    status: ReviewStatus,
    #[serde(skip)]
    created_at: i64,
    /// When it was written (UTC, ISO 8601).
    #[serde(rename = "createdAt")]
    #[schema(format = DateTime)]
    created: String,
}

/// A page of the reviews awaiting moderation, oldest first.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = PendingReviews)]
#[serde(rename_all = "camelCase")]
struct Pending {
    /// All pending reviews, not only this page's.
    total: i64,
    page: u32,
    page_size: u32,
    reviews: Vec<ReviewForModeration>,
}

impl From<store::ReviewRow> for ReviewForModeration {
    fn from(row: store::ReviewRow) -> Self {
        let mut review = ReviewForModeration {
            review_id: row.review_id,
            product_id: row.product_id,
            product_name: row.product_name,
            site_id: row.site_id,
            language_id: row.language_id,
            reviewer_name: row.reviewer_name,
            rating: row.rating,
            title: row.title,
            body: row.body,
            status: row.status.0,
            created_at: row.created_at,
            created: String::new(),
        };
        review.created = crate::platform::time::format_utc(review.created_at);
        review
    }
}

/// The reviews awaiting moderation on the caller's sites, oldest first.
#[utoipa::path(
    get,
    path = "/api/backoffice/reviews",
    tag = "backoffice",
    operation_id = "listPendingReviews",
    params(PageQuery),
    security(("staffSession" = ["reviews.moderate"]), ("integrationKey" = ["reviews.moderate"])),
    responses(
        (status = 200, description = "A page of pending reviews", body = Pending),
        (status = 400, description = "An invalid `p` or `ps`", body = ErrorBody),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`", body = ErrorBody),
    )
)]
async fn pending_reviews(
    State(state): State<AppState>,
    caller: Authorized<permission::ReviewsModerate>,
    Query(query): Query<PageQuery>,
) -> Result<Json<Pending>, ApiError> {
    let paging = query.paging()?;
    let pool = state.db.pool();
    let sites = &caller.grant.sites;
    let total = store::pending_count(pool, sites).await?;
    let reviews: Vec<ReviewForModeration> = store::pending_page(
        pool,
        sites,
        i64::from(paging.page_size),
        i64::try_from(paging.offset()).unwrap_or(i64::MAX),
    )
    .await?
    .into_iter()
    .map(ReviewForModeration::from)
    .collect();
    Ok(Json(Pending {
        total,
        page: paging.page,
        page_size: paging.page_size,
        reviews,
    }))
}

/// Approves a review: it appears on the product's page and counts in its rating (shop owner).
///
/// A rejected review may be approved after all; approving twice changes nothing.
#[utoipa::path(
    post,
    path = "/api/backoffice/reviews/{reviewId}/approve",
    tag = "backoffice",
    operation_id = "approveReview",
    params(("reviewId" = i64, Path, description = "The review")),
    security(("staffSession" = ["reviews.moderate"]), ("integrationKey" = ["reviews.moderate"])),
    responses(
        (status = 200, description = "The review as moderated", body = ReviewForModeration),
        (status = 400, description = "The id is not a whole number", body = ErrorBody),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied` (also for a review of a site outside the caller's), or `errors.crossSiteRequest`", body = ErrorBody),
        (status = 404, description = "No such review", body = ErrorBody),
    )
)]
async fn approve_review(
    State(state): State<AppState>,
    caller: Authorized<permission::ReviewsModerate>,
    Path(id): Path<String>,
) -> Result<Json<ReviewForModeration>, ApiError> {
    let review_id: i64 = crate::platform::extract::path_number(&id, "reviewId")?;
    Ok(Json(
        moderate(&state, &caller, review_id, ReviewStatus::Approved).await?,
    ))
}

/// Rejects a review: it is not shown (an approved one is taken down) (shop owner).
#[utoipa::path(
    post,
    path = "/api/backoffice/reviews/{reviewId}/reject",
    tag = "backoffice",
    operation_id = "rejectReview",
    params(("reviewId" = i64, Path, description = "The review")),
    security(("staffSession" = ["reviews.moderate"]), ("integrationKey" = ["reviews.moderate"])),
    responses(
        (status = 200, description = "The review as moderated", body = ReviewForModeration),
        (status = 400, description = "The id is not a whole number", body = ErrorBody),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied` (also for a review of a site outside the caller's), or `errors.crossSiteRequest`", body = ErrorBody),
        (status = 404, description = "No such review", body = ErrorBody),
    )
)]
async fn reject_review(
    State(state): State<AppState>,
    caller: Authorized<permission::ReviewsModerate>,
    Path(id): Path<String>,
) -> Result<Json<ReviewForModeration>, ApiError> {
    let review_id: i64 = crate::platform::extract::path_number(&id, "reviewId")?;
    Ok(Json(
        moderate(&state, &caller, review_id, ReviewStatus::Rejected).await?,
    ))
}

/// Sets the review's status and the product's rating from its approved reviews, in one
/// transaction that first locks the product's row, so two moderations of the same product
/// one after the other always leave the rating of both.
async fn moderate(
    state: &AppState,
    caller: &Access,
    review_id: i64,
    status: ReviewStatus,
) -> Result<ReviewForModeration, ApiError> {
    let mut transaction = state.db.durable_pool().begin().await?;
    // The first statement writes: it takes the product's row lock (PostgreSQL) or the write
    // lock (SQLite) before anything is read. A transaction that read first would, on SQLite,
    // find the lock taken by a concurrent moderation and fail at once instead of waiting.
    let locked = store::lock_product_of_review(&mut transaction, review_id).await?;
    let product = store::product_of_review(&mut transaction, review_id).await?;
    let (Some(product_id), 1) = (product, locked) else {
        return Err(ApiError::NotFound);
    };
    let before = store::review(&mut transaction, review_id).await?;
    // Dropping the transaction on a refusal undoes the lock and writes nothing.
    caller.on_site(before.site_id)?;
    store::set_status(&mut transaction, review_id, status).await?;
    let ratings = store::approved_ratings(&mut transaction, product_id).await?;
    let (average, count) = engine::catalog::rating_summary(&ratings);
    store::set_product_rating(&mut transaction, product_id, average, count).await?;
    let review = store::review(&mut transaction, review_id).await?;
    let event = Event::new("review.moderated", "review", review_id).field(
        "status",
        Some(crate::platform::labels::label_of(&before.status.0)),
        Some(crate::platform::labels::label_of(&review.status.0)),
    );
    audit::record(&mut transaction, caller, event).await?;
    transaction.commit().await?;
    let review = ReviewForModeration::from(review);
    // The rating is part of the search index and the product's page on every server.
    crate::catalog::events::changed(state).await?;
    Ok(review)
}

/// Mails the review requests that are due: orders placed in the shop and sent at least `days`
/// days ago that have had none. Returns how many were sent. A request whose mail cannot be sent
/// is tried again by the next rounds, [`crate::platform::mail::MAX_ATTEMPTS`] times in all.
pub async fn send_review_requests(state: &AppState, days: i64) -> Result<usize, ApiError> {
    let now = crate::platform::clock::now_millis();
    let sent_before = now.saturating_sub(days.saturating_mul(86_400_000));
    let mut sent = 0;
    for order_id in due_orders(state, sent_before).await? {
        if !claim(state, order_id, now).await? {
            continue;
        }
        match request_review(state, order_id).await {
            Ok(true) => sent += 1,
            Ok(false) => {}
            Err(error) => {
                tracing::warn!(%error, order_id, "could not send a review request; tried again later");
                state.mailer.count_retry();
                if let Err(error) = release(state, order_id).await {
                    tracing::warn!(%error, order_id, "could not release a review request");
                }
            }
        }
    }
    Ok(sent)
}

/// Orders placed from a cart (the demo data's imported orders are history), with something
/// that was shipped (a scan-only order ships nothing to review), sent before `sent_before`.
async fn due_orders(state: &AppState, sent_before: i64) -> Result<Vec<i64>, ApiError> {
    Ok(store::orders_due_for_request(
        state.db.pool(),
        sent_before,
        crate::platform::mail::MAX_ATTEMPTS,
    )
    .await?)
}

/// Marks the order's request as sent; true for exactly one caller, whichever server makes it.
async fn claim(state: &AppState, order_id: i64, now: i64) -> Result<bool, ApiError> {
    Ok(store::claim_request(state.db.durable_pool(), order_id, now).await?)
}

/// Gives an order whose request could not be mailed back to the due ones, one attempt more.
async fn release(state: &AppState, order_id: i64) -> Result<(), ApiError> {
    Ok(store::release_request(state.db.durable_pool(), order_id).await?)
}

/// The products of an order a review is asked for: what was shipped and paid for, not free
/// products nor laboratory scans (a service, [`engine::catalog::ProductType::is_scan_product`]).
async fn reviewable_lines(
    state: &AppState,
    order_id: i64,
) -> Result<Vec<ReviewableLine>, ApiError> {
    let lines = store::paid_lines(state.db.pool(), order_id).await?;
    Ok(lines
        .into_iter()
        .filter(|line| {
            u64::try_from(line.product_type)
                .ok()
                .and_then(engine::catalog::ProductType::from_number)
                .is_some_and(|product_type| !product_type.is_scan_product())
        })
        .collect())
}

/// Writes the open requests of an account's order and mails the request for its first product.
/// The requests are written before the mail and only once each, so a retry after a failed mail
/// adds none.
async fn request_review(state: &AppState, order_id: i64) -> Result<bool, ApiError> {
    let Some(order) = crate::orders::order_by_id(state.db.pool(), order_id).await? else {
        return Ok(false);
    };
    let lines = reviewable_lines(state, order_id).await?;
    let Some(first) = lines.first() else {
        return Ok(false);
    };
    if let Some(account_id) = &order.account_id {
        let mut products: Vec<i64> = lines.iter().map(|line| line.product_id).collect();
        products.sort_unstable();
        products.dedup();
        write_open_requests(state, account_id, &order.order_number, &products).await?;
    }
    crate::orders::send_review_request(state, &order, &first.description, first.product_variant_id)
        .await?;
    Ok(true)
}

/// An open review request in the account's reviews for each product that has none for this
/// order yet.
async fn write_open_requests(
    state: &AppState,
    account_id: &str,
    order_number: &str,
    products: &[i64],
) -> Result<(), ApiError> {
    let mut transaction = state.db.pool().begin().await?;
    for product_id in products {
        // A write first (the id), so that the transaction holds the write lock before it reads.
        let request_id = store::next_request_id(&mut transaction).await?;
        store::insert_open_request(
            &mut transaction,
            request_id,
            account_id,
            order_number,
            *product_id,
            &crate::platform::clock::today(),
        )
        .await?;
    }
    transaction.commit().await?;
    Ok(())
}
