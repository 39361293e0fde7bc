//! Routing: `GET /api/routing/getbyurl?url=` resolves a
//! path of the site and language in the headers into the route parameters of a page type;
//! `POST /api/routing/geturl` is its inverse.
//!
//! Paths come from the `routes` table the fixture import computes for every site and
//! language. A path without its trailing slash (`engine::url::normalize`) and a configured
//! redirect answer with the `redirect` type and the URL to go to. Quick-scan and RQS result
//! pages are `/quick-scan-result/{key}/` and `/rqs-result/{key}/`. An unknown path is a 404
//! whose body carries the site's not-found page id.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use engine::ids::ProductVariantId;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::store::routes as store;
use crate::AppState;
use crate::openapi::SiteHeaders;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Query};
use crate::platform::request_context::RequestContext;
use crate::sites::{SiteLanguage, site_language};

/// The path segment of quick-scan result pages.
pub const QUICK_SCAN_SEGMENT: &str = "quick-scan-result";
/// The path segment of RQS (hygiene scan) result pages.
pub const RQS_SEGMENT: &str = "rqs-result";

/// The routes of this area.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_by_url))
        .routes(routes!(get_url))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct UrlQuery {
    /// A path or an absolute URL, with its query (`p`, `ps` of a search page).
    #[param(required = true)]
    url: Option<String>,
}

/// The page a path shows: its type and that type's parameters, as the fixture import stored
/// them in the route table.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum Route {
    ContentPage(ContentPageRoute),
    Faq(FaqRoute),
    ProductSearch(ProductSearchRoute),
    ProductDetail(ProductDetailRoute),
    AdviceCategory(AdviceCategoryRoute),
    AdviceArticle(AdviceArticleRoute),
    AdviceVideo(AdviceVideoRoute),
    NewsItem(NewsItemRoute),
    QuickScanResult(ResultRoute),
    RqsResult(ResultRoute),
    Redirect(RedirectRoute),
}

/// A content page.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContentPageRoute {
    pub content_page_id: i64,
}

/// The FAQ page, or one question on it.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FaqRoute {
    pub content_page_id: i64,
    pub faq_id: i64,
    /// The question, on a question's own path.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub faq_item_id: Option<i64>,
}

/// Which search a route runs: today only a landing page's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum SearchType {
    /// The products a landing page selects.
    LandingPage,
}

/// A landing page's product search.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductSearchRoute {
    pub search_type: SearchType,
    pub parameters: SearchParameters,
}

/// The search of a landing page; `page` and `pageSize` come from the URL's query (routing
/// answers them, page content does not).
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchParameters {
    pub landing_page_id: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page_size: Option<u32>,
}

/// A product page, by its variant.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductDetailRoute {
    pub product_variant_id: ProductVariantId,
    /// True on the product's path without the article code (its first variant).
    pub omit_article_code: bool,
}

/// An advice category, or the advice overview (`adviceCategoryId` null).
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdviceCategoryRoute {
    pub advice_category_id: Option<i64>,
}

/// An advice article.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdviceArticleRoute {
    pub advice_article_id: i64,
    pub advice_category_id: i64,
}

/// An advice video.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdviceVideoRoute {
    pub advice_video_id: i64,
    pub advice_category_id: i64,
}

/// A news item.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewsItemRoute {
    pub news_item_id: i64,
}

/// A quick-scan or RQS result page.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ResultRoute {
    /// The result's key.
    pub key: String,
}

/// A path that moved: where to go, and the HTTP status to redirect with.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RedirectRoute {
    pub url: String,
    pub status_code: i64,
}

fn stored<T: DeserializeOwned>(params: &str) -> Result<T, ApiError> {
    serde_json::from_str(params)
        .map_err(|error| ApiError::Internal(format!("stored route: {error}")))
}

