//! Content (specification sections 2, 3 and 7): the page content of the dynamic route with the
//! site's layout (navigation, footer, USPs, notification), news, FAQ and advice.
//!
//! Every call needs the `siteid` and `languageid` headers. Texts are picked by the engine's
//! text fallback rule; links are resolved to the paths of the request's site and language from
//! the route table the fixture import computed.

use std::collections::HashMap;

use axum::extract::{Path, Query, State};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};
use sqlx::AnyPool;

use crate::AppState;
use crate::catalog::{paging_of, path_id};
use crate::context::RequestContext;
use crate::error::ApiError;
use crate::sites::{SiteLanguage, pick_json, site_language};

/// The routes of this area.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/content/page", get(page))
        .route("/api/news", get(news))
        .route("/api/news/{id}", get(news_item))
        .route("/api/faq", get(faq))
        .route("/api/advice/categories", get(advice_categories))
        .route("/api/advice/articles/{id}", get(advice_article))
        .route("/api/advice/videos/{id}", get(advice_video))
}

fn text(json: &str, site: &SiteLanguage) -> Option<String> {
    pick_json(json, site.culture, Some(site.fallback))
}

/// The paths of a site language by route key.
async fn route_paths(
    pool: &AnyPool,
    site: &SiteLanguage,
    types: &[&str],
) -> Result<HashMap<String, String>, ApiError> {
    let rows: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT route_type, route_key, path FROM routes WHERE site_id = $1 AND language_id = $2",
    )
    .bind(site.site_id)
    .bind(site.language_id)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .filter(|(route_type, _, _)| types.contains(&route_type.as_str()))
        .map(|(_, key, path)| (key, path))
        .collect())
}

/// Resolves stored links (`title`, `route`, `target`, `siteIds`) for a site language.
struct Links {
    pages: HashMap<String, i64>,
    paths: HashMap<String, String>,
}

impl Links {
    async fn load(pool: &AnyPool, site: &SiteLanguage) -> Result<Links, ApiError> {
        let pages: Vec<(String, i64)> =
            sqlx::query_as("SELECT page_key, page_id FROM pages WHERE site_id = $1")
                .bind(site.site_id)
                .fetch_all(pool)
                .await?;
        let paths = route_paths(
            pool,
            site,
            &["contentPage", "faq", "productSearch", "adviceCategory"],
        )
        .await?;
        Ok(Links {
            pages: pages.into_iter().collect(),
            paths,
        })
    }

    /// The URL of a link route, or `None` when it has no page on this site.
    fn url(&self, route: &Value) -> Option<String> {
        if let Some(key) = route.get("pageKey").and_then(Value::as_str) {
            let page = self.pages.get(key)?;
            return self
                .paths
                .get(&format!("contentPage:{page}"))
                .or_else(|| self.paths.get(&format!("faq:{page}")))
                .cloned();
        }
        if let Some(landing) = route.get("landingPageId").and_then(Value::as_i64) {
            return self
                .paths
                .get(&format!("productSearch:landingPage:{landing}"))
                .cloned();
        }
        if route.get("adviceOverview").and_then(Value::as_bool) == Some(true) {
            return self.paths.get("adviceCategory:0").cloned();
        }
        route.get("url").and_then(Value::as_str).map(str::to_owned)
    }

    fn link(&self, link: &Value, site: &SiteLanguage) -> Option<Value> {
        if let Some(ids) = link.get("siteIds").and_then(Value::as_array)
            && !ids.iter().any(|id| id.as_i64() == Some(site.site_id))
        {
            return None;
        }
        let url = self.url(link.get("route")?)?;
        let title = link
            .get("title")
            .map(|title| title.to_string())
            .and_then(|title| text(&title, site));
        Some(
            json!({"title": title, "url": url, "target": link.get("target").cloned().unwrap_or(json!("_self"))}),
        )
    }

    fn links(&self, links: &Value, site: &SiteLanguage) -> Vec<Value> {
        links
            .as_array()
            .map(|links| {
                links
                    .iter()
                    .filter_map(|link| self.link(link, site))
                    .collect()
            })
            .unwrap_or_default()
    }
}

