//! Sites, countries, languages and routing on the imported fixtures.

use serde_json::{Value, json};

use crate::support::{TestApp, fixture_tests};

fixture_tests!(
    a_site_is_found_by_domain_alias_and_id_with_a_long_cache,
    unknown_sites_and_bad_input_are_clear_errors,
    the_localization_check_offers_the_site_of_the_visitors_country,
    countries_and_languages_are_served_localized,
    routing_resolves_every_page_type_and_back,
    redirects_trailing_slashes_and_unknown_paths
);

async fn a_site_is_found_by_domain_alias_and_id_with_a_long_cache(app: TestApp) {
    let response = app
        .get("/api/sites/getbydomain?domain=de.hoefslag.localhost")
        .await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "public, max-age=900");
    let site: Value = response.json().await.unwrap();
    assert_eq!(site["siteId"], 3);
    assert_eq!(site["languages"][0]["culture"], "de");
    assert_eq!(site["fallbackLanguageId"], 3);
    assert_eq!(site["vatPercentageLow"], "7");
    assert_eq!(site["customerServiceTitle"], "Kundenservice");
    assert_eq!(site["autoRedirectIfNotInSameCountry"], true);

    let alias: Value = app
        .get("/api/sites/getbydomain?domain=localhost:8080")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(alias["siteId"], 1);
    assert_eq!(alias["currencyCode"], "EUR");

    let by_id: Value = app.get("/api/Sites/5").await.json().await.unwrap();
    assert_eq!(by_id["domain"], "dk.hoefslag.localhost");
    assert_eq!(by_id["currencyCode"], "DKK");
    let all: Vec<Value> = app.get("/api/Sites").await.json().await.unwrap();
    assert_eq!(all.len(), 17);
}

async fn unknown_sites_and_bad_input_are_clear_errors(app: TestApp) {
    assert_eq!(app.get("/api/Sites/999").await.status(), 404);
    assert_eq!(app.get("/api/Sites/abc").await.status(), 400);
    assert_eq!(
        app.get("/api/sites/getbydomain?domain=nowhere.example")
            .await
            .status(),
        404
    );
    let missing = app.get("/api/sites/getbydomain").await;
    assert_eq!(missing.status(), 400);
    let body: Value = missing.json().await.unwrap();
    assert!(body["fieldErrors"]["domain"].is_array(), "{body}");
}

async fn the_localization_check_offers_the_site_of_the_visitors_country(app: TestApp) {
    let response = app.post("/api/Sites?url=http%3A%2F%2Fde.hoefslag.localhost%2Fmusli%2F%3Fmailplus_id%3D7&countryCode=DK").await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        body["redirectUrl"],
        "http://dk.hoefslag.localhost/?mailplus_id=7"
    );
    assert_eq!(body["availableQueryParameters"], json!(["mailplus_id"]));
    // Same country, or a site that does not redirect (Hoefslag NL): no redirect.
    let same: Value = app
        .post("/api/Sites?url=http%3A%2F%2Fde.hoefslag.localhost%2F&countryCode=de")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(same["redirectUrl"], Value::Null);
    let nl: Value = app
        .post("/api/Sites?url=http%3A%2F%2Fhoefslag.localhost%2F&countryCode=DE")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(nl["redirectUrl"], Value::Null);
    let bad = app.post("/api/Sites?url=not-a-url&countryCode=DEU").await;
    assert_eq!(bad.status(), 400);
    let missing: Value = app.post("/api/Sites").await.json().await.unwrap();
    assert!(
        missing["fieldErrors"]["url"].is_array()
            && missing["fieldErrors"]["countryCode"].is_array(),
        "{missing}"
    );
}

