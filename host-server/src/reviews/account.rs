//! The customer's reviews (every status: approved, pending within the 24 hours of moderation,
//! rejected) and the review requests still open (status `new`: the product was bought and no
//! review was written yet).

use axum::extract::State;
use engine::ids::ProductId;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{ReviewRequestStatus, ReviewStatus};
use crate::AppState;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::Json;
use crate::platform::session::SignedIn;

/// The routes of this area.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list))
}

/// A review the customer wrote.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = AccountReview)]
#[serde(rename_all = "camelCase")]
pub struct OwnReview {
    pub review_id: i64,
    pub product_id: ProductId,
    pub site_id: i64,
    pub language_id: i64,
    pub rating: i64,
    pub title: String,
    #[serde(rename = "text")]
    pub body: String,
    pub status: ReviewStatus,
    #[serde(skip)]
    pub created_at: i64,
    /// ISO 8601, UTC.
    #[serde(rename = "createdAt")]
    #[schema(format = DateTime)]
    pub created: String,
}

/// An open review request.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = AccountReviewRequest)]
#[serde(rename_all = "camelCase")]
pub struct ReviewRequest {
    pub review_request_id: i64,
    pub order_number: String,
    pub product_id: ProductId,
    /// The day the request was sent.
    #[serde(rename = "sentAt")]
    pub sent_on: String,
    /// Always `new`: the open requests only.
    pub status: ReviewRequestStatus,
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
    let reviews = super::store::reviews_of_account(pool, &signed_in.account_id)
        .await?
        .into_iter()
        .map(|row| OwnReview {
            review_id: row.review_id,
            product_id: row.product_id,
            site_id: row.site_id,
            language_id: row.language_id,
            rating: row.rating,
            title: row.title,
            body: row.body,
            status: row.status.0,
            created_at: row.created_at,
            created: crate::platform::time::format_utc(row.created_at),
        })
        .collect();
    let review_requests = super::store::open_requests_of_account(pool, &signed_in.account_id)
        .await?
        .into_iter()
        .map(|row| ReviewRequest {
            review_request_id: row.review_request_id,
            order_number: row.order_number,
            product_id: row.product_id,
            sent_on: row.sent_on,
            status: row.status.0,
        })
        .collect();
    Ok(Json(AccountReviews {
        reviews,
        review_requests,
    }))
}
