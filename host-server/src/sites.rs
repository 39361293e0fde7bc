//! Sites (specification sections 3 and 7): `GET /api/sites/getbydomain?domain=`,
//! `GET /api/Sites/{id}`, `GET /api/Sites` and the localization check
//! `POST /api/Sites?url=&countryCode=`.
//!
//! Also the site-and-language check every site-bound call uses ([`site_language`]): an unknown
//! site id or a language the site lacks in the headers is a 400 naming the header.

use std::collections::HashMap;

use axum::extract::{Path, Query, State};
use axum::routing::get;
use axum::{Json, Router};
use engine::locale::Culture;
use serde::Deserialize;
use serde_json::{Map, Value, json};
use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};

use crate::AppState;
use crate::context::RequestContext;
use crate::error::ApiError;

/// The site and language a request is for, checked against the database.
#[derive(Clone, Debug)]
pub struct SiteLanguage {
    pub site_id: i64,
    pub language_id: i64,
    pub culture: Culture,
    /// The site's fallback language.
    pub fallback: Culture,
}

async fn cultures_of(pool: &AnyPool) -> Result<HashMap<i64, Culture>, ApiError> {
    let rows: Vec<(i64, String)> = sqlx::query_as("SELECT language_id, culture FROM languages")
        .fetch_all(pool)
        .await?;
    Ok(rows
        .into_iter()
        .filter_map(|(id, culture)| culture.parse().ok().map(|culture| (id, culture)))
        .collect())
}

/// Checks the `siteid` and `languageid` headers: both required, the site must exist and the
/// language must be one of its languages.
pub async fn site_language(
    pool: &AnyPool,
    context: RequestContext,
) -> Result<SiteLanguage, ApiError> {
    let site_id = context.site_id.ok_or_else(|| {
        ApiError::field("siteid", "validation.required", "header siteid is required")
    })?;
    let language_id = context.language_id.ok_or_else(|| {
        ApiError::field(
            "languageid",
            "validation.required",
            "header languageid is required",
        )
    })?;
    let site: Option<(i64,)> =
        sqlx::query_as("SELECT fallback_language_id FROM sites WHERE site_id = $1")
            .bind(site_id)
            .fetch_optional(pool)
            .await?;
    let Some((fallback_id,)) = site else {
        return Err(ApiError::field(
            "siteid",
            "errors.unknownSite",
            format!("site {site_id} does not exist"),
        ));
    };
    let offered: Option<(i64,)> = sqlx::query_as(
        "SELECT language_id FROM site_languages WHERE site_id = $1 AND language_id = $2",
    )
    .bind(site_id)
    .bind(language_id)
    .fetch_optional(pool)
    .await?;
    if offered.is_none() {
        return Err(ApiError::field(
            "languageid",
            "errors.unknownLanguage",
            format!("language {language_id} is not a language of site {site_id}"),
        ));
    }
    let cultures = cultures_of(pool).await?;
    let culture = *cultures
        .get(&language_id)
        .ok_or_else(|| ApiError::Internal(format!("language {language_id} has no culture")))?;
    let fallback = cultures
        .get(&fallback_id)
        .copied()
        .unwrap_or(engine::locale::ENGLISH);
    Ok(SiteLanguage {
        site_id,
        language_id,
        culture,
        fallback,
    })
}

/// Picks the text of a stored localized JSON object by the engine's fallback rule.
pub fn pick_json(text: &str, culture: Culture, fallback: Option<Culture>) -> Option<String> {
    let map: HashMap<Culture, String> = serde_json::from_str(text).ok()?;
    let available: Vec<Culture> = map.keys().copied().collect();
    engine::locale::pick_text_culture(culture, fallback, &available)
        .and_then(|chosen| map.get(&chosen).cloned())
}

/// The routes of this area. Both spellings of the specification are served as written.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/sites/getbydomain", get(by_domain))
        .route("/api/Sites", get(all).post(localization_check))
        .route("/api/Sites/{id}", get(by_id))
}

#[derive(Clone, Copy)]
enum Kind {
    Int,
    Bool,
    Text,
    Loc,
    Json,
    Amount,
}

