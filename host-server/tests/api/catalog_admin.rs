//! The back office's catalog: products found by name or article number for whoever changes
//! products, stock or prices; one product with what each culture lacks and the culture its
//! visitors read instead; a product's texts changed, shown in the storefront and its search
//! at once and kept in the audit trail; bad changes refused field by field.

use serde::Deserialize;
use serde_json::{Value, json};

use crate::support::catalog::SearchAnswer;
use crate::support::{ApiErrorBody, TestApp, fixture_tests, read};

fixture_tests!(
    the_catalog_finds_products_for_whoever_changes_them,
    a_product_shows_what_each_culture_lacks_and_what_its_visitors_read,
    changed_texts_show_in_the_storefront_and_the_trail,
    bad_text_changes_are_refused_and_change_nothing,
    a_price_scheduled_for_a_later_day_is_applied_on_its_day_once,
    prices_need_prices_edit_and_stock_needs_stock_edit,
    a_barcode_is_checked_by_its_check_digit_and_belongs_to_one_variant,
    the_catalog_is_exported_as_csv_with_the_lists_search,
);

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ProductList {
    total: i64,
    products: Vec<ProductSummary>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ProductSummary {
    product_id: i64,
    product_key: String,
    name: Option<String>,
    variants: Vec<Variant>,
    incomplete_cultures: Vec<String>,
}

#[derive(Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Variant {
    product_variant_id: i64,
    article_number: String,
    ean: String,
    label: String,
    price: String,
    price_text: String,
    stock: Option<i64>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ProductRecord {
    texts: Vec<CultureTexts>,
    variants: Vec<VariantRecord>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct CultureTexts {
    culture: String,
    name: Option<String>,
    composition: Option<String>,
    missing: Vec<MissingText>,
    complete: bool,
}

#[derive(Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct MissingText {
    field: String,
    shown_from: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct VariantRecord {
    product_variant_id: i64,
    price: String,
    price_history: Vec<PricePoint>,
    scheduled_prices: Vec<PricePoint>,
}

#[derive(Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct PricePoint {
    valid_from: String,
    price: String,
    price_text: String,
}

impl ProductRecord {
    fn culture(&self, culture: &str) -> &CultureTexts {
        self.texts
            .iter()
            .find(|texts| texts.culture == culture)
            .unwrap_or_else(|| panic!("no texts of {culture}"))
    }
}

async fn get(app: &TestApp, client: &reqwest::Client, path: &str) -> reqwest::Response {
    client.get(app.url(path)).send().await.unwrap()
}

async fn put_texts(
    app: &TestApp,
    client: &reqwest::Client,
    path: &str,
    body: &Value,
) -> reqwest::Response {
    client.put(app.url(path)).json(body).send().await.unwrap()
}

fn missing(field: &str, shown_from: &str) -> MissingText {
    MissingText {
        field: field.to_owned(),
        shown_from: Some(shown_from.to_owned()),
    }
}

async fn the_catalog_finds_products_for_whoever_changes_them(app: TestApp) {
    let warehouse = app.signed_in_staff("warehouse").await;
    let found: ProductList =
        read(get(&app, &warehouse, "/api/backoffice/products?q=HS-001-1").await).await;
    assert_eq!(found.total, 1);
    let product = &found.products[0];
    assert_eq!(
        (
            product.product_id,
            product.product_key.as_str(),
            product.name.as_deref()
        ),
        (1, "hs-sport-muesli", Some("Hoefslag Sport Muesli"))
    );
    assert_eq!(
        product.variants,
        [Variant {
            product_variant_id: 1011,
            article_number: "HS-001-1".to_owned(),
            ean: "8719870001018".to_owned(),
            label: "20 kg".to_owned(),
            price: "32.95".to_owned(),
            // As the engine writes it for the member, who works in Dutch.
            price_text: "€ 32,95".to_owned(),
            stock: Some(272),
        }]
    );
    // Long description and composition are in Dutch, English, German, Danish and French only.
    assert_eq!(
        product.incomplete_cultures,
        ["cs", "es", "et", "it", "pl", "pt", "sv"]
    );
    // By a name in another culture, in any letter case; by EAN.
    let by_name: ProductList = read(
        get(
            &app,
            &warehouse,
            "/api/backoffice/products?q=SPORT%20M%C3%9CSLI",
        )
        .await,
    )
    .await;
    assert!(
        by_name
            .products
            .iter()
            .any(|product| product.product_id == 1)
    );
    let by_ean: ProductList =
        read(get(&app, &warehouse, "/api/backoffice/products?q=8719870001018").await).await;
    assert_eq!(by_ean.products.len(), 1);
    let all: ProductList = read(get(&app, &warehouse, "/api/backoffice/products?ps=5").await).await;
    assert_eq!(all.products.len(), 5);
    assert!(all.total > 5);

    let content = app.signed_in_staff("contentEditor").await;
    assert_eq!(
        get(&app, &content, "/api/backoffice/products")
            .await
            .status(),
        200
    );
    // Customer service changes neither products, stock nor prices.
    let service = app.signed_in_staff("customerService").await;
    assert_eq!(
        get(&app, &service, "/api/backoffice/products")
            .await
            .status(),
        403
    );
    assert_eq!(
        get(&app, &app.client, "/api/backoffice/products")
            .await
            .status(),
        401
    );
    let long = format!("/api/backoffice/products?q={}", "a".repeat(101));
    assert_eq!(get(&app, &warehouse, &long).await.status(), 400);
}

async fn a_product_shows_what_each_culture_lacks_and_what_its_visitors_read(app: TestApp) {
    let owner = app.signed_in_staff("owner").await;
    let product: ProductRecord = read(get(&app, &owner, "/api/backoffice/products/1").await).await;
    assert_eq!(product.texts.len(), 15);
    let dutch = product.culture("nl");
    assert!(dutch.complete && dutch.missing.is_empty());
    assert!(dutch.composition.is_some());
    // Polish visitors read the long texts in English, the next of the chain.
    let polish = product.culture("pl");
    assert_eq!(polish.name.as_deref(), Some("Hoefslag Musli Sport"));
    assert_eq!(
        polish.missing,
        [
            missing("longDescription", "en"),
            missing("composition", "en")
        ]
    );
    assert!(!polish.complete);
    // Austrian visitors read German: nothing of their own, yet complete.
    let austrian = product.culture("de-AT");
    assert_eq!(austrian.missing.len(), 4);
    assert!(
        austrian
            .missing
            .iter()
            .all(|text| text.shown_from.as_deref() == Some("de"))
    );
    assert!(austrian.complete);
    // The price history: the demo shop's prices since its import.
    assert_eq!(product.variants[0].product_variant_id, 1011);
    assert_eq!(product.variants[0].price_history.len(), 1);
    assert_eq!(product.variants[0].price_history[0].price, "32.95");

    assert_eq!(
        get(&app, &owner, "/api/backoffice/products/999999")
            .await
            .status(),
        404
    );
    assert_eq!(
        get(&app, &owner, "/api/backoffice/products/x")
            .await
            .status(),
        400
    );
}

async fn changed_texts_show_in_the_storefront_and_the_trail(app: TestApp) {
    let content = app.signed_in_staff("contentEditor").await;
    let body = json!({
        "name": "  Hoefslag Sport Müsli Galopp ",
        "shortDescription": "Für Sportpferde.",
        "longDescription": "Mehr **Energie**.",
        "composition": ""
    });
    let response = put_texts(&app, &content, "/api/backoffice/products/1/texts/de", &body).await;
    assert_eq!(response.status(), 200);
    let product: ProductRecord = read(response).await;
    let german = product.culture("de");
    assert_eq!(german.name.as_deref(), Some("Hoefslag Sport Müsli Galopp"));
    // An empty text is none: German visitors read the composition in English now.
    assert_eq!(german.composition, None);
    assert_eq!(german.missing, [missing("composition", "en")]);

    let page = app.product_variant(3, 3, 1011).await;
    assert_eq!(page.name.as_deref(), Some("Hoefslag Sport Müsli Galopp"));
    let (status, found): (u16, SearchAnswer) = app
        .search_products(3, 3, &json!({"filter": {"searchTerm": "galopp"}}))
        .await;
    assert_eq!(status, 200);
    assert_eq!(found.ids(), [1]);

    let owner = app.signed_in_staff("owner").await;
    let trail: Value = read(
        get(
            &app,
            &owner,
            "/api/backoffice/audit?entityType=product&entityId=1",
        )
        .await,
    )
    .await;
    assert_eq!(trail["total"], 1);
    let entry = &trail["entries"][0];
    assert_eq!(entry["action"], "product.texts");
    assert_eq!(entry["actor"]["kind"], "staff");
    let fields: Vec<(&str, Option<&str>, Option<&str>)> = entry["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|change| {
            (
                change["field"].as_str().unwrap(),
                change["before"].as_str(),
                change["after"].as_str(),
            )
        })
        .collect();
    assert_eq!(
        fields[0],
        (
            "de.name",
            Some("Hoefslag Sport Müsli"),
            Some("Hoefslag Sport Müsli Galopp")
        )
    );
    assert_eq!(fields.len(), 4);
    assert_eq!(fields[3].0, "de.composition");
    assert_eq!(fields[3].2, None);
}

