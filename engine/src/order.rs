//! Order statuses and the transitions between them.
//!
//! The status labels: created, open, paid,
//! processing, sent, closed and cancelled. The life of an order:
//!
//! ```text
//! created ──> open ──> paid ──> processing ──> sent ──> closed
//!    │  └───────────────^ │            │
//!    └──────> cancelled <─┴────────────┘   (and open ──> cancelled)
//! ```
//!
//! - `created`: placed; stock, gift-card balance and discount code are reserved.
//! - `open`: a payment was started at the provider and is outstanding.
//! - `paid`: the amount to pay was received, or there was nothing to pay.
//! - `processing`, `sent`, `closed`: the warehouse's steps after payment.
//! - `cancelled`: the payment failed, was cancelled or expired, or the shop cancelled the order
//!   before it was sent; its reservations are released.
//!
//! `sent` and `closed` orders cannot be cancelled (goods that left go through a return), and
//! `closed` and `cancelled` are final.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::cart::{
    CalculatedCart, CalculatedProduct, CartInput, CatalogEntry, FreeProduct, ProductType, RqsSample,
};
use crate::error::EngineError;
use crate::ids::{ProductId, ProductVariantId};
use crate::money::{Money, MoneyError};
use crate::vat::{VatRate, VatType};

/// The status of an order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum OrderStatus {
    /// Placed, nothing paid yet.
    Created,
    /// A payment is outstanding at the provider.
    Open,
    /// Paid in full.
    Paid,
    /// Being picked and packed.
    Processing,
    /// Handed to the carrier.
    Sent,
    /// Done; nothing more happens to it.
    Closed,
    /// Cancelled; reservations released.
    Cancelled,
}

impl OrderStatus {
    /// Every status, in the order of an order's life.
    pub const ALL: [OrderStatus; 7] = [
        OrderStatus::Created,
        OrderStatus::Open,
        OrderStatus::Paid,
        OrderStatus::Processing,
        OrderStatus::Sent,
        OrderStatus::Closed,
        OrderStatus::Cancelled,
    ];

    /// The label used in JSON and in the database.
    pub fn as_str(self) -> &'static str {
        match self {
            OrderStatus::Created => "created",
            OrderStatus::Open => "open",
            OrderStatus::Paid => "paid",
            OrderStatus::Processing => "processing",
            OrderStatus::Sent => "sent",
            OrderStatus::Closed => "closed",
            OrderStatus::Cancelled => "cancelled",
        }
    }

    /// Whether an order in this status may move to `next`.
    pub fn can_become(self, next: OrderStatus) -> bool {
        use OrderStatus::*;
        matches!(
            (self, next),
            (Created, Open | Paid | Cancelled)
                | (Open, Paid | Cancelled)
                | (Paid, Processing | Cancelled)
                | (Processing, Sent | Cancelled)
                | (Sent, Closed)
        )
    }

    /// The statuses an order in this status may move to, in the order of an order's life.
    pub fn next_statuses(self) -> Vec<OrderStatus> {
        OrderStatus::ALL
            .into_iter()
            .filter(|next| self.can_become(*next))
            .collect()
    }

    /// The move to `next`, or an error naming both statuses when it is not allowed.
    pub fn transition(self, next: OrderStatus) -> Result<OrderStatus, EngineError> {
        if self.can_become(next) {
            Ok(next)
        } else {
            Err(EngineError::StatusTransition {
                from: self.as_str(),
                to: next.as_str(),
            })
        }
    }

    /// Whether the order still holds stock, gift-card balance and a discount-code use that a
    /// cancellation must give back. Every status but `cancelled` does.
    pub fn holds_reservations(self) -> bool {
        self != OrderStatus::Cancelled
    }

    /// Whether the customer still has to pay (the payment pages and "try again" apply).
    pub fn awaits_payment(self) -> bool {
        matches!(self, OrderStatus::Created | OrderStatus::Open)
    }

    /// Whether the order's total is revenue: it was paid for and not cancelled.
    pub fn is_revenue(self) -> bool {
        matches!(
            self,
            OrderStatus::Paid | OrderStatus::Processing | OrderStatus::Sent | OrderStatus::Closed
        )
    }
}

/// Whether a bank transfer received settles an order: the order still awaits payment and the
/// amount covers what is left to pay (more is accepted; what is too much is refunded apart).
pub fn transfer_settles(
    status: OrderStatus,
    amount_to_pay: Money,
    received: Money,
) -> Result<(), TransferRefusal> {
    if !status.awaits_payment() {
        return Err(TransferRefusal::NotAwaitingPayment);
    }
    if received < amount_to_pay {
        return Err(TransferRefusal::TooLittle);
    }
    Ok(())
}

