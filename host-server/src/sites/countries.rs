//! Countries and languages, the reference data:
//! `GET /api/countries`, `/api/countries/localizedname`, `/api/countries/{id}`,
//! `/api/countries/{id}/localizedname`, `GET /api/language` and `GET /api/language/{id}`.
//!
//! Also the site's payment methods, `GET /api/paymentmethods`, with names, costs and banks.
//!
//! `name` is the country's English name; the `localizedname` variants give `name` in the
//! language of the `languageid` header (by the text fallback rule; Dutch without a header).

use axum::extract::State;
use engine::ids::PaymentMethodId;
use engine::locale::Culture;
use serde::Serialize;
use sqlx::AnyPool;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::openapi::SiteHeaders;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path};
use crate::platform::request_context::RequestContext;
use crate::sites::Language;

/// The routes of this area.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(countries))
        .routes(routes!(countries_localized))
        .routes(routes!(country))
        .routes(routes!(country_localized))
        .routes(routes!(languages))
        .routes(routes!(language))
        .routes(routes!(payment_methods))
}

/// A country.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Country {
    pub country_id: i64,
    /// English, or in the `languageid` language for the `localizedname` calls.
    pub name: String,
    /// The ISO 3166-1 code, e.g. `NL`.
    pub region_code: String,
}

fn id_of(text: &str) -> Result<i64, ApiError> {
    text.parse()
        .map_err(|_| ApiError::field("id", "validation.invalid", "the id must be a whole number"))
}

async fn culture_of(pool: &AnyPool, context: RequestContext) -> Result<Culture, ApiError> {
    let Some(language_id) = context.language_id else {
        return Ok(engine::locale::DEFAULT_CULTURE);
    };
    let row: Option<(String,)> =
        sqlx::query_as("SELECT culture FROM languages WHERE language_id = $1")
            .bind(language_id)
            .fetch_optional(pool)
            .await?;
    let (culture,) = row.ok_or_else(|| {
        ApiError::field(
            "languageid",
            "errors.unknownLanguage",
            format!("language {language_id} does not exist"),
        )
    })?;
    culture
        .parse()
        .map_err(|_| ApiError::Internal(format!("stored culture {culture} is unknown")))
}

async fn load_countries(
    pool: &AnyPool,
    only: Option<i64>,
    culture: Culture,
) -> Result<Vec<Country>, ApiError> {
    let countries: Vec<(i64, String)> = match only {
        Some(id) => {
            sqlx::query_as("SELECT country_id, region_code FROM countries WHERE country_id = $1")
                .bind(id)
                .fetch_all(pool)
                .await?
        }
        None => {
            sqlx::query_as("SELECT country_id, region_code FROM countries ORDER BY country_id")
                .fetch_all(pool)
                .await?
        }
    };
    let names: Vec<(i64, String, String)> =
        sqlx::query_as("SELECT country_id, culture, name FROM country_names")
            .fetch_all(pool)
            .await?;
    Ok(countries
        .into_iter()
        .map(|(country_id, region_code)| {
            let written: Vec<(Culture, &str)> = names
                .iter()
                .filter(|(id, ..)| *id == country_id)
                .filter_map(|(_, culture, name)| {
                    culture.parse().ok().map(|culture| (culture, name.as_str()))
                })
                .collect();
            let available: Vec<Culture> = written.iter().map(|(culture, _)| *culture).collect();
            let name = engine::locale::pick_text_culture(culture, None, &available)
                .and_then(|chosen| written.iter().find(|(culture, _)| *culture == chosen))
                .map_or_else(String::new, |(_, name)| (*name).to_owned());
            Country {
                country_id,
                name,
                region_code,
            }
        })
        .collect())
}

/// Countries with English names.
#[utoipa::path(
    get,
    path = "/api/countries",
    tag = "reference",
    responses((status = 200, description = "Countries", body = Vec<Country>))
)]
async fn countries(State(state): State<AppState>) -> Result<Json<Vec<Country>>, ApiError> {
    Ok(Json(
        load_countries(state.db.pool(), None, engine::locale::ENGLISH).await?,
    ))
}

