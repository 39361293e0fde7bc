//! What the back office's catalog reads and changes: products with their texts and variants,
//! a variant's price (with its history) and stock.

use engine::ids::{ProductId, ProductVariantId};
use engine::locale::CalendarDate;
use engine::money::Money;
use sqlx::{AnyConnection, AnyPool};

use crate::platform::db::placeholders;

/// A variant's price and stock.
#[derive(sqlx::FromRow)]
pub struct PriceAndStock {
    #[sqlx(try_from = "i64")]
    pub product_variant_id: ProductVariantId,
    #[sqlx(try_from = "String")]
    pub price: Money,
    /// `None`: not counted.
    pub stock: Option<i64>,
}

/// The variant's price and stock, if the variant exists.
pub async fn price_and_stock(
    connection: &mut AnyConnection,
    variant_id: ProductVariantId,
) -> Result<Option<PriceAndStock>, sqlx::Error> {
    sqlx::query_as(
        "SELECT product_variant_id, price, stock FROM variants WHERE product_variant_id = $1",
    )
    .bind(variant_id.get())
    .fetch_optional(connection)
    .await
}

/// Sets the variant's price and stock.
pub async fn set_price_and_stock(
    connection: &mut AnyConnection,
    variant_id: ProductVariantId,
    price: Money,
    stock: Option<i64>,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE variants SET price = $1, stock = $2 WHERE product_variant_id = $3")
        .bind(price.to_string())
        .bind(stock)
        .bind(variant_id.get())
        .execute(connection)
        .await?;
    Ok(())
}

/// Keeps a list price as in effect from `day` on (once: the same price on the same day is one
/// fact).
pub async fn record_price(
    connection: &mut AnyConnection,
    variant_id: ProductVariantId,
    day: CalendarDate,
    price: Money,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO variant_price_changes (product_variant_id, valid_from, price) \
         VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
    )
    .bind(variant_id.get())
    .bind(day.to_iso())
    .bind(price.to_string())
    .execute(connection)
    .await?;
    Ok(())
}

/// A product as the back office lists it.
#[derive(sqlx::FromRow)]
pub struct ProductRow {
    #[sqlx(try_from = "i64")]
    pub product_id: ProductId,
    pub product_key: String,
    pub product_group: String,
    pub brand: String,
}

/// The condition of the product list: a key or name containing `$1` (a LIKE pattern), or an
/// article number or EAN equal to `$2`.
const PRODUCT_MATCHES: &str = "(lower(p.product_key) LIKE $1 ESCAPE '\\' \
     OR EXISTS (SELECT 1 FROM product_texts t WHERE t.product_id = p.product_id \
                AND lower(t.name) LIKE $1 ESCAPE '\\') \
     OR EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.product_id \
                AND (v.article_number = $2 OR v.ean = $2)))";

/// How many products match.
pub async fn count_products(
    pool: &AnyPool,
    pattern: &str,
    exact: &str,
) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) = sqlx::query_as(&format!(
        "SELECT COUNT(*) FROM products p WHERE {PRODUCT_MATCHES}"
    ))
    .bind(pattern)
    .bind(exact)
    .fetch_one(pool)
    .await?;
    Ok(count)
}

/// A page of the matching products, by id.
pub async fn product_page(
    pool: &AnyPool,
    pattern: &str,
    exact: &str,
    limit: i64,
    offset: i64,
) -> Result<Vec<ProductRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT p.product_id, p.product_key, p.product_group, p.brand FROM products p \
         WHERE {PRODUCT_MATCHES} ORDER BY p.product_id LIMIT $3 OFFSET $4"
    ))
    .bind(pattern)
    .bind(exact)
    .bind(limit)
    .bind(offset)
    .fetch_all(pool)
    .await
}

/// One product, if it exists.
pub async fn product(
    pool: &AnyPool,
    product_id: ProductId,
) -> Result<Option<ProductRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT product_id, product_key, product_group, brand FROM products WHERE product_id = $1",
    )
    .bind(product_id.get())
    .fetch_optional(pool)
    .await
}

