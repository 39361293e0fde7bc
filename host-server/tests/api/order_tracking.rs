//! What the data layer's e-commerce events read from the server: each cart
//! line's brand, and the order's VAT total with each order line's brand and product group.
//! Site 1 is Hoefslag NL (VAT 9 % low, 21 % high; free shipping from 50.00; iDEAL costs
//! nothing). Variant 1601 is Equinatura Spierkracht (supplements, low VAT) at 69.95; 1721 is the
//! Hoefslag Voerschep (stableSupplies, high VAT) at 3.95.

use serde_json::{Value, json};

use crate::orders::{billing, expect_ok, ideal, new_cart_on, place};
use crate::support::{TestApp, fixture_tests};

/// `(productVariantId, brand)` of each of the cart's lines.
fn brands(answer: &Value) -> Vec<(Value, Value)> {
    answer["cart"]["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| (line["productVariantId"].clone(), line["brand"].clone()))
        .collect()
}

fixture_tests!(
    the_cart_lines_carry_their_brand_and_the_order_its_vat_total_and_each_lines_brand_and_group
);

async fn the_cart_lines_carry_their_brand_and_the_order_its_vat_total_and_each_lines_brand_and_group(
    app: TestApp,
) {
    let id = new_cart_on(&app, 1, 1).await;
    expect_ok(
        app.post(&format!(
            "/api/cart/{id}/products?productVariantId=1601&quantity=1"
        ))
        .await,
    )
    .await;
    let answer = expect_ok(
        app.post(&format!(
            "/api/cart/{id}/products?productVariantId=1721&quantity=2"
        ))
        .await,
    )
    .await;
    let mut lines = brands(&answer);
    lines.sort_by_key(|(variant, _)| variant.as_i64());
    assert_eq!(
        lines,
        [
            (json!(1601), json!("Equinatura")),
            (json!(1721), json!("Hoefslag"))
        ]
    );
    expect_ok(
        app.post_json(
            &format!("/api/cart/{id}/billing"),
            &billing("anna@example.com", 1),
        )
        .await,
    )
    .await;
    expect_ok(
        app.post_json(&format!("/api/cart/{id}/payment"), &ideal())
            .await,
    )
    .await;

    let (status, placed) = place(&app, &id).await;
    assert_eq!(status, 201, "{placed}");
    let order_id = placed["order"]["orderId"].as_str().unwrap();
    // What the thank-you page reads.
    let order = expect_ok(app.get(&format!("/api/orders/{order_id}")).await).await;
    // 69.95 at 9 %: 69.95 * 9 / 109 = 5.7757 -> 5.78; 7.90 at 21 %: 7.90 * 21 / 121 = 1.3711 -> 1.37.
    assert_eq!(
        [
            &order["totalAmount"],
            &order["shippingCosts"],
            &order["vatAmountLow"],
            &order["vatAmountHigh"],
            &order["vatAmount"]
        ],
        [
            &json!("77.85"),
            &json!("0.00"),
            &json!("5.78"),
            &json!("1.37"),
            &json!("7.15")
        ]
    );
    let lines: Vec<_> = order["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| {
            (
                line["productVariantId"].clone(),
                line["quantity"].clone(),
                line["unitPrice"].clone(),
                line["brand"].clone(),
                line["productGroup"].clone(),
            )
        })
        .collect();
    assert_eq!(
        lines,
        [
            (
                json!(1601),
                json!(1),
                json!("69.95"),
                json!("Equinatura"),
                json!("supplements")
            ),
            (
                json!(1721),
                json!(2),
                json!("3.95"),
                json!("Hoefslag"),
                json!("stableSupplies")
            ),
        ]
    );
    assert_eq!(
        placed["order"]["vatAmount"], "7.15",
        "the placement's answer is the same view"
    );
}
