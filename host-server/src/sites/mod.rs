//! Sites: `GET /api/sites/getbydomain?domain=`,
//! `GET /api/Sites/{id}`, `GET /api/Sites` and the localization check
//! `POST /api/Sites?url=&countryCode=`.
//!
//! Also the site-and-language check every site-bound call uses ([`site_language`]): an unknown
//! site id or a language the site lacks in the headers is a 400 naming the header.

pub mod countries;
pub mod store;

use std::collections::HashMap;

use std::collections::BTreeMap;

use axum::extract::State;
use engine::locale::{ConversionRate, Culture, Currency};
use engine::vat::VatRate;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::platform::db::Flag;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path, Query};
use crate::platform::request_context::RequestContext;
use crate::platform::stored_json::SocialLinks;

/// The site and language a request is for, checked against the database.
#[derive(Clone, Debug)]
pub struct SiteLanguage {
    pub site_id: i64,
    pub language_id: i64,
    pub culture: Culture,
    /// The site's fallback language.
    pub fallback: Culture,
}

/// A language.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Language {
    pub language_id: i64,
    /// The interface culture, e.g. `nl-BE`.
    pub culture: String,
    /// The language's name in itself.
    pub localized_name: String,
}

async fn cultures_of(pool: &AnyPool) -> Result<HashMap<i64, Culture>, ApiError> {
    let rows = store::cultures(pool).await?;
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
    let site = store::fallback_language(pool, site_id).await?;
    let Some(fallback_id) = site else {
        return Err(ApiError::field(
            "siteid",
            "errors.unknownSite",
            format!("site {site_id} does not exist"),
        ));
    };
    if !store::offers_language(pool, site_id, language_id).await? {
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
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(by_domain))
        .routes(routes!(all, localization_check))
        .routes(routes!(by_id))
}

/// The type of the corporate site (`sites.site_type`): the group's site, which sells nothing.
const CORPORATE_SITE_TYPE: i64 = 2;

/// Whether a site of this type is a shop (a brand's site), not the corporate site.
pub fn is_shop(site_type: i64) -> bool {
    site_type != CORPORATE_SITE_TYPE
}

/// A site with its settings; texts in the requested language when the site has it, else in
/// the site's default language.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Site {
    pub site_id: i64,
    pub name: String,
    pub brand: String,
    pub domain: String,
    /// The site type (2: the corporate site).
    #[serde(rename = "type")]
    pub site_type: i64,
    pub country_id: i64,
    /// The currency symbol prices are shown with.
    pub currency: String,
    /// Units of the display currency per euro; null for euro sites.
    #[schema(value_type = Option<ConversionRate>)]
    pub exchange_rate: Option<String>,
    pub fallback_language_id: i64,
    pub theme: String,
    #[schema(value_type = VatRate)]
    pub vat_percentage_high: String,
    #[schema(value_type = VatRate)]
    pub vat_percentage_low: String,
    pub enable_rqs: bool,
    pub enable_stock_reminder_feature: bool,
    pub auto_redirect_if_not_in_same_country: bool,
    pub silo_horse_threshold: i64,
    /// The silo threshold per culture, where it differs.
    pub silo_horse_threshold_by_culture: BTreeMap<Culture, i64>,
    pub silo_min_feed_kg: i64,
    pub root_page_id: i64,
    pub not_found_page_id: i64,
    pub internal_error_page_id: i64,
    pub customer_service_page_id: i64,
    pub checkout_success_page_id: Option<i64>,
    pub checkout_success_rqs_page_id: Option<i64>,
    pub checkout_failed_page_id: Option<i64>,
    pub footer_id: i64,
    pub primary_navigation_id: i64,
    pub notification_id: Option<i64>,
    pub header_usp_collection_id: Option<i64>,
    pub cart_usp_collection_id: Option<i64>,
    pub customer_service_title: Option<String>,
    pub customer_service_bottom_text: Option<String>,
    pub customer_service_link: Option<String>,
    pub customer_service_phone: String,
    pub customer_service_phone_link: String,
    pub customer_service_email: String,
    pub customer_service_opening_hours: Option<String>,
    pub currency_conversion_disclaimer_link: Option<String>,
    pub become_dealer_link: Option<String>,
    pub dealer_page_title: Option<String>,
    pub social_links: SocialLinks,
    /// The captcha widget's site key while the server checks captchas (`CAPTCHA_VERIFY_URL`);
    /// empty when it does not or the site has none: the storefront then shows no captcha.
    pub captcha_site_key: String,
    /// The captcha widget's script (`CAPTCHA_SCRIPT_URL`) when `captchaSiteKey` is set; null
    /// otherwise.
    pub captcha_script_url: Option<String>,
    pub tag_manager_id: String,
    pub maps_api_key: String,
    /// The store locator map's tile URL template (`MAP_TILE_URL`, Leaflet's `{z}/{x}/{y}`
    /// placeholders); null when the shop has no map: the storefront then shows the list alone.
    pub map_tile_url: Option<String>,
    /// The credit the tile service asks for (`MAP_TILE_ATTRIBUTION`), plain text shown under
    /// the map; null when there is no map.
    pub map_tile_attribution: Option<String>,
    pub card_payment_config_id: String,
    /// The other hosts the site answers on.
    pub aliases: Vec<String>,
    /// The site's languages; the first is its default.
    pub languages: Vec<Language>,
    /// The ids of the site's payment methods, in its order.
    pub payment_methods: Vec<i64>,
    /// The ISO code of `currency`.
    pub currency_code: Currency,
}

