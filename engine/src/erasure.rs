//! Erasing a customer's personal data on their request (the right to erasure): when the shop
//! may do it.
//!
//! The shop still needs the data of what it has not finished for the customer: an order being
//! paid, picked or packed needs the address it goes to, an open return needs the customer to
//! answer. Those are finished first (or cancelled); then the account's personal data goes and
//! only what the law makes the shop keep stays: the invoices, with the billing name and address.

use serde::{Deserialize, Serialize};

use crate::order::OrderStatus;
use crate::returns::ReturnStatus;

/// Why a customer's data cannot be erased now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum ErasureRefusal {
    /// The account was erased before.
    AlreadyErased,
    /// An order is still being paid or fulfilled (created, open, paid or processing).
    OrderInProgress,
    /// A return is still being handled.
    ReturnOpen,
}

/// Whether an order in `status` still needs the customer's data.
fn in_progress(status: OrderStatus) -> bool {
    match status {
        OrderStatus::Created | OrderStatus::Open | OrderStatus::Paid | OrderStatus::Processing => {
            true
        }
        OrderStatus::Sent | OrderStatus::Closed | OrderStatus::Cancelled => false,
    }
}

/// Whether a customer whose orders and returns are in these statuses may be erased now; the
/// first reason against it otherwise.
pub fn may_erase(
    already_erased: bool,
    orders: &[OrderStatus],
    returns: &[ReturnStatus],
) -> Result<(), ErasureRefusal> {
    if already_erased {
        return Err(ErasureRefusal::AlreadyErased);
    }
    if orders.iter().copied().any(in_progress) {
        return Err(ErasureRefusal::OrderInProgress);
    }
    if returns.iter().any(|status| *status != ReturnStatus::Closed) {
        return Err(ErasureRefusal::ReturnOpen);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_customer_whose_orders_are_done_may_be_erased() {
        let done = [
            OrderStatus::Sent,
            OrderStatus::Closed,
            OrderStatus::Cancelled,
        ];
        assert_eq!(may_erase(false, &done, &[ReturnStatus::Closed]), Ok(()));
        assert_eq!(may_erase(false, &[], &[]), Ok(()));
    }

    #[test]
    fn an_order_being_paid_or_fulfilled_keeps_the_data() {
        for status in [
            OrderStatus::Created,
            OrderStatus::Open,
            OrderStatus::Paid,
            OrderStatus::Processing,
        ] {
            assert_eq!(
                may_erase(false, &[OrderStatus::Closed, status], &[]),
                Err(ErasureRefusal::OrderInProgress),
                "{status:?}"
            );
        }
    }

    #[test]
    fn an_open_return_keeps_the_data() {
        for status in [ReturnStatus::New, ReturnStatus::Processing] {
            assert_eq!(
                may_erase(false, &[OrderStatus::Sent], &[status]),
                Err(ErasureRefusal::ReturnOpen)
            );
        }
    }

    #[test]
    fn an_erased_account_is_not_erased_twice() {
        assert_eq!(
            may_erase(true, &[], &[]),
            Err(ErasureRefusal::AlreadyErased)
        );
    }
}
