//! The bounds the engine puts on the numbers it is given, and how it keeps every computation
//! with them from overflowing: no input makes the engine panic.
//!
//! Every refusal of an out-of-range number is one error,
//! [`EngineError::OutOfRange`](crate::EngineError::OutOfRange) (code `invalid_input`), which
//! names the JSON field at fault as the input names it ([`EngineError::field`]), so that a
//! server can answer 400 for that field. It comes from one of two places:
//!
//! - **A bound, checked where the request enters**, for numbers with a natural range. Inside
//!   the bound every computation of the operation fits a decimal and is exact before its one
//!   rounding, so the arithmetic itself stays plain:
//!
//!   | Operation | Field | Taken |
//!   |---|---|---|
//!   | `vat.split` | `amountInclVat` | within ±[`MAX_AMOUNT_CENTS`] (under 10^12 euro) |
//!   | `locale.convert` | `amountEur` | within ±[`MAX_AMOUNT_CENTS`] |
//!   | `catalog.unitPrices` | `price` | within ±[`MAX_AMOUNT_CENTS`] |
//!   | `catalog.unitPrices` | `amount` | above 0 |
//!   | `roughage.advice` | `dryMatterIntakePercent` | above 0, at most 100 |
//!
//!   The cart has bounds of its own, with the cart's error codes: prices, costs, amounts and
//!   thresholds 0.00 to 1,000,000.00, counts 1 to [`MAX_QUANTITY`](crate::cart::MAX_QUANTITY),
//!   at most [`MAX_LINES`](crate::cart::MAX_LINES) lines, percentages 0 to 100; within them it
//!   computes in `i64` cents with `i128` products, which cannot overflow. `feed.advice` takes
//!   weights of 50 to 1200 kg and whole grams (`u32`), which cannot overflow its decimals
//!   either.
//! - **Checked arithmetic** (`checked_mul`, `checked_div`, `checked_sub`), where a result
//!   depends on how client numbers combine rather than on one of them: an exchange `rate` that
//!   makes the converted amount too large, a content `amount` so small that the unit price
//!   overflows, a roughage value so far from its range that the shortfall overflows, a
//!   balancer's content so small that the grams it needs overflow. An overflow is refused,
//!   naming the field that caused it. Where a result only needs to know whether a difference
//!   is larger than a margin (the roughage meter), a difference beyond the decimal range is
//!   simply larger than any margin, and the classification stays exact.
//!
//! The typed functions behind the operations follow the same rule: those that compute with
//! unbounded amounts return a `Result` ([`split_inclusive`](crate::vat::split_inclusive),
//! [`convert_from_euro`](crate::locale::convert_from_euro)) and the others saturate where their
//! result type has an end ([`round_grams`](crate::feed::round_grams)). `engine/tests/no_panic.rs`
//! feeds every operation a million extreme inputs built from the shared vectors.

use crate::cents;
use crate::money::Money;

/// The most units one cart line may hold.
pub const MAX_QUANTITY: i64 = 999;

/// An input refused by a module below the cart and the JSON door (VAT, currency, validation):
/// malformed, or a number out of range. It becomes [`EngineError::InvalidInput`] or
/// [`EngineError::OutOfRange`](crate::EngineError::OutOfRange) at the door, with the same code
/// and field.
///
/// [`EngineError::InvalidInput`]: crate::EngineError::InvalidInput
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    /// The input is malformed.
    #[error("invalid input: {0}")]
    Invalid(String),
    /// A number lies outside what the operation takes.
    #[error("invalid input: {field}: {reason}")]
    OutOfRange {
        /// The JSON field at fault, as the input names it.
        field: String,
        /// What is wrong with it.
        reason: String,
    },
    /// An amount was malformed or a computation with it overflowed.
    #[error(transparent)]
    Money(#[from] crate::money::MoneyError),
}

impl InputError {
    /// The stable code, the same as the [`EngineError`](crate::EngineError) it becomes.
    pub fn code(&self) -> &'static str {
        match self {
            InputError::Invalid(_) | InputError::OutOfRange { .. } => "invalid_input",
            InputError::Money(_) => "invalid_amount",
        }
    }

    /// The JSON field at fault, when the error is about one field.
    pub fn field(&self) -> Option<&str> {
        match self {
            InputError::OutOfRange { field, .. } => Some(field),
            _ => None,
        }
    }

    /// An out-of-range refusal of `field`.
    pub fn out_of_range(field: impl Into<String>, reason: impl Into<String>) -> InputError {
        InputError::OutOfRange {
            field: field.into(),
            reason: reason.into(),
        }
    }
}

/// The largest amount, in magnitude, that `vat.split`, `locale.convert` and
/// `catalog.unitPrices` take: 999,999,999,999.99 in cents, just under 10^12 euro.
pub const MAX_AMOUNT_CENTS: i64 = 99_999_999_999_999;

/// The amount, when it lies within ±[`MAX_AMOUNT_CENTS`]; otherwise
/// [`EngineError::OutOfRange`] for `field`.
pub(crate) fn check_amount(amount: Money, field: &str) -> Result<Money, InputError> {
    match cents::to_cents(amount) {
        Some(value) if (-MAX_AMOUNT_CENTS..=MAX_AMOUNT_CENTS).contains(&value) => Ok(amount),
        _ => {
            let max = Money::from_cents(MAX_AMOUNT_CENTS);
            Err(InputError::out_of_range(
                field,
                format!("{amount} is outside -{max} to {max}"),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_input_error_keeps_its_code_and_field_at_the_door() {
        let errors = [
            InputError::Invalid("x".to_owned()),
            InputError::out_of_range("amountEur", "too large"),
            InputError::Money(crate::money::MoneyError::Overflow),
        ];
        for error in errors {
            let door = crate::EngineError::from(error.clone());
            assert_eq!((door.code(), door.field()), (error.code(), error.field()));
            assert_eq!(door.to_string(), error.to_string());
        }
    }

    #[test]
    fn amounts_are_taken_up_to_just_under_a_trillion() {
        for text in ["0.00", "999999999999.99", "-999999999999.99", "12.34"] {
            let amount: Money = text.parse().unwrap();
            assert_eq!(check_amount(amount, "amount"), Ok(amount), "{text}");
        }
        for text in [
            "1000000000000",
            "-1000000000000.00",
            "79228162514264337593543950335",
        ] {
            let error = crate::EngineError::from(
                check_amount(text.parse().unwrap(), "amountEur").unwrap_err(),
            );
            assert_eq!(error.field(), Some("amountEur"), "{text}");
            assert_eq!(error.code(), "invalid_input");
        }
        let error = check_amount("1000000000000".parse().unwrap(), "price").unwrap_err();
        assert_eq!(
            error.to_string(),
            "invalid input: price: 1000000000000.00 is outside -999999999999.99 to 999999999999.99"
        );
    }
}
