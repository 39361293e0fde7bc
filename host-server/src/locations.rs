//! Dealers and stores (`GET /api/dealers?near=`) and parcel-service pick-up points
//! (`GET /api/parcelshops?zipcodeOrCity=`), sorted by distance with the engine's `geo` rule.
//!
//! Where a place is: `near` may be `lat,lon` (WGS84 degrees). A postcode or city is looked up
//! in the addresses this shop knows, the dealers' and the parcel shops' (there is no
//! geocoding service): a postcode matches when it equals a known postcode without spaces and
//! case (`3771eb`), else when it is the start of one (`3771`: the four digits of a Dutch
//! postcode area); a city matches its name without case, or its name before a bracket
//! (`Verden` for `Verden (Aller)`). Several matches: the first by postcode. A place that is not
//! found is a 404 `errors.locationNotFound`.

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};
use engine::geo::{GeoPoint, distance_meters};
use serde::Deserialize;
use serde_json::{Value, json};
use sqlx::AnyPool;
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::AppState;
use crate::context::RequestContext;
use crate::error::ApiError;

/// How many pick-up points `GET /api/parcelshops` answers at most.
pub const PARCEL_SHOP_LIMIT: usize = 10;

/// The routes of this area.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/dealers", get(dealers))
        .route("/api/parcelshops", get(parcel_shops))
}

/// A known address with its coordinates.
#[derive(Clone, Debug)]
struct Place {
    zipcode: String,
    city: String,
    point: GeoPoint,
}

fn squeeze(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_uppercase)
        .collect()
}

async fn known_places(pool: &AnyPool) -> Result<Vec<Place>, ApiError> {
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
    let mut places: Vec<Place> = rows
        .into_iter()
        .filter_map(|(zipcode, city, latitude, longitude)| {
            GeoPoint::new(latitude, longitude).ok().map(|point| Place {
                zipcode: squeeze(&zipcode),
                city,
                point,
            })
        })
        .collect();
    places.sort_by(|a, b| a.zipcode.cmp(&b.zipcode).then(a.city.cmp(&b.city)));
    Ok(places)
}

/// Reads `lat,lon`, or `None` when the text is not two numbers.
fn coordinates(text: &str) -> Option<Result<GeoPoint, ApiError>> {
    let (latitude, longitude) = text.split_once(',')?;
    let latitude: f64 = latitude.trim().parse().ok()?;
    let longitude: f64 = longitude.trim().parse().ok()?;
    Some(GeoPoint::new(latitude, longitude).map_err(ApiError::from))
}

/// Where `query` is (see the module documentation).
async fn locate(pool: &AnyPool, query: &str, field: &str) -> Result<GeoPoint, ApiError> {
    if let Some(point) = coordinates(query) {
        return point
            .map_err(|error| ApiError::field(field, "validation.invalid", error.to_string()));
    }
    let places = known_places(pool).await?;
    let wanted = squeeze(query);
    let city = query.trim().to_lowercase();
    let found = places
        .iter()
        .find(|place| place.zipcode == wanted)
        .or_else(|| {
            places
                .iter()
                .find(|place| wanted.len() >= 4 && place.zipcode.starts_with(&wanted))
        })
        .or_else(|| {
            places.iter().find(|place| {
                let name = place.city.to_lowercase();
                name == city || name.split(" (").next() == Some(city.as_str())
            })
        });
    found.map(|place| place.point).ok_or_else(|| {
        ApiError::refused(
            StatusCode::NOT_FOUND,
            "errors.locationNotFound",
            format!("no known place matches '{}'", query.trim()),
        )
    })
}

fn required(value: Option<String>, field: &str) -> Result<String, ApiError> {
    value
        .filter(|value| !value.trim().is_empty())
        .ok_or_else(|| ApiError::required(field))
}

#[derive(Debug, Deserialize)]
struct DealerQuery {
    near: Option<String>,
}

fn json_column(row: &AnyRow, column: &str) -> Result<Value, ApiError> {
    let text: String = row.try_get(column)?;
    Ok(serde_json::from_str(&text).unwrap_or(Value::Null))
}