/// A product's texts in one culture.
#[derive(Clone, Debug, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct TextsRow {
    #[sqlx(try_from = "i64")]
    pub product_id: ProductId,
    pub culture: String,
    pub name: Option<String>,
    pub short_description: Option<String>,
    pub long_description: Option<String>,
    pub composition: Option<String>,
}

/// The texts of these products in every culture they have.
pub async fn texts_of(
    pool: &AnyPool,
    product_ids: &[ProductId],
) -> Result<Vec<TextsRow>, sqlx::Error> {
    if product_ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT product_id, culture, name, short_description, long_description, composition \
         FROM product_texts WHERE product_id IN ({}) ORDER BY product_id, culture",
        placeholders(1, product_ids.len())
    );
    let mut query = sqlx::query_as::<_, TextsRow>(&sql);
    for id in product_ids {
        query = query.bind(id.get());
    }
    query.fetch_all(pool).await
}

/// Writes a product's texts in one culture, keeping its address (`slug`).
pub async fn set_texts(
    connection: &mut AnyConnection,
    texts: &TextsRow,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO product_texts (product_id, culture, name, short_description, long_description, composition) \
         VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (product_id, culture) DO UPDATE SET name = excluded.name, \
         short_description = excluded.short_description, long_description = excluded.long_description, \
         composition = excluded.composition",
    )
    .bind(texts.product_id.get())
    .bind(&texts.culture)
    .bind(&texts.name)
    .bind(&texts.short_description)
    .bind(&texts.long_description)
    .bind(&texts.composition)
    .execute(connection)
    .await?;
    Ok(())
}

/// A product's texts in one culture, read in a change's transaction.
pub async fn texts_in(
    connection: &mut AnyConnection,
    product_id: ProductId,
    culture: &str,
) -> Result<Option<TextsRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT product_id, culture, name, short_description, long_description, composition \
         FROM product_texts WHERE product_id = $1 AND culture = $2",
    )
    .bind(product_id.get())
    .bind(culture)
    .fetch_optional(connection)
    .await
}

/// A variant as the back office shows it.
#[derive(sqlx::FromRow)]
pub struct VariantRow {
    #[sqlx(try_from = "i64")]
    pub product_id: ProductId,
    #[sqlx(try_from = "i64")]
    pub product_variant_id: ProductVariantId,
    pub article_number: String,
    pub ean: String,
    pub variant_label: Option<String>,
    pub content_amount: String,
    pub content_unit: String,
    #[sqlx(try_from = "String")]
    pub price: Money,
    pub stock: Option<i64>,
}

/// The variants of these products, in their order.
pub async fn variants_of(
    pool: &AnyPool,
    product_ids: &[ProductId],
) -> Result<Vec<VariantRow>, sqlx::Error> {
    if product_ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT product_id, product_variant_id, article_number, ean, variant_label, content_amount, \
         content_unit, price, stock FROM variants WHERE product_id IN ({}) \
         ORDER BY product_id, position",
        placeholders(1, product_ids.len())
    );
    let mut query = sqlx::query_as::<_, VariantRow>(&sql);
    for id in product_ids {
        query = query.bind(id.get());
    }
    query.fetch_all(pool).await
}

/// A list price that takes effect on a later day.
#[derive(sqlx::FromRow)]
pub struct ScheduledPriceRow {
    #[sqlx(try_from = "i64")]
    pub product_variant_id: ProductVariantId,
    #[sqlx(try_from = "String")]
    pub valid_from: CalendarDate,
    #[sqlx(try_from = "String")]
    pub price: Money,
}

