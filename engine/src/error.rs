//! The one error type that crosses the engine's JSON boundary (WASM, vectors, embedding).

use serde::Serialize;

use crate::cart::CartError;
use crate::money::MoneyError;
use crate::validation::MessageKey;
use crate::vat::VatRateError;

/// Why the engine could not compute an answer.
///
/// Every variant has a stable [`code`](EngineError::code) that JavaScript and the HTTP API
/// see, so callers can react to the kind of error without parsing the message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// The named operation does not exist.
    #[error("unknown operation '{0}'")]
    UnknownOperation(String),
    /// The input is not valid JSON for the operation, or a field has a wrong type or value.
    #[error("invalid input: {0}")]
    InvalidInput(String),
    /// A number of the input lies outside what the operation takes (see [`crate::limits`]):
    /// beyond a bound of the operation, or so large (or, as a divisor, so small) that the
    /// result would not fit a decimal. Its [`code`](EngineError::code) is `invalid_input`, as
    /// for any other wrong value; [`field`](EngineError::field) names the field at fault.
    #[error("invalid input: {field}: {reason}")]
    OutOfRange {
        /// The JSON field at fault, as the input names it (camelCase, with its path where it is
        /// nested): `amountInclVat`, `rate`, `values.dryMatter`, `products[1].supplies.zinc`.
        field: String,
        /// What is wrong with it.
        reason: String,
    },
    /// An amount was malformed or a computation overflowed.
    #[error(transparent)]
    Money(#[from] MoneyError),
    /// A VAT percentage was malformed or out of range.
    #[error(transparent)]
    VatRate(#[from] VatRateError),
    /// No feed advice rule applies, or the horse's weight is outside 50 to 1200 kg: the
    /// visitor sees 'The feed advice cannot be determined' (`feed.adviceUndetermined`).
    #[error("the feed advice cannot be determined: {0}")]
    FeedAdviceUndetermined(String),
    /// The cart cannot be calculated; the code is the [`CartError`]'s own.
    #[error(transparent)]
    Cart(#[from] CartError),
    /// A gift card's balance cannot move by the amount; the code is the
    /// [`GiftCardError`](crate::gift_card::GiftCardError)'s own.
    #[error(transparent)]
    GiftCard(#[from] crate::gift_card::GiftCardError),
    /// An order may not move from one status to the other (see [`crate::order`]).
    #[error("an order that is {from} cannot become {to}")]
    StatusTransition {
        /// The order's current status.
        from: &'static str,
        /// The status asked for.
        to: &'static str,
    },
    /// A subscription's status does not allow the action (see [`crate::subscription`]).
    #[error("a subscription that is {from} cannot {action}")]
    SubscriptionTransition {
        /// The subscription's current status.
        from: &'static str,
        /// The action asked for.
        action: &'static str,
    },
}

impl From<crate::limits::InputError> for EngineError {
    fn from(error: crate::limits::InputError) -> EngineError {
        match error {
            crate::limits::InputError::Invalid(reason) => EngineError::InvalidInput(reason),
            crate::limits::InputError::OutOfRange { field, reason } => {
                EngineError::OutOfRange { field, reason }
            }
            crate::limits::InputError::Money(error) => EngineError::Money(error),
        }
    }
}

impl EngineError {
    /// A stable, machine-readable code for this kind of error.
    pub fn code(&self) -> &'static str {
        match self {
            EngineError::UnknownOperation(_) => "unknown_operation",
            EngineError::InvalidInput(_) | EngineError::OutOfRange { .. } => "invalid_input",
            EngineError::Money(_) => "invalid_amount",
            EngineError::VatRate(_) => "invalid_vat_rate",
            EngineError::FeedAdviceUndetermined(_) => "feed_advice_undetermined",
            EngineError::Cart(error) => error.code(),
            EngineError::GiftCard(error) => error.code(),
            EngineError::StatusTransition { .. } => "status_transition",
            EngineError::SubscriptionTransition { .. } => "subscription_transition",
        }
    }

    /// The JSON field of the input the error is about, when it is about one field (an
    /// [`OutOfRange`](EngineError::OutOfRange) number), so that a server can answer with that
    /// field's error.
    pub fn field(&self) -> Option<&str> {
        match self {
            EngineError::OutOfRange { field, .. } => Some(field),
            _ => None,
        }
    }

    /// A number outside what the operation takes; see [`EngineError::OutOfRange`].
    pub fn out_of_range(field: impl Into<String>, reason: impl Into<String>) -> EngineError {
        EngineError::OutOfRange {
            field: field.into(),
            reason: reason.into(),
        }
    }

    /// The key of the message a visitor is shown for this error, when the specification gives
    /// one (e.g. `feed.adviceUndetermined`); errors without one are programming or data errors
    /// that the page reports generically.
    pub fn message_key(&self) -> Option<MessageKey> {
        match self {
            EngineError::FeedAdviceUndetermined(_) => Some(MessageKey::FeedAdviceUndetermined),
            _ => None,
        }
    }

    /// The error as the JSON object callers receive: `{"code": "...", "message": "..."}`, with
    /// `"field"` when the error is about one field.
    pub fn to_report(&self) -> ErrorReport {
        ErrorReport {
            code: self.code(),
            message: self.to_string(),
            field: self.field().map(str::to_owned),
        }
    }

    /// [`to_report`](EngineError::to_report) as JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.to_report())
            .unwrap_or_else(|_| format!(r#"{{"code":"{}"}}"#, self.code()))
    }
}

/// An [`EngineError`] in the shape it crosses JSON boundaries.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct ErrorReport {
    /// See [`EngineError::code`].
    pub code: &'static str,
    /// A message in English for logs and developers; users see translated texts.
    pub message: String,
    /// See [`EngineError::field`]; absent when the error is not about one field.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_errors_the_visitor_is_told_about_have_a_message_key() {
        let undetermined = EngineError::FeedAdviceUndetermined("no rule".into());
        assert_eq!(
            undetermined.message_key(),
            Some(MessageKey::FeedAdviceUndetermined)
        );
        assert_eq!(undetermined.code(), "feed_advice_undetermined");
        assert_eq!(EngineError::InvalidInput("x".into()).message_key(), None);
    }

    #[test]
    fn a_number_out_of_range_is_invalid_input_naming_its_field() {
        let error = EngineError::out_of_range("amountInclVat", "too large");
        assert_eq!(error.code(), "invalid_input");
        assert_eq!(error.field(), Some("amountInclVat"));
        assert_eq!(error.to_string(), "invalid input: amountInclVat: too large");
        assert_eq!(
            error.to_json(),
            r#"{"code":"invalid_input","message":"invalid input: amountInclVat: too large","field":"amountInclVat"}"#
        );
        // Other errors keep their two fields.
        assert_eq!(
            EngineError::InvalidInput("x".into()).to_json(),
            r#"{"code":"invalid_input","message":"invalid input: x"}"#
        );
    }
}
