//! Refunds: how much of a paid order goes back, at which VAT, and along which way the money
//! came in.
//!
//! The shop refunds some units of some lines (and the shipping, once), or an amount it names
//! (a gesture, a price difference). The rules:
//!
//! - A line's **net** is its total less its share of the order discounts (spread over the paid
//!   lines in proportion to their totals, to the cent, as the cart spreads them). Refunding `q`
//!   more units of a line of `n` units of which `r` went back earlier gives
//!   `round(net × (r + q) / n) − round(net × r / n)`: the parts of a line refunded bit by bit add
//!   up to exactly its net.
//! - Shipping goes back whole, once. Its VAT follows the goods (in proportion to the net goods
//!   per rate), as in the cart; so does a named amount's.
//! - VAT is computed per rate on the refund's VAT-inclusive total at that rate, rounded once per
//!   rate (`vat = amount × rate / (100 + rate)`), as an invoice's.
//! - Never more than was paid and not refunded yet. The gift card's part goes back onto the
//!   card, in the proportion the card paid of what was paid (again cumulative, so a whole order
//!   refunded in parts gives the card exactly what it paid); the rest goes back through the
//!   payments that took it, each at most what it took less what it gave back.
//! - Only an order that was paid (paid, processing, sent or closed) is refunded. A cancelled
//!   order has given its gift-card amount back already: only what a payment took (a payment
//!   that arrived after the cancellation) goes back, as a named amount.

use serde::{Deserialize, Serialize};

use crate::allocation::allocate;
use crate::money::Money;
use crate::order::OrderStatus;
use crate::vat::{VatRate, VatType, vat_in_inclusive};

/// A paid order as a refund sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefundableOrder {
    /// The order's status.
    pub status: OrderStatus,
    /// Its lines, with what went back of each.
    pub lines: Vec<RefundableLine>,
    /// The order discounts together (not the shipping discounts, which lowered the shipping).
    pub order_discount: Money,
    /// The shipping costs charged.
    pub shipping_costs: Money,
    /// Whether an earlier refund gave the shipping back.
    pub shipping_refunded: bool,
    /// The site's two rates.
    pub rate_low: VatRate,
    /// The site's standard rate.
    pub rate_high: VatRate,
    /// What a gift card paid of the order.
    pub gift_card_amount: Money,
    /// What earlier refunds put back onto the gift card.
    pub gift_card_refunded: Money,
    /// The payments that were paid, in the order money should go back through them.
    pub payments: Vec<PaidPayment>,
}

/// A line of the order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefundableLine {
    /// The line's number on the order.
    pub line_number: u32,
    /// How many were bought.
    pub quantity: u32,
    /// How many went back in earlier refunds.
    pub refunded_quantity: u32,
    /// What the line came to (after product discounts; zero for a free product).
    pub total_amount: Money,
    /// Which of the site's rates applies.
    pub vat_type: VatType,
}

/// A payment that took money for the order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PaidPayment {
    /// The provider's id of the payment.
    pub payment_id: String,
    /// What it took.
    pub amount: Money,
    /// What earlier refunds gave back through it.
    pub refunded: Money,
}

/// What the shop wants to give back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum RefundAsked {
    /// Units of lines, and the shipping if asked.
    Lines {
        /// The lines and how many units of each.
        lines: Vec<LineAsked>,
        /// Give the shipping costs back too.
        shipping: bool,
    },
    /// An amount the shop names.
    Amount {
        /// The amount, in euro, more than zero.
        #[cfg_attr(feature = "openapi", schema(value_type = String, example = "5.00"))]
        amount: Money,
    },
}

/// Units of one line to give back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct LineAsked {
    /// The line's number on the order.
    pub line_number: u32,
    /// How many units, at least 1.
    pub quantity: u32,
}

/// A refund as the engine computes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RefundPlan {
    /// Everything that goes back, VAT included.
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "25.90"))]
    pub total_amount: Money,
    /// The lines given back, with their amounts.
    pub lines: Vec<LineRefund>,
    /// The shipping costs given back (zero when not).
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "0.00"))]
    pub shipping_amount: Money,
    /// The VAT in the total at the low rate.
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "2.14"))]
    pub vat_amount_low: Money,
    /// The VAT in the total at the high rate.
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "0.00"))]
    pub vat_amount_high: Money,
    /// The total without VAT.
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "23.76"))]
    pub total_amount_excl_vat: Money,
    /// What goes back onto the gift card.
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "0.00"))]
    pub gift_card_amount: Money,
    /// What goes back through each payment.
    pub payments: Vec<PaymentRefund>,
}

