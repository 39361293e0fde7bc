//! The clean-up of a stored cart: which of its choices the calculation would refuse, so that
//! they are left out rather than fail the cart every time it is shown.
//!
//! A choice was checked when it was made, but the shop moves on: a gift card is spent by
//! another order, a discount code expires or is used up, the shop stops selling a variant or
//! offering a payment or shipping method on the site. [`clean_up`] takes such choices off a
//! [`CartInput`] and says what it took off; the server then takes the same choices off the
//! stored cart and tells the customer once. Operation `cart.cleanUp`.

use serde::{Deserialize, Serialize};

use super::{CartInput, MAX_LINES, MAX_QUANTITY};
use crate::ids::{PaymentMethodId, ProductVariantId};
use crate::promotions::codes_equal;
use crate::shipping::ShippingMethod;

/// A choice [`clean_up`] took off a cart. In JSON the field `"kind"` names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum DroppedChoice {
    /// The site no longer sells the variant, or the cart holds more lines than a cart may
    /// ([`MAX_LINES`]): the line is taken out.
    #[serde(rename_all = "camelCase")]
    Line {
        /// The line's variant.
        product_variant_id: ProductVariantId,
    },
    /// A count outside 1 to [`MAX_QUANTITY`], brought within.
    #[serde(rename_all = "camelCase")]
    Quantity {
        /// The line's variant.
        product_variant_id: ProductVariantId,
        /// The count the cart held.
        from: i64,
        /// The count it now has.
        to: i64,
    },
    /// The discount code unlocks none of the cart's promotions (expired, used up, another
    /// site's).
    DiscountCode {
        /// The code as the cart held it.
        code: String,
    },
    /// The gift card cannot pay: its details were wrong or nothing is left on it.
    GiftCard,
    /// The site no longer offers the payment method.
    #[serde(rename_all = "camelCase")]
    PaymentMethod {
        /// The method the cart held.
        payment_method_id: PaymentMethodId,
    },
    /// The site no longer offers the shipping method; the cart goes on with the first one it
    /// offers.
    ShippingMethod {
        /// The method the cart held.
        from: ShippingMethod,
        /// The method it now has.
        to: ShippingMethod,
    },
}

/// Output of `cart.cleanUp`: the cart without the choices the calculation would refuse, and
/// those choices in the order they were taken off.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct CleanedCart {
    /// The cart, ready to calculate.
    pub input: CartInput,
    /// What was taken off: lines first, then counts, the discount code, the gift card, the
    /// payment method and the shipping method.
    pub dropped: Vec<DroppedChoice>,
}

/// `cart.cleanUp`: [`clean_up`] on an owned cart.
pub fn cleaned_up(mut input: CartInput) -> CleanedCart {
    let dropped = clean_up(&mut input);
    CleanedCart { input, dropped }
}

/// Takes every choice the calculation would refuse off `input` and answers what it took off;
/// empty when the cart calculates as it is (as far as its choices go).
pub fn clean_up(input: &mut CartInput) -> Vec<DroppedChoice> {
    let mut dropped = take_off_lines(input);
    dropped.extend(bring_counts_within(input));
    dropped.extend(take_off_discount_code(input));
    dropped.extend(take_off_gift_card(input));
    dropped.extend(take_off_payment_method(input));
    dropped.extend(replace_shipping_method(input));
    dropped
}

/// Lines of variants the catalog does not hold (or of another product than the line names),
/// and every line beyond [`MAX_LINES`].
fn take_off_lines(input: &mut CartInput) -> Vec<DroppedChoice> {
    let catalog = &input.catalog;
    let mut dropped = Vec::new();
    let mut kept = 0;
    input.products.retain(|line| {
        let sold = catalog.iter().any(|entry| {
            entry.product_variant_id == line.product_variant_id
                && line.product_id.is_none_or(|id| id == entry.product_id)
        });
        let keep = sold && kept < MAX_LINES;
        kept += usize::from(keep);
        if !keep {
            dropped.push(DroppedChoice::Line {
                product_variant_id: line.product_variant_id,
            });
        }
        keep
    });
    dropped
}

fn bring_counts_within(input: &mut CartInput) -> Vec<DroppedChoice> {
    let mut dropped = Vec::new();
    for line in &mut input.products {
        let within = line.count.clamp(1, MAX_QUANTITY);
        if within != line.count {
            dropped.push(DroppedChoice::Quantity {
                product_variant_id: line.product_variant_id,
                from: line.count,
                to: within,
            });
            line.count = within;
        }
    }
    dropped
}

