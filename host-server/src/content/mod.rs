//! Content: the page content of the dynamic route with the
//! site's layout (navigation, footer, USPs, notification), news, FAQ and advice.
//!
//! Every call needs the `siteid` and `languageid` headers. Texts are picked by the engine's
//! text fallback rule; links are resolved to the paths of the request's site and language from
//! the route table the fixture import computed.

mod layout_cache;
pub use layout_cache::LayoutCache;
pub mod route_lookup;
pub mod seo;
mod store;

use engine::ids::ProductId;
use std::collections::HashMap;

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use engine::locale::Culture;
use serde::{Deserialize, Serialize};
use sqlx::AnyPool;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::catalog::PageQuery;
use crate::content::route_lookup::{PageNotFound, Route};
use crate::openapi::SiteHeaders;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path, Query, path_number};
use crate::platform::request_context::RequestContext;
use crate::platform::stored_json::{self, Loc};
use crate::platform::trust::{ShopLinks, Trust};
use crate::sites::{SiteLanguage, pick_json, site_language};
use store::advice::{ArticleRow, VideoRow};
use store::news::NewsRow;

/// The routes of this area.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(page))
        .routes(routes!(site_layout))
        .routes(routes!(home))
        .routes(routes!(news))
        .routes(routes!(news_item))
        .routes(routes!(faq))
        .routes(routes!(advice_categories))
        .routes(routes!(advice_article))
        .routes(routes!(advice_video))
}

fn text(json: &str, site: &SiteLanguage) -> Option<String> {
    pick_json(json, site.culture, Some(site.fallback))
}

/// A stored localized text in the site's language, by the text fallback rule.
fn localized(text: &Loc, site: &SiteLanguage) -> Option<String> {
    let available: Vec<Culture> = text.cultures();
    engine::locale::pick_text_culture(site.culture, Some(site.fallback), &available)
        .and_then(|chosen| text.get(chosen))
        .map(str::to_owned)
}

/// Stored JSON text read as `T` (written by the fixture import from the same type).
fn read_stored<T: serde::de::DeserializeOwned>(text: &str, what: &str) -> Result<T, ApiError> {
    serde_json::from_str(text)
        .map_err(|error| ApiError::Internal(format!("stored {what}: {error}")))
}

/// The paths of a site language by route key.
async fn route_paths(
    pool: &AnyPool,
    site: &SiteLanguage,
    types: &[&str],
) -> Result<HashMap<String, String>, ApiError> {
    let rows = store::routes::of_site_language(pool, site.site_id, site.language_id).await?;
    Ok(rows
        .into_iter()
        .filter(|(route_type, _, _)| types.contains(&route_type.as_str()))
        .map(|(_, key, path)| (key, path))
        .collect())
}

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

/// Resolves stored links for a site language.
struct Links<'a> {
    site: &'a SiteLanguage,
    pages: HashMap<String, i64>,
    paths: HashMap<String, String>,
    shop: ShopLinks,
}

impl<'a> Links<'a> {
    async fn load(
        pool: &AnyPool,
        trust: &Trust,
        site: &'a SiteLanguage,
    ) -> Result<Links<'a>, ApiError> {
        let pages = store::layout::page_ids_by_key(pool, site.site_id).await?;
        let paths = route_paths(
            pool,
            site,
            &["contentPage", "faq", "productSearch", "adviceCategory"],
        )
        .await?;
        Ok(Links {
            site,
            pages: pages.into_iter().collect(),
            paths,
            shop: trust.shop_links().await?,
        })
    }

    /// The URL of a link route, or `None` when it has no page on this site.
    fn url(&self, route: &stored_json::LinkRoute) -> Option<String> {
        if let Some(key) = &route.page_key {
            let page = self.pages.get(key)?;
            return self
                .paths
                .get(&format!("contentPage:{page}"))
                .or_else(|| self.paths.get(&format!("faq:{page}")))
                .cloned();
        }
        if let Some(landing) = route.landing_page_id {
            return self
                .paths
                .get(&format!("productSearch:landingPage:{landing}"))
                .cloned();
        }
        if route.advice_overview == Some(true) {
            return self.paths.get("adviceCategory:0").cloned();
        }
        route.url.as_deref().map(|url| self.shop.rewrite(url))
    }

    /// The link, unless it is for other sites or has no page on this one.
    fn link(&self, link: &stored_json::Link) -> Option<Link> {
        if let Some(ids) = &link.site_ids
            && !ids.contains(&self.site.site_id)
        {
            return None;
        }
        Some(Link {
            title: localized(&link.title, self.site),
            url: self.url(&link.route)?,
            target: link.target.clone(),
            children: self.links(&link.children),
        })
    }

    fn links(&self, links: &[stored_json::Link]) -> Vec<Link> {
        links.iter().filter_map(|link| self.link(link)).collect()
    }
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

