//! The Hoofbeat Commerce engine compiled to WebAssembly.
//!
//! A thin binding: every export forwards to [`engine::operations::run`], so the browser runs
//! exactly the code the server runs. Inputs and outputs are JSON text with amounts as strings;
//! the storefront's facade (`storefront/src/engine/`) parses and types them.

use wasm_bindgen::prelude::*;

/// Installs the panic hook so that a panic shows in the console instead of vanishing.
/// The engine is written not to panic; this is the safety net.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// Runs a named engine operation on JSON input and returns its JSON output.
///
/// Errors become a JavaScript `Error` whose message is the JSON object
/// `{"code": "...", "message": "..."}` of the engine's error.
#[wasm_bindgen]
pub fn run(operation: &str, input: &str) -> Result<String, JsError> {
    engine::operations::run(operation, input).map_err(to_js_error)
}

/// The names of every operation [`run`] knows.
#[wasm_bindgen(js_name = operations)]
pub fn operation_names() -> Vec<String> {
    engine::operations::OPERATIONS.iter().map(|name| (*name).to_owned()).collect()
}

fn to_js_error(error: engine::EngineError) -> JsError {
    JsError::new(&error.to_json())
}