/// The layout parts of a site in a language: navigation, footer, USPs and notification.
async fn layout(pool: &AnyPool, site: &SiteLanguage) -> Result<Value, ApiError> {
    let (navigation_id, footer_id, notification_id, header_usps, cart_usps): (i64, i64, Option<i64>, Option<i64>, Option<i64>) =
        sqlx::query_as(
            "SELECT primary_navigation_id, footer_id, notification_id, header_usp_collection_id, cart_usp_collection_id \
             FROM sites WHERE site_id = $1",
        )
        .bind(site.site_id)
        .fetch_one(pool)
        .await?;
    let links = Links::load(pool, site).await?;
    let navigation: Option<(String,)> =
        sqlx::query_as("SELECT items_json FROM navigations WHERE navigation_id = $1")
            .bind(navigation_id)
            .fetch_optional(pool)
            .await?;
    let navigation = navigation
        .and_then(|(items,)| serde_json::from_str::<Value>(&items).ok())
        .map(|items| links.links(&items, site));
    let footer: Option<(String,)> =
        sqlx::query_as("SELECT columns_json FROM footers WHERE footer_id = $1")
            .bind(footer_id)
            .fetch_optional(pool)
            .await?;
    let footer: Vec<Value> = footer
        .and_then(|(columns,)| serde_json::from_str::<Vec<Value>>(&columns).ok())
        .unwrap_or_default()
        .iter()
        .map(|column| {
            let title = column.get("title").map(|title| title.to_string()).and_then(|title| text(&title, site));
            json!({"title": title, "links": links.links(column.get("links").unwrap_or(&Value::Null), site)})
        })
        .collect();
    let usps = |id: Option<i64>| async move {
        let Some(id) = id else {
            return Ok::<Vec<Value>, ApiError>(Vec::new());
        };
        let row: Option<(String,)> =
            sqlx::query_as("SELECT items_json FROM usp_collections WHERE usp_collection_id = $1")
                .bind(id)
                .fetch_optional(pool)
                .await?;
        let items: Vec<Value> = row
            .and_then(|(items,)| serde_json::from_str(&items).ok())
            .unwrap_or_default();
        Ok(items
            .iter()
            .map(|item| {
                let text = item
                    .get("text")
                    .map(|text| text.to_string())
                    .and_then(|value| self::text(&value, site));
                json!({"icon": item.get("icon"), "text": text})
            })
            .collect())
    };
    let header_usps = usps(header_usps).await?;
    let cart_usps = usps(cart_usps).await?;
    let notification = match notification_id {
        None => None,
        Some(id) => {
            let row: Option<(i64, String, String, Option<String>, String, String)> = sqlx::query_as(
                "SELECT notification_id, style, text_json, route_json, valid_from, valid_until FROM notifications WHERE notification_id = $1",
            )
            .bind(id)
            .fetch_optional(pool)
            .await?;
            let today = crate::fixtures::time::date_utc(crate::clock::now());
            row.filter(|(_, _, _, _, from, until)| from.as_str() <= today.as_str() && today.as_str() <= until.as_str()).map(
                |(id, style, text_json, route, _, _)| {
                    let url = route.and_then(|route| serde_json::from_str::<Value>(&route).ok()).and_then(|route| links.url(&route));
                    json!({"notificationId": id, "style": style, "text": text(&text_json, site), "url": url})
                },
            )
        }
    };
    Ok(json!({
        "navigation": {"navigationId": navigation_id, "items": navigation.unwrap_or_default()},
        "footer": {"footerId": footer_id, "columns": footer},
        "headerUsps": header_usps,
        "cartUsps": cart_usps,
        "notification": notification,
    }))
}

#[derive(Debug, Deserialize)]
struct PathQuery {
    path: Option<String>,
}

