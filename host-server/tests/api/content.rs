//! Page content with the layout, news, FAQ, advice, dealers and parcel shops on the fixtures.

use serde_json::json;

use crate::support::catalog::ProductHit;
use crate::support::content::{ContentPage, HomeContent, SiteLayout};
use crate::support::sites::RouteNotFound;
use crate::support::{ApiErrorBody, TestApp, fixture_tests, read};

fixture_tests!(
    a_content_page_comes_with_the_sites_layout,
    the_site_layout_comes_alone_once_per_site_and_language,
    the_home_page_of_each_brand,
    pages_fall_back_by_the_text_rule_and_sites_differ,
    unknown_pages_and_bad_requests,
    malformed_queries_and_paths_answer_error_bodies,
    news_is_paged_newest_first_per_site,
    the_faq_lists_categories_with_items_and_links,
    advice_categories_articles_and_videos,
    dealers_are_sorted_by_distance_from_a_place,
    parcel_shops_near_a_zipcode_or_city
);

async fn a_content_page_comes_with_the_sites_layout(app: TestApp) {
    let response = app.get_in(1, 1, "/api/content/page?path=/over-ons/").await;
    assert_eq!(response.status(), 200);
    let body: ContentPage = read(response).await;
    assert_eq!(body.path, "/over-ons/");
    assert_eq!(
        body.route,
        json!({"type": "contentPage", "contentPageId": 102})
    );
    let page = body.page.unwrap();
    assert_eq!(page.page_id, 102);
    assert_eq!(page.page_key, "about");
    assert_eq!(page.kind, "contentPage");
    assert_eq!(page.title.as_deref(), Some("Over ons"));
    assert!(page.body.unwrap().starts_with("Hoefslag maakt sinds 1987"));
    assert_eq!(page.body_format, "markdown");
    assert!(page.indexable);

    let layout = &body.layout;
    let navigation = &layout.navigation.items;
    assert_eq!(navigation.len(), 11);
    assert_eq!(
        navigation[0],
        json!({"title": "Muesli", "url": "/muesli/", "target": "_self"})
    );
    assert_eq!(navigation[7]["url"], "/ruwvoeranalyse/");
    assert_eq!(
        navigation[8],
        json!({"title": "Advies", "url": "/advies/", "target": "_self"})
    );
    assert_eq!(navigation[9]["url"], "/store-locator/");
    let footer = &layout.footer.columns;
    assert_eq!(footer.len(), 4);
    assert_eq!(footer[0].title, "Klantenservice");
    assert_eq!(
        footer[0].links[1],
        json!({"title": "Bezorging", "url": "/klantenservice/bezorging/", "target": "_self"})
    );
    assert_eq!(
        footer[0].links[3]["url"],
        "/klantenservice/veelgestelde-vragen/"
    );
    assert_eq!(
        layout.header_usps[0],
        json!({"icon": "truck", "text": "Voor 22:00 besteld, morgen in huis"})
    );
    assert_eq!(layout.cart_usps.len(), 3);
    let notification = layout.notification.as_ref().unwrap();
    assert_eq!(notification.notification_id, 1);
    assert_eq!(
        notification.text,
        "Winteractie: 10% korting op alle Sport Muesli"
    );
    assert_eq!(notification.url, "/muesli/");
    assert_eq!(notification.style, "info");
}