/// Units of a line given back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct LineRefund {
    /// The line's number on the order.
    pub line_number: u32,
    /// How many units.
    pub quantity: u32,
    /// What they come to, after their share of the order discounts.
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "25.90"))]
    pub amount: Money,
}

/// What goes back through one payment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PaymentRefund {
    /// The provider's id of the payment.
    pub payment_id: String,
    /// The amount.
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "25.90"))]
    pub amount: Money,
}

/// Why a refund cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RefundRefusal {
    /// The order was never paid.
    #[error("the order was not paid")]
    NotPaid,
    /// A cancelled order gives back only a named amount.
    #[error("a cancelled order gives back an amount, not lines")]
    LinesOfCancelledOrder,
    /// Nothing was asked: no units, no shipping, or an amount of zero or less.
    #[error("nothing to refund")]
    Nothing,
    /// The order has no line with this number, or it is a free product.
    #[error("line {0} cannot be refunded")]
    UnknownLine(u32),
    /// More units than are left of the line.
    #[error("line {0} has fewer units left to refund")]
    BeyondQuantity(u32),
    /// The shipping was not charged or went back already.
    #[error("the shipping costs cannot be refunded")]
    ShippingNotRefundable,
    /// More than was paid and not refunded yet.
    #[error("more than is left to refund ({left})")]
    BeyondPaid {
        /// What is left to refund.
        left: Money,
    },
}

/// Computes the refund of `asked` on `order`.
pub fn plan_refund(
    order: &RefundableOrder,
    asked: &RefundAsked,
) -> Result<RefundPlan, RefundRefusal> {
    let cancelled = order.status == OrderStatus::Cancelled;
    if !order.status.is_revenue() && !cancelled {
        return Err(RefundRefusal::NotPaid);
    }
    let nets = line_nets(order);
    let goods_weights = goods_per_rate(order, &nets);
    let (lines, shipping, per_rate) = match asked {
        RefundAsked::Lines { .. } if cancelled => {
            return Err(RefundRefusal::LinesOfCancelledOrder);
        }
        RefundAsked::Lines { lines, shipping } => {
            let (refunded, goods) = refund_lines(order, &nets, lines)?;
            let shipping = refund_shipping(order, *shipping)?;
            let costs = spread_cents(shipping, &goods_weights);
            (
                refunded,
                shipping,
                [goods[LOW] + costs[LOW], goods[HIGH] + costs[HIGH]],
            )
        }
        RefundAsked::Amount { amount } => {
            let amount = cents(*amount);
            if amount <= 0 {
                return Err(RefundRefusal::Nothing);
            }
            (Vec::new(), 0, spread_cents(amount, &goods_weights))
        }
    };
    let total: i64 = per_rate.iter().sum();
    if total <= 0 {
        return Err(RefundRefusal::Nothing);
    }
    let (gift_card, payments) = split_over_sources(order, total, cancelled)?;
    let vat_low = vat_of(per_rate[LOW], order.rate_low);
    let vat_high = vat_of(per_rate[HIGH], order.rate_high);
    Ok(RefundPlan {
        total_amount: Money::from_cents(total),
        lines,
        shipping_amount: Money::from_cents(shipping),
        vat_amount_low: Money::from_cents(vat_low),
        vat_amount_high: Money::from_cents(vat_high),
        total_amount_excl_vat: Money::from_cents(total - vat_low - vat_high),
        gift_card_amount: Money::from_cents(gift_card),
        payments,
    })
}

/// What is left to give back of the order: what was paid less what went back; zero for an
/// order that was never paid. A cancelled order's gift-card amount went back already.
pub fn left_to_refund(order: &RefundableOrder) -> Money {
    let cancelled = order.status == OrderStatus::Cancelled;
    if !order.status.is_revenue() && !cancelled {
        return Money::ZERO;
    }
    let sources = Sources::of(order, cancelled);
    Money::from_cents(sources.card_left() + sources.payments_left)
}

