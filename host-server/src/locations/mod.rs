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

mod store;

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::StatusCode;
use engine::geo::{GeoPoint, distance_meters};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use sqlx::AnyPool;
use sqlx::Row;
use sqlx::any::AnyRow;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::platform::db::Flag;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Query};
use crate::platform::request_context::RequestContext;

/// How many pick-up points `GET /api/parcelshops` answers at most.
pub const PARCEL_SHOP_LIMIT: usize = 10;

/// The routes of this area.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(dealers))
        .routes(routes!(parcel_shops))
        .routes(routes!(parcel_shop))
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
    let rows = store::known_addresses(pool).await?;
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

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct DealerQuery {
    /// A postcode, a city or `lat,lon`.
    near: Option<String>,
}

/// The postal address of a dealer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DealerAddress {
    pub street: String,
    pub street_number: String,
    pub street_number_addition: Option<String>,
    pub zipcode: String,
    pub city: String,
    pub country_id: i64,
}

/// A dealer or store.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Dealer {
    pub dealer_id: i64,
    pub name: String,
    /// The kind of dealer, as the fixtures name it.
    #[serde(rename = "type")]
    pub dealer_type: String,
    pub address: DealerAddress,
    pub latitude: f64,
    pub longitude: f64,
    pub phone: String,
    pub email: String,
    pub website: Option<String>,
    /// The brands the dealer carries.
    pub brands: Vec<String>,
    pub silo_delivery: bool,
    /// Day to time ranges, as the fixtures give them.
    pub opening_hours: BTreeMap<String, Vec<String>>,
    /// Meters from `near`; null without `near`.
    pub distance_meters: Option<u64>,
}

/// Dealers, nearest first (by name without `near`).
#[derive(Debug, Serialize, ToSchema)]
pub struct Dealers {
    /// Where `near` was found; null without `near`.
    pub near: Option<GeoPoint>,
    pub dealers: Vec<Dealer>,
}

/// A stored JSON column read as `T`.
fn json_column<T: DeserializeOwned>(row: &AnyRow, column: &str) -> Result<T, ApiError> {
    let text: String = row.try_get(column)?;
    serde_json::from_str(&text)
        .map_err(|error| ApiError::Internal(format!("stored {column}: {error}")))
}

fn dealer_of(row: &AnyRow, distance: Option<u64>) -> Result<Dealer, ApiError> {
    Ok(Dealer {
        dealer_id: row.try_get("dealer_id")?,
        name: row.try_get("name")?,
        dealer_type: row.try_get("dealer_type")?,
        address: DealerAddress {
            street: row.try_get("street")?,
            street_number: row.try_get("street_number")?,
            street_number_addition: row.try_get("street_number_addition")?,
            zipcode: row.try_get("zipcode")?,
            city: row.try_get("city")?,
            country_id: row.try_get("country_id")?,
        },
        latitude: row.try_get("latitude")?,
        longitude: row.try_get("longitude")?,
        phone: row.try_get("phone")?,
        email: row.try_get("email")?,
        website: row.try_get("website")?,
        brands: json_column(row, "brands_json")?,
        silo_delivery: row.try_get::<Flag, _>("silo_delivery")?.into(),
        opening_hours: json_column(row, "opening_hours_json")?,
        distance_meters: distance,
    })
}

/// The brand whose dealers a site lists: none for the corporate site or no site.
async fn brand_of_site(pool: &AnyPool, site_id: Option<i64>) -> Result<Option<String>, ApiError> {
    let Some(site_id) = site_id else {
        return Ok(None);
    };
    let row = store::brand_and_type_of_site(pool, site_id).await?;
    let (brand, site_type) = row.ok_or_else(|| {
        ApiError::field(
            "siteid",
            "errors.unknownSite",
            format!("site {site_id} does not exist"),
        )
    })?;
    Ok(crate::sites::is_shop(site_type).then_some(brand))
}

