//! What search engines read: canonical addresses and alternates of a page, robots.txt and the
//! sitemap per site, on the fixtures.

use serde_json::{Value, json};

use crate::support::{TestApp, fixture_tests};

/// The port the app listens on: the port of the addresses it builds.
fn port_of(app: &crate::support::TestApp) -> u16 {
    url::Url::parse(&app.url("/")).unwrap().port().unwrap()
}

async fn get_on_host(app: &crate::support::TestApp, host: &str, path: &str) -> reqwest::Response {
    reqwest::Client::new()
        .get(app.url(path))
        .header("host", host)
        .send()
        .await
        .unwrap()
}

async fn page_on_host(
    app: &crate::support::TestApp,
    host: &str,
    site: i64,
    language: i64,
    path: &str,
) -> Value {
    let response = reqwest::Client::new()
        .get(app.url(&format!("/api/content/page?path={path}")))
        .header("host", host)
        .header("siteid", site.to_string())
        .header("languageid", language.to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

fixture_tests!(
    a_page_names_its_address_and_its_other_languages,
    a_product_has_alternates_on_every_site_of_its_brand_only,
    robots_txt_keeps_crawlers_out_of_private_pages_and_names_the_sitemap,
    the_sitemap_lists_every_indexable_page_of_the_sites_languages,
    the_shops_landing_pages_have_addresses_in_every_language_of_the_brand,
    the_corporate_site_has_no_shop_landing_pages
);

async fn a_page_names_its_address_and_its_other_languages(app: TestApp) {
    let port = port_of(&app);
    let about = page_on_host(&app, "hoefslag.localhost", 1, 1, "/over-ons/").await;
    let home = format!("http://hoefslag.localhost:{port}");
    assert_eq!(
        about["alternates"]["canonical"],
        format!("{home}/over-ons/")
    );
    assert_eq!(about["alternates"]["xDefault"], format!("{home}/over-ons/"));
    let alternates = about["alternates"]["alternates"].as_array().unwrap();
    assert!(
        alternates.contains(&json!({"hreflang": "nl-NL", "href": format!("{home}/over-ons/")})),
        "{alternates:?}"
    );
    assert!(
        alternates
            .iter()
            .any(|alternate| alternate["hreflang"] == "en-NL"
                && alternate["href"].as_str().unwrap().ends_with("?lang=en")),
        "{alternates:?}"
    );

    // In English on the same site: the same path with `?lang=en` is the canonical address.
    let english = page_on_host(&app, "hoefslag.localhost", 1, 2, "/").await;
    assert_eq!(
        english["alternates"]["canonical"],
        format!("{home}/?lang=en")
    );
}

async fn a_product_has_alternates_on_every_site_of_its_brand_only(app: TestApp) {
    let port = port_of(&app);
    let product = page_on_host(
        &app,
        "hoefslag.localhost",
        1,
        1,
        "/muesli/hoefslag-senior-muesli/",
    )
    .await;
    let alternates = product["alternates"]["alternates"].as_array().unwrap();
    let hreflangs: Vec<&str> = alternates
        .iter()
        .map(|alternate| alternate["hreflang"].as_str().unwrap())
        .collect();
    assert!(
        hreflangs.contains(&"nl-NL")
            && hreflangs.contains(&"de-DE")
            && hreflangs.contains(&"de-AT"),
        "{hreflangs:?}"
    );
    let unique: std::collections::BTreeSet<&&str> = hreflangs.iter().collect();
    assert_eq!(
        unique.len(),
        hreflangs.len(),
        "one address per language and region: {hreflangs:?}"
    );
    for alternate in alternates {
        let href = alternate["href"].as_str().unwrap();
        assert!(
            href.contains("hoefslag.localhost"),
            "another brand's shop: {href}"
        );
        assert!(!href.contains("weidegroen"), "{href}");
        assert!(href.contains(&format!(":{port}/")), "{href}");
    }
    let german = alternates
        .iter()
        .find(|alternate| alternate["hreflang"] == "de-DE")
        .unwrap();
    assert!(
        german["href"]
            .as_str()
            .unwrap()
            .starts_with(&format!("http://de.hoefslag.localhost:{port}/"))
    );
    assert_eq!(
        product["alternates"]["xDefault"],
        format!("http://hoefslag.localhost:{port}/muesli/hoefslag-senior-muesli/")
    );
}

async fn robots_txt_keeps_crawlers_out_of_private_pages_and_names_the_sitemap(app: TestApp) {
    let port = port_of(&app);
    let response = get_on_host(&app, "be.hoefslag.localhost", "/robots.txt").await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["content-type"],
        "text/plain; charset=utf-8"
    );
    let text = response.text().await.unwrap();
    assert!(
        text.starts_with(
            "User-agent: *\nDisallow: /account/\nDisallow: /cart/\nDisallow: /checkout/\n"
        ),
        "{text}"
    );
    assert!(
        text.ends_with(&format!(
            "\nSitemap: http://be.hoefslag.localhost:{port}/sitemap.xml\n"
        )),
        "{text}"
    );
}

async fn the_sitemap_lists_every_indexable_page_of_the_sites_languages(app: TestApp) {
    let port = port_of(&app);
    let response = get_on_host(&app, "hoefslag.localhost", "/sitemap.xml").await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["content-type"],
        "application/xml; charset=utf-8"
    );
    let xml = response.text().await.unwrap();
    assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"));
    let home = format!("http://hoefslag.localhost:{port}");
    assert!(
        xml.contains(&format!("<url><loc>{home}/</loc></url>")),
        "{xml}"
    );
    assert!(
        xml.contains(&format!("<url><loc>{home}/?lang=en</loc></url>")),
        "{xml}"
    );
    assert!(
        xml.contains(&format!("<url><loc>{home}/over-ons/</loc></url>")),
        "{xml}"
    );
    assert!(
        xml.contains(&format!(
            "<url><loc>{home}/muesli/hoefslag-senior-muesli/</loc></url>"
        )),
        "{xml}"
    );
    assert!(
        !xml.contains("de.hoefslag.localhost"),
        "another site's pages"
    );
    // Pages marked not to be indexed (not found, thank you) are left out.
    assert!(!xml.contains("/pagina-niet-gevonden/"), "{xml}");
    assert!(!xml.contains("/bedankt-voor-uw-bestelling/"), "{xml}");
    // Every ampersand is escaped (an address with two query parameters, as the seo unit
    // test writes one, would otherwise break the XML): the document reads as XML.
    assert_eq!(
        xml.matches('&').count(),
        xml.matches("&amp;").count(),
        "{xml}"
    );
    let document = scraper::Html::parse_fragment(&xml);
    let locs = document
        .select(&scraper::Selector::parse("loc").unwrap())
        .count();
    assert_eq!(locs, xml.matches("<url>").count(), "one address per entry");
    let count = xml.matches("<url>").count();
    assert!(count > 50, "{count} addresses");

    // The shop's own landing pages, in each of the site's languages.
    for path in ["/feed-calculator/", "/store-locator/"] {
        assert!(
            xml.contains(&format!("<url><loc>{home}{path}</loc></url>")),
            "{xml}"
        );
        assert!(
            xml.contains(&format!("<url><loc>{home}{path}?lang=en</loc></url>")),
            "{xml}"
        );
    }

    // A host of no site has no sitemap.
    let unknown = get_on_host(&app, &format!("127.0.0.1:{port}"), "/sitemap.xml").await;
    assert_eq!(unknown.status(), 404);
}