/// What the gift card and the payments took, and what is left of it, in cents. A cancelled
/// order gave its gift-card amount back when it was cancelled: its card counts for nothing.
struct Sources {
    card_paid: i64,
    card_refunded: i64,
    payments_paid: i64,
    payments_left: i64,
}

impl Sources {
    fn of(order: &RefundableOrder, cancelled: bool) -> Sources {
        let card = |amount: Money| if cancelled { 0 } else { cents(amount) };
        Sources {
            card_paid: card(order.gift_card_amount),
            card_refunded: card(order.gift_card_refunded),
            payments_paid: order.payments.iter().map(|p| cents(p.amount)).sum(),
            payments_left: order
                .payments
                .iter()
                .map(|p| (cents(p.amount) - cents(p.refunded)).max(0))
                .sum(),
        }
    }

    fn card_left(&self) -> i64 {
        (self.card_paid - self.card_refunded).max(0)
    }
}

/// The units of each line that may still go back (lines that brought nothing in, such as free
/// products, are left out), and whether the shipping may; nothing for a cancelled or unpaid
/// order.
pub fn refundable_lines(order: &RefundableOrder) -> (Vec<LineAsked>, bool) {
    if !order.status.is_revenue() {
        return (Vec::new(), false);
    }
    let lines = order
        .lines
        .iter()
        .zip(line_nets(order))
        .filter(|(line, net)| *net > 0 && line.refunded_quantity < line.quantity)
        .map(|(line, _)| LineAsked {
            line_number: line.line_number,
            quantity: line.quantity - line.refunded_quantity,
        })
        .collect();
    let shipping = cents(order.shipping_costs) > 0 && !order.shipping_refunded;
    (lines, shipping)
}

/// A credit note's number: `C`, the year and a sequence of at least five digits
/// (`C2026-01001`).
pub fn credit_note_number(year: &str, sequence: i64) -> String {
    format!("C{year}-{sequence:05}")
}

const LOW: usize = 0;
const HIGH: usize = 1;

fn rate_index(vat_type: VatType) -> usize {
    match vat_type {
        VatType::Low => LOW,
        VatType::High => HIGH,
    }
}

/// Amounts of an order are far below the cent range of `i64` (the JSON door takes amounts
/// under 10^12 euro), so whole cents are exact here.
fn cents(amount: Money) -> i64 {
    amount.cents().unwrap_or(0)
}

/// Each line's total less its share of the order discounts, in cents.
fn line_nets(order: &RefundableOrder) -> Vec<i64> {
    let totals: Vec<i64> = order
        .lines
        .iter()
        .map(|line| cents(line.total_amount))
        .collect();
    let shares =
        allocate(cents(order.order_discount), &totals).unwrap_or_else(|| vec![0; totals.len()]);
    totals
        .iter()
        .zip(shares)
        .map(|(total, share)| (total - share).max(0))
        .collect()
}

fn goods_per_rate(order: &RefundableOrder, nets: &[i64]) -> [i64; 2] {
    let mut per_rate = [0, 0];
    for (line, net) in order.lines.iter().zip(nets) {
        per_rate[rate_index(line.vat_type)] += net;
    }
    per_rate
}

/// Spreads cents over the two rates by the goods' weights; all at the high rate when the order
/// had no goods that cost anything.
fn spread_cents(amount: i64, weights: &[i64; 2]) -> [i64; 2] {
    match allocate(amount, weights) {
        Some(parts) => [parts[LOW], parts[HIGH]],
        None => [0, amount],
    }
}

