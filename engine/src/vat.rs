//! Value added tax: rates, and the split of a VAT-inclusive amount.
//!
//! Consumer prices include VAT. The VAT inside an inclusive total is
//! `total * rate / (100 + rate)`, rounded once (decisions.md, "Money and VAT").

use std::fmt;
use std::str::FromStr;

use rust_decimal::Decimal;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::decimal_text::{self, TextBuffer};
use crate::money::Money;

/// A VAT percentage between 0 and 100, with at most two fraction digits (e.g. `21`, `5.5`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(type = "string"))]
pub struct VatRate(Decimal);

/// Why a VAT rate is not valid.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VatRateError {
    /// The text is not a decimal number.
    #[error("'{0}' is not a VAT percentage")]
    NotANumber(String),
    /// The percentage is below 0 or above 100, or has more than two fraction digits.
    #[error("VAT percentage {0} is outside 0 to 100 or has more than 2 fraction digits")]
    OutOfRange(String),
}

impl VatRate {
    /// Makes a rate from a percentage, checking its range.
    pub fn from_percentage(percentage: Decimal) -> Result<VatRate, VatRateError> {
        let normalized = percentage.normalize();
        if normalized.is_sign_negative() && !normalized.is_zero()
            || normalized > Decimal::ONE_HUNDRED
            || normalized.scale() > 2
        {
            return Err(VatRateError::OutOfRange(percentage.to_string()));
        }
        Ok(VatRate(normalized))
    }

    /// The percentage, e.g. `21` for 21 %.
    pub fn percentage(self) -> Decimal {
        self.0
    }
}

impl FromStr for VatRate {
    type Err = VatRateError;

    fn from_str(text: &str) -> Result<VatRate, VatRateError> {
        let value = Decimal::from_str_exact(text.trim())
            .map_err(|_| VatRateError::NotANumber(text.to_owned()))?;
        VatRate::from_percentage(value)
    }
}

impl fmt::Display for VatRate {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{}", self.0)
    }
}

impl Serialize for VatRate {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Rates have at most two fraction digits: written directly, the same text as Display.
        match decimal_text::small_parts(self.0) {
            Some((mantissa, scale)) => {
                serializer.serialize_str(decimal_text::write_scaled(mantissa, scale, &mut TextBuffer::default()))
            }
            None => serializer.collect_str(self),
        }
    }
}

impl<'de> Deserialize<'de> for VatRate {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<VatRate, D::Error> {
        decimal_text::deserialize_parsed(deserializer)
    }
}

/// Which of a site's two VAT percentages applies to a product.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub enum VatType {
    /// The site's high (standard) rate.
    High,
    /// The site's low (reduced) rate, e.g. for feed in the Netherlands.
    Low,
}

/// What to split: a VAT-inclusive amount and the rate inside it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VatSplitRequest {
    /// The amount including VAT.
    pub amount_incl_vat: Money,
    /// The VAT percentage inside it.
    pub vat_rate_percentage: VatRate,
}

/// A VAT-inclusive amount split into the part excluding VAT and the VAT.
///
/// Always `amount_excl_vat + vat_amount == amount_incl_vat`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct VatSplit {
    /// The amount including VAT, as given.
    pub amount_incl_vat: Money,
    /// The amount excluding VAT.
    pub amount_excl_vat: Money,
    /// The VAT inside the amount, rounded once.
    pub vat_amount: Money,
    /// The rate that was applied.
    pub vat_rate_percentage: VatRate,
}

/// The VAT contained in a VAT-inclusive amount, rounded once, half away from zero.
pub fn vat_in_inclusive(amount_incl_vat: Money, rate: VatRate) -> Money {
    let divisor = Decimal::ONE_HUNDRED + rate.percentage();
    Money::round(amount_incl_vat.as_decimal() * rate.percentage() / divisor)
}

/// Splits a VAT-inclusive amount into the amount excluding VAT and the VAT.
pub fn split_inclusive(amount_incl_vat: Money, rate: VatRate) -> VatSplit {
    let vat_amount = vat_in_inclusive(amount_incl_vat, rate);
    // Subtraction of two amounts of at most 28 digits cannot overflow here: the VAT is
    // never larger in magnitude than the amount it is part of.
    let amount_excl_vat = Money::round(amount_incl_vat.as_decimal() - vat_amount.as_decimal());
    VatSplit { amount_incl_vat, amount_excl_vat, vat_amount, vat_rate_percentage: rate }
}

impl VatSplitRequest {
    /// Applies [`split_inclusive`] to this request.
    pub fn split(&self) -> VatSplit {
        split_inclusive(self.amount_incl_vat, self.vat_rate_percentage)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(amount: &str, rate: &str) -> (String, String) {
        let result = split_inclusive(amount.parse().unwrap(), rate.parse().unwrap());
        (result.amount_excl_vat.to_string(), result.vat_amount.to_string())
    }

    #[test]
    fn splits_dutch_high_and_low_rates() {
        assert_eq!(split("121.00", "21"), ("100.00".into(), "21.00".into()));
        assert_eq!(split("10.90", "9"), ("10.00".into(), "0.90".into()));
        assert_eq!(split("24.95", "21"), ("20.62".into(), "4.33".into()));
        assert_eq!(split("24.95", "9"), ("22.89".into(), "2.06".into()));
    }

    #[test]
    fn rounds_the_vat_once_half_away_from_zero() {
        // 0.05 * 25 / 125 = 0.01 exactly; 0.03 * 21 / 121 = 0.005206.. -> 0.01
        assert_eq!(split("0.05", "25"), ("0.04".into(), "0.01".into()));
        assert_eq!(split("0.03", "21"), ("0.02".into(), "0.01".into()));
        // 0.02 * 21 / 121 = 0.00347.. -> 0.00
        assert_eq!(split("0.02", "21"), ("0.02".into(), "0.00".into()));
    }

    #[test]
    fn handles_zero_rates_amounts_and_fractional_rates() {
        assert_eq!(split("0.00", "21"), ("0.00".into(), "0.00".into()));
        assert_eq!(split("50.00", "0"), ("50.00".into(), "0.00".into()));
        assert_eq!(split("105.50", "5.5"), ("100.00".into(), "5.50".into()));
        assert_eq!(split("-12.10", "21"), ("-10.00".into(), "-2.10".into()));
    }

    #[test]
    fn rejects_rates_outside_zero_to_one_hundred() {
        assert!(matches!("-1".parse::<VatRate>(), Err(VatRateError::OutOfRange(_))));
        assert!(matches!("100.01".parse::<VatRate>(), Err(VatRateError::OutOfRange(_))));
        assert!(matches!("9.125".parse::<VatRate>(), Err(VatRateError::OutOfRange(_))));
        assert!(matches!("x".parse::<VatRate>(), Err(VatRateError::NotANumber(_))));
        assert_eq!("21.00".parse::<VatRate>().unwrap().to_string(), "21");
    }
}
