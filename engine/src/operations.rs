//! The engine's rules by name, over JSON text.
//!
//! This is the one door through which the WASM build, the shared test vectors under
//! `fixtures/vectors/` and the native/WASM parity tests call the engine, so that all of
//! them run exactly the same code and produce byte-identical JSON. Rust callers use the
//! typed functions of each module directly.

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::cart::{self, CartInput};
use crate::error::EngineError;
use crate::vat::VatSplitRequest;

/// The names of every operation [`run`] knows.
pub const OPERATIONS: &[&str] = &["vat.split", "cart.calculate", "cart.shippingMethods"];

/// Runs the named operation on a JSON input and returns its JSON output.
///
/// ```
/// let output = engine::operations::run(
///     "vat.split",
///     r#"{"amountInclVat":"121.00","vatRatePercentage":"21"}"#,
/// ).unwrap();
/// assert_eq!(
///     output,
///     r#"{"amountInclVat":"121.00","amountExclVat":"100.00","vatAmount":"21.00","vatRatePercentage":"21"}"#,
/// );
/// ```
pub fn run(operation: &str, input: &str) -> Result<String, EngineError> {
    match operation {
        "vat.split" => apply(input, |request: VatSplitRequest| Ok(request.split())),
        "cart.calculate" => apply(input, |cart: CartInput| Ok(cart::calculate(&cart)?)),
        "cart.shippingMethods" => apply(input, |cart: CartInput| Ok(cart::shipping_methods(&cart)?)),
        unknown => Err(EngineError::UnknownOperation(unknown.to_owned())),
    }
}

fn apply<I, O>(input: &str, rule: impl FnOnce(I) -> Result<O, EngineError>) -> Result<String, EngineError>
where
    I: DeserializeOwned,
    O: Serialize,
{
    let parsed: I =
        serde_json::from_str(input).map_err(|error| EngineError::InvalidInput(error.to_string()))?;
    let output = rule(parsed)?;
    serde_json::to_string(&output).map_err(|error| EngineError::InvalidInput(error.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_operations_are_an_error_not_a_panic() {
        assert_eq!(run("nope", "{}"), Err(EngineError::UnknownOperation("nope".into())));
    }

    #[test]
    fn malformed_input_is_invalid_input() {
        let error = run("vat.split", "{").unwrap_err();
        assert_eq!(error.code(), "invalid_input");
        let error = run("vat.split", r#"{"amountInclVat":"1.001","vatRatePercentage":"21"}"#)
            .unwrap_err();
        assert_eq!(error.code(), "invalid_input");
    }
}