/// The units asked of each line with their amounts, and those amounts per rate.
fn refund_lines(
    order: &RefundableOrder,
    nets: &[i64],
    asked: &[LineAsked],
) -> Result<(Vec<LineRefund>, [i64; 2]), RefundRefusal> {
    let mut refunds: Vec<LineRefund> = Vec::new();
    let mut per_rate = [0, 0];
    for wanted in asked.iter().filter(|wanted| wanted.quantity > 0) {
        let (index, line) = order
            .lines
            .iter()
            .enumerate()
            .find(|(_, line)| line.line_number == wanted.line_number)
            .filter(|(index, _)| nets[*index] > 0)
            .ok_or(RefundRefusal::UnknownLine(wanted.line_number))?;
        let earlier = line.refunded_quantity
            + refunds
                .iter()
                .filter(|refund| refund.line_number == line.line_number)
                .map(|refund| refund.quantity)
                .sum::<u32>();
        let after = earlier
            .checked_add(wanted.quantity)
            .filter(|after| *after <= line.quantity)
            .ok_or(RefundRefusal::BeyondQuantity(line.line_number))?;
        let amount =
            share(nets[index], after, line.quantity) - share(nets[index], earlier, line.quantity);
        per_rate[rate_index(line.vat_type)] += amount;
        refunds.push(LineRefund {
            line_number: line.line_number,
            quantity: wanted.quantity,
            amount: Money::from_cents(amount),
        });
    }
    Ok((refunds, per_rate))
}

fn share(amount: i64, part: u32, whole: u32) -> i64 {
    share_of_cents(amount, i64::from(part), i64::from(whole))
}

/// `round(amount × part / whole)` in cents, half away from zero; amounts here are not negative.
fn share_of_cents(amount: i64, part: i64, whole: i64) -> i64 {
    if whole <= 0 {
        return 0;
    }
    let numerator = 2 * i128::from(amount) * i128::from(part) + i128::from(whole);
    i64::try_from(numerator / (2 * i128::from(whole))).unwrap_or(i64::MAX)
}

fn refund_shipping(order: &RefundableOrder, asked: bool) -> Result<i64, RefundRefusal> {
    if !asked {
        return Ok(0);
    }
    let shipping = cents(order.shipping_costs);
    if shipping <= 0 || order.shipping_refunded {
        return Err(RefundRefusal::ShippingNotRefundable);
    }
    Ok(shipping)
}

/// The gift card's part and each payment's, for a refund of `total` cents.
fn split_over_sources(
    order: &RefundableOrder,
    total: i64,
    cancelled: bool,
) -> Result<(i64, Vec<PaymentRefund>), RefundRefusal> {
    let Sources {
        card_paid,
        card_refunded,
        payments_paid,
        payments_left,
    } = Sources::of(order, cancelled);
    let card_left = (card_paid - card_refunded).max(0);
    let left = card_left + payments_left;
    if total > left {
        return Err(RefundRefusal::BeyondPaid {
            left: Money::from_cents(left),
        });
    }
    let paid = card_paid + payments_paid;
    let refunded_before = card_refunded + (payments_paid - payments_left);
    let card = (share_of_cents(card_paid, refunded_before + total, paid)
        - share_of_cents(card_paid, refunded_before, paid))
    .clamp(total - payments_left, card_left);
    let mut through_payments = total - card;
    let mut payments = Vec::new();
    for payment in &order.payments {
        let amount = through_payments.min((cents(payment.amount) - cents(payment.refunded)).max(0));
        if amount > 0 {
            payments.push(PaymentRefund {
                payment_id: payment.payment_id.clone(),
                amount: Money::from_cents(amount),
            });
            through_payments -= amount;
        }
    }
    Ok((card, payments))
}