/// What a site has besides its row: aliases, languages and payment methods.
struct SiteParts {
    aliases: Vec<String>,
    languages: Vec<Language>,
    payment_methods: Vec<i64>,
}

/// A stored JSON column read as `T`.
fn stored<T: DeserializeOwned>(row: &AnyRow, column: &str) -> Result<T, ApiError> {
    let text: String = row.try_get(column)?;
    serde_json::from_str(&text)
        .map_err(|error| ApiError::Internal(format!("stored {column}: {error}")))
}

fn site_of(
    row: &AnyRow,
    cultures: &HashMap<i64, Culture>,
    parts: SiteParts,
    wanted_language: Option<i64>,
) -> Result<Site, ApiError> {
    let fallback_language_id: i64 = row.try_get("fallback_language_id")?;
    let fallback = cultures.get(&fallback_language_id).copied();
    // Texts in the requested language when the site has it, else in the site's default.
    let language = wanted_language
        .filter(|id| parts.languages.iter().any(|l| l.language_id == *id))
        .or_else(|| parts.languages.first().map(|l| l.language_id))
        .and_then(|id| cultures.get(&id).copied())
        .unwrap_or(engine::locale::DEFAULT_CULTURE);
    let text = |column: &str| -> Result<Option<String>, ApiError> {
        Ok(row
            .try_get::<Option<String>, _>(column)?
            .and_then(|text| pick_json(&text, language, fallback)))
    };
    let flag =
        |column: &str| -> Result<bool, ApiError> { Ok(row.try_get::<Flag, _>(column)?.into()) };
    let currency: String = row.try_get("currency")?;
    Ok(Site {
        site_id: row.try_get("site_id")?,
        name: row.try_get("name")?,
        brand: row.try_get("brand")?,
        domain: row.try_get("domain")?,
        site_type: row.try_get("site_type")?,
        country_id: row.try_get("country_id")?,
        currency_code: engine::locale::currency_from_symbol(Some(&currency)),
        currency,
        exchange_rate: row.try_get("exchange_rate")?,
        fallback_language_id,
        theme: row.try_get("theme")?,
        vat_percentage_high: row.try_get("vat_percentage_high")?,
        vat_percentage_low: row.try_get("vat_percentage_low")?,
        enable_rqs: flag("enable_rqs")?,
        enable_stock_reminder_feature: flag("enable_stock_reminder_feature")?,
        auto_redirect_if_not_in_same_country: flag("auto_redirect_if_not_in_same_country")?,
        silo_horse_threshold: row.try_get("silo_horse_threshold")?,
        silo_horse_threshold_by_culture: stored(row, "silo_horse_threshold_by_culture_json")?,
        silo_min_feed_kg: row.try_get("silo_min_feed_kg")?,
        root_page_id: row.try_get("root_page_id")?,
        not_found_page_id: row.try_get("not_found_page_id")?,
        internal_error_page_id: row.try_get("internal_error_page_id")?,
        customer_service_page_id: row.try_get("customer_service_page_id")?,
        checkout_success_page_id: row.try_get("checkout_success_page_id")?,
        checkout_success_rqs_page_id: row.try_get("checkout_success_rqs_page_id")?,
        checkout_failed_page_id: row.try_get("checkout_failed_page_id")?,
        footer_id: row.try_get("footer_id")?,
        primary_navigation_id: row.try_get("primary_navigation_id")?,
        notification_id: row.try_get("notification_id")?,
        header_usp_collection_id: row.try_get("header_usp_collection_id")?,
        cart_usp_collection_id: row.try_get("cart_usp_collection_id")?,
        customer_service_title: text("customer_service_title_json")?,
        customer_service_bottom_text: text("customer_service_bottom_text_json")?,
        customer_service_link: text("customer_service_link_json")?,
        customer_service_phone: row.try_get("customer_service_phone")?,
        customer_service_phone_link: row.try_get("customer_service_phone_link")?,
        customer_service_email: row.try_get("customer_service_email")?,
        customer_service_opening_hours: text("customer_service_opening_hours_json")?,
        currency_conversion_disclaimer_link: text("currency_conversion_disclaimer_link_json")?,
        become_dealer_link: text("become_dealer_link_json")?,
        dealer_page_title: text("dealer_page_title_json")?,
        social_links: stored(row, "social_links_json")?,
        captcha_site_key: row.try_get("captcha_site_key")?,
        captcha_script_url: None,
        tag_manager_id: row.try_get("tag_manager_id")?,
        maps_api_key: row.try_get("maps_api_key")?,
        map_tile_url: None,
        map_tile_attribution: None,
        card_payment_config_id: row.try_get("card_payment_config_id")?,
        aliases: parts.aliases,
        languages: parts.languages,
        payment_methods: parts.payment_methods,
    })
}

