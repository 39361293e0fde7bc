//! What one change of a cart line, or taking the discount code off, does to the visitor's
//! choices: the storefront previews the change with it (then calculates the preview) while the
//! server makes the same change. `cart.applyLineChange` and `cart.removeDiscountCode` of the
//! JSON door; `cart.limits` tells the storefront the bounds.

use serde::{Deserialize, Serialize};

use super::{CartChoices, CartInput, CartLine, MAX_LINES};
use crate::catalog::ProductType;
use crate::ids::ProductVariantId;
use crate::limits::MAX_QUANTITY;

/// A change of the units of one variant in the cart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum LineChange {
    /// Adds units to the line (a new line when the variant is not in the cart yet).
    Add(i64),
    /// Sets the line to this many units; zero or less removes it.
    Set(i64),
    /// Removes the line.
    Remove,
}

/// Input of `cart.applyLineChange`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LineChangeRequest {
    /// The cart as it is.
    pub cart: CartInput,
    /// The variant whose line changes.
    pub product_variant_id: ProductVariantId,
    /// What happens to it.
    pub change: LineChange,
}

/// Output of `cart.applyLineChange`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct LineChangeResult {
    /// The choices after the change; `None` when a variant to add is not in the catalog
    /// (nothing can be previewed: the server's answer decides).
    pub choices: Option<CartChoices>,
}

impl LineChangeRequest {
    /// Applies [`apply_line_change`].
    pub fn apply(&self) -> LineChangeResult {
        LineChangeResult {
            choices: apply_line_change(&self.cart, self.product_variant_id, self.change),
        }
    }
}

/// The choices of `cart` after `change` to the line of `product_variant_id`; the cart itself
/// is not changed. A line that falls to zero units or less goes; a new line takes the
/// variant's product from the catalog, and is `None` when the catalog does not have it.
pub fn apply_line_change(
    cart: &CartInput,
    product_variant_id: ProductVariantId,
    change: LineChange,
) -> Option<CartChoices> {
    let (_, mut choices) = cart.clone().into_parts();
    let position = choices
        .products
        .iter()
        .position(|line| line.product_variant_id == product_variant_id);
    let count = match change {
        LineChange::Remove => 0,
        LineChange::Set(count) => count,
        LineChange::Add(units) => position
            .map_or(0, |index| choices.products[index].count)
            .saturating_add(units),
    };
    match position {
        Some(index) if count <= 0 => {
            choices.products.remove(index);
        }
        Some(index) => choices.products[index].count = count,
        None if count <= 0 => {}
        None => {
            let entry = cart
                .catalog
                .iter()
                .find(|entry| entry.product_variant_id == product_variant_id)?;
            choices.products.push(CartLine {
                product_id: Some(entry.product_id),
                product_variant_id,
                count,
                rqs_samples: Vec::new(),
            });
        }
    }
    Some(choices)
}

/// The choices of `cart` with its discount code taken off (`cart.removeDiscountCode`); what
/// the code unlocked goes with it when the choices are calculated, as on the server, which
/// clears the stored code.
pub fn without_discount_code(cart: &CartInput) -> CartChoices {
    let (_, mut choices) = cart.clone().into_parts();
    choices.discount_code = None;
    choices
}

/// Output of `cart.limits`: the bounds of a cart the storefront's inputs keep to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct CartLimits {
    /// The most units one line may hold.
    pub max_quantity: i64,
    /// The most lines one cart may hold.
    pub max_lines: usize,
    /// The product types whose units each carry a sample name (the roughage scan).
    pub sample_name_product_types: Vec<ProductType>,
    /// The most characters of one sample name.
    pub sample_name_max_length: u32,
}

/// The most characters of one sample name: enough for "Hooi perceel 3, tweede snede 2026".
pub const SAMPLE_NAME_MAX_CHARACTERS: u32 = 100;

/// The bounds of a cart.
pub fn cart_limits() -> CartLimits {
    CartLimits {
        max_quantity: MAX_QUANTITY,
        max_lines: MAX_LINES,
        sample_name_product_types: ProductType::ALL
            .into_iter()
            .filter(|product_type| product_type.takes_sample_names())
            .collect(),
        sample_name_max_length: SAMPLE_NAME_MAX_CHARACTERS,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::ProductId;

    fn line(variant: i64, count: i64) -> CartLine {
        CartLine {
            product_id: Some(ProductId::new(1)),
            product_variant_id: ProductVariantId::new(variant),
            count,
            rqs_samples: Vec::new(),
        }
    }

    fn cart(lines: Vec<CartLine>) -> CartInput {
        let mut cart: CartInput = serde_json::from_str(
            r#"{"site":{"vatPercentageHigh":"21","vatPercentageLow":"9"},"catalog":[
                {"productId":7,"productVariantId":70,"productType":2,"vatType":"low",
                 "unitPrice":"10.00","description":"Muesli"}]}"#,
        )
        .unwrap();
        cart.products = lines;
        cart
    }

    fn counts(choices: Option<CartChoices>) -> Option<Vec<(i64, i64)>> {
        choices.map(|choices| {
            choices
                .products
                .iter()
                .map(|line| (line.product_variant_id.get(), line.count))
                .collect()
        })
    }

    #[test]
    fn adding_to_a_line_adds_units_and_a_new_variant_gets_a_line() {
        let cart = cart(vec![line(70, 2)]);
        assert_eq!(
            counts(apply_line_change(
                &cart,
                ProductVariantId::new(70),
                LineChange::Add(3)
            )),
            Some(vec![(70, 5)])
        );
        let empty = self::cart(Vec::new());
        let added =
            apply_line_change(&empty, ProductVariantId::new(70), LineChange::Add(1)).unwrap();
        assert_eq!(
            added.products,
            vec![CartLine {
                product_id: Some(ProductId::new(7)),
                ..line(70, 1)
            }]
        );
    }

    #[test]
    fn setting_zero_or_removing_drops_the_line() {
        let cart = cart(vec![line(70, 2), line(71, 1)]);
        assert_eq!(
            counts(apply_line_change(
                &cart,
                ProductVariantId::new(70),
                LineChange::Set(0)
            )),
            Some(vec![(71, 1)])
        );
        assert_eq!(
            counts(apply_line_change(
                &cart,
                ProductVariantId::new(71),
                LineChange::Remove
            )),
            Some(vec![(70, 2)])
        );
        assert_eq!(
            counts(apply_line_change(
                &cart,
                ProductVariantId::new(70),
                LineChange::Set(4)
            )),
            Some(vec![(70, 4), (71, 1)])
        );
    }

    #[test]
    fn a_variant_outside_the_catalog_cannot_be_previewed() {
        assert_eq!(
            apply_line_change(
                &cart(Vec::new()),
                ProductVariantId::new(99),
                LineChange::Add(1)
            ),
            None
        );
    }

    #[test]
    fn both_laboratory_scans_take_sample_names() {
        assert_eq!(
            cart_limits().sample_name_product_types,
            vec![ProductType::Rqs, ProductType::Qs]
        );
        assert_eq!(
            (cart_limits().max_quantity, cart_limits().max_lines),
            (999, 1000)
        );
    }
}
