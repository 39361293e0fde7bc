//! What the smaller checkout choices check and record: dealers, parcel-service pick-up
//! points, and the conversions reported for the mailing service.

use sqlx::AnyPool;

/// Whether there is a dealer with this id.
pub async fn dealer_exists(pool: &AnyPool, dealer_id: i64) -> Result<bool, sqlx::Error> {
    let exists: Option<(i64,)> =
        sqlx::query_as("SELECT dealer_id FROM dealers WHERE dealer_id = $1")
            .bind(dealer_id)
            .fetch_optional(pool)
            .await?;
    Ok(exists.is_some())
}

/// Whether there is a pick-up point with this id.
pub async fn parcel_shop_exists(pool: &AnyPool, shop_id: &str) -> Result<bool, sqlx::Error> {
    let exists: Option<(String,)> =
        sqlx::query_as("SELECT parcel_shop_id FROM parcel_shops WHERE parcel_shop_id = $1")
            .bind(shop_id)
            .fetch_optional(pool)
            .await?;
    Ok(exists.is_some())
}

/// Records a conversion the mailing service's recipient made, as the client reported it, and
/// when it arrived.
pub async fn record_conversion(
    pool: &AnyPool,
    mailplus_id: &str,
    reported_datetime: &str,
    received_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO conversions (mailplus_id, reported_datetime, received_at) VALUES ($1, $2, $3)",
    )
    .bind(mailplus_id)
    .bind(reported_datetime)
    .bind(received_at)
    .execute(pool)
    .await?;
    Ok(())
}
