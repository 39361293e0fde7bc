//! Stored cart choices that no longer apply are taken off the cart, with a notice.
//!
//! A choice was checked when it was made, but the world moves on: a gift card is spent by
//! another order, a discount code expires or is used up, the shop stops selling a variant or
//! offering a payment or shipping method on the site. Were such a choice handed to the engine,
//! it would refuse the cart, and every later read of the cart would fail (the storefront then
//! throws the cart away). So before every calculation the engine input is checked for choices
//! the engine would refuse, they are left out of the calculation and taken off the stored cart
//! (compare-and-set, so a newer choice made meanwhile stays), and the answer says so once.

use engine::cart::{CartInput, MAX_LINES, MAX_QUANTITY};
use engine::ids::{PaymentMethodId, ProductVariantId};
use engine::promotions::codes_equal;
use sqlx::AnyConnection;

use super::api_types::CartNotice;
use super::cache::{CartCache, StoredCart};
use super::store;

/// A stored choice taken off a cart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dropped {
    /// The discount code unlocks no promotion of the site today.
    DiscountCode(String),
    /// The gift card is unknown or has no balance left.
    GiftCard(String),
    /// The site no longer offers the payment method.
    PaymentMethod(PaymentMethodId),
    /// The site no longer offers the shipping method; the cart goes on with the first it offers.
    ShippingMethod {
        from: engine::shipping::ShippingMethod,
        to: engine::shipping::ShippingMethod,
    },
    /// The site no longer sells the variant (or the cart holds more lines than a cart may).
    Line(ProductVariantId),
    /// A count outside 1 to 999, brought within.
    Quantity {
        variant: ProductVariantId,
        from: i64,
        to: i64,
    },
}

impl Dropped {
    /// The cart column the dropped choice was stored in; `None` for a line.
    pub fn column(&self) -> Option<&'static str> {
        match self {
            Dropped::DiscountCode(_) => Some("discount_code"),
            Dropped::GiftCard(_) => Some("gift_card_number"),
            Dropped::PaymentMethod(_) => Some("payment_method_id"),
            Dropped::ShippingMethod { .. } => Some("shipping_method"),
            Dropped::Line(_) | Dropped::Quantity { .. } => None,
        }
    }

    /// What the customer is told.
    pub fn notice(&self) -> CartNotice {
        let (code, message) = match self {
            Dropped::DiscountCode(_) => (
                "errors.discountCodeInvalid",
                "The discount code no longer applies and was taken off the cart",
            ),
            Dropped::GiftCard(_) => (
                "errors.giftCardRejected",
                "Card details are incorrect or the balance is 0",
            ),
            Dropped::PaymentMethod(_) => (
                "errors.paymentMethodUnavailable",
                "The payment method is no longer offered; choose another",
            ),
            Dropped::ShippingMethod { .. } => (
                "errors.shippingMethodUnavailable",
                "The delivery method is no longer offered; check the delivery",
            ),
            Dropped::Line(_) => (
                "errors.productUnavailable",
                "A product is no longer sold and was taken out of the cart",
            ),
            Dropped::Quantity { .. } => (
                "errors.quantityAdjusted",
                "A quantity was brought within 1 to 999",
            ),
        };
        CartNotice { code, message }
    }
}

/// Leaves every choice the engine would refuse out of `input` and answers what was left out.
pub fn take_off(input: &mut CartInput) -> Vec<Dropped> {
    let mut dropped = Vec::new();
    take_off_lines(input, &mut dropped);
    if let Some(code) = input.discount_code.clone() {
        let unlocks = input.promotions.iter().any(|promotion| {
            promotion
                .code
                .as_deref()
                .is_some_and(|own| codes_equal(own, &code))
        });
        if !unlocks {
            input.discount_code = None;
            dropped.push(Dropped::DiscountCode(code));
        }
    }
    if input.gift_card.as_ref().is_some_and(|card| !card.can_pay()) {
        input.gift_card = None;
        // The number is filled in by `apply`, which knows the stored cart.
        dropped.push(Dropped::GiftCard(String::new()));
    }
    if let Some(id) = input.payment_method_id {
        if !input
            .site
            .payment_methods
            .iter()
            .any(|method| method.payment_method_id == id)
        {
            input.payment_method_id = None;
            dropped.push(Dropped::PaymentMethod(id));
        }
    }
    let offered = &input.site.shipping_options;
    if !offered
        .iter()
        .any(|option| option.shipping_method == input.shipping_method)
    {
        if let Some(first) = offered.first() {
            let from = input.shipping_method;
            input.shipping_method = first.shipping_method;
            dropped.push(Dropped::ShippingMethod {
                from,
                to: first.shipping_method,
            });
        }
    }
    dropped
}

