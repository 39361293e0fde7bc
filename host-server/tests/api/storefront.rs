use crate::support::backend_tests;

backend_tests! {
    async fn serves_files_and_index_html_for_client_routes(app) {
        let file = app.get("/app.js").await;
        assert_eq!(file.status(), 200);
        assert_eq!(file.text().await.unwrap(), "console.log('app');");

        for path in ["/", "/account/orders/", "/vergelijken", "/some/deep/page/"] {
            let page = app.get(path).await;
            assert_eq!(page.status(), 200, "{path}");
            assert!(page.text().await.unwrap().contains("<title>storefront</title>"), "{path}");
        }
    }

    async fn serves_the_catalog_images(app) {
        let image = app.get("/images/hs-balancer.svg").await;
        assert_eq!(image.status(), 200);
        assert_eq!(image.headers()["content-type"], "image/svg+xml");
        assert_eq!(app.get("/images/none.svg").await.status(), 404);
    }
}
