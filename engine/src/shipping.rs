//! How an order's goods travel ([`ShippingMethod`]), shared by the cart's prices and the
//! promotions that discount shipping.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

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

impl<'de> Deserialize<'de> for ShippingMethod {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ShippingMethod, D::Error> {
        match u64::deserialize(deserializer)? {
            0 => Ok(ShippingMethod::Ordinary),
            1 => Ok(ShippingMethod::ParcelService),
            other => Err(serde::de::Error::custom(format!(
                "unknown shipping method {other}"
            ))),
        }
    }
}
