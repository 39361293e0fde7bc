//! `POST /api/feedcalculator/ration`: the ration check for a horse and a
//! typical hay or haylage, or the signed-in customer's own quick scan. The engine's
//! [`engine::roughage::ration_check`] computes; the balancers are the fixtures' balancing products
//! for a low protein or mineral content (`roughage/targets.json`) with their nutrient tables.

use engine::ids::ProductId;
use std::collections::BTreeMap;

use axum::extract::State;
use engine::feed::WorkLoad;
use engine::roughage::{BalancingProduct, Quantity, RationCheck, RationCheckRequest};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use sqlx::AnyPool;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::Json;
use crate::platform::session::{Client, account_of_session};

/// The routes of this part.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(check))
}

/// Typical roughage per kg dry matter (hay crude protein 60-100 g, Ca 3-5 g,
/// P 2.1-2.5 g, Mg about 2.5 g; haylage wetter and richer): DE in MJ, the rest in g.
fn typical(roughage: &str) -> Option<BTreeMap<String, Quantity>> {
    let values: [(&str, i64, u32); 5] = match roughage {
        "hay" => [
            (engine::roughage::ENERGY, 85, 1),
            ("crudeProtein", 80, 0),
            ("calcium", 40, 1),
            ("phosphorus", 25, 1),
            ("magnesium", 16, 1),
        ],
        "haylage" => [
            (engine::roughage::ENERGY, 90, 1),
            ("crudeProtein", 100, 0),
            ("calcium", 50, 1),
            ("phosphorus", 30, 1),
            ("magnesium", 20, 1),
        ],
        _ => return None,
    };
    Some(
        values
            .into_iter()
            .map(|(name, mantissa, scale)| {
                (name.to_owned(), Quantity(Decimal::new(mantissa, scale)))
            })
            .collect(),
    )
}

/// The horse and its roughage.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = RationCheckBody)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Body {
    /// 50 to 1200 kg.
    #[schema(required = true)]
    #[serde(default)]
    weight_kg: Option<i64>,
    /// `none`, `light`, `average` or `heavy`.
    #[schema(required = true, value_type = String)]
    #[serde(default)]
    work_load: Option<String>,
    /// `hay` or `haylage` (typical values); ignored with `resultKey`.
    #[serde(default)]
    roughage: Option<String>,
    /// The signed-in customer's own quick-scan result.
    #[serde(default)]
    result_key: Option<String>,
}

/// The check, with the roughage it was made for.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = RationCheckAnswer)]
#[serde(rename_all = "camelCase")]
pub struct Answer {
    /// `hay`, `haylage` or the result key.
    pub roughage: String,
    pub weight_kg: u32,
    pub work_load: WorkLoad,
    /// The advised balancer's name in the `languageid` header's language (else Dutch).
    pub balancer_name: Option<String>,
    #[serde(flatten)]
    pub check: RationCheck,
}

/// The balancing products for a low content, in the fixtures' order, with their nutrients per kg.
async fn balancers(pool: &AnyPool) -> Result<Vec<BalancingProduct>, ApiError> {
    #[derive(Default, Deserialize)]
    #[serde(default, rename_all = "camelCase")]
    struct Entry {
        direction: String,
        product_ids: Vec<ProductId>,
    }
    #[derive(Default, Deserialize)]
    #[serde(default)]
    struct Targets {
        balancing: Vec<Entry>,
    }
    let document = super::store::targets_document(pool).await?;
    let targets: Targets = match document {
        Some(text) => serde_json::from_str(&text)
            .map_err(|error| ApiError::Internal(format!("roughage targets: {error}")))?,
        None => Targets::default(),
    };
    let mut ids: Vec<ProductId> = Vec::new();
    for entry in targets
        .balancing
        .iter()
        .filter(|entry| entry.direction == "low")
    {
        for id in &entry.product_ids {
            if !ids.contains(id) {
                ids.push(*id);
            }
        }
    }
    crate::catalog::nutrients::supplies_of(pool, ids, as_stored).await
}

/// The ration check names nutrients as the products' nutrient tables do.
fn as_stored(nutrient: &str) -> &str {
    nutrient
}

/// Checks a horse's ration: the daily need for energy, protein, calcium, phosphorus and
/// magnesium (NRC 2007) against what a typical hay or haylage, or the signed-in customer's own
/// quick scan, supplies at 1.5 % of body weight as dry matter, and the balancer dose that
/// closes the gap.
#[utoipa::path(
    post,
    path = "/api/feedcalculator/ration",
    tag = "feed",
    operation_id = "checkRation",
    params(("languageid" = Option<i64>, Header, description = "The language of the balancer's name")),
    request_body = Body,
    responses(
        (status = 200, description = "Need, supply and the balancer", body = Answer),
        (status = 400, description = "A field is missing or invalid (a weight outside 50-1200 kg is `feed_advice_undetermined`)", body = ErrorBody),
        (status = 404, description = "No quick-scan result of this customer has this key (or not signed in)", body = ErrorBody),
    )
)]
async fn check(
    State(state): State<AppState>,
    client: Client,
    context: crate::platform::request_context::RequestContext,
    Json(body): Json<Body>,
) -> Result<Json<Answer>, ApiError> {
    let pool = state.db.pool();
    let work_load: WorkLoad = super::choice(&body.work_load, "workLoad")?;
    let weight_kg = body
        .weight_kg
        .ok_or_else(|| ApiError::required("weightKg"))
        .and_then(|weight| {
            u32::try_from(weight).map_err(|_| {
                ApiError::field(
                    "weightKg",
                    "validation.invalid",
                    format!(
                        "weightKg must be {} to {}",
                        engine::feed::MIN_WEIGHT_KG,
                        engine::feed::MAX_WEIGHT_KG
                    ),
                )
            })
        })?;
    let (label, roughage) = match body.result_key.as_deref().filter(|key| !key.is_empty()) {
        Some(key) => {
            let account = match &client.session_id {
                Some(session) => account_of_session(&state, session).await?,
                None => None,
            }
            .ok_or(ApiError::NotFound)?;
            let row = super::store::result_values(pool, key, &account).await?;
            let values: BTreeMap<String, String> = match row {
                Some(Some(json)) => serde_json::from_str(&json)
                    .map_err(|error| ApiError::Internal(format!("result {key}: {error}")))?,
                _ => return Err(ApiError::NotFound),
            };
            let roughage = values
                .into_iter()
                .filter_map(|(name, text)| {
                    Some((name, Quantity(Decimal::from_str_exact(text.trim()).ok()?)))
                })
                .collect();
            (key.to_owned(), roughage)
        }
        None => {
            let name = body.roughage.as_deref().unwrap_or("hay");
            let roughage = typical(name).ok_or_else(|| {
                ApiError::field(
                    "roughage",
                    "validation.invalid",
                    "roughage must be hay or haylage",
                )
            })?;
            (name.to_owned(), roughage)
        }
    };
    let check = engine::roughage::ration_check(&RationCheckRequest {
        weight_kg,
        work_load,
        roughage,
        dry_matter_intake_percent: None,
        balancers: balancers(pool).await?,
    })?;
    let balancer_name = match &check.balancer {
        Some(balancer) => {
            let culture = super::store::culture(pool, context.language_id.unwrap_or(0)).await?;
            let culture = culture.unwrap_or_else(|| "nl".to_owned());
            super::store::product_name_in(pool, balancer.product_id, &culture).await?
        }
        None => None,
    };
    Ok(Json(Answer {
        roughage: label,
        weight_kg,
        work_load,
        balancer_name,
        check,
    }))
}
