//! What search engines read: a page's canonical address and the same page on the
//! brand's other sites and languages (`hreflang`), and per site `/robots.txt` and
//! `/sitemap.xml`. Besides the content's routes, a shop has landing pages of its own (the feed
//! calculator and the store locator) at the same path in every language.
//!
//! A site shows one language without a choice; its other languages share its paths and are
//! asked for with `?lang=<culture>` (`engine::url::language_path`). Addresses are built on the
//! sites' trusted origins (`platform/trust`), never on a host the request made up. Alternates stay
//! within the brand: the same product on another brand's shop is another shop's page.

use std::collections::{HashMap, HashSet};

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use engine::locale::Culture;
use sqlx::AnyPool;
use url::Url;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::api_types::{Alternate, PageAlternates, PathQuery};
use super::store;
use crate::AppState;
use crate::openapi::SiteHeaders;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Query};
use crate::platform::request_context::RequestContext;
use crate::sites::{SiteLanguage, site_language};

/// `/robots.txt` and `/sitemap.xml` of the site the `Host` names (documented with the API: they
/// are part of what the server answers, for crawlers).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(robots_txt))
        .routes(routes!(sitemap_xml))
}

/// Paths no search engine needs: private, per visitor, or the API.
const NOT_FOR_ROBOTS: [&str; 7] = [
    "/account/",
    "/cart/",
    "/checkout/",
    "/search/",
    "/quick-scan-result/",
    "/rqs-result/",
    "/api/",
];

/// The shop's landing pages that are not content: each shop site has them, in each of its
/// languages, at these paths (the storefront's own routes).
pub const LANDING_PAGES: [&str; 2] = ["/feed-calculator/", "/store-locator/"];

/// A site as search engines see it.
struct SiteFacts {
    brand: String,
    /// A brand's shop, not the corporate site: it has the landing pages.
    is_shop: bool,
    origin: Url,
    region_code: String,
    /// The site's languages in their order, by id.
    cultures: Vec<(i64, Culture)>,
    /// The culture shown without a choice.
    default: Culture,
}

impl SiteFacts {
    fn culture(&self, language_id: i64) -> Option<Culture> {
        self.cultures
            .iter()
            .find(|(id, _)| *id == language_id)
            .map(|(_, culture)| *culture)
    }

    /// The absolute address of `path` in `culture` on this site.
    fn address(&self, path: &str, culture: Culture) -> Result<String, ApiError> {
        let path_and_query = engine::url::language_path(path, culture, self.default);
        self.origin
            .join(&path_and_query)
            .map(String::from)
            .map_err(|error| ApiError::Internal(format!("address of {path_and_query}: {error}")))
    }
}

/// Every site's facts, with each site's origin as links for this request are built.
async fn sites(state: &AppState, headers: &HeaderMap) -> Result<HashMap<i64, SiteFacts>, ApiError> {
    let pool = state.db.pool();
    let rows = store::seo::sites(pool).await?;
    let languages = store::seo::site_languages(pool).await?;
    let mut facts = HashMap::new();
    for (site_id, brand, site_type, region_code, fallback) in rows {
        let cultures: Vec<(i64, Culture)> = languages
            .iter()
            .filter(|(site, _, _)| *site == site_id)
            .filter_map(|(_, language_id, culture)| Some((*language_id, culture.parse().ok()?)))
            .collect();
        let offered: Vec<Culture> = cultures.iter().map(|(_, culture)| *culture).collect();
        let fallback = fallback.and_then(|culture| culture.parse().ok());
        facts.insert(
            site_id,
            SiteFacts {
                brand,
                is_shop: crate::sites::is_shop(site_type),
                origin: state.trust.origin(Some(site_id), headers).await?,
                region_code,
                default: engine::url::default_culture(&offered, fallback),
                cultures,
            },
        );
    }
    Ok(facts)
}

/// The canonical address of the page at `path` (normalized) and the page on the brand's other
/// sites and languages, found by its route key.
pub async fn alternates(
    state: &AppState,
    headers: &HeaderMap,
    site: &SiteLanguage,
    route_key: &str,
    path: &str,
) -> Result<PageAlternates, ApiError> {
    let sites = sites(state, headers).await?;
    let rows = store::routes::paths_of_key(state.db.pool(), route_key).await?;
    alternates_among(&sites, site, path, rows)
}

/// The canonical address of a landing page and the same page in every language of the brand's
/// shops; `None` when `path` is no landing page or the site is no shop.
pub async fn landing_alternates(
    state: &AppState,
    headers: &HeaderMap,
    site: &SiteLanguage,
    path: &str,
) -> Result<Option<PageAlternates>, ApiError> {
    if !LANDING_PAGES.contains(&path) {
        return Ok(None);
    }
    let sites = sites(state, headers).await?;
    if !sites.get(&site.site_id).is_some_and(|facts| facts.is_shop) {
        return Ok(None);
    }
    let rows = sites
        .iter()
        .filter(|(_, facts)| facts.is_shop)
        .flat_map(|(site_id, facts)| {
            facts
                .cultures
                .iter()
                .map(|(language_id, _)| (*site_id, *language_id, path.to_owned()))
        })
        .collect();
    alternates_among(&sites, site, path, rows).map(Some)
}