/// A content page in a language, or `None` when the site has no such page.
async fn page_json(
    pool: &AnyPool,
    site: &SiteLanguage,
    page_id: i64,
) -> Result<Option<Value>, ApiError> {
    let page: Option<(i64, String, Option<i64>, String, i64)> =
        sqlx::query_as("SELECT page_id, page_key, parent_page_id, body_format, indexable FROM pages WHERE page_id = $1 AND site_id = $2")
            .bind(page_id)
            .bind(site.site_id)
            .fetch_optional(pool)
            .await?;
    let Some((page_id, page_key, parent_page_id, body_format, indexable)) = page else {
        return Ok(None);
    };
    let texts: Vec<(String, Option<String>, Option<String>)> =
        sqlx::query_as("SELECT culture, title, body FROM page_texts WHERE page_id = $1")
            .bind(page_id)
            .fetch_all(pool)
            .await?;
    let mut titles = HashMap::new();
    let mut bodies = HashMap::new();
    for (culture, title, body) in texts {
        let Ok(culture) = culture.parse::<engine::locale::Culture>() else {
            continue;
        };
        if let Some(title) = title {
            titles.insert(culture, title);
        }
        if let Some(body) = body {
            bodies.insert(culture, body);
        }
    }
    Ok(Some(json!({
        "pageId": page_id,
        "pageKey": page_key,
        "parentPageId": parent_page_id,
        "title": crate::catalog::search::pick(&titles, site.culture, site.fallback),
        "body": crate::catalog::search::pick(&bodies, site.culture, site.fallback),
        "bodyFormat": body_format,
        "indexable": indexable != 0,
    })))
}

async fn page(
    State(state): State<AppState>,
    context: RequestContext,
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
    let route: Option<(String, String)> =
        sqlx::query_as("SELECT route_type, params_json FROM routes WHERE site_id = $1 AND language_id = $2 AND path = $3")
            .bind(site.site_id)
            .bind(site.language_id)
            .bind(&normalized)
            .fetch_optional(pool)
            .await?;
    let Some((route_type, params)) = route else {
        return crate::routing::page_not_found(pool, &site).await;
    };
    let params: Value = serde_json::from_str(&params)
        .map_err(|error| ApiError::Internal(format!("stored route: {error}")))?;
    let page = match params.get("contentPageId").and_then(Value::as_i64) {
        Some(page_id) if route_type == "contentPage" || route_type == "faq" => {
            let Some(mut page) = page_json(pool, &site, page_id).await? else {
                return crate::routing::page_not_found(pool, &site).await;
            };
            if let Value::Object(object) = &mut page {
                object.insert("type".to_owned(), json!(route_type));
                object.insert("contentPageId".to_owned(), json!(page_id));
                object.insert(
                    "faqId".to_owned(),
                    params.get("faqId").cloned().unwrap_or(Value::Null),
                );
                object.insert(
                    "faqItemId".to_owned(),
                    params.get("faqItemId").cloned().unwrap_or(Value::Null),
                );
            }
            page
        }
        _ => Value::Null,
    };
    let mut route = params;
    if let Value::Object(object) = &mut route {
        object.insert("type".to_owned(), json!(route_type));
    }
    Ok(Json(json!({
        "siteId": site.site_id,
        "languageId": site.language_id,
        "path": normalized,
        "route": route,
        "page": page,
        "layout": layout(pool, &site).await?,
    }))
    .into_response())
}

#[derive(Debug, Deserialize)]
struct PageQuery {
    p: Option<String>,
    ps: Option<String>,
}

type NewsRow = (i64, String, String, String, String, Option<String>);

fn news_json(
    row: &NewsRow,
    site: &SiteLanguage,
    paths: &HashMap<String, String>,
    with_body: bool,
) -> Value {
    let (id, date, title, summary, body, image) = row;
    let mut item = json!({
        "newsItemId": id,
        "date": date,
        "title": text(title, site),
        "summary": text(summary, site),
        "image": image,
        "url": paths.get(&format!("newsItem:{id}")),
    });
    if with_body && let Value::Object(object) = &mut item {
        object.insert("body".to_owned(), json!(text(body, site)));
    }
    item
}