/// A code is kept only when it unlocks one of the cart's promotions: the cart's promotions
/// are those of the site today, with the code's own when it is usable.
fn take_off_discount_code(input: &mut CartInput) -> Option<DroppedChoice> {
    let code = input.discount_code.as_deref()?;
    let unlocks = input.promotions.iter().any(|promotion| {
        promotion
            .code
            .as_deref()
            .is_some_and(|own| codes_equal(own, code))
    });
    if unlocks {
        return None;
    }
    let code = input.discount_code.take()?;
    Some(DroppedChoice::DiscountCode { code })
}

fn take_off_gift_card(input: &mut CartInput) -> Option<DroppedChoice> {
    if input.gift_card.as_ref()?.can_pay() {
        return None;
    }
    input.gift_card = None;
    Some(DroppedChoice::GiftCard)
}

fn take_off_payment_method(input: &mut CartInput) -> Option<DroppedChoice> {
    let id = input.payment_method_id?;
    let offered = input
        .site
        .payment_methods
        .iter()
        .any(|method| method.payment_method_id == id);
    if offered {
        return None;
    }
    input.payment_method_id = None;
    Some(DroppedChoice::PaymentMethod {
        payment_method_id: id,
    })
}

/// A cart always has a shipping method; one the site no longer offers becomes the first the
/// site offers. A site that offers none keeps the cart's (nothing to choose instead).
fn replace_shipping_method(input: &mut CartInput) -> Option<DroppedChoice> {
    let offered = &input.site.shipping_options;
    if offered
        .iter()
        .any(|option| option.shipping_method == input.shipping_method)
    {
        return None;
    }
    let to = offered.first()?.shipping_method;
    let from = std::mem::replace(&mut input.shipping_method, to);
    Some(DroppedChoice::ShippingMethod { from, to })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input() -> CartInput {
        serde_json::from_value(serde_json::json!({
            "site": {"vatPercentageHigh": "21", "vatPercentageLow": "9", "currency": "EUR",
                     "shippingOptions": [{"shippingMethod": 0, "price": "4.95"}],
                     "freeShippingRules": [], "paymentMethods": [{"paymentMethodId": 1, "costs": "0.00"}]},
            "catalog": [{"productId": 1, "productVariantId": 11, "productType": 1, "vatType": "high", "unitPrice": "10.00",
                         "stock": null, "description": "a", "productLabel": "a", "productGroup": null}],
            "promotions": [],
            "products": [{"productId": 1, "productVariantId": 11, "count": 1000, "rqsSamples": []},
                         {"productId": 2, "productVariantId": 22, "count": 1, "rqsSamples": []}],
            "discountCode": "ELSEWHERE",
            "shippingMethod": 1,
            "paymentMethodId": 7,
            "giftCard": {"balance": "0.00", "valid": true}
        }))
        .unwrap()
    }

    #[test]
    fn every_choice_the_engine_would_refuse_is_taken_off_and_the_rest_calculates() {
        let mut input = input();
        assert!(crate::cart::calculate(&input).is_err());
        let dropped = clean_up(&mut input);
        assert_eq!(
            dropped,
            [
                DroppedChoice::Line {
                    product_variant_id: ProductVariantId::new(22)
                },
                DroppedChoice::Quantity {
                    product_variant_id: ProductVariantId::new(11),
                    from: 1000,
                    to: 999
                },
                DroppedChoice::DiscountCode {
                    code: "ELSEWHERE".to_owned()
                },
                DroppedChoice::GiftCard,
                DroppedChoice::PaymentMethod {
                    payment_method_id: PaymentMethodId::new(7)
                },
                DroppedChoice::ShippingMethod {
                    from: ShippingMethod::ParcelService,
                    to: ShippingMethod::Ordinary
                },
            ]
        );
        let calculated = crate::cart::calculate(&input).unwrap();
        assert_eq!(
            calculated.total_amount.to_string(),
            "9994.95",
            "999 × 10.00 and shipping"
        );
        assert!(clean_up(&mut input).is_empty(), "nothing more to take off");
    }

    #[test]
    fn lines_beyond_the_most_a_cart_may_hold_are_taken_off() {
        let mut input = input();
        input.products = (0..=MAX_LINES).map(|_| input.products[0].clone()).collect();
        let dropped = clean_up(&mut input);
        assert_eq!(input.products.len(), MAX_LINES);
        assert_eq!(
            dropped[0],
            DroppedChoice::Line {
                product_variant_id: ProductVariantId::new(11)
            }
        );
    }
}
