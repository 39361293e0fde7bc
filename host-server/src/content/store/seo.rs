//! What search engines are told about sites: each site's brand, region and languages, and the
//! pages not to be indexed.

use sqlx::AnyPool;

/// Every site, as (site, brand, site type, region code of its country, culture of its fallback
/// language).
pub async fn sites(
    pool: &AnyPool,
) -> Result<Vec<(i64, String, i64, String, Option<String>)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT s.site_id, s.brand, s.site_type, c.region_code, l.culture FROM sites s \
         JOIN countries c ON c.country_id = s.country_id \
         LEFT JOIN languages l ON l.language_id = s.fallback_language_id",
    )
    .fetch_all(pool)
    .await
}

/// Every site's languages in order, as (site, language, culture).
pub async fn site_languages(pool: &AnyPool) -> Result<Vec<(i64, i64, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT sl.site_id, sl.language_id, l.culture FROM site_languages sl \
         JOIN languages l ON l.language_id = sl.language_id ORDER BY sl.site_id, sl.position",
    )
    .fetch_all(pool)
    .await
}

/// The site's pages that are not to be indexed.
pub async fn hidden_pages(pool: &AnyPool, site_id: i64) -> Result<Vec<i64>, sqlx::Error> {
    let pages: Vec<(i64,)> =
        sqlx::query_as("SELECT page_id FROM pages WHERE site_id = $1 AND indexable = 0")
            .bind(site_id)
            .fetch_all(pool)
            .await?;
    Ok(pages.into_iter().map(|(page_id,)| page_id).collect())
}
