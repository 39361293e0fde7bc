//! Request validation with the engine's rules (the same the storefront runs while the
//! visitor types), answered as HTTP 400 with field errors in the specification's words.

use std::collections::BTreeMap;

use engine::validation::{
    EMAIL_MAX_CHARACTERS, FieldInput, FieldValue, FormInput, FormName, FormResult,
    NAME_MAX_CHARACTERS, NamedFormInput, PASSWORD_MAX_CHARACTERS, Rule, validate_form,
    validate_named_form,
};

use crate::platform::error::{ApiError, FieldError};

/// A form to check: field names with their values and rules.
#[derive(Default)]
pub struct Form {
    fields: BTreeMap<String, FieldInput>,
}

impl Form {
    /// An empty form.
    pub fn new() -> Form {
        Form::default()
    }

    /// Adds a text field with its rules, checked in order.
    pub fn field(mut self, name: &str, value: Option<&str>, rules: Vec<Rule>) -> Form {
        let value = value.map(|text| FieldValue::Text(text.to_owned()));
        self.fields
            .insert(name.to_owned(), FieldInput { value, rules });
        self
    }

    /// `Ok` when every field passes, else a 400 naming each failing field.
    pub fn check(self) -> Result<(), ApiError> {
        answer(validate_form(&FormInput {
            fields: self.fields,
        }))
    }
}

/// A form of the shop checked by its definition in the engine, the one the storefront checks
/// while the visitor types: the same limits and the same messages on both sides.
pub struct NamedForm {
    form: FormName,
    values: BTreeMap<String, Option<FieldValue>>,
}

impl NamedForm {
    /// The form, with no value yet.
    pub fn new(form: FormName) -> NamedForm {
        NamedForm {
            form,
            values: BTreeMap::new(),
        }
    }

    /// The value of one of the form's text fields as the request holds it.
    pub fn value(mut self, field: &str, value: Option<&str>) -> NamedForm {
        let value = value.map(|text| FieldValue::Text(text.to_owned()));
        self.values.insert(field.to_owned(), value);
        self
    }

    /// `Ok` when every field the API receives passes, else a 400 naming each failing field.
    pub fn check(self) -> Result<(), ApiError> {
        answer(validate_named_form(&NamedFormInput {
            form: self.form,
            values: self.values,
            on_screen: false,
        }))
    }
}

/// The engine's verdict on a form as the API answers it: nothing, or a 400 with field errors.
fn answer(verdict: Result<FormResult, engine::limits::InputError>) -> Result<(), ApiError> {
    let result = verdict.map_err(|error| {
        ApiError::Internal(format!("validation rules are inconsistent: {error}"))
    })?;
    if result.valid {
        return Ok(());
    }
    let fields = result
        .errors
        .into_iter()
        .map(|(field, messages)| {
            let errors = messages
                .iter()
                .map(|message| FieldError {
                    key: message.key().to_string(),
                    message: message.dutch_text(),
                })
                .collect();
            (field, errors)
        })
        .collect();
    Err(ApiError::fields(fields))
}

/// The rules of an e-mail address field.
pub fn email_rules() -> Vec<Rule> {
    vec![
        Rule::Required,
        Rule::MaxLength {
            count: EMAIL_MAX_CHARACTERS,
        },
        Rule::Email,
    ]
}

/// The rules of a new password.
pub fn new_password_rules() -> Vec<Rule> {
    vec![
        Rule::Required,
        Rule::MaxLength {
            count: PASSWORD_MAX_CHARACTERS,
        },
        Rule::Password,
    ]
}

/// The rules of a name field.
pub fn name_rules() -> Vec<Rule> {
    vec![
        Rule::Required,
        Rule::MaxLength {
            count: NAME_MAX_CHARACTERS,
        },
    ]
}

/// A query parameter that must be present and not blank, trimmed; else a 400 naming it.
pub fn required_param<'a>(value: &'a Option<String>, field: &str) -> Result<&'a str, ApiError> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|value| !value.is_empty())
        .ok_or_else(|| ApiError::required(field))
}
