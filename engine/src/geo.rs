//! Distances on the earth, for the dealer locator and parcel-service pick-up points.
//!
//! The great-circle distance by the haversine formula on a sphere of the mean earth radius
//! (6371.0088 km), rounded to whole meters so that every layer gives the same number.

use serde::{Deserialize, Serialize};

use crate::error::EngineError;

/// The mean earth radius in meters (IUGG).
pub const EARTH_RADIUS_M: f64 = 6_371_008.8;

/// A point in WGS84 degrees.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct GeoPoint {
    /// Latitude, -90 to 90.
    pub latitude: f64,
    /// Longitude, -180 to 180.
    pub longitude: f64,
}

impl GeoPoint {
    /// A point, if both coordinates are in range.
    pub fn new(latitude: f64, longitude: f64) -> Result<GeoPoint, EngineError> {
        if !(-90.0..=90.0).contains(&latitude) || !(-180.0..=180.0).contains(&longitude) {
            return Err(EngineError::InvalidInput(format!(
                "{latitude},{longitude} is not a WGS84 coordinate"
            )));
        }
        Ok(GeoPoint {
            latitude,
            longitude,
        })
    }
}

/// The great-circle distance between two points in whole meters.
pub fn distance_meters(from: GeoPoint, to: GeoPoint) -> u64 {
    let (lat1, lat2) = (from.latitude.to_radians(), to.latitude.to_radians());
    let d_lat = lat2 - lat1;
    let d_lon = (to.longitude - from.longitude).to_radians();
    let a = (d_lat / 2.0).sin().powi(2) + lat1.cos() * lat2.cos() * (d_lon / 2.0).sin().powi(2);
    let c = 2.0 * a.sqrt().clamp(0.0, 1.0).asin();
    (EARTH_RADIUS_M * c).round() as u64
}

/// Input of `geo.distance`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct DistanceRequest {
    /// Where from.
    pub from: GeoPoint,
    /// Where to.
    pub to: GeoPoint,
}

/// Output of `geo.distance`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct DistanceResult {
    /// The distance in whole meters.
    pub meters: u64,
}

impl DistanceRequest {
    /// Checks the points and applies [`distance_meters`].
    pub fn resolve(&self) -> Result<DistanceResult, EngineError> {
        let from = GeoPoint::new(self.from.latitude, self.from.longitude)?;
        let to = GeoPoint::new(self.to.latitude, self.to.longitude)?;
        Ok(DistanceResult {
            meters: distance_meters(from, to),
        })
    }
}

/// Input of `geo.formatDistance`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct DistanceFormatRequest {
    /// The distance in whole meters.
    pub meters: u64,
    /// The culture to write it for.
    pub culture: crate::locale::Culture,
}

impl DistanceFormatRequest {
    /// Applies [`format_distance`].
    pub fn format(&self) -> crate::locale::AmountFormatResult {
        crate::locale::AmountFormatResult {
            text: format_distance(self.meters, self.culture),
        }
    }
}

/// A distance as kilometres with two decimals, the way the culture writes numbers, without a
/// unit (the sentence around it names kilometres): 1250 m is `1,25` in Dutch, `1.25` in
/// English.
pub fn format_distance(meters: u64, culture: crate::locale::Culture) -> String {
    let kilometres = rust_decimal::Decimal::from(meters) / rust_decimal::Decimal::ONE_THOUSAND;
    crate::locale::format_amount(kilometres, culture)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measures_great_circle_distances() {
        let utrecht = GeoPoint::new(52.0907, 5.1214).unwrap();
        let barneveld = GeoPoint::new(52.1405, 5.5847).unwrap();
        let meters = distance_meters(utrecht, barneveld);
        assert!((31_000..33_000).contains(&meters), "{meters}");
        assert_eq!(distance_meters(utrecht, utrecht), 0);
        // A quarter of the equator.
        let quarter = distance_meters(
            GeoPoint::new(0.0, 0.0).unwrap(),
            GeoPoint::new(0.0, 90.0).unwrap(),
        );
        assert_eq!(quarter, 10_007_557);
        assert!(GeoPoint::new(91.0, 0.0).is_err());
    }
}