/// The site's captcha as the storefront should show it: its key and the widget's script while
/// the server checks captchas, nothing otherwise (a widget whose tokens nobody checks would
/// only load a third party's script for nothing).
fn with_captcha(state: &AppState, mut site: Site) -> Site {
    match state.captcha.script_url() {
        Some(script_url) if !site.captcha_site_key.trim().is_empty() => {
            site.captcha_script_url = Some(script_url.to_owned());
        }
        _ => {
            site.captcha_site_key = String::new();
            site.captcha_script_url = None;
        }
    }
    site
}

/// The site with the shop's map tiles, when a tile service is configured (`MAP_TILE_URL`).
fn with_map(state: &AppState, mut site: Site) -> Site {
    site.map_tile_url = state.map.tile_url.clone();
    site.map_tile_attribution = state
        .map
        .tile_url
        .as_ref()
        .map(|_| state.map.attribution.clone());
    site
}

/// The site as the storefront gets it: with its captcha and map settings.
fn for_storefront(state: &AppState, site: Site) -> Site {
    with_map(state, with_captcha(state, site))
}

/// Reads sites (all, or those with the given ids) as API objects.
async fn load_sites(
    pool: &AnyPool,
    only: Option<i64>,
    wanted_language: Option<i64>,
) -> Result<Vec<Site>, ApiError> {
    let rows = store::site_rows(pool, only).await?;
    let cultures = cultures_of(pool).await?;
    let languages = store::languages_of_sites(pool).await?;
    let aliases = store::aliases(pool).await?;
    let payments = store::payment_methods_of_sites(pool).await?;
    rows.iter()
        .map(|row| {
            let site_id: i64 = row.try_get("site_id")?;
            let parts = SiteParts {
                aliases: aliases
                    .iter()
                    .filter(|(id, _)| *id == site_id)
                    .map(|(_, domain)| domain.clone())
                    .collect(),
                languages: languages
                    .iter()
                    .filter(|(id, ..)| *id == site_id)
                    .map(|(_, language_id, culture, name)| Language {
                        language_id: *language_id,
                        culture: culture.clone(),
                        localized_name: name.clone(),
                    })
                    .collect(),
                payment_methods: payments
                    .iter()
                    .filter(|(id, _)| *id == site_id)
                    .map(|(_, method)| *method)
                    .collect(),
            };
            site_of(row, &cultures, parts, wanted_language)
        })
        .collect()
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct DomainQuery {
    /// Host, e.g. `de.hoefslag.localhost` (a port, scheme or path is ignored).
    #[param(required = true)]
    domain: Option<String>,
}

/// The optional `languageid` header the site's texts are given in.
const LANGUAGE_HEADER: &str = "The language of the site's texts (default: the site's first)";

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
    Ok(store::site_of_domain(pool, host).await?)
}