fn take_off_lines(input: &mut CartInput, dropped: &mut Vec<Dropped>) {
    let catalog = &input.catalog;
    let mut kept = 0;
    input.products.retain(|line| {
        let sold = catalog.iter().any(|entry| {
            entry.product_variant_id == line.product_variant_id
                && line.product_id.is_none_or(|id| id == entry.product_id)
        });
        let keep = sold && kept < MAX_LINES;
        kept += usize::from(keep);
        if !keep {
            dropped.push(Dropped::Line(line.product_variant_id));
        }
        keep
    });
    for line in &mut input.products {
        let within = line.count.clamp(1, MAX_QUANTITY);
        if within != line.count {
            dropped.push(Dropped::Quantity {
                variant: line.product_variant_id,
                from: line.count,
                to: within,
            });
            line.count = within;
        }
    }
}

/// Takes the dropped choices off the stored cart as it is shown, changed at `now`.
pub fn apply(cart: &mut StoredCart, dropped: &mut [Dropped], now: i64) {
    for drop in dropped.iter_mut() {
        let row = &mut cart.row;
        match drop {
            Dropped::DiscountCode(_) => row.discount_code = None,
            Dropped::GiftCard(number) => *number = row.gift_card_number.take().unwrap_or_default(),
            Dropped::PaymentMethod(_) => {
                row.payment_method_id = None;
                row.issuer = None;
            }
            Dropped::ShippingMethod { to, .. } => row.shipping_method = *to,
            Dropped::Line(variant) => {
                cart.lines
                    .retain(|line| line.product_variant_id != *variant);
                cart.samples
                    .retain(|sample| sample.product_variant_id != *variant);
            }
            Dropped::Quantity { variant, to, .. } => {
                cart.lines
                    .iter_mut()
                    .filter(|line| line.product_variant_id == *variant)
                    .for_each(|line| line.count = *to);
            }
        }
    }
    if !dropped.is_empty() {
        cart.row.last_modified = cart.row.last_modified.max(now);
    }
}

/// Writes the dropped choices, each only where the cart still holds the dropped value, so a
/// choice made meanwhile stays; on the caller's transaction.
pub async fn persist(
    transaction: &mut AnyConnection,
    cache: &CartCache,
    cart_id: &str,
    dropped: &[Dropped],
    now: i64,
) -> Result<(), sqlx::Error> {
    if dropped.is_empty() {
        return Ok(());
    }
    let _change = cache.change(cart_id);
    for drop in dropped {
        match drop {
            Dropped::DiscountCode(code) => {
                store::clear_discount_code(transaction, cart_id, code).await?
            }
            Dropped::GiftCard(number) => {
                store::clear_gift_card(transaction, cart_id, number).await?
            }
            Dropped::PaymentMethod(id) => {
                store::clear_payment_method(transaction, cart_id, *id).await?
            }
            Dropped::ShippingMethod { from, to } => {
                store::replace_shipping_method(transaction, cart_id, *from, *to).await?
            }
            Dropped::Line(variant) => store::drop_line(transaction, cart_id, *variant).await?,
            Dropped::Quantity { variant, from, to } => {
                store::replace_count(transaction, cart_id, *variant, *from, *to).await?
            }
        }
    }
    store::set_last_modified(transaction, cart_id, now).await
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
        assert!(engine::cart::calculate(&input).is_err());
        let dropped = take_off(&mut input);
        assert_eq!(
            dropped,
            [
                Dropped::Line(ProductVariantId::new(22)),
                Dropped::Quantity {
                    variant: ProductVariantId::new(11),
                    from: 1000,
                    to: 999
                },
                Dropped::DiscountCode("ELSEWHERE".to_owned()),
                Dropped::GiftCard(String::new()),
                Dropped::PaymentMethod(PaymentMethodId::new(7)),
                Dropped::ShippingMethod {
                    from: engine::shipping::ShippingMethod::ParcelService,
                    to: engine::shipping::ShippingMethod::Ordinary
                },
            ]
        );
        let calculated = engine::cart::calculate(&input).unwrap();
        assert_eq!(
            calculated.total_amount.to_string(),
            "9994.95",
            "999 × 10.00 and shipping"
        );
        assert!(take_off(&mut input).is_empty(), "nothing more to take off");
    }
}