/// Countries with names in the `languageid` language.
#[utoipa::path(
    get,
    path = "/api/countries/localizedname",
    tag = "reference",
    params(("languageid" = Option<i64>, Header, description = "The language of the names (Dutch without it)")),
    responses(
        (status = 200, description = "Countries", body = Vec<Country>),
        (status = 400, description = "An unknown or malformed `languageid`", body = ErrorBody),
    )
)]
async fn countries_localized(
    State(state): State<AppState>,
    context: RequestContext,
) -> Result<Json<Vec<Country>>, ApiError> {
    let culture = culture_of(state.db.pool(), context).await?;
    Ok(Json(load_countries(state.db.pool(), None, culture).await?))
}

/// One country.
#[utoipa::path(
    get,
    path = "/api/countries/{id}",
    tag = "reference",
    params(("id" = i64, Path, description = "Country id")),
    responses(
        (status = 200, description = "Country", body = Country),
        (status = 400, description = "The id is not a whole number", body = ErrorBody),
        (status = 404, description = "No such country", body = ErrorBody),
    )
)]
async fn country(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Country>, ApiError> {
    let id = id_of(&id)?;
    load_countries(state.db.pool(), Some(id), engine::locale::ENGLISH)
        .await?
        .pop()
        .map(Json)
        .ok_or(ApiError::NotFound)
}

/// One country, localized.
#[utoipa::path(
    get,
    path = "/api/countries/{id}/localizedname",
    tag = "reference",
    params(
        ("id" = i64, Path, description = "Country id"),
        ("languageid" = Option<i64>, Header, description = "The language of the names (Dutch without it)"),
    ),
    responses(
        (status = 200, description = "Country", body = Country),
        (status = 400, description = "The id is not a whole number, or an unknown `languageid`", body = ErrorBody),
        (status = 404, description = "No such country", body = ErrorBody),
    )
)]
async fn country_localized(
    State(state): State<AppState>,
    context: RequestContext,
    Path(id): Path<String>,
) -> Result<Json<Country>, ApiError> {
    let id = id_of(&id)?;
    let culture = culture_of(state.db.pool(), context).await?;
    load_countries(state.db.pool(), Some(id), culture)
        .await?
        .pop()
        .map(Json)
        .ok_or(ApiError::NotFound)
}

/// Languages (a site's languages, in the site's order, with a `siteid` header).
#[utoipa::path(
    get,
    path = "/api/language",
    tag = "reference",
    params(("siteid" = Option<i64>, Header, description = "The site whose languages to list")),
    responses(
        (status = 200, description = "Languages", body = Vec<Language>),
        (status = 400, description = "An unknown or malformed `siteid`", body = ErrorBody),
    )
)]
async fn languages(
    State(state): State<AppState>,
    context: RequestContext,
) -> Result<Json<Vec<Language>>, ApiError> {
    let pool = state.db.pool();
    let languages = match context.site_id {
        Some(site_id) => {
            let exists: Option<(i64,)> =
                sqlx::query_as("SELECT site_id FROM sites WHERE site_id = $1")
                    .bind(site_id)
                    .fetch_optional(pool)
                    .await?;
            if exists.is_none() {
                return Err(ApiError::field(
                    "siteid",
                    "errors.unknownSite",
                    format!("site {site_id} does not exist"),
                ));
            }
            sqlx::query_as(
                "SELECT l.language_id, l.culture, l.localized_name FROM site_languages s \
                 JOIN languages l ON l.language_id = s.language_id WHERE s.site_id = $1 ORDER BY s.position",
            )
            .bind(site_id)
            .fetch_all(pool)
            .await?
        }
        None => {
            sqlx::query_as(
                "SELECT language_id, culture, localized_name FROM languages ORDER BY language_id",
            )
            .fetch_all(pool)
            .await?
        }
    };
    Ok(Json(languages))
}

