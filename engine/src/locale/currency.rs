//! The display currency of a site and the indicative conversion from euro.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::culture::Culture;
use super::number::format_amount;
use crate::limits;
use crate::limits::InputError;
use crate::money::Money;

/// A currency prices can be shown in. Euro is what is charged; the others are indicative.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
pub enum Currency {
    /// Euro, the authoritative currency and the default.
    #[default]
    #[serde(rename = "EUR")]
    Eur,
    /// Danish krone.
    #[serde(rename = "DKK")]
    Dkk,
    /// Swedish krona.
    #[serde(rename = "SEK")]
    Sek,
    /// Polish złoty.
    #[serde(rename = "PLN")]
    Pln,
}

/// The currency of a site, derived from its currency symbol.
///
/// `Kr.` gives DKK, `KR` gives SEK, `zł` or `zl` gives PLN; anything else, and no symbol, gives
/// EUR. The comparison is exact and case-sensitive (the specification distinguishes `Kr.` from
/// `KR` by case); only surrounding white space is ignored.
pub fn currency_from_symbol(symbol: Option<&str>) -> Currency {
    match symbol.map(str::trim) {
        Some("Kr.") => Currency::Dkk,
        Some("KR") => Currency::Sek,
        Some("zł" | "zl") => Currency::Pln,
        _ => Currency::Eur,
    }
}

/// Input of `locale.currency`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CurrencyRequest {
    /// The site's currency symbol, if it has one.
    #[serde(default)]
    pub currency_symbol: Option<String>,
}

/// Output of `locale.currency`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct CurrencyResult {
    /// The derived currency.
    pub currency: Currency,
    /// True when prices in this currency are indicative only (anything but euro).
    pub indicative: bool,
}

impl CurrencyRequest {
    /// Applies [`currency_from_symbol`].
    pub fn resolve(&self) -> CurrencyResult {
        let currency = currency_from_symbol(self.currency_symbol.as_deref());
        CurrencyResult {
            currency,
            indicative: currency != Currency::Eur,
        }
    }
}

/// Units of a foreign currency per euro: a positive decimal, crossing JSON as a string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(type = "string"))]
#[serde(try_from = "String", into = "String")]
pub struct ConversionRate(Decimal);

impl ConversionRate {
    /// Makes a rate; it must be above zero ([`EngineError::OutOfRange`] for `rate` otherwise).
    pub fn new(rate: Decimal) -> Result<ConversionRate, InputError> {
        if rate <= Decimal::ZERO {
            return Err(InputError::out_of_range(
                "rate",
                format!("conversion rate {rate} is not above 0"),
            ));
        }
        Ok(ConversionRate(rate.normalize()))
    }

    /// The rate as a decimal.
    pub fn as_decimal(self) -> Decimal {
        self.0
    }
}

impl TryFrom<String> for ConversionRate {
    type Error = InputError;

    fn try_from(text: String) -> Result<ConversionRate, InputError> {
        let rate = Decimal::from_str_exact(text.trim())
            .map_err(|_| InputError::Invalid(format!("'{text}' is not a conversion rate")))?;
        ConversionRate::new(rate)
    }
}

impl From<ConversionRate> for String {
    fn from(rate: ConversionRate) -> String {
        rate.0.to_string()
    }
}

/// Converts a euro amount with a rate, rounded once, half away from zero; an error instead of
/// an overflow when the result does not fit a decimal.
pub fn convert_from_euro(amount_eur: Money, rate: ConversionRate) -> Result<Money, InputError> {
    Ok(amount_eur.checked_mul(rate.as_decimal())?)
}

/// Input of `locale.convert`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConversionRequest {
    /// The authoritative euro amount.
    pub amount_eur: Money,
    /// The currency to show.
    pub currency: Currency,
    /// Units of `currency` per euro; required unless the currency is euro.
    #[serde(default)]
    pub rate: Option<ConversionRate>,
}

/// Output of `locale.convert`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ConversionResult {
    /// The amount in `currency`.
    pub amount: Money,
    /// The currency of `amount`.
    pub currency: Currency,
    /// True for converted (non-euro) amounts, which are shown as indicative only.
    pub indicative: bool,
}

