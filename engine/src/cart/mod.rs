//! The cart calculation: from cart lines, catalog prices, promotions and the site's VAT,
//! shipping and payment costs to every amount the cart, checkout and order show.
//!
//! Call [`calculate`] with a [`CartInput`]; it returns a [`CalculatedCart`] or a
//! [`CartError`]. Over JSON the same is operation `"cart.calculate"` of
//! [`operations::run`](crate::operations::run), with the field names below in camelCase.
//!
//! ```
//! use engine::cart::{calculate, CartInput};
//!
//! let input: CartInput = serde_json::from_value(serde_json::json!({
//!     "site": {
//!         "vatPercentageHigh": "21",
//!         "vatPercentageLow": "9",
//!         "currency": "EUR",
//!         "shippingOptions": [
//!             { "shippingMethod": 0, "price": "6.95" },
//!             { "shippingMethod": 1, "price": "4.95" }
//!         ],
//!         "freeShippingRules": [ { "minimumAmount": "50.00" } ],
//!         "paymentMethods": [ { "paymentMethodId": 1, "costs": "0.00" } ]
//!     },
//!     "catalog": [
//!         { "productId": 1, "productVariantId": 11, "productType": 2, "vatType": "low",
//!           "unitPrice": "24.95", "stock": 40, "description": "Sportmuesli",
//!           "productLabel": "20 kg", "productGroup": "muesli" },
//!         { "productId": 2, "productVariantId": 21, "productType": 3, "vatType": "high",
//!           "unitPrice": "12.50", "description": "Halster", "productLabel": "Cob" }
//!     ],
//!     "promotions": [
//!         { "promotionKey": "WELKOM", "description": "5 euro welkomstkorting", "code": "WELKOM5",
//!           "rule": { "type": "orderDiscount", "discount": { "amount": "5.00" } } }
//!     ],
//!     "products": [
//!         { "productVariantId": 11, "count": 1 },
//!         { "productVariantId": 21, "count": 1 }
//!     ],
//!     "discountCode": "welkom5",
//!     "shippingMethod": 0,
//!     "paymentMethodId": 1
//! }))?;
//!
//! let cart = calculate(&input)?;
//! // 24.95 + 12.50 = 37.45, minus 5.00 = 32.45: below 50.00, so shipping is charged.
//! assert_eq!(cart.sub_total_amount.to_string(), "37.45");
//! assert_eq!(cart.order_discounts[0].amount.to_string(), "5.00");
//! assert_eq!(cart.shipping_costs.to_string(), "6.95");
//! assert_eq!(cart.total_amount.to_string(), "39.40");
//! // The discount and the shipping are split over 9 % and 21 % like the goods.
//! assert_eq!(cart.vat_amount_low.to_string(), "2.17"); // 9/109 of 21.62 + 4.63
//! assert_eq!(cart.vat_amount_high.to_string(), "2.28"); // 21/121 of 10.83 + 2.32
//! assert_eq!(cart.total_amount_excl_vat.to_string(), "34.95");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # How the amounts are computed
//!
//! All amounts are VAT-inclusive consumer prices in the site's currency, computed exactly in
//! whole cents and rounded (half away from zero) only where a percentage is taken:
//!
//! 1. Each line's `originalAmount` is unit price times quantity. The best product discount
//!    (see [`promotions`](crate::promotions)) gives the line's `totalAmount`.
//! 2. `subTotalAmount` is the sum of the lines' `totalAmount`: **after product discounts,
//!    before order discounts**.
//! 3. Order discounts are taken off the subtotal and spread over the lines in proportion to
//!    their totals with the largest-remainder method ([`allocate`](crate::allocation::allocate)),
//!    ties going to the lower product variant id.
//! 4. Shipping: nothing is shipped when the cart holds only laboratory scan products (types 4
//!    and 5) or nothing at all; then shipping costs and `shippingMethods` are empty/zero. Else
//!    the chosen method's price applies, zero when a site free-shipping rule is met
//!    (`originalShippingCosts`), minus the best shipping promotion (`shippingCosts`).
//!    Thresholds compare against the goods after product and order discounts, and an amount
//!    exactly at the threshold qualifies. `freeShipping` tells the lowest threshold for the
//!    chosen method and what the goods still lack, so a page can say how close free shipping is.
//! 5. Payment costs are charged when a payment method is chosen and there is something to
//!    pay for (goods or shipping above zero); an order of 0 needs no payment.
//! 6. VAT is computed per rate bucket on the bucket's VAT-inclusive total, rounded once:
//!    the goods of that rate after all discounts, plus that rate's share of shipping and
//!    payment costs. Those costs are spread over the rates in proportion to the goods after
//!    discounts (largest remainder); if those are all zero, in proportion to the goods before
//!    discounts; if there are no goods, all at the high rate. When the site's two rates are
//!    equal (Denmark), there is one bucket, reported as `vatAmountHigh`.
//! 7. Each line's `vatAmount` is its share of its bucket's VAT, spread with the largest
//!    remainder over the bucket's lines (after their share of the order discounts) and the
//!    bucket's share of the costs. It is informational; the bucket totals are authoritative.
//!    `shippingCostsExclVat` (and each `priceExVat`) is the shipping price minus the VAT of each
//!    rate's share, rounded per share.
//! 8. A gift card pays `min(totalAmount, balance)` (`giftCardAmount`); `amountToPay` is the
//!    rest. It never changes the VAT.
//!
//! The result does not depend on the order of the cart lines: lines come back in input order,
//! but every cent that is spread over lines is spread in product variant order.

mod calculation;
pub(crate) use calculation::rate_of;
mod calculator;
mod clean_up;
mod error;
mod input;
pub(crate) mod json;
mod line_change;
mod merge;
mod output;
mod tape;
mod totals_shown;

pub use calculator::{CartCalculator, CartChoices, CartContext};
pub use clean_up::{CleanedCart, DroppedChoice, clean_up, cleaned_up};
pub use error::CartError;
pub use input::{
    CartInput, CartLine, CatalogEntry, FreeShippingRule, GiftCard, PaymentMethodCost,
    PricingContext, ProductType, RqsSample, ShippingMethod, ShippingOption,
};
pub use line_change::{
    CartLimits, LineChange, LineChangeRequest, LineChangeResult, SAMPLE_NAME_MAX_CHARACTERS,
    apply_line_change, cart_limits, without_discount_code,
};
pub use merge::{CartMergeRequest, CartMergeResult, merge_guest_lines};
pub use output::{
    CalculatedCart, CalculatedProduct, Discount, FreeProduct, FreeShippingProgress,
    STOCK_WARNING_KEY, ShippingMethodOption, StockWarning,
};
pub use tape::CartTape;
pub use totals_shown::{TotalsAmounts, TotalsShown, totals_shown};

pub use crate::limits::MAX_QUANTITY;

/// The most lines one cart may hold.
pub const MAX_LINES: usize = 1000;

/// Calculates a cart. See the [module documentation](self) for the rules.
///
/// Never panics; every input that cannot be calculated gives a [`CartError`].
pub fn calculate(input: &CartInput) -> Result<CalculatedCart, CartError> {
    calculation::calculate(input)
}

/// The shipping methods the customer can choose for this cart, each with what shipping would
/// cost with it (after free-shipping rules and shipping promotions), with and without VAT.
/// Empty when nothing needs shipping. The same list as [`CalculatedCart::shipping_methods`].
pub fn shipping_methods(input: &CartInput) -> Result<Vec<ShippingMethodOption>, CartError> {
    calculate(input).map(|cart| cart.shipping_methods)
}