/// Why a bank transfer does not settle an order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TransferRefusal {
    /// The order is paid, cancelled or further on.
    #[error("the order does not await payment")]
    NotAwaitingPayment,
    /// Less than the amount to pay arrived.
    #[error("the amount received is less than the amount to pay")]
    TooLittle,
}

/// A period's orders as the back office's home shows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrdersSummary {
    /// The orders placed, cancelled ones left out.
    pub orders: u64,
    /// The totals of the orders that are revenue ([`OrderStatus::is_revenue`]).
    pub revenue: Money,
}

/// Sums a period's orders, each given by its status and total.
pub fn summarize_orders(
    orders: impl IntoIterator<Item = (OrderStatus, Money)>,
) -> Result<OrdersSummary, MoneyError> {
    let mut summary = OrdersSummary {
        orders: 0,
        revenue: Money::ZERO,
    };
    for (status, total) in orders {
        if status != OrderStatus::Cancelled {
            summary.orders += 1;
        }
        if status.is_revenue() {
            summary.revenue = summary.revenue.checked_add(total)?;
        }
    }
    Ok(summary)
}

impl fmt::Display for OrderStatus {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.as_str())
    }
}

impl FromStr for OrderStatus {
    type Err = EngineError;

    fn from_str(text: &str) -> Result<OrderStatus, EngineError> {
        OrderStatus::ALL
            .into_iter()
            .find(|status| status.as_str() == text)
            .ok_or_else(|| EngineError::InvalidInput(format!("'{text}' is not an order status")))
    }
}

impl TryFrom<String> for OrderStatus {
    type Error = EngineError;

    /// A status as the database stores it.
    fn try_from(text: String) -> Result<OrderStatus, EngineError> {
        text.parse()
    }
}

/// One line of a placed order: what was bought, at what price, and what it came to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct OrderLine {
    /// 1, 2, 3, ... in the order of the cart, each free product right after the line that
    /// earned it.
    pub line_number: u32,
    /// The product.
    pub product_id: ProductId,
    /// The variant.
    pub product_variant_id: ProductVariantId,
    /// The product type (feed, scan, ...).
    pub product_type: ProductType,
    /// The product's name in the order's language.
    pub description: String,
    /// How many.
    pub quantity: u32,
    /// The price of one, VAT included.
    pub unit_price: Money,
    /// Quantity times unit price.
    pub original_amount: Money,
    /// Everything taken off this line: product discounts and its share of order discounts;
    /// the whole amount for a free product.
    pub discount_amount: Money,
    /// The promotion of the line's first product discount.
    pub promotion_key: Option<String>,
    /// What the line comes to.
    pub total_amount: Money,
    /// High or low VAT.
    pub vat_type: VatType,
    /// The VAT percentage applied.
    pub vat_rate_percentage: VatRate,
    /// True for a product given away by a promotion.
    pub is_free: bool,
    /// The names of a scan line's samples.
    pub rqs_samples: Vec<RqsSample>,
}

/// The lines of the order a calculated cart becomes. `input` is what was calculated (its
/// catalog gives the unit prices); `cart` is the engine's calculation of it.
pub fn order_lines(
    input: &CartInput,
    cart: &CalculatedCart,
) -> Result<Vec<OrderLine>, EngineError> {
    let mut lines = Vec::with_capacity(cart.products.len());
    for product in &cart.products {
        lines.push(paid_line(input, product, line_number(&lines))?);
        for free in &product.free_products {
            lines.push(free_line(input, free, line_number(&lines))?);
        }
    }
    Ok(lines)
}

fn line_number(lines: &[OrderLine]) -> u32 {
    u32::try_from(lines.len())
        .unwrap_or(u32::MAX)
        .saturating_add(1)
}

fn catalog_entry(
    input: &CartInput,
    variant_id: ProductVariantId,
) -> Result<&CatalogEntry, EngineError> {
    input
        .catalog
        .iter()
        .find(|entry| entry.product_variant_id == variant_id)
        .ok_or_else(|| {
            EngineError::InvalidInput(format!("variant {variant_id} is not in the catalog"))
        })
}

fn paid_line(
    input: &CartInput,
    product: &CalculatedProduct,
    line_number: u32,
) -> Result<OrderLine, EngineError> {
    let entry = catalog_entry(input, product.product_variant_id)?;
    Ok(OrderLine {
        line_number,
        product_id: product.product_id,
        product_variant_id: product.product_variant_id,
        product_type: product.product_type,
        description: product.description.clone(),
        quantity: product.quantity,
        unit_price: entry.unit_price,
        original_amount: product.original_amount,
        discount_amount: product.original_amount.checked_sub(product.total_amount)?,
        promotion_key: product
            .product_discounts
            .first()
            .map(|discount| discount.promotion_key.clone()),
        total_amount: product.total_amount,
        vat_type: product.vat_type,
        vat_rate_percentage: product.vat_rate_percentage,
        is_free: false,
        rqs_samples: product.rqs_samples.clone(),
    })
}

