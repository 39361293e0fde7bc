//! Value added tax: rates, the split of a VAT-inclusive amount, when an invoice says the VAT is
//! reverse-charged, and which VAT rows a summary or an invoice shows.
//!
//! Consumer prices include VAT. The VAT inside an inclusive total is
//! `total * rate / (100 + rate)`, rounded once.

use std::fmt;
use std::str::FromStr;

use rust_decimal::Decimal;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::decimal_text::{self, TextBuffer};
use crate::limits;
use crate::limits::InputError;
use crate::locale::CountryCode;
use crate::money::{Money, MoneyError};
use crate::validation::is_vat_number;

mod rows;

pub(crate) use rows::shows_row;
pub use rows::{LineVatRate, SiteVatRates, VatDocument, VatRow, VatRowsRequest, vat_rows};

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
            Some((mantissa, scale)) => serializer.serialize_str(decimal_text::write_scaled(
                mantissa,
                scale,
                &mut TextBuffer::default(),
            )),
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
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub enum VatType {
    /// The site's high (standard) rate.
    High,
    /// The site's low (reduced) rate, e.g. for feed in the Netherlands.
    Low,
}

impl VatType {
    /// The label used in JSON and in the database.
    pub fn as_str(self) -> &'static str {
        match self {
            VatType::High => "high",
            VatType::Low => "low",
        }
    }
}

/// A text that names no VAT type.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a VAT type (high or low)")]
pub struct UnknownVatType(pub String);

impl FromStr for VatType {
    type Err = UnknownVatType;

    fn from_str(text: &str) -> Result<VatType, UnknownVatType> {
        match text {
            "high" => Ok(VatType::High),
            "low" => Ok(VatType::Low),
            other => Err(UnknownVatType(other.to_owned())),
        }
    }
}

/// What to split: a VAT-inclusive amount and the rate inside it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
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
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
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
///
/// [`MoneyError::Overflow`] when `amount x rate` does not fit a decimal (amounts near the
/// decimal range); the JSON door takes amounts under 10^12 only ([`crate::limits`]).
pub fn vat_in_inclusive(amount_incl_vat: Money, rate: VatRate) -> Result<Money, MoneyError> {
    // A rate is at most 100, so the divisor is 100 to 200 and the division cannot overflow.
    let divisor = Decimal::ONE_HUNDRED + rate.percentage();
    amount_incl_vat
        .as_decimal()
        .checked_mul(rate.percentage())
        .and_then(|product| product.checked_div(divisor))
        .map(Money::round)
        .ok_or(MoneyError::Overflow)
}

/// Splits a VAT-inclusive amount into the amount excluding VAT and the VAT.
///
/// [`MoneyError::Overflow`] for amounts so large that the VAT does not fit a decimal.
pub fn split_inclusive(amount_incl_vat: Money, rate: VatRate) -> Result<VatSplit, MoneyError> {
    let vat_amount = vat_in_inclusive(amount_incl_vat, rate)?;
    let amount_excl_vat = amount_incl_vat.checked_sub(vat_amount)?;
    Ok(VatSplit {
        amount_incl_vat,
        amount_excl_vat,
        vat_amount,
        vat_rate_percentage: rate,
    })
}

impl VatSplitRequest {
    /// Applies [`split_inclusive`] to this request. An amount beyond
    /// ±[`MAX_AMOUNT_CENTS`](crate::limits::MAX_AMOUNT_CENTS) (under 10^12 euro) is refused
    /// with [`EngineError::OutOfRange`] naming `amountInclVat`; the rate is 0 to 100 by its
    /// type.
    pub fn split(&self) -> Result<VatSplit, InputError> {
        const FIELD: &str = "amountInclVat";
        let amount = limits::check_amount(self.amount_incl_vat, FIELD)?;
        // Within the bound the split cannot overflow; should it, it is still the amount's fault.
        split_inclusive(amount, self.vat_rate_percentage)
            .map_err(|error| InputError::out_of_range(FIELD, error.to_string()))
    }
}

