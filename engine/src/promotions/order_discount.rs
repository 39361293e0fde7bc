//! Order discounts: money off the whole order.

use serde::{Deserialize, Serialize};

use super::Reduction;
use crate::cents;
use crate::money::Money;

/// A percentage of the subtotal (rounded once) or a fixed amount off the order, from an
/// optional minimum order amount. The subtotal is the goods after product discounts; a
/// subtotal exactly at the minimum qualifies.
///
/// The cart spreads the discount over the lines in proportion to their totals, so that the
/// VAT of each rate reflects it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OrderDiscount {
    /// How much it takes off.
    pub discount: Reduction,
    /// The subtotal needed; any when absent.
    #[serde(default)]
    pub minimum_order_amount: Option<Money>,
}

impl OrderDiscount {
    pub(super) fn validate(&self) -> Result<(), String> {
        self.discount.validate()?;
        match self.minimum_order_amount {
            Some(minimum) => super::validate_amount(minimum, "minimumOrderAmount"),
            None => Ok(()),
        }
    }

    /// The discount in cents on a subtotal of `subtotal` cents, before the cap at what is left.
    pub(crate) fn discount_on(&self, subtotal: i64) -> i64 {
        let minimum = self
            .minimum_order_amount
            .and_then(cents::to_cents)
            .unwrap_or(0);
        if subtotal < minimum {
            return 0;
        }
        match &self.discount {
            Reduction::Percentage(percentage) => {
                cents::percentage_of(subtotal, percentage.basis_points())
            }
            Reduction::Amount(amount) => Reduction::amount_cents(*amount),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn applies_from_the_minimum_order_amount() {
        let rule: OrderDiscount = serde_json::from_value(serde_json::json!({
            "discount": {"percentage": "5"}, "minimumOrderAmount": "50.00"}))
        .unwrap();
        assert_eq!(rule.discount_on(4_999), 0);
        assert_eq!(rule.discount_on(5_000), 250);
        assert_eq!(rule.discount_on(5_010), 251); // 2.505 -> 2.51
    }
}
