//! Reductions shown where they apply: a product discount without a code or quantity shows its
//! price on the product page, the cards of search and the home page, with the lowest price of
//! the 30 days before it (EU price indication directive, article 6a); the cart charges that
//! price; a price change is kept in the price history the prior price is read from.

use serde_json::json;

use crate::support::cart::CartAnswer;
use crate::support::catalog::{SearchAnswer, ShelfReduction};
use crate::support::{TestApp, fixture_tests};

fixture_tests!(
    a_reduction_is_shown_with_its_prior_price_wherever_the_product_is,
    a_price_change_is_kept_and_the_prior_price_stays_the_lowest,
);

/// Sport Muesli (product 1, variant 1011, 32.95) has 10 % off on every Hoefslag site since
/// 2026-01-01 (`winter-sport-muesli-10`); the demo shop keeps its prices since its import.
fn sport_muesli_reduction(
    description: &str,
    [price, prior_price]: [&str; 2],
    [per_kilogram, per_100_gram]: [&str; 2],
) -> ShelfReduction {
    ShelfReduction {
        promotion_key: "winter-sport-muesli-10".to_owned(),
        description: description.to_owned(),
        price: price.to_owned(),
        prior_price: prior_price.to_owned(),
        unit_price: json!({"perKilogram": per_kilogram, "per100Gram": per_100_gram}),
    }
}

async fn a_reduction_is_shown_with_its_prior_price_wherever_the_product_is(app: TestApp) {
    let detail = app.product_variant(1, 1, 1011).await;
    assert_eq!(detail.price, "32.95");
    // 10 % of 32.95 = 3.295, rounded once to 3.30; the 20 kg bag's unit prices go with the
    // price charged: 29.65 / 20 = 1.4825 per kg, 0.148 per 100 g.
    let dutch = sport_muesli_reduction(
        "10% korting op Sport Muesli",
        ["29.65", "32.95"],
        ["1.48", "0.15"],
    );
    assert_eq!(detail.reduction.as_ref(), Some(&dutch));
    // In the site's language: the German site.
    let german = app.product_variant(3, 3, 1011).await;
    assert_eq!(
        german.reduction,
        Some(sport_muesli_reduction(
            "10% Rabatt auf Sport-Müsli",
            ["29.65", "32.95"],
            ["1.48", "0.15"],
        ))
    );
    // Senior Muesli's 15 % ended in 2024: no reduction.
    assert_eq!(app.product_variant(1, 1, 1021).await.reduction, None);

    let (status, found): (u16, SearchAnswer) = app
        .search_products(1, 1, &json!({"filter": {"searchTerm": "muesli"}}))
        .await;
    assert_eq!(status, 200);
    let hit = |product: i64| {
        found
            .results
            .iter()
            .find(|hit| hit.product_id == product)
            .unwrap_or_else(|| panic!("product {product} not found"))
    };
    assert_eq!(hit(1).reduction.as_ref(), Some(&dutch));
    assert_eq!(hit(2).reduction, None);

    let home = app.home_content(1, 1).await;
    let on_sale: Vec<(i64, Option<&str>)> = home
        .sale
        .iter()
        .map(|hit| {
            (
                hit.product_id,
                hit.reduction
                    .as_ref()
                    .map(|reduction| reduction.price.as_str()),
            )
        })
        .collect();
    assert_eq!(
        on_sale,
        [(1, Some("29.65")), (41, None), (2, None), (65, None)]
    );

    // Money shown is money charged: a cart of one Sport Muesli.
    let cart = app.create_cart_in(1, 1).await;
    let (status, answer): (u16, CartAnswer) = app.add_cart_line(&cart, 1011, None).await;
    assert_eq!(status, 200);
    assert_eq!(answer.calculation.products[0].total_amount, "29.65");
}

async fn change_price(app: &TestApp, owner: &reqwest::Client, price: &str) {
    let response = owner
        .put(app.url("/api/backoffice/variants/1011"))
        .json(&json!({"price": price}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
}

async fn a_price_change_is_kept_and_the_prior_price_stays_the_lowest(app: TestApp) {
    let owner = app.signed_in_staff("owner").await;
    change_price(&app, &owner, "34.95").await;
    // 34.95 less 3.50 (3.495 rounded once); before the reduction began the shop knew no price,
    // so the lowest of the first day it kept prices counts: 32.95 of the import.
    assert_eq!(
        app.product_variant(1, 1, 1011).await.reduction,
        Some(sport_muesli_reduction(
            "10% korting op Sport Muesli",
            ["31.45", "32.95"],
            ["1.57", "0.16"],
        ))
    );
    change_price(&app, &owner, "30.95").await;
    // 30.95 less 3.10 (3.095 rounded once); 30.95 is now the lowest price of that day.
    assert_eq!(
        app.product_variant(1, 1, 1011).await.reduction,
        Some(sport_muesli_reduction(
            "10% korting op Sport Muesli",
            ["27.85", "30.95"],
            ["1.39", "0.14"],
        ))
    );
}
