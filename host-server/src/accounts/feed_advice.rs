//! Feed advice saved from the calculator. The browser sends only the horse (type, weight,
//! work load, roughage type); the server computes the advice again with the engine's
//! [`engine::feed::feed_advice`] from the advice rules of the account's brand and the
//! products' doses, and stores that. Numbers from the browser are never trusted.

use axum::extract::State;
use axum::http::StatusCode;
use engine::feed::{FeedAdvice, FeedAdviceRequest, HorseType, RoughageType, WorkLoad};
use engine::validation::Rule;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::OptionalSiteHeaders;
use crate::accounts::store::feed_advice::{self as store, AdviceRow};
use crate::feed::{choice, feed_products, rules_of_brand};
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path};
use crate::platform::labels::{Label, label_of};
use crate::platform::request_context::RequestContext;
use crate::platform::session::SignedIn;
use crate::platform::validation::Form;
use crate::{AppState, platform::clock, platform::secrets};

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
    pub horse_type: HorseType,
    pub weight_kg: i64,
    pub work_load: WorkLoad,
    pub roughage_type: RoughageType,
    /// The engine's advice as computed when saved.
    pub advice: FeedAdvice,
    /// ISO 8601, UTC.
    #[schema(format = DateTime)]
    pub created_at: String,
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
            horse_type: row.horse_type.0,
            weight_kg: row.weight_kg,
            work_load: row.work_load.0,
            roughage_type: row.roughage_type.0,
            advice,
            created_at: crate::platform::time::format_utc(row.created_at),
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
) -> Result<crate::platform::extract::Json<Vec<SavedAdvice>>, ApiError> {
    let rows = store::advice_of_account(state.db.pool(), &signed_in.account_id).await?;
    let saved = rows
        .into_iter()
        .map(SavedAdvice::try_from)
        .collect::<Result<_, _>>()?;
    Ok(crate::platform::extract::Json(saved))
}

/// What the browser sends: the horse, never the numbers.
#[derive(Deserialize, ToSchema)]
#[schema(as = SaveFeedAdvice)]
#[serde(rename_all = "camelCase")]
struct SaveBody {
    /// At most 100 characters; by default the horse type and weight.
    #[serde(default)]
    name: Option<String>,
    /// `horse`, `pony`, `youngHorse`, `senior` or `broodmare`.
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
) -> Result<(StatusCode, crate::platform::extract::Json<SavedAdvice>), ApiError> {
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
    let account_site = store::site_of_account(pool, &signed_in.account_id).await?;
    let site_id = context
        .site_id
        .or(account_site.flatten())
        .ok_or_else(ApiError::payload_incorrect)?;
    let brand = crate::feed::brand_of(pool, site_id).await?;
    let mut rules = rules_of_brand(pool, &brand).await?;
    let products = feed_products(pool, &mut rules, site_id).await?;
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
            || format!("{} {} kg", label_of(&horse_type), advice.weight_kg),
            str::to_owned,
        );
    let advice_json = serde_json::to_string(&advice)
        .map_err(|error| ApiError::Internal(format!("advice: {error}")))?;
    store::insert(
        pool,
        store::NewAdvice {
            advice_id: &advice_id,
            account_id: &signed_in.account_id,
            site_id,
            name: &name,
            horse_type: Label(horse_type),
            weight_kg: i64::from(advice.weight_kg),
            work_load: Label(work_load),
            roughage_type: Label(roughage_type),
            advice_json,
            created_at: clock::now(),
        },
    )
    .await?;
    let row = store::advice(pool, &advice_id).await?;
    Ok((
        StatusCode::CREATED,
        crate::platform::extract::Json(row.try_into()?),
    ))
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
    if !store::remove(state.db.pool(), &advice_id, &signed_in.account_id).await? {
        return Err(ApiError::NotFound);
    }
    Ok(StatusCode::NO_CONTENT)
}
