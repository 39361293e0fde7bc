//! `POST /api/feedcalculator/advice` and `GET /api/feedcalculator/choices`: the feed
//! calculator for every visitor, signed in or not. The server reads the site's brand rules
//! and the products' doses; the engine computes grams, portions, scoops and days per pack.

use engine::ids::{ProductId, ProductVariantId};
use std::collections::BTreeMap;

use axum::extract::State;
use engine::EngineError;
use engine::feed::{
    AdviceRule, FeedAdviceRequest, HorseType, MAX_WEIGHT_KG, MIN_WEIGHT_KG, RoughageType, WorkLoad,
};
use engine::locale::Culture;
use engine::money::Money;
use engine::validation::{Message, MessageKey};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::openapi::SiteHeaders;
use crate::platform::error::{ApiError, ErrorBody, FieldError};
use crate::platform::extract::Json;
use crate::platform::request_context::RequestContext;

/// The routes of this part.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(advice))
        .routes(routes!(choices))
}

/// The horse to advise for.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = FeedCalculationRequest)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct CalculationBody {
    /// `horse`, `pony`, `youngHorse`, `senior` or `broodmare`.
    #[schema(required = true, value_type = String)]
    #[serde(default)]
    horse_type: Option<String>,
    /// The body weight in kg, 50 to 1200; the horse type's default weight when absent.
    #[schema(minimum = 50, maximum = 1200)]
    #[serde(default)]
    weight_kg: Option<i64>,
    /// `none`, `light` (under 5 hours a week), `average` or `heavy` (over 5 hours a week).
    #[schema(required = true, value_type = String)]
    #[serde(default)]
    work_load: Option<String>,
    /// `hay`, `haylage`, `silage` or `pasture`.
    #[schema(required = true, value_type = String)]
    #[serde(default)]
    roughage_type: Option<String>,
    /// Advise this feed product (sold on the site) instead of the site's advice rules.
    #[serde(default)]
    product_id: Option<ProductId>,
}

/// One advised product with what the shopper needs to buy it.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = FeedCalculationProduct)]
#[serde(rename_all = "camelCase")]
pub struct CalculatedProduct {
    pub product_id: ProductId,
    /// The variant to put in the cart: the pack the days are counted for.
    pub product_variant_id: ProductVariantId,
    pub name: String,
    /// The product page on this site, if it has one.
    pub url: Option<String>,
    pub price: Money,
    /// Grams per day: to 10 g from 100 g up, to 1 g below.
    pub grams_per_day: u32,
    /// Grams per feeding at 3 feedings a day.
    pub grams_per_portion: u32,
    /// Scoops per day to a half scoop (`"1.5"`); null without a scoop.
    pub scoops_per_day: Option<String>,
    /// The grams one scoop holds.
    pub scoop_grams: Option<u32>,
    /// Whole days one pack lasts; null when the pack is not sold by weight.
    pub days_per_pack: Option<u32>,
    /// The grams in the pack.
    pub pack_grams: Option<u32>,
}

/// The calculator's answer. When no advice can be given (no rule for the horse, or none of
/// its products sold on the site), `determined` is false and `message` is
/// `feed.adviceUndetermined`: "The feed advice cannot be determined".
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = FeedCalculation)]
#[serde(rename_all = "camelCase")]
pub struct Calculation {
    pub determined: bool,
    pub message: Option<Message>,
    pub horse_type: HorseType,
    /// The weight the advice is for (the horse type's default when none was given).
    pub weight_kg: u32,
    pub work_load: WorkLoad,
    /// As asked: the fixtures' name (`pasture` for the engine's `grass`).
    pub roughage_type: String,
    /// Feedings a day (the portions).
    pub feedings_per_day: u32,
    pub products: Vec<CalculatedProduct>,
}

