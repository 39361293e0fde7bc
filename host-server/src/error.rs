//! `ApiError`: every way a request can fail, and the HTTP response for each.
//!
//! Handlers return `Result<_, ApiError>` and use `?`. Internal causes are logged once, here,
//! and never shown to the client.

use std::collections::BTreeMap;

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// Why a request failed.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The request is malformed; `fields` names the fields at fault (HTTP 400).
    #[error("{message}")]
    BadRequest {
        /// What is wrong, for developers.
        message: String,
        /// Field name to the problems with it.
        fields: BTreeMap<String, Vec<String>>,
    },
    /// The resource does not exist, or is not the caller's (HTTP 404).
    #[error("not found")]
    NotFound,
    /// The database failed (HTTP 500; the cause is logged, not shown).
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// The JSON body of every error response.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ErrorBody {
    /// The HTTP status code.
    pub status: u16,
    /// A short description.
    pub message: String,
    /// Field name to the problems with it; empty unless the request had bad fields.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub field_errors: BTreeMap<String, Vec<String>>,
}

impl ApiError {
    /// A 400 for one bad field.
    pub fn field(field: impl Into<String>, problem: impl Into<String>) -> ApiError {
        let problem = problem.into();
        ApiError::BadRequest {
            message: problem.clone(),
            fields: BTreeMap::from([(field.into(), vec![problem])]),
        }
    }

    /// A 400 that concerns the request as a whole.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::BadRequest { message: message.into(), fields: BTreeMap::new() }
    }

    /// The HTTP status for this error.
    pub fn status_code(&self) -> StatusCode {
        match self {
            ApiError::BadRequest { .. } => StatusCode::BAD_REQUEST,
            ApiError::NotFound => StatusCode::NOT_FOUND,
            ApiError::Database(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status_code();
        let (message, field_errors) = match self {
            ApiError::BadRequest { message, fields } => (message, fields),
            ApiError::NotFound => ("Not found".to_owned(), BTreeMap::new()),
            ApiError::Database(error) => {
                tracing::error!(%error, "database error");
                ("An unexpected server error occurred.".to_owned(), BTreeMap::new())
            }
        };
        let body = ErrorBody { status: status.as_u16(), message, field_errors };
        (status, Json(body)).into_response()
    }
}
