//! Runs `operations::run("cart.calculate")` (JSON in, JSON out) N times on the first L lines of
//! the 200-line shared vector, for counting the JSON door's instructions with callgrind:
//!
//! ```text
//! cargo build --release -p engine --example cart_door
//! valgrind --tool=callgrind --toggle-collect='engine::operations::run*' target/release/examples/cart_door 10 100
//! ```
//!
//! The total divided by N is one call. The cart is built like the criterion benchmark's
//! (`benches/cart.rs`): the lines and the catalog entries they use.

use engine::cart::CartInput;

const LARGE: &str = include_str!("../../fixtures/vectors/cart/large.json");

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let lines: usize = args.get(1).and_then(|text| text.parse().ok()).unwrap_or(10);
    let calls: usize = args
        .get(2)
        .and_then(|text| text.parse().ok())
        .unwrap_or(100);
    let vector: serde_json::Value = serde_json::from_str(LARGE).expect("the vector is JSON");
    let mut input: CartInput = serde_json::from_value(vector["cases"][0]["input"].clone())
        .expect("the vector's input is a cart");
    input.products.truncate(lines);
    let used: Vec<engine::ids::ProductVariantId> = input
        .products
        .iter()
        .map(|line| line.product_variant_id)
        .chain([engine::ids::ProductVariantId::new(701)])
        .collect();
    input
        .catalog
        .retain(|entry| used.contains(&entry.product_variant_id));
    let json = serde_json::to_string(&input).expect("the cart serializes");
    for _ in 0..calls {
        let output = engine::operations::run("cart.calculate", std::hint::black_box(&json));
        std::hint::black_box(output.expect("the cart calculates"));
    }
}
