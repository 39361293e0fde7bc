//! `GET /api/openapi.json`: the OpenAPI 3.1 document of the whole API, generated from the
//! handlers' Rust types.
//!
//! Every handler carries `#[utoipa::path(...)]` and is registered with `utoipa_axum::routes!`,
//! so serving a route and documenting it are one line: the document cannot leave a route out,
//! and a body's schema is derived from the very type the handler reads or answers
//! (`utoipa::ToSchema`; the engine's types derive it behind its `openapi` feature).
//! `host-server openapi` prints the document; the storefront's TypeScript types are generated
//! from that output (README, "The HTTP contract").
//!
//! While handlers move over to typed bodies, operations not yet generated are taken from the
//! earlier hand-written document (`openapi.legacy.json`); the integration test `openapi`
//! counts them, and the file goes when that count reaches zero.

use std::sync::Arc;

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde_json::Value;
use utoipa::IntoParams;
use utoipa::openapi::OpenApi;

use crate::error::{ErrorBody, FieldError};

/// The operations of the hand-written document not yet generated from handlers.
const LEGACY: &str = include_str!("openapi.legacy.json");

/// The document's fixed parts: title, description, licence and the shared schemas.
#[derive(utoipa::OpenApi)]
#[openapi(
    info(
        title = "Hoofbeat Commerce HTTP API",
        description = "The authoritative API of the shop (README.md, section HTTP API). Amounts \
            cross JSON as strings with two fraction digits. Every error is an Error object. \
            Site-bound calls take the siteid and languageid headers. /api/cart and /api/account \
            answer Cache-Control: no-store.",
        license(name = "MIT", identifier = "MIT")
    ),
    servers((url = "/")),
    components(schemas(ErrorBody, FieldError))
)]
pub struct ApiDoc;

/// The `siteid` and `languageid` headers every site-bound call takes: the site the shopper is
/// on and one of its languages.
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Header)]
pub struct SiteHeaders {
    /// The site.
    pub siteid: i64,
    /// A language of the site.
    pub languageid: i64,
}

/// The served document, rendered once at start.
#[derive(Clone)]
pub struct Document(Arc<str>);

impl Document {
    /// Renders `api` (the generated part) completed with the legacy operations.
    pub fn new(api: OpenApi) -> Document {
        Document(Arc::from(render(api)))
    }

    /// The document as JSON text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The answer to `GET /api/openapi.json`.
    pub fn response(&self) -> Response {
        let mut response = self.0.to_string().into_response();
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        response
    }
}

/// The document as pretty-printed JSON, ending in a newline (the form committed for the
/// storefront's type generation).
pub fn render(api: OpenApi) -> String {
    let mut document = serde_json::to_value(&api).unwrap_or(Value::Null);
    // utoipa writes 3.1.0 already; the legacy part fills in what is not generated yet.
    if let Ok(legacy) = serde_json::from_str::<Value>(LEGACY) {
        complete_with_legacy(&mut document, &legacy);
    }
    let mut text = serde_json::to_string_pretty(&document).unwrap_or_default();
    text.push('\n');
    text
}

/// Adds every legacy operation (and the components it references) that `document` lacks.
fn complete_with_legacy(document: &mut Value, legacy: &Value) {
    let Some(legacy_paths) = legacy.get("paths").and_then(Value::as_object) else {
        return;
    };
    for (path, item) in legacy_paths {
        let Some(operations) = item.as_object() else {
            continue;
        };
        let target = &mut document["paths"][path];
        if target.is_null() {
            *target = Value::Object(serde_json::Map::new());
        }
        for (method, operation) in operations {
            if target.get(method).is_none() {
                target[method] = operation.clone();
            }
        }
    }
    for kind in ["schemas", "parameters"] {
        let Some(parts) = legacy
            .get("components")
            .and_then(|components| components.get(kind))
            .and_then(Value::as_object)
        else {
            continue;
        };
        let target = &mut document["components"][kind];
        if target.is_null() {
            *target = Value::Object(serde_json::Map::new());
        }
        for (name, part) in parts {
            if target.get(name).is_none() {
                target[name] = part.clone();
            }
        }
    }
}

/// The operations (method, path) that still come from the legacy document.
pub fn legacy_operations(generated: &OpenApi) -> Vec<(String, String)> {
    let generated = serde_json::to_value(generated).unwrap_or(Value::Null);
    let legacy: Value = serde_json::from_str(LEGACY).unwrap_or(Value::Null);
    let mut missing = Vec::new();
    if let Some(paths) = legacy.get("paths").and_then(Value::as_object) {
        for (path, item) in paths {
            for method in item.as_object().into_iter().flat_map(|item| item.keys()) {
                if generated["paths"][path].get(method).is_none() {
                    missing.push((method.clone(), path.clone()));
                }
            }
        }
    }
    missing
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_document_is_openapi_3_1_json() {
        let api = crate::app::api_document().unwrap();
        let document: serde_json::Value =
            serde_json::from_str(&super::render(api)).expect("the document is JSON");
        assert_eq!(document["openapi"], "3.1.0");
        assert!(
            document["paths"]
                .as_object()
                .is_some_and(|paths| paths.len() > 30)
        );
        assert!(document["components"]["schemas"]["Error"].is_object());
    }

    /// Generated clients name their functions after operation ids.
    #[test]
    fn every_operation_id_is_unique() {
        let document = serde_json::to_value(crate::app::api_document().unwrap()).unwrap();
        let mut seen = std::collections::BTreeMap::new();
        for (path, item) in document["paths"].as_object().unwrap() {
            for (method, operation) in item.as_object().unwrap() {
                if let Some(id) = operation["operationId"].as_str() {
                    let earlier = seen.insert(id.to_owned(), format!("{method} {path}"));
                    assert!(
                        earlier.is_none(),
                        "operationId {id} twice: {earlier:?} and {method} {path}"
                    );
                }
            }
        }
    }
}
