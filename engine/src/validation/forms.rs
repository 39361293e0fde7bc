//! The shop's forms by name: each field with its rules, in the order the form shows them.
//!
//! The server checks a request with its form's definition and the storefront builds its
//! checks, and its inputs' `maxlength`, from the same one, so a field's limits and messages are
//! the same while the visitor types and in the API's answer. A field the API never receives
//! (the repeated password, a star rating read separately) is marked `screenOnly`: the screen
//! checks it, the server leaves it out.
//!
//! Forms whose rules depend on the address's country (addresses, the company's VAT number with
//! a known country) are built from the rules directly, with the country at hand.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{FieldInput, FieldValue, FormInput, FormResult, Rule, validate_form};
use crate::limits::InputError;

/// The most characters of an e-mail address (RFC 5321's path limit).
pub const EMAIL_MAX_CHARACTERS: u32 = 254;
/// The most characters of a password: enough for a passphrase, bounded for the hash.
pub const PASSWORD_MAX_CHARACTERS: u32 = 128;
/// The most characters of a first or last name.
pub const NAME_MAX_CHARACTERS: u32 = 100;
/// The most characters of a phone number as typed (spaces, dashes and a country prefix).
pub const PHONE_MAX_CHARACTERS: u32 = 30;
/// The most characters of a review's text.
pub const REVIEW_TEXT_MAX_CHARACTERS: u32 = 4000;
/// The most characters of a product's name.
pub const PRODUCT_NAME_MAX_CHARACTERS: u32 = 150;
/// The most characters of a product's short description (cards and search results).
pub const PRODUCT_SHORT_DESCRIPTION_MAX_CHARACTERS: u32 = 500;
/// The most characters of a product's long description or composition (its page).
pub const PRODUCT_LONG_TEXT_MAX_CHARACTERS: u32 = 10_000;

/// A form of the shop, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum FormName {
    /// Signing in with an e-mail address and a password.
    SignIn,
    /// A new customer account.
    Registration,
    /// An e-mail address alone: asking for a link to set a new password or for the activation
    /// mail again, a back-in-stock reminder.
    EmailAddress,
    /// Setting a new password with a link from a mail.
    NewPassword,
    /// Changing the password while signed in.
    PasswordChange,
    /// Changing the account's e-mail address while signed in.
    EmailChange,
    /// The account holder's name and phone number.
    PersonalDetails,
    /// A product review.
    Review,
    /// The signing up for the newsletter.
    NewsletterSignup,
    /// The answer to the satisfaction survey after an order.
    Survey,
    /// A product's texts in one culture, as the back office's catalog changes them.
    ProductTexts,
}

impl FormName {
    /// Every form, in a stable order.
    pub const ALL: [FormName; 11] = [
        FormName::SignIn,
        FormName::Registration,
        FormName::EmailAddress,
        FormName::NewPassword,
        FormName::PasswordChange,
        FormName::EmailChange,
        FormName::PersonalDetails,
        FormName::Review,
        FormName::NewsletterSignup,
        FormName::Survey,
        FormName::ProductTexts,
    ];
}

/// One field of a form: its name (as the API and the screen call it) and its rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct FieldDefinition {
    /// The field's name.
    pub field: String,
    /// The rules, checked in order.
    pub rules: Vec<Rule>,
    /// Checked on the screen only: the API does not receive this field.
    pub screen_only: bool,
    /// The most characters the field takes (from its `maxLength` rule), for the input's
    /// `maxlength`; `null` when unbounded.
    pub max_length: Option<u32>,
}

/// Input of `validation.formDefinition`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FormRequest {
    /// The form.
    pub form: FormName,
}

/// Output of `validation.formDefinition`: the form's fields in the order shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct FormDefinition {
    /// The form.
    pub form: FormName,
    /// Its fields, in the order shown.
    pub fields: Vec<FieldDefinition>,
}

/// Input of `validation.validateNamedForm`: a form's values by field name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(
    feature = "typescript",
    derive(tsify::Tsify),
    tsify(missing_as_null, hashmap_as_object)
)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NamedFormInput {
    /// The form.
    pub form: FormName,
    /// The values as entered, by field name; a field left out (or `null`) is empty.
    #[cfg_attr(feature = "openapi", schema(value_type = BTreeMap<String, FieldValue>))]
    pub values: BTreeMap<String, Option<FieldValue>>,
    /// True on the screen: the screen-only fields are checked too.
    #[serde(default)]
    pub on_screen: bool,
}

