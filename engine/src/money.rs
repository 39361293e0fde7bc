//! Amounts of money in euro (or a site's display currency), always with exactly two
//! fraction digits.
//!
//! Rounding is commercial rounding (half away from zero) and happens in one place,
//! [`Money::round`], so that every rule rounds the same way.

use std::fmt;
use std::str::FromStr;

use rust_decimal::{Decimal, RoundingStrategy};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::decimal_text::{self, TextBuffer};

/// The number of fraction digits of every amount.
pub const FRACTION_DIGITS: u32 = 2;

/// An amount of money with exactly two fraction digits.
///
/// Crosses JSON as a string (`"12.34"`), never as a float.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(type = "string"))]
pub struct Money(Decimal);

/// Why an amount could not be made or computed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoneyError {
    /// The text is not a decimal number.
    #[error("'{0}' is not an amount")]
    NotANumber(String),
    /// The amount has more than two fraction digits; amounts are never rounded silently on input.
    #[error("'{0}' has more than 2 fraction digits")]
    TooPrecise(String),
    /// The result does not fit the decimal range.
    #[error("amount overflow")]
    Overflow,
}

impl Money {
    /// Zero euro.
    pub const ZERO: Money = Money(Decimal::ZERO);

    /// Rounds any decimal to an amount, half away from zero (commercial rounding).
    pub fn round(value: Decimal) -> Money {
        let mut rounded =
            value.round_dp_with_strategy(FRACTION_DIGITS, RoundingStrategy::MidpointAwayFromZero);
        rounded.rescale(FRACTION_DIGITS);
        Money(normalize_negative_zero(rounded))
    }

    /// Makes an amount from a decimal that already has at most two fraction digits.
    pub fn from_decimal(value: Decimal) -> Result<Money, MoneyError> {
        if value.normalize().scale() > FRACTION_DIGITS {
            return Err(MoneyError::TooPrecise(value.to_string()));
        }
        Ok(Money::round(value))
    }

    /// Makes an amount from a whole number of cents.
    pub fn from_cents(cents: i64) -> Money {
        Money(Decimal::new(cents, FRACTION_DIGITS))
    }

    /// The amount as a decimal with scale 2.
    pub fn as_decimal(self) -> Decimal {
        self.0
    }

    /// The amount in whole cents, when it fits an `i64`.
    pub fn cents(self) -> Option<i64> {
        self.0
            .checked_mul(Decimal::ONE_HUNDRED)?
            .trunc()
            .to_string()
            .parse()
            .ok()
    }

    /// True for amounts below zero.
    pub fn is_negative(self) -> bool {
        self.0.is_sign_negative() && !self.0.is_zero()
    }

    /// True for exactly zero.
    pub fn is_zero(self) -> bool {
        self.0.is_zero()
    }

    /// `self + other`, or an error instead of an overflow.
    pub fn checked_add(self, other: Money) -> Result<Money, MoneyError> {
        self.0
            .checked_add(other.0)
            .map(Money::round)
            .ok_or(MoneyError::Overflow)
    }

    /// `self - other`, or an error instead of an overflow.
    pub fn checked_sub(self, other: Money) -> Result<Money, MoneyError> {
        self.0
            .checked_sub(other.0)
            .map(Money::round)
            .ok_or(MoneyError::Overflow)
    }

    /// `self * factor`, rounded once.
    pub fn checked_mul(self, factor: Decimal) -> Result<Money, MoneyError> {
        self.0
            .checked_mul(factor)
            .map(Money::round)
            .ok_or(MoneyError::Overflow)
    }

    /// The smaller of two amounts.
    pub fn min(self, other: Money) -> Money {
        if other < self { other } else { self }
    }
}

fn normalize_negative_zero(value: Decimal) -> Decimal {
    if value.is_zero() {
        let mut zero = Decimal::ZERO;
        zero.rescale(FRACTION_DIGITS);
        zero
    } else {
        value
    }
}