impl Route {
    /// A row of the route table: its type and its parameters' JSON.
    pub fn stored(route_type: &str, params: &str) -> Result<Route, ApiError> {
        Ok(match route_type {
            "contentPage" => Route::ContentPage(stored(params)?),
            "faq" => Route::Faq(stored(params)?),
            "productSearch" => Route::ProductSearch(stored(params)?),
            "productDetail" => Route::ProductDetail(stored(params)?),
            "adviceCategory" => Route::AdviceCategory(stored(params)?),
            "adviceArticle" => Route::AdviceArticle(stored(params)?),
            "adviceVideo" => Route::AdviceVideo(stored(params)?),
            "newsItem" => Route::NewsItem(stored(params)?),
            other => {
                return Err(ApiError::Internal(format!(
                    "stored route type '{other}' is unknown"
                )));
            }
        })
    }

    fn redirect(url: String, status_code: i64) -> Route {
        Route::Redirect(RedirectRoute { url, status_code })
    }
}

/// A route on the site and language of the request.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SiteRoute {
    pub site_id: i64,
    pub language_id: i64,
    #[serde(flatten)]
    pub route: Route,
}

fn with_site(site: &SiteLanguage, route: Route) -> Response {
    Json(SiteRoute {
        site_id: site.site_id,
        language_id: site.language_id,
        route,
    })
    .into_response()
}

/// The path and query of a URL given as a path or an absolute URL.
fn path_and_query(url: &str) -> (String, Option<String>) {
    let url = url.trim();
    let without_fragment = url.split('#').next().unwrap_or_default();
    let after_origin = match without_fragment.find("://") {
        Some(scheme_end) => {
            let rest = &without_fragment[scheme_end + 3..];
            rest.find(['/', '?']).map_or("", |start| &rest[start..])
        }
        None => without_fragment,
    };
    let (path, query) = match after_origin.split_once('?') {
        Some((path, query)) => (path, Some(query.to_owned())),
        None => (after_origin, None),
    };
    let path = if path.starts_with('/') {
        path.to_owned()
    } else {
        format!("/{path}")
    };
    (path, query)
}

/// Resolves a path into a route.
///
/// A path without its trailing slash and a configured redirect answer the `redirect` type.
/// An unknown path is a 404 whose body carries the site's not-found page id.
#[utoipa::path(
    get,
    path = "/api/routing/getbyurl",
    tag = "routing",
    params(UrlQuery, SiteHeaders),
    responses(
        (status = 200, description = "Route", body = SiteRoute),
        (status = 400, description = "`url` is missing, or a missing or unknown site or language", body = ErrorBody),
        (status = 404, description = "Unknown path", body = PageNotFound),
    )
)]
async fn get_by_url(
    State(state): State<AppState>,
    context: RequestContext,
    Query(query): Query<UrlQuery>,
) -> Result<Response, ApiError> {
    let url = query
        .url
        .filter(|url| !url.trim().is_empty())
        .ok_or_else(|| ApiError::required("url"))?;
    let pool = state.db.pool();
    let site = site_language(pool, context).await?;
    let (path, query) = path_and_query(&url);
    let redirect = store::redirect(pool, site.site_id, &path).await?;
    if let Some((to_path, status_code)) = redirect {
        return Ok(with_site(&site, Route::redirect(to_path, status_code)));
    }
    let normalized = engine::url::normalize(&path);
    let to_normalized = || {
        let target = redirect_target(&normalized, query.as_deref());
        with_site(&site, Route::redirect(target, 301))
    };
    let segments: Vec<&str> = normalized.trim_matches('/').split('/').collect();
    if let [segment, key] = segments.as_slice()
        && !key.is_empty()
        && (*segment == QUICK_SCAN_SEGMENT || *segment == RQS_SEGMENT)
    {
        if normalized != path {
            return Ok(to_normalized());
        }
        let result = ResultRoute {
            key: (*key).to_owned(),
        };
        let route = if *segment == QUICK_SCAN_SEGMENT {
            Route::QuickScanResult(result)
        } else {
            Route::RqsResult(result)
        };
        return Ok(with_site(&site, route));
    }
    let row = store::at_path(pool, site.site_id, site.language_id, &normalized).await?;
    let Some((route_type, params)) = row else {
        return Ok(page_not_found(pool, &site).await?.into_response());
    };
    if normalized != path {
        return Ok(to_normalized());
    }
    let mut route = Route::stored(&route_type, &params)?;
    if let Route::ProductSearch(search) = &mut route {
        let paging = engine::url::read_paging(&url);
        search.parameters.page = Some(paging.page);
        search.parameters.page_size = Some(paging.page_size);
    }
    Ok(with_site(&site, route))
}

