//! The route table the fixture import computed for every site and language, the configured
//! redirects, and the site's not-found page.

use sqlx::AnyPool;

/// The routes of a site language, as (route type, route key, path).
pub async fn of_site_language(
    pool: &AnyPool,
    site_id: i64,
    language_id: i64,
) -> Result<Vec<(String, String, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT route_type, route_key, path FROM routes WHERE site_id = $1 AND language_id = $2",
    )
    .bind(site_id)
    .bind(language_id)
    .fetch_all(pool)
    .await
}

/// The route at a path of a site language, as (route type, `params_json`, route key).
pub async fn at_path_with_key(
    pool: &AnyPool,
    site_id: i64,
    language_id: i64,
    path: &str,
) -> Result<Option<(String, String, String)>, sqlx::Error> {
    sqlx::query_as("SELECT route_type, params_json, route_key FROM routes WHERE site_id = $1 AND language_id = $2 AND path = $3")
        .bind(site_id)
        .bind(language_id)
        .bind(path)
        .fetch_optional(pool)
        .await
}

/// The route at a path of a site language, as (route type, `params_json`).
pub async fn at_path(
    pool: &AnyPool,
    site_id: i64,
    language_id: i64,
    path: &str,
) -> Result<Option<(String, String)>, sqlx::Error> {
    sqlx::query_as("SELECT route_type, params_json FROM routes WHERE site_id = $1 AND language_id = $2 AND path = $3")
        .bind(site_id)
        .bind(language_id)
        .bind(path)
        .fetch_optional(pool)
        .await
}

/// The redirect configured for a path of a site, as (to path, status code).
pub async fn redirect(
    pool: &AnyPool,
    site_id: i64,
    from_path: &str,
) -> Result<Option<(String, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT to_path, status_code FROM redirects WHERE site_id = $1 AND from_path = $2",
    )
    .bind(site_id)
    .bind(from_path)
    .fetch_optional(pool)
    .await
}

/// The page a site shows for an unknown path; an error when there is no such site.
pub async fn not_found_page_id(pool: &AnyPool, site_id: i64) -> Result<i64, sqlx::Error> {
    let (not_found_page_id,): (i64,) =
        sqlx::query_as("SELECT not_found_page_id FROM sites WHERE site_id = $1")
            .bind(site_id)
            .fetch_one(pool)
            .await?;
    Ok(not_found_page_id)
}

/// Every site language's path of a route key, as (site, language, path), by site and
/// language.
pub async fn paths_of_key(
    pool: &AnyPool,
    route_key: &str,
) -> Result<Vec<(i64, i64, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT site_id, language_id, path FROM routes WHERE route_key = $1 \
         ORDER BY site_id, language_id",
    )
    .bind(route_key)
    .fetch_all(pool)
    .await
}

/// Every route of a site, as (language, path, route key), by language and path.
pub async fn of_site(
    pool: &AnyPool,
    site_id: i64,
) -> Result<Vec<(i64, String, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT language_id, path, route_key FROM routes WHERE site_id = $1 ORDER BY language_id, path",
    )
    .bind(site_id)
    .fetch_all(pool)
    .await
}
