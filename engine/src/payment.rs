//! How a payment method collects money, and which methods may pay what a gift card leaves.

use serde::{Deserialize, Serialize};

/// How a payment method collects: at a provider's page, by bank transfer, or from a gift card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum PaymentFlow {
    /// The customer pays at the provider's page (iDEAL, cards, ...).
    Redirect,
    /// The customer transfers the amount (bank transfer); the order waits for it.
    Offline,
    /// The shop's own gift card.
    GiftCard,
}

impl PaymentFlow {
    /// The flow by its stored name (`redirect`, `offline`, `giftCard`).
    pub fn from_name(name: &str) -> Option<PaymentFlow> {
        match name {
            "redirect" => Some(PaymentFlow::Redirect),
            "offline" => Some(PaymentFlow::Offline),
            "giftCard" => Some(PaymentFlow::GiftCard),
            _ => None,
        }
    }

    /// Whether the method collects money and so may pay what is left to pay after a gift card:
    /// a provider's page or a bank transfer. A gift card alone cannot pay the rest.
    pub fn may_pay_rest(self) -> bool {
        matches!(self, PaymentFlow::Redirect | PaymentFlow::Offline)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_methods_that_collect_money_pay_the_rest() {
        let flows = ["redirect", "offline", "giftCard", "cash"].map(PaymentFlow::from_name);
        assert_eq!(
            flows.map(|flow| flow.map(PaymentFlow::may_pay_rest)),
            [Some(true), Some(true), Some(false), None]
        );
    }
}
