//! The parts of every page's frame as stored: a site's navigation, footer, USPs, notification
//! and customer-service facts, its pages by key (for links), and its brand's home page.

use sqlx::AnyPool;

/// The layout parts a site uses: primary navigation, footer, notification, header USPs, cart
/// USPs.
pub type SiteParts = (i64, i64, Option<i64>, Option<i64>, Option<i64>);

/// A notification: id, style, `text_json`, `route_json`, valid from, valid until.
pub type NotificationRow = (i64, String, String, Option<String>, String, String);

/// A site's frame facts: customer-service title, bottom text, link, phone, phone link, e-mail
/// and opening hours; the currency disclaimer link, the become-dealer link, the social links
/// (all JSON but phone, phone link and e-mail) and the exchange rate.
pub type SiteFrameRow = (
    String,
    String,
    String,
    String,
    String,
    String,
    String,
    Option<String>,
    String,
    String,
    Option<String>,
);

/// The layout parts a site uses; an error when there is no such site.
pub async fn site_parts(pool: &AnyPool, site_id: i64) -> Result<SiteParts, sqlx::Error> {
    sqlx::query_as(
        "SELECT primary_navigation_id, footer_id, notification_id, header_usp_collection_id, cart_usp_collection_id \
         FROM sites WHERE site_id = $1",
    )
    .bind(site_id)
    .fetch_one(pool)
    .await
}

/// A site's pages, as (page key, page id).
pub async fn page_ids_by_key(
    pool: &AnyPool,
    site_id: i64,
) -> Result<Vec<(String, i64)>, sqlx::Error> {
    sqlx::query_as("SELECT page_key, page_id FROM pages WHERE site_id = $1")
        .bind(site_id)
        .fetch_all(pool)
        .await
}

/// A navigation's `items_json`.
pub async fn navigation_items(
    pool: &AnyPool,
    navigation_id: i64,
) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT items_json FROM navigations WHERE navigation_id = $1")
            .bind(navigation_id)
            .fetch_optional(pool)
            .await?;
    Ok(row.map(|(items,)| items))
}

/// A footer's `columns_json`.
pub async fn footer_columns(pool: &AnyPool, footer_id: i64) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT columns_json FROM footers WHERE footer_id = $1")
            .bind(footer_id)
            .fetch_optional(pool)
            .await?;
    Ok(row.map(|(columns,)| columns))
}

/// A USP collection's `items_json`.
pub async fn usp_items(pool: &AnyPool, collection_id: i64) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT items_json FROM usp_collections WHERE usp_collection_id = $1")
            .bind(collection_id)
            .fetch_optional(pool)
            .await?;
    Ok(row.map(|(items,)| items))
}

/// A notification.
pub async fn notification(
    pool: &AnyPool,
    notification_id: i64,
) -> Result<Option<NotificationRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT notification_id, style, text_json, route_json, valid_from, valid_until FROM notifications WHERE notification_id = $1",
    )
    .bind(notification_id)
    .fetch_optional(pool)
    .await
}

/// A site's frame facts; an error when there is no such site.
pub async fn site_frame(pool: &AnyPool, site_id: i64) -> Result<SiteFrameRow, sqlx::Error> {
    sqlx::query_as(
        "SELECT customer_service_title_json, customer_service_bottom_text_json, customer_service_link_json, \
         customer_service_phone, customer_service_phone_link, customer_service_email, \
         customer_service_opening_hours_json, currency_conversion_disclaimer_link_json, \
         become_dealer_link_json, social_links_json, exchange_rate FROM sites WHERE site_id = $1",
    )
    .bind(site_id)
    .fetch_one(pool)
    .await
}

/// The `content_json` of the home page of the site's brand; `None` when the brand has none.
pub async fn home_page(pool: &AnyPool, site_id: i64) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> = sqlx::query_as(
        "SELECT h.content_json FROM home_pages h JOIN sites s ON s.brand = h.brand WHERE s.site_id = $1",
    )
    .bind(site_id)
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|(content,)| content))
}