/// The site of a host.
#[utoipa::path(
    get,
    path = "/api/sites/getbydomain",
    tag = "sites",
    params(DomainQuery, ("languageid" = Option<i64>, Header, description = LANGUAGE_HEADER)),
    responses(
        (status = 200, description = "Site", body = Site),
        (status = 400, description = "`domain` is missing, or a malformed header", body = ErrorBody),
        (status = 404, description = "No site answers on the host", body = ErrorBody),
    )
)]
async fn by_domain(
    State(state): State<AppState>,
    context: RequestContext,
    Query(query): Query<DomainQuery>,
) -> Result<Json<Site>, ApiError> {
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
    Ok(Json(for_storefront(&state, site)))
}

/// One site.
#[utoipa::path(
    get,
    path = "/api/Sites/{id}",
    tag = "sites",
    operation_id = "site_by_id",
    params(
        ("id" = i64, Path, description = "Site id"),
        ("languageid" = Option<i64>, Header, description = LANGUAGE_HEADER),
    ),
    responses(
        (status = 200, description = "Site", body = Site),
        (status = 400, description = "The id is not a whole number, or a malformed header", body = ErrorBody),
        (status = 404, description = "No such site", body = ErrorBody),
    )
)]
async fn by_id(
    State(state): State<AppState>,
    context: RequestContext,
    Path(id): Path<String>,
) -> Result<Json<Site>, ApiError> {
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
    Ok(Json(for_storefront(&state, site)))
}

/// Every site.
#[utoipa::path(
    get,
    path = "/api/Sites",
    tag = "sites",
    operation_id = "all_sites",
    params(("languageid" = Option<i64>, Header, description = LANGUAGE_HEADER)),
    responses(
        (status = 200, description = "Sites", body = Vec<Site>),
        (status = 400, description = "A malformed header", body = ErrorBody),
    )
)]
async fn all(
    State(state): State<AppState>,
    context: RequestContext,
) -> Result<Json<Vec<Site>>, ApiError> {
    Ok(Json(
        load_sites(state.db.pool(), None, context.language_id)
            .await?
            .into_iter()
            .map(|site| for_storefront(&state, site))
            .collect(),
    ))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
struct LocalizationQuery {
    /// The visited URL.
    #[param(required = true)]
    url: Option<String>,
    /// The visitor's ISO country code.
    #[param(required = true)]
    country_code: Option<String>,
}

/// The advice of the localization check.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Localization {
    /// The home of the visitor's country's site, or null to stay.
    pub redirect_url: Option<String>,
    /// The query parameters of `url`, carried over.
    pub available_query_parameters: Vec<String>,
}

/// The localization check: is the visitor (from `countryCode`) on the site of their country?
/// When the site of `url` offers it (`autoRedirectIfNotInSameCountry`) and a site of the same
/// brand serves the visitor's country, `redirectUrl` is that site's home with the query of
/// `url` carried over, and `availableQueryParameters` names the carried parameters. Otherwise
/// `redirectUrl` is null.
#[utoipa::path(
    post,
    path = "/api/Sites",
    tag = "sites",
    params(LocalizationQuery),
    responses(
        (status = 200, description = "Redirect advice", body = Localization),
        (status = 400, description = "`url` or `countryCode` missing or invalid, or no site answers on the host of `url`", body = ErrorBody),
    )
)]
async fn localization_check(
    State(state): State<AppState>,
    Query(query): Query<LocalizationQuery>,
) -> Result<Json<Localization>, ApiError> {
    let mut fields = std::collections::BTreeMap::new();
    let required = |name: &str| {
        vec![crate::platform::error::FieldError {
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
    let (brand, site_country, auto_redirect) = store::redirect_settings(pool, site_id).await?;
    let parameters: Vec<String> = parsed
        .query_pairs()
        .map(|(key, _)| key.into_owned())
        .collect();
    let visitor_country = store::country_of_region(pool, code.as_str()).await?;
    let mut redirect_url = None;
    if auto_redirect.0
        && let Some(country_id) = visitor_country
        && country_id != site_country
    {
        let target = store::domain_of_brand_in_country(pool, &brand, country_id).await?;
        if let Some(domain) = target {
            let mut target_url = parsed.clone();
            if target_url.set_host(Some(&domain)).is_ok() {
                target_url.set_path("/");
                target_url.set_fragment(None);
                redirect_url = Some(target_url.to_string());
            }
        }
    }
    Ok(Json(Localization {
        redirect_url,
        available_query_parameters: parameters,
    }))
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