/// The prefixes of the VAT numbers of the 27 member states of the European Union (Greece
/// writes `EL`, not its country code `GR`).
const EU_VAT_PREFIXES: [&str; 27] = [
    "AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "EL", "ES", "FI", "FR", "HR", "HU", "IE", "IT",
    "LT", "LU", "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK",
];

/// Whether a country is a member state of the European Union.
pub fn is_eu_member_state(country: CountryCode) -> bool {
    let prefix = match country.as_str() {
        "GR" => "EL",
        "EL" => return false,
        code => code,
    };
    EU_VAT_PREFIXES.contains(&prefix)
}

/// The member state of a VAT number in the EU format ([`is_vat_number`]) whose prefix is a
/// member state's (`EL` is Greece, `GR`); `None` for anything else.
pub fn member_state_of_vat_number(text: &str) -> Option<CountryCode> {
    if !is_vat_number(text, None) {
        return None;
    }
    // As `is_vat_number` reads it: without spaces, dots and dashes, in capitals.
    let prefix: String = text
        .chars()
        .filter(|c| !matches!(c, ' ' | '.' | '-'))
        .take(2)
        .map(|c| c.to_ascii_uppercase())
        .collect();
    if !EU_VAT_PREFIXES.contains(&prefix.as_str()) {
        return None;
    }
    let code = if prefix == "EL" { "GR" } else { &prefix };
    code.parse().ok()
}

/// What decides whether an invoice says its VAT is reverse-charged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReverseChargeRequest {
    /// The seller's VAT identification number; its prefix is the member state the seller is
    /// registered in.
    pub seller_vat_number: String,
    /// The buyer's VAT identification number; absent or blank for a consumer.
    #[serde(default)]
    pub buyer_vat_number: Option<String>,
    /// The country the goods go to (the delivery address's); absent when not known.
    #[serde(default)]
    pub destination_country: Option<CountryCode>,
    /// The VAT the invoice charges, one amount per rate.
    pub vat_amounts: Vec<Money>,
    /// The invoice's total.
    pub total_amount: Money,
}

/// Why an invoice does or does not say that its VAT is reverse-charged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum ReverseChargeReason {
    /// A business buyer in another member state, goods going there, no VAT charged.
    Applies,
    /// The buyer gave no VAT number (a consumer).
    NoBuyerVatNumber,
    /// The buyer's VAT number is not in the EU format of its prefix.
    InvalidBuyerVatNumber,
    /// The buyer's VAT number is not of an EU member state.
    BuyerOutsideEu,
    /// The seller's VAT number is missing or not of an EU member state.
    SellerOutsideEu,
    /// Buyer and seller are registered in the same member state: a domestic sale.
    SameMemberState,
    /// The goods stay in the seller's member state.
    DeliveredInSellerState,
    /// The goods leave the EU: an export, not an intra-Community supply.
    DeliveredOutsideEu,
    /// The invoice totals nothing.
    NothingInvoiced,
    /// The invoice charges VAT, so a reverse-charge note would contradict its amounts.
    VatCharged,
}

/// Whether an invoice says that its VAT is reverse-charged, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ReverseCharge {
    /// True when the invoice carries the reverse-charge note and shows no VAT lines.
    pub applies: bool,
    /// The rule that decided.
    pub reason: ReverseChargeReason,
}

