//! What the feed calculator, the ration check and silo delivery read: the advice rules and
//! choices, the products' doses, packs, names and pages, the roughage targets and results, the
//! sites' silo settings; and the silo interests it stores.

use engine::ids::{ProductId, ProductVariantId};
use sqlx::AnyPool;

/// A brand's advice rules in the fixtures' order: horse type, work load, roughage type and the
/// advised products (JSON).
pub async fn advice_rules(
    pool: &AnyPool,
    brand: &str,
) -> Result<Vec<(String, String, String, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT horse_type, work_load, roughage_type, advised_product_ids_json FROM feed_advice_rules WHERE brand = $1 ORDER BY rule_id",
    )
    .bind(brand)
    .fetch_all(pool)
    .await
}

/// The product's variants sold on the site, by position: id, content amount and unit.
pub async fn variants_on_site(
    pool: &AnyPool,
    product_id: ProductId,
    site_id: i64,
) -> Result<Vec<(i64, String, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT v.product_variant_id, v.content_amount, v.content_unit FROM variants v \
         JOIN variant_sites s ON s.product_variant_id = v.product_variant_id \
         WHERE v.product_id = $1 AND s.site_id = $2 ORDER BY v.position",
    )
    .bind(product_id.get())
    .bind(site_id)
    .fetch_all(pool)
    .await
}

/// The product's grams per day by work load.
pub async fn doses(
    pool: &AnyPool,
    product_id: ProductId,
) -> Result<Vec<(String, i64)>, sqlx::Error> {
    sqlx::query_as("SELECT work_load, grams_per_day FROM product_dosages WHERE product_id = $1")
        .bind(product_id.get())
        .fetch_all(pool)
        .await
}

/// The product's scoop size in grams: `None` when there is no such product, `Some(None)` when
/// it has no scoop.
pub async fn scoop_grams(
    pool: &AnyPool,
    product_id: ProductId,
) -> Result<Option<Option<i64>>, sqlx::Error> {
    let scoop: Option<(Option<i64>,)> =
        sqlx::query_as("SELECT scoop_size_grams FROM products WHERE product_id = $1")
            .bind(product_id.get())
            .fetch_optional(pool)
            .await?;
    Ok(scoop.map(|(grams,)| grams))
}

/// The brand of a site, if the site exists.
pub async fn brand_of_site(pool: &AnyPool, site_id: i64) -> Result<Option<String>, sqlx::Error> {
    let brand: Option<(String,)> = sqlx::query_as("SELECT brand FROM sites WHERE site_id = $1")
        .bind(site_id)
        .fetch_optional(pool)
        .await?;
    Ok(brand.map(|(brand,)| brand))
}

/// The variant's price as stored.
pub async fn variant_price(
    pool: &AnyPool,
    variant_id: ProductVariantId,
) -> Result<String, sqlx::Error> {
    let (price,): (String,) =
        sqlx::query_as("SELECT price FROM variants WHERE product_variant_id = $1")
            .bind(variant_id.get())
            .fetch_one(pool)
            .await?;
    Ok(price)
}

/// The calculator's choices by kind and position: kind, key, names (JSON) and default weight.
pub async fn choices(
    pool: &AnyPool,
) -> Result<Vec<(String, String, String, Option<i64>)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT kind, choice_key, name_json, default_weight_kg FROM feed_choices ORDER BY kind, position",
    )
    .fetch_all(pool)
    .await
}

/// The roughage targets document (JSON), the first one.
pub async fn targets_document(pool: &AnyPool) -> Result<Option<String>, sqlx::Error> {
    let document: Option<(String,)> =
        sqlx::query_as("SELECT document_json FROM roughage_targets ORDER BY targets_id LIMIT 1")
            .fetch_optional(pool)
            .await?;
    Ok(document.map(|(text,)| text))
}

