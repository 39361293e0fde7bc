//! Routing (specification sections 2, 3 and 7): `GET /api/routing/getbyurl?url=` resolves a
//! path of the site and language in the headers into the route parameters of a page type;
//! `POST /api/routing/geturl` is its inverse.
//!
//! Paths come from the `routes` table the fixture import computes for every site and
//! language. A path without its trailing slash (`engine::url::normalize`) and a configured
//! redirect answer with the `redirect` type and the URL to go to. Quick-scan and RQS result
//! pages are `/quick-scan-result/{key}/` and `/rqs-result/{key}/`. An unknown path is a 404
//! whose body carries the site's not-found page id.

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::AppState;
use crate::context::RequestContext;
use crate::error::ApiError;
use crate::sites::{SiteLanguage, site_language};

/// The path segment of quick-scan result pages.
pub const QUICK_SCAN_SEGMENT: &str = "quick-scan-result";
/// The path segment of RQS (hygiene scan) result pages.
pub const RQS_SEGMENT: &str = "rqs-result";

/// The routes of this area.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/routing/getbyurl", get(get_by_url))
        .route("/api/routing/geturl", post(get_url))
}

#[derive(Debug, Deserialize)]
struct UrlQuery {
    url: Option<String>,
}

fn with_site(route_type: &str, site: &SiteLanguage, params: Value) -> Value {
    let mut object = Map::new();
    object.insert("type".to_owned(), json!(route_type));
    object.insert("siteId".to_owned(), json!(site.site_id));
    object.insert("languageId".to_owned(), json!(site.language_id));
    if let Value::Object(params) = params {
        object.extend(params);
    }
    Value::Object(object)
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
    let redirect: Option<(String, i64)> = sqlx::query_as(
        "SELECT to_path, status_code FROM redirects WHERE site_id = $1 AND from_path = $2",
    )
    .bind(site.site_id)
    .bind(&path)
    .fetch_optional(pool)
    .await?;
    if let Some((to_path, status_code)) = redirect {
        return Ok(Json(with_site(
            "redirect",
            &site,
            json!({"url": to_path, "statusCode": status_code}),
        ))
        .into_response());
    }
    let normalized = engine::url::normalize(&path);
    let segments: Vec<&str> = normalized.trim_matches('/').split('/').collect();
    if let [segment, key] = segments.as_slice()
        && !key.is_empty()
        && (*segment == QUICK_SCAN_SEGMENT || *segment == RQS_SEGMENT)
    {
        let route_type = if *segment == QUICK_SCAN_SEGMENT {
            "quickScanResult"
        } else {
            "rqsResult"
        };
        if normalized != path {
            return Ok(Json(with_site(
                "redirect",
                &site,
                json!({"url": redirect_target(&normalized, query.as_deref()), "statusCode": 301}),
            ))
            .into_response());
        }
        return Ok(Json(with_site(route_type, &site, json!({"key": key}))).into_response());
    }
    let row: Option<(String, String)> =
        sqlx::query_as("SELECT route_type, params_json FROM routes WHERE site_id = $1 AND language_id = $2 AND path = $3")
            .bind(site.site_id)
            .bind(site.language_id)
            .bind(&normalized)
            .fetch_optional(pool)
            .await?;
    let Some((route_type, params)) = row else {
        return page_not_found(pool, &site).await;
    };
    if normalized != path {
        return Ok(Json(with_site(
            "redirect",
            &site,
            json!({"url": redirect_target(&normalized, query.as_deref()), "statusCode": 301}),
        ))
        .into_response());
    }
    let mut params: Value = serde_json::from_str(&params)
        .map_err(|error| ApiError::Internal(format!("stored route: {error}")))?;
    if route_type == "productSearch"
        && let Some(parameters) = params.get_mut("parameters").and_then(Value::as_object_mut)
    {
        let paging = engine::url::read_paging(&url);
        parameters.insert("page".to_owned(), json!(paging.page));
        parameters.insert("pageSize".to_owned(), json!(paging.page_size));
    }
    Ok(Json(with_site(&route_type, &site, params)).into_response())
}

fn redirect_target(path: &str, query: Option<&str>) -> String {
    match query.filter(|query| !query.is_empty()) {
        Some(query) => format!("{path}?{query}"),
        None => path.to_owned(),
    }
}

