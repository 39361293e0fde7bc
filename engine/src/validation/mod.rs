//! Validation rules of forms and lists, with message keys whose
//! Dutch texts come from [`messages`].
//!
//! The server validates every request body with the same rules the browser uses while the
//! visitor types: [`validate_form`] answers field -> failures, which the server returns as an
//! HTTP 400 with field errors.
//!
//! Values are trimmed before they are checked, except by the password rules (spaces may be
//! part of a password). An empty value fails only `required`; every other rule passes an empty
//! value, so optional fields may stay empty (`passwordRepeat` still compares, so a missing
//! repetition of a filled-in password is a mismatch).

mod address;
mod compare;
mod formats;
mod forms;
mod messages;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::limits::InputError;
use crate::locale::{CalendarDate, CountryCode};

pub use address::{
    ADDRESS_CODE_MAX_CHARACTERS, ADDRESS_LINE_MAX_CHARACTERS, AddressForm, AddressFormRequest,
    address_form,
};
pub use compare::{
    COMPARISON_LIMIT, CompareAddRequest, CompareAddResult, ProductId, add_to_comparison,
};
pub use formats::{
    PASSWORD_MIN_CHARACTERS, REVIEW_MIN_WORDS, is_email, is_house_number, is_password, is_phone,
    is_postcode, is_vat_number, word_count,
};
pub use forms::{
    EMAIL_MAX_CHARACTERS, FieldDefinition, FormDefinition, FormName, FormRequest,
    NAME_MAX_CHARACTERS, NamedFormInput, PASSWORD_MAX_CHARACTERS, PHONE_MAX_CHARACTERS,
    REVIEW_TEXT_MAX_CHARACTERS, form_definition, validate_named_form,
};
pub use messages::{Message, MessageKey, MessageParams, MessageText, Parameter};

/// One rule a field must satisfy, as JSON `{"rule": "maxLength", "count": 50}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "rule", rename_all = "camelCase", deny_unknown_fields)]
pub enum Rule {
    /// The field must not be empty: `validation.required`.
    Required,
    /// At most `count` characters (Unicode scalar values): `validation.maxLength`.
    MaxLength {
        /// The most characters allowed.
        count: u32,
    },
    /// An e-mail address ([`is_email`]): `validation.invalidEmail`.
    Email,
    /// A phone number ([`is_phone`]): `validation.invalidPhone`.
    Phone,
    /// A postcode of the country ([`is_postcode`]): `validation.invalidPostcode`.
    Postcode {
        /// The country of the address.
        country: CountryCode,
    },
    /// A VAT number ([`is_vat_number`]), of the country when given: `validation.invalidVatNumber`.
    VatNumber {
        /// The country the number must belong to, if known.
        #[serde(default)]
        country: Option<CountryCode>,
    },
    /// A house number ([`is_house_number`]): `validation.invalidAddress`.
    HouseNumber,
    /// A real calendar date written DD-MM-YYYY: `validation.invalidDate`.
    Date,
    /// At least 7 characters with digits and letters: `validation.passwordRequirements`.
    Password,
    /// Equal to the value of another field of the form: `validation.passwordMismatch`.
    PasswordRepeat {
        /// The name of the password field to compare with.
        field: String,
    },
    /// A review text of at least 5 words: `validation.reviewTooShort` with count 5.
    ReviewText,
    /// A list value in which every hay sample has a name: `validation.sampleNameRequired`.
    SampleNames,
    /// A whole quantity of at least 1 (`validation.invalidQuantity`) that the stock can supply
    /// (`validation.stockLimited` with amount = the pieces available).
    Stock {
        /// The pieces in stock.
        available: u32,
    },
}

/// The value of a form field: text, or a list of texts (the names of hay samples).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(untagged)]
pub enum FieldValue {
    /// A text input.
    Text(String),
    /// A list of texts.
    List(Vec<String>),
}

/// A field to validate: its value (absent or `null` for an empty field) and its rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FieldInput {
    /// The value as entered.
    #[serde(default)]
    pub value: Option<FieldValue>,
    /// The rules, checked in order.
    pub rules: Vec<Rule>,
}

