//! The customer's reviews (every status: approved, pending within the 24 hours of moderation,
//! rejected) and the review requests still open (status `new`: the product was bought and no
//! review was written yet).

use axum::extract::State;
use engine::ids::ProductId;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::Json;
use crate::platform::session::SignedIn;

/// The routes of this area.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list))
}

/// A review the customer wrote.
#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
#[schema(as = AccountReview)]
#[serde(rename_all = "camelCase")]
pub struct OwnReview {
    pub review_id: i64,
    #[sqlx(try_from = "i64")]
    pub product_id: ProductId,
    pub site_id: i64,
    pub language_id: i64,
    pub rating: i64,
    pub title: String,
    #[serde(rename = "text")]
    pub body: String,
    /// `approved`, `pending` or `rejected`.
    pub status: String,
    #[serde(skip)]
    pub created_at: i64,
    /// ISO 8601, UTC.
    #[sqlx(skip)]
    #[serde(rename = "createdAt")]
    #[schema(format = DateTime)]
    pub created: String,
}

/// An open review request.
#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
#[schema(as = AccountReviewRequest)]
#[serde(rename_all = "camelCase")]
pub struct ReviewRequest {
    pub review_request_id: i64,
    pub order_number: String,
    #[sqlx(try_from = "i64")]
    pub product_id: ProductId,
    /// The day the request was sent.
    #[serde(rename = "sentAt")]
    pub sent_on: String,
    /// Always `new`: the open requests only.
    pub status: String,
}

/// Both lists.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountReviews {
    pub reviews: Vec<OwnReview>,
    pub review_requests: Vec<ReviewRequest>,
}

/// The reviews the customer wrote (any status) and the review requests still open.
#[utoipa::path(
    get,
    path = "/api/account/reviews",
    tag = "account",
    operation_id = "listAccountReviews",
    responses(
        (status = 200, description = "Reviews and open requests", body = AccountReviews),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn list(
    State(state): State<AppState>,
    signed_in: SignedIn,
) -> Result<Json<AccountReviews>, ApiError> {
    let pool = state.db.pool();
    let mut reviews: Vec<OwnReview> = sqlx::query_as(
        "SELECT review_id, product_id, site_id, language_id, rating, title, body, status, created_at FROM reviews \
         WHERE account_id = $1 ORDER BY created_at DESC, review_id DESC",
    )
    .bind(&signed_in.account_id)
    .fetch_all(pool)
    .await?;
    for review in &mut reviews {
        review.created = crate::platform::time::format_utc(review.created_at);
    }
    let review_requests = sqlx::query_as(
        "SELECT review_request_id, order_number, product_id, sent_on, status FROM review_requests \
         WHERE account_id = $1 AND status = 'new' ORDER BY sent_on DESC, review_request_id",
    )
    .bind(&signed_in.account_id)
    .fetch_all(pool)
    .await?;
    Ok(Json(AccountReviews {
        reviews,
        review_requests,
    }))
}
