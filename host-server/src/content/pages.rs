//! The page handlers: a path's content with the site's layout, the layout alone for the
//! frame of every page, and the home page of the site's brand.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use engine::ids::ProductId;

use super::api_types::{
    CustomerService, HomeContent, HomeHero, HomeTile, Layout, Link, PageContent, PageType,
    PathQuery, SiteLayout, SocialLink,
};
use super::service::{Links, layout_of, localized, page_of, read_stored, text};
use super::store;
use crate::AppState;
use crate::content::route_lookup::{PageNotFound, Route};
use crate::openapi::SiteHeaders;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Query};
use crate::platform::request_context::RequestContext;
use crate::platform::stored_json;
use crate::sites::site_language;

/// How many of the newest products the home page shows.
pub const HOME_NEWEST: usize = 4;

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
pub(super) async fn site_layout(
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
        (status = 404, description = "The site's brand has no home page", body = ErrorBody),
    )
)]
pub(super) async fn home(
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
    let mut featured = products(&home.featured_product_ids);
    let mut newest = catalog.map(|c| c.newest(HOME_NEWEST)).unwrap_or_default();
    let mut sale = products(&home.sale_product_ids);
    for hits in [&mut featured, &mut newest, &mut sale] {
        crate::catalog::shelf::mark_hits(&state, site.site_id, site.language_id, hits).await?;
    }
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
        featured,
        newest,
        sale,
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
pub(super) async fn page(
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