async fn navigation(
    pool: &AnyPool,
    links: &Links<'_>,
    navigation_id: i64,
) -> Result<Navigation, ApiError> {
    let items = match store::layout::navigation_items(pool, navigation_id).await? {
        Some(items) => links.links(&read_stored::<Vec<stored_json::Link>>(
            &items,
            "navigation",
        )?),
        None => Vec::new(),
    };
    Ok(Navigation {
        navigation_id,
        items,
    })
}

async fn footer(pool: &AnyPool, links: &Links<'_>, footer_id: i64) -> Result<Footer, ApiError> {
    let columns: Vec<stored_json::FooterColumn> =
        match store::layout::footer_columns(pool, footer_id).await? {
            Some(columns) => read_stored(&columns, "footer")?,
            None => Vec::new(),
        };
    Ok(Footer {
        footer_id,
        columns: columns
            .iter()
            .map(|column| FooterColumn {
                title: localized(&column.title, links.site),
                links: links.links(&column.links),
            })
            .collect(),
    })
}

async fn usps(pool: &AnyPool, site: &SiteLanguage, id: Option<i64>) -> Result<Vec<Usp>, ApiError> {
    let Some(id) = id else {
        return Ok(Vec::new());
    };
    let items: Vec<stored_json::Usp> = match store::layout::usp_items(pool, id).await? {
        Some(items) => read_stored(&items, "USPs")?,
        None => Vec::new(),
    };
    Ok(items
        .into_iter()
        .map(|item| Usp {
            text: localized(&item.text, site),
            icon: item.icon,
        })
        .collect())
}

/// The notification, when it is valid today.
async fn notification(
    pool: &AnyPool,
    links: &Links<'_>,
    id: Option<i64>,
) -> Result<Option<Notification>, ApiError> {
    let Some(id) = id else {
        return Ok(None);
    };
    let row = store::layout::notification(pool, id).await?;
    let today = crate::platform::time::date_utc(crate::platform::clock::now());
    let Some((notification_id, style, text_json, route, _, _)) = row.filter(|(.., from, until)| {
        from.as_str() <= today.as_str() && today.as_str() <= until.as_str()
    }) else {
        return Ok(None);
    };
    let url = match route {
        Some(route) => links.url(&read_stored(&route, "notification route")?),
        None => None,
    };
    Ok(Some(Notification {
        notification_id,
        style,
        text: text(&text_json, links.site),
        url,
    }))
}

/// The layout parts of a site in a language, from the layout cache while fresh.
async fn layout_of(state: &AppState, site: &SiteLanguage) -> Result<Layout, ApiError> {
    let key = layout_cache::LayoutKey {
        site_id: site.site_id,
        language_id: site.language_id,
        day: crate::platform::time::date_utc(crate::platform::clock::now()),
    };
    if let Some(layout) = state.layouts.fresh(&key) {
        return Ok(layout);
    }
    let layout = layout(state.db.pool(), &state.trust, site).await?;
    state.layouts.keep(key, layout.clone());
    Ok(layout)
}

