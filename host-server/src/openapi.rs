//! `GET /api/openapi.json`: the OpenAPI 3.1 document of the whole API, generated from the
//! handlers' Rust types.
//!
//! Every handler carries `#[utoipa::path(...)]` and is registered with `utoipa_axum::routes!`,
//! so serving a route and documenting it are one line: the document cannot leave a route out,
//! and a body's schema is derived from the very type the handler reads or answers
//! (`utoipa::ToSchema`; the engine's types derive it behind its `openapi` feature).
//! `host-server openapi` prints the document; the storefront's TypeScript types are generated
//! from that output (README, "The HTTP contract").

use std::sync::Arc;

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use utoipa::IntoParams;
use utoipa::openapi::OpenApi;

use crate::platform::error::{ErrorBody, FieldError};

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
    components(schemas(ErrorBody, FieldError)),
    modifiers(&StaffSecurity)
)]
pub struct ApiDoc;

/// The back office's two ways in, named by every staff-facing operation's `security` with the
/// permission it needs as the scope: a staff member's session cookie, or an integration key;
/// and the monitoring system's bearer key for `/metrics`.
struct StaffSecurity;

impl utoipa::Modify for StaffSecurity {
    fn modify(&self, openapi: &mut OpenApi) {
        use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "staffSession",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                crate::platform::access::STAFF_COOKIE,
                "A staff member's session (`__Host-hb_staff` over https), from signing in with \
                 a password and a second factor",
            ))),
        );
        components.add_security_scheme(
            "integrationKey",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                crate::platform::access::API_KEY_HEADER,
                "An integration key made in the back office",
            ))),
        );
        components.add_security_scheme(
            "metricsKey",
            SecurityScheme::Http(
                utoipa::openapi::security::HttpBuilder::new()
                    .scheme(utoipa::openapi::security::HttpAuthScheme::Bearer)
                    .description(Some("The server's METRICS_KEY"))
                    .build(),
            ),
        );
    }
}

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
    /// Renders `api`.
    pub fn new(api: OpenApi) -> Document {
        Document(Arc::from(render(api)))
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

/// The routes of this area: the document itself (its content is added as an extension by
/// `app::router`, once the whole API is known).
pub fn router() -> utoipa_axum::router::OpenApiRouter<crate::AppState> {
    utoipa_axum::router::OpenApiRouter::new().routes(utoipa_axum::routes!(serve))
}

/// This document: the OpenAPI 3.1 description of every operation.
#[utoipa::path(
    get,
    path = "/api/openapi.json",
    tag = "openapi",
    operation_id = "openapi_document",
    responses((status = 200, description = "This document", content_type = "application/json", body = Object))
)]
async fn serve(axum::Extension(document): axum::Extension<Document>) -> Response {
    document.response()
}

/// The document as pretty-printed JSON, ending in a newline (the form committed for the
/// storefront's type generation).
pub fn render(api: OpenApi) -> String {
    let mut text = api.to_pretty_json().unwrap_or_default();
    text.push('\n');
    text
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

    /// Generated clients name their functions after operation ids: every operation has one,
    /// and no two the same.
    #[test]
    fn every_operation_has_a_unique_id() {
        let document = serde_json::to_value(crate::app::api_document().unwrap()).unwrap();
        let mut seen = std::collections::BTreeMap::new();
        for (path, item) in document["paths"].as_object().unwrap() {
            for (method, operation) in item.as_object().unwrap() {
                let id = operation["operationId"]
                    .as_str()
                    .unwrap_or_else(|| panic!("{method} {path} has no operationId"));
                let earlier = seen.insert(id.to_owned(), format!("{method} {path}"));
                assert!(
                    earlier.is_none(),
                    "operationId {id} twice: {earlier:?} and {method} {path}"
                );
            }
        }
    }
}