impl Money {
    /// The amount as text with two fraction digits, written into `buffer` without going
    /// through `core::fmt` when it can ([`decimal_text`]); `None` for the rare amounts the
    /// general formatting handles.
    pub(crate) fn write_plain(self, buffer: &mut TextBuffer) -> Option<&str> {
        let (mantissa, scale) = decimal_text::small_parts(self.0)?;
        let hundredths = mantissa.checked_mul(10_i64.pow(FRACTION_DIGITS - scale))?;
        Some(decimal_text::write_scaled(
            hundredths,
            FRACTION_DIGITS,
            buffer,
        ))
    }

    /// The general parse behind [`FromStr`]: any text rust_decimal reads.
    fn parse_general(text: &str) -> Result<Money, MoneyError> {
        let value = Decimal::from_str_exact(text.trim())
            .map_err(|_| MoneyError::NotANumber(text.to_owned()))?;
        Money::from_decimal(value).map_err(|_| MoneyError::TooPrecise(text.to_owned()))
    }
}

impl FromStr for Money {
    type Err = MoneyError;

    fn from_str(text: &str) -> Result<Money, MoneyError> {
        // Plain amounts such as "12.34" directly; the same value as the general parse.
        match decimal_text::plain_hundredths(text) {
            Some(cents) => Ok(Money::from_cents(cents)),
            None => Money::parse_general(text),
        }
    }
}

/// Reads an amount stored as text (the server's rows keep amounts as `"12.34"`).
impl TryFrom<String> for Money {
    type Error = MoneyError;

    fn try_from(text: String) -> Result<Money, MoneyError> {
        text.parse()
    }
}

impl fmt::Display for Money {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.write_plain(&mut TextBuffer::default()) {
            Some(text) => formatter.write_str(text),
            // Constants such as `Money::ZERO` may carry scale 0; the text always has two digits.
            None => write!(formatter, "{:.2}", self.0),
        }
    }
}

impl Serialize for Money {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.write_plain(&mut TextBuffer::default()) {
            Some(text) => serializer.serialize_str(text),
            None => serializer.collect_str(self),
        }
    }
}