fn email() -> Vec<Rule> {
    vec![
        Rule::Required,
        Rule::MaxLength {
            count: EMAIL_MAX_CHARACTERS,
        },
        Rule::Email,
    ]
}

fn new_password() -> Vec<Rule> {
    vec![
        Rule::Required,
        Rule::MaxLength {
            count: PASSWORD_MAX_CHARACTERS,
        },
        Rule::Password,
    ]
}

fn name() -> Vec<Rule> {
    vec![
        Rule::Required,
        Rule::MaxLength {
            count: NAME_MAX_CHARACTERS,
        },
    ]
}

fn phone() -> Vec<Rule> {
    vec![
        Rule::MaxLength {
            count: PHONE_MAX_CHARACTERS,
        },
        Rule::Phone,
    ]
}

fn repeat_of(field: &str) -> Vec<Rule> {
    vec![
        Rule::Required,
        Rule::PasswordRepeat {
            field: field.to_owned(),
        },
    ]
}

fn at_most(count: u32) -> Vec<Rule> {
    vec![Rule::MaxLength { count }]
}

fn required_at_most(count: u32) -> Vec<Rule> {
    vec![Rule::Required, Rule::MaxLength { count }]
}

/// A field the API receives.
pub(super) fn field(name: &str, rules: Vec<Rule>) -> FieldDefinition {
    let max_length = rules.iter().find_map(|rule| match rule {
        Rule::MaxLength { count } => Some(*count),
        _ => None,
    });
    FieldDefinition {
        field: name.to_owned(),
        rules,
        screen_only: false,
        max_length,
    }
}

/// A field only the screen has.
fn on_screen(name: &str, rules: Vec<Rule>) -> FieldDefinition {
    FieldDefinition {
        screen_only: true,
        ..field(name, rules)
    }
}

/// The fields of a form, in the order shown.
pub fn form_definition(form: FormName) -> FormDefinition {
    let fields = match form {
        FormName::SignIn => vec![
            field("emailAddress", vec![Rule::Required, Rule::Email]),
            field("password", vec![Rule::Required]),
        ],
        FormName::Registration => vec![
            field("firstName", name()),
            field("lastName", name()),
            field("emailAddress", email()),
            field("phoneNumber", phone()),
            field("companyName", at_most(100)),
            field(
                "vatNumber",
                vec![
                    Rule::MaxLength { count: 20 },
                    Rule::VatNumber { country: None },
                ],
            ),
            field("password", new_password()),
            on_screen("passwordRepeat", repeat_of("password")),
        ],
        FormName::EmailAddress | FormName::NewsletterSignup => {
            vec![field("emailAddress", email())]
        }
        FormName::NewPassword => vec![
            field("newPassword", new_password()),
            on_screen("passwordRepeat", repeat_of("newPassword")),
        ],
        FormName::PasswordChange => vec![
            field("currentPassword", vec![Rule::Required]),
            field("newPassword", new_password()),
            on_screen("passwordRepeat", repeat_of("newPassword")),
        ],
        FormName::EmailChange => vec![
            field("newEmailAddress", email()),
            field("password", vec![Rule::Required]),
        ],
        FormName::PersonalDetails => vec![
            field("firstName", name()),
            field("lastName", name()),
            field("phoneNumber", phone()),
        ],
        FormName::Review => vec![
            field("title", required_at_most(100)),
            // The stars are read as a number of their own (1 to 5), with their own answer.
            on_screen("rating", vec![Rule::Required]),
            field(
                "text",
                vec![
                    Rule::Required,
                    Rule::MaxLength {
                        count: REVIEW_TEXT_MAX_CHARACTERS,
                    },
                    Rule::ReviewText,
                ],
            ),
            field("name", required_at_most(50)),
        ],
        FormName::Survey => vec![
            on_screen("rating", vec![Rule::Required]),
            field("comment", at_most(2000)),
        ],
        FormName::ProductTexts => vec![
            field("name", required_at_most(PRODUCT_NAME_MAX_CHARACTERS)),
            field(
                "shortDescription",
                at_most(PRODUCT_SHORT_DESCRIPTION_MAX_CHARACTERS),
            ),
            field("longDescription", at_most(PRODUCT_LONG_TEXT_MAX_CHARACTERS)),
            field("composition", at_most(PRODUCT_LONG_TEXT_MAX_CHARACTERS)),
        ],
    };
    FormDefinition { form, fields }
}

