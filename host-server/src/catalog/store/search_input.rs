//! The catalog as the search indexes read it: every product, variant, facet, site language,
//! landing page and advice category, table by table; [`crate::catalog::load`] puts them
//! together.

use sqlx::AnyPool;

use crate::platform::db::Flag;

/// A product: id, brand, product group, rating average and count, created on, image.
pub type ProductRow = (
    i64,
    String,
    String,
    Option<String>,
    i64,
    String,
    Option<String>,
);

/// A product's texts in one culture: product, culture, name, short and long description,
/// composition.
pub type TextRow = (
    i64,
    String,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
);

/// A variant: id, product, article number, EAN, price, content amount and unit, stock, image.
pub type VariantRow = (
    i64,
    i64,
    String,
    String,
    String,
    String,
    String,
    Option<i64>,
    Option<String>,
);

/// The facet groups as (key, kind, `name_json`), in order.
pub async fn facet_groups(pool: &AnyPool) -> Result<Vec<(String, String, String)>, sqlx::Error> {
    sqlx::query_as("SELECT facet_key, kind, name_json FROM facet_groups ORDER BY position")
        .fetch_all(pool)
        .await
}

/// The facet values as (group key, value key, `name_json`), by group and in order.
pub async fn facet_values(pool: &AnyPool) -> Result<Vec<(String, String, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT facet_key, value_key, name_json FROM facet_values ORDER BY facet_key, position",
    )
    .fetch_all(pool)
    .await
}

/// Every product, by id.
pub async fn products(pool: &AnyPool) -> Result<Vec<ProductRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT product_id, brand, product_group, rating_average, rating_count, created_on, image FROM products ORDER BY product_id",
    )
    .fetch_all(pool)
    .await
}

/// Every product's texts.
pub async fn product_texts(pool: &AnyPool) -> Result<Vec<TextRow>, sqlx::Error> {
    sqlx::query_as("SELECT product_id, culture, name, short_description, long_description, composition FROM product_texts")
        .fetch_all(pool)
        .await
}

/// The sites each product is sold on, as (product, site).
pub async fn product_sites(pool: &AnyPool) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    sqlx::query_as::<_, (i64, i64)>("SELECT product_id, site_id FROM product_sites")
        .fetch_all(pool)
        .await
}

/// The facet values of each product, as (product, facet key, value key).
pub async fn product_facets(pool: &AnyPool) -> Result<Vec<(i64, String, String)>, sqlx::Error> {
    sqlx::query_as::<_, (i64, String, String)>(
        "SELECT product_id, facet_key, value_key FROM product_facets",
    )
    .fetch_all(pool)
    .await
}

/// Every variant, by product and in the product's order.
pub async fn variants(pool: &AnyPool) -> Result<Vec<VariantRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT product_variant_id, product_id, article_number, ean, price, content_amount, content_unit, stock, image \
         FROM variants ORDER BY product_id, position",
    )
    .fetch_all(pool)
    .await
}

/// The sites each variant is sold on, as (variant, site).
pub async fn variant_sites(pool: &AnyPool) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    sqlx::query_as::<_, (i64, i64)>("SELECT product_variant_id, site_id FROM variant_sites")
        .fetch_all(pool)
        .await
}

/// Every product page route, as (site, language, route key, path).
pub async fn product_detail_routes(
    pool: &AnyPool,
) -> Result<Vec<(i64, i64, String, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT site_id, language_id, route_key, path FROM routes WHERE route_type = 'productDetail'",
    )
    .fetch_all(pool)
    .await
}

/// Every language, as (language, culture).
pub async fn languages(pool: &AnyPool) -> Result<Vec<(i64, String)>, sqlx::Error> {
    sqlx::query_as::<_, (i64, String)>("SELECT language_id, culture FROM languages")
        .fetch_all(pool)
        .await
}

/// Every site's languages in order, as (site, language, the site's fallback language, whether
/// the site offers back-in-stock mails).
pub async fn site_languages(pool: &AnyPool) -> Result<Vec<(i64, i64, i64, Flag)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT s.site_id, l.language_id, s.fallback_language_id, s.enable_stock_reminder_feature \
         FROM sites s JOIN site_languages l ON l.site_id = s.site_id ORDER BY s.site_id, l.position",
    )
    .fetch_all(pool)
    .await
}

/// Every group of synonyms, as (language, `words_json`).
pub async fn synonyms(pool: &AnyPool) -> Result<Vec<(String, String)>, sqlx::Error> {
    sqlx::query_as("SELECT language, words_json FROM search_synonyms ORDER BY synonym_group_id")
        .fetch_all(pool)
        .await
}

/// Every landing page, as (id, `filter_json`, default sort).
pub async fn landing_pages(pool: &AnyPool) -> Result<Vec<(i64, String, String)>, sqlx::Error> {
    sqlx::query_as("SELECT landing_page_id, filter_json, default_sort FROM landing_pages")
        .fetch_all(pool)
        .await
}

/// The sites of each landing page, as (landing page, site).
pub async fn landing_page_sites(pool: &AnyPool) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    sqlx::query_as::<_, (i64, i64)>("SELECT landing_page_id, site_id FROM landing_page_sites")
        .fetch_all(pool)
        .await
}

/// Every advice article's category and related products, as (category,
/// `related_product_ids_json`).
pub async fn advice_article_products(pool: &AnyPool) -> Result<Vec<(i64, String)>, sqlx::Error> {
    sqlx::query_as("SELECT advice_category_id, related_product_ids_json FROM advice_articles")
        .fetch_all(pool)
        .await
}

/// Every advice category.
pub async fn advice_categories(pool: &AnyPool) -> Result<Vec<(i64,)>, sqlx::Error> {
    sqlx::query_as("SELECT advice_category_id FROM advice_categories")
        .fetch_all(pool)
        .await
}
