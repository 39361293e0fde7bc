//! Quick-scan and hygiene-scan (RQS) results of the customer's roughage samples. The
//! laboratory's measurements are stored ([`crate::laboratory`]); the
//! classification (meter levels, dry-matter score, hygiene quality class, notices) is
//! computed by the engine's roughage rules each time a result is shown, and the balancing
//! advice is the fixtures' advice for every analyte the engine finds too low or too high.
//!
//! For a quick scan the answer also holds the engine's balancing advice
//! ([`engine::roughage::roughage_advice`]): the daily shortfall of every nutrient below its
//! target for a horse of `?weightKg=` (default 600 kg) and the grams per day of the advised
//! balancing products, from their nutrient content per kg.
//!
//! A result counts as unread (`unreadQuickscanResults` of the account) until the customer
//! opens it with `GET /api/account/results/{resultKey}`.

use engine::ids::{ProductId, ProductVariantId};
use std::collections::BTreeMap;

use axum::extract::State;
use engine::EngineError;
use engine::roughage::{
    BalancingProduct, ClassifyRequest, ClassifyResult, Deviation, Level, Quantity, RoughageAdvice,
    RoughageAdviceRequest, SampleType,
};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use sqlx::AnyPool;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::ScanType;
use super::store::ResultRow;
use crate::AppState;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path, Query};
use crate::platform::session::SignedIn;

/// The routes of this area.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(one))
}

/// A text by culture (`nl`, `en`, `fr-FR`, ...).
type Localized = BTreeMap<String, String>;

/// The parts of the roughage targets (`roughage/targets.json`) the results use.
#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
struct Targets {
    balancing: Vec<BalancingTarget>,
    hygiene: HygieneTargets,
    /// The quick-scan targets by sample type (`hay`, `silage`): units and averages.
    quick_scan: BTreeMap<String, Vec<QuickScanTarget>>,
}

/// One analyte's unit and the laboratory's average of the sample type.
#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
struct QuickScanTarget {
    analyte: String,
    unit: String,
    average: Option<f64>,
}

/// An analyte's unit and the average of all samples of its type, for the results page.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ScanAnalyteReference)]
#[serde(rename_all = "camelCase")]
pub struct AnalyteReference {
    /// `%`, `g`, `mg`, ... (per kg dry matter, dry matter itself of the fresh sample).
    pub unit: String,
    /// The average as decimal text; null when unknown.
    pub average: Option<String>,
}

/// An advised product the site sells, ready for the cart.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ScanAdvisedProduct)]
#[serde(rename_all = "camelCase")]
pub struct AdvisedProduct {
    pub product_id: ProductId,
    pub product_variant_id: ProductVariantId,
    pub name: String,
    pub url: Option<String>,
    pub price: engine::money::Money,
}

/// Advice and balancing products for one analyte that is too low or too high.
#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
struct BalancingTarget {
    analyte: String,
    /// `low` or `high`.
    direction: String,
    sample_types: Vec<String>,
    product_ids: Vec<ProductId>,
    advice: Localized,
}

impl BalancingTarget {
    fn for_sample(&self, sample_type: SampleType) -> bool {
        let label = sample_type_label(sample_type);
        self.sample_types.iter().any(|kind| kind == label)
    }
}

/// The hygiene advice by quality class (`I` to `IV`) and the products advised beyond class I.
#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
struct HygieneTargets {
    advice: BTreeMap<String, Localized>,
    advice_product_ids: Vec<ProductId>,
}

/// The engine's analyte key for a name the laboratory and the fixtures use.
pub fn engine_analyte(name: &str) -> &str {
    match name {
        "dryMatterPercent" => engine::roughage::DRY_MATTER,
        "crudeAsh" => "ash",
        other => other,
    }
}

/// `hay` or `silage`.
pub fn sample_type_label(sample_type: SampleType) -> &'static str {
    match sample_type {
        SampleType::Hay => "hay",
        SampleType::Silage => "silage",
    }
}

/// Reads `hay` or `silage`.
pub fn parse_sample_type(text: &str) -> Option<SampleType> {
    match text {
        "hay" => Some(SampleType::Hay),
        "silage" => Some(SampleType::Silage),
        _ => None,
    }
}