async fn dealers(
    State(state): State<AppState>,
    context: RequestContext,
    Query(query): Query<DealerQuery>,
) -> Result<Json<Value>, ApiError> {
    let pool = state.db.pool();
    let brand = match context.site_id {
        None => None,
        Some(site_id) => {
            let row: Option<(String, i64)> =
                sqlx::query_as("SELECT brand, site_type FROM sites WHERE site_id = $1")
                    .bind(site_id)
                    .fetch_optional(pool)
                    .await?;
            let (brand, site_type) = row.ok_or_else(|| {
                ApiError::field(
                    "siteid",
                    "errors.unknownSite",
                    format!("site {site_id} does not exist"),
                )
            })?;
            (site_type != 2).then_some(brand)
        }
    };
    let from = match query.near.as_deref().filter(|near| !near.trim().is_empty()) {
        Some(near) => Some(locate(pool, near, "near").await?),
        None => None,
    };
    let rows = sqlx::query("SELECT * FROM dealers ORDER BY name, dealer_id")
        .fetch_all(pool)
        .await?;
    let mut dealers = Vec::with_capacity(rows.len());
    for row in &rows {
        let brands = json_column(row, "brands_json")?;
        if let Some(brand) = &brand
            && !brands
                .as_array()
                .is_some_and(|brands| brands.iter().any(|carried| carried.as_str() == Some(brand)))
        {
            continue;
        }
        let point = GeoPoint::new(row.try_get("latitude")?, row.try_get("longitude")?)?;
        let distance = from.map(|from| distance_meters(from, point));
        dealers.push((
            distance,
            json!({
                "dealerId": row.try_get::<i64, _>("dealer_id")?,
                "name": row.try_get::<String, _>("name")?,
                "type": row.try_get::<String, _>("dealer_type")?,
                "address": {
                    "street": row.try_get::<String, _>("street")?,
                    "streetNumber": row.try_get::<String, _>("street_number")?,
                    "streetNumberAddition": row.try_get::<Option<String>, _>("street_number_addition")?,
                    "zipcode": row.try_get::<String, _>("zipcode")?,
                    "city": row.try_get::<String, _>("city")?,
                    "countryId": row.try_get::<i64, _>("country_id")?,
                },
                "latitude": point.latitude,
                "longitude": point.longitude,
                "phone": row.try_get::<String, _>("phone")?,
                "email": row.try_get::<String, _>("email")?,
                "website": row.try_get::<Option<String>, _>("website")?,
                "brands": brands,
                "siloDelivery": row.try_get::<i64, _>("silo_delivery")? != 0,
                "openingHours": json_column(row, "opening_hours_json")?,
                "distanceMeters": distance,
            }),
        ));
    }
    // Stable: equal distances (or no `near`) keep the name order.
    dealers.sort_by_key(|(distance, _)| *distance);
    Ok(Json(json!({
        "near": from.map(|point| json!({"latitude": point.latitude, "longitude": point.longitude})),
        "dealers": dealers.into_iter().map(|(_, dealer)| dealer).collect::<Vec<_>>(),
    })))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ParcelShopQuery {
    zipcode_or_city: Option<String>,
}

async fn parcel_shops(
    State(state): State<AppState>,
    Query(query): Query<ParcelShopQuery>,
) -> Result<Json<Value>, ApiError> {
    let pool = state.db.pool();
    let near = required(query.zipcode_or_city, "zipcodeOrCity")?;
    let from = locate(pool, &near, "zipcodeOrCity").await?;
    let rows = sqlx::query("SELECT * FROM parcel_shops ORDER BY parcel_shop_id")
        .fetch_all(pool)
        .await?;
    let mut shops = Vec::with_capacity(rows.len());
    for row in &rows {
        let point = GeoPoint::new(row.try_get("latitude")?, row.try_get("longitude")?)?;
        let distance = distance_meters(from, point);
        shops.push((
            distance,
            json!({
                "parcelShopId": row.try_get::<String, _>("parcel_shop_id")?,
                "name": row.try_get::<String, _>("name")?,
                "street": row.try_get::<String, _>("street")?,
                "streetNumber": row.try_get::<String, _>("street_number")?,
                "zipcode": row.try_get::<String, _>("zipcode")?,
                "city": row.try_get::<String, _>("city")?,
                "countryId": row.try_get::<i64, _>("country_id")?,
                "latitude": point.latitude,
                "longitude": point.longitude,
                "openingHours": json_column(row, "opening_hours_json")?,
                "distanceMeters": distance,
            }),
        ));
    }
    shops.sort_by_key(|(distance, _)| *distance);
    shops.truncate(PARCEL_SHOP_LIMIT);
    Ok(Json(json!({
        "zipcodeOrCity": near.trim(),
        "near": {"latitude": from.latitude, "longitude": from.longitude},
        "parcelShops": shops.into_iter().map(|(_, shop)| shop).collect::<Vec<_>>(),
    })))
}
