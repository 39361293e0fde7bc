//! `GET /api/openapi.json`: the OpenAPI 3.1 document of the whole API, written by hand in
//! `openapi.json` beside this file. The integration test `openapi` lists every `.route(...)`
//! of the server's source and fails when one is missing from the document (or documented but
//! not served), so a new route cannot ship undocumented.

use axum::Router;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::AppState;

/// The document, as served.
pub const DOCUMENT: &str = include_str!("openapi.json");

/// The routes of this area.
pub fn router() -> Router<AppState> {
    Router::new().route("/api/openapi.json", get(document))
}

async fn document() -> Response {
    let mut response = DOCUMENT.into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_document_is_openapi_3_1_json() {
        let document: serde_json::Value =
            serde_json::from_str(super::DOCUMENT).expect("openapi.json is JSON");
        assert_eq!(document["openapi"], "3.1.0");
        assert!(
            document["paths"]
                .as_object()
                .is_some_and(|paths| paths.len() > 30)
        );
    }
}