async fn countries_and_languages_are_served_localized(app: TestApp) {
    let countries: Vec<Value> = app.get("/api/countries").await.json().await.unwrap();
    assert_eq!(countries.len(), 19);
    assert_eq!(
        countries[0],
        json!({"countryId": 1, "name": "Netherlands", "regionCode": "NL"})
    );
    let german: Vec<Value> = app
        .get_in(3, 3, "/api/countries/localizedname")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(german[0]["name"], "Niederlande");
    let one = app.get_in(5, 4, "/api/countries/3/localizedname").await;
    assert_eq!(one.headers()["cache-control"], "public, max-age=900");
    assert_eq!(one.json::<Value>().await.unwrap()["name"], "Tyskland");
    assert_eq!(app.get("/api/countries/77").await.status(), 404);
    assert_eq!(app.get("/api/countries/x").await.status(), 400);

    let languages: Vec<Value> = app.get("/api/language").await.json().await.unwrap();
    assert_eq!(languages.len(), 15);
    let site_languages: Vec<Value> = app
        .get_in(2, 6, "/api/language")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        site_languages
            .iter()
            .map(|l| l["culture"].as_str().unwrap())
            .collect::<Vec<_>>(),
        ["nl-BE", "fr-BE"]
    );
    let danish: Value = app.get("/api/language/4").await.json().await.unwrap();
    assert_eq!(
        danish,
        json!({"languageId": 4, "culture": "da", "localizedName": danish["localizedName"]})
    );
    assert_eq!(app.get("/api/language/99").await.status(), 404);
}

async fn routing_resolves_every_page_type_and_back(app: TestApp) {
    let route: Value = app
        .get_in(
            1,
            1,
            "/api/routing/getbyurl?url=/muesli/hoefslag-sport-muesli/",
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        route,
        json!({"type": "productDetail", "siteId": 1, "languageId": 1, "productVariantId": 1011, "omitArticleCode": true})
    );
    let german: Value = app.get_in(3, 3, "/api/routing/getbyurl?url=https%3A%2F%2Fde.hoefslag.localhost%2Fmusli%2Fhoefslag-sport-musli%2F").await.json().await.unwrap();
    assert_eq!(german["productVariantId"], 1011);

    let search: Value = app
        .get_in(1, 1, "/api/routing/getbyurl?url=%2Fmuesli%2F%3Fp%3D2")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(search["type"], "productSearch");
    assert_eq!(
        search["parameters"],
        json!({"landingPageId": 1, "page": 2, "pageSize": 24})
    );

    let page: Value = app
        .get_in(1, 1, "/api/routing/getbyurl?url=/klantenservice/")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        page,
        json!({"type": "contentPage", "siteId": 1, "languageId": 1, "contentPageId": 103})
    );
    let english: Value = app
        .get_in(1, 2, "/api/routing/getbyurl?url=/customer-service/")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(english["contentPageId"], 103);

    let scan: Value = app
        .get_in(1, 1, "/api/routing/getbyurl?url=/quick-scan-result/abc123/")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(scan["type"], "quickScanResult");
    assert_eq!(scan["key"], "abc123");

    let advice: Value = app
        .get_in(1, 1, "/api/routing/getbyurl?url=/advies/voeding/")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(advice["type"], "adviceCategory");
    assert_eq!(advice["adviceCategoryId"], 1);

    // And back.
    let url: Value = app
        .post_json_in(
            1,
            1,
            "/api/routing/geturl",
            &json!({"type": "productDetail", "productVariantId": 1011, "omitArticleCode": true}),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(url["url"], "/muesli/hoefslag-sport-muesli/");
    let url: Value = app
        .post_json_in(
            3,
            3,
            "/api/routing/geturl",
            &json!({"type": "contentPage", "contentPageId": 303}),
        )
        .await
        .json()
        .await
        .unwrap();
    assert!(url["url"].as_str().unwrap().ends_with('/'), "{url}");
    let url: Value = app
        .post_json_in(
            1,
            1,
            "/api/routing/geturl",
            &json!({"type": "productSearch", "parameters": {"landingPageId": 1, "page": 3}}),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(url["url"], "/muesli/?p=3");
}

async fn redirects_trailing_slashes_and_unknown_paths(app: TestApp) {
    let redirect: Value = app
        .get_in(1, 1, "/api/routing/getbyurl?url=/producten/sport-muesli/")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(redirect["type"], "redirect");
    assert_eq!(redirect["url"], "/muesli/hoefslag-sport-muesli/");
    let slash: Value = app
        .get_in(1, 1, "/api/routing/getbyurl?url=/klantenservice")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        slash,
        json!({"type": "redirect", "siteId": 1, "languageId": 1, "url": "/klantenservice/", "statusCode": 301})
    );

    let missing = app
        .get_in(1, 1, "/api/routing/getbyurl?url=/bestaat-niet/")
        .await;
    assert_eq!(missing.status(), 404);
    let body: Value = missing.json().await.unwrap();
    assert_eq!(body["notFoundPageId"], 111);

    // The wrong language for the site, an unknown site, no headers, no url.
    assert_eq!(
        app.get_in(1, 3, "/api/routing/getbyurl?url=/")
            .await
            .status(),
        400
    );
    let unknown = app.get_in(99, 1, "/api/routing/getbyurl?url=/").await;
    assert_eq!(unknown.status(), 400);
    assert!(unknown.json::<Value>().await.unwrap()["fieldErrors"]["siteid"].is_array());
    assert_eq!(app.get("/api/routing/getbyurl?url=/").await.status(), 400);
    assert_eq!(
        app.get_in(1, 1, "/api/routing/getbyurl").await.status(),
        400
    );
    let bad_type = app
        .post_json_in(1, 1, "/api/routing/geturl", &json!({"type": "spaceship"}))
        .await;
    assert_eq!(bad_type.status(), 400);
    let unknown_page = app
        .post_json_in(
            1,
            1,
            "/api/routing/geturl",
            &json!({"type": "contentPage", "contentPageId": 999}),
        )
        .await;
    assert_eq!(unknown_page.status(), 404);
}

