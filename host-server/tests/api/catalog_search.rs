//! Product search, product detail and reviews on the imported fixtures.

use serde_json::{Value, json};

use crate::support::catalog::{ProductDetail, ProductReviews, SearchAnswer};
use crate::support::{ApiErrorBody, TestApp, fixture_tests, read};

async fn search(app: &TestApp, site: i64, language: i64, body: Value) -> (u16, SearchAnswer) {
    app.search_products(site, language, &body).await
}

fixture_tests!(
    an_empty_search_lists_the_sites_catalog_with_facets_and_default_paging,
    landing_pages_filters_and_counts_follow_the_selection,
    full_text_search_is_stemmed_folded_and_ranked,
    sorting_and_paging_follow_the_page_info,
    sorting_by_rating_puts_the_best_rated_first_and_the_unrated_last,
    bad_search_requests_are_400s_naming_the_field,
    a_variant_shows_every_product_label_localized,
    stock_states_and_the_reminder_follow_the_site,
    variants_a_site_does_not_sell_are_404s,
    reviews_are_approved_only_newest_first_paged_and_cached
);

async fn an_empty_search_lists_the_sites_catalog_with_facets_and_default_paging(app: TestApp) {
    let (status, body) = search(&app, 1, 1, json!({})).await;
    assert_eq!(status, 200, "{body:?}");
    assert_eq!(body.total_count, 76);
    assert_eq!(body.page, 1);
    assert_eq!(body.page_size, 24);
    assert_eq!(body.page_count, 4);
    assert_eq!(body.sort, "relevance");
    assert_eq!(body.results.len(), 24);
    let keys: Vec<&str> = body.facets.iter().map(|f| f.facet_key.as_str()).collect();
    assert_eq!(
        keys,
        [
            "productGroup",
            "horseType",
            "horseAgeGroup",
            "application",
            "ingredient",
            "labour",
            "package",
            "weightClass",
            "sale",
            "new",
            "price",
            "rating"
        ]
    );
    assert_eq!(body.count_of("productGroup", "muesli"), 10);
    assert_eq!(body.count_of("sale", "yes"), 8);
    assert_eq!(body.count_of("new", "yes"), 7);
    assert_eq!(body.facet("productGroup").name, "Productgroep");
    assert_eq!(body.facet("price").min_value.as_deref(), Some("2.95"));
    assert_eq!(body.facet("price").max_value.as_deref(), Some("74.95"));
    // The first hit of catalog order: product 1 with everything a tile shows.
    let first = &body.results[0];
    assert_eq!(first.product_id, 1);
    assert_eq!(first.product_variant_id, 1011);
    assert_eq!(first.name, "Hoefslag Sport Muesli");
    assert_eq!(first.price, "32.95");
    assert_eq!(
        first.unit_price,
        json!({"perKilogram": "1.65", "per100Gram": "0.16"})
    );
    assert_eq!(
        (first.rating.average.as_deref(), first.rating.count),
        (Some("5.0"), 1)
    );
    assert_eq!(first.stock_state, "inStock");
    assert_eq!(first.url.as_deref(), Some("/muesli/hoefslag-sport-muesli/"));
    assert_eq!(first.image.as_deref(), Some("hs-sport-muesli.svg"));
}