/// The values (JSON) of the account's result with this key: `None` when there is no such
/// result, `Some(None)` when it has no values.
pub async fn result_values(
    pool: &AnyPool,
    result_key: &str,
    account_id: &str,
) -> Result<Option<Option<String>>, sqlx::Error> {
    let row: Option<(Option<String>,)> = sqlx::query_as(
        "SELECT values_json FROM roughage_results WHERE result_key = $1 AND account_id = $2",
    )
    .bind(result_key)
    .bind(account_id)
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|(values,)| values))
}

/// The culture of a language, if the language exists.
pub async fn culture(pool: &AnyPool, language_id: i64) -> Result<Option<String>, sqlx::Error> {
    let culture: Option<(String,)> =
        sqlx::query_as("SELECT culture FROM languages WHERE language_id = $1")
            .bind(language_id)
            .fetch_optional(pool)
            .await?;
    Ok(culture.map(|(culture,)| culture))
}

/// The product's name in the culture, else in Dutch, else in the first culture that has one.
pub async fn product_name_in(
    pool: &AnyPool,
    product_id: ProductId,
    culture: &str,
) -> Result<Option<String>, sqlx::Error> {
    let name: Option<(String,)> = sqlx::query_as(
        "SELECT name FROM product_texts WHERE product_id = $1 AND name IS NOT NULL \
         ORDER BY CASE culture WHEN $2 THEN 0 WHEN 'nl' THEN 1 ELSE 2 END, culture LIMIT 1",
    )
    .bind(product_id.get())
    .bind(culture)
    .fetch_optional(pool)
    .await?;
    Ok(name.map(|(name,)| name))
}

/// A site's number of horses from which silo delivery is offered, and its overrides by culture
/// (JSON).
pub async fn silo_thresholds(pool: &AnyPool, site_id: i64) -> Result<(i64, String), sqlx::Error> {
    sqlx::query_as(
        "SELECT silo_horse_threshold, silo_horse_threshold_by_culture_json FROM sites WHERE site_id = $1",
    )
    .bind(site_id)
    .fetch_one(pool)
    .await
}

/// A dealer that delivers by silo: id, name, city, phone, website, brands (JSON).
pub type SiloDealerRow = (i64, String, String, String, Option<String>, String);

/// The dealers that deliver by silo, by name.
pub async fn silo_dealers(pool: &AnyPool) -> Result<Vec<SiloDealerRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT dealer_id, name, city, phone, website, brands_json FROM dealers WHERE silo_delivery = 1 ORDER BY name, dealer_id",
    )
    .fetch_all(pool)
    .await
}

/// A silo interest.
pub struct Interest {
    pub interest_id: String,
    pub site_id: i64,
    pub yard: String,
    pub horses: i64,
    pub feed_kg_per_month: i64,
    pub name: String,
    pub email_address: String,
    pub phone_number: String,
    pub message: String,
}

/// Stores a silo interest, filled in in `language_id`.
pub async fn insert_interest(
    pool: &AnyPool,
    interest: &Interest,
    language_id: i64,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO silo_interests (interest_id, site_id, language_id, yard, horses, feed_kg_per_month, contact_name, \
         email_address, phone_number, message, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(&interest.interest_id)
    .bind(interest.site_id)
    .bind(language_id)
    .bind(&interest.yard)
    .bind(interest.horses)
    .bind(interest.feed_kg_per_month)
    .bind(&interest.name)
    .bind(&interest.email_address)
    .bind(&interest.phone_number)
    .bind(&interest.message)
    .bind(now)
    .execute(pool)
    .await?;
    Ok(())
}

/// The customer-service address of a site.
pub async fn customer_service_address(pool: &AnyPool, site_id: i64) -> Result<String, sqlx::Error> {
    let (to,): (String,) =
        sqlx::query_as("SELECT customer_service_email FROM sites WHERE site_id = $1")
            .bind(site_id)
            .fetch_one(pool)
            .await?;
    Ok(to)
}