fn redirect_target(path: &str, query: Option<&str>) -> String {
    match query.filter(|query| !query.is_empty()) {
        Some(query) => format!("{path}?{query}"),
        None => path.to_owned(),
    }
}

/// The body of `POST /api/routing/geturl`: a route as `getbyurl` returns it; only the fields
/// of its type are read.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct RouteRequest {
    /// The page type: `contentPage`, `faq`, `productDetail`, `productSearch`,
    /// `adviceCategory`, `adviceArticle`, `adviceVideo`, `newsItem`, `quickScanResult`,
    /// `rqsResult` or `redirect`.
    #[serde(rename = "type")]
    route_type: String,
    /// Overrides the `siteid` header.
    site_id: Option<i64>,
    /// Overrides the `languageid` header.
    language_id: Option<i64>,
    content_page_id: Option<i64>,
    faq_item_id: Option<i64>,
    product_variant_id: Option<ProductVariantId>,
    #[serde(default)]
    omit_article_code: bool,
    advice_category_id: Option<i64>,
    advice_article_id: Option<i64>,
    advice_video_id: Option<i64>,
    news_item_id: Option<i64>,
    key: Option<String>,
    url: Option<String>,
    parameters: Option<RequestedSearch>,
}

/// `parameters` of a `productSearch` route asked for.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct RequestedSearch {
    landing_page_id: Option<i64>,
    page: Option<u32>,
    page_size: Option<u32>,
}

/// The URL of a route.
#[derive(Debug, Serialize, ToSchema)]
pub struct RouteUrl {
    /// A path of the site, or the URL of a `redirect`.
    pub url: String,
}

fn required<T>(value: Option<T>, field: &str) -> Result<T, ApiError> {
    value.ok_or_else(|| ApiError::required(field))
}

/// Where the URL of a requested route comes from.
enum Lookup {
    /// The route table's keys to try, best first.
    Keys(Vec<String>),
    /// The URL itself, for the types that need no route table.
    Url(String),
}

fn lookup(request: &RouteRequest) -> Result<Lookup, ApiError> {
    let keys = match request.route_type.as_str() {
        "contentPage" => vec![format!(
            "contentPage:{}",
            required(request.content_page_id, "contentPageId")?
        )],
        "faq" => {
            let page = required(request.content_page_id, "contentPageId")?;
            match request.faq_item_id {
                Some(item) => vec![format!("faq:{page}:{item}")],
                None => vec![format!("faq:{page}")],
            }
        }
        "productDetail" => {
            let variant = required(request.product_variant_id, "productVariantId")?;
            if request.omit_article_code {
                vec![
                    format!("productDetail:{variant}"),
                    format!("productDetail:{variant}:article"),
                ]
            } else {
                vec![format!("productDetail:{variant}:article")]
            }
        }
        "productSearch" => {
            let landing = request
                .parameters
                .as_ref()
                .and_then(|parameters| parameters.landing_page_id);
            vec![format!(
                "productSearch:landingPage:{}",
                required(landing, "parameters.landingPageId")?
            )]
        }
        "adviceCategory" => vec![format!(
            "adviceCategory:{}",
            request.advice_category_id.unwrap_or(0)
        )],
        "adviceArticle" => vec![format!(
            "adviceArticle:{}",
            required(request.advice_article_id, "adviceArticleId")?
        )],
        "adviceVideo" => vec![format!(
            "adviceVideo:{}",
            required(request.advice_video_id, "adviceVideoId")?
        )],
        "newsItem" => vec![format!(
            "newsItem:{}",
            required(request.news_item_id, "newsItemId")?
        )],
        "quickScanResult" | "rqsResult" => {
            let key = request
                .key
                .as_deref()
                .filter(|key| !key.trim().is_empty() && !key.contains('/'))
                .ok_or_else(|| ApiError::required("key"))?;
            let segment = if request.route_type == "quickScanResult" {
                QUICK_SCAN_SEGMENT
            } else {
                RQS_SEGMENT
            };
            return Ok(Lookup::Url(format!("/{segment}/{key}/")));
        }
        "redirect" => {
            let url = request
                .url
                .as_deref()
                .filter(|url| !url.trim().is_empty())
                .ok_or_else(|| ApiError::required("url"))?;
            return Ok(Lookup::Url(url.to_owned()));
        }
        other => {
            return Err(ApiError::field(
                "type",
                "validation.invalid",
                format!("unknown route type '{other}'"),
            ));
        }
    };
    Ok(Lookup::Keys(keys))
}

