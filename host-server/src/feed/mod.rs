//! The feed calculator for every visitor and silo delivery: the public API area
//! `/api/feedcalculator`. What the account's saved advice shares with it is here too: the
//! choices by their JSON names, the site's advice rules and the products' doses, all read
//! from the database and handed to the engine's [`engine::feed::feed_advice`], which computes.

mod calculator;
mod ration;
mod silo;
mod store;

use engine::feed::{AdviceRule, Dosage, FeedProduct, HorseType, RoughageType, WorkLoad};
use engine::ids::{ProductId, ProductVariantId};
use serde::de::IntoDeserializer;
use sqlx::AnyPool;
use utoipa_axum::router::OpenApiRouter;

use crate::AppState;
use crate::platform::error::ApiError;

pub use calculator::{CalculatedProduct, Calculation};
pub use silo::{SiloCheck, SiloDealer};

/// The routes of this area.
pub fn router() -> OpenApiRouter<AppState> {
    calculator::router()
        .merge(silo::router())
        .merge(ration::router())
}

/// The fixtures call pasture grass `pasture`; the engine calls it `grass`.
fn engine_key(text: &str) -> &str {
    if text == "pasture" { "grass" } else { text }
}

/// An engine enum by its JSON name.
fn parse_key<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, serde::de::value::Error> {
    T::deserialize(engine_key(text).into_deserializer())
}

/// A required choice (`horseType`, `workLoad`, `roughageType`) by its JSON name; a 400
/// naming the field when it is missing or unknown.
pub fn choice<T: serde::de::DeserializeOwned>(
    value: &Option<String>,
    field: &str,
) -> Result<T, ApiError> {
    let text = value
        .as_deref()
        .map(str::trim)
        .filter(|text| !text.is_empty())
        .ok_or_else(|| ApiError::required(field))?;
    parse_key(text).map_err(|_| {
        ApiError::field(
            field,
            "validation.invalid",
            format!("'{text}' is not a {field} the calculator knows"),
        )
    })
}

/// The advice rules of a brand as the engine reads them: one rule per horse type, work load
/// and roughage type, in the fixtures' order.
pub async fn rules_of_brand(pool: &AnyPool, brand: &str) -> Result<Vec<AdviceRule>, ApiError> {
    let rows = store::advice_rules(pool, brand).await?;
    let mut rules = Vec::with_capacity(rows.len());
    for (horse_type, work_load, roughage_type, products) in rows {
        let (Ok(horse_type), Ok(work_load), Ok(roughage_type)) = (
            parse_key::<HorseType>(&horse_type),
            parse_key::<WorkLoad>(&work_load),
            parse_key::<RoughageType>(&roughage_type),
        ) else {
            continue;
        };
        let product_ids = serde_json::from_str(&products)
            .map_err(|error| ApiError::Internal(format!("advice rule products: {error}")))?;
        rules.push(AdviceRule {
            horse_types: vec![horse_type],
            work_loads: vec![work_load],
            roughage_types: vec![roughage_type],
            product_ids,
        });
    }
    Ok(rules)
}

/// The product's variant sold on the site with its content in grams: the first by position
/// sold by weight, else the first.
pub async fn pack_on_site(
    pool: &AnyPool,
    product_id: ProductId,
    site_id: i64,
) -> Result<Option<(ProductVariantId, Option<u32>)>, ApiError> {
    let variants = store::variants_on_site(pool, product_id, site_id).await?;
    let grams = |amount: &str, unit: &str| -> Option<u32> {
        let amount: rust_decimal::Decimal = amount.parse().ok()?;
        let grams = match unit {
            "kg" => amount * rust_decimal::Decimal::ONE_THOUSAND,
            "g" => amount,
            _ => return None,
        };
        u32::try_from(grams.trunc().mantissa()).ok()
    };
    let by_weight = variants
        .iter()
        .find_map(|(id, amount, unit)| grams(amount, unit).map(|grams| (*id, Some(grams))));
    let pack = by_weight.or_else(|| variants.first().map(|(id, _, _)| (*id, None)));
    Ok(pack.map(|(id, grams)| (ProductVariantId::new(id), grams)))
}

/// The dosing data of the products the rules name that the site sells: doses per work load,
/// the scoop size, and the grams of the pack of [`pack_on_site`]. Products the site does not
/// sell are left out of the rules too (fixtures/README.md: they are skipped).
pub async fn feed_products(
    pool: &AnyPool,
    rules: &mut [AdviceRule],
    site_id: i64,
) -> Result<Vec<FeedProduct>, ApiError> {
    let mut ids: Vec<ProductId> = rules
        .iter()
        .flat_map(|rule| rule.product_ids.iter().copied())
        .collect();
    ids.sort_unstable();
    ids.dedup();
    let mut products = Vec::with_capacity(ids.len());
    for product_id in ids {
        let Some((_, pack_grams)) = pack_on_site(pool, product_id, site_id).await? else {
            continue;
        };
        let doses = store::doses(pool, product_id).await?;
        let dose = |load: &str| {
            doses
                .iter()
                .find(|(name, _)| name == load)
                .map_or(0, |(_, grams)| u32::try_from(*grams).unwrap_or(0))
        };
        let scoop = store::scoop_grams(pool, product_id).await?;
        products.push(FeedProduct {
            product_id,
            dosage: Dosage {
                none: dose("none"),
                light: dose("light"),
                average: dose("average"),
                heavy: dose("heavy"),
            },
            scoop_grams: scoop.flatten().and_then(|grams| u32::try_from(grams).ok()),
            pack_grams,
        });
    }
    for rule in rules.iter_mut() {
        rule.product_ids
            .retain(|id| products.iter().any(|product| product.product_id == *id));
    }
    Ok(products)
}

/// The brand of a site; a 400 naming `siteid` when there is no such site.
pub async fn brand_of(pool: &AnyPool, site_id: i64) -> Result<String, ApiError> {
    let brand = store::brand_of_site(pool, site_id).await?;
    brand.ok_or_else(|| {
        ApiError::field(
            "siteid",
            "validation.invalid",
            format!("site {site_id} does not exist"),
        )
    })
}
