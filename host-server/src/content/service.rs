//! What the content handlers share: texts picked in the request's language, links resolved
//! to the paths of its site and language, the layout parts (kept in the layout cache), content
//! pages, and the stored rows of news and advice shaped for the API.

use std::collections::HashMap;

use engine::locale::Culture;
use sqlx::AnyPool;

use super::api_types::{
    AdviceArticle, AdviceVideo, Footer, FooterColumn, Layout, Link, Navigation, NewsItem,
    Notification, Page, PageType, Usp,
};
use super::layout_cache;
use super::store::{self, advice::ArticleRow, advice::VideoRow, news::NewsRow};
use crate::AppState;
use crate::platform::error::ApiError;
use crate::platform::stored_json::{self, Loc};
use crate::platform::trust::{ShopLinks, Trust};
use crate::sites::{SiteLanguage, pick_json};

pub(super) fn text(json: &str, site: &SiteLanguage) -> Option<String> {
    pick_json(json, site.culture, Some(site.fallback))
}

/// A stored localized text in the site's language, by the text fallback rule.
pub(super) fn localized(text: &Loc, site: &SiteLanguage) -> Option<String> {
    let available: Vec<Culture> = text.cultures();
    engine::locale::pick_text_culture(site.culture, Some(site.fallback), &available)
        .and_then(|chosen| text.get(chosen))
        .map(str::to_owned)
}

/// Stored JSON text read as `T` (written by the fixture import from the same type).
pub(super) fn read_stored<T: serde::de::DeserializeOwned>(
    text: &str,
    what: &str,
) -> Result<T, ApiError> {
    serde_json::from_str(text)
        .map_err(|error| ApiError::Internal(format!("stored {what}: {error}")))
}

/// The paths of a site language by route key.
pub(super) async fn route_paths(
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

/// Resolves stored links for a site language.
pub(super) struct Links<'a> {
    site: &'a SiteLanguage,
    pages: HashMap<String, i64>,
    paths: HashMap<String, String>,
    shop: ShopLinks,
}

impl<'a> Links<'a> {
    pub(super) async fn load(
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
    pub(super) fn url(&self, route: &stored_json::LinkRoute) -> Option<String> {
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

pub(super) async fn navigation(
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

pub(super) async fn footer(
    pool: &AnyPool,
    links: &Links<'_>,
    footer_id: i64,
) -> Result<Footer, ApiError> {
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

pub(super) async fn usps(
    pool: &AnyPool,
    site: &SiteLanguage,
    id: Option<i64>,
) -> Result<Vec<Usp>, ApiError> {
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
pub(super) async fn notification(
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
pub(super) async fn layout_of(state: &AppState, site: &SiteLanguage) -> Result<Layout, ApiError> {
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
pub(super) async fn layout(
    pool: &AnyPool,
    trust: &Trust,
    site: &SiteLanguage,
) -> Result<Layout, ApiError> {
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

/// A content page in a language, or `None` when the site has no such page.
pub(super) async fn page_of(
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

pub(super) fn news_item_of(
    row: &NewsRow,
    site: &SiteLanguage,
    paths: &HashMap<String, String>,
) -> NewsItem {
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

pub(super) fn article_of(
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

pub(super) fn video_of(
    row: &VideoRow,
    site: &SiteLanguage,
    paths: &HashMap<String, String>,
) -> AdviceVideo {
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