fn vat_of(amount: i64, rate: VatRate) -> i64 {
    cents(vat_in_inclusive(Money::from_cents(amount), rate).unwrap_or(Money::ZERO))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn money(text: &str) -> Money {
        text.parse().unwrap()
    }

    fn line(line_number: u32, quantity: u32, total: &str, vat_type: VatType) -> RefundableLine {
        RefundableLine {
            line_number,
            quantity,
            refunded_quantity: 0,
            total_amount: money(total),
            vat_type,
        }
    }

    fn payment(id: &str, amount: &str) -> PaidPayment {
        PaidPayment {
            payment_id: id.to_owned(),
            amount: money(amount),
            refunded: Money::ZERO,
        }
    }

    /// Muesli 2 × 12.95 (low, 9 %), a salt lick 1 × 8.50 (high, 21 %), 4.95 shipping; 34.40
    /// paid by iDEAL, 10.00 by a gift card.
    fn order() -> RefundableOrder {
        RefundableOrder {
            status: OrderStatus::Sent,
            lines: vec![
                line(1, 2, "25.90", VatType::Low),
                line(2, 1, "8.50", VatType::High),
                line(3, 1, "0.00", VatType::Low),
            ],
            order_discount: Money::ZERO,
            shipping_costs: money("4.95"),
            shipping_refunded: false,
            rate_low: "9".parse().unwrap(),
            rate_high: "21".parse().unwrap(),
            gift_card_amount: money("10.00"),
            gift_card_refunded: Money::ZERO,
            payments: vec![payment("tr_1", "29.35")],
        }
    }

    fn lines(asked: &[(u32, u32)], shipping: bool) -> RefundAsked {
        RefundAsked::Lines {
            lines: asked
                .iter()
                .map(|(line_number, quantity)| LineAsked {
                    line_number: *line_number,
                    quantity: *quantity,
                })
                .collect(),
            shipping,
        }
    }

    #[test]
    fn one_unit_of_a_line_goes_back_with_its_vat_and_the_card_its_share() {
        let plan = plan_refund(&order(), &lines(&[(1, 1)], false)).unwrap();
        assert_eq!(plan.total_amount, money("12.95"));
        assert_eq!(plan.vat_amount_low, money("1.07")); // 12.95 × 9 / 109
        assert_eq!(plan.vat_amount_high, Money::ZERO);
        assert_eq!(plan.total_amount_excl_vat, money("11.88"));
        // The card paid 10.00 of 39.35: 12.95 × 10 / 39.35 = 3.29.
        assert_eq!(plan.gift_card_amount, money("3.29"));
        assert_eq!(
            plan.payments,
            vec![PaymentRefund {
                payment_id: "tr_1".to_owned(),
                amount: money("9.66")
            }]
        );
    }

    #[test]
    fn everything_with_shipping_gives_back_exactly_what_was_paid() {
        let plan = plan_refund(&order(), &lines(&[(1, 2), (2, 1)], true)).unwrap();
        assert_eq!(plan.total_amount, money("39.35"));
        assert_eq!(plan.shipping_amount, money("4.95"));
        // Shipping follows the goods: 25.90 low and 8.50 high, so 3.73 and 1.22.
        assert_eq!(plan.vat_amount_low, money("2.45")); // 29.63 × 9 / 109
        assert_eq!(plan.vat_amount_high, money("1.69")); // 9.72 × 21 / 121
        assert_eq!(plan.gift_card_amount, money("10.00"));
        assert_eq!(plan.payments[0].amount, money("29.35"));
    }

    #[test]
    fn a_line_refunded_unit_by_unit_adds_up_to_its_net() {
        let mut order = order();
        order.order_discount = money("3.00");
        order.lines[0] = line(1, 3, "10.00", VatType::Low);
        order.payments = vec![payment("tr_1", "100.00")];
        order.gift_card_amount = Money::ZERO;
        let mut given = Vec::new();
        for _ in 0..3 {
            let plan = plan_refund(&order, &lines(&[(1, 1)], false)).unwrap();
            given.push(plan.total_amount);
            order.lines[0].refunded_quantity += 1;
            order.payments[0].refunded = order.payments[0]
                .refunded
                .checked_add(plan.total_amount)
                .unwrap();
        }
        // The 3.00 discount over 10.00 and 8.50: 1.62 and 1.38; the muesli's net is 8.38.
        assert_eq!(given, vec![money("2.79"), money("2.80"), money("2.79")]);
        assert_eq!(
            plan_refund(&order, &lines(&[(1, 1)], false)),
            Err(RefundRefusal::BeyondQuantity(1))
        );
    }

    #[test]
    fn an_amount_follows_the_goods_over_the_rates() {
        let plan = plan_refund(
            &order(),
            &RefundAsked::Amount {
                amount: money("5.00"),
            },
        )
        .unwrap();
        assert_eq!(plan.total_amount, money("5.00"));
        assert!(plan.lines.is_empty());
        // 5.00 over 25.90 and 8.50: 3.76 low and 1.24 high.
        assert_eq!(plan.vat_amount_low, money("0.31"));
        assert_eq!(plan.vat_amount_high, money("0.22"));
    }

    #[test]
    fn never_more_than_is_left() {
        let mut order = order();
        order.payments[0].refunded = money("29.35");
        order.gift_card_refunded = money("5.00");
        assert_eq!(
            plan_refund(
                &order,
                &RefundAsked::Amount {
                    amount: money("5.01")
                }
            ),
            Err(RefundRefusal::BeyondPaid {
                left: money("5.00")
            })
        );
        let plan = plan_refund(
            &order,
            &RefundAsked::Amount {
                amount: money("5.00"),
            },
        )
        .unwrap();
        assert_eq!(plan.gift_card_amount, money("5.00"));
        assert!(plan.payments.is_empty());
    }

    #[test]
    fn what_is_left_and_which_lines_may_go_back() {
        let mut order = order();
        assert_eq!(left_to_refund(&order), money("39.35"));
        assert_eq!(
            refundable_lines(&order),
            (
                vec![
                    LineAsked {
                        line_number: 1,
                        quantity: 2
                    },
                    LineAsked {
                        line_number: 2,
                        quantity: 1
                    }
                ],
                true
            )
        );
        order.lines[0].refunded_quantity = 2;
        order.shipping_refunded = true;
        order.payments[0].refunded = money("20.00");
        order.gift_card_refunded = money("10.00");
        assert_eq!(left_to_refund(&order), money("9.35"));
        assert_eq!(
            refundable_lines(&order),
            (
                vec![LineAsked {
                    line_number: 2,
                    quantity: 1
                }],
                false
            )
        );
        order.status = OrderStatus::Cancelled;
        assert_eq!(left_to_refund(&order), money("9.35"));
        assert_eq!(refundable_lines(&order), (Vec::new(), false));
        order.status = OrderStatus::Open;
        assert_eq!(left_to_refund(&order), Money::ZERO);
        assert_eq!(credit_note_number("2026", 1001), "C2026-01001");
    }

    #[test]
    fn refusals_name_what_is_wrong() {
        let mut unpaid = order();
        unpaid.status = OrderStatus::Open;
        assert_eq!(
            plan_refund(&unpaid, &lines(&[(1, 1)], false)),
            Err(RefundRefusal::NotPaid)
        );
        assert_eq!(
            plan_refund(&order(), &lines(&[(3, 1)], false)),
            Err(RefundRefusal::UnknownLine(3)),
            "a free product brought nothing in"
        );
        assert_eq!(
            plan_refund(&order(), &lines(&[(9, 1)], false)),
            Err(RefundRefusal::UnknownLine(9))
        );
        assert_eq!(
            plan_refund(&order(), &lines(&[(1, 3)], false)),
            Err(RefundRefusal::BeyondQuantity(1))
        );
        assert_eq!(
            plan_refund(&order(), &lines(&[], false)),
            Err(RefundRefusal::Nothing)
        );
        let mut shipped_back = order();
        shipped_back.shipping_refunded = true;
        assert_eq!(
            plan_refund(&shipped_back, &lines(&[], true)),
            Err(RefundRefusal::ShippingNotRefundable)
        );
        assert_eq!(
            plan_refund(
                &order(),
                &RefundAsked::Amount {
                    amount: Money::ZERO
                }
            ),
            Err(RefundRefusal::Nothing)
        );
    }

    #[test]
    fn a_cancelled_order_gives_back_only_what_a_payment_took() {
        let mut cancelled = order();
        cancelled.status = OrderStatus::Cancelled;
        assert_eq!(
            plan_refund(&cancelled, &lines(&[(1, 1)], false)),
            Err(RefundRefusal::LinesOfCancelledOrder)
        );
        let plan = plan_refund(
            &cancelled,
            &RefundAsked::Amount {
                amount: money("29.35"),
            },
        )
        .unwrap();
        assert_eq!(plan.gift_card_amount, Money::ZERO);
        assert_eq!(plan.payments[0].amount, money("29.35"));
        assert_eq!(
            plan_refund(
                &cancelled,
                &RefundAsked::Amount {
                    amount: money("29.36")
                }
            ),
            Err(RefundRefusal::BeyondPaid {
                left: money("29.35")
            })
        );
    }

    #[test]
    fn money_goes_back_through_the_payments_in_the_order_given() {
        let mut order = order();
        order.gift_card_amount = Money::ZERO;
        order.payments = vec![payment("tr_2", "10.00"), payment("bank_1", "29.35")];
        let plan = plan_refund(&order, &lines(&[(1, 1)], false)).unwrap();
        assert_eq!(
            plan.payments,
            vec![
                PaymentRefund {
                    payment_id: "tr_2".to_owned(),
                    amount: money("10.00")
                },
                PaymentRefund {
                    payment_id: "bank_1".to_owned(),
                    amount: money("2.95")
                },
            ]
        );
    }

    proptest::proptest! {
        /// Refunding a whole order unit by unit, then the shipping, gives back exactly what was
        /// paid: to the card what the card paid, through the payment what it took.
        #[test]
        fn an_order_refunded_piece_by_piece_gives_back_exactly_what_was_paid(
            bought in proptest::collection::vec((1_u32..5, 1_i64..50_000, proptest::bool::ANY), 1..4),
            discount_per_mille in 0_i64..500,
            shipping in 0_i64..1_000,
            card_per_mille in 0_i64..=1_000,
        ) {
            let order_lines: Vec<RefundableLine> = bought
                .iter()
                .enumerate()
                .map(|(index, (quantity, total, low))| RefundableLine {
                    line_number: u32::try_from(index).unwrap() + 1,
                    quantity: *quantity,
                    refunded_quantity: 0,
                    total_amount: Money::from_cents(*total),
                    vat_type: if *low { VatType::Low } else { VatType::High },
                })
                .collect();
            let goods: i64 = order_lines.iter().map(|line| cents(line.total_amount)).sum();
            let discount = goods * discount_per_mille / 1_000;
            let total = goods - discount + shipping;
            let card = total * card_per_mille / 1_000;
            let mut order = RefundableOrder {
                status: OrderStatus::Closed,
                lines: order_lines,
                order_discount: Money::from_cents(discount),
                shipping_costs: Money::from_cents(shipping),
                shipping_refunded: false,
                rate_low: "9".parse().unwrap(),
                rate_high: "21".parse().unwrap(),
                gift_card_amount: Money::from_cents(card),
                gift_card_refunded: Money::ZERO,
                payments: vec![payment("tr_1", &Money::from_cents(total - card).to_string())],
            };
            let mut given = 0;
            let mut asks: Vec<RefundAsked> = order
                .lines
                .iter()
                .flat_map(|line| (0..line.quantity).map(|_| lines(&[(line.line_number, 1)], false)))
                .collect();
            if shipping > 0 {
                asks.push(lines(&[], true));
            }
            for asked in asks {
                let plan = match plan_refund(&order, &asked) {
                    Ok(plan) => plan,
                    // A unit whose share rounds to nothing brings nothing back.
                    Err(RefundRefusal::Nothing) => continue,
                    Err(refusal) => return Err(proptest::test_runner::TestCaseError::fail(refusal.to_string())),
                };
                proptest::prop_assert_eq!(
                    cents(plan.total_amount_excl_vat) + cents(plan.vat_amount_low) + cents(plan.vat_amount_high),
                    cents(plan.total_amount)
                );
                let through_payments: i64 = plan.payments.iter().map(|part| cents(part.amount)).sum();
                proptest::prop_assert_eq!(cents(plan.gift_card_amount) + through_payments, cents(plan.total_amount));
                given += cents(plan.total_amount);
                for line in &plan.lines {
                    let refunded = order.lines.iter_mut().find(|l| l.line_number == line.line_number).unwrap();
                    refunded.refunded_quantity += line.quantity;
                }
                order.shipping_refunded |= plan.shipping_amount > Money::ZERO;
                order.gift_card_refunded = Money::from_cents(cents(order.gift_card_refunded) + cents(plan.gift_card_amount));
                order.payments[0].refunded = Money::from_cents(cents(order.payments[0].refunded) + through_payments);
            }
            proptest::prop_assert_eq!(given, total);
            proptest::prop_assert_eq!(cents(order.gift_card_refunded), card);
            proptest::prop_assert_eq!(left_to_refund(&order), Money::ZERO);
        }
    }
}
