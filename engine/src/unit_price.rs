//! Unit prices of a product variant (per 1 unit, kilogram, liter, 100 gram and 100 ml), from
//! its price and its content.
//!
//! A variant sold by weight shows the price per kg and per 100 g, one sold by volume per liter
//! and per 100 ml, one sold by the piece per unit. Each is rounded once, commercially, to the
//! cent.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::error::EngineError;
use crate::limits;
use crate::money::Money;

/// The unit a variant's content is measured in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
pub enum ContentUnit {
    /// Kilograms.
    Kg,
    /// Grams.
    G,
    /// Liters.
    L,
    /// Milliliters.
    Ml,
    /// Pieces.
    Piece,
}

impl ContentUnit {
    /// The unit as the API writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            ContentUnit::Kg => "kg",
            ContentUnit::G => "g",
            ContentUnit::L => "l",
            ContentUnit::Ml => "ml",
            ContentUnit::Piece => "piece",
        }
    }
}

/// Input of `catalog.unitPrices`: a VAT-inclusive price and the content it buys.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct UnitPriceRequest {
    /// The price of the variant.
    pub price: Money,
    /// How much the variant holds, in `unit`; more than 0.
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    #[cfg_attr(feature = "typescript", tsify(type = "string"))]
    pub amount: Decimal,
    /// The unit of `amount`.
    pub unit: ContentUnit,
}

/// The unit prices that apply to the content's unit; the others are absent.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct UnitPrices {
    /// Price per piece (content in pieces).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub per_unit: Option<Money>,
    /// Price per kilogram (content by weight).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub per_kilogram: Option<Money>,
    /// Price per 100 gram (content by weight).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub per_100_gram: Option<Money>,
    /// Price per liter (content by volume).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub per_liter: Option<Money>,
    /// Price per 100 ml (content by volume).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub per_100_ml: Option<Money>,
}

/// Computes the unit prices of `price` for `amount` of `unit`.
///
/// Refused with [`EngineError::OutOfRange`]: a `price` beyond
/// ±[`MAX_AMOUNT_CENTS`](crate::limits::MAX_AMOUNT_CENTS) (under 10^12), an `amount` of 0 or
/// less, and an `amount` so small that a unit price does not fit a decimal.
pub fn unit_prices(request: &UnitPriceRequest) -> Result<UnitPrices, EngineError> {
    let price = limits::check_amount(request.price, "price")?.as_decimal();
    if request.amount <= Decimal::ZERO {
        return Err(EngineError::out_of_range(
            "amount",
            format!(
                "the content amount must be more than 0, not {}",
                request.amount
            ),
        ));
    }
    let per = |base_amount: Decimal| -> Result<Money, EngineError> {
        // The price is bounded, so only a tiny amount can make the quotient overflow.
        price
            .checked_mul(base_amount)
            .and_then(|value| value.checked_div(request.amount))
            .map(Money::round)
            .ok_or_else(|| {
                EngineError::out_of_range(
                    "amount",
                    format!(
                        "the content amount {} is too small: the unit price does not fit a decimal",
                        request.amount
                    ),
                )
            })
    };
    let thousand = Decimal::from(1000);
    let hundred = Decimal::from(100);
    let mut prices = UnitPrices::default();
    match request.unit {
        ContentUnit::Kg => {
            prices.per_kilogram = Some(per(Decimal::ONE)?);
            prices.per_100_gram = Some(per(Decimal::new(1, 1))?);
        }
        ContentUnit::G => {
            prices.per_kilogram = Some(per(thousand)?);
            prices.per_100_gram = Some(per(hundred)?);
        }
        ContentUnit::L => {
            prices.per_liter = Some(per(Decimal::ONE)?);
            prices.per_100_ml = Some(per(Decimal::new(1, 1))?);
        }
        ContentUnit::Ml => {
            prices.per_liter = Some(per(thousand)?);
            prices.per_100_ml = Some(per(hundred)?);
        }
        ContentUnit::Piece => prices.per_unit = Some(per(Decimal::ONE)?),
    }
    Ok(prices)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prices(price: &str, amount: &str, unit: ContentUnit) -> UnitPrices {
        unit_prices(&UnitPriceRequest {
            price: price.parse().unwrap(),
            amount: amount.parse().unwrap(),
            unit,
        })
        .unwrap()
    }

    #[test]
    fn prices_by_weight_volume_and_piece() {
        let bag = prices("32.95", "20", ContentUnit::Kg);
        assert_eq!(bag.per_kilogram.unwrap().to_string(), "1.65");
        assert_eq!(bag.per_100_gram.unwrap().to_string(), "0.16");
        let tube = prices("12.50", "60", ContentUnit::G);
        assert_eq!(tube.per_kilogram.unwrap().to_string(), "208.33");
        assert_eq!(tube.per_100_gram.unwrap().to_string(), "20.83");
        let bottle = prices("19.95", "500", ContentUnit::Ml);
        assert_eq!(bottle.per_liter.unwrap().to_string(), "39.90");
        assert_eq!(bottle.per_100_ml.unwrap().to_string(), "3.99");
        let net = prices("24.95", "2", ContentUnit::Piece);
        assert_eq!(net.per_unit.unwrap().to_string(), "12.48");
        assert!(net.per_kilogram.is_none());
    }

    fn refusal(price: &str, amount: &str, unit: ContentUnit) -> EngineError {
        unit_prices(&UnitPriceRequest {
            price: price.parse().unwrap(),
            amount: amount.parse().unwrap(),
            unit,
        })
        .unwrap_err()
    }

    #[test]
    fn refuses_empty_content() {
        let request = UnitPriceRequest {
            price: "1.00".parse().unwrap(),
            amount: Decimal::ZERO,
            unit: ContentUnit::Kg,
        };
        assert!(unit_prices(&request).is_err());
        assert_eq!(
            refusal("1.00", "-0.0000000000000000000000000001", ContentUnit::G).field(),
            Some("amount")
        );
    }

    #[test]
    fn refuses_tiny_content_and_huge_prices_naming_the_field() {
        for unit in [
            ContentUnit::Kg,
            ContentUnit::G,
            ContentUnit::L,
            ContentUnit::Ml,
            ContentUnit::Piece,
        ] {
            let tiny = refusal("12.50", "0.0000000000000000000000000001", unit);
            assert_eq!(
                (tiny.code(), tiny.field()),
                ("invalid_input", Some("amount")),
                "{unit:?}"
            );
            let huge = refusal("79228162514264337593543950335", "1", unit);
            assert_eq!(huge.field(), Some("price"), "{unit:?}");
        }
        // The largest price over the largest content: tiny, not an error.
        let bulk = prices(
            "999999999999.99",
            "79228162514264337593543950335",
            ContentUnit::G,
        );
        assert_eq!(bulk.per_kilogram.unwrap().to_string(), "0.00");
        // The largest price over one gram: per kilogram a thousand times as much.
        let gram = prices("999999999999.99", "1", ContentUnit::G);
        assert_eq!(gram.per_kilogram.unwrap().to_string(), "999999999999990.00");
    }
}