/// Classifies stored measurements with the engine: quick-scan values (decimal text by
/// analyte) and hygiene germ counts, each optional.
pub fn classify(
    sample_type: SampleType,
    values: Option<&BTreeMap<String, String>>,
    germ_counts: Option<&BTreeMap<String, u64>>,
) -> Result<ClassifyResult, EngineError> {
    let mut parsed = BTreeMap::new();
    for (name, text) in values.into_iter().flatten() {
        let value = Decimal::from_str_exact(text.trim()).map_err(|_| {
            EngineError::InvalidInput(format!("the value of {name} is not a number: '{text}'"))
        })?;
        parsed.insert(engine_analyte(name).to_owned(), Quantity(value));
    }
    engine::roughage::classify(&ClassifyRequest {
        sample_type,
        values: parsed,
        ranges: None,
        germ_counts: germ_counts.cloned(),
        orientation_values: None,
    })
}

/// The worst meter level of a classification: the overall colour of a result.
pub fn overall_level(result: &ClassifyResult) -> Level {
    let analytes = result.analytes.values().filter_map(|analyte| analyte.level);
    let hygiene = result.hygiene.as_ref().map(|hygiene| hygiene.level);
    analytes.chain(hygiene).max().unwrap_or(Level::Good)
}

impl ResultRow {
    fn classification(&self) -> Result<(SampleType, ClassifyResult), ApiError> {
        let sample_type = self.sample_type.0;
        let values: Option<BTreeMap<String, String>> = self
            .values_json
            .as_deref()
            .map(serde_json::from_str)
            .transpose()
            .map_err(|error| {
                ApiError::Internal(format!("result {} values: {error}", self.result_key))
            })?;
        let germ_counts: Option<BTreeMap<String, u64>> = self
            .germ_counts_json
            .as_deref()
            .map(serde_json::from_str)
            .transpose()
            .map_err(|error| {
                ApiError::Internal(format!("result {} germ counts: {error}", self.result_key))
            })?;
        let result = classify(sample_type, values.as_ref(), germ_counts.as_ref())
            .map_err(|error| ApiError::Internal(format!("result {}: {error}", self.result_key)))?;
        Ok((sample_type, result))
    }
}

/// A result in the list.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ScanResultSummary)]
#[serde(rename_all = "camelCase")]
pub struct ResultSummary {
    pub result_key: String,
    pub order_number: String,
    pub product_id: ProductId,
    pub product_variant_id: ProductVariantId,
    /// The sample's number within its order line.
    pub sequence: i64,
    pub scan_type: ScanType,
    pub sample_type: SampleType,
    pub sample_name: String,
    pub receipt_date: String,
    pub result_date: String,
    pub read: bool,
    /// The worst meter level of the result.
    pub level: Level,
}

/// Advice for one deviation: the fixtures' text and the balancing products.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ScanResultAdvice)]
#[serde(rename_all = "camelCase")]
pub struct AdviceItem {
    /// The analyte, or `hygiene`.
    pub analyte: String,
    /// `low` or `high`; for hygiene the quality class (`I` to `IV`).
    pub direction: String,
    pub text: String,
    pub product_ids: Vec<ProductId>,
}

/// One result, classified.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ScanResult)]
#[serde(rename_all = "camelCase")]
pub struct ResultDetail {
    #[serde(flatten)]
    pub summary: ResultSummary,
    /// The engine's classification: analytes, dryMatter, hygiene, messages.
    pub classification: ClassifyResult,
    pub advice: Vec<AdviceItem>,
    /// The horse weight the balancing advice is for.
    pub weight_kg: u32,
    /// The engine's balancing advice for a quick scan; `null` for a hygiene scan.
    pub balancing: Option<RoughageAdvice>,
    /// Unit and average per analyte (the engine's analyte names), for the sample type.
    pub references: BTreeMap<String, AnalyteReference>,
    /// The products of the advice that the `siteid` header's site sells (none without it).
    pub products: Vec<AdvisedProduct>,
}

/// `?weightKg=`: the horse to compute the balancing advice for.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct WeightQuery {
    /// The horse's weight, 50 to 1200 kg (default 600).
    #[param(value_type = Option<u32>, minimum = 50, maximum = 1200)]
    #[serde(default)]
    weight_kg: Option<String>,
}

/// The reference horse of the feed calculator.
const DEFAULT_WEIGHT_KG: u32 = engine::feed::REFERENCE_WEIGHT_KG;