/// The weight, checked: a whole number of kg from 50 to 1200, else a 400 whose code and
/// field error are `feed.adviceUndetermined` (the specification's message for it).
fn weight(weight_kg: Option<i64>) -> Result<Option<u32>, ApiError> {
    let Some(weight) = weight_kg else {
        return Ok(None);
    };
    u32::try_from(weight)
        .ok()
        .filter(|weight| (MIN_WEIGHT_KG..=MAX_WEIGHT_KG).contains(weight))
        .map(Some)
        .ok_or_else(|| {
            let message = format!(
                "The feed advice cannot be determined: weightKg must be {MIN_WEIGHT_KG} to {MAX_WEIGHT_KG} kg"
            );
            ApiError::Rejected {
                code: "feed.adviceUndetermined",
                message: message.clone(),
                fields: BTreeMap::from([(
                    "weightKg".to_owned(),
                    vec![FieldError {
                        key: "feed.adviceUndetermined".to_owned(),
                        message,
                    }],
                )]),
            }
        })
}

/// Computes feed advice for one horse with the site's advice rules (or for one chosen feed
/// product), per advised product grams per day, per portion at 3 feedings, scoops and days
/// per pack. Anyone may ask; nothing is stored.
#[utoipa::path(
    post,
    path = "/api/feedcalculator/advice",
    tag = "feed",
    operation_id = "calculateFeedAdvice",
    params(SiteHeaders),
    request_body = CalculationBody,
    responses(
        (status = 200, description = "The advice, or `determined: false` with the message that it cannot be determined", body = Calculation),
        (status = 400, description = "A field is missing or invalid (a weight outside 50-1200 kg is `feed.adviceUndetermined`), the product is no feed product of the site, or a missing or unknown site or language", body = ErrorBody),
    )
)]
async fn advice(
    State(state): State<AppState>,
    context: RequestContext,
    Json(body): Json<CalculationBody>,
) -> Result<Json<Calculation>, ApiError> {
    let pool = state.db.pool();
    let site = crate::sites::site_language(pool, context).await?;
    let horse_type: HorseType = super::choice(&body.horse_type, "horseType")?;
    let work_load: WorkLoad = super::choice(&body.work_load, "workLoad")?;
    let roughage_type: RoughageType = super::choice(&body.roughage_type, "roughageType")?;
    let weight_kg = weight(body.weight_kg)?;
    let mut rules = match body.product_id {
        Some(product_id) => vec![AdviceRule {
            horse_types: Vec::new(),
            work_loads: Vec::new(),
            roughage_types: Vec::new(),
            product_ids: vec![product_id],
        }],
        None => super::rules_of_brand(pool, &super::brand_of(pool, site.site_id).await?).await?,
    };
    let products = super::feed_products(pool, &mut rules, site.site_id).await?;
    if body.product_id.is_some() && products.is_empty() {
        return Err(ApiError::field(
            "productId",
            "validation.invalid",
            "the site sells no feed product with this id",
        ));
    }
    let request = FeedAdviceRequest {
        horse_type,
        weight_kg,
        work_load,
        roughage_type,
        rules,
        products: products.clone(),
    };
    let mut answer = Calculation {
        determined: false,
        message: None,
        horse_type,
        weight_kg: weight_kg.unwrap_or(horse_type.default_weight_kg()),
        work_load,
        roughage_type: body
            .roughage_type
            .as_deref()
            .unwrap_or_default()
            .trim()
            .to_owned(),
        feedings_per_day: engine::feed::FEEDINGS_PER_DAY,
        products: Vec::new(),
    };
    let advice = match engine::feed::feed_advice(&request) {
        Ok(advice) => advice,
        Err(EngineError::FeedAdviceUndetermined(_)) => {
            answer.message = Message::new(MessageKey::FeedAdviceUndetermined);
            return Ok(Json(answer));
        }
        Err(error) => return Err(error.into()),
    };
    answer.determined = true;
    answer.weight_kg = advice.weight_kg;
    for advised in advice.products {
        let product_id = advised.product_id;
        let Some((variant_id, pack_grams)) =
            super::pack_on_site(pool, product_id, site.site_id).await?
        else {
            continue;
        };
        let scoop_grams = products
            .iter()
            .find(|product| product.product_id == advised.product_id)
            .and_then(|product| product.scoop_grams);
        let (name, url, price) =
            shop_facts(pool, product_id, variant_id, &site, site.culture).await?;
        answer.products.push(CalculatedProduct {
            product_id: advised.product_id,
            product_variant_id: variant_id,
            name,
            url,
            price,
            grams_per_day: advised.grams_per_day,
            grams_per_portion: advised.grams_per_portion,
            scoops_per_day: advised.scoops_per_day,
            scoop_grams,
            days_per_pack: advised.days_per_pack,
            pack_grams,
        });
    }
    Ok(Json(answer))
}