async fn bad_text_changes_are_refused_and_change_nothing(app: TestApp) {
    let content = app.signed_in_staff("contentEditor").await;
    let path = "/api/backoffice/products/1/texts/nl";
    let refused = |body: Value| {
        let content = content.clone();
        let app = &app;
        async move {
            let response = put_texts(app, &content, path, &body).await;
            let status = response.status().as_u16();
            let body: ApiErrorBody = response.json().await.unwrap();
            (status, body)
        }
    };
    let (status, body) = refused(json!({"name": " ", "shortDescription": null, "longDescription": null, "composition": null})).await;
    assert_eq!(status, 400);
    assert_eq!(body.field_keys(), ["name"], "{body:?}");
    let (status, body) = refused(json!({"name": "x".repeat(151), "shortDescription": "y".repeat(501), "longDescription": null, "composition": null})).await;
    assert_eq!(status, 400);
    assert_eq!(body.field_keys(), ["name", "shortDescription"], "{body:?}");
    let (status, _) = refused(json!({"name": "Muesli", "colour": "red"})).await;
    assert_eq!(status, 400);
    let other = json!({"name": "Muesli", "shortDescription": null, "longDescription": null, "composition": null});
    assert_eq!(
        put_texts(
            &app,
            &content,
            "/api/backoffice/products/1/texts/xx",
            &other
        )
        .await
        .status(),
        400
    );
    assert_eq!(
        put_texts(
            &app,
            &content,
            "/api/backoffice/products/999999/texts/nl",
            &other
        )
        .await
        .status(),
        404
    );
    let warehouse = app.signed_in_staff("warehouse").await;
    assert_eq!(
        put_texts(&app, &warehouse, path, &other).await.status(),
        403
    );

    let page = app.product_variant(1, 1, 1011).await;
    assert_eq!(page.name.as_deref(), Some("Hoefslag Sport Muesli"));
}