/// Dealers and stores, nearest first.
///
/// A postcode or city is located among the known dealer and parcel-shop addresses; with a
/// `siteid` header only dealers carrying the site's brand.
#[utoipa::path(
    get,
    path = "/api/dealers",
    tag = "locations",
    params(
        DealerQuery,
        ("siteid" = Option<i64>, Header, description = "The site, when the answer depends on it"),
    ),
    responses(
        (status = 200, description = "Dealers", body = Dealers),
        (status = 400, description = "Coordinates out of range, or an unknown or malformed `siteid`", body = ErrorBody),
        (status = 404, description = "No known place matches `near` (`errors.locationNotFound`)", body = ErrorBody),
    )
)]
async fn dealers(
    State(state): State<AppState>,
    context: RequestContext,
    Query(query): Query<DealerQuery>,
) -> Result<Json<Dealers>, ApiError> {
    let pool = state.db.pool();
    let brand = brand_of_site(pool, context.site_id).await?;
    let from = match query.near.as_deref().filter(|near| !near.trim().is_empty()) {
        Some(near) => Some(locate(pool, near, "near").await?),
        None => None,
    };
    let rows = store::dealers(pool).await?;
    let mut dealers = Vec::with_capacity(rows.len());
    for row in &rows {
        let point = GeoPoint::new(row.try_get("latitude")?, row.try_get("longitude")?)?;
        let dealer = dealer_of(row, from.map(|from| distance_meters(from, point)))?;
        if brand
            .as_ref()
            .is_none_or(|brand| dealer.brands.contains(brand))
        {
            dealers.push(dealer);
        }
    }
    // Stable: equal distances (or no `near`) keep the name order.
    dealers.sort_by_key(|dealer| dealer.distance_meters);
    Ok(Json(Dealers {
        near: from,
        dealers,
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
struct ParcelShopQuery {
    /// A postcode, a city or `lat,lon`.
    #[param(required = true)]
    zipcode_or_city: Option<String>,
    /// Only pick-up points in this country (the delivery country), when given.
    country_id: Option<i64>,
}

/// A parcel-service pick-up point.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ParcelShop {
    pub parcel_shop_id: String,
    pub name: String,
    pub street: String,
    pub street_number: String,
    pub zipcode: String,
    pub city: String,
    pub country_id: i64,
    pub latitude: f64,
    pub longitude: f64,
    /// Day to time ranges, as the fixtures give them.
    pub opening_hours: BTreeMap<String, Vec<String>>,
    /// Meters from the place asked for.
    pub distance_meters: u64,
}

/// The pick-up points nearest to a place.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ParcelShops {
    /// The place asked for, trimmed.
    pub zipcode_or_city: String,
    /// Where it was found.
    pub near: GeoPoint,
    /// At most ten, nearest first.
    pub parcel_shops: Vec<ParcelShop>,
}

fn parcel_shop_of(row: &AnyRow, distance: u64) -> Result<ParcelShop, ApiError> {
    Ok(ParcelShop {
        parcel_shop_id: row.try_get("parcel_shop_id")?,
        name: row.try_get("name")?,
        street: row.try_get("street")?,
        street_number: row.try_get("street_number")?,
        zipcode: row.try_get("zipcode")?,
        city: row.try_get("city")?,
        country_id: row.try_get("country_id")?,
        latitude: row.try_get("latitude")?,
        longitude: row.try_get("longitude")?,
        opening_hours: json_column(row, "opening_hours_json")?,
        distance_meters: distance,
    })
}

/// Parcel-service pick-up points near a zipcode or city (the 10 nearest), in the delivery
/// country when `countryId` names one.
#[utoipa::path(
    get,
    path = "/api/parcelshops",
    tag = "locations",
    params(ParcelShopQuery),
    responses(
        (status = 200, description = "Pick-up points", body = ParcelShops),
        (status = 400, description = "`zipcodeOrCity` is missing, or coordinates out of range", body = ErrorBody),
        (status = 404, description = "No known place matches (`errors.locationNotFound`)", body = ErrorBody),
    )
)]
async fn parcel_shops(
    State(state): State<AppState>,
    Query(query): Query<ParcelShopQuery>,
) -> Result<Json<ParcelShops>, ApiError> {
    let pool = state.db.pool();
    let near = required(query.zipcode_or_city, "zipcodeOrCity")?;
    let from = locate(pool, &near, "zipcodeOrCity").await?;
    let rows = store::parcel_shops(pool, query.country_id).await?;
    let mut shops = Vec::with_capacity(rows.len());
    for row in &rows {
        let point = GeoPoint::new(row.try_get("latitude")?, row.try_get("longitude")?)?;
        shops.push(parcel_shop_of(row, distance_meters(from, point))?);
    }
    shops.sort_by_key(|shop| shop.distance_meters);
    shops.truncate(PARCEL_SHOP_LIMIT);
    Ok(Json(ParcelShops {
        zipcode_or_city: near.trim().to_owned(),
        near: from,
        parcel_shops: shops,
    }))
}

/// One pick-up point by its id, to show the chosen one by name and address.
#[utoipa::path(
    get,
    path = "/api/parcelshops/{parcelShopId}",
    tag = "locations",
    params(("parcelShopId" = String, Path, description = "The pick-up point's id, e.g. `NL-UT-0001`")),
    responses(
        (status = 200, description = "The pick-up point; `distanceMeters` is 0", body = ParcelShop),
        (status = 404, description = "No pick-up point has this id", body = ErrorBody),
    )
)]
async fn parcel_shop(
    State(state): State<AppState>,
    crate::platform::extract::Path(id): crate::platform::extract::Path<String>,
) -> Result<Json<ParcelShop>, ApiError> {
    let row = store::parcel_shop(state.db.pool(), &id)
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok(Json(parcel_shop_of(&row, 0)?))
}