async fn landing_pages_filters_and_counts_follow_the_selection(app: TestApp) {
    let (_, landing) = search(&app, 1, 1, json!({"landingpageId": 1})).await;
    assert_eq!(landing.total_count, 10);
    assert!(
        landing.ids().iter().all(|id| (1..=10).contains(id)),
        "{landing:?}"
    );

    let (_, sale) = search(
        &app,
        1,
        1,
        json!({"filter": {"filters": [{"facetKey": "sale", "selectedKey": "yes"}]}}),
    )
    .await;
    assert_eq!(sale.total_count, 8);
    // Ticking a value leaves the counts of its own group as they were (multi-select).
    // The selected group is compared whole, so both answers are read as JSON values too.
    let both_request = json!({"filter": {"filters": [{"facetKey": "productGroup", "selectedKeys": ["muesli", "cubes"]}]}});
    let (_, both_json): (_, Value) = app.search_products(1, 1, &both_request).await;
    let (_, all_json): (_, Value) = app.search_products(1, 1, &json!({})).await;
    let both: SearchAnswer = serde_json::from_value(both_json.clone()).unwrap();
    let all: SearchAnswer = serde_json::from_value(all_json.clone()).unwrap();
    assert_eq!(
        both.total_count,
        all.count_of("productGroup", "muesli") + all.count_of("productGroup", "cubes")
    );
    let facet = |body: &Value, key: &str| -> Value {
        body["facets"]
            .as_array()
            .unwrap()
            .iter()
            .find(|facet| facet["facetKey"] == key)
            .unwrap_or_else(|| panic!("no facet {key}"))
            .clone()
    };
    assert_eq!(facet(&both_json, "productGroup"), {
        let mut expected = facet(&all_json, "productGroup");
        for value in expected["values"].as_array_mut().unwrap() {
            let selected = value["key"] == "muesli" || value["key"] == "cubes";
            value["selected"] = json!(selected);
        }
        expected
    });
    // Other groups count within the selection.
    let labour_total: u64 = both.facet("labour").values.iter().map(|v| v.count).sum();
    assert!(labour_total >= both.total_count);

    let (_, cheap) = search(&app, 1, 1, json!({"filter": {"filters": [{"facetKey": "price", "selectedMinValue": "0", "selectedMaxValue": 3.95}]}, "pageInfo": {"sort": "price"}})).await;
    assert_eq!(cheap.ids(), [78, 72]);
    assert_eq!(
        cheap.facet("price").selected_max_value.as_deref(),
        Some("3.95")
    );
    let (_, rated) = search(&app, 1, 1, json!({"filter": {"filters": [{"facetKey": "rating", "selectedValue": 4.5}]}, "pageInfo": {"sort": "rating", "pageSize": 100}})).await;
    assert!(
        rated.results.iter().all(|hit| hit
            .rating
            .average
            .as_deref()
            .unwrap()
            .parse::<f64>()
            .unwrap()
            >= 4.5),
        "{rated:?}"
    );

    let (_, advice) = search(
        &app,
        1,
        1,
        json!({"adviceCategoryId": 1, "pageInfo": {"sort": "name"}}),
    )
    .await;
    assert!(advice.total_count >= 4);
    assert!(advice.ids().contains(&1) && advice.ids().contains(&26));
}

async fn full_text_search_is_stemmed_folded_and_ranked(app: TestApp) {
    let (_, muesli) = search(&app, 1, 1, json!({"filter": {"searchTerm": "muesli"}})).await;
    assert_eq!(muesli.total_count, 10);
    assert_eq!(muesli.search_term.as_deref(), Some("muesli"));
    let (_, biotine) = search(&app, 1, 1, json!({"filter": {"searchTerm": "Biotine"}})).await;
    let found = biotine.ids();
    assert!(
        found.len() >= 3 && [46, 47, 63].iter().all(|id| found[..3].contains(id)),
        "{found:?}"
    );
    // German: umlauts fold and plurals stem, so these find the same products.
    let (_, umlaut) = search(&app, 3, 3, json!({"filter": {"searchTerm": "Müsli"}})).await;
    let (_, plain) = search(&app, 3, 3, json!({"filter": {"searchTerm": "musli"}})).await;
    assert_eq!(umlaut.total_count, 9);
    assert_eq!(umlaut.ids(), plain.ids());
    // Article numbers are searchable; query syntax is text; nothing found is an empty page.
    let (_, article) = search(&app, 1, 1, json!({"filter": {"searchTerm": "hs-026-1"}})).await;
    assert_eq!(article.ids()[0], 26);
    let (status, syntax) = search(
        &app,
        1,
        1,
        json!({"filter": {"searchTerm": "muesli AND (\"title:"}}),
    )
    .await;
    assert_eq!(status, 200);
    assert!(syntax.total_count >= 10);
    // A typo, and the first part of a compound word, still find: "musli" finds every Muesli,
    // "zout" the Zoutliksteen; found as typed, a word is not widened ("sport" is not "spot").
    let (_, typo) = search(&app, 1, 1, json!({"filter": {"searchTerm": "musli"}})).await;
    let sorted = |mut ids: Vec<i64>| {
        ids.sort_unstable();
        ids
    };
    assert_eq!(sorted(typo.ids()), sorted(muesli.ids()));
    let (_, typo_and_word) =
        search(&app, 1, 1, json!({"filter": {"searchTerm": "sport musli"}})).await;
    assert_eq!(typo_and_word.ids()[0], 1);
    let (_, part) = search(&app, 1, 1, json!({"filter": {"searchTerm": "zout"}})).await;
    assert_eq!(part.ids(), [70]);
    // The catalog's synonyms: no Dutch text says "alfalfa", yet it finds what "luzerne" finds.
    let every = |term: &str| json!({"filter": {"searchTerm": term}, "pageInfo": {"pageSize": 100}});
    let (_, luzerne) = search(&app, 1, 1, every("luzerne")).await;
    let (_, alfalfa) = search(&app, 1, 1, every("alfalfa")).await;
    assert!(luzerne.ids().contains(&19), "{:?}", luzerne.ids());
    assert_eq!(sorted(alfalfa.ids()), sorted(luzerne.ids()));
    // A synonym of a word of the name ranks as the name: the product named Luzerne comes first.
    assert_eq!(alfalfa.ids()[0], 19);
    let (_, none) = search(&app, 1, 1, json!({"filter": {"searchTerm": "zzzqqq"}})).await;
    assert_eq!(none.total_count, 0);
    assert_eq!(none.page_count, 0);
    assert_eq!(none.count_of("productGroup", "muesli"), 0);
}