/// Checks a form's values with its definition; the screen-only fields only `on_screen`.
pub fn validate_named_form(input: &NamedFormInput) -> Result<FormResult, InputError> {
    let definition = form_definition(input.form);
    if let Some(unknown) = input
        .values
        .keys()
        .find(|name| !definition.fields.iter().any(|field| &field.field == *name))
    {
        return Err(InputError::Invalid(format!(
            "the form {:?} has no field '{unknown}'",
            input.form
        )));
    }
    let fields = definition
        .fields
        .into_iter()
        .filter(|field| input.on_screen || !field.screen_only)
        .map(|field| {
            let value = input.values.get(&field.field).cloned().flatten();
            let rules = field.rules;
            (field.field, FieldInput { value, rules })
        })
        .collect();
    validate_form(&FormInput { fields })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(pairs: &[(&str, &str)]) -> BTreeMap<String, Option<FieldValue>> {
        pairs
            .iter()
            .map(|(name, value)| {
                (
                    (*name).to_owned(),
                    Some(FieldValue::Text((*value).to_owned())),
                )
            })
            .collect()
    }

    fn failures(form: FormName, pairs: &[(&str, &str)], on_screen: bool) -> Vec<(String, String)> {
        let result = validate_named_form(&NamedFormInput {
            form,
            values: values(pairs),
            on_screen,
        })
        .unwrap();
        result
            .errors
            .into_iter()
            .flat_map(|(field, messages)| {
                messages
                    .into_iter()
                    .map(move |message| (field.clone(), message.dutch_text()))
            })
            .collect()
    }

    #[test]
    fn a_review_text_may_be_4000_characters_and_no_more() {
        let title = ("title", "Prima");
        let name = ("name", "Anna");
        let long = format!("{} einde", "woord ".repeat(665));
        assert_eq!(long.chars().count(), 3996);
        assert_eq!(
            failures(FormName::Review, &[title, name, ("text", &long)], false),
            vec![]
        );
        let too_long = "paard ".repeat(667);
        assert_eq!(
            failures(FormName::Review, &[title, name, ("text", &too_long)], false),
            vec![(
                "text".to_owned(),
                "Dit veld mag maximaal 4000 tekens bevatten".to_owned()
            )]
        );
    }

    #[test]
    fn screen_only_fields_are_checked_on_the_screen_and_left_out_by_the_server() {
        let entered = [
            ("currentPassword", "oud-wachtwoord1"),
            ("newPassword", "nieuw-wachtwoord2"),
            ("passwordRepeat", "nieuw-wachtwoord3"),
        ];
        assert_eq!(
            failures(FormName::PasswordChange, &entered, true),
            vec![(
                "passwordRepeat".to_owned(),
                "Wachtwoorden komen niet overeen".to_owned()
            )]
        );
        assert_eq!(failures(FormName::PasswordChange, &entered, false), vec![]);
    }

    #[test]
    fn a_field_the_form_does_not_have_is_refused() {
        let result = validate_named_form(&NamedFormInput {
            form: FormName::SignIn,
            values: values(&[("emailAddress", "a@b.nl"), ("pasword", "x")]),
            on_screen: false,
        });
        assert!(matches!(result, Err(InputError::Invalid(message)) if message.contains("pasword")));
    }

    #[test]
    fn every_field_says_its_maximum_length_and_every_repeat_names_a_field_of_its_form() {
        for form in FormName::ALL {
            let definition = form_definition(form);
            for field in &definition.fields {
                let bound = field.rules.iter().find_map(|rule| match rule {
                    Rule::MaxLength { count } => Some(*count),
                    _ => None,
                });
                assert_eq!(field.max_length, bound, "{form:?}.{}", field.field);
                for rule in &field.rules {
                    if let Rule::PasswordRepeat { field: other } = rule {
                        assert!(
                            definition.fields.iter().any(|known| &known.field == other),
                            "{form:?}.{} repeats the unknown {other}",
                            field.field
                        );
                    }
                }
            }
        }
    }
}
