//! The content's routes: every handler of the area with its OpenAPI operation, in the order of
//! the API's description.

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{advice, faq, news, pages, seo};
use crate::AppState;

/// The routes of this area.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(pages::page))
        .routes(routes!(pages::site_layout))
        .routes(routes!(pages::home))
        .routes(routes!(seo::landing_page))
        .routes(routes!(news::news))
        .routes(routes!(news::news_item))
        .routes(routes!(faq::faq))
        .routes(routes!(advice::advice_categories))
        .routes(routes!(advice::advice_article))
        .routes(routes!(advice::advice_video))
}
