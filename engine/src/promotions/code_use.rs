//! Whether a discount code may be used: within its dates, below its usage limit and, once the
//! customer is known, below its limit per customer. The server reads the code's dates and
//! counts and the customer's orders with it; the engine decides. Operation
//! `promotions.codeUsable`.
//!
//! A code is valid from its first day to its last day, both included. Its usage limit counts
//! the orders that used it in the whole shop; a code without one is never used up. The limit
//! per customer counts the customer's orders with the code that are not cancelled; a code
//! without one, or a customer not known yet, is never used up by that customer.

use serde::{Deserialize, Serialize};

use crate::locale::CalendarDate;

/// Input of `promotions.codeUsable`: a discount code as the shop keeps it, today's date and,
/// when the customer is known, how often they used it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CodeUseRequest {
    /// The code's first day.
    pub valid_from: CalendarDate,
    /// The code's last day.
    pub valid_until: CalendarDate,
    /// The day it is used on.
    pub today: CalendarDate,
    /// How many orders in all may use the code; absent when there is no limit.
    #[serde(default)]
    pub usage_limit: Option<i64>,
    /// How many orders used it.
    pub times_used: i64,
    /// How many orders one customer may place with the code; absent when there is no limit.
    #[serde(default)]
    pub per_customer_limit: Option<i64>,
    /// How many orders this customer placed with the code; absent when the customer is not
    /// known yet.
    #[serde(default)]
    pub customer_uses: Option<i64>,
}

/// Why a code may not be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum CodeRefusal {
    /// Today is before the code's first day.
    NotYetValid,
    /// Today is after the code's last day.
    Expired,
    /// As many orders used it as its usage limit allows.
    UsedUp,
    /// This customer used it as often as the limit per customer allows.
    UsedUpByCustomer,
}

/// Output of `promotions.codeUsable`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct CodeUsability {
    /// True when the code may be used.
    pub usable: bool,
    /// Why not, when it may not; the first reason in the order of [`CodeRefusal`].
    pub reason: Option<CodeRefusal>,
}

impl CodeUsability {
    fn of(reason: Option<CodeRefusal>) -> CodeUsability {
        CodeUsability {
            usable: reason.is_none(),
            reason,
        }
    }
}

impl CodeUseRequest {
    /// Whether the code may be used, or the first reason it may not.
    pub fn usability(&self) -> CodeUsability {
        CodeUsability::of(self.refusal())
    }

    fn refusal(&self) -> Option<CodeRefusal> {
        if self.today < self.valid_from {
            return Some(CodeRefusal::NotYetValid);
        }
        if self.today > self.valid_until {
            return Some(CodeRefusal::Expired);
        }
        if self
            .usage_limit
            .is_some_and(|limit| self.times_used >= limit)
        {
            return Some(CodeRefusal::UsedUp);
        }
        let by_customer = self
            .customer_uses
            .is_some_and(|uses| used_up_by_customer(self.per_customer_limit, uses));
        by_customer.then_some(CodeRefusal::UsedUpByCustomer)
    }
}

/// Whether a customer who placed `uses` orders with a code has used it as often as its limit
/// per customer allows; never without such a limit.
pub fn used_up_by_customer(per_customer_limit: Option<i64>, uses: i64) -> bool {
    per_customer_limit.is_some_and(|limit| uses >= limit)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(text: &str) -> CalendarDate {
        CalendarDate::parse_iso(text).unwrap()
    }

    fn request(today: &str) -> CodeUseRequest {
        CodeUseRequest {
            valid_from: date("2026-01-01"),
            valid_until: date("2026-12-31"),
            today: date(today),
            usage_limit: Some(100),
            times_used: 99,
            per_customer_limit: Some(1),
            customer_uses: None,
        }
    }

    #[test]
    fn a_code_is_valid_from_its_first_to_its_last_day() {
        let reason = |today| request(today).usability().reason;
        assert_eq!(reason("2025-12-31"), Some(CodeRefusal::NotYetValid));
        assert_eq!(reason("2026-01-01"), None);
        assert_eq!(reason("2026-12-31"), None);
        assert_eq!(reason("2027-01-01"), Some(CodeRefusal::Expired));
    }

    #[test]
    fn the_last_use_the_limit_allows_leaves_the_code_used_up() {
        let mut request = request("2026-06-01");
        assert!(request.usability().usable);
        request.times_used = 100;
        assert_eq!(request.usability().reason, Some(CodeRefusal::UsedUp));
        request.usage_limit = None;
        assert!(request.usability().usable);
    }

    #[test]
    fn a_known_customer_is_held_to_the_limit_per_customer() {
        let mut request = request("2026-06-01");
        request.customer_uses = Some(0);
        assert!(request.usability().usable);
        request.customer_uses = Some(1);
        assert_eq!(
            request.usability(),
            CodeUsability {
                usable: false,
                reason: Some(CodeRefusal::UsedUpByCustomer)
            }
        );
        request.per_customer_limit = None;
        assert!(request.usability().usable);
        assert!(!used_up_by_customer(None, 5));
        assert!(used_up_by_customer(Some(2), 2));
    }
}
