//! The content API's request and response types: layout parts, pages, news, FAQ and advice as
//! the storefront reads them.

use engine::ids::ProductId;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::content::route_lookup::Route;

/// A link of the navigation or footer, resolved for the site and language.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = LayoutLink)]
pub struct Link {
    pub title: Option<String>,
    pub url: String,
    /// The link's `target`, e.g. `_self` or `_blank`.
    pub target: String,
    /// The links of the item's sub-menu (primary navigation items only); absent when it has none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schema(no_recursion)]
    pub children: Vec<Link>,
}

/// The primary navigation.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Navigation {
    pub navigation_id: i64,
    pub items: Vec<Link>,
}

/// The footer.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Footer {
    pub footer_id: i64,
    pub columns: Vec<FooterColumn>,
}

/// A column of the footer.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct FooterColumn {
    pub title: Option<String>,
    pub links: Vec<Link>,
}

/// A unique selling point.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Usp {
    /// The icon's name, e.g. `truck`.
    pub icon: String,
    pub text: Option<String>,
}

/// The site's notification bar.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = SiteNotification)]
#[serde(rename_all = "camelCase")]
pub struct Notification {
    pub notification_id: i64,
    /// The look, e.g. `info`.
    pub style: String,
    pub text: Option<String>,
    pub url: Option<String>,
}

/// The layout parts of a site in a language.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Layout {
    pub navigation: Navigation,
    pub footer: Footer,
    pub header_usps: Vec<Usp>,
    pub cart_usps: Vec<Usp>,
    /// Null when the site has none, or none valid today.
    pub notification: Option<Notification>,
}

/// The customer-service block of a site (footer and contact), in the request's language.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerService {
    pub title: Option<String>,
    pub bottom_text: Option<String>,
    /// The customer-service page's path.
    pub link: Option<String>,
    /// The phone number as it is written, e.g. `+31881234500`.
    pub phone: String,
    /// The phone number as a link, e.g. `tel:+31881234500`.
    pub phone_link: String,
    pub email: String,
    pub opening_hours: Option<String>,
}

/// A social media profile of the site.
#[derive(Debug, Serialize, ToSchema)]
pub struct SocialLink {
    /// `instagram`, `facebook`, `twitter`, `youtube`, `linkedin` or `tiktok`.
    pub network: String,
    pub url: String,
}

/// Everything the frame of every page shows for a site in a language: the layout parts, the
/// customer-service block, the social links and the links of the currency disclaimer and the
/// become-dealer page. The storefront loads it once per site and language.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SiteLayout {
    pub site_id: i64,
    pub language_id: i64,
    pub navigation: Navigation,
    pub footer: Footer,
    pub header_usps: Vec<Usp>,
    pub cart_usps: Vec<Usp>,
    /// Null when the site has none, or none valid today.
    pub notification: Option<Notification>,
    pub customer_service: CustomerService,
    /// The profiles the site has, in a fixed order (instagram, facebook, twitter, youtube,
    /// linkedin, tiktok); empty ones are left out.
    pub social_links: Vec<SocialLink>,
    /// True when the site shows prices converted from euro, which are indicative.
    pub indicative_prices: bool,
    /// The page explaining the currency conversion; null on euro sites.
    pub currency_conversion_disclaimer_link: Option<String>,
    pub become_dealer_link: Option<String>,
}

/// The hero of the home page.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HomeHero {
    pub title: Option<String>,
    pub text: Option<String>,
    /// An image file name, served under `/images/`.
    pub image: Option<String>,
    /// The hero's button; null when its page is not on this site.
    pub link: Option<Link>,
}

/// A category tile of the home page.
#[derive(Debug, Serialize, ToSchema)]
pub struct HomeTile {
    pub title: Option<String>,
    pub image: Option<String>,
    pub url: String,
}

/// The home page of the site's brand: hero, category tiles and product lists (the products the
/// site sells, in the request's language).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HomeContent {
    pub hero: HomeHero,
    pub tiles: Vec<HomeTile>,
    pub featured: Vec<crate::catalog::search::ProductHit>,
    /// The newest products, at most four.
    pub newest: Vec<crate::catalog::search::ProductHit>,
    pub sale: Vec<crate::catalog::search::ProductHit>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct PathQuery {
    /// The full path, e.g. `/over-ons/` (a query or fragment is ignored).
    #[param(required = true)]
    pub(super) path: Option<String>,
}

