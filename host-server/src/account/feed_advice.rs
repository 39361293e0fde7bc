//! Feed advice saved from the calculator. The browser sends only the horse (type, weight,
//! work load, roughage type); the server computes the advice again with the engine's
//! [`engine::feed::feed_advice`] from the advice rules of the account's brand and the
//! products' doses, and stores that. Numbers from the browser are never trusted.

use axum::extract::State;
use axum::http::StatusCode;
use engine::feed::{
    AdviceRule, Dosage, FeedAdvice, FeedAdviceRequest, FeedProduct, HorseType, RoughageType,
    WorkLoad,
};
use engine::validation::Rule;
use serde::de::IntoDeserializer;
use serde::{Deserialize, Serialize};
use sqlx::AnyPool;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::account::OptionalSiteHeaders;
use crate::context::RequestContext;
use crate::error::{ApiError, ErrorBody};
use crate::extract::{Json, Path};
use crate::session::SignedIn;
use crate::validation::Form;
use crate::{AppState, clock, secrets};

/// The routes of this area.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, save))
        .routes(routes!(remove))
}

/// A saved advice.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = SavedFeedAdvice)]
#[serde(rename_all = "camelCase")]
pub struct SavedAdvice {
    pub advice_id: String,
    pub site_id: i64,
    pub name: String,
    pub horse_type: String,
    pub weight_kg: i64,
    pub work_load: String,
    pub roughage_type: String,
    /// The engine's advice as computed when saved.
    pub advice: FeedAdvice,
    /// ISO 8601, UTC.
    #[schema(format = DateTime)]
    pub created_at: String,
}

#[derive(sqlx::FromRow)]
struct AdviceRow {
    advice_id: String,
    site_id: i64,
    name: String,
    horse_type: String,
    weight_kg: i64,
    work_load: String,
    roughage_type: String,
    advice_json: String,
    created_at: i64,
}

impl TryFrom<AdviceRow> for SavedAdvice {
    type Error = ApiError;

    fn try_from(row: AdviceRow) -> Result<SavedAdvice, ApiError> {
        let advice = serde_json::from_str(&row.advice_json).map_err(|error| {
            ApiError::Internal(format!("saved advice {}: {error}", row.advice_id))
        })?;
        Ok(SavedAdvice {
            advice_id: row.advice_id,
            site_id: row.site_id,
            name: row.name,
            horse_type: row.horse_type,
            weight_kg: row.weight_kg,
            work_load: row.work_load,
            roughage_type: row.roughage_type,
            advice,
            created_at: crate::time::format_utc(row.created_at),
        })
    }
}

/// The customer's saved feed advice, newest first.
#[utoipa::path(
    get,
    path = "/api/account/feedadvice",
    tag = "account",
    operation_id = "listSavedFeedAdvice",
    responses(
        (status = 200, description = "The saved advice", body = Vec<SavedAdvice>),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn list(
    State(state): State<AppState>,
    signed_in: SignedIn,
) -> Result<crate::extract::Json<Vec<SavedAdvice>>, ApiError> {
    let rows: Vec<AdviceRow> = sqlx::query_as(
        "SELECT advice_id, site_id, name, horse_type, weight_kg, work_load, roughage_type, advice_json, created_at \
         FROM saved_feed_advice WHERE account_id = $1 ORDER BY created_at DESC, advice_id",
    )
    .bind(&signed_in.account_id)
    .fetch_all(state.db.pool())
    .await?;
    let saved = rows
        .into_iter()
        .map(SavedAdvice::try_from)
        .collect::<Result<_, _>>()?;
    Ok(crate::extract::Json(saved))
}

/// What the browser sends: the horse, never the numbers.
#[derive(Deserialize, ToSchema)]
#[schema(as = SaveFeedAdvice)]
#[serde(rename_all = "camelCase")]
struct SaveBody {
    /// At most 100 characters; by default the horse type and weight.
    #[serde(default)]
    name: Option<String>,
    /// `horse` or `pony`.
    #[schema(required = true, value_type = String)]
    #[serde(default)]
    horse_type: Option<String>,
    /// The horse type's default weight when absent.
    #[schema(minimum = 50, maximum = 1200)]
    #[serde(default)]
    weight_kg: Option<i64>,
    /// `none`, `light`, `average` or `heavy`.
    #[schema(required = true, value_type = String)]
    #[serde(default)]
    work_load: Option<String>,
    /// `hay`, `haylage`, `silage` or `pasture`.
    #[schema(required = true, value_type = String)]
    #[serde(default)]
    roughage_type: Option<String>,
}

/// The fixtures call pasture grass `pasture`; the engine calls it `grass`.
fn engine_key(text: &str) -> &str {
    if text == "pasture" { "grass" } else { text }
}

/// An engine enum by its JSON name.
fn parse_key<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, serde::de::value::Error> {
    T::deserialize(engine_key(text).into_deserializer())
}

fn choice<T: serde::de::DeserializeOwned>(
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

/// An engine enum's JSON name.
fn label<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value)
        .map(|text| text.trim_matches('"').to_owned())
        .unwrap_or_default()
}

