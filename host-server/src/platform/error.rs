//! `ApiError`: every way a request can fail, and the HTTP response for each.
//!
//! Handlers return `Result<_, ApiError>` and use `?`. Internal causes are logged once, here,
//! and never shown to the client. Every error body carries a stable `code` (a message key the
//! storefront translates) next to a readable `message`.

use std::collections::BTreeMap;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// One problem with one field: a message key and its text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct FieldError {
    /// The message key, e.g. `validation.required`.
    pub key: String,
    /// The text for the key (the specification's Dutch wording where it has one).
    pub message: String,
}

/// Why a request failed.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The request is malformed; `fields` names the fields at fault (HTTP 400).
    #[error("{message}")]
    BadRequest {
        /// What is wrong, for developers.
        message: String,
        /// Field name to the problems with it.
        fields: BTreeMap<String, Vec<FieldError>>,
    },
    /// The caller is not signed in (HTTP 401).
    /// A request refused with field errors under a code of its own (e.g. checkout steps still
    /// closed): 400.
    #[error("{message}")]
    Rejected {
        /// The stable code, a message key.
        code: &'static str,
        /// Readable text.
        message: String,
        /// The fields at fault.
        fields: BTreeMap<String, Vec<FieldError>>,
    },
    #[error("not signed in")]
    Unauthorized,
    /// The resource does not exist, or is not the caller's (HTTP 404).
    #[error("not found")]
    NotFound,
    /// A rule of the shop refuses the request (4xx with a message key the storefront shows).
    #[error("{message}")]
    Refused {
        /// The HTTP status.
        status: StatusCode,
        /// The message key, e.g. `errors.loginFailed`.
        code: &'static str,
        /// A readable message.
        message: String,
    },
    /// A limit on guesses or work is reached (HTTP 429 with `Retry-After`; see `limits`).
    #[error("too many attempts; retry after {retry_after_seconds} s")]
    TooManyAttempts {
        /// Seconds until the limit's window ends.
        retry_after_seconds: i64,
    },
    /// The engine refused the input (HTTP 400 with the engine's stable error code).
    #[error(transparent)]
    Engine(#[from] engine::EngineError),
    /// The database failed (HTTP 500; the cause is logged, not shown).
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    /// Something else inside the server failed (HTTP 500; the cause is logged, not shown).
    #[error("internal error: {0}")]
    Internal(String),
}

/// The JSON body of every error response.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = Error)]
#[serde(rename_all = "camelCase")]
pub struct ErrorBody {
    /// The HTTP status code.
    pub status: u16,
    /// A stable message key for the storefront, e.g. `errors.notFound`.
    pub code: &'static str,
    /// A short description.
    pub message: String,
    /// Field name to the problems with it; empty unless the request had bad fields.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub field_errors: BTreeMap<String, Vec<FieldError>>,
}

impl From<engine::limits::InputError> for ApiError {
    fn from(error: engine::limits::InputError) -> ApiError {
        ApiError::Engine(error.into())
    }
}

impl ApiError {
    /// A 400 for one bad field.
    pub fn field(
        field: impl Into<String>,
        key: impl Into<String>,
        message: impl Into<String>,
    ) -> ApiError {
        let error = FieldError {
            key: key.into(),
            message: message.into(),
        };
        ApiError::BadRequest {
            message: error.message.clone(),
            fields: BTreeMap::from([(field.into(), vec![error])]),
        }
    }

    /// A 400 for a field that fails one of the engine's rules; the text is the engine's
    /// Dutch source text for the key, so server and browser show the same words.
    pub fn message(field: impl Into<String>, key: engine::validation::MessageKey) -> ApiError {
        let text = engine::validation::Message::new(key)
            .map(|message| message.dutch_text())
            .unwrap_or_default();
        ApiError::field(field, key.to_string(), text)
    }

    /// A 400 for a required field that is missing or empty.
    pub fn required(field: impl Into<String>) -> ApiError {
        ApiError::message(field, engine::validation::MessageKey::Required)
    }