/// Input of `validation.validateForm`: the fields by name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(
    feature = "typescript",
    derive(tsify::Tsify),
    tsify(missing_as_null, hashmap_as_object)
)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FormInput {
    /// The fields of the form by name.
    pub fields: BTreeMap<String, FieldInput>,
}

/// Output of `validation.validateForm`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(
    feature = "typescript",
    derive(tsify::Tsify),
    tsify(missing_as_null, hashmap_as_object)
)]
#[serde(rename_all = "camelCase")]
pub struct FormResult {
    /// True when no field has a failure.
    pub valid: bool,
    /// The failures of every field that has any, by field name, in rule order.
    pub errors: BTreeMap<String, Vec<Message>>,
}

fn text_of<'a>(value: Option<&'a FieldValue>, rule: &Rule) -> Result<&'a str, InputError> {
    match value {
        None => Ok(""),
        Some(FieldValue::Text(text)) => Ok(text),
        Some(FieldValue::List(_)) => Err(InputError::Invalid(format!(
            "rule {rule:?} needs a text value, not a list"
        ))),
    }
}

fn is_empty(value: Option<&FieldValue>) -> bool {
    match value {
        None => true,
        Some(FieldValue::Text(text)) => text.trim().is_empty(),
        Some(FieldValue::List(items)) => items.is_empty(),
    }
}

/// Checks one field's value against its rules; `form` gives the other fields' values for
/// `passwordRepeat`. Returns the failures in rule order.
pub fn validate_field(
    value: Option<&FieldValue>,
    rules: &[Rule],
    form: &BTreeMap<String, FieldInput>,
) -> Result<Vec<Message>, InputError> {
    let empty = is_empty(value);
    let mut failures = Vec::new();
    for rule in rules {
        let failure = match rule {
            Rule::Required => empty.then_some(MessageKey::Required),
            Rule::PasswordRepeat { field } => {
                let other = form.get(field).ok_or_else(|| {
                    InputError::Invalid(format!("passwordRepeat names the unknown field '{field}'"))
                })?;
                let password = text_of(other.value.as_ref(), rule)?;
                (text_of(value, rule)? != password).then_some(MessageKey::PasswordMismatch)
            }
            _ if empty => None,
            Rule::SampleNames => match value {
                Some(FieldValue::List(names)) => names
                    .iter()
                    .any(|name| name.trim().is_empty())
                    .then_some(MessageKey::SampleNameRequired),
                _ => {
                    return Err(InputError::Invalid("sampleNames needs a list value".into()));
                }
            },
            Rule::Password => {
                (!is_password(text_of(value, rule)?)).then_some(MessageKey::PasswordRequirements)
            }
            text_rule => {
                let text = text_of(value, text_rule)?.trim();
                match text_rule {
                    Rule::MaxLength { count } => {
                        if text.chars().count() > *count as usize {
                            failures.extend(Message::with_count(MessageKey::MaxLength, *count));
                        }
                        None
                    }
                    Rule::Email => (!is_email(text)).then_some(MessageKey::InvalidEmail),
                    Rule::Phone => (!is_phone(text)).then_some(MessageKey::InvalidPhone),
                    Rule::Postcode { country } => {
                        (!is_postcode(text, *country)).then_some(MessageKey::InvalidPostcode)
                    }
                    Rule::VatNumber { country } => {
                        (!is_vat_number(text, *country)).then_some(MessageKey::InvalidVatNumber)
                    }
                    Rule::HouseNumber => {
                        (!is_house_number(text)).then_some(MessageKey::InvalidAddress)
                    }
                    Rule::Date => CalendarDate::parse_dutch(text)
                        .is_err()
                        .then_some(MessageKey::InvalidDate),
                    Rule::ReviewText => {
                        if word_count(text) < REVIEW_MIN_WORDS {
                            failures.extend(Message::with_count(
                                MessageKey::ReviewTooShort,
                                REVIEW_MIN_WORDS as u32,
                            ));
                        }
                        None
                    }
                    Rule::Stock { available } => match text.parse::<u32>() {
                        Ok(quantity) if quantity >= 1 => {
                            if quantity > *available {
                                failures.extend(Message::with_amount(
                                    MessageKey::StockLimited,
                                    *available,
                                ));
                            }
                            None
                        }
                        _ => Some(MessageKey::InvalidQuantity),
                    },
                    Rule::Required
                    | Rule::PasswordRepeat { .. }
                    | Rule::SampleNames
                    | Rule::Password => None,
                }
            }
        };
        failures.extend(failure.map(Message::plain));
    }
    Ok(failures)
}

