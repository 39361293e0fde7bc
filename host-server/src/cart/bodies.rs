//! The bodies of the cart's checkout choices, typed with the specification's fields (section
//! 3: Billing, Shipping, Address, Company) and closed: an unknown field is a 400 naming it, and
//! every text has a length limit, so only valid data is stored.

use engine::validation::{Rule, address_form};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::platform::error::ApiError;
use crate::platform::validation::Form;

/// An address (specification: zipcode, street, streetNumber, streetNumberAddition, city,
/// countryId). Every part is optional here; the checkout gates decide what a step needs.
#[derive(Clone, Debug, Default, Deserialize, Serialize, ToSchema)]
#[schema(as = CartAddress)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Address {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zipcode: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub street: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub street_number: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub street_number_addition: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub city: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub country_id: Option<i64>,
}

impl Address {
    /// The text of the part the address form names `field`.
    fn part(&self, field: &str) -> Option<&str> {
        match field {
            "zipcode" => self.zipcode.as_deref(),
            "street" => self.street.as_deref(),
            "streetNumber" => self.street_number.as_deref(),
            "streetNumberAddition" => self.street_number_addition.as_deref(),
            "city" => self.city.as_deref(),
            _ => None,
        }
    }

    /// Adds the length limits of the engine's address form, named `{prefix}.street` and so on.
    /// Only the lengths: what a step needs filled in, the checkout gates decide.
    fn checked(&self, form: Form, prefix: &str) -> Form {
        address_form(None)
            .fields
            .into_iter()
            .filter_map(|field| Some((field.max_length?, field.field)))
            .fold(form, |form, (count, field)| {
                form.field(
                    &format!("{prefix}.{field}"),
                    self.part(&field),
                    vec![Rule::MaxLength { count }],
                )
            })
    }
}

/// `POST /api/cart/{id}/billing` (specification: firstName, lastName, phoneNumber,
/// emailAddress, address).
#[derive(Clone, Debug, Default, Deserialize, Serialize, ToSchema)]
#[schema(as = CartBilling)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Billing {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phone_number: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email_address: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address: Option<Address>,
}

impl Billing {
    /// The engine's rules for each field: names and e-mail address required.
    pub fn check(&self) -> Result<(), ApiError> {
        let form = Form::new()
            .field(
                "firstName",
                self.first_name.as_deref(),
                crate::platform::validation::name_rules(),
            )
            .field(
                "lastName",
                self.last_name.as_deref(),
                crate::platform::validation::name_rules(),
            )
            .field(
                "phoneNumber",
                self.phone_number.as_deref(),
                vec![Rule::MaxLength { count: 30 }, Rule::Phone],
            )
            .field(
                "emailAddress",
                self.email_address.as_deref(),
                crate::platform::validation::email_rules(),
            );
        match &self.address {
            Some(address) => address.checked(form, "address").check(),
            None => form.check(),
        }
    }
}

/// `PUT /api/cart/{id}/shipping` (specification: firstName, lastName, address,
/// shippingMethod: 0 ordinary shipping, 1 a parcel service).
#[derive(Clone, Debug, Default, Deserialize, Serialize, ToSchema)]
#[schema(as = CartShipping)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Shipping {
    #[serde(default)]
    pub first_name: Option<String>,
    #[serde(default)]
    pub last_name: Option<String>,
    #[serde(default)]
    pub address: Option<Address>,
    #[serde(default)]
    pub shipping_method: engine::shipping::ShippingMethod,
}

impl Shipping {
    /// Length limits (the method is one of the two by its type).
    pub fn check(&self) -> Result<(), ApiError> {
        let limit = || vec![Rule::MaxLength { count: 100 }];
        let form = Form::new()
            .field("firstName", self.first_name.as_deref(), limit())
            .field("lastName", self.last_name.as_deref(), limit());
        match &self.address {
            Some(address) => address.checked(form, "address").check(),
            None => form.check(),
        }
    }
}

/// `PUT /api/cart/{id}/companyinfo` (specification: companyName, vatNumber).
#[derive(Clone, Debug, Default, Deserialize, Serialize, ToSchema)]
#[schema(as = CartCompany)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Company {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub company_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vat_number: Option<String>,
}

impl Company {
    /// A name of at most 100 characters and a VAT number of the engine's form.
    pub fn check(&self) -> Result<(), ApiError> {
        Form::new()
            .field(
                "companyName",
                self.company_name.as_deref(),
                vec![Rule::MaxLength { count: 100 }],
            )
            .field(
                "vatNumber",
                self.vat_number.as_deref(),
                vec![
                    Rule::MaxLength { count: 20 },
                    Rule::VatNumber { country: None },
                ],
            )
            .check()
    }
}

/// The stored JSON of a body.
pub fn stored<T: Serialize>(body: &T) -> Result<String, ApiError> {
    serde_json::to_string(body).map_err(|error| ApiError::Internal(error.to_string()))
}