impl ConversionRequest {
    /// Converts the amount; euro stays as it is, whatever the rate. An amount beyond
    /// ±[`MAX_AMOUNT_CENTS`](crate::limits::MAX_AMOUNT_CENTS) (under 10^12 euro) is refused
    /// naming `amountEur`, a rate that makes the result overflow naming `rate`
    /// ([`EngineError::OutOfRange`]).
    pub fn convert(&self) -> Result<ConversionResult, InputError> {
        let amount_eur = limits::check_amount(self.amount_eur, "amountEur")?;
        if self.currency == Currency::Eur {
            return Ok(ConversionResult {
                amount: amount_eur,
                currency: Currency::Eur,
                indicative: false,
            });
        }
        let rate = self.rate.ok_or_else(|| {
            InputError::Invalid(
                "a conversion rate is required for a currency other than EUR".into(),
            )
        })?;
        // The amount is bounded, so only the rate can make the product overflow.
        let amount = convert_from_euro(amount_eur, rate).map_err(|_| {
            InputError::out_of_range(
                "rate",
                format!(
                    "{amount_eur} x {} does not fit a decimal",
                    rate.as_decimal()
                ),
            )
        })?;
        Ok(ConversionResult {
            amount,
            currency: self.currency,
            indicative: true,
        })
    }
}

/// Input of `locale.displayPrice`: a euro amount as a site shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PriceDisplayRequest {
    /// The authoritative euro amount (what is charged).
    pub amount_eur: Money,
    /// The site's currency symbol (`€`, `Kr.`, `KR`, `zł`).
    #[serde(default)]
    pub currency_symbol: Option<String>,
    /// The site's units of its currency per euro; required to show a currency other than euro.
    #[serde(default)]
    pub rate: Option<ConversionRate>,
    /// The culture whose number format to use.
    pub culture: Culture,
}

/// Output of `locale.displayPrice`: what a visitor reads for one amount.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct PriceDisplay {
    /// The amount shown, in `currency`: the euro amount, or its conversion at the site's rate.
    pub amount: Money,
    /// The currency of `amount`.
    pub currency: Currency,
    /// True for a converted amount, which the page marks as indicative (`ca.`).
    pub indicative: bool,
    /// The symbol written before the number.
    pub symbol: String,
    /// The symbol and the number as the culture writes it, e.g. `Kr. 245,80`.
    pub text: String,
}

/// The symbol euro amounts are shown with when the site's own symbol names another currency.
const EURO_SYMBOL: &str = "€";