/// The advice rules of a brand as the engine reads them: one rule per horse type, work load
/// and roughage type. Rules for horse types the engine does not dose (the fixtures' young
/// horse, senior and broodmare) are left out.
async fn rules_of_brand(pool: &AnyPool, brand: &str) -> Result<Vec<AdviceRule>, ApiError> {
    let rows: Vec<(String, String, String, String)> = sqlx::query_as(
        "SELECT horse_type, work_load, roughage_type, advised_product_ids_json FROM feed_advice_rules WHERE brand = $1 ORDER BY rule_id",
    )
    .bind(brand)
    .fetch_all(pool)
    .await?;
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

/// The dosing data of the products the rules name: doses per work load, the scoop size, and
/// the grams of the product's first pack sold by weight.
async fn feed_products(pool: &AnyPool, rules: &[AdviceRule]) -> Result<Vec<FeedProduct>, ApiError> {
    let mut ids: Vec<i64> = rules
        .iter()
        .flat_map(|rule| {
            rule.product_ids
                .iter()
                .filter_map(|id| i64::try_from(*id).ok())
        })
        .collect();
    ids.sort_unstable();
    ids.dedup();
    let mut products = Vec::with_capacity(ids.len());
    for product_id in ids {
        let doses: Vec<(String, i64)> = sqlx::query_as(
            "SELECT work_load, grams_per_day FROM product_dosages WHERE product_id = $1",
        )
        .bind(product_id)
        .fetch_all(pool)
        .await?;
        let dose = |load: &str| {
            doses
                .iter()
                .find(|(name, _)| name == load)
                .map_or(0, |(_, grams)| u32::try_from(*grams).unwrap_or(0))
        };
        let scoop: Option<(Option<i64>,)> =
            sqlx::query_as("SELECT scoop_size_grams FROM products WHERE product_id = $1")
                .bind(product_id)
                .fetch_optional(pool)
                .await?;
        let pack: Option<(String, String)> = sqlx::query_as(
            "SELECT content_amount, content_unit FROM variants WHERE product_id = $1 AND content_unit IN ('kg', 'g') ORDER BY position LIMIT 1",
        )
        .bind(product_id)
        .fetch_optional(pool)
        .await?;
        let pack_grams = pack.and_then(|(amount, unit)| {
            let amount: rust_decimal::Decimal = amount.parse().ok()?;
            let grams = if unit == "kg" {
                amount * rust_decimal::Decimal::ONE_THOUSAND
            } else {
                amount
            };
            u32::try_from(grams.trunc().mantissa()).ok()
        });
        let Ok(id) = u64::try_from(product_id) else {
            continue;
        };
        products.push(FeedProduct {
            product_id: id,
            dosage: Dosage {
                none: dose("none"),
                light: dose("light"),
                average: dose("average"),
                heavy: dose("heavy"),
            },
            scoop_grams: scoop
                .and_then(|(grams,)| grams)
                .and_then(|grams| u32::try_from(grams).ok()),
            pack_grams,
        });
    }
    Ok(products)
}

/// Saves feed advice: the server computes it with the engine from the horse, never from
/// numbers sent by the browser.
///
/// The advice rules are those of the brand of the `siteid` header's site, or else of the
/// account's site.
#[utoipa::path(
    post,
    path = "/api/account/feedadvice",
    tag = "account",
    operation_id = "saveFeedAdvice",
    params(OptionalSiteHeaders),
    request_body = SaveBody,
    responses(
        (status = 201, description = "Saved", body = SavedAdvice),
        (status = 400, description = "A field is missing or invalid, no site is known, or the engine finds no advice for the horse", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A signed-in call from another site: no JSON body or `siteid` header, or a foreign `Origin`", body = ErrorBody),
    )
)]
async fn save(
    State(state): State<AppState>,
    signed_in: SignedIn,
    context: RequestContext,
    Json(body): Json<SaveBody>,
) -> Result<(StatusCode, crate::extract::Json<SavedAdvice>), ApiError> {
    Form::new()
        .field(
            "name",
            body.name.as_deref(),
            vec![Rule::MaxLength { count: 100 }],
        )
        .check()?;
    let horse_type: HorseType = choice(&body.horse_type, "horseType")?;
    let work_load: WorkLoad = choice(&body.work_load, "workLoad")?;
    let roughage_type: RoughageType = choice(&body.roughage_type, "roughageType")?;
    let weight_kg = match body.weight_kg {
        None => None,
        Some(weight) => Some(u32::try_from(weight).map_err(|_| {
            ApiError::field(
                "weightKg",
                "validation.invalid",
                "weightKg must be a whole number of kg",
            )
        })?),
    };
    let pool = state.db.pool();
    let account_site: Option<(Option<i64>,)> =
        sqlx::query_as("SELECT site_id FROM accounts WHERE account_id = $1")
            .bind(&signed_in.account_id)
            .fetch_optional(pool)
            .await?;
    let site_id = context
        .site_id
        .or(account_site.and_then(|(site,)| site))
        .ok_or_else(ApiError::payload_incorrect)?;
    let brand: (String,) = sqlx::query_as("SELECT brand FROM sites WHERE site_id = $1")
        .bind(site_id)
        .fetch_optional(pool)
        .await?
        .ok_or_else(|| {
            ApiError::field(
                "siteid",
                "validation.invalid",
                format!("site {site_id} does not exist"),
            )
        })?;
    let rules = rules_of_brand(pool, &brand.0).await?;
    let products = feed_products(pool, &rules).await?;
    let request = FeedAdviceRequest {
        horse_type,
        weight_kg,
        work_load,
        roughage_type,
        rules,
        products,
    };
    let advice: FeedAdvice = engine::feed::feed_advice(&request)?;
    let advice_id = secrets::new_id();
    let name = body
        .name
        .as_deref()
        .map(str::trim)
        .filter(|name| !name.is_empty())
        .map_or_else(
            || format!("{} {} kg", label(&horse_type), advice.weight_kg),
            str::to_owned,
        );
    sqlx::query(
        "INSERT INTO saved_feed_advice (advice_id, account_id, site_id, name, horse_type, weight_kg, work_load, roughage_type, \
         advice_json, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(&advice_id)
    .bind(&signed_in.account_id)
    .bind(site_id)
    .bind(&name)
    .bind(label(&horse_type))
    .bind(i64::from(advice.weight_kg))
    .bind(label(&work_load))
    .bind(label(&roughage_type))
    .bind(serde_json::to_string(&advice).map_err(|error| ApiError::Internal(format!("advice: {error}")))?)
    .bind(clock::now())
    .execute(pool)
    .await?;
    let row: AdviceRow = sqlx::query_as(
        "SELECT advice_id, site_id, name, horse_type, weight_kg, work_load, roughage_type, advice_json, created_at \
         FROM saved_feed_advice WHERE advice_id = $1",
    )
    .bind(&advice_id)
    .fetch_one(pool)
    .await?;
    Ok((StatusCode::CREATED, crate::extract::Json(row.try_into()?)))
}

/// Deletes one of the customer's saved feed advice.
#[utoipa::path(
    delete,
    path = "/api/account/feedadvice/{adviceId}",
    tag = "account",
    operation_id = "deleteSavedFeedAdvice",
    params(("adviceId" = String, Path, description = "The advice id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 400, description = "The advice id is not valid text", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A signed-in call from another site: no JSON body or `siteid` header, or a foreign `Origin`", body = ErrorBody),
        (status = 404, description = "No saved advice of this customer has this id", body = ErrorBody),
    )
)]
async fn remove(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(advice_id): Path<String>,
) -> Result<StatusCode, ApiError> {
    let deleted =
        sqlx::query("DELETE FROM saved_feed_advice WHERE advice_id = $1 AND account_id = $2")
            .bind(&advice_id)
            .bind(&signed_in.account_id)
            .execute(state.db.pool())
            .await?;
    if deleted.rows_affected() == 0 {
        return Err(ApiError::NotFound);
    }
    Ok(StatusCode::NO_CONTENT)
}