mod private_areas {
    use crate::support::TestApp;

    crate::support::backend_tests!(private_areas_are_never_cached);

    async fn private_areas_are_never_cached(app: TestApp) {
        let response = app.get("/api/account").await;
        assert_eq!(response.headers()["cache-control"], "no-store");
        let response = app.get("/api/cart/123").await;
        assert_eq!(response.headers()["cache-control"], "no-store");
    }
}

mod submissions {
    use serde_json::{Value, json};

    use crate::support::{TestApp, fixture_tests};

    async fn review(app: &TestApp, body: Value) -> reqwest::Response {
        app.post_json_in(1, 1, "/api/products/1/reviews", &body)
            .await
    }

    async fn remind(app: &TestApp, body: Value) -> reqwest::Response {
        app.post_json_in(1, 1, "/api/products/variant/1191/stockreminder", &body)
            .await
    }

    fixture_tests!(
        the_payment_methods_of_a_site_come_with_names_costs_and_banks,
        a_review_is_checked_by_the_engine_and_waits_for_approval,
        an_approved_review_tells_when_it_was_written,
        a_back_in_stock_reminder_is_kept_once
    );

    async fn the_payment_methods_of_a_site_come_with_names_costs_and_banks(app: TestApp) {
        let methods: Vec<Value> = app
            .get_in(3, 3, "/api/paymentmethods")
            .await
            .json()
            .await
            .unwrap();
        let summary: Vec<(i64, &str, &str, &str)> = methods
            .iter()
            .map(|m| {
                (
                    m["paymentMethodId"].as_i64().unwrap(),
                    m["key"].as_str().unwrap(),
                    m["name"].as_str().unwrap(),
                    m["costs"].as_str().unwrap(),
                )
            })
            .collect();
        // No surcharge on a consumer's card payment (EU payment services directive, 62(4)).
        assert!(
            summary.contains(&(3, "card", "Kreditkarte", "0.00")),
            "{summary:?}"
        );
        // Each country's usual methods, first: EPS in Austria, MobilePay in Denmark, Swish in
        // Sweden, BLIK and Przelewy24 in Poland.
        for (site, language, usual) in [
            (4, 8, vec![11]),
            (5, 4, vec![7]),
            (6, 9, vec![8]),
            (7, 10, vec![9, 10]),
        ] {
            let methods: Vec<Value> = app
                .get_in(site, language, "/api/paymentmethods")
                .await
                .json()
                .await
                .unwrap();
            let ids: Vec<i64> = methods
                .iter()
                .map(|m| m["paymentMethodId"].as_i64().unwrap())
                .collect();
            assert_eq!(ids[..usual.len()], usual[..], "site {site}: {ids:?}");
        }
        let dutch: Vec<Value> = app
            .get_in(1, 1, "/api/paymentmethods")
            .await
            .json()
            .await
            .unwrap();
        let ideal = dutch.iter().find(|m| m["key"] == "ideal").unwrap();
        assert_eq!(
            (&ideal["flow"], &ideal["requiresIssuer"]),
            (&json!("redirect"), &json!(true))
        );
        assert_eq!(
            ideal["issuers"][1],
            json!({"issuerId": "ideal_INGBNL2A", "name": "ING"})
        );
        assert_eq!(
            dutch
                .iter()
                .map(|m| m["paymentMethodId"].as_i64().unwrap())
                .collect::<Vec<_>>(),
            [1, 3, 4, 5, 6]
        );
        assert_eq!(
            app.get("/api/paymentmethods").await.status(),
            400,
            "site and language are needed"
        );
    }

