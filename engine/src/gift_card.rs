//! A gift card's balance as orders pay with it and cancelled orders give back: a payment never
//! takes more than the balance, a refund adds the amount back. The server reads and writes the
//! stored balance (compare-and-set, so a concurrent change is never overwritten); the engine
//! computes the new one. Operations `giftCard.pay` and `giftCard.refund`.
//!
//! How much of an order a card pays is the cart's rule (`giftCardAmount`, see
//! [`cart`](crate::cart)): at most the balance, so a payment the cart calculated always fits.

use serde::{Deserialize, Serialize};

use crate::money::{Money, MoneyError};

/// Input of `giftCard.pay` and `giftCard.refund`: a card's balance and the amount that moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GiftCardMovement {
    /// The balance on the card now.
    pub balance: Money,
    /// The amount paid with the card, or given back to it; not below zero.
    pub amount: Money,
}

/// Output of `giftCard.pay` and `giftCard.refund`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct GiftCardBalance {
    /// The balance on the card afterwards.
    pub balance: Money,
}

/// Why a card's balance cannot move by an amount.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GiftCardError {
    /// The payment is more than the card holds.
    #[error("a gift card payment of {amount} is more than its balance of {balance}")]
    BeyondBalance {
        /// The balance on the card.
        balance: Money,
        /// The amount asked.
        amount: Money,
    },
    /// An amount below zero moves nothing: it would turn a payment into a refund.
    #[error("a gift card amount of {0} is below zero")]
    NegativeAmount(Money),
    /// The new balance does not fit an amount.
    #[error(transparent)]
    Money(#[from] MoneyError),
}

impl GiftCardError {
    /// A stable, machine-readable code for this kind of error (see
    /// [`EngineError::code`](crate::EngineError::code)).
    pub fn code(&self) -> &'static str {
        match self {
            GiftCardError::BeyondBalance { .. } => "gift_card_balance_exceeded",
            GiftCardError::NegativeAmount(_) => "invalid_input",
            GiftCardError::Money(_) => "invalid_amount",
        }
    }
}

/// The balance after paying `amount` with a card holding `balance`.
pub fn pay(balance: Money, amount: Money) -> Result<Money, GiftCardError> {
    if amount.is_negative() {
        return Err(GiftCardError::NegativeAmount(amount));
    }
    if amount > balance {
        return Err(GiftCardError::BeyondBalance { balance, amount });
    }
    Ok(balance.checked_sub(amount)?)
}

/// The balance after giving `amount` back to a card holding `balance`.
pub fn refund(balance: Money, amount: Money) -> Result<Money, GiftCardError> {
    if amount.is_negative() {
        return Err(GiftCardError::NegativeAmount(amount));
    }
    Ok(balance.checked_add(amount)?)
}

impl GiftCardMovement {
    /// `giftCard.pay`: see [`pay`].
    pub fn pay(&self) -> Result<GiftCardBalance, GiftCardError> {
        pay(self.balance, self.amount).map(|balance| GiftCardBalance { balance })
    }

    /// `giftCard.refund`: see [`refund`].
    pub fn refund(&self) -> Result<GiftCardBalance, GiftCardError> {
        refund(self.balance, self.amount).map(|balance| GiftCardBalance { balance })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn money(text: &str) -> Money {
        text.parse().unwrap()
    }

    #[test]
    fn a_payment_takes_at_most_the_balance() {
        assert_eq!(pay(money("25.00"), money("18.40")), Ok(money("6.60")));
        assert_eq!(pay(money("25.00"), money("25.00")), Ok(Money::ZERO));
        assert_eq!(
            pay(money("25.00"), money("25.01")),
            Err(GiftCardError::BeyondBalance {
                balance: money("25.00"),
                amount: money("25.01")
            })
        );
    }

    #[test]
    fn a_refund_adds_the_amount_back() {
        assert_eq!(refund(money("6.60"), money("18.40")), Ok(money("25.00")));
        assert_eq!(refund(Money::ZERO, money("0.01")), Ok(money("0.01")));
    }

    #[test]
    fn an_amount_below_zero_is_refused_both_ways() {
        let below = money("-1.00");
        assert_eq!(
            pay(money("5.00"), below),
            Err(GiftCardError::NegativeAmount(below))
        );
        assert_eq!(
            refund(money("5.00"), below).unwrap_err().code(),
            "invalid_input"
        );
    }
}