/// Whether a page is a content page or the FAQ page.
#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum PageType {
    ContentPage,
    Faq,
}

/// A content page in a language.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ContentPage)]
#[serde(rename_all = "camelCase")]
pub struct Page {
    pub page_id: i64,
    pub page_key: String,
    pub parent_page_id: Option<i64>,
    pub title: Option<String>,
    pub body: Option<String>,
    /// The format of `body`, e.g. `markdown`.
    pub body_format: String,
    pub indexable: bool,
    #[serde(rename = "type")]
    pub page_type: PageType,
    /// The same as `pageId`.
    pub content_page_id: i64,
    /// The FAQ on the page, for the FAQ page.
    pub faq_id: Option<i64>,
    /// The question the path names, on a question's path.
    pub faq_item_id: Option<i64>,
}

/// The content of a path: its route, its page (content and FAQ pages) and the site's layout.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageContent {
    pub site_id: i64,
    pub language_id: i64,
    /// The path, normalized.
    pub path: String,
    pub route: Route,
    /// Null for the page types that are not content pages.
    pub page: Option<Page>,
    pub layout: Layout,
    /// The page's canonical address and the same page on the brand's other sites and languages.
    pub alternates: PageAlternates,
}

/// A news item.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewsItem {
    pub news_item_id: i64,
    /// `YYYY-MM-DD`.
    pub date: String,
    pub title: Option<String>,
    pub summary: Option<String>,
    pub image: Option<String>,
    pub url: Option<String>,
}

/// A news item with its body.
#[derive(Debug, Serialize, ToSchema)]
pub struct NewsArticle {
    #[serde(flatten)]
    pub item: NewsItem,
    pub body: Option<String>,
}

/// A page of news.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewsPage {
    pub total_count: usize,
    pub page: u32,
    pub page_size: u32,
    pub page_count: usize,
    pub items: Vec<NewsItem>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub(super) struct FaqQuery {
    /// The FAQ (default 1).
    #[param(value_type = Option<i64>)]
    pub(super) faq_id: Option<String>,
}

/// A FAQ with its categories and questions.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Faq {
    pub faq_id: i64,
    /// The site's FAQ page.
    pub content_page_id: Option<i64>,
    pub url: Option<String>,
    pub categories: Vec<FaqCategory>,
}

/// A category of questions.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FaqCategory {
    pub faq_category_id: i64,
    pub title: Option<String>,
    pub items: Vec<FaqItem>,
}

/// A question with its answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FaqItem {
    pub faq_item_id: i64,
    pub question: Option<String>,
    pub answer: Option<String>,
    /// The question's own path on the FAQ page.
    pub url: Option<String>,
}

/// An advice article.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdviceArticle {
    pub advice_article_id: i64,
    pub advice_category_id: i64,
    /// `YYYY-MM-DD`.
    pub date: String,
    pub title: Option<String>,
    pub summary: Option<String>,
    pub url: Option<String>,
}

/// An advice article with its body and the products it recommends.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdviceArticleDetail {
    #[serde(flatten)]
    pub article: AdviceArticle,
    pub body: Option<String>,
    pub related_product_ids: Vec<ProductId>,
}

/// An advice video.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdviceVideo {
    pub advice_video_id: i64,
    pub advice_category_id: i64,
    pub title: Option<String>,
    pub description: Option<String>,
    /// The video host, e.g. `youtube`.
    pub video_provider: String,
    /// The video's id at its host.
    pub video_id: String,
    pub duration_seconds: i64,
    pub url: Option<String>,
}

/// An advice category with its articles and videos.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdviceCategory {
    pub advice_category_id: i64,
    pub title: Option<String>,
    pub url: Option<String>,
    pub articles: Vec<AdviceArticle>,
    pub videos: Vec<AdviceVideo>,
}

/// The advice overview.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdviceCategories {
    /// The overview's path.
    pub url: Option<String>,
    pub categories: Vec<AdviceCategory>,
}

/// A page's address for search engines and the same page elsewhere.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageAlternates {
    /// The page's own address in the language shown.
    pub canonical: String,
    /// The page on every site of the brand and in every language that has it, this one included.
    pub alternates: Vec<Alternate>,
    /// The address for visitors whose language no alternate names (`hreflang="x-default"`).
    pub x_default: String,
}

/// The page in one site's language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Alternate {
    /// Language and region, e.g. `nl-NL`, `de-AT`.
    pub hreflang: String,
    pub href: String,
}
