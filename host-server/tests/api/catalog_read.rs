//! Sites, countries, languages and routing on the imported fixtures.

use serde_json::{Value, json};

use crate::support::sites::{Country, Localization, Route, RouteNotFound, Site};
use crate::support::{ApiErrorBody, TestApp, fixture_tests, read};

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
    let site: Site = read(response).await;
    assert_eq!(site.site_id, 3);
    assert_eq!(site.languages[0].culture, "de");
    assert_eq!(site.fallback_language_id, 3);
    assert_eq!(site.vat_percentage_low, "7");
    assert_eq!(
        site.customer_service_title.as_deref(),
        Some("Kundenservice")
    );
    assert!(site.auto_redirect_if_not_in_same_country);

    let alias = app.site_by_domain("localhost:8080").await;
    assert_eq!(alias.site_id, 1);
    assert_eq!(alias.currency_code, "EUR");

    let by_id = app.site(5).await;
    assert_eq!(by_id.domain, "dk.hoefslag.localhost");
    assert_eq!(by_id.currency_code, "DKK");
    let all = app.sites().await;
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
    let body: ApiErrorBody = read(missing).await;
    assert!(body.fields.contains_key("domain"), "{body:?}");
}

async fn the_localization_check_offers_the_site_of_the_visitors_country(app: TestApp) {
    let (status, body): (_, Localization) = app
        .localization(
            "?url=http%3A%2F%2Fde.hoefslag.localhost%2Fmusli%2F%3Fmailplus_id%3D7&countryCode=DK",
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        body.redirect_url.as_deref(),
        Some("http://dk.hoefslag.localhost/?mailplus_id=7")
    );
    assert_eq!(body.available_query_parameters, ["mailplus_id"]);
    // Same country, or a site that does not redirect (Hoefslag NL): no redirect.
    let (_, same): (_, Localization) = app
        .localization("?url=http%3A%2F%2Fde.hoefslag.localhost%2F&countryCode=de")
        .await;
    assert!(same.redirect_url.is_none(), "{same:?}");
    let (_, nl): (_, Localization) = app
        .localization("?url=http%3A%2F%2Fhoefslag.localhost%2F&countryCode=DE")
        .await;
    assert!(nl.redirect_url.is_none(), "{nl:?}");
    let bad = app.post("/api/Sites?url=not-a-url&countryCode=DEU").await;
    assert_eq!(bad.status(), 400);
    let (_, missing): (_, ApiErrorBody) = app.localization("").await;
    assert!(
        missing.fields.contains_key("url") && missing.fields.contains_key("countryCode"),
        "{missing:?}"
    );
}

async fn countries_and_languages_are_served_localized(app: TestApp) {
    let countries = app.countries().await;
    assert_eq!(countries.len(), 19);
    assert_eq!(
        (
            countries[0].country_id,
            countries[0].name.as_str(),
            countries[0].region_code.as_str()
        ),
        (1, "Netherlands", "NL")
    );
    let german = app.localized_countries(3, 3).await;
    assert_eq!(german[0].name, "Niederlande");
    let one = app.get_in(5, 4, "/api/countries/3/localizedname").await;
    assert_eq!(one.headers()["cache-control"], "public, max-age=900");
    assert_eq!(read::<Country>(one).await.name, "Tyskland");
    assert_eq!(app.get("/api/countries/77").await.status(), 404);
    assert_eq!(app.get("/api/countries/x").await.status(), 400);

    let languages = app.languages().await;
    assert_eq!(languages.len(), 15);
    let site_languages = app.site_languages(2, 6).await;
    assert_eq!(
        site_languages
            .iter()
            .map(|l| l.culture.as_str())
            .collect::<Vec<_>>(),
        ["nl-BE", "fr-BE"]
    );
    // Its three fields and no others (its localized name whatever it is).
    let danish = app.language(4).await;
    assert_eq!(
        (danish.language_id, danish.culture.as_str()),
        (4, "da"),
        "{}",
        danish.localized_name
    );
    assert_eq!(app.get("/api/language/99").await.status(), 404);
}

