use crate::support::{TestApp, backend_tests};

backend_tests!(
    serves_files_and_index_html_for_client_routes,
    serves_the_catalog_images,
    serves_the_builds_precompressed_copies_to_browsers_that_accept_them,
    compresses_api_answers_for_clients_that_accept_it
);

async fn serves_files_and_index_html_for_client_routes(app: TestApp) {
    let file = app.get("/app.js").await;
    assert_eq!(file.status(), 200);
    assert_eq!(file.text().await.unwrap(), "console.log('app');");

    for path in ["/", "/account/orders/", "/vergelijken", "/some/deep/page/"] {
        let page = app.get(path).await;
        assert_eq!(page.status(), 200, "{path}");
        assert!(
            page.text()
                .await
                .unwrap()
                .contains("<title>storefront</title>"),
            "{path}"
        );
    }
}

async fn serves_the_catalog_images(app: TestApp) {
    let image = app.get("/images/hs-balancer.svg").await;
    assert_eq!(image.status(), 200);
    assert_eq!(image.headers()["content-type"], "image/svg+xml");
    assert_eq!(app.get("/images/none.svg").await.status(), 404);
}

async fn serves_the_builds_precompressed_copies_to_browsers_that_accept_them(app: TestApp) {
    let assets = app.scratch().join("static").join("assets");
    std::fs::create_dir_all(&assets).unwrap();
    std::fs::write(assets.join("app-1.js"), "console.log('app');").unwrap();
    std::fs::write(assets.join("app-1.js.br"), "the Brotli copy").unwrap();
    std::fs::write(assets.join("app-1.js.gz"), "the gzip copy").unwrap();
    let asked = |encoding: &'static str| {
        let request = app.client.get(app.url("/assets/app-1.js"));
        async move {
            let response = request
                .header("accept-encoding", encoding)
                .send()
                .await
                .unwrap();
            let headers = response.headers().clone();
            (headers, response.text().await.unwrap())
        }
    };
    let (headers, body) = asked("br, gzip").await;
    assert_eq!(
        (headers["content-encoding"].to_str().unwrap(), body.as_str()),
        ("br", "the Brotli copy")
    );
    assert_eq!(
        headers["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert!(
        headers
            .get_all("vary")
            .iter()
            .any(|value| value == "accept-encoding")
    );
    let (headers, body) = asked("gzip").await;
    assert_eq!(
        (headers["content-encoding"].to_str().unwrap(), body.as_str()),
        ("gzip", "the gzip copy")
    );
    let (headers, body) = asked("identity").await;
    assert!(headers.get("content-encoding").is_none());
    assert_eq!(body, "console.log('app');");
}

async fn compresses_api_answers_for_clients_that_accept_it(app: TestApp) {
    let plain = app.get("/api/openapi.json").await.bytes().await.unwrap();
    let response = app
        .client
        .get(app.url("/api/openapi.json"))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["content-encoding"], "gzip");
    let compressed = response.bytes().await.unwrap();
    assert_eq!(&compressed[..2], &[0x1f, 0x8b], "a gzip stream");
    assert!(
        compressed.len() * 4 < plain.len(),
        "{} of {} bytes",
        compressed.len(),
        plain.len()
    );
}
