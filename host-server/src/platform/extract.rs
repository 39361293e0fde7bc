//! Request extractors whose rejections are [`ApiError`]s, so a malformed body, query or path is
//! a 400 in the same shape as every other error (a body's names the field at fault).
//!
//! axum's own `Json`, `Query` and `Path` answer their rejections in plain text; clippy's
//! `disallowed-types` (clippy.toml) keeps them out of every module but this one.
#![allow(clippy::disallowed_types)]

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::platform::error::ApiError;

/// A JSON request body. Like `axum::Json`, but a body that does not parse names the field.
pub struct Json<T>(pub T);

impl<S, T> FromRequest<S> for Json<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let is_json = request
            .headers()
            .get(axum::http::header::CONTENT_TYPE)
            .and_then(|value| value.to_str().ok())
            .is_some_and(|value| value.starts_with("application/json"));
        if !is_json {
            return Err(ApiError::bad_request(
                "Expected a JSON body with Content-Type: application/json",
            ));
        }
        let bytes = Bytes::from_request(request, state)
            .await
            .map_err(|rejection| {
                if rejection.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
                    ApiError::refused(
                        rejection.status(),
                        "errors.payloadTooLarge",
                        "The request body is larger than this call accepts",
                    )
                } else {
                    ApiError::bad_request(rejection.body_text())
                }
            })?;
        parse_json(&bytes).map(Json)
    }
}

/// A JSON answer, as `axum::Json` writes it.
impl<T: Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

/// Parses JSON, naming the field at fault in the error.
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    serde_path_to_error::deserialize(&mut deserializer).map_err(|error| {
        let field = error.path().to_string();
        let problem = without_position(&error.inner().to_string());
        if field == "." {
            ApiError::bad_request(problem)
        } else {
            ApiError::field(field, "validation.invalid", problem)
        }
    })
}

/// serde_json appends "at line 1 column 24" to its messages; a client needs the field, not that.
fn without_position(message: &str) -> String {
    match message.rsplit_once(" at line ") {
        Some((problem, _)) => problem.to_owned(),
        None => message.to_owned(),
    }
}

/// A query string. Like `axum::extract::Query`, but a query that does not parse (a repeated
/// parameter, a wrong type) is a 400 [`ApiError`] body, as the API document promises.
pub struct Query<T>(pub T);

impl<S, T> FromRequestParts<S> for Query<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        axum::extract::Query::<T>::from_request_parts(parts, state)
            .await
            .map(|axum::extract::Query(value)| Query(value))
            .map_err(|rejection| ApiError::bad_request(rejection.body_text()))
    }
}

impl<T: DeserializeOwned> Query<T> {
    /// A query string (without `?`) read as a request's query would be, e.g. one stored to be
    /// used again.
    pub fn parse(query: &str) -> Result<T, ApiError> {
        let uri: axum::http::Uri = format!("/?{query}")
            .parse()
            .map_err(|_| ApiError::bad_request("not a query string"))?;
        axum::extract::Query::<T>::try_from_uri(&uri)
            .map(|axum::extract::Query(value)| value)
            .map_err(|rejection| ApiError::bad_request(rejection.body_text()))
    }
}

/// Path parameters. Like `axum::extract::Path`, but a segment that does not decode (invalid
/// UTF-8 after percent-decoding) is a 400 [`ApiError`] body.
pub struct Path<T>(pub T);

/// A number or id from a path segment (`ProductVariantId`, `i64`): a 400 naming the segment
/// when it is no whole number.
pub fn path_number<T: std::str::FromStr>(text: &str, name: &str) -> Result<T, ApiError> {
    text.trim().parse().map_err(|_| {
        ApiError::field(
            name,
            "validation.invalid",
            format!("{name} must be a whole number"),
        )
    })
}

impl<S, T> FromRequestParts<S> for Path<T>
where
    S: Send + Sync,
    T: DeserializeOwned + Send,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(value)) => Ok(Path(value)),
            Err(rejection) if rejection.status().is_server_error() => {
                Err(ApiError::Internal(rejection.body_text()))
            }
            Err(rejection) => Err(ApiError::bad_request(rejection.body_text())),
        }
    }
}
