//! The content's calls and answers: the content page (`GET /api/content/page?path=..`: the
//! route, the page and the site's layout), the site's layout alone, the home page, news, the
//! FAQ, advice, dealers and parcel shops.
//!
//! Only what the tests read is typed; menu items, links and USPs, which the tests compare
//! whole, stay `Value`. The navigation and the footer, compared whole between two answers, and
//! the customer-service block, a social link and a home tile, compared whole to what is
//! expected, deny unknown fields so that comparing them typed checks as much.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value;

use super::TestApp;
use super::answer::read;
use super::catalog::ProductHit;

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
#[derive(Debug, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Navigation {
    pub navigation_id: i64,
    pub items: Vec<Value>,
}

/// The footer's columns.
#[derive(Debug, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Footer {
    pub footer_id: i64,
    pub columns: Vec<FooterColumn>,
}

/// One column of the footer.
#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
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

/// What `GET /api/content/layout` answers: the frame of every page of a site in a language.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SiteLayout {
    pub site_id: i64,
    pub language_id: i64,
    pub navigation: Navigation,
    pub footer: Footer,
    pub header_usps: Vec<Value>,
    pub cart_usps: Vec<Value>,
    pub notification: Option<Notification>,
    pub customer_service: CustomerService,
    pub social_links: Vec<SocialLink>,
    pub indicative_prices: bool,
    /// Null on euro sites.
    pub currency_conversion_disclaimer_link: Option<String>,
    pub become_dealer_link: Option<String>,
}

/// The site's customer-service block, in the request's language.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CustomerService {
    pub title: Option<String>,
    pub bottom_text: Option<String>,
    pub link: Option<String>,
    pub phone: String,
    pub phone_link: String,
    pub email: String,
    pub opening_hours: Option<String>,
}

/// A social media profile of the site.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SocialLink {
    pub network: String,
    pub url: String,
}

/// What `GET /api/content/home` answers: the home page of the site's brand.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HomeContent {
    pub hero: Hero,
    pub tiles: Vec<HomeTile>,
    pub featured: Vec<ProductHit>,
    pub newest: Vec<ProductHit>,
    pub sale: Vec<ProductHit>,
}

/// The hero of the home page.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Hero {
    pub title: Option<String>,
    pub image: Option<String>,
    /// The hero's button (compared whole, or by its `url`); null when its page is not on the
    /// site.
    pub link: Option<Value>,
}

/// A category tile of the home page.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HomeTile {
    pub title: Option<String>,
    pub image: Option<String>,
    pub url: String,
}

/// What `GET /api/news` answers: a page of news items, newest first.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NewsPage {
    pub total_count: u64,
    pub page_count: u64,
    pub items: Vec<NewsSummary>,
}

/// A news item in the list.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NewsSummary {
    pub news_item_id: i64,
    /// `YYYY-MM-DD`.
    pub date: String,
    pub title: Option<String>,
    pub url: Option<String>,
    /// The fields not typed here, to see which the list leaves out (the body).
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

/// What `GET /api/news/{id}` answers, as far as its body is concerned.
#[derive(Debug, Deserialize)]
pub struct NewsArticle {
    pub body: Option<String>,
}

/// What `GET /api/faq` answers: the FAQ with its categories and questions.
#[derive(Debug, Deserialize)]
pub struct Faq {
    /// The site's FAQ page.
    pub url: Option<String>,
    pub categories: Vec<FaqCategory>,
}

/// A category of questions.
#[derive(Debug, Deserialize)]
pub struct FaqCategory {
    pub title: Option<String>,
    pub items: Vec<FaqItem>,
}

/// A question of the FAQ.
#[derive(Debug, Deserialize)]
pub struct FaqItem {
    pub question: Option<String>,
    /// The question's own path on the FAQ page.
    pub url: Option<String>,
}

/// What `GET /api/advice/categories` answers: the advice overview.
#[derive(Debug, Deserialize)]
pub struct AdviceCategories {
    /// The overview's path.
    pub url: Option<String>,
    pub categories: Vec<AdviceCategory>,
}

/// An advice category with its articles.
#[derive(Debug, Deserialize)]
pub struct AdviceCategory {
    pub title: Option<String>,
    pub url: Option<String>,
    pub articles: Vec<AdviceArticle>,
}

/// An advice article, in the overview and as `GET /api/advice/articles/{id}` answers it.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AdviceArticle {
    /// `YYYY-MM-DD`.
    pub date: String,
    pub title: Option<String>,
    pub url: Option<String>,
    /// The products the article recommends; absent (empty) in the overview.
    #[serde(default)]
    pub related_product_ids: Vec<i64>,
}

