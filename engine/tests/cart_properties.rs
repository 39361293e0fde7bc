//! Properties of the cart calculation that must hold for any cart, not only the vectors:
//! the cart's invariants (docs/rules.md, "Money and VAT"), determinism, and independence of the order of the lines.

use engine::cart::{self, CalculatedCart, CartInput};
use engine::ids::ProductVariantId;
use engine::money::Money;
use proptest::prelude::*;
use serde_json::{Value, json};

fn amount(cents: i64) -> String {
    Money::from_cents(cents).to_string()
}

/// A site: one of the real rate pairs, prices for both shipping methods, maybe a free-shipping
/// rule, two payment methods.
fn site() -> impl Strategy<Value = Value> {
    (
        prop::sample::select(vec![
            ("21", "9"),
            ("19", "7"),
            ("25", "25"),
            ("21", "0"),
            ("5.5", "2.1"),
        ]),
        0i64..2_000,
        0i64..2_000,
        prop::option::of(0i64..20_000),
        0i64..500,
    )
        .prop_map(|((high, low), ordinary, parcel, free_from, payment)| {
            let rules: Vec<Value> = free_from
                .map(|from| json!({"minimumAmount": amount(from)}))
                .into_iter()
                .collect();
            json!({
                "vatPercentageHigh": high, "vatPercentageLow": low, "currency": "EUR",
                "shippingOptions": [
                    {"shippingMethod": 0, "price": amount(ordinary)},
                    {"shippingMethod": 1, "price": amount(parcel)}
                ],
                "freeShippingRules": rules,
                "paymentMethods": [
                    {"paymentMethodId": 1, "costs": "0.00"},
                    {"paymentMethodId": 2, "costs": amount(payment)}
                ]
            })
        })
}

/// Catalog entries for variants 1..=n, in groups "a" and "b".
fn catalog(n: usize) -> impl Strategy<Value = Vec<Value>> {
    prop::collection::vec((1u8..=5, any::<bool>(), 0i64..50_000, prop::option::of(0i64..30), any::<bool>()), n).prop_map(
        |entries| {
            entries
                .into_iter()
                .enumerate()
                .map(|(index, (product_type, low, price, stock, group_a))| {
                    json!({
                        "productId": index / 2 + 1, "productVariantId": index + 1, "productType": product_type,
                        "vatType": if low { "low" } else { "high" }, "unitPrice": amount(price),
                        "stock": stock, "description": format!("Product {index}"), "productLabel": "",
                        "productGroup": if group_a { "a" } else { "b" }
                    })
                })
                .collect()
        },
    )
}

fn reduction() -> impl Strategy<Value = Value> {
    prop_oneof![
        (0i64..=10_000).prop_map(|bp| json!({"percentage": format!("{}", Money::from_cents(bp))})),
        (0i64..5_000).prop_map(|cents| json!({"amount": amount(cents)})),
    ]
}

/// Up to six promotions of every kind, some behind the code "CODE".
fn promotions(variants: usize) -> impl Strategy<Value = Vec<Value>> {
    let variant = 1..=variants as u64;
    let rule = prop_oneof![
        (reduction(), prop::option::of(1u32..5), variant.clone()).prop_map(|(discount, minimum, id)| json!({
            "type": "productDiscount", "appliesTo": {"productVariantId": id}, "discount": discount,
            "minimumQuantity": minimum})),
        (reduction(), any::<bool>()).prop_map(|(discount, a)| json!({
            "type": "productDiscount", "appliesTo": {"productGroup": if a {"a"} else {"b"}}, "discount": discount})),
        (variant.clone(), 1u32..4, variant, 1u32..3).prop_map(|(target, buy, free, quantity)| json!({
            "type": "freeProduct", "appliesTo": {"productId": target}, "buyQuantity": buy,
            "freeProductVariantId": free, "freeQuantity": quantity, "promotionText": "gratis"})),
        (reduction(), prop::option::of(0i64..20_000)).prop_map(|(discount, minimum)| json!({
            "type": "orderDiscount", "discount": discount, "minimumOrderAmount": minimum.map(amount)})),
        (prop_oneof![Just(json!("free")), reduction()], prop::option::of(0i64..20_000), any::<bool>()).prop_map(
            |(discount, minimum, parcel_only)| json!({
                "type": "shippingDiscount", "discount": discount, "minimumOrderAmount": minimum.map(amount),
                "shippingMethods": if parcel_only { json!([1]) } else { json!([]) }})),
    ];
    prop::collection::vec((rule, any::<bool>()), 0..6).prop_map(|rules| {
        let mut code_used = false;
        rules
            .into_iter()
            .enumerate()
            .map(|(index, (rule, with_code))| {
                let code = (with_code && !code_used).then(|| {
                    code_used = true;
                    "CODE"
                });
                json!({"promotionKey": format!("P{index}"), "description": format!("Promotion {index}"),
                       "code": code, "rule": rule})
            })
            .collect()
    })
}