impl<'de> Deserialize<'de> for Money {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Money, D::Error> {
        decimal_text::deserialize_parsed(deserializer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn money(text: &str) -> Money {
        text.parse().unwrap()
    }

    #[test]
    fn always_shows_two_fraction_digits() {
        assert_eq!(money("12").to_string(), "12.00");
        assert_eq!(money("12.5").to_string(), "12.50");
        assert_eq!(Money::from_cents(1234).to_string(), "12.34");
        assert_eq!(Money::ZERO.to_string(), "0.00");
    }

    #[test]
    fn rounds_half_away_from_zero() {
        assert_eq!(Money::round(Decimal::new(1005, 3)).to_string(), "1.01");
        assert_eq!(Money::round(Decimal::new(1004, 3)).to_string(), "1.00");
        assert_eq!(Money::round(Decimal::new(-1005, 3)).to_string(), "-1.01");
        assert_eq!(Money::round(Decimal::new(25, 3)).to_string(), "0.03");
        assert_eq!(Money::round(Decimal::new(-4, 3)).to_string(), "0.00");
    }

    #[test]
    fn rejects_text_that_is_no_amount_or_too_precise() {
        assert_eq!(
            "abc".parse::<Money>(),
            Err(MoneyError::NotANumber("abc".into()))
        );
        assert_eq!(
            "1.005".parse::<Money>(),
            Err(MoneyError::TooPrecise("1.005".into()))
        );
        assert_eq!("".parse::<Money>(), Err(MoneyError::NotANumber("".into())));
        assert_eq!(money("1.500").to_string(), "1.50");
    }

    #[test]
    fn checked_arithmetic_reports_overflow() {
        let max = Money(Decimal::MAX.round_dp(0));
        assert_eq!(max.checked_add(money("1")), Err(MoneyError::Overflow));
        assert_eq!(money("0.10").checked_add(money("0.20")), Ok(money("0.30")));
        assert_eq!(money("0.10").checked_sub(money("0.20")), Ok(money("-0.10")));
        assert_eq!(
            money("3.33").checked_mul(Decimal::new(3, 0)),
            Ok(money("9.99"))
        );
    }

    #[test]
    fn crosses_json_as_a_string() {
        assert_eq!(serde_json::to_string(&money("7.1")).unwrap(), "\"7.10\"");
        assert_eq!(
            serde_json::from_str::<Money>("\"7.10\"").unwrap(),
            money("7.10")
        );
        assert!(serde_json::from_str::<Money>("7.1").is_err());
    }

    /// The decimal's exact representation (mantissa, scale and sign), not only its value.
    fn bits(money: Money) -> [u8; 16] {
        money.as_decimal().serialize()
    }

    #[test]
    fn plain_and_general_parses_give_the_same_decimal() {
        for text in [
            "0",
            "-0",
            "-0.00",
            "0.5",
            "12.34",
            "-12.3",
            "007.10",
            "999999999999999.99",
            "-1",
        ] {
            assert_eq!(
                bits(text.parse().unwrap()),
                bits(Money::parse_general(text).unwrap()),
                "{text}"
            );
        }
        // Forms only the general parse reads, and its errors.
        assert_eq!(money(" 1.5 ").to_string(), "1.50");
        assert_eq!(money("+2").to_string(), "2.00");
        assert_eq!(money("1.500").to_string(), "1.50");
        assert_eq!(
            "1.5.5".parse::<Money>(),
            Err(MoneyError::NotANumber("1.5.5".into()))
        );
        assert_eq!(
            "-1.005".parse::<Money>(),
            Err(MoneyError::TooPrecise("-1.005".into()))
        );
    }

    #[test]
    fn deserializing_keeps_the_messages_of_a_string_field() {
        let error = serde_json::from_str::<Money>("7").unwrap_err().to_string();
        assert_eq!(
            error,
            "invalid type: integer `7`, expected a string at line 1 column 1"
        );
        let error = serde_json::from_str::<Money>("\"1.005\"")
            .unwrap_err()
            .to_string();
        assert_eq!(
            error,
            "'1.005' has more than 2 fraction digits at line 1 column 7"
        );
        assert_eq!(
            serde_json::from_str::<Money>("\"\\u0031.5\"").unwrap(),
            money("1.50")
        );
    }

    #[test]
    fn prints_every_scale_like_rust_decimal() {
        for money in [
            Money::ZERO,
            Money::default(),
            Money(Decimal::new(5, 1)),
            Money(Decimal::MAX.round_dp(0)),
            Money(Decimal::new(-7, 0)),
        ] {
            assert_eq!(money.to_string(), format!("{:.2}", money.as_decimal()));
            assert_eq!(
                serde_json::to_string(&money).unwrap(),
                format!("\"{:.2}\"", money.as_decimal())
            );
        }
    }

    proptest::proptest! {
        #[test]
        fn plain_amounts_parse_and_print_as_before(cents in proptest::prelude::any::<i64>(), scale in 0_u32..=2) {
            let decimal = Decimal::new(cents, scale);
            let text = decimal.to_string();
            if let Ok(general) = Money::parse_general(&text) {
                let parsed: Money = text.parse().unwrap();
                proptest::prop_assert_eq!(bits(parsed), bits(general));
                proptest::prop_assert_eq!(parsed.to_string(), format!("{:.2}", general.as_decimal()));
                proptest::prop_assert_eq!(serde_json::to_string(&parsed).unwrap(), format!("\"{:.2}\"", general.as_decimal()));
            }
            let rounded = Money::round(decimal);
            proptest::prop_assert_eq!(rounded.to_string(), format!("{:.2}", rounded.as_decimal()));
        }
    }

    #[test]
    fn knows_its_cents() {
        assert_eq!(money("12.34").cents(), Some(1234));
        assert_eq!(money("-0.05").cents(), Some(-5));
        assert_eq!(money("92233720368547758.07").cents(), Some(i64::MAX));
        assert_eq!(money("92233720368547758.08").cents(), None);
        assert_eq!(money("79228162514264337593543950335").cents(), None);
    }
}