async fn sorting_and_paging_follow_the_page_info(app: TestApp) {
    let (_, by_price) = search(
        &app,
        1,
        1,
        json!({"pageInfo": {"sort": "price", "pageSize": 3}}),
    )
    .await;
    assert_eq!(by_price.ids(), [78, 72, 70]);
    assert_eq!(by_price.page_count, 26);
    let (_, expensive) = search(
        &app,
        1,
        1,
        json!({"pageInfo": {"sort": "price", "descending": true, "pageSize": 2}}),
    )
    .await;
    assert_eq!(expensive.ids(), [48, 60]);
    let (_, last) = search(&app, 1, 1, json!({"pageInfo": {"page": 4}})).await;
    assert_eq!(last.results.len(), 4);
    let (_, past) = search(&app, 1, 1, json!({"pageInfo": {"page": 9}})).await;
    assert!(past.results.is_empty(), "{past:?}");
    assert_eq!(past.total_count, 76);
    let (_, names) = search(
        &app,
        1,
        1,
        json!({"pageInfo": {"sort": "name", "pageSize": 100}}),
    )
    .await;
    let list: Vec<String> = names
        .results
        .iter()
        .map(|hit| hit.name.to_lowercase())
        .collect();
    assert!(list.windows(2).all(|pair| pair[0] <= pair[1]));
    let (_, newest) = search(
        &app,
        1,
        1,
        json!({"pageInfo": {"sort": "newest", "pageSize": 7}}),
    )
    .await;
    let (_, new) = search(&app, 1, 1, json!({"filter": {"filters": [{"facetKey": "new", "selectedKey": "yes"}]}, "pageInfo": {"sort": "newest"}})).await;
    assert_eq!(newest.ids(), new.ids());
}

async fn sorting_by_rating_puts_the_best_rated_first_and_the_unrated_last(app: TestApp) {
    let ratings = |body: &SearchAnswer| -> Vec<Option<f64>> {
        body.results
            .iter()
            .map(|hit| {
                hit.rating
                    .average
                    .as_deref()
                    .map(|average| average.parse().unwrap())
            })
            .collect()
    };
    let best_first = |list: &[Option<f64>]| {
        let rated = list.iter().take_while(|rating| rating.is_some()).count();
        assert!(rated > 0, "{list:?}");
        assert!(
            list[rated..].iter().all(Option::is_none),
            "unrated in between: {list:?}"
        );
        list[..rated].to_vec()
    };
    for page_info in [
        json!({"sort": "rating", "descending": true, "pageSize": 100}),
        json!({"sort": "rating", "pageSize": 100}),
    ] {
        let (_, body) = search(&app, 1, 1, json!({ "pageInfo": page_info })).await;
        let rated = best_first(&ratings(&body));
        assert!(
            rated.windows(2).all(|pair| pair[0] >= pair[1]),
            "{page_info}: {rated:?}"
        );
        assert_eq!(body.total_count, 76);
    }
    // Lowest first when asked, and still the unrated last.
    let (_, ascending) = search(
        &app,
        1,
        1,
        json!({"pageInfo": {"sort": "rating", "descending": false, "pageSize": 100}}),
    )
    .await;
    let rated = best_first(&ratings(&ascending));
    assert!(rated.windows(2).all(|pair| pair[0] <= pair[1]), "{rated:?}");
}