/// The URL of a route.
#[utoipa::path(
    post,
    path = "/api/routing/geturl",
    tag = "routing",
    params(SiteHeaders),
    request_body = RouteRequest,
    responses(
        (status = 200, description = "URL", body = RouteUrl),
        (status = 400, description = "An unknown type, a field the type needs, or a missing or unknown site or language", body = ErrorBody),
        (status = 404, description = "The route has no path on the site in the language", body = ErrorBody),
        (status = 413, description = "The body is too large", body = ErrorBody),
    )
)]
async fn get_url(
    State(state): State<AppState>,
    context: RequestContext,
    crate::platform::extract::Json(request): crate::platform::extract::Json<RouteRequest>,
) -> Result<Json<RouteUrl>, ApiError> {
    let pool = state.db.pool();
    let context = RequestContext {
        site_id: request.site_id.or(context.site_id),
        language_id: request.language_id.or(context.language_id),
    };
    let site = site_language(pool, context).await?;
    let keys = match lookup(&request)? {
        Lookup::Keys(keys) => keys,
        Lookup::Url(url) => return Ok(Json(RouteUrl { url })),
    };
    for key in keys {
        let row =
            crate::sites::store::route_path(pool, site.site_id, site.language_id, &key).await?;
        if let Some(path) = row {
            let url = match request.parameters.as_ref() {
                Some(parameters) if request.route_type == "productSearch" => {
                    let paging = engine::url::Paging {
                        page: parameters.page.unwrap_or(engine::url::DEFAULT_PAGE),
                        page_size: parameters
                            .page_size
                            .unwrap_or(engine::url::DEFAULT_PAGE_SIZE),
                    };
                    engine::url::with_paging(&path, paging).map_err(|error| {
                        ApiError::field("parameters", "validation.invalid", error.to_string())
                    })?
                }
                _ => path,
            };
            return Ok(Json(RouteUrl { url }));
        }
    }
    Err(ApiError::NotFound)
}

/// The 404 of an unknown path, with the page to show instead.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageNotFound {
    /// Always 404.
    pub status: u16,
    /// Always `errors.notFound`.
    #[schema(value_type = String)]
    pub code: &'static str,
    pub message: String,
    /// The site's not-found page.
    pub not_found_page_id: i64,
    pub site_id: i64,
    pub language_id: i64,
}

impl IntoResponse for PageNotFound {
    fn into_response(self) -> Response {
        (StatusCode::NOT_FOUND, Json(self)).into_response()
    }
}

/// The 404 of an unknown path: the site's not-found page id, as routing answers it.
pub(crate) async fn page_not_found(
    pool: &sqlx::AnyPool,
    site: &SiteLanguage,
) -> Result<PageNotFound, ApiError> {
    let not_found_page_id = store::not_found_page_id(pool, site.site_id).await?;
    Ok(PageNotFound {
        status: 404,
        code: "errors.notFound",
        message: "Page not found".to_owned(),
        not_found_page_id,
        site_id: site.site_id,
        language_id: site.language_id,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_paths_and_absolute_urls() {
        assert_eq!(
            path_and_query("/muesli/?p=2"),
            ("/muesli/".to_owned(), Some("p=2".to_owned()))
        );
        assert_eq!(
            path_and_query("https://hoefslag.localhost/muesli#top"),
            ("/muesli".to_owned(), None)
        );
        assert_eq!(
            path_and_query("https://hoefslag.localhost"),
            ("/".to_owned(), None)
        );
        assert_eq!(path_and_query("muesli"), ("/muesli".to_owned(), None));
    }
}