/// Checks every field of a form; see the module documentation for the conventions.
pub fn validate_form(input: &FormInput) -> Result<FormResult, InputError> {
    let mut errors = BTreeMap::new();
    for (name, field) in &input.fields {
        let failures = validate_field(field.value.as_ref(), &field.rules, &input.fields)?;
        if !failures.is_empty() {
            errors.insert(name.clone(), failures);
        }
    }
    Ok(FormResult {
        valid: errors.is_empty(),
        errors,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(value: &str) -> Option<FieldValue> {
        Some(FieldValue::Text(value.to_owned()))
    }

    fn keys(value: Option<FieldValue>, rules: &[Rule]) -> Vec<String> {
        validate_field(value.as_ref(), rules, &BTreeMap::new())
            .unwrap()
            .iter()
            .map(|message| message.dutch_text())
            .collect()
    }

    #[test]
    fn each_rule_fails_with_its_message() {
        let nl: CountryCode = "NL".parse().unwrap();
        let cases: Vec<(Option<FieldValue>, Rule, Option<&str>)> = vec![
            (None, Rule::Required, Some("Dit is een verplicht veld")),
            (
                text("   "),
                Rule::Required,
                Some("Dit is een verplicht veld"),
            ),
            (text("x"), Rule::Required, None),
            (text("abcde"), Rule::MaxLength { count: 5 }, None),
            (text(" abcde "), Rule::MaxLength { count: 5 }, None),
            (
                text("abcdef"),
                Rule::MaxLength { count: 5 },
                Some("Dit veld mag maximaal 5 tekens bevatten"),
            ),
            (text("ééééé"), Rule::MaxLength { count: 5 }, None),
            (
                text("jan@example"),
                Rule::Email,
                Some("Dit is geen geldig e-mailadres"),
            ),
            (text(" jan@example.nl "), Rule::Email, None),
            (
                text("12345"),
                Rule::Phone,
                Some("Dit is geen geldig telefoonnummer"),
            ),
            (
                text("1234 SA"),
                Rule::Postcode { country: nl },
                Some("Dit is geen geldige postcode"),
            ),
            (text("1234 ab"), Rule::Postcode { country: nl }, None),
            (
                text("DE123456789"),
                Rule::VatNumber { country: Some(nl) },
                Some("Dit is geen geldig btw-nummer"),
            ),
            (
                text("NL123456789B01"),
                Rule::VatNumber { country: Some(nl) },
                None,
            ),
            (
                text("12a"),
                Rule::HouseNumber,
                Some("Dit is geen geldig adres"),
            ),
            (
                text("29-02-2023"),
                Rule::Date,
                Some("Dit is geen geldige datum, gebruik DD-MM-JJJJ"),
            ),
            (text("29-02-2024"), Rule::Date, None),
            (
                text("abc123"),
                Rule::Password,
                Some("Minimaal 7 tekens, moet cijfers en letters bevatten"),
            ),
            (text("abc1234"), Rule::Password, None),
            (
                text("Goed voer voor mijn"),
                Rule::ReviewText,
                Some("Schrijf minimaal 5 woorden"),
            ),
            (text("Goed voer voor mijn paard"), Rule::ReviewText, None),
            (text("3"), Rule::Stock { available: 3 }, None),
            (
                text("4"),
                Rule::Stock { available: 3 },
                Some("Er zijn nog maar 3 stuks op voorraad"),
            ),
            (
                text("0"),
                Rule::Stock { available: 3 },
                Some("Dit is geen geldig aantal"),
            ),
            (
                text("1.5"),
                Rule::Stock { available: 3 },
                Some("Dit is geen geldig aantal"),
            ),
            (
                Some(FieldValue::List(vec!["Weide 1".into(), " ".into()])),
                Rule::SampleNames,
                Some("Vul voor alle hooimonsters een naam in voordat je verdergaat"),
            ),
            (
                Some(FieldValue::List(vec!["Weide 1".into(), "Weide 2".into()])),
                Rule::SampleNames,
                None,
            ),
            (Some(FieldValue::List(vec![])), Rule::SampleNames, None),
        ];
        for (value, rule, expected) in cases {
            let got = keys(value.clone(), std::slice::from_ref(&rule));
            assert_eq!(
                got,
                expected.map(str::to_owned).into_iter().collect::<Vec<_>>(),
                "{value:?} {rule:?}"
            );
        }
    }

    #[test]
    fn empty_optional_fields_pass_every_rule_but_required() {
        let rules = [
            Rule::Email,
            Rule::Phone,
            Rule::Date,
            Rule::Password,
            Rule::ReviewText,
            Rule::MaxLength { count: 0 },
        ];
        assert!(keys(None, &rules).is_empty());
        assert!(keys(text(""), &rules).is_empty());
        assert_eq!(
            keys(None, &[Rule::Required, Rule::Email]),
            ["Dit is een verplicht veld"]
        );
    }

    #[test]
    fn reports_every_failing_rule_in_order() {
        let got = keys(text("abc@"), &[Rule::MaxLength { count: 3 }, Rule::Email]);
        assert_eq!(
            got,
            [
                "Dit veld mag maximaal 3 tekens bevatten",
                "Dit is geen geldig e-mailadres"
            ]
        );
    }

    #[test]
    fn validates_a_whole_form_with_password_repeat() {
        let json = r#"{"fields": {
            "email": {"value": "jan@example", "rules": [{"rule": "required"}, {"rule": "email"}]},
            "password": {"value": "geheim12", "rules": [{"rule": "password"}]},
            "passwordRepeat": {"value": "geheim13", "rules": [{"rule": "required"}, {"rule": "passwordRepeat", "field": "password"}]},
            "firstName": {"value": "Jan", "rules": [{"rule": "required"}, {"rule": "maxLength", "count": 50}]}
        }}"#;
        let form: FormInput = serde_json::from_str(json).unwrap();
        let result = validate_form(&form).unwrap();
        assert!(!result.valid);
        let json = serde_json::to_value(&result.errors).unwrap();
        assert_eq!(
            json,
            serde_json::json!({
                "email": [{"key": "validation.invalidEmail"}],
                "passwordRepeat": [{"key": "validation.passwordMismatch"}]
            })
        );
    }

    #[test]
    fn a_missing_repeat_of_a_filled_in_password_is_a_mismatch() {
        let mut fields = BTreeMap::new();
        fields.insert(
            "password".to_owned(),
            FieldInput {
                value: text("geheim12"),
                rules: vec![],
            },
        );
        let rules = [Rule::PasswordRepeat {
            field: "password".into(),
        }];
        let failures = validate_field(None, &rules, &fields).unwrap();
        assert_eq!(failures, [Message::plain(MessageKey::PasswordMismatch)]);
        let failures = validate_field(text("geheim12").as_ref(), &rules, &fields).unwrap();
        assert!(failures.is_empty());
    }

    #[test]
    fn wrong_value_kinds_and_unknown_fields_are_invalid_input() {
        let list = Some(FieldValue::List(vec!["a".into()]));
        assert!(validate_field(list.as_ref(), &[Rule::Email], &BTreeMap::new()).is_err());
        assert!(
            validate_field(text("a").as_ref(), &[Rule::SampleNames], &BTreeMap::new()).is_err()
        );
        let rules = [Rule::PasswordRepeat {
            field: "nope".into(),
        }];
        assert!(validate_field(text("a").as_ref(), &rules, &BTreeMap::new()).is_err());
    }
}