/// A price from a day on, with its text as the engine writes it for the owner (in Dutch).
fn point(valid_from: &str, price: &str) -> PricePoint {
    PricePoint {
        valid_from: valid_from.to_owned(),
        price: price.to_owned(),
        price_text: format!("€ {}", price.replace('.', ",")),
    }
}

async fn a_price_scheduled_for_a_later_day_is_applied_on_its_day_once(app: TestApp) {
    let owner = app.signed_in_staff("owner").await;
    let today = host_server::platform::clock::today();
    let day = |days: i64| {
        engine::locale::CalendarDate::parse_iso(&today)
            .unwrap()
            .plus_days(days)
            .unwrap()
            .to_iso()
    };
    let schedule = |valid_from: String, price: &str| {
        let body = json!({"price": price, "validFrom": valid_from});
        owner
            .post(app.url("/api/backoffice/variants/1011/scheduled-prices"))
            .json(&body)
            .send()
    };
    let response = schedule(day(7), "30.95").await.unwrap();
    assert_eq!(response.status(), 201);
    assert_eq!(schedule(day(14), "31.95").await.unwrap().status(), 201);
    // Today's price is changed directly; a day that is no date is refused.
    let refused: ApiErrorBody = read_refusal(schedule(today.clone(), "30.95").await.unwrap()).await;
    assert_eq!(refused.field_keys(), ["validFrom"]);
    let refused: ApiErrorBody =
        read_refusal(schedule("31-12-2026".to_owned(), "30.95").await.unwrap()).await;
    assert_eq!(refused.field_keys(), ["validFrom"]);
    let refused: ApiErrorBody = read_refusal(schedule(day(7), "-1").await.unwrap()).await;
    assert_eq!(refused.field_keys(), ["price"]);
    let warehouse = app.signed_in_staff("warehouse").await;
    let denied = warehouse
        .post(app.url("/api/backoffice/variants/1011/scheduled-prices"))
        .json(&json!({"price": "1.00", "validFrom": day(7)}))
        .send()
        .await
        .unwrap();
    assert_eq!(denied.status(), 403);

    let product: ProductRecord = read(get(&app, &owner, "/api/backoffice/products/1").await).await;
    assert_eq!(
        product.variants[0].scheduled_prices,
        [point(&day(7), "30.95"), point(&day(14), "31.95")]
    );
    // Not yet: the shop still sells at 32.95.
    let state = app.state().await;
    let apply = host_server::catalog::admin::scheduled_prices::apply_due_prices;
    assert_eq!(apply(&state).await.unwrap(), 0);
    assert_eq!(app.product_variant(1, 1, 1011).await.price, "32.95");

    // The first one's day comes (moved to today here); it is applied once, by whichever round
    // comes first.
    sqlx::query("UPDATE scheduled_prices SET valid_from = $1 WHERE valid_from = $2")
        .bind(&today)
        .bind(day(7))
        .execute(state.db.pool())
        .await
        .unwrap();
    assert_eq!(apply(&state).await.unwrap(), 1);
    assert_eq!(apply(&state).await.unwrap(), 0);
    assert_eq!(app.product_variant(1, 1, 1011).await.price, "30.95");
    let product: ProductRecord = read(get(&app, &owner, "/api/backoffice/products/1").await).await;
    let variant = &product.variants[0];
    assert_eq!(variant.price, "30.95");
    assert_eq!(variant.scheduled_prices, [point(&day(14), "31.95")]);
    assert!(variant.price_history.contains(&point(&today, "30.95")));
    let trail: Value = read(
        get(
            &app,
            &owner,
            "/api/backoffice/audit?entityType=variant&entityId=1011",
        )
        .await,
    )
    .await;
    let newest = &trail["entries"][0];
    assert_eq!(
        (
            newest["action"].as_str(),
            newest["actor"]["kind"].as_str(),
            newest["actor"]["name"].as_str()
        ),
        (
            Some("variant.changed"),
            Some("system"),
            Some("housekeeping")
        )
    );

    // The second one is cancelled, as the back office sends it: with a JSON body, which no
    // other site can make a browser send.
    let path = format!("/api/backoffice/variants/1011/scheduled-prices/{}", day(14));
    let cancel = || owner.delete(app.url(&path)).json(&json!({})).send();
    assert_eq!(cancel().await.unwrap().status(), 204);
    assert_eq!(cancel().await.unwrap().status(), 404);
    let product: ProductRecord = read(get(&app, &owner, "/api/backoffice/products/1").await).await;
    assert!(product.variants[0].scheduled_prices.is_empty());
}

