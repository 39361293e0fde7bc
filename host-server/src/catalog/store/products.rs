//! A product as its page shows it: whether a site sells a variant, the product's row and
//! texts, the site's variants of it with their page routes, its pictures and its nutrient
//! table.

use std::collections::BTreeSet;

use engine::ids::{ProductId, ProductVariantId};
use engine::locale::CalendarDate;
use engine::money::Money;
use sqlx::AnyPool;

use crate::platform::db::{Flag, placeholders};

/// A product: id, key, type, group, brand, colour, energy level, rating average and count,
/// image.
pub type DetailRow = (
    i64,
    String,
    i64,
    String,
    String,
    String,
    Option<String>,
    Option<String>,
    i64,
    Option<String>,
);

/// A product's texts in one culture: culture, name, short and long description, composition.
pub type TextRow = (
    String,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
);

/// A variant as its product page shows it.
#[derive(Debug, sqlx::FromRow)]
pub struct VariantRow {
    pub product_variant_id: i64,
    pub article_number: String,
    pub ean: String,
    pub packaging: String,
    pub content_amount: String,
    pub content_unit: String,
    pub variant_label: Option<String>,
    pub colour: Option<String>,
    pub weight_kg: f64,
    pub length_cm: f64,
    pub width_cm: f64,
    pub height_cm: f64,
    pub quantity_per_pallet: i64,
    pub shelf_life_months: Option<i64>,
    pub delivery_min_days: i64,
    pub delivery_max_days: i64,
    pub price: String,
    pub vat_type: crate::platform::labels::Label<engine::vat::VatType>,
    pub stock: Option<i64>,
    pub image: Option<String>,
}

const VARIANT_COLUMNS: &str = "v.product_variant_id, v.article_number, v.ean, v.packaging, v.content_amount, v.content_unit, v.variant_label, \
     v.colour, v.weight_kg, v.length_cm, v.width_cm, v.height_cm, v.quantity_per_pallet, v.shelf_life_months, v.delivery_min_days, \
     v.delivery_max_days, v.price, v.vat_type, v.stock, v.image";

/// The product of a variant the site sells; `None` when it does not sell it.
pub async fn product_of_variant_on_site(
    pool: &AnyPool,
    variant_id: ProductVariantId,
    site_id: i64,
) -> Result<Option<ProductId>, sqlx::Error> {
    let sold: Option<(i64,)> = sqlx::query_as(
        "SELECT v.product_id FROM variants v JOIN variant_sites s ON s.product_variant_id = v.product_variant_id \
         WHERE v.product_variant_id = $1 AND s.site_id = $2",
    )
    .bind(variant_id.get())
    .bind(site_id)
    .fetch_optional(pool)
    .await?;
    Ok(sold.map(|(product_id,)| ProductId::new(product_id)))
}

/// A product's row; an error when there is no such product.
pub async fn product(pool: &AnyPool, product_id: ProductId) -> Result<DetailRow, sqlx::Error> {
    sqlx::query_as(
        "SELECT product_id, product_key, product_type, product_group, brand, colour, energy_level, rating_average, rating_count, image \
         FROM products WHERE product_id = $1",
    )
    .bind(product_id.get())
    .fetch_one(pool)
    .await
}

/// A product's texts in every culture it has them in.
pub async fn texts(pool: &AnyPool, product_id: ProductId) -> Result<Vec<TextRow>, sqlx::Error> {
    sqlx::query_as("SELECT culture, name, short_description, long_description, composition FROM product_texts WHERE product_id = $1")
        .bind(product_id.get())
        .fetch_all(pool)
        .await
}

/// Whether the site offers back-in-stock mails; an error when there is no such site.
pub async fn stock_reminder_feature(pool: &AnyPool, site_id: i64) -> Result<Flag, sqlx::Error> {
    let (reminder,): (Flag,) =
        sqlx::query_as("SELECT enable_stock_reminder_feature FROM sites WHERE site_id = $1")
            .bind(site_id)
            .fetch_one(pool)
            .await?;
    Ok(reminder)
}

/// The variants of a product that the site sells, in the product's order.
pub async fn variants_on_site(
    pool: &AnyPool,
    product_id: ProductId,
    site_id: i64,
) -> Result<Vec<VariantRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {VARIANT_COLUMNS} FROM variants v JOIN variant_sites s ON s.product_variant_id = v.product_variant_id \
         WHERE v.product_id = $1 AND s.site_id = $2 ORDER BY v.position"
    ))
    .bind(product_id.get())
    .bind(site_id)
    .fetch_all(pool)
    .await
}

/// The product page routes of a site in a language, as (route key, path).
pub async fn article_routes(
    pool: &AnyPool,
    site_id: i64,
    language_id: i64,
) -> Result<Vec<(String, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT route_key, path FROM routes WHERE site_id = $1 AND language_id = $2 AND route_type = 'productDetail' AND route_key LIKE $3",
    )
    .bind(site_id)
    .bind(language_id)
    .bind("productDetail:%:article")
    .fetch_all(pool)
    .await
}

/// A product's further pictures, in order.
pub async fn gallery_images(
    pool: &AnyPool,
    product_id: ProductId,
) -> Result<Vec<String>, sqlx::Error> {
    let further: Vec<(String,)> =
        sqlx::query_as("SELECT image FROM product_images WHERE product_id = $1 ORDER BY position")
            .bind(product_id.get())
            .fetch_all(pool)
            .await?;
    Ok(further.into_iter().map(|(image,)| image).collect())
}

/// A product's nutrient table as stored, as (nutrient, amount per kg as fed), in no order.
pub async fn nutrients(
    pool: &AnyPool,
    product_id: ProductId,
) -> Result<Vec<(String, f64)>, sqlx::Error> {
    sqlx::query_as("SELECT nutrient, amount FROM product_nutrients WHERE product_id = $1")
        .bind(product_id.get())
        .fetch_all(pool)
        .await
}

/// A product's names as (culture, name), the cultures that have one.
pub async fn product_names(
    pool: &AnyPool,
    product_id: ProductId,
) -> Result<Vec<(String, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT culture, name FROM product_texts WHERE product_id = $1 AND name IS NOT NULL",
    )
    .bind(product_id.get())
    .fetch_all(pool)
    .await
}

/// A list price of a variant from the day it took effect.
#[derive(sqlx::FromRow)]
pub struct PriceChangeRow {
    #[sqlx(try_from = "i64")]
    pub product_variant_id: ProductVariantId,
    #[sqlx(try_from = "String")]
    pub valid_from: CalendarDate,
    #[sqlx(try_from = "String")]
    pub price: Money,
}

/// Every list price the variants have had.
pub async fn price_history(
    pool: &AnyPool,
    variant_ids: &BTreeSet<ProductVariantId>,
) -> Result<Vec<PriceChangeRow>, sqlx::Error> {
    let sql = format!(
        "SELECT product_variant_id, valid_from, price FROM variant_price_changes \
         WHERE product_variant_id IN ({}) ORDER BY product_variant_id, valid_from DESC, price",
        placeholders(1, variant_ids.len())
    );
    let mut query = sqlx::query_as::<_, PriceChangeRow>(&sql);
    for id in variant_ids {
        query = query.bind(id.get());
    }
    query.fetch_all(pool).await
}