/// A valid cart input: lines for a subset of 1..=12 variants, in shuffled order.
fn cart_input() -> impl Strategy<Value = CartInput> {
    (1usize..=12)
        .prop_flat_map(|variants| {
            (
                site(),
                catalog(variants),
                promotions(variants),
                prop::collection::vec(prop::option::of(1i64..=999), variants),
                any::<bool>(),
                0u8..=1,
                prop::option::of(1u64..=2),
                prop::option::of(1i64..100_000),
            )
        })
        .prop_map(
            |(site, catalog, promotions, counts, use_code, shipping, payment, gift_card)| {
                let has_code = promotions
                    .iter()
                    .any(|promotion| promotion["code"].is_string());
                let products: Vec<Value> = counts
                    .iter()
                    .enumerate()
                    .filter_map(|(index, count)| {
                        count.map(|count| json!({"productVariantId": index + 1, "count": count}))
                    })
                    .collect();
                serde_json::from_value::<CartInput>(json!({
                "site": site, "catalog": catalog, "promotions": promotions, "products": products,
                "discountCode": if use_code && has_code { Some("code") } else { None },
                "shippingMethod": shipping, "paymentMethodId": payment,
                "giftCard": gift_card.map(|balance| json!({"balance": amount(balance)}))
            }))
            .expect("generated input is valid")
            },
        )
        .prop_flat_map(|input: CartInput| {
            let lines = input.products.clone();
            (Just(input), Just(lines).prop_shuffle())
        })
        .prop_map(|(mut input, shuffled)| {
            input.products = shuffled;
            input
        })
}

fn sum(amounts: impl IntoIterator<Item = Money>) -> Money {
    amounts.into_iter().fold(Money::ZERO, |total, amount| {
        total.checked_add(amount).expect("no overflow")
    })
}

fn add(a: Money, b: Money) -> Money {
    a.checked_add(b).expect("no overflow")
}

fn assert_invariants(input: &CartInput, cart: &CalculatedCart) {
    let order_discounts = sum(cart.order_discounts.iter().map(|discount| discount.amount));
    // total = subtotal - order discounts + shipping + payment costs
    assert_eq!(
        add(cart.total_amount, order_discounts),
        add(
            cart.sub_total_amount,
            add(cart.shipping_costs, cart.payment_costs)
        )
    );
    // total excl. VAT + VAT low + VAT high = total
    assert_eq!(
        add(
            cart.total_amount_excl_vat,
            add(cart.vat_amount_low, cart.vat_amount_high)
        ),
        cart.total_amount
    );
    // shipping costs = original - shipping discounts
    assert_eq!(
        add(
            cart.shipping_costs,
            sum(cart
                .shipping_discounts
                .iter()
                .map(|discount| discount.amount))
        ),
        cart.original_shipping_costs
    );
    // gift card: never more than the total or the balance; it only changes the amount to pay
    assert_eq!(
        add(cart.amount_to_pay, cart.gift_card_amount),
        cart.total_amount
    );
    let balance = input
        .gift_card
        .as_ref()
        .map_or(Money::ZERO, |card| card.balance);
    assert!(cart.gift_card_amount <= balance && cart.gift_card_amount <= cart.total_amount);
    // the lines make up the subtotal, their VAT shares never exceed the buckets
    assert_eq!(
        sum(cart.products.iter().map(|line| line.total_amount)),
        cart.sub_total_amount
    );
    assert!(
        sum(cart.products.iter().map(|line| line.vat_amount))
            <= add(cart.vat_amount_low, cart.vat_amount_high)
    );
    let mut amounts = vec![
        cart.original_shipping_costs,
        cart.shipping_costs,
        cart.payment_costs,
        cart.total_amount,
        cart.vat_amount_low,
        cart.vat_amount_high,
        cart.sub_total_amount,
        cart.total_amount_excl_vat,
        cart.shipping_costs_excl_vat,
        cart.amount_to_pay,
        cart.gift_card_amount,
    ];
    for line in &cart.products {
        assert_eq!(
            add(
                line.total_amount,
                sum(line
                    .product_discounts
                    .iter()
                    .map(|discount| discount.amount))
            ),
            line.original_amount
        );
        amounts.extend([line.original_amount, line.total_amount, line.vat_amount]);
        amounts.extend(
            line.product_discounts
                .iter()
                .map(|discount| discount.amount),
        );
        amounts.extend(line.free_products.iter().map(|free| free.original_amount));
    }
    amounts.extend(
        cart.order_discounts
            .iter()
            .chain(&cart.shipping_discounts)
            .map(|discount| discount.amount),
    );
    for option in &cart.shipping_methods {
        amounts.extend([option.price, option.price_ex_vat]);
        assert!(option.price_ex_vat <= option.price);
    }
    assert!(
        amounts.iter().all(|amount| !amount.is_negative()),
        "a negative amount in {cart:?}"
    );
    assert!(cart.shipping_costs_excl_vat <= cart.shipping_costs);
    // scan-only carts and empty carts ship nothing
    if cart.scan_products_only || cart.products.is_empty() {
        assert!(cart.shipping_costs.is_zero() && cart.shipping_methods.is_empty());
    }
    // item count: quantities plus free products
    let items: u64 = cart
        .products
        .iter()
        .map(|line| {
            u64::from(line.quantity)
                + line
                    .free_products
                    .iter()
                    .map(|free| u64::from(free.quantity))
                    .sum::<u64>()
        })
        .sum();
    assert_eq!(cart.item_count, items);
    // stock warnings: exactly the variants asked for (lines and free products) beyond stock
    let stock = |variant: ProductVariantId| {
        input
            .catalog
            .iter()
            .find(|entry| entry.product_variant_id == variant)
            .and_then(|entry| entry.stock)
    };
    let mut asked: std::collections::BTreeMap<ProductVariantId, u64> =
        std::collections::BTreeMap::new();
    for line in &cart.products {
        *asked.entry(line.product_variant_id).or_default() += u64::from(line.quantity);
        for free in &line.free_products {
            *asked.entry(free.product_variant_id).or_default() += u64::from(free.quantity);
        }
    }
    let expected: Vec<(ProductVariantId, u64)> = asked
        .into_iter()
        .filter_map(|(variant, units)| {
            stock(variant)
                .filter(|stock| i128::from(units) > i128::from(*stock))
                .map(|stock| (variant, u64::try_from(stock).unwrap_or(0)))
        })
        .collect();
    let warnings: Vec<(ProductVariantId, u64)> = cart
        .stock_warnings
        .iter()
        .map(|warning| (warning.product_variant_id, warning.amount))
        .collect();
    assert_eq!(warnings, expected);
}