async fn bad_search_requests_are_400s_naming_the_field(app: TestApp) {
    for (body, field) in [
        (
            json!({"filter": {"filters": [{"facetKey": "colour", "selectedKeys": ["red"]}]}}),
            "filter.filters[0]",
        ),
        (
            json!({"filter": {"filters": [{"facetKey": "productGroup", "selectedKeys": ["pizza"]}]}}),
            "filter.filters[0]",
        ),
        (
            json!({"filter": {"filters": [{"facetKey": "productGroup", "selectedKeys": ["muesli"], "selectedKey": "cubes"}]}}),
            "filter.filters[0]",
        ),
        (
            json!({"filter": {"filters": [{"facetKey": "productGroup", "selectedMinValue": 1}]}}),
            "filter.filters[0]",
        ),
        (
            json!({"filter": {"filters": [{"facetKey": "price", "selectedMinValue": "9", "selectedMaxValue": "2"}]}}),
            "filter.filters[0]",
        ),
        (
            json!({"filter": {"filters": [{"facetKey": "rating", "selectedValue": 6}]}}),
            "filter.filters[0]",
        ),
        (
            json!({"filter": {"filters": [{"facetKey": "price", "selectedMinValue": "cheap"}]}}),
            "filter.filters[0]",
        ),
        (json!({"pageInfo": {"sort": "colour"}}), "pageInfo.sort"),
        (json!({"pageInfo": {"pageSize": 0}}), "pageInfo"),
        (json!({"pageInfo": {"page": 0}}), "pageInfo"),
        (json!({"pageInfo": {"pageSize": 101}}), "pageInfo"),
        (json!({"landingpageId": 99}), "landingpageId"),
        (json!({"adviceCategoryId": 99}), "adviceCategoryId"),
        (json!({"pageInfo": {"page": "two"}}), "pageInfo.page"),
    ] {
        let (status, error): (_, ApiErrorBody) = app.search_products(1, 1, &body).await;
        assert_eq!(status, 400, "{body} gave {error:?}");
        assert!(error.fields.contains_key(field), "{body} gave {error:?}");
    }
    let (status, _): (_, ApiErrorBody) = app.search_products(1, 1, &json!({"colour": "red"})).await;
    assert_eq!(status, 400);
    // Grains are not sold in Austria, so its landing page is not on site 4.
    let (status, _): (_, ApiErrorBody) = app
        .search_products(4, 8, &json!({"landingpageId": 5}))
        .await;
    assert_eq!(status, 400);
    let missing_headers = app.post_json("/api/products/search", &json!({})).await;
    assert_eq!(missing_headers.status(), 400);
    let not_json = app
        .client
        .post(app.url("/api/products/search"))
        .header("siteid", "1")
        .header("languageid", "1")
        .body("{")
        .send()
        .await
        .unwrap();
    assert_eq!(not_json.status(), 400);
}