/// The body of `POST /api/routing/geturl`: a route as `getbyurl` returns it.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RouteRequest {
    #[serde(rename = "type")]
    route_type: String,
    site_id: Option<i64>,
    language_id: Option<i64>,
    content_page_id: Option<i64>,
    faq_item_id: Option<i64>,
    product_variant_id: Option<i64>,
    #[serde(default)]
    omit_article_code: bool,
    advice_category_id: Option<i64>,
    advice_article_id: Option<i64>,
    advice_video_id: Option<i64>,
    news_item_id: Option<i64>,
    key: Option<String>,
    url: Option<String>,
    parameters: Option<Value>,
}

fn required(value: Option<i64>, field: &str) -> Result<i64, ApiError> {
    value.ok_or_else(|| ApiError::required(field))
}

async fn get_url(
    State(state): State<AppState>,
    context: RequestContext,
    crate::extract::Json(request): crate::extract::Json<RouteRequest>,
) -> Result<Json<Value>, ApiError> {
    let pool = state.db.pool();
    let context = RequestContext {
        site_id: request.site_id.or(context.site_id),
        language_id: request.language_id.or(context.language_id),
    };
    let site = site_language(pool, context).await?;
    let keys: Vec<String> = match request.route_type.as_str() {
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
                .and_then(|parameters| parameters.get("landingPageId"))
                .and_then(Value::as_i64);
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
                .filter(|key| !key.trim().is_empty() && !key.contains('/'))
                .ok_or_else(|| ApiError::required("key"))?;
            let segment = if request.route_type == "quickScanResult" {
                QUICK_SCAN_SEGMENT
            } else {
                RQS_SEGMENT
            };
            return Ok(Json(json!({"url": format!("/{segment}/{key}/")})));
        }
        "redirect" => {
            let url = request
                .url
                .filter(|url| !url.trim().is_empty())
                .ok_or_else(|| ApiError::required("url"))?;
            return Ok(Json(json!({"url": url})));
        }
        other => {
            return Err(ApiError::field(
                "type",
                "validation.invalid",
                format!("unknown route type '{other}'"),
            ));
        }
    };
    for key in keys {
        let row: Option<(String,)> = sqlx::query_as(
            "SELECT path FROM routes WHERE site_id = $1 AND language_id = $2 AND route_key = $3",
        )
        .bind(site.site_id)
        .bind(site.language_id)
        .bind(&key)
        .fetch_optional(pool)
        .await?;
        if let Some((path,)) = row {
            let url = match request.parameters.as_ref() {
                Some(parameters) if request.route_type == "productSearch" => {
                    let page = parameters
                        .get("page")
                        .and_then(Value::as_u64)
                        .and_then(|page| u32::try_from(page).ok());
                    let size = parameters
                        .get("pageSize")
                        .and_then(Value::as_u64)
                        .and_then(|size| u32::try_from(size).ok());
                    let paging = engine::url::Paging {
                        page: page.unwrap_or(engine::url::DEFAULT_PAGE),
                        page_size: size.unwrap_or(engine::url::DEFAULT_PAGE_SIZE),
                    };
                    engine::url::with_paging(&path, paging).map_err(|error| {
                        ApiError::field("parameters", "validation.invalid", error.to_string())
                    })?
                }
                _ => path,
            };
            return Ok(Json(json!({"url": url})));
        }
    }
    Err(ApiError::NotFound)
}

/// The 404 of an unknown path: the site's not-found page id, as routing answers it.
pub(crate) async fn page_not_found(
    pool: &sqlx::AnyPool,
    site: &SiteLanguage,
) -> Result<Response, ApiError> {
    let (not_found_page_id,): (i64,) =
        sqlx::query_as("SELECT not_found_page_id FROM sites WHERE site_id = $1")
            .bind(site.site_id)
            .fetch_one(pool)
            .await?;
    let body = json!({
        "status": 404,
        "code": "errors.notFound",
        "message": "Page not found",
        "notFoundPageId": not_found_page_id,
        "siteId": site.site_id,
        "languageId": site.language_id,
    });
    Ok((StatusCode::NOT_FOUND, Json(body)).into_response())
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
