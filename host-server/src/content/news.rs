//! The news handlers: a page of the site's news, and one item.

use axum::extract::State;

use super::api_types::{NewsArticle, NewsPage};
use super::service::{news_item_of, route_paths, text};
use super::store;
use crate::AppState;
use crate::openapi::SiteHeaders;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path, Query, path_number};
use crate::platform::listing::PageQuery;
use crate::platform::request_context::RequestContext;
use crate::sites::site_language;

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
pub(super) async fn news(
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
pub(super) async fn news_item(
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