/// What `GET /api/advice/videos/{id}` answers.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AdviceVideo {
    pub title: Option<String>,
    /// The video's id at its host.
    pub video_id: String,
    pub duration_seconds: i64,
}

/// What `GET /api/dealers` answers: dealers, nearest first.
#[derive(Debug, Deserialize)]
pub struct Dealers {
    pub dealers: Vec<Dealer>,
}

/// A dealer or store.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Dealer {
    pub dealer_id: i64,
    pub name: String,
    pub address: DealerAddress,
    /// Null without `near`.
    pub distance_meters: Option<u64>,
}

/// A dealer's postal address.
#[derive(Debug, Deserialize)]
pub struct DealerAddress {
    pub zipcode: String,
}

/// What `GET /api/parcelshops` answers: the pick-up points nearest to a place.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ParcelShops {
    pub parcel_shops: Vec<ParcelShop>,
}

/// A pick-up point, in the list and as `GET /api/parcelshops/{id}` answers it.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ParcelShop {
    pub parcel_shop_id: String,
    pub name: String,
    pub city: String,
    pub country_id: i64,
    pub distance_meters: u64,
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

    /// `GET /api/content/layout` on a site in a language.
    pub async fn site_layout(&self, site_id: i64, language_id: i64) -> SiteLayout {
        read(
            self.get_in(site_id, language_id, "/api/content/layout")
                .await,
        )
        .await
    }

    /// `GET /api/content/home` on a site in a language.
    pub async fn home_content(&self, site_id: i64, language_id: i64) -> HomeContent {
        read(self.get_in(site_id, language_id, "/api/content/home").await).await
    }

    /// `GET /api/news{query}` on a site in a language (the query with its `?`, or empty).
    pub async fn news(&self, site_id: i64, language_id: i64, query: &str) -> NewsPage {
        read(
            self.get_in(site_id, language_id, &format!("/api/news{query}"))
                .await,
        )
        .await
    }

    /// `GET /api/news/{id}` on a site in a language.
    pub async fn news_item(&self, site_id: i64, language_id: i64, id: i64) -> NewsArticle {
        read(
            self.get_in(site_id, language_id, &format!("/api/news/{id}"))
                .await,
        )
        .await
    }

    /// `GET /api/faq` on a site in a language.
    pub async fn faq(&self, site_id: i64, language_id: i64) -> Faq {
        read(self.get_in(site_id, language_id, "/api/faq").await).await
    }

    /// `GET /api/advice/categories` on a site in a language.
    pub async fn advice_categories(&self, site_id: i64, language_id: i64) -> AdviceCategories {
        read(
            self.get_in(site_id, language_id, "/api/advice/categories")
                .await,
        )
        .await
    }

    /// `GET /api/advice/articles/{id}` on a site in a language.
    pub async fn advice_article(&self, site_id: i64, language_id: i64, id: i64) -> AdviceArticle {
        read(
            self.get_in(site_id, language_id, &format!("/api/advice/articles/{id}"))
                .await,
        )
        .await
    }

    /// `GET /api/advice/videos/{id}` on a site in a language.
    pub async fn advice_video(&self, site_id: i64, language_id: i64, id: i64) -> AdviceVideo {
        read(
            self.get_in(site_id, language_id, &format!("/api/advice/videos/{id}"))
                .await,
        )
        .await
    }

    /// `GET /api/dealers{query}` without a site (the query with its `?`, or empty): every
    /// brand's dealers.
    pub async fn dealers(&self, query: &str) -> Dealers {
        read(self.get(&format!("/api/dealers{query}")).await).await
    }

    /// `GET /api/dealers{query}` on a site in a language: the dealers of the site's brand.
    pub async fn dealers_in(&self, site_id: i64, language_id: i64, query: &str) -> Dealers {
        read(
            self.get_in(site_id, language_id, &format!("/api/dealers{query}"))
                .await,
        )
        .await
    }

    /// `GET /api/parcelshops{query}` (the query with its `?`).
    pub async fn parcel_shops(&self, query: &str) -> ParcelShops {
        read(self.get(&format!("/api/parcelshops{query}")).await).await
    }

    /// `GET /api/parcelshops/{id}`.
    pub async fn parcel_shop(&self, id: &str) -> ParcelShop {
        read(self.get(&format!("/api/parcelshops/{id}")).await).await
    }
}