/// JSON field, column, kind.
const FIELDS: &[(&str, &str, Kind)] = &[
    ("siteId", "site_id", Kind::Int),
    ("name", "name", Kind::Text),
    ("brand", "brand", Kind::Text),
    ("domain", "domain", Kind::Text),
    ("type", "site_type", Kind::Int),
    ("countryId", "country_id", Kind::Int),
    ("currency", "currency", Kind::Text),
    ("exchangeRate", "exchange_rate", Kind::Amount),
    ("fallbackLanguageId", "fallback_language_id", Kind::Int),
    ("theme", "theme", Kind::Text),
    ("vatPercentageHigh", "vat_percentage_high", Kind::Text),
    ("vatPercentageLow", "vat_percentage_low", Kind::Text),
    ("enableRqs", "enable_rqs", Kind::Bool),
    (
        "enableStockReminderFeature",
        "enable_stock_reminder_feature",
        Kind::Bool,
    ),
    (
        "autoRedirectIfNotInSameCountry",
        "auto_redirect_if_not_in_same_country",
        Kind::Bool,
    ),
    ("siloHorseThreshold", "silo_horse_threshold", Kind::Int),
    (
        "siloHorseThresholdByCulture",
        "silo_horse_threshold_by_culture_json",
        Kind::Json,
    ),
    ("siloMinFeedKg", "silo_min_feed_kg", Kind::Int),
    ("rootPageId", "root_page_id", Kind::Int),
    ("notFoundPageId", "not_found_page_id", Kind::Int),
    ("internalErrorPageId", "internal_error_page_id", Kind::Int),
    (
        "customerServicePageId",
        "customer_service_page_id",
        Kind::Int,
    ),
    (
        "checkoutSuccessPageId",
        "checkout_success_page_id",
        Kind::Int,
    ),
    (
        "checkoutSuccessRqsPageId",
        "checkout_success_rqs_page_id",
        Kind::Int,
    ),
    ("checkoutFailedPageId", "checkout_failed_page_id", Kind::Int),
    ("footerId", "footer_id", Kind::Int),
    ("primaryNavigationId", "primary_navigation_id", Kind::Int),
    ("notificationId", "notification_id", Kind::Int),
    (
        "headerUspCollectionId",
        "header_usp_collection_id",
        Kind::Int,
    ),
    ("cartUspCollectionId", "cart_usp_collection_id", Kind::Int),
    (
        "customerServiceTitle",
        "customer_service_title_json",
        Kind::Loc,
    ),
    (
        "customerServiceBottomText",
        "customer_service_bottom_text_json",
        Kind::Loc,
    ),
    (
        "customerServiceLink",
        "customer_service_link_json",
        Kind::Loc,
    ),
    ("customerServicePhone", "customer_service_phone", Kind::Text),
    (
        "customerServicePhoneLink",
        "customer_service_phone_link",
        Kind::Text,
    ),
    ("customerServiceEmail", "customer_service_email", Kind::Text),
    (
        "customerServiceOpeningHours",
        "customer_service_opening_hours_json",
        Kind::Loc,
    ),
    (
        "currencyConversionDisclaimerLink",
        "currency_conversion_disclaimer_link_json",
        Kind::Loc,
    ),
    ("becomeDealerLink", "become_dealer_link_json", Kind::Loc),
    ("dealerPageTitle", "dealer_page_title_json", Kind::Loc),
    ("socialLinks", "social_links_json", Kind::Json),
    ("captchaSiteKey", "captcha_site_key", Kind::Text),
    ("tagManagerId", "tag_manager_id", Kind::Text),
    ("mapsApiKey", "maps_api_key", Kind::Text),
    ("cardPaymentConfigId", "card_payment_config_id", Kind::Text),
];

fn site_json(
    row: &AnyRow,
    cultures: &HashMap<i64, Culture>,
    languages: &[(i64, String, String)],
    aliases: Vec<String>,
    payment_methods: Vec<i64>,
    wanted_language: Option<i64>,
) -> Result<Value, ApiError> {
    let fallback_id: i64 = row.try_get("fallback_language_id")?;
    let fallback = cultures.get(&fallback_id).copied();
    // Texts in the requested language when the site has it, else in the site's default.
    let language_ids: Vec<i64> = languages.iter().map(|(id, _, _)| *id).collect();
    let language = wanted_language
        .filter(|id| language_ids.contains(id))
        .or_else(|| language_ids.first().copied())
        .and_then(|id| cultures.get(&id).copied())
        .unwrap_or(engine::locale::DEFAULT_CULTURE);
    let mut object = Map::new();
    for (field, column, kind) in FIELDS {
        let value = match kind {
            Kind::Int => row
                .try_get::<Option<i64>, _>(*column)?
                .map_or(Value::Null, Value::from),
            Kind::Bool => Value::Bool(row.try_get::<i64, _>(*column)? != 0),
            Kind::Text | Kind::Amount => row
                .try_get::<Option<String>, _>(*column)?
                .map_or(Value::Null, Value::from),
            Kind::Loc => row
                .try_get::<Option<String>, _>(*column)?
                .and_then(|text| pick_json(&text, language, fallback))
                .map_or(Value::Null, Value::from),
            Kind::Json => row
                .try_get::<Option<String>, _>(*column)?
                .and_then(|text| serde_json::from_str(&text).ok())
                .unwrap_or(Value::Null),
        };
        object.insert((*field).to_owned(), value);
    }
    object.insert("aliases".to_owned(), json!(aliases));
    object.insert(
        "languages".to_owned(),
        Value::Array(
            languages
                .iter()
                .map(|(id, culture, name)| json!({"languageId": id, "culture": culture, "localizedName": name}))
                .collect(),
        ),
    );
    object.insert("paymentMethods".to_owned(), json!(payment_methods));
    let currency: String = row.try_get("currency")?;
    let code = engine::locale::currency_from_symbol(Some(&currency));
    object.insert(
        "currencyCode".to_owned(),
        serde_json::to_value(code).unwrap_or(Value::Null),
    );
    Ok(Value::Object(object))
}