async fn the_site_layout_comes_alone_once_per_site_and_language(app: TestApp) {
    let response = app.get_in(1, 1, "/api/content/layout").await;
    assert_eq!(response.status(), 200);
    let body: SiteLayout = read(response).await;
    assert_eq!(body.site_id, 1);
    assert_eq!(body.language_id, 1);
    let navigation = &body.navigation.items;
    assert_eq!(navigation.len(), 11);
    assert_eq!(
        navigation[0],
        json!({"title": "Muesli", "url": "/muesli/", "target": "_self"})
    );
    // A sub-menu: the mashes with the grains and the chaff.
    assert_eq!(navigation[3]["title"], "Mashes");
    assert_eq!(
        navigation[3]["children"],
        json!([
            {"title": "Granen en pulp", "url": "/granen-en-pulp/", "target": "_self"},
            {"title": "Haksel", "url": "/haksel/", "target": "_self"},
        ])
    );
    assert_eq!(body.footer.columns.len(), 4);
    assert_eq!(body.footer.columns[0].title, "Klantenservice");
    assert_eq!(
        body.header_usps[0],
        json!({"icon": "truck", "text": "Voor 22:00 besteld, morgen in huis"})
    );
    assert_eq!(body.cart_usps.len(), 3);
    assert_eq!(
        body.notification.as_ref().map(|n| n.text.as_str()),
        Some("Winteractie: 10% korting op alle Sport Muesli")
    );
    let service = &body.customer_service;
    assert_eq!(
        (
            service.title.as_deref(),
            service.bottom_text.as_deref(),
            service.link.as_deref(),
            service.phone.as_str(),
            service.phone_link.as_str(),
            service.email.as_str(),
            service.opening_hours.as_deref(),
        ),
        (
            Some("Klantenservice"),
            Some("Heb je een vraag? Wij helpen je graag."),
            Some("/klantenservice/"),
            "+31881234500",
            "tel:+31881234500",
            "klantenservice@hoefslag.example",
            Some("Maandag t/m vrijdag 8:30-17:00, zaterdag 9:00-12:00"),
        )
    );
    // LinkedIn is empty on this site: left out.
    assert_eq!(
        body.social_links
            .iter()
            .map(|link| (link.network.as_str(), link.url.as_str()))
            .collect::<Vec<_>>(),
        [
            ("instagram", "https://www.instagram.com/hoefslag.demo/"),
            ("facebook", "https://www.facebook.com/hoefslag.demo"),
            ("twitter", "https://x.com/hoefslagdemo"),
            ("youtube", "https://www.youtube.com/@hoefslagdemo"),
            ("tiktok", "https://www.tiktok.com/@hoefslag.demo"),
        ]
    );
    assert!(!body.indicative_prices);
    assert!(body.currency_conversion_disclaimer_link.is_none());
    assert_eq!(body.become_dealer_link.as_deref(), Some("/dealer-worden/"));

    // English on the same site: the texts follow the language.
    let english = app.site_layout(1, 2).await;
    assert_eq!(english.navigation.items[3]["children"][1]["title"], "Chaff");
    assert_eq!(
        english.customer_service.title.as_deref(),
        Some("Customer service")
    );
    assert_eq!(
        english.become_dealer_link.as_deref(),
        Some("/become-a-stockist/")
    );
    // Denmark shows converted prices: indicative, with the disclaimer's page.
    let danish = app.site_layout(5, 4).await;
    assert!(danish.indicative_prices);
    assert_eq!(
        danish.currency_conversion_disclaimer_link.as_deref(),
        Some("/valuta-og-priser/")
    );
    // Weidegroen's own menu; the corporate site has no USPs.
    let weidegroen = app.site_layout(20, 1).await;
    assert_eq!(
        weidegroen.navigation.items[1]["children"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    let corporate = app.site_layout(30, 2).await;
    assert!(corporate.header_usps.is_empty());
    // Its links to the brands' sites are on the scheme and port the shop is served on
    // (this test server's port, no PUBLIC_URL); links elsewhere stay as they are.
    let port = app.base_url.rsplit(':').next().unwrap();
    let urls: Vec<&str> = corporate
        .navigation
        .items
        .iter()
        .filter_map(|item| item["url"].as_str())
        .collect();
    assert!(
        urls.contains(&format!("http://hoefslag.localhost:{port}/").as_str()),
        "{urls:?}"
    );
    assert!(
        urls.contains(&format!("http://weidegroen.localhost:{port}/").as_str()),
        "{urls:?}"
    );
    // The same layout as a dynamic page brings.
    let page = app.content_page(1, 1, "/over-ons/").await;
    assert_eq!(page.layout.navigation, body.navigation);
    assert_eq!(page.layout.footer, body.footer);
    // Without site or language, or with a language the site lacks: 400.
    assert_eq!(app.get("/api/content/layout").await.status(), 400);
    assert_eq!(app.get_in(1, 3, "/api/content/layout").await.status(), 400);
}

async fn the_home_page_of_each_brand(app: TestApp) {
    let response = app.get_in(1, 1, "/api/content/home").await;
    assert_eq!(response.status(), 200);
    let body: HomeContent = read(response).await;
    assert_eq!(
        body.hero.title.as_deref(),
        Some("Voer en advies van paardenkenners")
    );
    assert_eq!(body.hero.image.as_deref(), Some("hs-sport-muesli.svg"));
    assert_eq!(
        body.hero.link,
        Some(json!({"title": "Bekijk het assortiment", "url": "/muesli/", "target": "_self"}))
    );
    let tiles = &body.tiles;
    assert_eq!(tiles.len(), 6);
    assert_eq!(
        (
            tiles[0].title.as_deref(),
            tiles[0].image.as_deref(),
            tiles[0].url.as_str()
        ),
        (Some("Muesli"), Some("hs-sport-muesli.svg"), "/muesli/")
    );
    assert_eq!(tiles[5].title.as_deref(), Some("Stalartikelen"));
    let names =
        |list: &[ProductHit]| -> Vec<String> { list.iter().map(|hit| hit.name.clone()).collect() };
    assert_eq!(
        names(&body.featured),
        [
            "Hoefslag Sport Muesli",
            "Hoefslag Balancer",
            "Hoefslag Biotine",
            "Hoefslag Warme Mash"
        ]
    );
    assert_eq!(body.featured[0].product_id, 1);
    assert_eq!(
        body.featured[0].url.as_deref(),
        Some("/muesli/hoefslag-sport-muesli/")
    );
    assert_eq!(
        names(&body.sale),
        [
            "Hoefslag Sport Muesli",
            "Hoefslag Elektrolyten poeder",
            "Hoefslag Senior Muesli",
            "Hoefslag Wortelsnoepjes"
        ]
    );
    assert_eq!(body.newest.len(), 4);
    // English: the texts follow the language.
    let english = app.home_content(1, 2).await;
    assert_eq!(
        english.hero.title.as_deref(),
        Some("Feed and advice from horse people")
    );
    assert_eq!(english.hero.link.unwrap()["url"], "/muesli/");
    // Weidegroen has its own home page; the corporate site's is the group's: its brands, each
    // a link to its shop on the shop's trusted origin, and no products.
    let weidegroen = app.home_content(20, 1).await;
    assert_eq!(
        weidegroen.hero.title.as_deref(),
        Some("Natuurlijk voer uit de wei")
    );
    assert_eq!(weidegroen.tiles.len(), 4);
    let group = app.home_content(30, 2).await;
    assert_eq!(
        group.hero.title.as_deref(),
        Some("Horse feed made with know-how, since 1987")
    );
    let port = url::Url::parse(&app.url("/")).unwrap().port().unwrap();
    let brands: Vec<(Option<&str>, &str)> = group
        .tiles
        .iter()
        .map(|tile| (tile.title.as_deref(), tile.url.as_str()))
        .collect();
    assert_eq!(
        brands,
        [
            (
                Some("Hoefslag"),
                format!("http://hoefslag.localhost:{port}/").as_str()
            ),
            (
                Some("Weidegroen"),
                format!("http://weidegroen.localhost:{port}/").as_str()
            )
        ]
    );
    assert!(group.featured.is_empty() && group.sale.is_empty() && group.newest.is_empty());
    assert_eq!(app.get("/api/content/home").await.status(), 400);
}

async fn pages_fall_back_by_the_text_rule_and_sites_differ(app: TestApp) {
    // Swedish: the title is written in sv, the body falls back to English.
    let swedish = app.content_page(6, 9, "/om-oss/").await.page.unwrap();
    assert_eq!(swedish.title.as_deref(), Some("Om oss"));
    assert!(
        swedish
            .body
            .unwrap()
            .starts_with("Hoefslag has made horse feed")
    );
    // The roughage-analysis link is only on RQS sites; Portugal has no notification.
    let danish = app.content_page(5, 4, "/").await;
    assert_eq!(danish.page.unwrap().page_key, "home");
    assert_eq!(danish.layout.navigation.items.len(), 10);
    let portugal = app.content_page(13, 15, "/").await;
    assert!(portugal.layout.notification.is_none());
    // The corporate site has no USPs.
    let corporate = app.content_page(30, 2, "/").await;
    assert!(corporate.layout.header_usps.is_empty());
    // Another page type: the route, no page, still the layout.
    let product = app
        .content_page(1, 1, "/muesli/hoefslag-sport-muesli")
        .await;
    assert_eq!(product.route["type"], "productDetail");
    assert!(product.page.is_none());
    assert_eq!(product.layout.footer.columns.len(), 4);
    // FAQ item paths give the FAQ page.
    let faq = app
        .content_page(
            1,
            1,
            "/klantenservice/veelgestelde-vragen/kan-ik-bestellen-zonder-account/",
        )
        .await
        .page
        .unwrap();
    assert_eq!(faq.kind, "faq");
    assert_eq!(faq.faq_item_id, Some(11));
    assert_eq!(faq.page_id, 108);
}

async fn unknown_pages_and_bad_requests(app: TestApp) {
    let missing = app
        .get_in(1, 1, "/api/content/page?path=/bestaat-niet/")
        .await;
    assert_eq!(missing.status(), 404);
    let body: RouteNotFound = read(missing).await;
    assert_eq!(body.not_found_page_id, 111);
    assert_eq!(app.get_in(1, 1, "/api/content/page").await.status(), 400);
    assert_eq!(
        app.get_in(1, 3, "/api/content/page?path=/").await.status(),
        400
    );
    assert_eq!(app.get("/api/content/page?path=/").await.status(), 400);
}

async fn malformed_queries_and_paths_answer_error_bodies(app: TestApp) {
    // A repeated parameter or a path segment that is not UTF-8: the API document's 400.
    for path in [
        "/api/faq?faqId=1&faqId=2",
        "/api/news?p=1&p=2",
        "/api/products/%FF/reviews",
    ] {
        let response = app.get_in(1, 1, path).await;
        assert_eq!(response.status(), 400, "{path}");
        assert_eq!(
            response.headers()["content-type"],
            "application/json",
            "{path}"
        );
        assert_eq!(
            read::<ApiErrorBody>(response).await.code,
            "errors.badRequest",
            "{path}"
        );
    }
}

async fn news_is_paged_newest_first_per_site(app: TestApp) {
    let body = app.news(1, 1, "?ps=2").await;
    assert_eq!(body.total_count, 9);
    assert_eq!(body.page_count, 5);
    let first = &body.items[0];
    assert_eq!(first.news_item_id, 10);
    assert_eq!(first.date, "2026-11-10");
    assert_eq!(
        first.title.as_deref(),
        Some("Silolevering voor grote stallen")
    );
    assert_eq!(
        first.url.as_deref(),
        Some("/media/10/silolevering-voor-grote-stallen/")
    );
    assert_eq!(body.items[1].news_item_id, 9);
    assert!(!first.other.contains_key("body"), "{first:?}");
    let item = app.news_item(1, 1, 10).await;
    assert!(item.body.is_some_and(|text| !text.is_empty()));
    // Item 8 is only on the Weidegroen sites.
    assert_eq!(app.get_in(1, 1, "/api/news/8").await.status(), 404);
    assert_eq!(app.get_in(20, 1, "/api/news/8").await.status(), 200);
    assert_eq!(app.get_in(1, 1, "/api/news/x").await.status(), 400);
    assert_eq!(app.get_in(1, 1, "/api/news?p=0").await.status(), 400);
    assert_eq!(app.get("/api/news").await.status(), 400);
}

async fn the_faq_lists_categories_with_items_and_links(app: TestApp) {
    let body = app.faq(1, 1).await;
    let categories = &body.categories;
    assert_eq!(categories.len(), 4);
    assert_eq!(categories.iter().map(|c| c.items.len()).sum::<usize>(), 10);
    assert_eq!(categories[0].title.as_deref(), Some("Bestellen en betalen"));
    assert_eq!(
        categories[0].items[0].question.as_deref(),
        Some("Kan ik bestellen zonder account?")
    );
    assert_eq!(
        categories[0].items[0].url.as_deref(),
        Some("/klantenservice/veelgestelde-vragen/kan-ik-bestellen-zonder-account/")
    );
    assert_eq!(
        body.url.as_deref(),
        Some("/klantenservice/veelgestelde-vragen/")
    );
    assert_eq!(app.get_in(1, 1, "/api/faq?faqId=9").await.status(), 404);
    assert_eq!(app.get_in(1, 1, "/api/faq?faqId=x").await.status(), 400);
}

async fn advice_categories_articles_and_videos(app: TestApp) {
    let body = app.advice_categories(1, 1).await;
    assert_eq!(body.url.as_deref(), Some("/advies/"));
    let categories = &body.categories;
    assert_eq!(categories.len(), 4);
    assert_eq!(categories[0].title.as_deref(), Some("Voeding"));
    assert_eq!(categories[0].url.as_deref(), Some("/advies/voeding/"));
    let total: usize = categories.iter().map(|c| c.articles.len()).sum();
    assert_eq!(total, 8);
    let article = app.advice_article(1, 1, 1).await;
    assert_eq!(
        article.title.as_deref(),
        Some("Hoeveel krachtvoer heeft jouw paard nodig?")
    );
    assert_eq!(article.date, "2026-02-15");
    assert_eq!(article.related_product_ids, [1, 13]);
    assert_eq!(
        article.url.as_deref(),
        Some("/advies/voeding/hoeveel-krachtvoer-heeft-uw-paard-nodig/")
    );
    let video = app.advice_video(1, 1, 1).await;
    assert_eq!(video.title.as_deref(), Some("Zo neem je een hooimonster"));
    assert_eq!(video.video_id, "demo-video-01");
    assert_eq!(video.duration_seconds, 184);
    assert_eq!(
        app.get_in(1, 1, "/api/advice/articles/99").await.status(),
        404
    );
    assert_eq!(
        app.get_in(1, 1, "/api/advice/videos/99").await.status(),
        404
    );
    assert_eq!(
        app.get_in(1, 1, "/api/advice/videos/one").await.status(),
        400
    );
}

async fn dealers_are_sorted_by_distance_from_a_place(app: TestApp) {
    let body = app.dealers_in(1, 1, "?near=3771%20EB").await;
    let dealers = &body.dealers;
    assert_eq!(dealers.len(), 40);
    assert_eq!(dealers[0].dealer_id, 1);
    assert_eq!(dealers[0].name, "Hoefslag Winkel Barneveld");
    assert_eq!(dealers[0].distance_meters, Some(0));
    assert_eq!(dealers[0].address.zipcode, "3771 EB");
    let distances: Vec<u64> = dealers.iter().map(|d| d.distance_meters.unwrap()).collect();
    assert!(distances.windows(2).all(|pair| pair[0] <= pair[1]));
    // Coordinates, a city and a postcode area; Weidegroen sites list their own dealers.
    let by_point = app.dealers("?near=52.1405,5.5847").await;
    assert_eq!(by_point.dealers[0].dealer_id, 1);
    assert_eq!(by_point.dealers.len(), 41);
    let by_city = app.dealers("?near=barneveld").await;
    assert_eq!(by_city.dealers[0].dealer_id, 1);
    let weidegroen = app.dealers_in(20, 1, "?near=3771").await;
    assert_eq!(weidegroen.dealers.len(), 12);
    let all = app.dealers("").await;
    assert!(all.dealers[0].distance_meters.is_none());
    let unknown = app.get("/api/dealers?near=Atlantis").await;
    assert_eq!(unknown.status(), 404);
    assert_eq!(
        read::<ApiErrorBody>(unknown).await.code,
        "errors.locationNotFound"
    );
    assert_eq!(app.get("/api/dealers?near=91,5").await.status(), 400);
}

async fn parcel_shops_near_a_zipcode_or_city(app: TestApp) {
    let body = app.parcel_shops("?zipcodeOrCity=Utrecht").await;
    let shops = &body.parcel_shops;
    assert_eq!(shops.len(), 10);
    assert_eq!(shops[0].parcel_shop_id, "NL-UT-0001");
    assert_eq!(shops[0].distance_meters, 0);
    assert!(shops[..6].iter().all(|shop| shop.city == "Utrecht"));
    let vejle = app.parcel_shops("?zipcodeOrCity=7100").await;
    assert!(vejle.parcel_shops[0].parcel_shop_id.starts_with("DK-VE-"));
    let verden = app.parcel_shops("?zipcodeOrCity=verden").await;
    assert_eq!(verden.parcel_shops[0].city, "Verden (Aller)");
    let missing = app.get("/api/parcelshops").await;
    assert_eq!(missing.status(), 400);
    assert!(
        read::<ApiErrorBody>(missing)
            .await
            .fields
            .contains_key("zipcodeOrCity")
    );
    assert_eq!(
        app.get("/api/parcelshops?zipcodeOrCity=Atlantis")
            .await
            .status(),
        404
    );
    // Limited to the delivery country: from Vejle (Denmark), only Danish points.
    let danish = app.parcel_shops("?zipcodeOrCity=7100&countryId=5").await;
    let danish = &danish.parcel_shops;
    assert!(
        !danish.is_empty() && danish.iter().all(|shop| shop.country_id == 5),
        "{danish:?}"
    );
    // One point by its id, for the review step.
    let chosen = app.parcel_shop("NL-UT-0001").await;
    assert_eq!(
        (chosen.parcel_shop_id.as_str(), chosen.city.as_str()),
        ("NL-UT-0001", "Utrecht")
    );
    assert!(!chosen.name.is_empty());
    assert_eq!(app.get("/api/parcelshops/XX-0000").await.status(), 404);
}