/// How a site shows a euro amount. A euro site shows it as it is, with the site's symbol. A
/// krone, krona or złoty site shows the amount converted at its rate, once rounded, marked
/// indicative. Without a rate the amount stays in euro with the euro sign: a euro number is
/// never written behind another currency's sign.
pub fn display_price(request: &PriceDisplayRequest) -> Result<PriceDisplay, InputError> {
    let currency = currency_from_symbol(request.currency_symbol.as_deref());
    let site_symbol = request.currency_symbol.as_deref().map(str::trim);
    let shown = match (currency, request.rate) {
        (Currency::Eur, _) | (_, None) => ConversionRequest {
            amount_eur: request.amount_eur,
            currency: Currency::Eur,
            rate: None,
        },
        (currency, Some(rate)) => ConversionRequest {
            amount_eur: request.amount_eur,
            currency,
            rate: Some(rate),
        },
    }
    .convert()?;
    let symbol = match (shown.currency, site_symbol) {
        (Currency::Eur, Some(symbol)) if currency == Currency::Eur && !symbol.is_empty() => symbol,
        (Currency::Eur, _) => EURO_SYMBOL,
        (_, symbol) => symbol.unwrap_or_default(),
    }
    .to_owned();
    let text = format!(
        "{symbol} {}",
        format_amount(shown.amount.as_decimal(), request.culture)
    );
    Ok(PriceDisplay {
        amount: shown.amount,
        currency: shown.currency,
        indicative: shown.indicative,
        symbol,
        text,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(amount: &str, symbol: &str, rate: Option<&str>, culture: Culture) -> PriceDisplay {
        display_price(&PriceDisplayRequest {
            amount_eur: amount.parse().unwrap(),
            currency_symbol: Some(symbol.to_owned()),
            rate: rate.map(|rate| ConversionRate::try_from(rate.to_owned()).unwrap()),
            culture,
        })
        .unwrap()
    }

    #[test]
    fn a_krone_site_shows_the_converted_amount_not_the_euro_number() {
        let krone = shown("32.95", "Kr.", Some("7.46"), Culture::Da);
        assert_eq!(krone.text, "Kr. 245,81"); // 245.807
        assert_eq!((krone.currency, krone.indicative), (Currency::Dkk, true));
        let krona = shown("32.95", "KR", Some("11.20"), Culture::Sv);
        assert_eq!(krona.text, "KR 369,04");
        let zloty = shown("1234.50", "zł", Some("4.30"), Culture::Pl);
        assert_eq!(zloty.text, "zł 5308,35");
        let euro = shown("32.95", "€", None, Culture::Nl);
        assert_eq!((euro.text.as_str(), euro.indicative), ("€ 32,95", false));
    }

    #[test]
    fn without_a_rate_a_foreign_site_shows_euro_with_the_euro_sign() {
        let unconverted = shown("32.95", "Kr.", None, Culture::Da);
        assert_eq!(unconverted.text, "€ 32,95");
        assert_eq!(
            (unconverted.currency, unconverted.indicative),
            (Currency::Eur, false)
        );
        // A euro site ignores a rate.
        assert_eq!(shown("5.00", "€", Some("7.46"), Culture::De).text, "€ 5,00");
    }

    #[test]
    fn derives_the_currency_from_the_symbol() {
        let cases = [
            (Some("Kr."), Currency::Dkk),
            (Some("KR"), Currency::Sek),
            (Some("zł"), Currency::Pln),
            (Some("zl"), Currency::Pln),
            (Some(" KR "), Currency::Sek),
            (Some("€"), Currency::Eur),
            (Some("kr"), Currency::Eur),
            (Some("Kr"), Currency::Eur),
            (Some(""), Currency::Eur),
            (None, Currency::Eur),
        ];
        for (symbol, expected) in cases {
            assert_eq!(currency_from_symbol(symbol), expected, "{symbol:?}");
        }
    }

    #[test]
    fn converts_once_half_away_from_zero() {
        let cases = [
            ("10.00", "7.4604", "74.60"),
            ("24.95", "11.5", "286.93"), // 286.925
            ("0.01", "0.5", "0.01"),     // 0.005
            ("0.00", "4.3", "0.00"),
            ("19.99", "4.2831", "85.62"), // 85.619169
        ];
        for (amount, rate, expected) in cases {
            let rate = ConversionRate::try_from(rate.to_owned()).unwrap();
            let converted = convert_from_euro(amount.parse().unwrap(), rate).unwrap();
            assert_eq!(converted.to_string(), expected, "{amount} x {rate:?}");
        }
    }

    #[test]
    fn refuses_rates_that_are_not_above_zero() {
        for text in ["0", "-1", "abc", ""] {
            assert!(ConversionRate::try_from(text.to_owned()).is_err(), "{text}");
        }
        let zero = ConversionRate::try_from("0".to_owned()).unwrap_err();
        assert_eq!((zero.code(), zero.field()), ("invalid_input", Some("rate")));
        let tiny =
            ConversionRate::try_from("-0.0000000000000000000000000001".to_owned()).unwrap_err();
        assert_eq!(tiny.field(), Some("rate"));
    }

    fn request(amount: &str, rate: &str) -> ConversionRequest {
        ConversionRequest {
            amount_eur: amount.parse().unwrap(),
            currency: Currency::Dkk,
            rate: Some(ConversionRate::try_from(rate.to_owned()).unwrap()),
        }
    }

    #[test]
    fn a_zero_rate_is_refused_over_json_naming_the_rate() {
        let error = crate::operations::run(
            "locale.convert",
            r#"{"amountEur":"10.00","currency":"DKK","rate":"0"}"#,
        )
        .unwrap_err();
        assert_eq!(error.code(), "invalid_input");
        assert!(error.to_string().contains("rate"), "{error}");
    }

    #[test]
    fn refuses_what_overflows_naming_the_field_instead_of_panicking() {
        let huge_rate = request("10.00", "79228162514264337593543950335")
            .convert()
            .unwrap_err();
        assert_eq!(
            (huge_rate.code(), huge_rate.field()),
            ("invalid_input", Some("rate"))
        );
        let huge_amount = request("79228162514264337593543950335", "7.46")
            .convert()
            .unwrap_err();
        assert_eq!(huge_amount.field(), Some("amountEur"));
        let euro = ConversionRequest {
            currency: Currency::Eur,
            rate: None,
            ..request("1000000000000", "1")
        };
        assert_eq!(euro.convert().unwrap_err().field(), Some("amountEur"));
        // The largest amount at a large but possible rate, and the smallest rate.
        assert_eq!(
            request("999999999999.99", "1000")
                .convert()
                .unwrap()
                .amount
                .to_string(),
            "999999999999990.00"
        );
        assert_eq!(
            request("999999999999.99", "0.0000000000000000000000000001")
                .convert()
                .unwrap()
                .amount
                .to_string(),
            "0.00"
        );
        // The typed function: an error, not a panic.
        let huge: Money = "79228162514264337593543950335".parse().unwrap();
        assert!(
            convert_from_euro(huge, ConversionRate::try_from("2".to_owned()).unwrap()).is_err()
        );
    }

    #[test]
    fn euro_needs_no_rate_and_other_currencies_do() {
        let euro = ConversionRequest {
            amount_eur: "5.00".parse().unwrap(),
            currency: Currency::Eur,
            rate: None,
        };
        assert_eq!(euro.convert().unwrap().amount.to_string(), "5.00");
        let krone = ConversionRequest {
            currency: Currency::Dkk,
            ..euro
        };
        assert_eq!(krone.convert().unwrap_err().code(), "invalid_input");
    }
}
