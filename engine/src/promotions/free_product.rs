//! Free products: buy X, get Y of a product free.

use serde::{Deserialize, Serialize};

use super::Target;
use crate::catalog::CatalogEntry;
use crate::ids::ProductVariantId;

/// For every `buyQuantity` units on a targeted line, `freeQuantity` units of the free variant
/// are given with that line, at no cost, shown with `promotionText`. The free variant may be
/// the same as the one bought ("3 + 1") or another one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FreeProductOffer {
    /// The lines that earn free products.
    pub applies_to: Target,
    /// Units to buy for one round of free products (at least 1).
    pub buy_quantity: u32,
    /// The variant given free; must be in the catalog.
    pub free_product_variant_id: ProductVariantId,
    /// Units given per round (at least 1).
    pub free_quantity: u32,
    /// The text shown with the free product, e.g. "3 + 1 gratis".
    pub promotion_text: String,
}

impl FreeProductOffer {
    pub(super) fn validate(
        &self,
        in_catalog: impl Fn(ProductVariantId) -> bool,
    ) -> Result<(), String> {
        super::validate_quantity(self.buy_quantity, "buyQuantity")?;
        super::validate_quantity(self.free_quantity, "freeQuantity")?;
        if in_catalog(self.free_product_variant_id) {
            Ok(())
        } else {
            Err(format!(
                "free product variant {} is not in the catalog",
                self.free_product_variant_id
            ))
        }
    }

    /// How many free units a line of `quantity` units of `entry` earns.
    pub(crate) fn free_units(&self, entry: &CatalogEntry, quantity: i64) -> i64 {
        if !self.applies_to.matches(entry) || self.buy_quantity == 0 {
            return 0;
        }
        quantity / i64::from(self.buy_quantity) * i64::from(self.free_quantity)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gives_free_units_per_full_round() {
        let entry: CatalogEntry = serde_json::from_value(serde_json::json!({
            "productId": 1, "productVariantId": 11, "productType": 2, "vatType": "low",
            "unitPrice": "24.95", "description": "Muesli"
        }))
        .unwrap();
        let offer: FreeProductOffer = serde_json::from_value(serde_json::json!({
            "appliesTo": {"productVariantId": 11}, "buyQuantity": 3,
            "freeProductVariantId": 11, "freeQuantity": 1, "promotionText": "3 + 1 gratis"
        }))
        .unwrap();
        assert_eq!(offer.free_units(&entry, 2), 0);
        assert_eq!(offer.free_units(&entry, 3), 1);
        assert_eq!(offer.free_units(&entry, 7), 2);
        assert!(offer.validate(|_| false).is_err());
        assert!(offer.validate(|id| id == ProductVariantId::new(11)).is_ok());
    }
}