/// Schedules a list price from `day` on, replacing one scheduled for the same day; the price
/// it replaces, if any.
pub async fn schedule_price(
    connection: &mut AnyConnection,
    variant_id: ProductVariantId,
    day: CalendarDate,
    price: Money,
) -> Result<Option<Money>, sqlx::Error> {
    let before: Option<(String,)> = sqlx::query_as(
        "SELECT price FROM scheduled_prices WHERE product_variant_id = $1 AND valid_from = $2",
    )
    .bind(variant_id.get())
    .bind(day.to_iso())
    .fetch_optional(&mut *connection)
    .await?;
    sqlx::query(
        "INSERT INTO scheduled_prices (product_variant_id, valid_from, price) VALUES ($1, $2, $3) \
         ON CONFLICT (product_variant_id, valid_from) DO UPDATE SET price = excluded.price",
    )
    .bind(variant_id.get())
    .bind(day.to_iso())
    .bind(price.to_string())
    .execute(connection)
    .await?;
    Ok(before.and_then(|(price,)| price.parse().ok()))
}

/// Removes the price scheduled for `day`; the price it held, `None` when there was none (or
/// another server took it first).
pub async fn take_scheduled_price(
    connection: &mut AnyConnection,
    variant_id: ProductVariantId,
    day: CalendarDate,
) -> Result<Option<Money>, sqlx::Error> {
    let taken: Option<(String,)> = sqlx::query_as(
        "DELETE FROM scheduled_prices WHERE product_variant_id = $1 AND valid_from = $2 \
         RETURNING price",
    )
    .bind(variant_id.get())
    .bind(day.to_iso())
    .fetch_optional(connection)
    .await?;
    Ok(taken.and_then(|(price,)| price.parse().ok()))
}

/// The prices scheduled for these variants, by variant and day.
pub async fn scheduled_prices(
    pool: &AnyPool,
    variant_ids: &[ProductVariantId],
) -> Result<Vec<ScheduledPriceRow>, sqlx::Error> {
    if variant_ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT product_variant_id, valid_from, price FROM scheduled_prices \
         WHERE product_variant_id IN ({}) ORDER BY product_variant_id, valid_from",
        placeholders(1, variant_ids.len())
    );
    let mut query = sqlx::query_as::<_, ScheduledPriceRow>(&sql);
    for id in variant_ids {
        query = query.bind(id.get());
    }
    query.fetch_all(pool).await
}

/// The scheduled prices whose day has come (`day` or earlier), oldest first.
pub async fn due_prices(
    pool: &AnyPool,
    day: CalendarDate,
) -> Result<Vec<ScheduledPriceRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT product_variant_id, valid_from, price FROM scheduled_prices \
         WHERE valid_from <= $1 ORDER BY valid_from, product_variant_id",
    )
    .bind(day.to_iso())
    .fetch_all(pool)
    .await
}

/// A variant's EAN, if the variant exists.
pub async fn ean_of(
    connection: &mut AnyConnection,
    variant_id: ProductVariantId,
) -> Result<Option<String>, sqlx::Error> {
    let ean: Option<(String,)> =
        sqlx::query_as("SELECT ean FROM variants WHERE product_variant_id = $1")
            .bind(variant_id.get())
            .fetch_optional(connection)
            .await?;
    Ok(ean.map(|(ean,)| ean))
}

/// The variant that has this EAN, if any.
pub async fn variant_with_ean(
    connection: &mut AnyConnection,
    ean: &str,
) -> Result<Option<ProductVariantId>, sqlx::Error> {
    let found: Option<(i64,)> =
        sqlx::query_as("SELECT product_variant_id FROM variants WHERE ean = $1")
            .bind(ean)
            .fetch_optional(connection)
            .await?;
    Ok(found.map(|(id,)| ProductVariantId::new(id)))
}

/// Sets a variant's EAN.
pub async fn set_ean(
    connection: &mut AnyConnection,
    variant_id: ProductVariantId,
    ean: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE variants SET ean = $1 WHERE product_variant_id = $2")
        .bind(ean)
        .bind(variant_id.get())
        .execute(connection)
        .await?;
    Ok(())
}