/// The balancing products for a result's shortfalls, in the order of `roughage/targets.json`,
/// with what each supplies per kg (its nutrient table, same units as the analytes).
async fn balancing_products(
    pool: &AnyPool,
    targets: &Targets,
    sample_type: SampleType,
) -> Result<Vec<BalancingProduct>, ApiError> {
    let mut ids: Vec<ProductId> = Vec::new();
    for entry in &targets.balancing {
        if entry.for_sample(sample_type) && entry.direction == "low" {
            for id in &entry.product_ids {
                if !ids.contains(id) {
                    ids.push(*id);
                }
            }
        }
    }
    crate::catalog::nutrients::supplies_of(pool, ids, engine_analyte).await
}

/// The number of the account's results not yet opened.
pub async fn unread_count(pool: &AnyPool, account_id: &str) -> Result<i64, sqlx::Error> {
    super::store::unread_count(pool, account_id).await
}

fn summary(row: &ResultRow, level: Level) -> ResultSummary {
    ResultSummary {
        result_key: row.result_key.clone(),
        order_number: row.order_number.clone(),
        product_id: row.product_id,
        product_variant_id: row.product_variant_id,
        sequence: row.sequence,
        scan_type: row.scan_type.0,
        sample_type: row.sample_type.0,
        sample_name: row.sample_name.clone(),
        receipt_date: row.receipt_date.clone(),
        result_date: row.result_date.clone(),
        read: row.is_read.into(),
        level,
    }
}

