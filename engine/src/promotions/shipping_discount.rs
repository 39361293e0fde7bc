//! Shipping discounts: free or cheaper shipping.

use serde::{Deserialize, Serialize};

use super::Percentage;
use crate::cents;
use crate::money::Money;
use crate::shipping::ShippingMethod;

/// How much a shipping discount takes off. In JSON `"free"`, `{"percentage": "50"}` or
/// `{"amount": "2.00"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub enum ShippingReduction {
    /// Shipping costs nothing.
    Free,
    /// A percentage of the shipping price, rounded once.
    Percentage(Percentage),
    /// A fixed amount off the shipping price, never more than the price.
    Amount(Money),
}

/// Free or reduced shipping, from an optional order amount (the goods after product and order
/// discounts; exactly at the minimum qualifies), for some or all shipping methods.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ShippingDiscount {
    /// How much it takes off.
    pub discount: ShippingReduction,
    /// The order amount needed; any when absent.
    #[serde(default)]
    pub minimum_order_amount: Option<Money>,
    /// The methods it is for; all when empty.
    #[serde(default)]
    pub shipping_methods: Vec<ShippingMethod>,
}

impl ShippingDiscount {
    pub(super) fn validate(&self) -> Result<(), String> {
        if let ShippingReduction::Amount(amount) = self.discount {
            super::validate_amount(amount, "amount")?;
        }
        match self.minimum_order_amount {
            Some(minimum) => super::validate_amount(minimum, "minimumOrderAmount"),
            None => Ok(()),
        }
    }

    /// The reduction in cents of a shipping price of `price` cents with `method` for an order
    /// amount of `order_amount` cents; zero when the discount does not apply.
    pub(crate) fn reduction(&self, method: ShippingMethod, order_amount: i64, price: i64) -> i64 {
        let minimum = self
            .minimum_order_amount
            .and_then(cents::to_cents)
            .unwrap_or(0);
        if order_amount < minimum
            || !(self.shipping_methods.is_empty() || self.shipping_methods.contains(&method))
        {
            return 0;
        }
        match &self.discount {
            ShippingReduction::Free => price,
            ShippingReduction::Percentage(percentage) => {
                cents::percentage_of(price, percentage.basis_points())
            }
            ShippingReduction::Amount(amount) => cents::to_cents(*amount).unwrap_or(0).min(price),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(json: serde_json::Value) -> ShippingDiscount {
        serde_json::from_value(json).unwrap()
    }

    #[test]
    fn free_shipping_from_an_amount_for_some_methods() {
        let free = rule(serde_json::json!({
            "discount": "free", "minimumOrderAmount": "75.00", "shippingMethods": [1]}));
        assert_eq!(
            free.reduction(ShippingMethod::ParcelService, 7_500, 495),
            495
        );
        assert_eq!(free.reduction(ShippingMethod::ParcelService, 7_499, 495), 0);
        assert_eq!(free.reduction(ShippingMethod::Ordinary, 7_500, 695), 0);
    }

    #[test]
    fn reduced_shipping_never_below_zero() {
        let fixed = rule(serde_json::json!({"discount": {"amount": "10.00"}}));
        assert_eq!(fixed.reduction(ShippingMethod::Ordinary, 0, 695), 695);
        let half = rule(serde_json::json!({"discount": {"percentage": "50"}}));
        assert_eq!(half.reduction(ShippingMethod::Ordinary, 0, 695), 348); // 3.475 -> 3.48
    }
}