/// Reads sites (all, or those with the given ids) as API objects.
async fn load_sites(
    pool: &AnyPool,
    only: Option<i64>,
    wanted_language: Option<i64>,
) -> Result<Vec<Value>, ApiError> {
    let rows = match only {
        Some(id) => {
            sqlx::query("SELECT * FROM sites WHERE site_id = $1")
                .bind(id)
                .fetch_all(pool)
                .await?
        }
        None => {
            sqlx::query("SELECT * FROM sites ORDER BY site_id")
                .fetch_all(pool)
                .await?
        }
    };
    let cultures = cultures_of(pool).await?;
    let languages: Vec<(i64, i64, String, String)> = sqlx::query_as(
        "SELECT sl.site_id, l.language_id, l.culture, l.localized_name FROM site_languages sl \
         JOIN languages l ON l.language_id = sl.language_id ORDER BY sl.site_id, sl.position",
    )
    .fetch_all(pool)
    .await?;
    let aliases: Vec<(i64, String)> = sqlx::query_as(
        "SELECT site_id, domain FROM site_domains WHERE is_primary = 0 ORDER BY domain",
    )
    .fetch_all(pool)
    .await?;
    let payments: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT site_id, payment_method_id FROM site_payment_methods ORDER BY site_id, position",
    )
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|row| {
            let site_id: i64 = row.try_get("site_id")?;
            let site_languages: Vec<(i64, String, String)> = languages
                .iter()
                .filter(|(id, ..)| *id == site_id)
                .map(|(_, language_id, culture, name)| {
                    (*language_id, culture.clone(), name.clone())
                })
                .collect();
            let site_aliases = aliases
                .iter()
                .filter(|(id, _)| *id == site_id)
                .map(|(_, domain)| domain.clone())
                .collect();
            let methods = payments
                .iter()
                .filter(|(id, _)| *id == site_id)
                .map(|(_, method)| *method)
                .collect();
            site_json(
                row,
                &cultures,
                &site_languages,
                site_aliases,
                methods,
                wanted_language,
            )
        })
        .collect()
}

#[derive(Debug, Deserialize)]
struct DomainQuery {
    domain: Option<String>,
}

/// The host of a `domain` parameter: `Hoefslag.localhost:8080` → `hoefslag.localhost`.
fn host_of(domain: &str) -> String {
    let trimmed = domain.trim();
    let without_scheme = trimmed.split_once("://").map_or(trimmed, |(_, rest)| rest);
    let host = without_scheme
        .split(['/', '?', '#'])
        .next()
        .unwrap_or_default();
    let host = host
        .rsplit_once(':')
        .filter(|(_, port)| port.chars().all(|c| c.is_ascii_digit()))
        .map_or(host, |(host, _)| host);
    host.trim_end_matches('.').to_ascii_lowercase()
}

async fn site_id_of_host(pool: &AnyPool, host: &str) -> Result<Option<i64>, ApiError> {
    let row: Option<(i64,)> = sqlx::query_as("SELECT site_id FROM site_domains WHERE domain = $1")
        .bind(host)
        .fetch_optional(pool)
        .await?;
    Ok(row.map(|(id,)| id))
}

async fn by_domain(
    State(state): State<AppState>,
    context: RequestContext,
    Query(query): Query<DomainQuery>,
) -> Result<Json<Value>, ApiError> {
    let domain = query
        .domain
        .filter(|domain| !domain.trim().is_empty())
        .ok_or_else(|| ApiError::required("domain"))?;
    let host = host_of(&domain);
    let site_id = site_id_of_host(state.db.pool(), &host)
        .await?
        .ok_or(ApiError::NotFound)?;
    let site = load_sites(state.db.pool(), Some(site_id), context.language_id)
        .await?
        .into_iter()
        .next()
        .ok_or(ApiError::NotFound)?;
    Ok(Json(site))
}