/// The page at `path` here and its `(site, language, path)` copies on the brand's sites.
fn alternates_among(
    sites: &HashMap<i64, SiteFacts>,
    site: &SiteLanguage,
    path: &str,
    mut copies: Vec<(i64, i64, String)>,
) -> Result<PageAlternates, ApiError> {
    let here = sites
        .get(&site.site_id)
        .ok_or_else(|| ApiError::Internal(format!("site {} has no facts", site.site_id)))?;
    let canonical = here.address(path, site.culture)?;
    // One order whatever order the copies were found in: the same head on every server.
    copies.sort_unstable();
    let mut alternates = Vec::new();
    let mut x_default = None;
    for (site_id, language_id, path) in copies {
        let Some(facts) = sites
            .get(&site_id)
            .filter(|facts| facts.brand == here.brand)
        else {
            continue;
        };
        let Some(culture) = facts.culture(language_id) else {
            continue;
        };
        let href = facts.address(&path, culture)?;
        if culture == facts.default && x_default.is_none() {
            x_default = Some(href.clone());
        }
        alternates.push(Alternate {
            hreflang: engine::url::hreflang(culture, &facts.region_code),
            href,
        });
    }
    Ok(PageAlternates {
        x_default: x_default.unwrap_or_else(|| canonical.clone()),
        canonical,
        alternates,
    })
}

/// A landing page's canonical address and the same page in every language of the brand's shops.
#[utoipa::path(
    get,
    path = "/api/content/landing-page",
    tag = "content",
    operation_id = "content_landing_page",
    params(PathQuery, SiteHeaders),
    responses(
        (status = 200, description = "The landing page's addresses", body = PageAlternates),
        (status = 400, description = "`path` is missing, or a missing or unknown site or language", body = ErrorBody),
        (status = 404, description = "No landing page at `path` on this site", body = ErrorBody),
    )
)]
pub(super) async fn landing_page(
    State(state): State<AppState>,
    context: RequestContext,
    headers: HeaderMap,
    Query(query): Query<PathQuery>,
) -> Result<Json<PageAlternates>, ApiError> {
    let site = site_language(state.db.pool(), context).await?;
    let path = query
        .path
        .filter(|path| !path.trim().is_empty())
        .ok_or_else(|| ApiError::required("path"))?;
    landing_alternates(&state, &headers, &site, &engine::url::normalize(&path))
        .await?
        .map(Json)
        .ok_or(ApiError::NotFound)
}

/// The site of the request, for its robots.txt and sitemap; 404 for a host of no site.
async fn site_of(state: &AppState, headers: &HeaderMap) -> Result<i64, ApiError> {
    state
        .trust
        .site_of_request(headers)
        .await?
        .ok_or(ApiError::NotFound)
}

/// The site's robots.txt: private pages and the API closed to crawlers, and the sitemap.
#[utoipa::path(
    get,
    path = "/robots.txt",
    tag = "search engines",
    responses(
        (status = 200, description = "robots.txt", content_type = "text/plain", body = String),
        (status = 404, description = "The host is no site's", body = ErrorBody),
    )
)]
async fn robots_txt(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let site_id = site_of(&state, &headers).await?;
    let origin = state.trust.origin(Some(site_id), &headers).await?;
    let mut text = String::from("User-agent: *\n");
    for path in NOT_FOR_ROBOTS {
        text.push_str(&format!("Disallow: {path}\n"));
    }
    text.push_str(&format!("\nSitemap: {origin}sitemap.xml\n"));
    Ok(text_answer("text/plain; charset=utf-8", text))
}

/// Every routable page of the site in each of its languages, but the pages marked not to be
/// indexed.
#[utoipa::path(
    get,
    path = "/sitemap.xml",
    tag = "search engines",
    responses(
        (status = 200, description = "The sitemap (sitemaps.org 0.9)", content_type = "application/xml", body = String),
        (status = 404, description = "The host is no site's", body = ErrorBody),
    )
)]
async fn sitemap_xml(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let site_id = site_of(&state, &headers).await?;
    let sites = sites(&state, &headers).await?;
    let site = sites
        .get(&site_id)
        .ok_or_else(|| ApiError::Internal(format!("site {site_id} has no facts")))?;
    let hidden = hidden_route_keys(state.db.pool(), site_id).await?;
    let routes = store::routes::of_site(state.db.pool(), site_id).await?;
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for (language_id, path, route_key) in routes {
        let Some(culture) = site.culture(language_id) else {
            continue;
        };
        if hidden.contains(&route_key) {
            continue;
        }
        let address = site.address(&path, culture)?;
        xml.push_str(&format!("  <url><loc>{}</loc></url>\n", xml_text(&address)));
    }
    if site.is_shop {
        for (_, culture) in &site.cultures {
            for path in LANDING_PAGES {
                let address = site.address(path, *culture)?;
                xml.push_str(&format!("  <url><loc>{}</loc></url>\n", xml_text(&address)));
            }
        }
    }
    xml.push_str("</urlset>\n");
    Ok(text_answer("application/xml; charset=utf-8", xml))
}

/// The route keys of the site's content pages that are not to be indexed.
async fn hidden_route_keys(pool: &AnyPool, site_id: i64) -> Result<HashSet<String>, ApiError> {
    let pages = store::seo::hidden_pages(pool, site_id).await?;
    Ok(pages
        .into_iter()
        .map(|page_id| format!("contentPage:{page_id}"))
        .collect())
}

fn text_answer(content_type: &'static str, body: String) -> Response {
    let mut response = (StatusCode::OK, body).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    // Sites change rarely; a crawler may keep these for an hour.
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=3600"),
    );
    response
}

/// Text escaped for an XML element.
fn xml_text(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_in_a_sitemap_are_escaped() {
        assert_eq!(
            xml_text("http://x/?p=2&lang=en"),
            "http://x/?p=2&amp;lang=en"
        );
    }
}