async fn read_refusal(response: reqwest::Response) -> ApiErrorBody {
    assert_eq!(response.status(), 400);
    response.json().await.unwrap()
}

async fn prices_need_prices_edit_and_stock_needs_stock_edit(app: TestApp) {
    let change = |key: String, body: Value| {
        app.client
            .put(app.url("/api/backoffice/variants/1011"))
            .header("x-api-key", key)
            .json(&body)
            .send()
    };
    let prices = app.integration_key(&["prices.edit"]).await;
    let stock = app.integration_key(&["stock.edit"]).await;
    let status = |response: reqwest::Response| response.status().as_u16();
    assert_eq!(
        status(
            change(prices.clone(), json!({"price": "33.95"}))
                .await
                .unwrap()
        ),
        200
    );
    assert_eq!(
        status(change(prices.clone(), json!({"stock": 5})).await.unwrap()),
        403
    );
    assert_eq!(
        status(change(stock.clone(), json!({"stock": 5})).await.unwrap()),
        200
    );
    assert_eq!(
        status(change(stock, json!({"price": "1.00"})).await.unwrap()),
        403
    );
    let page = app.product_variant(1, 1, 1011).await;
    assert_eq!(page.price, "33.95");
}

async fn a_barcode_is_checked_by_its_check_digit_and_belongs_to_one_variant(app: TestApp) {
    let content = app.signed_in_staff("contentEditor").await;
    let change = |client: &reqwest::Client, ean: &str| {
        client
            .put(app.url("/api/backoffice/variants/1011/ean"))
            .json(&json!({ "ean": ean }))
            .send()
    };
    // 8719870001995: the check digit of 871987000199 is 5.
    let refused = change(&content, "8719870001998").await.unwrap();
    let body = read_refusal(refused).await;
    assert_eq!(body.field_keys(), ["ean"]);
    assert_eq!(
        body.first_message("ean"),
        Some("ean: the check digit is 8; the other digits give 5")
    );
    let refused = read_refusal(change(&content, "87198700019").await.unwrap()).await;
    assert_eq!(
        refused.first_message("ean"),
        Some("ean: an EAN-13 is 13 digits")
    );
    // Sport Muesli's neighbour, Senior Muesli (1021), has this one already.
    let taken = app.product_variant(1, 1, 1021).await.ean;
    let refused = read_refusal(change(&content, &taken).await.unwrap()).await;
    assert_eq!(refused.field_keys(), ["ean"]);

    let response = change(&content, " 8719870001995 ").await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(app.product_variant(1, 1, 1011).await.ean, "8719870001995");
    // The warehouse counts stock; it does not relabel.
    let warehouse = app.signed_in_staff("warehouse").await;
    assert_eq!(
        change(&warehouse, "4006381333931").await.unwrap().status(),
        403
    );
}