fn free_line(
    input: &CartInput,
    free: &FreeProduct,
    line_number: u32,
) -> Result<OrderLine, EngineError> {
    let entry = catalog_entry(input, free.product_variant_id)?;
    Ok(OrderLine {
        line_number,
        product_id: free.product_id,
        product_variant_id: free.product_variant_id,
        product_type: entry.product_type,
        description: free.description.clone(),
        quantity: free.quantity,
        unit_price: entry.unit_price,
        original_amount: free.original_amount,
        discount_amount: free.original_amount,
        promotion_key: None,
        total_amount: Money::ZERO,
        vat_type: entry.vat_type,
        vat_rate_percentage: crate::cart::rate_of(&input.site, entry.vat_type),
        is_free: true,
        rqs_samples: Vec::new(),
    })
}

/// The VAT of an order as one figure: its low-rate and high-rate VAT added up. Each of the two
/// was rounded once for its rate bucket, so the sum needs no
/// rounding and `total excl. VAT + VAT = total` still holds. This is what a single tax figure,
/// such as the data layer's `purchase.tax`, reports.
///
/// [`MoneyError::Overflow`] only for amounts beyond the decimal range.
pub fn vat_total(vat_amount_low: Money, vat_amount_high: Money) -> Result<Money, MoneyError> {
    vat_amount_low.checked_add(vat_amount_high)
}

/// Whether anything is left to pay: a gift card or a total of 0 may leave nothing, and then no
/// payment is started and the order counts as paid.
pub fn payment_due(amount_to_pay: Money) -> bool {
    !amount_to_pay.is_zero()
}

/// Whether the customer can still pay an order (a "pay now" button, a payment page): it awaits
/// payment and something is left to pay.
pub fn payable(status: OrderStatus, amount_to_pay: Money) -> bool {
    status.awaits_payment() && payment_due(amount_to_pay)
}

/// Input of `order.payable`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PayableRequest {
    /// The order's status.
    pub status: OrderStatus,
    /// What is left to pay after a gift card.
    pub amount_to_pay: Money,
}

/// Output of `order.payable`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct Payability {
    /// True when the customer can still pay the order.
    pub payable: bool,
}

impl PayableRequest {
    /// Whether the order of this request can still be paid.
    pub fn payability(&self) -> Payability {
        Payability {
            payable: payable(self.status, self.amount_to_pay),
        }
    }
}

/// An order's number: the site's configured prefix, the year it was placed and a sequence of
/// six digits or more, e.g. `HS-2026-000101`.
pub fn order_number(prefix: &str, year: &str, sequence: i64) -> String {
    format!("{prefix}-{year}-{sequence:06}")
}

#[cfg(test)]
mod tests {
    use super::OrderStatus::{self, *};
    use crate::money::{Money, MoneyError};

    #[test]
    fn a_transfer_settles_an_unpaid_order_when_it_covers_the_amount_to_pay() {
        use super::{TransferRefusal, transfer_settles};
        let money = |text: &str| text.parse::<Money>().unwrap();
        assert_eq!(
            transfer_settles(Open, money("34.60"), money("34.60")),
            Ok(())
        );
        assert_eq!(
            transfer_settles(Created, money("34.60"), money("40.00")),
            Ok(())
        );
        assert_eq!(
            transfer_settles(Open, money("34.60"), money("34.59")),
            Err(TransferRefusal::TooLittle)
        );
        assert_eq!(
            transfer_settles(Paid, money("34.60"), money("34.60")),
            Err(TransferRefusal::NotAwaitingPayment)
        );
        assert_eq!(
            transfer_settles(Cancelled, money("34.60"), money("34.60")),
            Err(TransferRefusal::NotAwaitingPayment)
        );
    }

    #[test]
    fn the_next_statuses_are_those_the_order_may_become() {
        assert_eq!(Created.next_statuses(), vec![Open, Paid, Cancelled]);
        assert_eq!(Paid.next_statuses(), vec![Processing, Cancelled]);
        assert_eq!(Sent.next_statuses(), vec![Closed]);
        assert!(Closed.next_statuses().is_empty());
        assert!(Cancelled.next_statuses().is_empty());
    }

    fn money(text: &str) -> Money {
        text.parse().unwrap()
    }

    #[test]
    fn only_an_order_awaiting_payment_with_something_left_to_pay_is_payable() {
        for status in OrderStatus::ALL {
            assert_eq!(
                super::payable(status, money("0.01")),
                matches!(status, Created | Open),
                "{status}"
            );
            assert!(!super::payable(status, Money::ZERO), "{status}");
        }
    }

