//! How long one cart calculation takes: 1, 10 and 200 lines with five promotions.
//!
//! The carts are the first lines of the 200-line shared vector
//! (`fixtures/vectors/cart/large.json`) with the catalog entries they use, parsed once before
//! measuring; only
//! [`engine::cart::calculate`] is measured, plus the whole JSON door for 200 lines.
//!
//! Run: `cargo bench -p engine --bench cart -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use engine::cart::{self, CartInput};
use engine::ids::ProductVariantId;

const LARGE: &str = include_str!("../../fixtures/vectors/cart/large.json");

fn large_cart() -> CartInput {
    let vector: serde_json::Value = serde_json::from_str(LARGE).expect("the vector is JSON");
    serde_json::from_value(vector["cases"][0]["input"].clone())
        .expect("the vector's input is a cart")
}

fn calculate(criterion: &mut Criterion) {
    let large = large_cart();
    assert_eq!(large.promotions.len(), 5);
    let mut group = criterion.benchmark_group("cart.calculate");
    for lines in [1, 10, 200] {
        let mut input = large.clone();
        input.products.truncate(lines);
        // The server passes the catalog entries of the cart's lines and of the free products.
        let used: Vec<ProductVariantId> = input
            .products
            .iter()
            .map(|line| line.product_variant_id)
            .chain([ProductVariantId::new(701)])
            .collect();
        input
            .catalog
            .retain(|entry| used.contains(&entry.product_variant_id));
        group.bench_with_input(
            BenchmarkId::from_parameter(lines),
            &input,
            |bencher, input| {
                bencher.iter(|| cart::calculate(black_box(input)).expect("the cart calculates"))
            },
        );
    }
    group.finish();

    let json = serde_json::to_string(&large).expect("the cart serializes");
    criterion.bench_function(
        "operations::run cart.calculate 200 lines (JSON in and out)",
        |bencher| {
            bencher.iter(|| {
                engine::operations::run("cart.calculate", black_box(&json))
                    .expect("the cart calculates")
            })
        },
    );
}

criterion_group!(benches, calculate);
criterion_main!(benches);
