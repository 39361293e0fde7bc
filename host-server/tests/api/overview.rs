//! The back office's home and command palette: each member sees the parts and records their
//! role reads, with the figures of the demo shop.

use serde::Deserialize;
use serde_json::json;

use crate::orders::{place, ready_cart};
use crate::support::{TestApp, fixture_tests, read};

fixture_tests!(
    the_home_shows_each_role_its_own_figures,
    the_palette_finds_orders_customers_products_and_samples,
);

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Home {
    today: Option<Vec<SiteDay>>,
    open_returns: Option<i64>,
    samples_waiting: Option<i64>,
    low_stock: Option<Vec<LowStock>>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct SiteDay {
    site_id: i64,
    orders: u64,
    revenue: String,
    revenue_text: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct LowStock {
    product_variant_id: i64,
    stock: i64,
}

async fn home_of(app: &TestApp, browser: &reqwest::Client) -> Home {
    read(
        browser
            .get(app.url("/api/backoffice/home"))
            .send()
            .await
            .unwrap(),
    )
    .await
}

async fn the_home_shows_each_role_its_own_figures(app: TestApp) {
    // Two orders today on Hoefslag NL (site 1): one paid, one waiting for its bank transfer.
    let key = app.integration_key(&["orders.fulfil"]).await;
    let cart = ready_cart(&app, 1011, 2, json!({"paymentMethodId": 6})).await;
    let (_, paid) = place(&app, &cart).await;
    let number = paid["order"]["orderNumber"].as_str().unwrap().to_owned();
    let total = paid["order"]["totalAmount"].as_str().unwrap().to_owned();
    let marked = app
        .client
        .put(app.url(&format!(
            "/api/backoffice/orders/{number}/status?status=paid"
        )))
        .header("x-api-key", &key)
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(marked.status(), 200);
    let cart = ready_cart(&app, 1021, 1, json!({"paymentMethodId": 6})).await;
    place(&app, &cart).await;

    let owner = home_of(&app, &app.signed_in_staff("owner").await).await;
    let today = owner.today.unwrap();
    let hoefslag_nl = today.iter().find(|day| day.site_id == 1).unwrap();
    assert_eq!(
        (hoefslag_nl.orders, hoefslag_nl.revenue.as_str()),
        (2, total.as_str())
    );
    // In the owner's Dutch: a decimal comma after the euro sign.
    let dutch = format!("€ {}", total.replace('.', ","));
    assert_eq!(hoefslag_nl.revenue_text, dutch);
    assert!(
        today
            .iter()
            .filter(|day| day.site_id != 1)
            .all(|day| day.orders == 0),
        "{today:?}"
    );
    assert_eq!(owner.open_returns, Some(2), "one new, one being handled");
    assert_eq!(
        owner.samples_waiting,
        Some(0),
        "every demo sample has its result"
    );
    let low: Vec<(i64, i64)> = owner
        .low_stock
        .unwrap()
        .iter()
        .map(|variant| (variant.product_variant_id, variant.stock))
        .collect();
    assert_eq!(
        low,
        [
            (1191, 0),
            (1621, 0),
            (1733, 0),
            (1522, 1),
            (1131, 2),
            (1331, 3)
        ]
    );

    let lab = home_of(&app, &app.signed_in_staff("labTechnician").await).await;
    assert!(lab.today.is_none() && lab.open_returns.is_none() && lab.low_stock.is_none());
    assert_eq!(lab.samples_waiting, Some(0));
    let warehouse = home_of(&app, &app.signed_in_staff("warehouse").await).await;
    assert!(warehouse.today.is_some() && warehouse.low_stock.is_some());
    assert!(warehouse.open_returns.is_none() && warehouse.samples_waiting.is_none());
}

#[derive(Debug, Deserialize)]
struct Found {
    results: Vec<Result>,
}

#[derive(Debug, Deserialize)]
struct Result {
    kind: String,
    title: String,
    path: String,
}

async fn found(
    app: &TestApp,
    browser: &reqwest::Client,
    text: &str,
) -> Vec<(String, String, String)> {
    let url = app.url(&format!("/api/backoffice/search?q={}", urlencode(text)));
    let answer: Found = read(browser.get(url).send().await.unwrap()).await;
    answer
        .results
        .into_iter()
        .map(|result| (result.kind, result.title, result.path))
        .collect()
}

fn urlencode(text: &str) -> String {
    url::form_urlencoded::byte_serialize(text.as_bytes()).collect()
}

async fn the_palette_finds_orders_customers_products_and_samples(app: TestApp) {
    let owner = app.signed_in_staff("owner").await;
    let by_number = found(&app, &owner, "hs-2026-000111").await;
    assert_eq!(
        by_number[0],
        (
            "order".to_owned(),
            "HS-2026-000111".to_owned(),
            "/orders/HS-2026-000111".to_owned()
        )
    );
    // The order's sample is found by its order number too.
    assert!(
        by_number
            .iter()
            .any(|(kind, title, _)| kind == "sample" && title == "Voordroog partij 3")
    );

    let by_ean = found(&app, &owner, "8719880010017").await;
    assert_eq!(by_ean.len(), 1);
    assert_eq!(
        (by_ean[0].0.as_str(), by_ean[0].2.as_str()),
        ("product", "/catalog/10")
    );

    let by_name = found(&app, &owner, "Schmidt").await;
    assert!(
        by_name
            .iter()
            .any(|(kind, title, _)| kind == "customer" && title == "Anna Schmidt")
    );
    assert!(
        by_name.iter().any(|(kind, _, _)| kind == "order"),
        "Anna's orders by her name"
    );

    // Customer service changes no products: the palette offers none.
    let service = app.signed_in_staff("customerService").await;
    assert!(found(&app, &service, "8719880010017").await.is_empty());

    // The warehouse reads no customers and no samples.
    let warehouse = app.signed_in_staff("warehouse").await;
    let kinds: Vec<String> = found(&app, &warehouse, "Schmidt")
        .await
        .into_iter()
        .map(|r| r.0)
        .collect();
    assert!(kinds.iter().all(|kind| kind == "order"), "{kinds:?}");

    // A wildcard is taken literally; one character is too short.
    assert!(found(&app, &owner, "%%").await.is_empty());
    let short = owner
        .get(app.url("/api/backoffice/search?q=a"))
        .send()
        .await
        .unwrap();
    assert_eq!(short.status(), 400);
}
