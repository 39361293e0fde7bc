//! The customer's blocks an order records (billing, shipping, company), read as stored: an
//! order placed in checkout leaves out what was not given, a recorded order (fixtures) writes
//! null, and both are answered as they are.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use utoipa::ToSchema;

/// A stored field that is absent, null or a value, shown exactly as stored: an order placed
/// in checkout leaves out what was not given, a recorded order (fixtures) writes null.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Stored<T> {
    /// Not in the document.
    #[default]
    Absent,
    /// `null` in the document.
    Null,
    /// A value.
    Value(T),
}

impl<T> Stored<T> {
    /// True when the field was not in the document.
    pub fn is_absent(&self) -> bool {
        matches!(self, Stored::Absent)
    }

    /// The value, if there is one.
    pub fn value(&self) -> Option<&T> {
        match self {
            Stored::Value(value) => Some(value),
            Stored::Absent | Stored::Null => None,
        }
    }
}

impl<T: Serialize> Serialize for Stored<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.value().serialize(serializer)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Stored<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Stored<T>, D::Error> {
        Ok(Option::<T>::deserialize(deserializer)?.map_or(Stored::Null, Stored::Value))
    }
}

/// An address of an order: from checkout (the parts given) or recorded (every part).
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderAddress {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zipcode: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub street: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub street_number: Option<String>,
    #[serde(default, skip_serializing_if = "Stored::is_absent")]
    #[schema(value_type = Option<String>, required = false)]
    pub street_number_addition: Stored<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub city: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub country_id: Option<i64>,
}

/// The billing details of an order.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderBilling {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phone_number: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email_address: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address: Option<OrderAddress>,
}

/// The shipping details of an order (every field present; null when not given).
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderShipping {
    #[serde(default)]
    pub first_name: Option<String>,
    #[serde(default)]
    pub last_name: Option<String>,
    #[serde(default)]
    pub address: Option<OrderAddress>,
    #[serde(default)]
    pub shipping_method: engine::shipping::ShippingMethod,
}

/// The company an order is for.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderCompany {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub company_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vat_number: Option<String>,
}

/// A person's name and address as the lines of a letter: name, street and number (with
/// addition), postcode and place; empty lines are left out.
pub fn address_lines(
    first_name: Option<&str>,
    last_name: Option<&str>,
    address: Option<&OrderAddress>,
) -> Vec<String> {
    let part = |field: fn(&OrderAddress) -> Option<&String>| {
        address.and_then(field).cloned().unwrap_or_default()
    };
    let addition = part(|address| address.street_number_addition.value());
    let lines = [
        format!(
            "{} {}",
            first_name.unwrap_or_default(),
            last_name.unwrap_or_default()
        ),
        format!(
            "{} {}{}",
            part(|address| address.street.as_ref()),
            part(|address| address.street_number.as_ref()),
            if addition.is_empty() {
                String::new()
            } else {
                format!(" {addition}")
            }
        ),
        format!(
            "{} {}",
            part(|address| address.zipcode.as_ref()),
            part(|address| address.city.as_ref())
        ),
    ];
    lines
        .into_iter()
        .map(|line| line.trim().to_owned())
        .filter(|line| !line.is_empty())
        .collect()
}