async fn by_id(
    State(state): State<AppState>,
    context: RequestContext,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let id: i64 = id.parse().map_err(|_| {
        ApiError::field(
            "id",
            "validation.invalid",
            "the site id must be a whole number",
        )
    })?;
    let site = load_sites(state.db.pool(), Some(id), context.language_id)
        .await?
        .into_iter()
        .next()
        .ok_or(ApiError::NotFound)?;
    Ok(Json(site))
}

async fn all(
    State(state): State<AppState>,
    context: RequestContext,
) -> Result<Json<Vec<Value>>, ApiError> {
    Ok(Json(
        load_sites(state.db.pool(), None, context.language_id).await?,
    ))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct LocalizationQuery {
    url: Option<String>,
    country_code: Option<String>,
}

/// The localization check: is the visitor (from `countryCode`) on the site of their country?
/// When the site of `url` offers it (`autoRedirectIfNotInSameCountry`) and a site of the same
/// brand serves the visitor's country, `redirectUrl` is that site's home with the query of
/// `url` carried over, and `availableQueryParameters` names the carried parameters. Otherwise
/// `redirectUrl` is null.
async fn localization_check(
    State(state): State<AppState>,
    Query(query): Query<LocalizationQuery>,
) -> Result<Json<Value>, ApiError> {
    let mut fields = std::collections::BTreeMap::new();
    let required = |name: &str| {
        vec![crate::error::FieldError {
            key: "validation.required".to_owned(),
            message: format!("Dit is een verplicht veld ({name})"),
        }]
    };
    let url = query.url.filter(|url| !url.trim().is_empty());
    let country_code = query.country_code.filter(|code| !code.trim().is_empty());
    if url.is_none() {
        fields.insert("url".to_owned(), required("url"));
    }
    if country_code.is_none() {
        fields.insert("countryCode".to_owned(), required("countryCode"));
    }
    let (Some(url), Some(country_code)) = (url, country_code) else {
        return Err(ApiError::fields(fields));
    };
    let code: engine::locale::CountryCode = country_code.parse().map_err(|_| {
        ApiError::field(
            "countryCode",
            "validation.invalid",
            "countryCode must be a two-letter ISO country code",
        )
    })?;
    let parsed = url::Url::parse(&url)
        .map_err(|_| ApiError::field("url", "validation.invalid", "url must be an absolute URL"))?;
    let host = parsed.host_str().map(host_of).unwrap_or_default();
    let pool = state.db.pool();
    let site_id = site_id_of_host(pool, &host).await?.ok_or_else(|| {
        ApiError::field(
            "url",
            "errors.unknownSite",
            format!("no site answers on {host}"),
        )
    })?;
    let (brand, site_country, auto_redirect): (String, i64, i64) =
        sqlx::query_as("SELECT brand, country_id, auto_redirect_if_not_in_same_country FROM sites WHERE site_id = $1")
            .bind(site_id)
            .fetch_one(pool)
            .await?;
    let parameters: Vec<String> = parsed
        .query_pairs()
        .map(|(key, _)| key.into_owned())
        .collect();
    let visitor_country: Option<(i64,)> =
        sqlx::query_as("SELECT country_id FROM countries WHERE region_code = $1")
            .bind(code.as_str())
            .fetch_optional(pool)
            .await?;
    let mut redirect_url = None;
    if auto_redirect != 0
        && let Some((country_id,)) = visitor_country
        && country_id != site_country
    {
        let target: Option<(String,)> =
            sqlx::query_as("SELECT domain FROM sites WHERE brand = $1 AND country_id = $2 ORDER BY site_id LIMIT 1")
                .bind(&brand)
                .bind(country_id)
                .fetch_optional(pool)
                .await?;
        if let Some((domain,)) = target {
            let mut target_url = parsed.clone();
            if target_url.set_host(Some(&domain)).is_ok() {
                target_url.set_path("/");
                target_url.set_fragment(None);
                redirect_url = Some(target_url.to_string());
            }
        }
    }
    Ok(Json(
        json!({"redirectUrl": redirect_url, "availableQueryParameters": parameters}),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_host_of_a_domain_parameter() {
        assert_eq!(host_of("Hoefslag.Localhost"), "hoefslag.localhost");
        assert_eq!(
            host_of("http://de.hoefslag.localhost:8080/produkte/?x=1"),
            "de.hoefslag.localhost"
        );
        assert_eq!(host_of("localhost:5173"), "localhost");
    }
}