    async fn a_review_is_checked_by_the_engine_and_waits_for_approval(app: TestApp) {
        let short = review(
            &app,
            json!({"title": "Top", "rating": 5, "text": "Goed voer voor mijn", "name": "Anna"}),
        )
        .await;
        assert_eq!(short.status(), 400);
        let body: Value = short.json().await.unwrap();
        assert_eq!(
            body["fieldErrors"]["text"][0]["message"],
            "Schrijf minimaal 5 woorden"
        );
        let bad_rating = review(&app, json!({"title": "Top", "rating": 6, "text": "Goed voer voor mijn paard", "name": "Anna"})).await;
        assert_eq!(bad_rating.status(), 400);
        let before: Value = app
            .get_in(1, 1, "/api/products/1/reviews")
            .await
            .json()
            .await
            .unwrap();
        let written = review(&app, json!({"title": "Top", "rating": "5", "text": "Goed voer voor mijn paard", "name": "Anna"})).await;
        assert_eq!(written.status(), 201);
        assert_eq!(written.json::<Value>().await.unwrap()["status"], "pending");
        let after: Value = app
            .get_in(1, 1, "/api/products/1/reviews")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(
            after["reviewCount"], before["reviewCount"],
            "pending reviews are not shown"
        );
        assert_eq!(
            app.post_json_in(1, 1, "/api/products/999999/reviews", &json!({}))
                .await
                .status(),
            400,
            "checked before the product"
        );
    }

    async fn an_approved_review_tells_when_it_was_written(app: TestApp) {
        let written = review(&app, json!({"title": "Prima", "rating": 4, "text": "Mijn pony eet het met smaak", "name": "Testruiter"})).await;
        assert_eq!(written.status(), 201);
        let pool = sqlx::AnyPool::connect(&app.database_url()).await.unwrap();
        sqlx::query("UPDATE reviews SET status = 'approved' WHERE reviewer_name = 'Testruiter'")
            .execute(&pool)
            .await
            .unwrap();
        let body: Value = app
            .get_in(1, 1, "/api/products/1/reviews?ps=100")
            .await
            .json()
            .await
            .unwrap();
        let written = body["reviews"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["reviewerName"] == "Testruiter")
            .unwrap();
        let year: i64 = written["createdAt"].as_str().unwrap()[..4].parse().unwrap();
        assert!((2025..2100).contains(&year), "{written}");
    }

    async fn a_back_in_stock_reminder_is_kept_once(app: TestApp) {
        assert_eq!(
            remind(&app, json!({"emailAddress": "geen-adres"}))
                .await
                .status(),
            400
        );
        assert_eq!(
            remind(&app, json!({"emailAddress": "anna@example.com"}))
                .await
                .status(),
            201
        );
        assert_eq!(
            remind(&app, json!({"emailAddress": "Anna@Example.com"}))
                .await
                .status(),
            201
        );
        let pool = sqlx::AnyPool::connect(&app.database_url()).await.unwrap();
        let (count,): (i64,) =
            sqlx::query_as("SELECT COUNT(*) FROM stock_reminders WHERE product_variant_id = 1191")
                .fetch_one(&pool)
                .await
                .unwrap();
        assert_eq!(count, 1);
        assert_eq!(
            app.post_json_in(
                1,
                1,
                "/api/products/variant/999999/stockreminder",
                &json!({"emailAddress": "a@b.nl"})
            )
            .await
            .status(),
            404
        );
    }
}
