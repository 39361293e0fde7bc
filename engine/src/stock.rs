//! Stock state of a variant: in stock, low or out of stock,
//! and whether the back-in-stock e-mail is offered.
//!
//! A variant without stock management (`stock` absent, e.g. laboratory scans) is always in
//! stock. One to [`LOW_STOCK_MAX`] units is low stock (the product page warns); zero is out of
//! stock, and only then, on a site with `enableStockReminderFeature`, the shopper may ask for
//! an e-mail when it is back.

use serde::{Deserialize, Serialize};

use crate::error::EngineError;

/// The most units that still count as low stock.
pub const LOW_STOCK_MAX: i64 = 3;

/// How much of a variant is available.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
pub enum StockState {
    /// More than [`LOW_STOCK_MAX`] units, or not stock-managed.
    InStock,
    /// 1 to [`LOW_STOCK_MAX`] units.
    Low,
    /// No units: it cannot be ordered.
    OutOfStock,
}

impl StockState {
    /// The state's JSON name (`inStock`, `low`, `outOfStock`).
    pub fn as_str(self) -> &'static str {
        match self {
            StockState::InStock => "inStock",
            StockState::Low => "low",
            StockState::OutOfStock => "outOfStock",
        }
    }
}

/// Input of `catalog.stockState`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct StockStateRequest {
    /// Units in stock; absent when the variant is not stock-managed.
    #[serde(default)]
    pub stock: Option<i64>,
    /// The site's `enableStockReminderFeature`.
    #[serde(default)]
    pub enable_stock_reminder_feature: bool,
}

/// Output of `catalog.stockState`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct StockStateResult {
    /// The state.
    pub state: StockState,
    /// True unless out of stock.
    pub orderable: bool,
    /// True when the back-in-stock e-mail is offered (out of stock, and the site has the feature).
    pub stock_reminder_available: bool,
}

/// The stock state of a variant. A negative stock is refused.
pub fn stock_state(request: &StockStateRequest) -> Result<StockStateResult, EngineError> {
    let state = match request.stock {
        None => StockState::InStock,
        Some(units) if units < 0 => {
            return Err(EngineError::InvalidInput(format!(
                "stock cannot be negative, not {units}"
            )));
        }
        Some(0) => StockState::OutOfStock,
        Some(units) if units <= LOW_STOCK_MAX => StockState::Low,
        Some(_) => StockState::InStock,
    };
    Ok(StockStateResult {
        state,
        orderable: state != StockState::OutOfStock,
        stock_reminder_available: state == StockState::OutOfStock
            && request.enable_stock_reminder_feature,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(stock: Option<i64>, reminder: bool) -> StockStateResult {
        stock_state(&StockStateRequest {
            stock,
            enable_stock_reminder_feature: reminder,
        })
        .unwrap()
    }

    #[test]
    fn classifies_stock() {
        assert_eq!(state(None, true).state, StockState::InStock);
        assert_eq!(state(Some(4), true).state, StockState::InStock);
        assert_eq!(state(Some(3), true).state, StockState::Low);
        assert_eq!(state(Some(1), true).state, StockState::Low);
        let out = state(Some(0), true);
        assert_eq!(out.state, StockState::OutOfStock);
        assert!(!out.orderable && out.stock_reminder_available);
        assert!(!state(Some(0), false).stock_reminder_available);
        assert!(!state(Some(2), true).stock_reminder_available);
    }

    #[test]
    fn refuses_negative_stock() {
        assert!(
            stock_state(&StockStateRequest {
                stock: Some(-1),
                enable_stock_reminder_feature: false
            })
            .is_err()
        );
    }
}
