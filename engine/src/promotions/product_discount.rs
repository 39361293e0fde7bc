//! Product discounts: money off the lines of a product, a variant or a product group.

use serde::{Deserialize, Serialize};

use super::{Reduction, Target, Targeted};
use crate::catalog::CatalogEntry;
use crate::cents;

/// A percentage or a fixed amount per unit off every targeted line, from an optional
/// minimum quantity on that line.
///
/// A percentage is taken of the line's original amount and rounded once per line. A fixed
/// amount is taken off each unit, never more than the unit price.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProductDiscount {
    /// The lines it is for.
    pub applies_to: Target,
    /// How much it takes off.
    pub discount: Reduction,
    /// The line needs at least this many units; any quantity when absent.
    #[serde(default)]
    pub minimum_quantity: Option<u32>,
}

impl ProductDiscount {
    pub(super) fn validate(&self) -> Result<(), String> {
        self.discount.validate()?;
        match self.minimum_quantity {
            Some(minimum) => super::validate_quantity(minimum, "minimumQuantity"),
            None => Ok(()),
        }
    }

    /// The discount in cents on a line of `quantity` units at `unit_price` cents; zero when the
    /// line is not targeted or below the minimum quantity.
    pub(crate) fn discount_on_line(
        &self,
        entry: &CatalogEntry,
        quantity: i64,
        unit_price: i64,
    ) -> i64 {
        self.discount_on_units(Targeted::of_entry(entry), quantity, unit_price)
    }

    /// True when one unit alone gets the discount: it needs no minimum quantity above 1.
    pub(crate) fn applies_to_one_unit(&self) -> bool {
        self.minimum_quantity.is_none_or(|minimum| minimum <= 1)
    }

    /// [`ProductDiscount::discount_on_line`] for a variant given by its ids and group.
    pub(crate) fn discount_on_units(
        &self,
        variant: Targeted<'_>,
        quantity: i64,
        unit_price: i64,
    ) -> i64 {
        if !self.applies_to.matches_variant(variant)
            || self
                .minimum_quantity
                .is_some_and(|minimum| quantity < i64::from(minimum))
        {
            return 0;
        }
        match &self.discount {
            Reduction::Percentage(percentage) => {
                cents::percentage_of(unit_price * quantity, percentage.basis_points())
            }
            Reduction::Amount(amount) => {
                Reduction::amount_cents(*amount).min(unit_price) * quantity
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry() -> CatalogEntry {
        serde_json::from_value(serde_json::json!({
            "productId": 1, "productVariantId": 11, "productType": 2, "vatType": "low",
            "unitPrice": "24.95", "description": "Muesli", "productGroup": "muesli"
        }))
        .unwrap()
    }

    fn discount(json: serde_json::Value) -> ProductDiscount {
        serde_json::from_value(json).unwrap()
    }

    #[test]
    fn takes_a_percentage_of_the_line_rounded_once() {
        let rule = discount(serde_json::json!({
            "appliesTo": {"productGroup": "muesli"}, "discount": {"percentage": "10"}}));
        // 3 x 24.95 = 74.85; 10 % = 7.485 -> 7.49
        assert_eq!(rule.discount_on_line(&entry(), 3, 2495), 749);
    }

    #[test]
    fn takes_a_fixed_amount_per_unit_never_more_than_the_price() {
        let rule = discount(serde_json::json!({
            "appliesTo": {"productVariantId": 11}, "discount": {"amount": "30.00"}}));
        assert_eq!(rule.discount_on_line(&entry(), 2, 2495), 4990);
        let rule = discount(serde_json::json!({
            "appliesTo": {"productId": 1}, "discount": {"amount": "2.00"}}));
        assert_eq!(rule.discount_on_line(&entry(), 2, 2495), 400);
    }

    #[test]
    fn needs_the_target_and_the_minimum_quantity() {
        let rule = discount(serde_json::json!({
            "appliesTo": {"productId": 1}, "discount": {"amount": "2.00"}, "minimumQuantity": 3}));
        assert_eq!(rule.discount_on_line(&entry(), 2, 2495), 0);
        assert_eq!(rule.discount_on_line(&entry(), 3, 2495), 600);
        let rule = discount(serde_json::json!({
            "appliesTo": {"productGroup": "hay"}, "discount": {"amount": "2.00"}}));
        assert_eq!(rule.discount_on_line(&entry(), 3, 2495), 0);
    }
}