/// The layout parts of a site in a language: navigation, footer, USPs and notification.
async fn layout(pool: &AnyPool, trust: &Trust, site: &SiteLanguage) -> Result<Layout, ApiError> {
    let (navigation_id, footer_id, notification_id, header_usps, cart_usps) =
        store::layout::site_parts(pool, site.site_id).await?;
    let links = Links::load(pool, trust, site).await?;
    Ok(Layout {
        navigation: navigation(pool, &links, navigation_id).await?,
        footer: footer(pool, &links, footer_id).await?,
        header_usps: usps(pool, site, header_usps).await?,
        cart_usps: usps(pool, site, cart_usps).await?,
        notification: notification(pool, &links, notification_id).await?,
    })
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

/// The site's layout for the frame of every page: navigation with sub-menus, footer columns,
/// customer service, social links, USPs, notification and the disclaimer and dealer links.
#[utoipa::path(
    get,
    path = "/api/content/layout",
    tag = "content",
    operation_id = "content_layout",
    params(SiteHeaders),
    responses(
        (status = 200, description = "The site's layout in the language", body = SiteLayout),
        (status = 400, description = "A missing or unknown site or language", body = ErrorBody),
    )
)]
async fn site_layout(
    State(state): State<AppState>,
    context: RequestContext,
) -> Result<Json<SiteLayout>, ApiError> {
    let pool = state.db.pool();
    let site = site_language(pool, context).await?;
    let row = store::layout::site_frame(pool, site.site_id).await?;
    let (title, bottom, link, phone, phone_link, email, hours, disclaimer, dealer, social, rate) =
        row;
    let social: stored_json::SocialLinks = read_stored(&social, "social links")?;
    let social_links = [
        ("instagram", social.instagram),
        ("facebook", social.facebook),
        ("twitter", social.twitter),
        ("youtube", social.youtube),
        ("linkedin", social.linkedin),
        ("tiktok", social.tiktok),
    ]
    .into_iter()
    .filter(|(_, url)| !url.trim().is_empty())
    .map(|(network, url)| SocialLink {
        network: network.to_owned(),
        url,
    })
    .collect();
    let Layout {
        navigation,
        footer,
        header_usps,
        cart_usps,
        notification,
    } = layout_of(&state, &site).await?;
    Ok(Json(SiteLayout {
        site_id: site.site_id,
        language_id: site.language_id,
        navigation,
        footer,
        header_usps,
        cart_usps,
        notification,
        customer_service: CustomerService {
            title: text(&title, &site),
            bottom_text: text(&bottom, &site),
            link: text(&link, &site),
            phone,
            phone_link,
            email,
            opening_hours: text(&hours, &site),
        },
        social_links,
        indicative_prices: rate.is_some(),
        currency_conversion_disclaimer_link: disclaimer.and_then(|json| text(&json, &site)),
        become_dealer_link: text(&dealer, &site),
    }))
}

/// How many of the newest products the home page shows.
pub const HOME_NEWEST: usize = 4;

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

