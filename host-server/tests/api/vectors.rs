//! The third leg of "identical": every shared vector under fixtures/vectors/ replayed through
//! the HTTP API gives the expected JSON (the native engine and the WASM build run the same files).

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::support::{Backend, TestApp};

fn vector_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .flat_map(|path| {
            if path.is_dir() {
                vector_files(&path)
            } else {
                vec![path]
            }
        })
        .filter(|path| {
            path.extension()
                .is_some_and(|extension| extension == "json")
        })
        .collect();
    files.sort();
    files
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_shared_vector_gives_the_same_answer_over_http() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/vectors");
    let mut cases = 0;
    let mut failures = Vec::new();
    for file in vector_files(&root) {
        let vector: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let operation = vector["operation"].as_str().unwrap();
        for case in vector["cases"].as_array().unwrap() {
            cases += 1;
            let response = app
                .client
                .post(app.url(&format!("/api/engine/{operation}")))
                .header("content-type", "application/json")
                .body(serde_json::to_string(&case["input"]).unwrap())
                .send()
                .await
                .unwrap();
            let status = response.status().as_u16();
            let body: Value = response.json().await.unwrap();
            let matches = match (case.get("output"), case.get("error")) {
                (Some(expected), None) => status == 200 && body == *expected,
                (None, Some(expected)) => status == 400 && body["code"] == expected["code"],
                _ => false,
            };
            if !matches {
                failures.push(format!(
                    "{} / {}: {status} {body}",
                    file.display(),
                    case["name"]
                ));
            }
        }
    }
    assert!(cases > 250, "only {cases} vector cases found");
    assert!(
        failures.is_empty(),
        "{} of {cases} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_operations_are_404s() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    let response = app
        .post_json("/api/engine/no.such", &serde_json::json!({}))
        .await;
    assert_eq!(response.status(), 404);
}