fn by_variant(mut cart: CalculatedCart) -> CalculatedCart {
    cart.products.sort_by_key(|line| line.product_variant_id);
    cart
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn invariants_hold_for_any_cart(input in cart_input()) {
        let cart = cart::calculate(&input).expect("a valid cart calculates");
        assert_invariants(&input, &cart);
    }

    #[test]
    fn calculation_is_deterministic_and_independent_of_line_order(input in cart_input(), seed in any::<u64>()) {
        let first = cart::calculate(&input).expect("a valid cart calculates");
        prop_assert_eq!(&first, &cart::calculate(&input).expect("again"));
        let mut reordered = input.clone();
        // A deterministic permutation from the seed: rotate, then maybe reverse.
        let length = reordered.products.len().max(1);
        reordered.products.rotate_left(usize::try_from(seed).unwrap_or(0) % length);
        if seed % 2 == 0 {
            reordered.products.reverse();
        }
        let second = cart::calculate(&reordered).expect("a valid cart calculates");
        prop_assert_eq!(by_variant(first), by_variant(second));
    }

    #[test]
    fn json_output_reads_back_and_matches_the_typed_result(input in cart_input()) {
        let text = serde_json::to_string(&input).expect("input serializes");
        let output = engine::operations::run("cart.calculate", &text).expect("a valid cart calculates");
        let typed = cart::calculate(&input).expect("a valid cart calculates");
        let read_back: CalculatedCart = serde_json::from_str(&output).expect("output reads back");
        prop_assert_eq!(read_back, typed);
    }

    #[test]
    fn json_output_is_serde_jsons_text_of_the_typed_result(input in cart_input()) {
        // The door writes the cart's JSON by hand (cart/json.rs); it must be serde's bytes.
        let text = serde_json::to_string(&input).expect("input serializes");
        let typed = cart::calculate(&input).expect("a valid cart calculates");
        let output = engine::operations::run("cart.calculate", &text).expect("a valid cart calculates");
        prop_assert_eq!(output, serde_json::to_string(&typed).expect("output serializes"));
        let methods = engine::operations::run("cart.shippingMethods", &text).expect("a valid cart calculates");
        prop_assert_eq!(methods, serde_json::to_string(&typed.shipping_methods).expect("output serializes"));
    }

    #[test]
    fn any_text_gives_an_answer_or_an_error_never_a_panic(text in ".{0,200}") {
        let _ = engine::operations::run("cart.calculate", &text);
    }

    #[test]
    fn odd_numbers_in_a_real_cart_never_panic(
        count in any::<i64>(), price in "-?[0-9]{1,30}(\\.[0-9]{1,3})?", balance in "-?[0-9]{1,30}(\\.[0-9]{1,2})?",
        percentage in "-?[0-9]{1,4}(\\.[0-9]{1,3})?",
    ) {
        let input = json!({
            "site": {"vatPercentageHigh": "21", "vatPercentageLow": "9",
                     "shippingOptions": [{"shippingMethod": 0, "price": price.clone()}],
                     "paymentMethods": [{"paymentMethodId": 1, "costs": price.clone()}]},
            "catalog": [{"productId": 1, "productVariantId": 1, "productType": 2, "vatType": "low",
                         "unitPrice": price, "description": "x", "stock": count}],
            "promotions": [{"promotionKey": "K", "description": "D",
                            "rule": {"type": "orderDiscount", "discount": {"percentage": percentage}}}],
            "products": [{"productVariantId": 1, "count": count}],
            "paymentMethodId": 1,
            "giftCard": {"balance": balance}
        });
        let _ = engine::operations::run("cart.calculate", &input.to_string());
    }
}