/// A product's name in the site's language, its variant's page and price.
async fn shop_facts(
    pool: &sqlx::AnyPool,
    product_id: ProductId,
    variant_id: ProductVariantId,
    site: &crate::sites::SiteLanguage,
    culture: Culture,
) -> Result<(String, Option<String>, Money), ApiError> {
    let names = crate::catalog::store::products::product_names(pool, product_id).await?;
    let texts: crate::catalog::search::Texts = names
        .into_iter()
        .filter_map(|(culture, name)| Some((culture.parse().ok()?, name)))
        .collect();
    let name = crate::catalog::search::pick(&texts, culture, site.fallback).unwrap_or_default();
    let url = crate::sites::store::route_path(
        pool,
        site.site_id,
        site.language_id,
        &format!("productDetail:{variant_id}:article"),
    )
    .await?;
    let price = super::store::variant_price(pool, variant_id).await?;
    let price = price
        .parse()
        .map_err(|_| ApiError::Internal(format!("variant {variant_id} has price {price}")))?;
    Ok((name, url, price))
}

/// One choice of the calculator with its name in the site's language.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = FeedChoice)]
#[serde(rename_all = "camelCase")]
pub struct Choice {
    pub key: String,
    pub name: String,
    /// For a horse type: the weight used when none is given.
    pub default_weight_kg: Option<u32>,
}

/// The calculator's choices and weight range.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = FeedChoices)]
#[serde(rename_all = "camelCase")]
pub struct Choices {
    pub horse_types: Vec<Choice>,
    pub work_loads: Vec<Choice>,
    pub roughage_types: Vec<Choice>,
    pub min_weight_kg: u32,
    pub max_weight_kg: u32,
    pub feedings_per_day: u32,
}

/// The horse types, work loads and roughage types the calculator knows (the fixtures'), in
/// their order, named in the site's language.
#[utoipa::path(
    get,
    path = "/api/feedcalculator/choices",
    tag = "feed",
    operation_id = "getFeedChoices",
    params(SiteHeaders),
    responses(
        (status = 200, description = "The choices", body = Choices),
        (status = 400, description = "A missing or unknown site or language", body = ErrorBody),
    )
)]
async fn choices(
    State(state): State<AppState>,
    context: RequestContext,
) -> Result<Json<Choices>, ApiError> {
    let pool = state.db.pool();
    let site = crate::sites::site_language(pool, context).await?;
    let rows = super::store::choices(pool).await?;
    let mut answer = Choices {
        horse_types: Vec::new(),
        work_loads: Vec::new(),
        roughage_types: Vec::new(),
        min_weight_kg: MIN_WEIGHT_KG,
        max_weight_kg: MAX_WEIGHT_KG,
        feedings_per_day: engine::feed::FEEDINGS_PER_DAY,
    };
    for (kind, key, names, default_weight) in rows {
        let choice = Choice {
            name: crate::sites::pick_json(&names, site.culture, Some(site.fallback))
                .unwrap_or_else(|| key.clone()),
            key,
            default_weight_kg: default_weight.and_then(|weight| u32::try_from(weight).ok()),
        };
        match kind.as_str() {
            "horseType" => answer.horse_types.push(choice),
            "workLoad" => answer.work_loads.push(choice),
            "roughageType" => answer.roughage_types.push(choice),
            _ => {}
        }
    }
    Ok(Json(answer))
}