async fn a_variant_shows_every_product_label_localized(app: TestApp) {
    let response = app.get_in(1, 1, "/api/products/variant/1261").await;
    assert_eq!(response.status(), 200);
    let body: ProductDetail = read(response).await;
    assert_eq!(body.product_id, 26);
    assert_eq!(body.name.as_deref(), Some("Hoefslag Balancer"));
    assert_eq!(body.article_number, "HS-026-1");
    assert_eq!(body.ean, "8719870026011");
    assert_eq!(body.brand, "Hoefslag");
    assert_eq!(body.packaging, "bag");
    assert_eq!(body.content, json!({"amount": "15", "unit": "kg"}));
    assert_eq!(body.weight_kg, 15.2);
    assert_eq!(
        body.dimensions_cm,
        json!({"length": 65.0, "width": 45.0, "height": 12.0})
    );
    assert_eq!(body.quantity_per_pallet, 50);
    assert_eq!(body.shelf_life_months, Some(6));
    assert_eq!(body.delivery_time, json!({"minDays": 1, "maxDays": 2}));
    assert_eq!(body.energy_level.as_deref(), Some("low"));
    assert_eq!(
        (body.rating.average.as_deref(), body.rating.count),
        (Some("4.0"), 1)
    );
    assert_eq!(body.price, "42.95");
    assert_eq!(
        body.unit_price,
        json!({"perKilogram": "2.86", "per100Gram": "0.29"})
    );
    assert_eq!(body.stock.state, "inStock");
    assert!(
        body.composition
            .as_deref()
            .unwrap()
            .starts_with("Luzerne, sojaschroot")
    );
    assert_eq!(
        body.nutrients[0],
        json!({"nutrient": "dryMatterPercent", "group": "analysis", "amount": 90.0, "unit": "%"})
    );
    assert_eq!(
        body.nutrients[1],
        json!({"nutrient": "crudeProtein", "group": "analysis", "amount": 259.0, "unit": "g/kg"})
    );
    assert_eq!(body.image.as_deref(), Some("hs-balancer.svg"));
    assert_eq!(
        body.images,
        [
            "hs-balancer.svg",
            "hs-balancer-back.svg",
            "hs-balancer-feed.svg"
        ]
    );
    assert_eq!(body.other_variants.len(), 1);
    assert_eq!(body.other_variants[0].product_variant_id, 1262);
    assert_eq!(body.other_variants[0].price, "18.95");
    assert!(
        body.url.as_deref().unwrap().ends_with("/hs-026-1/"),
        "{:?}",
        body.url
    );

    let english = app.product_variant(1, 2, 1261).await;
    let composition = english.composition.as_deref().unwrap();
    assert!(
        composition.starts_with("Lucerne") || composition.starts_with("Alfalfa"),
        "{composition}"
    );
}

async fn stock_states_and_the_reminder_follow_the_site(app: TestApp) {
    let out = app.product_variant(1, 1, 1191).await.stock;
    assert_eq!(
        (
            out.state.as_str(),
            out.orderable,
            out.stock_reminder_available,
            out.enable_stock_reminder_feature
        ),
        ("outOfStock", false, true, true)
    );
    let estonia = app.product_variant(9, 12, 1191).await;
    assert!(!estonia.stock.stock_reminder_available);
    let low = app.product_variant(1, 1, 1131).await;
    assert_eq!(low.stock.state, "low");
    let (_, listed) = search(&app, 1, 1, json!({"filter": {"searchTerm": "HS-019-1"}})).await;
    assert_eq!(listed.results[0].stock_state, "outOfStock");
}

async fn variants_a_site_does_not_sell_are_404s(app: TestApp) {
    assert_eq!(
        app.get_in(30, 2, "/api/products/variant/1011")
            .await
            .status(),
        404
    );
    assert_eq!(
        app.get_in(1, 1, "/api/products/variant/999999")
            .await
            .status(),
        404
    );
    assert_eq!(
        app.get_in(1, 1, "/api/products/variant/abc").await.status(),
        400
    );
    assert_eq!(app.get("/api/products/variant/1011").await.status(), 400);
}

async fn reviews_are_approved_only_newest_first_paged_and_cached(app: TestApp) {
    let response = app.get("/api/products/78/reviews?ps=2").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "public, max-age=900");
    let body: ProductReviews = read(response).await;
    assert_eq!(body.average_rating.as_deref(), Some("4.0"));
    assert_eq!(body.review_count, 5);
    assert_eq!(body.page_count, 3);
    let reviews = &body.reviews;
    assert_eq!(reviews.len(), 2);
    assert_eq!(reviews[0].review_id, 150);
    assert_eq!(reviews[0].reviewer_name, "Julien");
    assert_eq!(reviews[0].title, "Bonne qualité");
    assert_eq!(reviews[0].rating, 4);
    assert_eq!(reviews[0].created_at, "2026-08-21T12:00:00Z");
    assert_eq!(reviews[1].review_id, 149);
    let last = app.product_reviews(78, "?p=3&ps=2").await;
    assert_eq!(last.reviews.len(), 1);

    assert_eq!(app.get("/api/products/999/reviews").await.status(), 404);
    assert_eq!(app.get("/api/products/x/reviews").await.status(), 400);
    let bad = app.get("/api/products/78/reviews?p=0").await;
    assert_eq!(bad.status(), 400);
    assert!(read::<ApiErrorBody>(bad).await.fields.contains_key("p"));
    assert_eq!(
        app.get("/api/products/78/reviews?ps=500").await.status(),
        400
    );
    assert_eq!(
        app.get("/api/products/78/reviews?ps=ten").await.status(),
        400
    );
}