/// The customer's quick-scan and hygiene-scan results, newest first, with read flag and
/// overall meter level.
#[utoipa::path(
    get,
    path = "/api/account/results",
    tag = "account",
    operation_id = "listScanResults",
    responses(
        (status = 200, description = "The results", body = Vec<ResultSummary>),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn list(
    State(state): State<AppState>,
    signed_in: SignedIn,
) -> Result<Json<Vec<ResultSummary>>, ApiError> {
    let rows = super::store::results_of_account(state.db.pool(), &signed_in.account_id).await?;
    let mut items = Vec::with_capacity(rows.len());
    for row in &rows {
        let (_, result) = row.classification()?;
        items.push(summary(row, overall_level(&result)));
    }
    Ok(Json(items))
}

/// The text of a localized object for a culture: the culture, its base language, English,
/// Dutch.
fn pick(text: &Localized, culture: &str) -> String {
    let base = culture.split('-').next().unwrap_or(culture);
    [culture, base, "en", "nl"]
        .iter()
        .find_map(|key| text.get(*key))
        .cloned()
        .unwrap_or_default()
}

/// The balancing and hygiene advice of `roughage/targets.json` that applies to a result.
fn advice(
    targets: &Targets,
    sample_type: SampleType,
    result: &ClassifyResult,
    culture: &str,
) -> Vec<AdviceItem> {
    let mut items = Vec::new();
    for entry in &targets.balancing {
        let wanted = match entry.direction.as_str() {
            "low" => Deviation::Low,
            "high" => Deviation::High,
            _ => continue,
        };
        let analyte = engine_analyte(&entry.analyte);
        let deviates = result
            .analytes
            .get(analyte)
            .is_some_and(|found| found.deviation == Some(wanted));
        if entry.for_sample(sample_type) && deviates {
            items.push(AdviceItem {
                analyte: analyte.to_owned(),
                direction: entry.direction.clone(),
                text: pick(&entry.advice, culture),
                product_ids: entry.product_ids.clone(),
            });
        }
    }
    if let Some(hygiene) = &result.hygiene {
        let class = quality_class_label(hygiene.quality_class);
        if let Some(text) = targets.hygiene.advice.get(&class) {
            let products = if hygiene.quality_class == engine::roughage::CountLevel::I {
                Vec::new()
            } else {
                targets.hygiene.advice_product_ids.clone()
            };
            items.push(AdviceItem {
                analyte: "hygiene".to_owned(),
                direction: class,
                text: pick(text, culture),
                product_ids: products,
            });
        }
    }
    items
}

/// The advice's products that the site sells: the first variant of each, with its name in the
/// customer's language, page and price.
async fn advised_products(
    pool: &AnyPool,
    advice: &[AdviceItem],
    site_id: i64,
    culture: &str,
) -> Result<Vec<AdvisedProduct>, ApiError> {
    let mut ids: Vec<ProductId> = Vec::new();
    for item in advice {
        for id in &item.product_ids {
            if !ids.contains(id) {
                ids.push(*id);
            }
        }
    }
    let mut products = Vec::with_capacity(ids.len());
    for product_id in ids {
        let variant = super::store::first_variant_on_site(pool, product_id, site_id).await?;
        let Some((product_variant_id, price)) = variant else {
            continue;
        };
        let names = crate::catalog::store::products::product_names(pool, product_id).await?;
        let names: Localized = names.into_iter().collect();
        let url = crate::sites::store::route_path_in_culture(
            pool,
            site_id,
            culture,
            &format!("productDetail:{product_variant_id}:article"),
        )
        .await?;
        products.push(AdvisedProduct {
            product_id,
            product_variant_id: ProductVariantId::new(product_variant_id),
            name: pick(&names, culture),
            url,
            price: price.parse().map_err(|_| {
                ApiError::Internal(format!("variant {product_variant_id} has price {price}"))
            })?,
        });
    }
    Ok(products)
}

/// The quality class as JSON names it (`I` to `IV`).
fn quality_class_label(class: engine::roughage::CountLevel) -> String {
    serde_json::to_string(&class)
        .map(|text| text.trim_matches('"').to_owned())
        .unwrap_or_default()
}

/// One scan result classified by the engine, with advice and, for a quick scan, the
/// engine's balancing advice for a horse of `weightKg`.
///
/// Opening a result marks it read (`unreadQuickscanResults` of the account goes down).
#[utoipa::path(
    get,
    path = "/api/account/results/{resultKey}",
    tag = "account",
    operation_id = "getScanResult",
    params(
        ("resultKey" = String, Path, description = "The result key"),
        WeightQuery,
        ("siteid" = Option<i64>, Header, description = "The site whose products the advice offers"),
    ),
    responses(
        (status = 200, description = "The result", body = ResultDetail),
        (status = 400, description = "`weightKg` out of range", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No result of this customer has this key", body = ErrorBody),
    )
)]
async fn one(
    State(state): State<AppState>,
    signed_in: SignedIn,
    context: crate::platform::request_context::RequestContext,
    Path(result_key): Path<String>,
    Query(query): Query<WeightQuery>,
) -> Result<Json<ResultDetail>, ApiError> {
    let weight_kg = match query
        .weight_kg
        .as_deref()
        .map(str::trim)
        .filter(|text| !text.is_empty())
    {
        None => DEFAULT_WEIGHT_KG,
        Some(text) => text
            .parse::<u32>()
            .ok()
            .filter(|weight| {
                (engine::feed::MIN_WEIGHT_KG..=engine::feed::MAX_WEIGHT_KG).contains(weight)
            })
            .ok_or_else(|| {
                ApiError::field(
                    "weightKg",
                    "validation.invalid",
                    "weightKg must be a whole number from 50 to 1200",
                )
            })?,
    };
    let pool = state.db.pool();
    let row = super::store::result_of_account(pool, &result_key, &signed_in.account_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    if !bool::from(row.is_read) {
        super::store::mark_read(pool, &result_key, &signed_in.account_id).await?;
    }
    let (sample_type, classification) = row.classification()?;
    let targets = super::store::targets_document(pool).await?;
    let targets: Targets = match targets {
        Some(text) => serde_json::from_str(&text)
            .map_err(|error| ApiError::Internal(format!("roughage targets: {error}")))?,
        None => Targets::default(),
    };
    let language = super::store::language_of_account(pool, &signed_in.account_id).await?;
    let culture = crate::platform::mail::culture_of(pool, language.flatten()).await?;
    let advice = advice(&targets, sample_type, &classification, &culture);
    let balancing = if row.values_json.is_some() {
        let values = classification
            .analytes
            .iter()
            .map(|(name, result)| (name.clone(), result.value))
            .collect();
        let products = balancing_products(pool, &targets, sample_type).await?;
        let request = RoughageAdviceRequest {
            sample_type,
            values,
            ranges: None,
            weight_kg,
            dry_matter_intake_percent: None,
            products,
        };
        Some(engine::roughage::roughage_advice(&request)?)
    } else {
        None
    };
    let references = targets
        .quick_scan
        .get(sample_type_label(sample_type))
        .into_iter()
        .flatten()
        .map(|target| {
            (
                engine_analyte(&target.analyte).to_owned(),
                AnalyteReference {
                    unit: target.unit.clone(),
                    average: target.average.map(|average| average.to_string()),
                },
            )
        })
        .collect();
    let products = match context.site_id {
        Some(site_id) => advised_products(pool, &advice, site_id, &culture).await?,
        None => Vec::new(),
    };
    let mut summary = summary(&row, overall_level(&classification));
    summary.read = true;
    Ok(Json(ResultDetail {
        summary,
        classification,
        advice,
        weight_kg,
        balancing,
        references,
        products,
    }))
}
