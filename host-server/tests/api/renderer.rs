//! The server renderer behind host-server: pages are forwarded to it with the
//! visitor's host, cookies, language and query, and its answer passes through; when it cannot
//! be reached, the page is the client-rendered index.html. The renderer here is a stand-in
//! peer; the real one (storefront/server) is driven by the browser tests.

use std::sync::{Arc, Mutex};

use axum::extract::Request;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{AppendHeaders, IntoResponse, Response};
use tokio::net::TcpListener;
use url::Url;

use crate::support::{Backend, TestApp};

/// A client that neither follows redirects nor keeps cookies: it sees the answer as sent.
fn plain_client() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// An address on which nothing listens.
async fn closed_port_url() -> Url {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    drop(listener);
    Url::parse(&format!("http://{address}")).unwrap()
}

/// What the stand-in renderer received: method, path with query, and the headers.
type Seen = Arc<Mutex<Vec<(String, String, HeaderMap)>>>;

/// Starts a stand-in renderer: `/moved/` answers a 301, `/unrenderable/` asks for the
/// client-rendered page, every other page is a 404 with two cookies and a header of its own.
async fn start_renderer() -> (Url, Seen) {
    let seen: Seen = Arc::default();
    let record = seen.clone();
    let app = axum::Router::new().fallback(move |request: Request| {
        let record = record.clone();
        async move {
            let path = request
                .uri()
                .path_and_query()
                .map(ToString::to_string)
                .unwrap_or_default();
            record.lock().unwrap().push((
                request.method().to_string(),
                path.clone(),
                request.headers().clone(),
            ));
            if path.starts_with("/unrenderable/") {
                return Response::builder()
                    .status(StatusCode::SERVICE_UNAVAILABLE)
                    .header("x-render-fallback", "client")
                    .body(axum::body::Body::empty())
                    .unwrap();
            }
            if path.starts_with("/moved/") {
                return Response::builder()
                    .status(StatusCode::MOVED_PERMANENTLY)
                    .header(header::LOCATION, "/new-place/")
                    .body(axum::body::Body::empty())
                    .unwrap();
            }
            (
                StatusCode::NOT_FOUND,
                [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
                AppendHeaders([
                    (header::SET_COOKIE, "first=1; Path=/"),
                    (header::SET_COOKIE, "second=2; Path=/"),
                    (header::HeaderName::from_static("x-rendered-by"), "stand-in"),
                ]),
                format!("<!doctype html><title>rendered</title><p>{path}</p>"),
            )
                .into_response()
        }
    });
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = Url::parse(&format!("http://{}", listener.local_addr().unwrap())).unwrap();
    tokio::spawn(async move {
        axum::serve(listener, app).await.unwrap();
    });
    (url, seen)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_are_forwarded_to_the_renderer_and_its_answer_passes_through() {
    let (renderer, seen) = start_renderer().await;
    let app = TestApp::spawn_with(Backend::Sqlite, |config| {
        config.renderer_url = Some(renderer);
    })
    .await;
    let client = plain_client();

    let page = client
        .get(app.url("/muesli/some-product/?colour=red&p=2"))
        .header(header::HOST, "hoefslag.localhost")
        .header(header::COOKIE, "hb_session=abc; hoofbeat_consent=x")
        .header(header::ACCEPT_LANGUAGE, "de-DE,de;q=0.9")
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), 404);
    assert_eq!(page.headers()["x-rendered-by"], "stand-in");
    assert_eq!(page.headers()["content-type"], "text/html; charset=utf-8");
    let cookies: Vec<&str> = page
        .headers()
        .get_all(header::SET_COOKIE)
        .iter()
        .map(|value| value.to_str().unwrap())
        .collect();
    assert_eq!(cookies, ["first=1; Path=/", "second=2; Path=/"]);
    // The server's own hardening headers are still added.
    assert_eq!(page.headers()["x-frame-options"], "DENY");
    assert_eq!(
        page.text().await.unwrap(),
        "<!doctype html><title>rendered</title><p>/muesli/some-product/?colour=red&p=2</p>"
    );
    {
        let seen = seen.lock().unwrap();
        assert_eq!(seen.len(), 1);
        let (method, path, headers) = &seen[0];
        assert_eq!(method, "GET");
        assert_eq!(path, "/muesli/some-product/?colour=red&p=2");
        assert_eq!(headers["host"], "hoefslag.localhost");
        assert_eq!(headers["cookie"], "hb_session=abc; hoofbeat_consent=x");
        assert_eq!(headers["accept-language"], "de-DE,de;q=0.9");
        // The visitor's address and the renderer key, for the page's API calls.
        assert_eq!(headers["x-forwarded-for"], "127.0.0.1");
        assert_eq!(headers["x-renderer-key"].len(), 64);
    }

    let moved = client.get(app.url("/moved/")).send().await.unwrap();
    assert_eq!(moved.status(), 301);
    assert_eq!(moved.headers()["location"], "/new-place/");

    // A page the renderer cannot render is the client-rendered index.html.
    let fallback = client.get(app.url("/unrenderable/")).send().await.unwrap();
    assert_eq!(fallback.status(), 200);
    assert_eq!(
        fallback.text().await.unwrap(),
        "<!doctype html><title>storefront</title>"
    );

    // Files, the API and non-page methods never reach the renderer.
    let file = client.get(app.url("/app.js")).send().await.unwrap();
    assert_eq!(file.status(), 200);
    assert_eq!(file.text().await.unwrap(), "console.log('app');");
    assert_eq!(
        client
            .get(app.url("/api/health"))
            .send()
            .await
            .unwrap()
            .status(),
        200
    );
    assert_eq!(
        client
            .get(app.url("/api/nothing"))
            .send()
            .await
            .unwrap()
            .status(),
        404
    );
    let post = client.post(app.url("/some/page/")).send().await.unwrap();
    assert_eq!(post.status(), 405);
    assert_eq!(seen.lock().unwrap().len(), 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_reachable_renderer_pages_are_the_client_rendered_index_html() {
    let closed = closed_port_url().await;
    let app = TestApp::spawn_with(Backend::Sqlite, |config| {
        config.renderer_url = Some(closed);
    })
    .await;
    let client = plain_client();
    for path in [
        "/",
        "/muesli/some-product/?colour=red",
        "/account/orders/",
        "/cart",
    ] {
        let page = client.get(app.url(path)).send().await.unwrap();
        assert_eq!(page.status(), 200, "{path}");
        assert_eq!(page.headers()["content-type"], "text/html", "{path}");
        assert_eq!(
            page.text().await.unwrap(),
            "<!doctype html><title>storefront</title>",
            "{path}"
        );
    }
    let head = client.head(app.url("/some/page/")).send().await.unwrap();
    assert_eq!(head.status(), 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hashed_assets_are_cached_for_a_year_other_files_are_not() {
    let app = TestApp::spawn_with(Backend::Sqlite, |config| config.renderer_url = None).await;
    let assets = app.scratch().join("static/assets");
    std::fs::create_dir_all(&assets).unwrap();
    std::fs::write(assets.join("index-Bx3k9A.js"), "export {};").unwrap();
    let client = plain_client();

    let asset = client
        .get(app.url("/assets/index-Bx3k9A.js"))
        .send()
        .await
        .unwrap();
    assert_eq!(asset.status(), 200);
    assert_eq!(
        asset.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert_eq!(asset.text().await.unwrap(), "export {};");

    let file = client.get(app.url("/app.js")).send().await.unwrap();
    assert_eq!(file.status(), 200);
    assert!(file.headers().get("cache-control").is_none());
    // A missing asset is a page (index.html here), never cached for a year.
    let missing = client
        .get(app.url("/assets/gone-123.js"))
        .send()
        .await
        .unwrap();
    assert!(missing.headers().get("cache-control").is_none());
}

/// The address a cart created with these headers was stored with.
async fn client_ip_of_new_cart(app: &TestApp, headers: &[(&str, &str)]) -> String {
    let mut request = plain_client()
        .post(app.url("/api/cart"))
        .header("siteid", "1")
        .header("languageid", "1");
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let answer: serde_json::Value = request.send().await.unwrap().json().await.unwrap();
    let cart_id = answer["cart"]["shoppingcartId"]
        .as_str()
        .unwrap()
        .to_owned();
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&app.database_url()).await.unwrap();
    let (ip,): (String,) = sqlx::query_as("SELECT client_ip FROM carts WHERE cart_id = $1")
        .bind(&cart_id)
        .fetch_one(&pool)
        .await
        .unwrap();
    pool.close().await;
    ip
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_renderers_api_calls_count_the_visitor_only_with_the_renderer_key() {
    let (renderer, seen) = start_renderer().await;
    let app = TestApp::spawn_with(Backend::Sqlite, |config| {
        config.renderer_url = Some(renderer);
        config.import_fixtures = host_server::platform::config::ImportFixtures::Auto;
    })
    .await;
    plain_client()
        .get(app.url("/some/page/"))
        .header("x-renderer-key", "forged")
        .send()
        .await
        .unwrap();
    let key = seen.lock().unwrap()[0].2["x-renderer-key"]
        .to_str()
        .unwrap()
        .to_owned();
    assert_ne!(key, "forged");

    let relayed = [
        ("x-forwarded-for", "203.0.113.9"),
        ("x-renderer-key", key.as_str()),
    ];
    assert_eq!(client_ip_of_new_cart(&app, &relayed).await, "203.0.113.9");
    // Without the key, or with another, the forwarded address is not believed.
    let forged = [
        ("x-forwarded-for", "203.0.113.9"),
        ("x-renderer-key", "0123"),
    ];
    assert_eq!(client_ip_of_new_cart(&app, &forged).await, "127.0.0.1");
    let bare = [("x-forwarded-for", "203.0.113.9")];
    assert_eq!(client_ip_of_new_cart(&app, &bare).await, "127.0.0.1");
}