async fn news(
    State(state): State<AppState>,
    context: RequestContext,
    Query(query): Query<PageQuery>,
) -> Result<Json<Value>, ApiError> {
    let pool = state.db.pool();
    let site = site_language(pool, context).await?;
    let paging = paging_of(query.p.as_deref(), query.ps.as_deref())?;
    let (total,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM news_item_sites WHERE site_id = $1")
            .bind(site.site_id)
            .fetch_one(pool)
            .await?;
    let rows: Vec<NewsRow> = sqlx::query_as(
        "SELECT n.news_item_id, n.published_on, n.title_json, n.summary_json, n.body_json, n.image FROM news_items n \
         JOIN news_item_sites s ON s.news_item_id = n.news_item_id WHERE s.site_id = $1 \
         ORDER BY n.published_on DESC, n.news_item_id DESC LIMIT $2 OFFSET $3",
    )
    .bind(site.site_id)
    .bind(i64::from(paging.page_size))
    .bind(i64::try_from(paging.offset()).unwrap_or(i64::MAX))
    .fetch_all(pool)
    .await?;
    let paths = route_paths(pool, &site, &["newsItem"]).await?;
    let total = usize::try_from(total).unwrap_or(0);
    Ok(Json(json!({
        "totalCount": total,
        "page": paging.page,
        "pageSize": paging.page_size,
        "pageCount": total.div_ceil(paging.page_size as usize),
        "items": rows.iter().map(|row| news_json(row, &site, &paths, false)).collect::<Vec<_>>(),
    })))
}

async fn news_item(
    State(state): State<AppState>,
    context: RequestContext,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let id = path_id(&id, "id")?;
    let pool = state.db.pool();
    let site = site_language(pool, context).await?;
    let row: Option<NewsRow> = sqlx::query_as(
        "SELECT n.news_item_id, n.published_on, n.title_json, n.summary_json, n.body_json, n.image FROM news_items n \
         JOIN news_item_sites s ON s.news_item_id = n.news_item_id WHERE s.site_id = $1 AND n.news_item_id = $2",
    )
    .bind(site.site_id)
    .bind(id)
    .fetch_optional(pool)
    .await?;
    let row = row.ok_or(ApiError::NotFound)?;
    let paths = route_paths(pool, &site, &["newsItem"]).await?;
    Ok(Json(news_json(&row, &site, &paths, true)))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct FaqQuery {
    faq_id: Option<String>,
}

async fn faq(
    State(state): State<AppState>,
    context: RequestContext,
    Query(query): Query<FaqQuery>,
) -> Result<Json<Value>, ApiError> {
    let pool = state.db.pool();
    let site = site_language(pool, context).await?;
    let faq_id = match query.faq_id.as_deref() {
        None => 1,
        Some(id) => path_id(id, "faqId")?,
    };
    let categories: Vec<(i64, String)> =
        sqlx::query_as("SELECT faq_category_id, title_json FROM faq_categories WHERE faq_id = $1 ORDER BY position")
            .bind(faq_id)
            .fetch_all(pool)
            .await?;
    if categories.is_empty() {
        return Err(ApiError::NotFound);
    }
    let items: Vec<(i64, i64, String, String)> = sqlx::query_as(
        "SELECT i.faq_item_id, i.faq_category_id, i.question_json, i.answer_json FROM faq_items i \
         JOIN faq_categories c ON c.faq_category_id = i.faq_category_id WHERE c.faq_id = $1 ORDER BY i.position",
    )
    .bind(faq_id)
    .fetch_all(pool)
    .await?;
    let faq_page: Option<(i64,)> =
        sqlx::query_as("SELECT page_id FROM pages WHERE site_id = $1 AND page_key = 'faq'")
            .bind(site.site_id)
            .fetch_optional(pool)
            .await?;
    let paths = route_paths(pool, &site, &["faq"]).await?;
    let page_id = faq_page.map(|(id,)| id);
    let categories: Vec<Value> = categories
        .iter()
        .map(|(category_id, title)| {
            let items: Vec<Value> = items
                .iter()
                .filter(|(_, category, _, _)| category == category_id)
                .map(|(item_id, _, question, answer)| {
                    json!({
                        "faqItemId": item_id,
                        "question": text(question, &site),
                        "answer": text(answer, &site),
                        "url": page_id.and_then(|page| paths.get(&format!("faq:{page}:{item_id}"))),
                    })
                })
                .collect();
            json!({"faqCategoryId": category_id, "title": text(title, &site), "items": items})
        })
        .collect();
    Ok(Json(json!({
        "faqId": faq_id,
        "contentPageId": page_id,
        "url": page_id.and_then(|page| paths.get(&format!("faq:{page}"))),
        "categories": categories,
    })))
}

type ArticleRow = (i64, i64, String, String, String, String, String);
type VideoRow = (i64, i64, String, String, String, String, i64);

fn article_json(
    row: &ArticleRow,
    site: &SiteLanguage,
    paths: &HashMap<String, String>,
    with_body: bool,
) -> Value {
    let (id, category, date, title, summary, body, related) = row;
    let mut article = json!({
        "adviceArticleId": id,
        "adviceCategoryId": category,
        "date": date,
        "title": text(title, site),
        "summary": text(summary, site),
        "url": paths.get(&format!("adviceArticle:{id}")),
    });
    if with_body && let Value::Object(object) = &mut article {
        object.insert("body".to_owned(), json!(text(body, site)));
        object.insert(
            "relatedProductIds".to_owned(),
            serde_json::from_str(related).unwrap_or(json!([])),
        );
    }
    article
}

fn video_json(row: &VideoRow, site: &SiteLanguage, paths: &HashMap<String, String>) -> Value {
    let (id, category, title, description, provider, video_id, duration) = row;
    json!({
        "adviceVideoId": id,
        "adviceCategoryId": category,
        "title": text(title, site),
        "description": text(description, site),
        "videoProvider": provider,
        "videoId": video_id,
        "durationSeconds": duration,
        "url": paths.get(&format!("adviceVideo:{id}")),
    })
}

const ARTICLE_COLUMNS: &str = "advice_article_id, advice_category_id, published_on, title_json, summary_json, body_json, related_product_ids_json";
const VIDEO_COLUMNS: &str = "advice_video_id, advice_category_id, title_json, description_json, video_provider, video_id, duration_seconds";

async fn advice_categories(
    State(state): State<AppState>,
    context: RequestContext,
) -> Result<Json<Value>, ApiError> {
    let pool = state.db.pool();
    let site = site_language(pool, context).await?;
    let categories: Vec<(i64, String)> = sqlx::query_as(
        "SELECT advice_category_id, title_json FROM advice_categories ORDER BY position",
    )
    .fetch_all(pool)
    .await?;
    let articles: Vec<ArticleRow> =
        sqlx::query_as(&format!("SELECT {ARTICLE_COLUMNS} FROM advice_articles ORDER BY published_on DESC, advice_article_id"))
            .fetch_all(pool)
            .await?;
    let videos: Vec<VideoRow> = sqlx::query_as(&format!(
        "SELECT {VIDEO_COLUMNS} FROM advice_videos ORDER BY advice_video_id"
    ))
    .fetch_all(pool)
    .await?;
    let paths = route_paths(
        pool,
        &site,
        &["adviceCategory", "adviceArticle", "adviceVideo"],
    )
    .await?;
    let categories: Vec<Value> = categories
        .iter()
        .map(|(id, title)| {
            json!({
                "adviceCategoryId": id,
                "title": text(title, &site),
                "url": paths.get(&format!("adviceCategory:{id}")),
                "articles": articles.iter().filter(|row| row.1 == *id).map(|row| article_json(row, &site, &paths, false)).collect::<Vec<_>>(),
                "videos": videos.iter().filter(|row| row.1 == *id).map(|row| video_json(row, &site, &paths)).collect::<Vec<_>>(),
            })
        })
        .collect();
    Ok(Json(
        json!({"url": paths.get("adviceCategory:0"), "categories": categories}),
    ))
}

async fn advice_article(
    State(state): State<AppState>,
    context: RequestContext,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let id = path_id(&id, "id")?;
    let pool = state.db.pool();
    let site = site_language(pool, context).await?;
    let row: Option<ArticleRow> = sqlx::query_as(&format!(
        "SELECT {ARTICLE_COLUMNS} FROM advice_articles WHERE advice_article_id = $1"
    ))
    .bind(id)
    .fetch_optional(pool)
    .await?;
    let row = row.ok_or(ApiError::NotFound)?;
    let paths = route_paths(pool, &site, &["adviceArticle"]).await?;
    Ok(Json(article_json(&row, &site, &paths, true)))
}

async fn advice_video(
    State(state): State<AppState>,
    context: RequestContext,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let id = path_id(&id, "id")?;
    let pool = state.db.pool();
    let site = site_language(pool, context).await?;
    let row: Option<VideoRow> = sqlx::query_as(&format!(
        "SELECT {VIDEO_COLUMNS} FROM advice_videos WHERE advice_video_id = $1"
    ))
    .bind(id)
    .fetch_optional(pool)
    .await?;
    let row = row.ok_or(ApiError::NotFound)?;
    let paths = route_paths(pool, &site, &["adviceVideo"]).await?;
    Ok(Json(video_json(&row, &site, &paths)))
}
