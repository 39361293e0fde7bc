//! The advice handlers: the overview of categories with their articles and videos, one
//! article and one video.

use axum::extract::State;

use super::api_types::{AdviceArticleDetail, AdviceCategories, AdviceCategory, AdviceVideo};
use super::service::{article_of, read_stored, route_paths, text, video_of};
use super::store;
use crate::AppState;
use crate::openapi::SiteHeaders;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path, path_number};
use crate::platform::request_context::RequestContext;
use crate::sites::site_language;

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
pub(super) async fn advice_categories(
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
pub(super) async fn advice_article(
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
pub(super) async fn advice_video(
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
