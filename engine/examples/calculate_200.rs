//! Calculations of the 200-line shared vector cart, for counting instructions:
//!
//! ```text
//! cargo build --release -p engine --example calculate_200
//! valgrind --tool=callgrind target/release/examples/calculate_200 0    # only builds the input
//! valgrind --tool=callgrind target/release/examples/calculate_200 1    # builds it, calculates once
//! valgrind --tool=callgrind target/release/examples/calculate_200 11   # builds it, calculates 11 times
//! ```
//!
//! `(run 1) - (run 0)` is one calculation on a cold heap (right after parsing 440 kB of JSON);
//! `((run 11) - (run 1)) / 10` is one calculation in steady state, as in a running server.

use std::hint::black_box;
use std::process::ExitCode;

use engine::cart::{self, CartInput};

const LARGE: &str = include_str!("../../fixtures/vectors/cart/large.json");

fn main() -> ExitCode {
    let times: usize = std::env::args()
        .nth(1)
        .and_then(|text| text.parse().ok())
        .unwrap_or(1);
    let input = match large_cart() {
        Ok(input) => input,
        Err(error) => {
            eprintln!("cannot read the 200-line cart: {error}");
            return ExitCode::FAILURE;
        }
    };
    black_box(&input);
    for _ in 0..times {
        if let Err(error) = black_box(cart::calculate(black_box(&input))) {
            eprintln!("{error}");
            return ExitCode::FAILURE;
        }
    }
    println!("{times} calculations of {} lines", input.products.len());
    ExitCode::SUCCESS
}

fn large_cart() -> Result<CartInput, serde_json::Error> {
    let vector: serde_json::Value = serde_json::from_str(LARGE)?;
    serde_json::from_value(vector["cases"][0]["input"].clone())
}
