//! How an order's goods travel ([`ShippingMethod`]), shared by the cart's prices and the
//! promotions that discount shipping.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::money::Money;

/// How the goods travel; crosses JSON as its number (0 or 1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(type = "0 | 1"))]
pub enum ShippingMethod {
    /// 0: ordinary shipping to the (alternative) address.
    #[default]
    Ordinary,
    /// 1: delivery to a parcel-service pick-up point.
    ParcelService,
}

impl ShippingMethod {
    /// The number the method has in JSON.
    pub fn number(self) -> u8 {
        match self {
            ShippingMethod::Ordinary => 0,
            ShippingMethod::ParcelService => 1,
        }
    }
}

/// One shipping method of a site and its VAT-inclusive price.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ShippingOption {
    /// Which method.
    pub shipping_method: ShippingMethod,
    /// Its price including VAT.
    pub price: Money,
}

impl ShippingMethod {
    /// Both methods, in number order.
    pub const ALL: [ShippingMethod; 2] = [ShippingMethod::Ordinary, ShippingMethod::ParcelService];

    /// The method with this number, as stored and sent: 0 or 1.
    pub fn from_number(number: i64) -> Option<ShippingMethod> {
        ShippingMethod::ALL
            .into_iter()
            .find(|method| i64::from(method.number()) == number)
    }
}

impl fmt::Display for ShippingMethod {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{}", self.number())
    }
}

impl Serialize for ShippingMethod {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.number())
    }
}

/// A number that names no shipping method.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown shipping method {0}")]
pub struct UnknownShippingMethod(pub i64);

/// The method of a stored number (a database column decodes through this).
impl TryFrom<i64> for ShippingMethod {
    type Error = UnknownShippingMethod;

    fn try_from(number: i64) -> Result<ShippingMethod, UnknownShippingMethod> {
        ShippingMethod::from_number(number).ok_or(UnknownShippingMethod(number))
    }
}

impl From<ShippingMethod> for i64 {
    fn from(method: ShippingMethod) -> i64 {
        i64::from(method.number())
    }
}

impl<'de> Deserialize<'de> for ShippingMethod {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ShippingMethod, D::Error> {
        ShippingMethod::try_from(i64::deserialize(deserializer)?).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::ShippingMethod;

    #[test]
    fn a_method_is_found_by_its_number_and_only_then() {
        assert_eq!(
            ShippingMethod::from_number(0),
            Some(ShippingMethod::Ordinary)
        );
        assert_eq!(
            ShippingMethod::from_number(1),
            Some(ShippingMethod::ParcelService)
        );
        assert_eq!(ShippingMethod::from_number(2), None);
        assert_eq!(ShippingMethod::from_number(-1), None);
    }

    #[test]
    fn json_carries_the_number() {
        assert_eq!(
            serde_json::to_string(&ShippingMethod::ParcelService).unwrap(),
            "1"
        );
        assert_eq!(
            serde_json::from_str::<ShippingMethod>("0").unwrap(),
            ShippingMethod::Ordinary
        );
        assert!(serde_json::from_str::<ShippingMethod>("2").is_err());
    }
}