async fn landing_page_on_host(
    app: &TestApp,
    host: &str,
    site: i64,
    language: i64,
    path: &str,
) -> reqwest::Response {
    reqwest::Client::new()
        .get(app.url(&format!("/api/content/landing-page?path={path}")))
        .header("host", host)
        .header("siteid", site.to_string())
        .header("languageid", language.to_string())
        .send()
        .await
        .unwrap()
}

async fn the_shops_landing_pages_have_addresses_in_every_language_of_the_brand(app: TestApp) {
    let port = port_of(&app);
    let response =
        landing_page_on_host(&app, "hoefslag.localhost", 1, 2, "/feed-calculator/").await;
    assert_eq!(response.status(), 200);
    let page: Value = response.json().await.unwrap();
    let home = format!("http://hoefslag.localhost:{port}");
    assert_eq!(
        page["canonical"],
        format!("{home}/feed-calculator/?lang=en")
    );
    assert_eq!(page["xDefault"], format!("{home}/feed-calculator/"));
    let alternates = page["alternates"].as_array().unwrap();
    assert!(
        alternates
            .contains(&json!({"hreflang": "nl-NL", "href": format!("{home}/feed-calculator/")})),
        "{alternates:?}"
    );
    assert!(
        alternates.contains(&json!({
            "hreflang": "de-DE",
            "href": format!("http://de.hoefslag.localhost:{port}/feed-calculator/")
        })),
        "{alternates:?}"
    );
    assert!(
        alternates
            .iter()
            .all(|alternate| !alternate["href"].as_str().unwrap().contains("weidegroen")),
        "another brand's shop: {alternates:?}"
    );

    // Without the slash it is the same page; any other path is no landing page.
    let bare = landing_page_on_host(&app, "hoefslag.localhost", 1, 1, "/store-locator").await;
    assert_eq!(bare.status(), 200);
    let other = landing_page_on_host(&app, "hoefslag.localhost", 1, 1, "/over-ons/").await;
    assert_eq!(other.status(), 404);
    let missing = reqwest::Client::new()
        .get(app.url("/api/content/landing-page"))
        .header("siteid", "1")
        .header("languageid", "1")
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), 400);
}

async fn the_corporate_site_has_no_shop_landing_pages(app: TestApp) {
    let response =
        landing_page_on_host(&app, "hoofbeat.localhost", 30, 2, "/feed-calculator/").await;
    assert_eq!(response.status(), 404);
    let sitemap = get_on_host(&app, "hoofbeat.localhost", "/sitemap.xml").await;
    assert_eq!(sitemap.status(), 200);
    let xml = sitemap.text().await.unwrap();
    assert!(!xml.contains("/feed-calculator/"), "{xml}");
    assert!(!xml.contains("/store-locator/"), "{xml}");
    assert!(xml.contains("/about-us/"), "{xml}");
}
