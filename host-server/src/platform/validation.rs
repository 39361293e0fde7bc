//! Request validation with the engine's rules (the same the storefront runs while the
//! visitor types), answered as HTTP 400 with field errors in the specification's words.

use std::collections::BTreeMap;

use engine::validation::{FieldInput, FieldValue, FormInput, Rule, validate_form};

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
        let result = validate_form(&FormInput {
            fields: self.fields,
        })
        .map_err(|error| {
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
}

/// The rules of an e-mail address field.
pub fn email_rules() -> Vec<Rule> {
    vec![Rule::Required, Rule::MaxLength { count: 254 }, Rule::Email]
}

/// The rules of a new password.
pub fn new_password_rules() -> Vec<Rule> {
    vec![
        Rule::Required,
        Rule::MaxLength { count: 128 },
        Rule::Password,
    ]
}

/// The rules of a name field.
pub fn name_rules() -> Vec<Rule> {
    vec![Rule::Required, Rule::MaxLength { count: 100 }]
}

/// A query parameter that must be present and not blank, trimmed; else a 400 naming it.
pub fn required_param<'a>(value: &'a Option<String>, field: &str) -> Result<&'a str, ApiError> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|value| !value.is_empty())
        .ok_or_else(|| ApiError::required(field))
}
