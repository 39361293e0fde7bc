//! The sites and what they offer: their domains, languages and payment methods, and the
//! reference tables of languages, countries and payment methods with their banks.
//!
//! A site is read whole (`SELECT * FROM sites`) and mapped to its API view by the handlers,
//! column by column, as the fixtures wrote it.

use sqlx::any::AnyRow;
use sqlx::{AnyPool, FromRow};

use crate::platform::db::Flag;

/// A language row.
#[derive(FromRow)]
pub struct LanguageRow {
    pub language_id: i64,
    pub culture: String,
    pub localized_name: String,
}

/// Every language id with its culture.
pub async fn cultures(pool: &AnyPool) -> Result<Vec<(i64, String)>, sqlx::Error> {
    sqlx::query_as("SELECT language_id, culture FROM languages")
        .fetch_all(pool)
        .await
}

/// The culture of a language, if the language exists.
pub async fn culture(pool: &AnyPool, language_id: i64) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT culture FROM languages WHERE language_id = $1")
            .bind(language_id)
            .fetch_optional(pool)
            .await?;
    Ok(row.map(|(culture,)| culture))
}

/// A site's fallback language, if the site exists.
pub async fn fallback_language(pool: &AnyPool, site_id: i64) -> Result<Option<i64>, sqlx::Error> {
    let site: Option<(i64,)> =
        sqlx::query_as("SELECT fallback_language_id FROM sites WHERE site_id = $1")
            .bind(site_id)
            .fetch_optional(pool)
            .await?;
    Ok(site.map(|(fallback_id,)| fallback_id))
}

/// Whether the site offers the language.
pub async fn offers_language(
    pool: &AnyPool,
    site_id: i64,
    language_id: i64,
) -> Result<bool, sqlx::Error> {
    let offered: Option<(i64,)> = sqlx::query_as(
        "SELECT language_id FROM site_languages WHERE site_id = $1 AND language_id = $2",
    )
    .bind(site_id)
    .bind(language_id)
    .fetch_optional(pool)
    .await?;
    Ok(offered.is_some())
}

/// The site rows: one site, or all by id.
pub async fn site_rows(pool: &AnyPool, only: Option<i64>) -> Result<Vec<AnyRow>, sqlx::Error> {
    match only {
        Some(id) => {
            sqlx::query("SELECT * FROM sites WHERE site_id = $1")
                .bind(id)
                .fetch_all(pool)
                .await
        }
        None => {
            sqlx::query("SELECT * FROM sites ORDER BY site_id")
                .fetch_all(pool)
                .await
        }
    }
}

/// Every site's languages in the site's order: site, language id, culture, name.
pub async fn languages_of_sites(
    pool: &AnyPool,
) -> Result<Vec<(i64, i64, String, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT sl.site_id, l.language_id, l.culture, l.localized_name FROM site_languages sl \
         JOIN languages l ON l.language_id = sl.language_id ORDER BY sl.site_id, sl.position",
    )
    .fetch_all(pool)
    .await
}

/// Every site's domains that are not its primary one: site and domain.
pub async fn aliases(pool: &AnyPool) -> Result<Vec<(i64, String)>, sqlx::Error> {
    sqlx::query_as("SELECT site_id, domain FROM site_domains WHERE is_primary = 0 ORDER BY domain")
        .fetch_all(pool)
        .await
}

/// Every site's payment methods in the site's order: site and payment method.
pub async fn payment_methods_of_sites(pool: &AnyPool) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT site_id, payment_method_id FROM site_payment_methods ORDER BY site_id, position",
    )
    .fetch_all(pool)
    .await
}

/// The site a domain belongs to.
pub async fn site_of_domain(pool: &AnyPool, domain: &str) -> Result<Option<i64>, sqlx::Error> {
    let row: Option<(i64,)> = sqlx::query_as("SELECT site_id FROM site_domains WHERE domain = $1")
        .bind(domain)
        .fetch_optional(pool)
        .await?;
    Ok(row.map(|(id,)| id))
}

/// A site's brand, country and whether visitors from another country are sent to the brand's
/// site of theirs.
pub async fn redirect_settings(
    pool: &AnyPool,
    site_id: i64,
) -> Result<(String, i64, Flag), sqlx::Error> {
    sqlx::query_as("SELECT brand, country_id, auto_redirect_if_not_in_same_country FROM sites WHERE site_id = $1")
        .bind(site_id)
        .fetch_one(pool)
        .await
}

/// The country with this region code.
pub async fn country_of_region(
    pool: &AnyPool,
    region_code: &str,
) -> Result<Option<i64>, sqlx::Error> {
    let row: Option<(i64,)> =
        sqlx::query_as("SELECT country_id FROM countries WHERE region_code = $1")
            .bind(region_code)
            .fetch_optional(pool)
            .await?;
    Ok(row.map(|(country_id,)| country_id))
}

