//! The content page, `GET /api/content/page?path=..`: the route, the page and the site's
//! layout. Only what the tests read is typed; menu items, links and USPs, which the tests
//! compare whole, stay `Value`.

use serde::Deserialize;
use serde_json::Value;

use super::TestApp;
use super::answer::read;

/// What `GET /api/content/page` answers for a known path.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContentPage {
    pub path: String,
    /// The route the path resolves to (compared whole, or by its `type`).
    pub route: Value,
    /// The content page; absent for other routes (a product page).
    pub page: Option<Page>,
    pub layout: Layout,
}

/// A content page's text.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Page {
    pub page_id: i64,
    pub page_key: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub title: Option<String>,
    pub body: Option<String>,
    pub body_format: String,
    pub indexable: bool,
    /// The FAQ item a FAQ page was asked for by its path.
    pub faq_item_id: Option<i64>,
}

/// The site's layout as a page brings it.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Layout {
    pub navigation: Navigation,
    pub footer: Footer,
    pub header_usps: Vec<Value>,
    pub cart_usps: Vec<Value>,
    pub notification: Option<Notification>,
}

/// The main menu.
#[derive(Debug, Deserialize)]
pub struct Navigation {
    pub items: Vec<Value>,
}

/// The footer's columns.
#[derive(Debug, Deserialize)]
pub struct Footer {
    pub columns: Vec<FooterColumn>,
}

/// One column of the footer.
#[derive(Debug, Deserialize)]
pub struct FooterColumn {
    pub title: String,
    pub links: Vec<Value>,
}

/// The site's notification bar.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Notification {
    pub notification_id: i64,
    pub text: String,
    pub url: String,
    pub style: String,
}

impl TestApp {
    /// `GET /api/content/page?path={path}` on a site in a language (the path as given,
    /// unencoded, as the storefront sends it).
    pub async fn content_page(&self, site_id: i64, language_id: i64, path: &str) -> ContentPage {
        read(
            self.get_in(
                site_id,
                language_id,
                &format!("/api/content/page?path={path}"),
            )
            .await,
        )
        .await
    }
}
