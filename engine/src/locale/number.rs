//! Numbers for display: the culture's decimal separator, and digit grouping for Swedish and
//! Polish only. Amounts have exactly two fraction digits
//! ([`format_amount`]); quantities such as scoops, grams or a lab value keep the fraction digits
//! the rule that computed them gave ([`format_quantity`]).

use rust_decimal::{Decimal, RoundingStrategy};
use serde::{Deserialize, Serialize};

use super::culture::Culture;

/// The no-break space that Swedish and Polish put between groups of three digits (as CLDR does).
pub const GROUP_SEPARATOR: char = '\u{a0}';

/// Formats a number with exactly two fraction digits for a culture.
///
/// The value is rounded once to two digits, half away from zero. English uses a decimal
/// point, every other culture a decimal comma. Only `sv` and `pl` group digits, with a
/// no-break space; like CLDR (and `Intl.NumberFormat`) Polish leaves four-digit numbers
/// ungrouped (minimum grouping digits 2): `sv` `1 234,50`, `pl` `1234,50` and `12 345,50`.
/// Negative numbers start with a hyphen-minus.
pub fn format_amount(value: Decimal, culture: Culture) -> String {
    let mut rounded = value.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero);
    rounded.rescale(2);
    write_number(rounded, culture)
}

/// Formats a quantity (scoops, grams, kilograms, a measured value) for a culture.
///
/// The same separators and grouping as [`format_amount`], but no rounding and no fixed number
/// of fraction digits: the rule that computed the quantity decided its precision (scoops to a
/// half, the ration check to 0.1, a lab value as measured), and trailing zeros are dropped, so
/// `1.50` scoops is `1,5` in Dutch and German and `1.5` in English, `2.0` is `2`, and a
/// whole number has no decimal separator. Negative quantities start with a hyphen-minus.
pub fn format_quantity(value: Decimal, culture: Culture) -> String {
    write_number(value.normalize(), culture)
}

/// Writes a decimal's digits as they are, with the culture's separators: a decimal point in
/// English and a comma elsewhere, and the no-break space groups of `sv` (from four digits) and
/// `pl` (from five, CLDR's minimum grouping digits of 2).
fn write_number(value: Decimal, culture: Culture) -> String {
    let negative = value.is_sign_negative() && !value.is_zero();
    let digits = value.abs().to_string();
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits.as_str(), ""));
    let minimum_grouping = match culture {
        Culture::Sv => Some(4),
        Culture::Pl => Some(5),
        _ => None,
    };
    let whole = match minimum_grouping {
        Some(minimum) if whole.len() >= minimum => group_thousands(whole),
        _ => whole.to_owned(),
    };
    let sign = if negative { "-" } else { "" };
    if fraction.is_empty() {
        return format!("{sign}{whole}");
    }
    let decimal_separator = if culture == Culture::En { '.' } else { ',' };
    format!("{sign}{whole}{decimal_separator}{fraction}")
}

fn group_thousands(whole: &str) -> String {
    let mut grouped = String::with_capacity(whole.len() + whole.len() / 3 * 2);
    for (index, digit) in whole.chars().enumerate() {
        if index > 0 && (whole.len() - index) % 3 == 0 {
            grouped.push(GROUP_SEPARATOR);
        }
        grouped.push(digit);
    }
    grouped
}

/// Input of `locale.formatAmount`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AmountFormatRequest {
    /// The number as a decimal string (any number of fraction digits).
    #[serde(with = "decimal_string")]
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    #[cfg_attr(feature = "typescript", tsify(type = "string"))]
    pub amount: Decimal,
    /// The culture to format for.
    pub culture: Culture,
}

/// Output of `locale.formatAmount`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct AmountFormatResult {
    /// The formatted number, without a currency.
    pub text: String,
}

impl AmountFormatRequest {
    /// Applies [`format_amount`].
    pub fn format(&self) -> AmountFormatResult {
        AmountFormatResult {
            text: format_amount(self.amount, self.culture),
        }
    }
}

/// Input of `locale.formatQuantity`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct QuantityFormatRequest {
    /// The quantity as a decimal string, e.g. `"1.5"` scoops or `"0.04"` mg.
    #[serde(with = "decimal_string")]
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    #[cfg_attr(feature = "typescript", tsify(type = "string"))]
    pub quantity: Decimal,
    /// The culture to format for.
    pub culture: Culture,
}

