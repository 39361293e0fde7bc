//! Which rows a summary of a cart's or an order's amounts shows: the rows that are always there
//! (subtotal, shipping, total, total excluding VAT) and those shown only when they say
//! something (payment costs, a gift card's part, each VAT rate's amount), and shipping named
//! free once a way of shipping is chosen and costs nothing. The cart, the checkout and the
//! order pages ask the engine rather than compare amounts themselves.

use serde::{Deserialize, Serialize};

use crate::money::Money;
use crate::vat::VatDocument;

/// Input of `cart.totalsShown`: the amounts of a calculated cart or a placed order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TotalsAmounts {
    /// The shipping costs after shipping discounts.
    pub shipping_costs: Money,
    /// True when the cart offers ways of shipping (a cart of lab analyses alone ships nothing);
    /// an order always has shipped or been exempt, so it passes false.
    #[serde(default)]
    pub shipping_offered: bool,
    /// The payment method's costs.
    pub payment_costs: Money,
    /// The part a gift card pays.
    pub gift_card_amount: Money,
    /// The VAT at the low rate.
    pub vat_amount_low: Money,
    /// The VAT at the high rate.
    pub vat_amount_high: Money,
}

/// Output of `cart.totalsShown`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct TotalsShown {
    /// Shipping reads "free" instead of an amount.
    pub shipping_free: bool,
    /// The payment costs row.
    pub payment_costs: bool,
    /// The gift card's part, and the amount left to pay after it.
    pub gift_card: bool,
    /// The VAT row of the low rate.
    pub vat_low: bool,
    /// The VAT row of the high rate.
    pub vat_high: bool,
}

/// The rows a summary of these amounts shows.
pub fn totals_shown(amounts: &TotalsAmounts) -> TotalsShown {
    TotalsShown {
        shipping_free: amounts.shipping_offered && amounts.shipping_costs.is_zero(),
        payment_costs: !amounts.payment_costs.is_zero(),
        gift_card: !amounts.gift_card_amount.is_zero(),
        vat_low: summary_shows_vat(amounts.vat_amount_low),
        vat_high: summary_shows_vat(amounts.vat_amount_high),
    }
}

/// The summary's rule for a VAT row, the one `vat.rows` applies to mails and invoices.
fn summary_shows_vat(amount: Money) -> bool {
    crate::vat::shows_row(VatDocument::Summary, false, amount)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn money(text: &str) -> Money {
        text.parse().unwrap()
    }

    #[test]
    fn rows_with_nothing_to_say_are_left_out() {
        let amounts = TotalsAmounts {
            shipping_costs: money("0.00"),
            shipping_offered: true,
            payment_costs: money("0.00"),
            gift_card_amount: money("25.00"),
            vat_amount_low: money("8.25"),
            vat_amount_high: money("0.00"),
        };
        assert_eq!(
            totals_shown(&amounts),
            TotalsShown {
                shipping_free: true,
                payment_costs: false,
                gift_card: true,
                vat_low: true,
                vat_high: false,
            }
        );
        let nothing_shipped = TotalsAmounts {
            shipping_offered: false,
            ..amounts
        };
        assert!(!totals_shown(&nothing_shipped).shipping_free);
    }
}