/// The home page of the site's brand: hero, category tiles, featured, newest and
/// offered products. News, advice and USPs have their own calls.
#[utoipa::path(
    get,
    path = "/api/content/home",
    tag = "content",
    operation_id = "content_home",
    params(SiteHeaders),
    responses(
        (status = 200, description = "The home page of the site's brand", body = HomeContent),
        (status = 400, description = "A missing or unknown site or language", body = ErrorBody),
        (status = 404, description = "The site's brand has no home page (the corporate site)", body = ErrorBody),
    )
)]
async fn home(
    State(state): State<AppState>,
    context: RequestContext,
) -> Result<Json<HomeContent>, ApiError> {
    let pool = state.db.pool();
    let site = site_language(pool, context).await?;
    let Some(content) = store::layout::home_page(pool, site.site_id).await? else {
        return Err(ApiError::NotFound);
    };
    let home: stored_json::HomePage = read_stored(&content, "home page")?;
    let links = Links::load(pool, &state.trust, &site).await?;
    let index = state.search.current();
    let catalog = index.site(site.site_id, site.language_id);
    let products = |ids: &[ProductId]| catalog.map(|c| c.products(ids)).unwrap_or_default();
    let hero_url = links.url(&home.hero.route);
    Ok(Json(HomeContent {
        hero: HomeHero {
            title: localized(&home.hero.title, &site),
            text: localized(&home.hero.text, &site),
            image: home.hero.image.clone(),
            link: hero_url.map(|url| Link {
                title: localized(&home.hero.link_title, &site),
                url,
                target: "_self".to_owned(),
                children: Vec::new(),
            }),
        },
        tiles: home
            .tiles
            .iter()
            .filter_map(|tile| {
                Some(HomeTile {
                    title: localized(&tile.title, &site),
                    image: tile.image.clone(),
                    url: links.url(&tile.route)?,
                })
            })
            .collect(),
        featured: products(&home.featured_product_ids),
        newest: catalog.map(|c| c.newest(HOME_NEWEST)).unwrap_or_default(),
        sale: products(&home.sale_product_ids),
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct PathQuery {
    /// The full path, e.g. `/over-ons/` (a query or fragment is ignored).
    #[param(required = true)]
    path: Option<String>,
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
    pub alternates: crate::content::seo::PageAlternates,
}

/// A content page in a language, or `None` when the site has no such page.
async fn page_of(
    pool: &AnyPool,
    site: &SiteLanguage,
    page_id: i64,
    page_type: PageType,
    faq: (Option<i64>, Option<i64>),
) -> Result<Option<Page>, ApiError> {
    let page = store::pages::page_of_site(pool, page_id, site.site_id).await?;
    let Some((page_id, page_key, parent_page_id, body_format, indexable)) = page else {
        return Ok(None);
    };
    let texts = store::pages::texts(pool, page_id).await?;
    let mut titles = HashMap::new();
    let mut bodies = HashMap::new();
    for (culture, title, body) in texts {
        let Ok(culture) = culture.parse::<Culture>() else {
            continue;
        };
        if let Some(title) = title {
            titles.insert(culture, title);
        }
        if let Some(body) = body {
            bodies.insert(culture, body);
        }
    }
    let (faq_id, faq_item_id) = faq;
    Ok(Some(Page {
        page_id,
        page_key,
        parent_page_id,
        title: crate::catalog::search::pick(&titles, site.culture, site.fallback),
        body: crate::catalog::search::pick(&bodies, site.culture, site.fallback),
        body_format,
        indexable: indexable.into(),
        page_type,
        content_page_id: page_id,
        faq_id,
        faq_item_id,
    }))
}

/// Page content for the dynamic route, with the site's navigation, footer, header and cart
/// USPs and notification.
#[utoipa::path(
    get,
    path = "/api/content/page",
    tag = "content",
    operation_id = "content_page",
    params(PathQuery, SiteHeaders),
    responses(
        (status = 200, description = "Page and layout", body = PageContent),
        (status = 400, description = "`path` is missing, or a missing or unknown site or language", body = ErrorBody),
        (status = 404, description = "Unknown path", body = PageNotFound),
    )
)]
async fn page(
    State(state): State<AppState>,
    context: RequestContext,
    headers: axum::http::HeaderMap,
    Query(query): Query<PathQuery>,
) -> Result<Response, ApiError> {
    let pool = state.db.pool();
    let site = site_language(pool, context).await?;
    let path = query
        .path
        .filter(|path| !path.trim().is_empty())
        .ok_or_else(|| ApiError::required("path"))?;
    let path = path.split(['?', '#']).next().unwrap_or_default();
    let path = if path.starts_with('/') {
        path.to_owned()
    } else {
        format!("/{path}")
    };
    let normalized = engine::url::normalize(&path);
    let row =
        store::routes::at_path_with_key(pool, site.site_id, site.language_id, &normalized).await?;
    let Some((route_type, params, route_key)) = row else {
        return Ok(crate::content::route_lookup::page_not_found(pool, &site)
            .await?
            .into_response());
    };
    let route = Route::stored(&route_type, &params)?;
    let shown = match &route {
        Route::ContentPage(route) => {
            Some((route.content_page_id, PageType::ContentPage, (None, None)))
        }
        Route::Faq(route) => Some((
            route.content_page_id,
            PageType::Faq,
            (Some(route.faq_id), route.faq_item_id),
        )),
        _ => None,
    };
    let page = match shown {
        Some((page_id, page_type, faq)) => {
            let Some(page) = page_of(pool, &site, page_id, page_type, faq).await? else {
                return Ok(crate::content::route_lookup::page_not_found(pool, &site)
                    .await?
                    .into_response());
            };
            Some(page)
        }
        None => None,
    };
    let alternates =
        crate::content::seo::alternates(&state, &headers, &site, &route_key, &normalized).await?;
    Ok(Json(PageContent {
        site_id: site.site_id,
        language_id: site.language_id,
        path: normalized,
        route,
        page,
        layout: layout_of(&state, &site).await?,
        alternates,
    })
    .into_response())
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

fn news_item_of(row: &NewsRow, site: &SiteLanguage, paths: &HashMap<String, String>) -> NewsItem {
    let (id, date, title, summary, _, image) = row;
    NewsItem {
        news_item_id: *id,
        date: date.clone(),
        title: text(title, site),
        summary: text(summary, site),
        image: image.clone(),
        url: paths.get(&format!("newsItem:{id}")).cloned(),
    }
}

/// News of the site, newest first.
#[utoipa::path(
    get,
    path = "/api/news",
    tag = "content",
    params(PageQuery, SiteHeaders),
    responses(
        (status = 200, description = "A page of news", body = NewsPage),
        (status = 400, description = "An invalid `p` or `ps`, or a missing or unknown site or language", body = ErrorBody),
    )
)]
async fn news(
    State(state): State<AppState>,
    context: RequestContext,
    Query(query): Query<PageQuery>,
) -> Result<Json<NewsPage>, ApiError> {
    let pool = state.db.pool();
    let site = site_language(pool, context).await?;
    let paging = query.paging()?;
    let total = store::news::count_of_site(pool, site.site_id).await?;
    let rows = store::news::page_of_site(
        pool,
        site.site_id,
        i64::from(paging.page_size),
        i64::try_from(paging.offset()).unwrap_or(i64::MAX),
    )
    .await?;
    let paths = route_paths(pool, &site, &["newsItem"]).await?;
    let total = usize::try_from(total).unwrap_or(0);
    Ok(Json(NewsPage {
        total_count: total,
        page: paging.page,
        page_size: paging.page_size,
        page_count: total.div_ceil(paging.page_size as usize),
        items: rows
            .iter()
            .map(|row| news_item_of(row, &site, &paths))
            .collect(),
    }))
}

/// One news item with its body.
#[utoipa::path(
    get,
    path = "/api/news/{id}",
    tag = "content",
    params(("id" = i64, Path, description = "News item id"), SiteHeaders),
    responses(
        (status = 200, description = "News item", body = NewsArticle),
        (status = 400, description = "The id is not a whole number, or a missing or unknown site or language", body = ErrorBody),
        (status = 404, description = "The site has no such news item", body = ErrorBody),
    )
)]
async fn news_item(
    State(state): State<AppState>,
    context: RequestContext,
    Path(id): Path<String>,
) -> Result<Json<NewsArticle>, ApiError> {
    let id: i64 = path_number(&id, "id")?;
    let pool = state.db.pool();
    let site = site_language(pool, context).await?;
    let row = store::news::item_of_site(pool, site.site_id, id).await?;
    let row = row.ok_or(ApiError::NotFound)?;
    let paths = route_paths(pool, &site, &["newsItem"]).await?;
    Ok(Json(NewsArticle {
        item: news_item_of(&row, &site, &paths),
        body: text(&row.4, &site),
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
struct FaqQuery {
    /// The FAQ (default 1).
    #[param(value_type = Option<i64>)]
    faq_id: Option<String>,
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

/// FAQ categories with their items.
#[utoipa::path(
    get,
    path = "/api/faq",
    tag = "content",
    params(FaqQuery, SiteHeaders),
    responses(
        (status = 200, description = "FAQ", body = Faq),
        (status = 400, description = "`faqId` is not a whole number, or a missing or unknown site or language", body = ErrorBody),
        (status = 404, description = "No FAQ has this id", body = ErrorBody),
    )
)]
async fn faq(
    State(state): State<AppState>,
    context: RequestContext,
    Query(query): Query<FaqQuery>,
) -> Result<Json<Faq>, ApiError> {
    let pool = state.db.pool();
    let site = site_language(pool, context).await?;
    let faq_id = match query.faq_id.as_deref() {
        None => 1,
        Some(id) => path_number(id, "faqId")?,
    };
    let categories = store::faq::categories(pool, faq_id).await?;
    if categories.is_empty() {
        return Err(ApiError::NotFound);
    }
    let items = store::faq::items(pool, faq_id).await?;
    let page_id = store::pages::faq_page_id(pool, site.site_id).await?;
    let paths = route_paths(pool, &site, &["faq"]).await?;
    let path = |key: String| paths.get(&key).cloned();
    let categories = categories
        .iter()
        .map(|(category_id, title)| FaqCategory {
            faq_category_id: *category_id,
            title: text(title, &site),
            items: items
                .iter()
                .filter(|(_, category, _, _)| category == category_id)
                .map(|(item_id, _, question, answer)| FaqItem {
                    faq_item_id: *item_id,
                    question: text(question, &site),
                    answer: text(answer, &site),
                    url: page_id.and_then(|page| path(format!("faq:{page}:{item_id}"))),
                })
                .collect(),
        })
        .collect();
    Ok(Json(Faq {
        faq_id,
        content_page_id: page_id,
        url: page_id.and_then(|page| path(format!("faq:{page}"))),
        categories,
    }))
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

fn article_of(
    row: &ArticleRow,
    site: &SiteLanguage,
    paths: &HashMap<String, String>,
) -> AdviceArticle {
    let (id, category, date, title, summary, _, _) = row;
    AdviceArticle {
        advice_article_id: *id,
        advice_category_id: *category,
        date: date.clone(),
        title: text(title, site),
        summary: text(summary, site),
        url: paths.get(&format!("adviceArticle:{id}")).cloned(),
    }
}

fn video_of(row: &VideoRow, site: &SiteLanguage, paths: &HashMap<String, String>) -> AdviceVideo {
    let (id, category, title, description, provider, video_id, duration) = row;
    AdviceVideo {
        advice_video_id: *id,
        advice_category_id: *category,
        title: text(title, site),
        description: text(description, site),
        video_provider: provider.clone(),
        video_id: video_id.clone(),
        duration_seconds: *duration,
        url: paths.get(&format!("adviceVideo:{id}")).cloned(),
    }
}

/// Advice categories with their articles and videos.
#[utoipa::path(
    get,
    path = "/api/advice/categories",
    tag = "content",
    params(SiteHeaders),
    responses(
        (status = 200, description = "Categories", body = AdviceCategories),
        (status = 400, description = "A missing or unknown site or language", body = ErrorBody),
    )
)]
async fn advice_categories(
    State(state): State<AppState>,
    context: RequestContext,
) -> Result<Json<AdviceCategories>, ApiError> {
    let pool = state.db.pool();
    let site = site_language(pool, context).await?;
    let categories = store::advice::categories(pool).await?;
    let articles = store::advice::articles(pool).await?;
    let videos = store::advice::videos(pool).await?;
    let paths = route_paths(
        pool,
        &site,
        &["adviceCategory", "adviceArticle", "adviceVideo"],
    )
    .await?;
    let categories = categories
        .iter()
        .map(|(id, title)| AdviceCategory {
            advice_category_id: *id,
            title: text(title, &site),
            url: paths.get(&format!("adviceCategory:{id}")).cloned(),
            articles: articles
                .iter()
                .filter(|row| row.1 == *id)
                .map(|row| article_of(row, &site, &paths))
                .collect(),
            videos: videos
                .iter()
                .filter(|row| row.1 == *id)
                .map(|row| video_of(row, &site, &paths))
                .collect(),
        })
        .collect();
    Ok(Json(AdviceCategories {
        url: paths.get("adviceCategory:0").cloned(),
        categories,
    }))
}

/// One advice article.
#[utoipa::path(
    get,
    path = "/api/advice/articles/{id}",
    tag = "content",
    params(("id" = i64, Path, description = "Advice article id"), SiteHeaders),
    responses(
        (status = 200, description = "Article", body = AdviceArticleDetail),
        (status = 400, description = "The id is not a whole number, or a missing or unknown site or language", body = ErrorBody),
        (status = 404, description = "No such article", body = ErrorBody),
    )
)]
async fn advice_article(
    State(state): State<AppState>,
    context: RequestContext,
    Path(id): Path<String>,
) -> Result<Json<AdviceArticleDetail>, ApiError> {
    let id: i64 = path_number(&id, "id")?;
    let pool = state.db.pool();
    let site = site_language(pool, context).await?;
    let row = store::advice::article(pool, id).await?;
    let row = row.ok_or(ApiError::NotFound)?;
    let paths = route_paths(pool, &site, &["adviceArticle"]).await?;
    Ok(Json(AdviceArticleDetail {
        article: article_of(&row, &site, &paths),
        body: text(&row.5, &site),
        related_product_ids: read_stored(&row.6, "related products")?,
    }))
}

/// One advice video.
#[utoipa::path(
    get,
    path = "/api/advice/videos/{id}",
    tag = "content",
    params(("id" = i64, Path, description = "Advice video id"), SiteHeaders),
    responses(
        (status = 200, description = "Video", body = AdviceVideo),
        (status = 400, description = "The id is not a whole number, or a missing or unknown site or language", body = ErrorBody),
        (status = 404, description = "No such video", body = ErrorBody),
    )
)]
async fn advice_video(
    State(state): State<AppState>,
    context: RequestContext,
    Path(id): Path<String>,
) -> Result<Json<AdviceVideo>, ApiError> {
    let id: i64 = path_number(&id, "id")?;
    let pool = state.db.pool();
    let site = site_language(pool, context).await?;
    let row = store::advice::video(pool, id).await?;
    let row = row.ok_or(ApiError::NotFound)?;
    let paths = route_paths(pool, &site, &["adviceVideo"]).await?;
    Ok(Json(video_of(&row, &site, &paths)))
}
