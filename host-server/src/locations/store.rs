//! The dealers and parcel-service pick-up points, and the brand a site lists dealers of.
//!
//! Dealers and pick-up points are read whole (`SELECT *`) and mapped to their views by the
//! handlers, column by column, as the fixtures wrote them.

use sqlx::AnyPool;
use sqlx::any::AnyRow;

/// The zipcode, city and coordinates of every dealer and then every pick-up point.
pub async fn known_addresses(
    pool: &AnyPool,
) -> Result<Vec<(String, String, f64, f64)>, sqlx::Error> {
    let mut rows: Vec<(String, String, f64, f64)> =
        sqlx::query_as("SELECT zipcode, city, latitude, longitude FROM dealers")
            .fetch_all(pool)
            .await?;
    rows.extend(
        sqlx::query_as::<_, (String, String, f64, f64)>(
            "SELECT zipcode, city, latitude, longitude FROM parcel_shops",
        )
        .fetch_all(pool)
        .await?,
    );
    Ok(rows)
}

/// A site's brand and site type, if the site exists.
pub async fn brand_and_type_of_site(
    pool: &AnyPool,
    site_id: i64,
) -> Result<Option<(String, i64)>, sqlx::Error> {
    sqlx::query_as("SELECT brand, site_type FROM sites WHERE site_id = $1")
        .bind(site_id)
        .fetch_optional(pool)
        .await
}

/// Every dealer, by name.
pub async fn dealers(pool: &AnyPool) -> Result<Vec<AnyRow>, sqlx::Error> {
    sqlx::query("SELECT * FROM dealers ORDER BY name, dealer_id")
        .fetch_all(pool)
        .await
}

/// The pick-up points, of one country when given, by id.
pub async fn parcel_shops(
    pool: &AnyPool,
    country_id: Option<i64>,
) -> Result<Vec<AnyRow>, sqlx::Error> {
    match country_id {
        Some(country_id) => {
            sqlx::query("SELECT * FROM parcel_shops WHERE country_id = $1 ORDER BY parcel_shop_id")
                .bind(country_id)
                .fetch_all(pool)
                .await
        }
        None => {
            sqlx::query("SELECT * FROM parcel_shops ORDER BY parcel_shop_id")
                .fetch_all(pool)
                .await
        }
    }
}

/// The pick-up point with this id.
pub async fn parcel_shop(
    pool: &AnyPool,
    parcel_shop_id: &str,
) -> Result<Option<AnyRow>, sqlx::Error> {
    sqlx::query("SELECT * FROM parcel_shops WHERE parcel_shop_id = $1")
        .bind(parcel_shop_id)
        .fetch_optional(pool)
        .await
}