async fn the_catalog_is_exported_as_csv_with_the_lists_search(app: TestApp) {
    let prices = app.integration_key(&["prices.edit"]).await;
    let export = |key: &str, query: &str| {
        let path = format!("/api/backoffice/products/export{query}");
        let key = key.to_owned();
        let app = &app;
        async move { app.csv_with_key(&key, &path, "catalog.csv").await }
    };
    assert_eq!(
        export(&prices, "?q=HS-001-1").await,
        (
            200,
            "product_id,product_key,name,brand,product_group,product_variant_id,article_number,ean,variant,price,stock\n\
             1,hs-sport-muesli,Hoefslag Sport Muesli,Hoefslag,muesli,1011,HS-001-1,8719870001018,20 kg,32.95,272\n"
                .to_owned()
        )
    );
    // Every product, a page of products at a time: a row per variant, the header once.
    let (_, all) = export(&prices, "").await;
    assert_eq!(all.matches("product_id,").count(), 1);
    assert_eq!(
        all.lines().count(),
        1 + 106,
        "one row per variant of the fixtures"
    );
    let (_, nothing) = export(&prices, "?q=zzzqqq").await;
    assert_eq!(nothing.lines().count(), 1);
    // Compressed, as browsers ask for it, it arrives whole.
    let (status, length) = app
        .gzipped_length_with_key(&prices, "/api/backoffice/products/export")
        .await;
    assert_eq!(status, 200);
    assert!(length > 0);
    let desk = app.integration_key(&["orders.read"]).await;
    assert_eq!(export(&desk, "").await.0, 403);
}