async fn routing_resolves_every_page_type_and_back(app: TestApp) {
    let (_, route): (_, Value) = app
        .route_by_url(1, 1, "/muesli/hoefslag-sport-muesli/")
        .await;
    assert_eq!(
        route,
        json!({"type": "productDetail", "siteId": 1, "languageId": 1, "productVariantId": 1011, "omitArticleCode": true})
    );
    let (_, german): (_, Route) = app
        .route_by_url(
            3,
            3,
            "https%3A%2F%2Fde.hoefslag.localhost%2Fmusli%2Fhoefslag-sport-musli%2F",
        )
        .await;
    assert_eq!(german.product_variant_id, Some(1011));

    let (_, search): (_, Route) = app.route_by_url(1, 1, "%2Fmuesli%2F%3Fp%3D2").await;
    assert_eq!(search.kind, "productSearch");
    assert_eq!(
        search.parameters,
        Some(json!({"landingPageId": 1, "page": 2, "pageSize": 24}))
    );

    let (_, page): (_, Value) = app.route_by_url(1, 1, "/klantenservice/").await;
    assert_eq!(
        page,
        json!({"type": "contentPage", "siteId": 1, "languageId": 1, "contentPageId": 103})
    );
    let (_, english): (_, Route) = app.route_by_url(1, 2, "/customer-service/").await;
    assert_eq!(english.content_page_id, Some(103));

    let (_, scan): (_, Route) = app.route_by_url(1, 1, "/quick-scan-result/abc123/").await;
    assert_eq!(scan.kind, "quickScanResult");
    assert_eq!(scan.key.as_deref(), Some("abc123"));

    let (_, advice): (_, Route) = app.route_by_url(1, 1, "/advies/voeding/").await;
    assert_eq!(advice.kind, "adviceCategory");
    assert_eq!(advice.advice_category_id, Some(1));

    // And back.
    let url = app
        .url_of_route(
            1,
            1,
            &json!({"type": "productDetail", "productVariantId": 1011, "omitArticleCode": true}),
        )
        .await;
    assert_eq!(url.url, "/muesli/hoefslag-sport-muesli/");
    let url = app
        .url_of_route(3, 3, &json!({"type": "contentPage", "contentPageId": 303}))
        .await;
    assert!(url.url.ends_with('/'), "{url:?}");
    let url = app
        .url_of_route(
            1,
            1,
            &json!({"type": "productSearch", "parameters": {"landingPageId": 1, "page": 3}}),
        )
        .await;
    assert_eq!(url.url, "/muesli/?p=3");
}

async fn redirects_trailing_slashes_and_unknown_paths(app: TestApp) {
    let (_, redirect): (_, Route) = app.route_by_url(1, 1, "/producten/sport-muesli/").await;
    assert_eq!(redirect.kind, "redirect");
    assert_eq!(
        redirect.url.as_deref(),
        Some("/muesli/hoefslag-sport-muesli/")
    );
    let (_, slash): (_, Value) = app.route_by_url(1, 1, "/klantenservice").await;
    assert_eq!(
        slash,
        json!({"type": "redirect", "siteId": 1, "languageId": 1, "url": "/klantenservice/", "statusCode": 301})
    );

    let (status, body): (_, RouteNotFound) = app.route_by_url(1, 1, "/bestaat-niet/").await;
    assert_eq!(status, 404);
    assert_eq!(body.not_found_page_id, 111);

    // The wrong language for the site, an unknown site, no headers, no url.
    assert_eq!(
        app.get_in(1, 3, "/api/routing/getbyurl?url=/")
            .await
            .status(),
        400
    );
    let (status, unknown): (_, ApiErrorBody) = app.route_by_url(99, 1, "/").await;
    assert_eq!(status, 400);
    assert!(unknown.fields.contains_key("siteid"), "{unknown:?}");
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

    use crate::support::catalog::{ProductReviews, ReviewSubmitted};
    use crate::support::{ApiErrorBody, TestApp, fixture_tests, read};

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
        let methods = app.payment_methods(3, 3).await;
        let summary: Vec<(i64, &str, &str, &str)> = methods
            .iter()
            .map(|m| {
                (
                    m.payment_method_id,
                    m.key.as_str(),
                    m.name.as_str(),
                    m.costs.as_str(),
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
            let methods = app.payment_methods(site, language).await;
            let ids: Vec<i64> = methods.iter().map(|m| m.payment_method_id).collect();
            assert_eq!(ids[..usual.len()], usual[..], "site {site}: {ids:?}");
        }
        let dutch = app.payment_methods(1, 1).await;
        let ideal = dutch.iter().find(|m| m.key == "ideal").unwrap();
        assert_eq!(
            (ideal.flow.as_str(), ideal.requires_issuer),
            ("redirect", true)
        );
        assert_eq!(
            ideal.issuers[1],
            json!({"issuerId": "ideal_INGBNL2A", "name": "ING"})
        );
        assert_eq!(
            dutch
                .iter()
                .map(|m| m.payment_method_id)
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
        let body: ApiErrorBody = read(short).await;
        assert_eq!(
            body.first_message("text"),
            Some("Schrijf minimaal 5 woorden"),
            "{body:?}"
        );
        let bad_rating = review(&app, json!({"title": "Top", "rating": 6, "text": "Goed voer voor mijn paard", "name": "Anna"})).await;
        assert_eq!(bad_rating.status(), 400);
        let before: ProductReviews = read(app.get_in(1, 1, "/api/products/1/reviews").await).await;
        let written = review(&app, json!({"title": "Top", "rating": "5", "text": "Goed voer voor mijn paard", "name": "Anna"})).await;
        assert_eq!(written.status(), 201);
        assert_eq!(read::<ReviewSubmitted>(written).await.status, "pending");
        let after: ProductReviews = read(app.get_in(1, 1, "/api/products/1/reviews").await).await;
        assert_eq!(
            after.review_count, before.review_count,
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
        let body: ProductReviews =
            read(app.get_in(1, 1, "/api/products/1/reviews?ps=100").await).await;
        let written = body
            .reviews
            .iter()
            .find(|r| r.reviewer_name == "Testruiter")
            .unwrap();
        let year: i64 = written.created_at[..4].parse().unwrap();
        assert!((2025..2100).contains(&year), "{written:?}");
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