impl QuantityFormatRequest {
    /// Applies [`format_quantity`]; the answer has the shape of `locale.formatAmount`'s.
    pub fn format(&self) -> AmountFormatResult {
        AmountFormatResult {
            text: format_quantity(self.quantity, self.culture),
        }
    }
}

/// Serde for decimals that cross JSON as strings only, never as (float) numbers.
pub(crate) mod decimal_string {
    use rust_decimal::Decimal;
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes the decimal as a string.
    pub(crate) fn serialize<S: Serializer>(
        value: &Decimal,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.collect_str(value)
    }

    /// Reads a decimal from a string such as `"12.5"`.
    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Decimal, D::Error> {
        let text = String::deserialize(deserializer)?;
        Decimal::from_str_exact(text.trim())
            .map_err(|_| serde::de::Error::custom(format!("'{text}' is not a decimal number")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn format(value: &str, culture: Culture) -> String {
        format_amount(Decimal::from_str_exact(value).unwrap(), culture)
    }

    #[test]
    fn every_culture_shows_two_fraction_digits_with_its_separator() {
        let comma = [
            Culture::Cs,
            Culture::Da,
            Culture::De,
            Culture::DeAt,
            Culture::Es,
            Culture::Et,
            Culture::FrBe,
            Culture::FrFr,
            Culture::It,
            Culture::Nl,
            Culture::NlBe,
            Culture::Pt,
        ];
        for culture in comma {
            assert_eq!(format("1234.5", culture), "1234,50", "{culture}");
            assert_eq!(format("1234567.891", culture), "1234567,89", "{culture}");
        }
        assert_eq!(format("1234.5", Culture::En), "1234.50");
        assert_eq!(format("1234567.891", Culture::En), "1234567.89");
    }

    #[test]
    fn swedish_and_polish_group_digits_with_a_no_break_space() {
        let cases = [
            ("999.99", Culture::Sv, "999,99"),
            ("1000", Culture::Sv, "1\u{a0}000,00"),
            ("1234567.8", Culture::Sv, "1\u{a0}234\u{a0}567,80"),
            ("9999.99", Culture::Pl, "9999,99"),
            ("12345.5", Culture::Pl, "12\u{a0}345,50"),
            ("123456789", Culture::Pl, "123\u{a0}456\u{a0}789,00"),
            ("-1234", Culture::Sv, "-1\u{a0}234,00"),
        ];
        for (value, culture, expected) in cases {
            assert_eq!(format(value, culture), expected, "{value} {culture}");
        }
    }

    fn quantity(value: &str, culture: Culture) -> String {
        format_quantity(Decimal::from_str_exact(value).unwrap(), culture)
    }

    #[test]
    fn quantities_keep_their_digits_with_the_cultures_separators() {
        let cases = [
            ("1.5", Culture::Nl, "1,5"),
            ("1.5", Culture::De, "1,5"),
            ("1.5", Culture::En, "1.5"),
            ("1.50", Culture::FrBe, "1,5"),
            ("0.5", Culture::Pl, "0,5"),
            ("2", Culture::Nl, "2"),
            ("2.0", Culture::En, "2"),
            ("0.04", Culture::Sv, "0,04"),
            ("2500", Culture::Nl, "2500"),
            ("2500", Culture::Sv, "2\u{a0}500"),
            ("2500", Culture::Pl, "2500"),
            ("30000000", Culture::Pl, "30\u{a0}000\u{a0}000"),
            ("1234.25", Culture::Sv, "1\u{a0}234,25"),
            ("-7.10", Culture::Cs, "-7,1"),
            ("-0.0", Culture::Nl, "0"),
            ("0", Culture::En, "0"),
        ];
        for (value, culture, expected) in cases {
            assert_eq!(quantity(value, culture), expected, "{value} {culture}");
        }
    }

    #[test]
    fn rounds_once_half_away_from_zero() {
        let cases = [
            ("0.005", "0,01"),
            ("0.004", "0,00"),
            ("-0.005", "-0,01"),
            ("-0.004", "0,00"),
            ("2.675", "2,68"),
            ("0", "0,00"),
            ("7", "7,00"),
        ];
        for (value, expected) in cases {
            assert_eq!(format(value, Culture::Nl), expected, "{value}");
        }
    }
}
