//! The request headers every storefront call carries: `siteid`,
//! `languageid` and `datetime`.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use crate::platform::error::ApiError;

/// The site and language a request is made for, when the client says.
#[derive(Clone, Copy, Debug, Default)]
pub struct RequestContext {
    /// The `siteid` header.
    pub site_id: Option<i64>,
    /// The `languageid` header.
    pub language_id: Option<i64>,
}

fn number_header(parts: &Parts, name: &'static str) -> Result<Option<i64>, ApiError> {
    match parts.headers.get(name) {
        None => Ok(None),
        Some(value) => value
            .to_str()
            .ok()
            .and_then(|text| text.trim().parse().ok())
            .map(Some)
            .ok_or_else(|| {
                ApiError::field(
                    name,
                    "validation.invalid",
                    format!("header {name} must be a whole number"),
                )
            }),
    }
}

impl<S: Send + Sync> FromRequestParts<S> for RequestContext {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<RequestContext, ApiError> {
        Ok(RequestContext {
            site_id: number_header(parts, "siteid")?,
            language_id: number_header(parts, "languageid")?,
        })
    }
}
