//! The FAQ handler: a FAQ's categories and questions, with their paths on the FAQ page.

use axum::extract::State;

use super::api_types::{Faq, FaqCategory, FaqItem, FaqQuery};
use super::service::{route_paths, text};
use super::store;
use crate::AppState;
use crate::openapi::SiteHeaders;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Query, path_number};
use crate::platform::request_context::RequestContext;
use crate::sites::site_language;

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
pub(super) async fn faq(
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
