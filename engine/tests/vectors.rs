//! Runs every shared test vector under `fixtures/vectors/` through the native engine.
//!
//! The WASM build (vitest) and the HTTP server run the same files; see
//! `fixtures/vectors/README.md` for the format.

use std::path::{Path, PathBuf};

use serde_json::Value;

fn vector_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).expect("fixtures/vectors is readable") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            files.extend(vector_files(&path));
        } else if path
            .extension()
            .is_some_and(|extension| extension == "json")
        {
            files.push(path);
        }
    }
    files.sort();
    files
}

#[test]
fn every_shared_vector_gives_its_expected_output() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/vectors");
    let files = vector_files(&root);
    assert!(
        !files.is_empty(),
        "no vector files under {}",
        root.display()
    );
    let mut failures = Vec::new();
    let mut cases = 0;
    for file in files {
        let text = std::fs::read_to_string(&file).expect("vector file is readable");
        let vector: Value = serde_json::from_str(&text).expect("vector file is JSON");
        let operation = vector["operation"]
            .as_str()
            .expect("vector has an operation");
        for case in vector["cases"].as_array().expect("vector has cases") {
            cases += 1;
            let name = case["name"].as_str().unwrap_or("(unnamed)");
            let input = serde_json::to_string(&case["input"]).expect("input serializes");
            let outcome = engine::operations::run(operation, &input);
            let matches = match (&outcome, case.get("output"), case.get("error")) {
                (Ok(output), Some(expected), None) => {
                    serde_json::from_str::<Value>(output).expect("output is JSON") == *expected
                }
                (Err(error), None, Some(expected)) => expected["code"] == error.code(),
                _ => false,
            };
            if !matches {
                failures.push(format!("{} / {name}: got {outcome:?}", file.display()));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {cases} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn cart_outputs_are_serde_jsons_bytes() {
    // The door writes cart outputs by hand (engine/src/cart/json.rs): byte for byte what
    // serde_json writes for the typed result, on every cart vector that calculates.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/vectors");
    let mut compared = 0;
    for file in vector_files(&root) {
        let vector: Value =
            serde_json::from_str(&std::fs::read_to_string(&file).expect("readable")).expect("JSON");
        let operation = vector["operation"]
            .as_str()
            .expect("vector has an operation");
        if operation != "cart.calculate" && operation != "cart.shippingMethods" {
            continue;
        }
        for case in vector["cases"].as_array().expect("vector has cases") {
            let input = serde_json::to_string(&case["input"]).expect("input serializes");
            let Ok(cart_input) = serde_json::from_str::<engine::cart::CartInput>(&input) else {
                continue;
            };
            let Ok(typed) = engine::cart::calculate(&cart_input) else {
                continue;
            };
            let expected = if operation == "cart.calculate" {
                serde_json::to_string(&typed)
            } else {
                serde_json::to_string(&typed.shipping_methods)
            }
            .expect("output serializes");
            assert_eq!(
                engine::operations::run(operation, &input).expect("calculates"),
                expected,
                "{}",
                case["name"]
            );
            compared += 1;
        }
    }
    assert!(compared > 20, "only {compared} cart cases compared");
}
