//! Stored cart choices that no longer apply are taken off the cart, with a notice.
//!
//! A choice was checked when it was made, but the world moves on: a gift card is spent by
//! another order, a discount code expires or is used up, the shop stops selling a variant or
//! offering a payment or shipping method on the site. Were such a choice handed to the engine,
//! it would refuse the cart, and every later read of the cart would fail (the storefront then
//! throws the cart away). So before every calculation the engine's clean-up
//! ([`engine::cart::clean_up`]) leaves out of the input the choices it would refuse; here they
//! are taken off the stored cart (compare-and-set, so a newer choice made meanwhile stays), and
//! the answer says so once.

use engine::cart::DroppedChoice;
use sqlx::AnyConnection;

use super::api_types::CartNotice;
use super::cache::{CartCache, StoredCart};
use super::store;

/// The choices the engine's clean-up took off a stored cart, as they were stored.
#[derive(Clone, Debug, Default)]
pub struct Dropped {
    /// The engine's list, in its order.
    pub choices: Vec<DroppedChoice>,
    /// The number of the gift card taken off: the engine sees only a card's balance, and the
    /// stored cart loses the card only while it still holds this number.
    gift_card_number: Option<String>,
}

impl Dropped {
    /// True when nothing was taken off.
    pub fn is_empty(&self) -> bool {
        self.choices.is_empty()
    }

    /// What the customer is told, one notice per choice taken off.
    pub fn notices(&self) -> Vec<CartNotice> {
        self.choices.iter().map(notice).collect()
    }
}

/// The cart column a dropped choice was stored in; `None` for a line.
pub fn column(choice: &DroppedChoice) -> Option<&'static str> {
    match choice {
        DroppedChoice::DiscountCode { .. } => Some("discount_code"),
        DroppedChoice::GiftCard => Some("gift_card_number"),
        DroppedChoice::PaymentMethod { .. } => Some("payment_method_id"),
        DroppedChoice::ShippingMethod { .. } => Some("shipping_method"),
        DroppedChoice::Line { .. } | DroppedChoice::Quantity { .. } => None,
    }
}

/// What the customer is told about a choice taken off.
pub fn notice(choice: &DroppedChoice) -> CartNotice {
    let (code, message) = match choice {
        DroppedChoice::DiscountCode { .. } => (
            "errors.discountCodeInvalid",
            "The discount code no longer applies and was taken off the cart",
        ),
        DroppedChoice::GiftCard => (
            "errors.giftCardRejected",
            "Card details are incorrect or the balance is 0",
        ),
        DroppedChoice::PaymentMethod { .. } => (
            "errors.paymentMethodUnavailable",
            "The payment method is no longer offered; choose another",
        ),
        DroppedChoice::ShippingMethod { .. } => (
            "errors.shippingMethodUnavailable",
            "The delivery method is no longer offered; check the delivery",
        ),
        DroppedChoice::Line { .. } => (
            "errors.productUnavailable",
            "A product is no longer sold and was taken out of the cart",
        ),
        DroppedChoice::Quantity { .. } => (
            "errors.quantityAdjusted",
            "A quantity was brought within 1 to 999",
        ),
    };
    CartNotice { code, message }
}

/// Takes the engine's dropped choices off the stored cart as it is shown, changed at `now`.
pub fn apply(cart: &mut StoredCart, choices: Vec<DroppedChoice>, now: i64) -> Dropped {
    let mut gift_card_number = None;
    for choice in &choices {
        if let Some(number) = take_off_stored(cart, choice) {
            gift_card_number = Some(number);
        }
    }
    if !choices.is_empty() {
        cart.row.last_modified = cart.row.last_modified.max(now);
    }
    Dropped {
        choices,
        gift_card_number,
    }
}

/// Takes one choice off the stored cart; the gift card's number when it was the card.
fn take_off_stored(cart: &mut StoredCart, choice: &DroppedChoice) -> Option<String> {
    let row = &mut cart.row;
    match choice {
        DroppedChoice::DiscountCode { .. } => row.discount_code = None,
        DroppedChoice::GiftCard => return row.gift_card_number.take(),
        DroppedChoice::PaymentMethod { .. } => {
            row.payment_method_id = None;
            row.issuer = None;
        }
        DroppedChoice::ShippingMethod { to, .. } => row.shipping_method = *to,
        DroppedChoice::Line { product_variant_id } => {
            cart.lines
                .retain(|line| line.product_variant_id != *product_variant_id);
            cart.samples
                .retain(|sample| sample.product_variant_id != *product_variant_id);
        }
        DroppedChoice::Quantity {
            product_variant_id,
            to,
            ..
        } => cart
            .lines
            .iter_mut()
            .filter(|line| line.product_variant_id == *product_variant_id)
            .for_each(|line| line.count = *to),
    }
    None
}

/// Writes the dropped choices, each only where the cart still holds the dropped value, so a
/// choice made meanwhile stays; on the caller's transaction.
pub async fn persist(
    transaction: &mut AnyConnection,
    cache: &CartCache,
    cart_id: &str,
    dropped: &Dropped,
    now: i64,
) -> Result<(), sqlx::Error> {
    if dropped.is_empty() {
        return Ok(());
    }
    let _change = cache.change(cart_id);
    for choice in &dropped.choices {
        match choice {
            DroppedChoice::DiscountCode { code } => {
                store::clear_discount_code(transaction, cart_id, code).await?
            }
            DroppedChoice::GiftCard => {
                if let Some(number) = &dropped.gift_card_number {
                    store::clear_gift_card(transaction, cart_id, number).await?
                }
            }
            DroppedChoice::PaymentMethod { payment_method_id } => {
                store::clear_payment_method(transaction, cart_id, *payment_method_id).await?
            }
            DroppedChoice::ShippingMethod { from, to } => {
                store::replace_shipping_method(transaction, cart_id, *from, *to).await?
            }
            DroppedChoice::Line { product_variant_id } => {
                store::drop_line(transaction, cart_id, *product_variant_id).await?
            }
            DroppedChoice::Quantity {
                product_variant_id,
                from,
                to,
            } => {
                store::replace_count(transaction, cart_id, *product_variant_id, *from, *to).await?
            }
        }
    }
    store::set_last_modified(transaction, cart_id, now).await
}
