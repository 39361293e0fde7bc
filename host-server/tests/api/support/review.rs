//! The back office's review moderation: `GET /api/backoffice/reviews` and
//! `POST /api/backoffice/reviews/{id}/approve` and `reject`, called with an integration key.
//!
//! The structs hold only what the tests read.

use serde::Deserialize;
use serde::de::DeserializeOwned;

use super::TestApp;
use super::answer::status_and;

/// What `GET /api/backoffice/reviews` answers: a page of the reviews awaiting moderation.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PendingReviews {
    /// All pending reviews, not only this page's.
    pub total: i64,
    pub reviews: Vec<ModeratedReview>,
}

/// A review as the shop owner moderates it, in the list and as approving or rejecting it
/// answers.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ModeratedReview {
    pub review_id: i64,
    pub product_id: i64,
    pub site_id: i64,
    pub language_id: i64,
    pub reviewer_name: String,
    pub rating: i64,
    pub title: String,
    pub text: String,
    /// `pending`, `approved` or `rejected`.
    pub status: String,
}

impl TestApp {
    /// A back-office call with the integration key `key` (`x-api-key`), marked as a JSON call:
    /// the status and the answer as `T`.
    pub async fn backoffice_with_key<T: DeserializeOwned>(
        &self,
        method: reqwest::Method,
        path: &str,
        key: &str,
    ) -> (u16, T) {
        let response = self
            .client
            .request(method, self.url(path))
            .header("x-api-key", key)
            .header("content-type", "application/json")
            .send()
            .await
            .unwrap();
        status_and(response).await
    }
}