/// The domain of the brand's first site in a country.
pub async fn domain_of_brand_in_country(
    pool: &AnyPool,
    brand: &str,
    country_id: i64,
) -> Result<Option<String>, sqlx::Error> {
    let target: Option<(String,)> = sqlx::query_as(
        "SELECT domain FROM sites WHERE brand = $1 AND country_id = $2 ORDER BY site_id LIMIT 1",
    )
    .bind(brand)
    .bind(country_id)
    .fetch_optional(pool)
    .await?;
    Ok(target.map(|(domain,)| domain))
}

/// The countries (one, or all by id): id and region code.
pub async fn countries(
    pool: &AnyPool,
    only: Option<i64>,
) -> Result<Vec<(i64, String)>, sqlx::Error> {
    match only {
        Some(id) => {
            sqlx::query_as("SELECT country_id, region_code FROM countries WHERE country_id = $1")
                .bind(id)
                .fetch_all(pool)
                .await
        }
        None => {
            sqlx::query_as("SELECT country_id, region_code FROM countries ORDER BY country_id")
                .fetch_all(pool)
                .await
        }
    }
}

/// Every country name: country, culture, name.
pub async fn country_names(pool: &AnyPool) -> Result<Vec<(i64, String, String)>, sqlx::Error> {
    sqlx::query_as("SELECT country_id, culture, name FROM country_names")
        .fetch_all(pool)
        .await
}

/// Whether the site exists.
pub async fn site_exists(pool: &AnyPool, site_id: i64) -> Result<bool, sqlx::Error> {
    let exists: Option<(i64,)> = sqlx::query_as("SELECT site_id FROM sites WHERE site_id = $1")
        .bind(site_id)
        .fetch_optional(pool)
        .await?;
    Ok(exists.is_some())
}

/// A site's languages, in its order.
pub async fn languages_of_site(
    pool: &AnyPool,
    site_id: i64,
) -> Result<Vec<LanguageRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT l.language_id, l.culture, l.localized_name FROM site_languages s \
         JOIN languages l ON l.language_id = s.language_id WHERE s.site_id = $1 ORDER BY s.position",
    )
    .bind(site_id)
    .fetch_all(pool)
    .await
}

/// Every language, by id.
pub async fn languages(pool: &AnyPool) -> Result<Vec<LanguageRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT language_id, culture, localized_name FROM languages ORDER BY language_id",
    )
    .fetch_all(pool)
    .await
}

/// The language with this id.
pub async fn language(
    pool: &AnyPool,
    language_id: i64,
) -> Result<Option<LanguageRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT language_id, culture, localized_name FROM languages WHERE language_id = $1",
    )
    .bind(language_id)
    .fetch_optional(pool)
    .await
}

/// A payment method of a site: id, key, names (JSON by culture), costs, flow, whether it asks
/// for a bank.
pub type PaymentMethodRow = (i64, String, String, String, String, Flag);

/// The site's payment methods, in its order.
pub async fn payment_methods_of_site(
    pool: &AnyPool,
    site_id: i64,
) -> Result<Vec<PaymentMethodRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT pm.payment_method_id, pm.method_key, pm.name_json, pm.cost, pm.flow, pm.requires_issuer FROM payment_methods pm \
         JOIN site_payment_methods spm ON spm.payment_method_id = pm.payment_method_id WHERE spm.site_id = $1 ORDER BY spm.position",
    )
    .bind(site_id)
    .fetch_all(pool)
    .await
}

/// Every bank of every payment method: method, issuer id, name.
pub async fn issuers(pool: &AnyPool) -> Result<Vec<(i64, String, String)>, sqlx::Error> {
    sqlx::query_as("SELECT payment_method_id, issuer_id, name FROM payment_issuers ORDER BY payment_method_id, position")
        .fetch_all(pool)
        .await
}

/// The path of a named page of a site in a language (a route the content builds, by its key:
/// `contentPage:12`, `productDetail:1011:article`).
pub async fn route_path(
    pool: &AnyPool,
    site_id: i64,
    language_id: i64,
    route_key: &str,
) -> Result<Option<String>, sqlx::Error> {
    let path: Option<(String,)> = sqlx::query_as(
        "SELECT path FROM routes WHERE site_id = $1 AND language_id = $2 AND route_key = $3",
    )
    .bind(site_id)
    .bind(language_id)
    .bind(route_key)
    .fetch_optional(pool)
    .await?;
    Ok(path.map(|(path,)| path))
}

/// The path of a named page of a site in the language of a culture (`nl`, `de-AT`).
pub async fn route_path_in_culture(
    pool: &AnyPool,
    site_id: i64,
    culture: &str,
    route_key: &str,
) -> Result<Option<String>, sqlx::Error> {
    let path: Option<(String,)> = sqlx::query_as(
        "SELECT r.path FROM routes r JOIN languages l ON l.language_id = r.language_id \
         WHERE r.site_id = $1 AND l.culture = $2 AND r.route_key = $3",
    )
    .bind(site_id)
    .bind(culture)
    .bind(route_key)
    .fetch_optional(pool)
    .await?;
    Ok(path.map(|(path,)| path))
}
