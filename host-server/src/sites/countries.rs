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
    let row = super::store::culture(pool, language_id).await?;
    let culture = row.ok_or_else(|| {
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
    let countries = super::store::countries(pool, only).await?;
    let names = super::store::country_names(pool).await?;
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
            if !super::store::site_exists(pool, site_id).await? {
                return Err(ApiError::field(
                    "siteid",
                    "errors.unknownSite",
                    format!("site {site_id} does not exist"),
                ));
            }
            super::store::languages_of_site(pool, site_id).await?
        }
        None => super::store::languages(pool).await?,
    };
    Ok(Json(languages.into_iter().map(language_of).collect()))
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
    super::store::language(state.db.pool(), id)
        .await?
        .map(|row| Json(language_of(row)))
        .ok_or(ApiError::NotFound)
}

fn language_of(row: super::store::LanguageRow) -> Language {
    Language {
        language_id: row.language_id,
        culture: row.culture,
        localized_name: row.localized_name,
    }
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
    let methods = super::store::payment_methods_of_site(pool, site.site_id).await?;
    let issuers = super::store::issuers(pool).await?;
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
