//! The OpenAPI document covers exactly the routes the server registers.
//!
//! Routes are registered with `utoipa_axum::routes!`, which documents them; the source is read
//! for any `.route("/api/...", get(..))` that would serve a route without documenting it (the
//! catch-all `/api/{*rest}` is not an endpoint).

use std::collections::BTreeSet;
use std::path::Path;

use serde_json::Value;

use crate::support::{TestApp, backend_tests};

fn rust_files(dir: &Path, files: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, files);
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            files.push(path);
        }
    }
}

/// `{user_id}` and `{userId}` name the same parameter slot.
fn shape(path: &str) -> String {
    let mut out = String::new();
    let mut in_parameter = false;
    for c in path.chars() {
        match c {
            '{' => {
                in_parameter = true;
                out.push_str("{}");
            }
            '}' => in_parameter = false,
            _ if in_parameter => {}
            _ => out.push(c),
        }
    }
    out
}

/// (method, path shape) of every route in the source.
fn source_routes() -> BTreeSet<(String, String)> {
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let mut routes = BTreeSet::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let mut rest = text.as_str();
        while let Some(start) = rest.find(".route(") {
            rest = rest[start + 7..].trim_start();
            if !rest.starts_with('"') {
                continue;
            }
            rest = &rest[1..];
            let end = rest.find('"').unwrap();
            let path = &rest[..end];
            // The handlers: up to the parenthesis closing `.route(`.
            let mut depth = 1;
            let mut close = 0;
            for (index, c) in rest[end..].char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' => {
                        depth -= 1;
                        if depth == 0 {
                            close = end + index;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            let handlers = &rest[end..close];
            if path.contains("{*") || path == "/api" {
                continue;
            }
            for method in ["get", "post", "put", "delete", "patch"] {
                if handlers.contains(&format!("{method}(")) {
                    routes.insert((method.to_owned(), shape(path)));
                }
            }
        }
    }
    routes
}

backend_tests!(
    the_openapi_document_lists_every_route_of_the_router,
    every_reference_of_the_document_names_a_schema_it_holds,
);

/// Every `$ref` in `value`.
fn references(value: &Value, found: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(reference)) = map.get("$ref") {
                found.push(reference.clone());
            }
            map.values().for_each(|inner| references(inner, found));
        }
        Value::Array(items) => items.iter().for_each(|inner| references(inner, found)),
        _ => {}
    }
}

/// A parameter or field whose type is not registered as a schema leaves a dangling reference,
/// which the TypeScript generator refuses.
async fn every_reference_of_the_document_names_a_schema_it_holds(app: TestApp) {
    let document: Value = app.get("/api/openapi.json").await.json().await.unwrap();
    let mut found = Vec::new();
    references(&document, &mut found);
    let dangling: BTreeSet<&String> = found
        .iter()
        .filter(|reference| {
            let name = reference.trim_start_matches("#/components/schemas/");
            document["components"]["schemas"].get(name).is_none()
        })
        .collect();
    assert!(found.len() > 100, "{} references", found.len());
    assert!(dangling.is_empty(), "{dangling:?}");
}

async fn the_openapi_document_lists_every_route_of_the_router(app: TestApp) {
    let response = app.get("/api/openapi.json").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/json");
    let document: Value = response.json().await.unwrap();
    assert_eq!(document["openapi"], "3.1.0");
    let mut documented = BTreeSet::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            documented.insert((method.clone(), shape(path)));
        }
    }
    assert!(
        documented.len() >= 100,
        "only {} operations documented",
        documented.len()
    );
    // Every operation is registered with `utoipa_axum::routes!`, which serves the handler
    // and documents it together; a route added with a plain `.route(...)` would be served
    // undocumented.
    let undocumented = source_routes();
    assert!(
        undocumented.is_empty(),
        "routes served with .route(...) instead of routes!(...): {undocumented:?}"
    );
    // What the server serves is what `host-server openapi` prints (the committed contract).
    let printed = host_server::openapi::render(host_server::app::api_document().unwrap());
    assert_eq!(document, serde_json::from_str::<Value>(&printed).unwrap());
}