/// When an invoice says that its VAT is reverse-charged (the buyer accounts for it): a
/// business buyer with a VAT number of an EU member state other than the seller's, goods going
/// to a member state other than the seller's, and an invoice of a non-zero total that charged
/// no VAT. The rules are tried in that order; the first that fails is the reason.
///
/// The engine's cart charges the site's VAT to every buyer, so today only an invoice whose
/// amounts were zero-rated elsewhere (an import, the back office) gets the note; the amounts
/// stay the authority, so an invoice never says "reverse charge" next to the VAT it charged.
pub fn reverse_charge(request: &ReverseChargeRequest) -> ReverseCharge {
    let decided = |reason| ReverseCharge {
        applies: reason == ReverseChargeReason::Applies,
        reason,
    };
    let Some(buyer_number) = request
        .buyer_vat_number
        .as_deref()
        .map(str::trim)
        .filter(|number| !number.is_empty())
    else {
        return decided(ReverseChargeReason::NoBuyerVatNumber);
    };
    if !is_vat_number(buyer_number, None) {
        return decided(ReverseChargeReason::InvalidBuyerVatNumber);
    }
    let Some(buyer_state) = member_state_of_vat_number(buyer_number) else {
        return decided(ReverseChargeReason::BuyerOutsideEu);
    };
    let Some(seller_state) = member_state_of_vat_number(&request.seller_vat_number) else {
        return decided(ReverseChargeReason::SellerOutsideEu);
    };
    if buyer_state == seller_state {
        return decided(ReverseChargeReason::SameMemberState);
    }
    if let Some(destination) = request.destination_country {
        if destination == seller_state {
            return decided(ReverseChargeReason::DeliveredInSellerState);
        }
        if !is_eu_member_state(destination) {
            return decided(ReverseChargeReason::DeliveredOutsideEu);
        }
    }
    if request.total_amount.is_zero() {
        return decided(ReverseChargeReason::NothingInvoiced);
    }
    if request.vat_amounts.iter().any(|amount| !amount.is_zero()) {
        return decided(ReverseChargeReason::VatCharged);
    }
    decided(ReverseChargeReason::Applies)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(amount: &str, rate: &str) -> (String, String) {
        let result = split_inclusive(amount.parse().unwrap(), rate.parse().unwrap()).unwrap();
        (
            result.amount_excl_vat.to_string(),
            result.vat_amount.to_string(),
        )
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

    fn request(amount: &str, rate: &str) -> VatSplitRequest {
        VatSplitRequest {
            amount_incl_vat: amount.parse().unwrap(),
            vat_rate_percentage: rate.parse().unwrap(),
        }
    }

    #[test]
    fn refuses_amounts_of_a_trillion_and_more_naming_the_field() {
        // Once a panic (decimal overflow in amount x rate); now an error for the field.
        let error = request("10000000000000000000000000000", "21")
            .split()
            .unwrap_err();
        assert_eq!(error.code(), "invalid_input");
        assert_eq!(error.field(), Some("amountInclVat"));
        assert_eq!(
            error.to_string(),
            "invalid input: amountInclVat: 10000000000000000000000000000.00 is outside -999999999999.99 to 999999999999.99"
        );
        for amount in [
            "79228162514264337593543950335",
            "-79228162514264337593543950335",
            "1000000000000",
            "-1000000000000",
        ] {
            assert_eq!(
                request(amount, "100").split().unwrap_err().field(),
                Some("amountInclVat"),
                "{amount}"
            );
        }
        let largest = request("999999999999.99", "21").split().unwrap();
        // 999999999999.99 x 21 / 121 = 173553719008.2627..
        assert_eq!(largest.vat_amount.to_string(), "173553719008.26");
        assert_eq!(largest.amount_excl_vat.to_string(), "826446280991.73");
        assert_eq!(
            request("-999999999999.99", "21")
                .split()
                .unwrap()
                .vat_amount
                .to_string(),
            "-173553719008.26"
        );
    }

    #[test]
    fn the_typed_split_reports_overflow_instead_of_panicking() {
        let huge: Money = "79228162514264337593543950335".parse().unwrap();
        assert_eq!(
            split_inclusive(huge, "21".parse().unwrap()),
            Err(MoneyError::Overflow)
        );
        assert_eq!(
            vat_in_inclusive(huge, "1.01".parse().unwrap()),
            Err(MoneyError::Overflow)
        );
        // A zero rate multiplies to zero: no overflow, no VAT.
        assert_eq!(
            split_inclusive(huge, "0".parse().unwrap())
                .unwrap()
                .vat_amount,
            Money::ZERO
        );
    }

    #[test]
    fn rejects_rates_outside_zero_to_one_hundred() {
        assert!(matches!(
            "-1".parse::<VatRate>(),
            Err(VatRateError::OutOfRange(_))
        ));
        assert!(matches!(
            "100.01".parse::<VatRate>(),
            Err(VatRateError::OutOfRange(_))
        ));
        assert!(matches!(
            "9.125".parse::<VatRate>(),
            Err(VatRateError::OutOfRange(_))
        ));
        assert!(matches!(
            "x".parse::<VatRate>(),
            Err(VatRateError::NotANumber(_))
        ));
        assert_eq!("21.00".parse::<VatRate>().unwrap().to_string(), "21");
    }

    fn charge(
        buyer: Option<&str>,
        destination: Option<&str>,
        vat: &[&str],
        total: &str,
    ) -> ReverseCharge {
        reverse_charge(&ReverseChargeRequest {
            seller_vat_number: "NL862447915B01".to_owned(),
            buyer_vat_number: buyer.map(str::to_owned),
            destination_country: destination.map(|code| code.parse().unwrap()),
            vat_amounts: vat.iter().map(|amount| amount.parse().unwrap()).collect(),
            total_amount: total.parse().unwrap(),
        })
    }

    #[test]
    fn reverse_charge_for_a_business_in_another_member_state_without_vat() {
        use ReverseChargeReason::*;
        let zero = ["0.00", "0.00"];
        for (buyer, destination, vat, total, reason) in [
            (Some("DE123456789"), Some("DE"), &zero, "100.00", Applies),
            (Some("de 123.456.789"), None, &zero, "100.00", Applies),
            (Some("EL123456789"), Some("GR"), &zero, "100.00", Applies),
            (None, Some("DE"), &zero, "100.00", NoBuyerVatNumber),
            (Some("  "), Some("DE"), &zero, "100.00", NoBuyerVatNumber),
            (
                Some("DE12345"),
                Some("DE"),
                &zero,
                "100.00",
                InvalidBuyerVatNumber,
            ),
            (
                Some("CHE123456789"),
                Some("DE"),
                &zero,
                "100.00",
                BuyerOutsideEu,
            ),
            (
                Some("NL801234566B01"),
                Some("NL"),
                &zero,
                "100.00",
                SameMemberState,
            ),
            (
                Some("BE0123456789"),
                Some("NL"),
                &zero,
                "100.00",
                DeliveredInSellerState,
            ),
            (
                Some("BE0123456789"),
                Some("CH"),
                &zero,
                "100.00",
                DeliveredOutsideEu,
            ),
            (
                Some("DE123456789"),
                Some("DE"),
                &zero,
                "0.00",
                NothingInvoiced,
            ),
            (
                Some("DE123456789"),
                Some("DE"),
                &["8.26", "0.00"],
                "100.00",
                VatCharged,
            ),
        ] {
            let decision = charge(buyer, destination, vat, total);
            assert_eq!(decision.reason, reason, "{buyer:?} {destination:?} {vat:?}");
            assert_eq!(decision.applies, reason == Applies);
        }
        let mut request = ReverseChargeRequest {
            seller_vat_number: String::new(),
            buyer_vat_number: Some("DE123456789".to_owned()),
            destination_country: None,
            vat_amounts: Vec::new(),
            total_amount: "10.00".parse().unwrap(),
        };
        assert_eq!(reverse_charge(&request).reason, SellerOutsideEu);
        request.seller_vat_number = "GB123456789".to_owned();
        assert_eq!(reverse_charge(&request).reason, SellerOutsideEu);
    }

    #[test]
    fn member_states_by_country_and_by_vat_number() {
        let country = |code: &str| code.parse::<CountryCode>().unwrap();
        assert!(is_eu_member_state(country("GR")) && is_eu_member_state(country("NL")));
        for code in ["EL", "CH", "GB", "NO", "XI"] {
            assert!(!is_eu_member_state(country(code)), "{code}");
        }
        assert_eq!(
            member_state_of_vat_number("EL123456789"),
            Some(country("GR"))
        );
        assert_eq!(
            member_state_of_vat_number("nl 1234.56.789.b01"),
            Some(country("NL"))
        );
        assert_eq!(member_state_of_vat_number("GB123456789"), None);
        assert_eq!(member_state_of_vat_number("NL123"), None);
    }
}
