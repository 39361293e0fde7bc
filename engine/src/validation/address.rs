//! The address form: its fields in the order the address's country writes them, with rules
//! that know the country.
//!
//! The Netherlands finds an address by its postcode and house number, so its form starts with
//! them and the street follows; the other countries of the shop write the street and house
//! number first and the postcode with the city below. The country comes first in every form,
//! because the rest of the form follows from it. The server checks the lengths of every
//! address it stores with the same definition; the storefront builds its form from it.

use serde::{Deserialize, Serialize};

use super::Rule;
use super::forms::{FieldDefinition, field};
use crate::locale::CountryCode;

/// The most characters of a street or a city.
pub const ADDRESS_LINE_MAX_CHARACTERS: u32 = 100;
/// The most characters of a postcode, a house number or a house number's addition.
pub const ADDRESS_CODE_MAX_CHARACTERS: u32 = 20;

/// Input of `validation.addressForm`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AddressFormRequest {
    /// The address's country; `null` while none is chosen.
    #[serde(default)]
    pub country: Option<CountryCode>,
}

/// Output of `validation.addressForm`: the address's fields in the order shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct AddressForm {
    /// The country the form is for; `null` when none was chosen.
    pub country: Option<CountryCode>,
    /// The fields (`countryId`, `zipcode`, `street`, `streetNumber`, `streetNumberAddition`,
    /// `city`), in the order shown.
    pub fields: Vec<FieldDefinition>,
}

/// Where the postcode stands in a country's addresses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Order {
    /// Postcode and house number first; the street follows (found from them).
    PostcodeFirst,
    /// Street and house number first; the postcode and city below.
    StreetFirst,
}

fn order_of(country: Option<CountryCode>) -> Order {
    match country.as_ref().map(CountryCode::as_str) {
        Some("NL") => Order::PostcodeFirst,
        _ => Order::StreetFirst,
    }
}

/// The address form for `country`: the country first, then the parts in the country's order.
pub fn address_form(country: Option<CountryCode>) -> AddressForm {
    let code = |count| Rule::MaxLength { count };
    let mut postcode = vec![Rule::Required, code(ADDRESS_CODE_MAX_CHARACTERS)];
    if let Some(country) = country {
        postcode.push(Rule::Postcode { country });
    }
    let line = || {
        vec![
            Rule::Required,
            Rule::MaxLength {
                count: ADDRESS_LINE_MAX_CHARACTERS,
            },
        ]
    };
    let zipcode = field("zipcode", postcode);
    let street = field("street", line());
    let number = field(
        "streetNumber",
        vec![
            Rule::Required,
            code(ADDRESS_CODE_MAX_CHARACTERS),
            Rule::HouseNumber,
        ],
    );
    let addition = field(
        "streetNumberAddition",
        vec![code(ADDRESS_CODE_MAX_CHARACTERS)],
    );
    let city = field("city", line());
    let parts = match order_of(country) {
        Order::PostcodeFirst => [zipcode, number, addition, street, city],
        Order::StreetFirst => [street, number, addition, zipcode, city],
    };
    let mut fields = vec![field("countryId", vec![Rule::Required])];
    fields.extend(parts);
    AddressForm { country, fields }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(country: Option<&str>) -> Vec<String> {
        let country = country.map(|code| code.parse::<CountryCode>().unwrap());
        address_form(country)
            .fields
            .into_iter()
            .map(|field| field.field)
            .collect()
    }

    #[test]
    fn a_dutch_address_starts_with_its_postcode_and_house_number() {
        assert_eq!(
            names(Some("NL")),
            [
                "countryId",
                "zipcode",
                "streetNumber",
                "streetNumberAddition",
                "street",
                "city"
            ]
        );
    }

    #[test]
    fn a_danish_or_german_address_starts_with_its_street() {
        let street_first = [
            "countryId",
            "street",
            "streetNumber",
            "streetNumberAddition",
            "zipcode",
            "city",
        ];
        assert_eq!(names(Some("DK")), street_first);
        assert_eq!(names(Some("DE")), street_first);
        assert_eq!(names(None), street_first);
    }

    #[test]
    fn the_postcode_is_checked_for_the_chosen_country_only() {
        let danish: CountryCode = "DK".parse().unwrap();
        let rules = |country| {
            address_form(country)
                .fields
                .into_iter()
                .find(|field| field.field == "zipcode")
                .unwrap()
                .rules
        };
        assert!(rules(Some(danish)).contains(&Rule::Postcode { country: danish }));
        assert!(
            !rules(None)
                .iter()
                .any(|rule| matches!(rule, Rule::Postcode { .. }))
        );
    }

    #[test]
    fn every_part_says_its_maximum_length() {
        let form = address_form(None);
        let limits: Vec<(&str, Option<u32>)> = form
            .fields
            .iter()
            .map(|field| (field.field.as_str(), field.max_length))
            .collect();
        assert_eq!(
            limits,
            [
                ("countryId", None),
                ("street", Some(100)),
                ("streetNumber", Some(20)),
                ("streetNumberAddition", Some(20)),
                ("zipcode", Some(20)),
                ("city", Some(100)),
            ]
        );
    }
}
