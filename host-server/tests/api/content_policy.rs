//! The content security policy allows a third party only where the shop uses it: the
//! video players' privacy origins always (the storefront embeds them only
//! after consent), the map tile host only with `MAP_TILE_URL`, the tag manager only on the pages
//! of a site with a tag manager key. Each asserted as the exact header.

use std::path::Path;

use serde_json::{Value, json};

use crate::support::{Backend, TestApp, fixtures_dir};

/// The policy without any third-party option.
const PLAIN: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; \
     frame-src https://www.youtube-nocookie.com https://player.vimeo.com; object-src 'none'; \
     base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// The policy with the tile host `http://127.0.0.1:4000`.
const WITH_TILES: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data: blob: http://127.0.0.1:4000; font-src 'self'; connect-src 'self'; \
     frame-src https://www.youtube-nocookie.com https://player.vimeo.com; object-src 'none'; \
     base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// The policy on the pages of a site with a tag manager key.
const WITH_TAG_MANAGER: &str = "default-src 'self'; \
     script-src 'self' 'wasm-unsafe-eval' https://*.googletagmanager.com; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data: blob: https://*.google-analytics.com https://*.googletagmanager.com; font-src 'self'; \
     connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com; \
     frame-src https://www.youtube-nocookie.com https://player.vimeo.com https://www.googletagmanager.com; \
     object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// The policy of an answer to `path` requested on `host`.
async fn policy_on(app: &TestApp, host: &str, path: &str) -> String {
    let response = app
        .client
        .get(app.url(path))
        .header("host", host)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "{host}{path}");
    response.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_configuration_only_the_video_players_are_allowed() {
    let app = TestApp::spawn_with_fixtures(Backend::Sqlite).await;
    assert_eq!(host_server::app::CONTENT_SECURITY_POLICY, PLAIN);
    for (host, path) in [
        ("localhost", "/"),
        ("localhost", "/store-locator/"),
        ("weidegroen.localhost", "/"),
        ("127.0.0.1", "/api/health"),
    ] {
        assert_eq!(policy_on(&app, host, path).await, PLAIN, "{host}{path}");
    }
    let site: Value = app.get("/api/Sites/1").await.json().await.unwrap();
    assert_eq!(
        (&site["mapTileUrl"], &site["mapTileAttribution"]),
        (&Value::Null, &Value::Null)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_configured_tile_service_is_handed_out_and_allowed_for_images() {
    let app = TestApp::spawn_with(Backend::Sqlite, |config| {
        config.import_fixtures = host_server::platform::config::ImportFixtures::Auto;
        config.map = host_server::platform::config::MapConfig {
            tile_url: Some("http://127.0.0.1:4000/tiles/{z}/{x}/{y}.png".to_owned()),
            attribution: "© Kaartdienst <test>".to_owned(),
        };
    })
    .await;
    for (host, path) in [
        ("localhost", "/store-locator/"),
        ("127.0.0.1", "/api/health"),
    ] {
        assert_eq!(
            policy_on(&app, host, path).await,
            WITH_TILES,
            "{host}{path}"
        );
    }
    let site: Value = app
        .get("/api/sites/getbydomain?domain=de.weidegroen.localhost")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        (&site["mapTileUrl"], &site["mapTileAttribution"]),
        (
            &json!("http://127.0.0.1:4000/tiles/{z}/{x}/{y}.png"),
            &json!("© Kaartdienst <test>")
        )
    );
}

/// A copy of the fixtures (linked, but for `sites.json`) in which the site on `domain` has the
/// tag manager key `GTM-TEST1`.
fn fixtures_with_tag_manager(scratch: &Path, domain: &str) -> std::path::PathBuf {
    let dir = scratch.join("fixtures-with-tag-manager");
    std::fs::create_dir_all(&dir).unwrap();
    for entry in std::fs::read_dir(fixtures_dir()).unwrap() {
        let entry = entry.unwrap();
        if entry.file_name() != "sites.json" {
            std::os::unix::fs::symlink(entry.path(), dir.join(entry.file_name())).unwrap();
        }
    }
    let text = std::fs::read_to_string(fixtures_dir().join("sites.json")).unwrap();
    let mut sites: Value = serde_json::from_str(&text).unwrap();
    let site = sites["sites"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|site| site["domain"] == json!(domain))
        .unwrap();
    site["tagManagerId"] = json!("GTM-TEST1");
    std::fs::write(dir.join("sites.json"), sites.to_string()).unwrap();
    dir
}

async fn only_the_pages_of_a_site_with_a_key_allow_the_tag_manager(backend: Backend) {
    let scratch =
        std::env::temp_dir().join(format!("hoofbeat-csp-{}", uuid::Uuid::new_v4().simple()));
    let fixtures = fixtures_with_tag_manager(&scratch, "hoefslag.localhost");
    let app = TestApp::spawn_with(backend, |config| {
        config.import_fixtures = host_server::platform::config::ImportFixtures::Auto;
        config.fixtures_dir = fixtures;
    })
    .await;
    let site: Value = app
        .get("/api/sites/getbydomain?domain=localhost")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(site["tagManagerId"], json!("GTM-TEST1"));
    // Site 1 on its domain and its aliases: the tag manager may load.
    for (host, path) in [
        ("hoefslag.localhost", "/"),
        ("localhost:8080", "/store-locator/"),
        ("www.hoefslag.localhost", "/media/"),
    ] {
        assert_eq!(
            policy_on(&app, host, path).await,
            WITH_TAG_MANAGER,
            "{host}{path}"
        );
    }
    // Sites without a key, and hosts of no site: it may not.
    for (host, path) in [
        ("weidegroen.localhost", "/"),
        ("be.hoefslag.localhost", "/"),
        ("127.0.0.1", "/"),
    ] {
        assert_eq!(policy_on(&app, host, path).await, PLAIN, "{host}{path}");
    }
    app.stop().await;
    let _ = std::fs::remove_dir_all(&scratch);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_pages_of_a_site_with_a_key_allow_the_tag_manager_sqlite() {
    only_the_pages_of_a_site_with_a_key_allow_the_tag_manager(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL on 127.0.0.1:5432 (scripts/test.sh runs it when one answers)"]
async fn only_the_pages_of_a_site_with_a_key_allow_the_tag_manager_postgres() {
    only_the_pages_of_a_site_with_a_key_allow_the_tag_manager(Backend::Postgres).await;
}