    #[test]
    fn the_vat_total_adds_both_buckets_exactly() {
        assert_eq!(
            super::vat_total(money("5.78"), money("1.37")),
            Ok(money("7.15"))
        );
        assert_eq!(
            super::vat_total(money("4.90"), Money::ZERO),
            Ok(money("4.90"))
        );
        assert_eq!(super::vat_total(Money::ZERO, Money::ZERO), Ok(Money::ZERO));
        let max = Money::round(rust_decimal::Decimal::MAX);
        assert_eq!(super::vat_total(max, money("1")), Err(MoneyError::Overflow));
    }

    #[test]
    fn the_allowed_moves_are_exactly_these() {
        let allowed = [
            (Created, Open),
            (Created, Paid),
            (Created, Cancelled),
            (Open, Paid),
            (Open, Cancelled),
            (Paid, Processing),
            (Paid, Cancelled),
            (Processing, Sent),
            (Processing, Cancelled),
            (Sent, Closed),
        ];
        for from in OrderStatus::ALL {
            for to in OrderStatus::ALL {
                assert_eq!(
                    from.can_become(to),
                    allowed.contains(&(from, to)),
                    "{from} -> {to}"
                );
            }
        }
    }

    #[test]
    fn a_refused_move_names_both_statuses() {
        let error = Sent.transition(Cancelled).unwrap_err();
        assert_eq!(
            error.to_string(),
            "an order that is sent cannot become cancelled"
        );
        assert_eq!(error.code(), "status_transition");
        assert_eq!(Open.transition(Paid).unwrap(), Paid);
    }

    #[test]
    fn labels_read_back() {
        for status in OrderStatus::ALL {
            assert_eq!(status.as_str().parse::<OrderStatus>().unwrap(), status);
            assert_eq!(
                serde_json::to_string(&status).unwrap(),
                format!("\"{status}\"")
            );
        }
        assert_eq!(
            "shipped".parse::<OrderStatus>().unwrap_err().code(),
            "invalid_input"
        );
    }

    #[test]
    fn a_cart_becomes_order_lines_with_each_free_product_after_its_line() {
        let input: crate::cart::CartInput = serde_json::from_value(serde_json::json!({
            "site": {"vatPercentageHigh": "21", "vatPercentageLow": "9",
                     "shippingOptions": [{"shippingMethod": 0, "price": "6.95"}]},
            "catalog": [
                {"productId": 1, "productVariantId": 11, "productType": 2, "vatType": "low",
                 "unitPrice": "32.95", "description": "Sportmuesli"},
                {"productId": 7, "productVariantId": 71, "productType": 3, "vatType": "high",
                 "unitPrice": "5.95", "description": "Voerschep"}
            ],
            "promotions": [
                {"promotionKey": "muesli-10", "description": "10% korting",
                 "rule": {"type": "productDiscount", "appliesTo": {"productVariantId": 11},
                          "discount": {"percentage": "10"}}},
                {"promotionKey": "scoop", "description": "Gratis schep",
                 "rule": {"type": "freeProduct", "appliesTo": {"productVariantId": 11}, "buyQuantity": 2,
                          "freeProductVariantId": 71, "freeQuantity": 1, "promotionText": "Gratis schep"}}
            ],
            "products": [{"productVariantId": 11, "count": 2}]
        }))
        .unwrap();
        let cart = crate::cart::calculate(&input).unwrap();
        let lines = super::order_lines(&input, &cart).unwrap();
        let summary: Vec<_> = lines
            .iter()
            .map(|line| {
                (
                    line.line_number,
                    line.product_variant_id.get(),
                    line.quantity,
                    line.unit_price.to_string(),
                    line.original_amount.to_string(),
                    line.discount_amount.to_string(),
                    line.total_amount.to_string(),
                    line.vat_rate_percentage.to_string(),
                    line.is_free,
                )
            })
            .collect();
        assert_eq!(
            summary,
            vec![
                (
                    1,
                    11,
                    2,
                    "32.95".into(),
                    "65.90".into(),
                    "6.59".into(),
                    "59.31".into(),
                    "9".into(),
                    false
                ),
                (
                    2,
                    71,
                    1,
                    "5.95".into(),
                    "5.95".into(),
                    "5.95".into(),
                    "0.00".into(),
                    "21".into(),
                    true
                ),
            ]
        );
        assert_eq!(lines[0].promotion_key.as_deref(), Some("muesli-10"));
    }

    #[test]
    fn only_cancelled_orders_hold_nothing_and_only_unpaid_ones_await_payment() {
        assert!(!Cancelled.holds_reservations());
        assert!(Sent.holds_reservations());
        assert!(Created.awaits_payment() && Open.awaits_payment());
        assert!(!Paid.awaits_payment() && !Cancelled.awaits_payment());
    }
}
