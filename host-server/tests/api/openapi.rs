//! The OpenAPI document covers exactly the routes the server registers.
//!
//! The routes are read from the server's source: every `.route("/api/...", get(..).post(..))`
//! under `src/` (the one place routes are declared); the catch-all `/api/{*rest}` is not an
//! endpoint.

use std::collections::BTreeSet;
use std::path::Path;

use serde_json::Value;

use crate::support::backend_tests;

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

backend_tests! {
    async fn the_openapi_document_lists_every_route_of_the_router(app) {
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
        // Generated operations are served by construction (`utoipa_axum::routes!` registers
        // the handler and its documentation together); the rest are `.route(...)` calls.
        let generated = host_server::app::api_document().unwrap();
        let legacy: BTreeSet<_> = host_server::openapi::legacy_operations(&generated)
            .into_iter()
            .map(|(method, path)| (method, shape(&path)))
            .collect();
        let mut served = source_routes();
        served.extend(documented.difference(&legacy).cloned());
        assert!(served.len() >= 100, "only {} routes found", served.len());
        let missing: Vec<_> = served.difference(&documented).collect();
        assert!(missing.is_empty(), "routes missing from the document: {missing:?}");
        let extra: Vec<_> = documented.difference(&served).collect();
        assert!(extra.is_empty(), "documented but not served: {extra:?}");
        println!("operations still from openapi.legacy.json: {}", legacy.len());
    }
}