/// One language.
#[utoipa::path(
    get,
    path = "/api/language/{id}",
    tag = "reference",
    params(("id" = i64, Path, description = "Language id")),
    responses(
        (status = 200, description = "Language", body = Language),
        (status = 400, description = "The id is not a whole number", body = ErrorBody),
        (status = 404, description = "No such language", body = ErrorBody),
    )
)]
async fn language(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Language>, ApiError> {
    let id = id_of(&id)?;
    sqlx::query_as(
        "SELECT language_id, culture, localized_name FROM languages WHERE language_id = $1",
    )
    .bind(id)
    .fetch_optional(state.db.pool())
    .await?
    .map(Json)
    .ok_or(ApiError::NotFound)
}

/// A bank a payment method lets the customer choose (iDEAL).
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = PaymentIssuer)]
#[serde(rename_all = "camelCase")]
pub struct Issuer {
    pub issuer_id: String,
    pub name: String,
}

/// A payment method of a site, named in the request's language.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentMethod {
    pub payment_method_id: PaymentMethodId,
    pub key: String,
    pub name: String,
    /// The costs, VAT included, as the engine adds them to the cart.
    pub costs: engine::money::Money,
    /// `redirect` (the provider's page), `offline` (bank transfer) or `giftCard`.
    #[schema(example = "redirect")]
    pub flow: String,
    pub requires_issuer: bool,
    pub issuers: Vec<Issuer>,
}

/// The site's payment methods, in its order, named in the request's language.
///
/// With names, costs and banks, for the checkout's payment step.
#[utoipa::path(
    get,
    path = "/api/paymentmethods",
    tag = "reference",
    params(SiteHeaders),
    responses(
        (status = 200, description = "Payment methods", body = Vec<PaymentMethod>),
        (status = 400, description = "A missing or unknown site or language; `fieldErrors` names the header", body = ErrorBody),
    )
)]
async fn payment_methods(
    State(state): State<AppState>,
    context: RequestContext,
) -> Result<Json<Vec<PaymentMethod>>, ApiError> {
    let pool = state.db.pool();
    let site = crate::sites::site_language(pool, context).await?;
    let methods: Vec<(i64, String, String, String, String, crate::platform::db::Flag)> = sqlx::query_as(
        "SELECT pm.payment_method_id, pm.method_key, pm.name_json, pm.cost, pm.flow, pm.requires_issuer FROM payment_methods pm \
         JOIN site_payment_methods spm ON spm.payment_method_id = pm.payment_method_id WHERE spm.site_id = $1 ORDER BY spm.position",
    )
    .bind(site.site_id)
    .fetch_all(pool)
    .await?;
    let issuers: Vec<(i64, String, String)> =
        sqlx::query_as("SELECT payment_method_id, issuer_id, name FROM payment_issuers ORDER BY payment_method_id, position")
            .fetch_all(pool)
            .await?;
    let answer = methods
        .into_iter()
        .map(|(id, key, names, costs, flow, requires_issuer)| {
            let costs = costs.parse().map_err(|error| {
                ApiError::Internal(format!("payment method {id} has costs '{costs}': {error}"))
            })?;
            Ok(PaymentMethod {
                name: crate::sites::pick_json(&names, site.culture, Some(site.fallback))
                    .unwrap_or_else(|| key.clone()),
                issuers: issuers
                    .iter()
                    .filter(|(method, _, _)| *method == id)
                    .map(|(_, issuer_id, name)| Issuer {
                        issuer_id: issuer_id.clone(),
                        name: name.clone(),
                    })
                    .collect(),
                payment_method_id: PaymentMethodId::new(id),
                key,
                costs,
                flow,
                requires_issuer: requires_issuer.into(),
            })
        })
        .collect::<Result<_, ApiError>>()?;
    Ok(Json(answer))
}