    /// The specification's answer to a cart call without a site or language (HTTP 400).
    pub fn payload_incorrect() -> ApiError {
        ApiError::refused(
            StatusCode::BAD_REQUEST,
            "errors.payloadIncorrect",
            "Payload is incorrect",
        )
    }

    /// A 400 for several fields at once.
    pub fn fields(fields: BTreeMap<String, Vec<FieldError>>) -> ApiError {
        ApiError::BadRequest {
            message: "The request has invalid fields".to_owned(),
            fields,
        }
    }

    /// A 400 that concerns the request as a whole.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::BadRequest {
            message: message.into(),
            fields: BTreeMap::new(),
        }
    }

    /// A refusal with its status, message key and text.
    pub fn refused(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::Refused {
            status,
            code,
            message: message.into(),
        }
    }

    /// The HTTP status for this error.
    pub fn status_code(&self) -> StatusCode {
        match self {
            ApiError::BadRequest { .. } | ApiError::Rejected { .. } => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized => StatusCode::UNAUTHORIZED,
            ApiError::NotFound => StatusCode::NOT_FOUND,
            ApiError::Refused { status, .. } => *status,
            ApiError::TooManyAttempts { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Engine(_) => StatusCode::BAD_REQUEST,
            ApiError::Database(_) | ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status_code();
        let retry_after = match &self {
            ApiError::TooManyAttempts {
                retry_after_seconds,
            } => Some(*retry_after_seconds),
            _ => None,
        };
        let (code, message, field_errors) = match self {
            ApiError::BadRequest { message, fields } => ("errors.badRequest", message, fields),
            ApiError::Rejected {
                code,
                message,
                fields,
            } => (code, message, fields),
            ApiError::Unauthorized => (
                "errors.unauthorized",
                "Not signed in".to_owned(),
                BTreeMap::new(),
            ),
            ApiError::NotFound => ("errors.notFound", "Not found".to_owned(), BTreeMap::new()),
            ApiError::Refused { code, message, .. } => (code, message, BTreeMap::new()),
            ApiError::TooManyAttempts { .. } => (
                "errors.tooManyAttempts",
                "Too many attempts; please wait a while and try again".to_owned(),
                BTreeMap::new(),
            ),
            ApiError::Engine(error) => {
                let fields = error
                    .field()
                    .map(|field| {
                        let problem = FieldError {
                            key: "validation.invalid".to_owned(),
                            message: error.to_string(),
                        };
                        BTreeMap::from([(field.to_owned(), vec![problem])])
                    })
                    .unwrap_or_default();
                (error.code(), error.to_string(), fields)
            }
            ApiError::Database(error) => {
                tracing::error!(%error, "database error");
                (
                    "errors.unexpectedServer",
                    "An unexpected server error occurred.".to_owned(),
                    BTreeMap::new(),
                )
            }
            ApiError::Internal(error) => {
                tracing::error!(%error, "internal error");
                (
                    "errors.unexpectedServer",
                    "An unexpected server error occurred.".to_owned(),
                    BTreeMap::new(),
                )
            }
        };
        let body = ErrorBody {
            status: status.as_u16(),
            code,
            message,
            field_errors,
        };
        // axum's Json only writes the answer here; crate::platform::extract (which reads requests) needs
        // this module, so it cannot be used from it.
        #[allow(clippy::disallowed_types)]
        let mut response = (status, axum::Json(body)).into_response();
        // A body over the limit is answered before it is read to the end, so the connection
        // cannot carry another request: saying so keeps a client from sending its next request
        // on a connection the server is closing.
        if status == StatusCode::PAYLOAD_TOO_LARGE {
            response.headers_mut().insert(
                axum::http::header::CONNECTION,
                axum::http::HeaderValue::from_static("close"),
            );
        }
        if let Some(seconds) = retry_after {
            response.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                axum::http::HeaderValue::from(seconds.max(1)),
            );
        }
        response
    }
}
