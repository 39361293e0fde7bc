//! Promotions: what they are and how each kind applies to a cart.
//!
//! There are four kinds, each in its own module:
//! - [`ProductDiscount`]: a percentage or a fixed amount per unit off the lines of a product,
//!   a variant or a product group, optionally from a minimum quantity;
//! - [`FreeProductOffer`]: buy X, get Y of a product free, shown as a free product line;
//! - [`OrderDiscount`]: a percentage or a fixed amount off the order, optionally from a
//!   minimum order amount;
//! - [`ShippingDiscount`]: free or reduced shipping from an order amount or with a code.
//!
//! A promotion may require a discount code. The cart holds at most one code, which unlocks
//! the one promotion that has it; promotions without a code apply to every cart that meets
//! their conditions. The server passes in only the promotions that are active now, and a
//! code's promotion only when the code may be used today ([`CodeUseRequest::usability`]:
//! within its dates and usage limits).
//!
//! How promotions combine:
//! - a line gets at most one product discount: the one that takes off most (the first of
//!   equals, in promotion order);
//! - free product offers all apply, each to every line it targets;
//! - order discounts all apply, in promotion order, each computed on the subtotal; together
//!   they never take off more than the subtotal (a later one is cut down to what is left);
//! - shipping gets at most one shipping discount: the one that takes off most;
//! - a promotion that would take off nothing is not listed.
//!
//! Quantities (minimum quantity, buy X) are counted per cart line, that is per variant.
//!
//! In JSON a promotion looks like this:
//!
//! ```json
//! {
//!   "promotionKey": "MUESLI-10",
//!   "description": "10% korting op muesli",
//!   "code": null,
//!   "rule": {
//!     "type": "productDiscount",
//!     "appliesTo": { "productGroup": "muesli" },
//!     "discount": { "percentage": "10" },
//!     "minimumQuantity": 2
//!   }
//! }
//! ```

mod code_use;
mod free_product;
mod order_discount;
mod product_discount;
mod shipping_discount;
mod terms;

use std::fmt;
use std::str::FromStr;

use rust_decimal::Decimal;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

pub use code_use::{CodeRefusal, CodeUsability, CodeUseRequest, used_up_by_customer};
pub use free_product::FreeProductOffer;
pub use order_discount::OrderDiscount;
pub use product_discount::ProductDiscount;
pub use shipping_discount::{ShippingDiscount, ShippingReduction};
pub use terms::{
    CartPromotionsRequest, OfferedPromotion, PromotionKind, PromotionTarget, PromotionTerms,
    active_offers, cart_promotions, cart_promotions_in_catalog, free_variant_ids,
};

use crate::catalog::CatalogEntry;
use crate::cents::{self, FULL_PERCENT_BP, MAX_AMOUNT_CENTS};
use crate::ids::{ProductId, ProductVariantId};
use crate::limits::MAX_QUANTITY;
use crate::money::Money;

/// A promotion as the server passes it in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Promotion {
    /// The promotion's key, shown on the discounts it gives.
    pub promotion_key: String,
    /// The text shown on the discounts it gives.
    pub description: String,
    /// The discount code that unlocks it; it applies without a code when absent.
    #[serde(default)]
    pub code: Option<String>,
    /// What it gives, and when.
    pub rule: PromotionRule,
}

/// The four kinds of promotion; in JSON the field `"type"` names the kind. (Its OpenAPI schema
/// is written by hand in `openapi.rs`: a derived one refuses the `type` field.)
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum PromotionRule {
    /// Money off the lines of a product, variant or product group.
    ProductDiscount(ProductDiscount),
    /// Buy X, get Y free.
    FreeProduct(FreeProductOffer),
    /// Money off the order.
    OrderDiscount(OrderDiscount),
    /// Free or cheaper shipping.
    ShippingDiscount(ShippingDiscount),
}

/// Which cart lines a product promotion is about. In JSON one of `{"productId": 1}`,
/// `{"productVariantId": 11}` or `{"productGroup": "muesli"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub enum Target {
    /// Every variant of a product.
    ProductId(ProductId),
    /// One variant.
    ProductVariantId(ProductVariantId),
    /// Every product of a product group (compared exactly).
    ProductGroup(String),
}

impl Target {
    /// True when a line of this catalog entry is targeted.
    pub fn matches(&self, entry: &CatalogEntry) -> bool {
        self.matches_variant(Targeted::of_entry(entry))
    }

    /// True when this variant is targeted.
    pub fn matches_variant(&self, variant: Targeted<'_>) -> bool {
        match self {
            Target::ProductId(id) => variant.product_id == *id,
            Target::ProductVariantId(id) => variant.product_variant_id == *id,
            Target::ProductGroup(group) => variant.product_group == Some(group.as_str()),
        }
    }
}

/// What a [`Target`] is compared with: a variant, its product and its product group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Targeted<'a> {
    /// The product.
    pub product_id: ProductId,
    /// The variant.
    pub product_variant_id: ProductVariantId,
    /// The product's group, e.g. `"muesli"`.
    pub product_group: Option<&'a str>,
}

impl<'a> Targeted<'a> {
    /// The variant of a catalog entry.
    pub fn of_entry(entry: &'a CatalogEntry) -> Targeted<'a> {
        Targeted {
            product_id: entry.product_id,
            product_variant_id: entry.product_variant_id,
            product_group: entry.product_group.as_deref(),
        }
    }
}

/// How much a product or order discount takes off. In JSON `{"percentage": "10"}` or
/// `{"amount": "2.50"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub enum Reduction {
    /// A percentage of the amount, rounded once.
    Percentage(Percentage),
    /// A fixed amount, including VAT.
    Amount(Money),
}

impl Reduction {
    fn validate(&self) -> Result<(), String> {
        match self {
            Reduction::Percentage(_) => Ok(()),
            Reduction::Amount(amount) => validate_amount(*amount, "amount"),
        }
    }

    /// The fixed amount in cents (validated before use, so always in range).
    fn amount_cents(amount: Money) -> i64 {
        cents::to_cents(amount).unwrap_or(0)
    }
}

/// A percentage from 0 to 100 with at most two fraction digits, crossing JSON as a string
/// (`"12.5"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(type = "string"))]
pub struct Percentage {
    basis_points: i64,
}

impl Percentage {
    /// The percentage, if `value` is between 0 and 100 with at most two fraction digits.
    pub fn new(value: Decimal) -> Option<Percentage> {
        let basis_points = cents::decimal_in_hundredths(value)?;
        (0..=FULL_PERCENT_BP)
            .contains(&basis_points)
            .then_some(Percentage { basis_points })
    }

    /// The percentage in hundredths of a percent (12.5 % is 1250).
    pub fn basis_points(self) -> i64 {
        self.basis_points
    }
}

impl FromStr for Percentage {
    type Err = String;

    fn from_str(text: &str) -> Result<Percentage, String> {
        Decimal::from_str_exact(text.trim())
            .ok()
            .and_then(Percentage::new)
            .ok_or_else(|| format!("'{text}' is not a percentage from 0 to 100"))
    }
}

impl fmt::Display for Percentage {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            formatter,
            "{}",
            Decimal::new(self.basis_points, 2).normalize()
        )
    }
}

impl Serialize for Percentage {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Percentage {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Percentage, D::Error> {
        crate::decimal_text::deserialize_parsed(deserializer)
    }
}

/// A promotion that contradicts itself or the catalog; the cart refuses to calculate with it
/// (`CartError::InvalidPromotion`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("promotion '{promotion_key}' is not valid: {reason}")]
pub struct InvalidPromotion {
    /// The promotion.
    pub promotion_key: String,
    /// What is wrong with it.
    pub reason: String,
}

impl Promotion {
    /// True when the promotion applies to a cart holding `cart_code` (already normalized by
    /// [`normalize_code`]): promotions without a code always do.
    pub fn is_unlocked_by(&self, cart_code: Option<&str>) -> bool {
        match (&self.code, cart_code) {
            (None, _) => true,
            (Some(code), Some(cart_code)) => codes_equal(code, cart_code),
            (Some(_), None) => false,
        }
    }

    /// Checks the promotion's own consistency; `in_catalog` tells whether a variant exists.
    pub(crate) fn validate(
        &self,
        in_catalog: impl Fn(ProductVariantId) -> bool,
    ) -> Result<(), InvalidPromotion> {
        let checked = match &self.rule {
            PromotionRule::ProductDiscount(rule) => rule.validate(),
            PromotionRule::FreeProduct(rule) => rule.validate(in_catalog),
            PromotionRule::OrderDiscount(rule) => rule.validate(),
            PromotionRule::ShippingDiscount(rule) => rule.validate(),
        };
        let code_is_empty = self
            .code
            .as_deref()
            .is_some_and(|code| normalize_code(code).is_none());
        match checked {
            Err(reason) => Err(self.invalid(reason)),
            Ok(()) if code_is_empty => Err(self.invalid("its code is empty")),
            Ok(()) => Ok(()),
        }
    }

    pub(crate) fn invalid(&self, reason: impl Into<String>) -> InvalidPromotion {
        InvalidPromotion {
            promotion_key: self.promotion_key.clone(),
            reason: reason.into(),
        }
    }
}

/// A discount code as compared: without surrounding spaces; `None` when nothing is left.
pub fn normalize_code(code: &str) -> Option<&str> {
    let trimmed = code.trim();
    (!trimmed.is_empty()).then_some(trimmed)
}

/// The one normal form of a discount code: without surrounding spaces, ASCII letters in upper
/// case (`" welkom10 "` is `WELKOM10`); `None` when nothing is left. Codes are stored in this
/// form and looked up by it, so SQLite and PostgreSQL compare them alike (plain `=`, never a
/// database's own `LOWER` or `UPPER`).
pub fn normal_code(code: &str) -> Option<String> {
    normalize_code(code).map(str::to_ascii_uppercase)
}

/// Codes are compared in their [`normal_code`] form.
pub fn codes_equal(a: &str, b: &str) -> bool {
    normal_code(a) == normal_code(b)
}

fn validate_amount(amount: Money, field: &str) -> Result<(), String> {
    match cents::to_cents(amount) {
        Some(value) if (0..=MAX_AMOUNT_CENTS).contains(&value) => Ok(()),
        _ => Err(format!("{field} {amount} is outside 0.00 to 1000000.00")),
    }
}

fn validate_quantity(quantity: u32, field: &str) -> Result<(), String> {
    if (1..=MAX_QUANTITY).contains(&i64::from(quantity)) {
        Ok(())
    } else {
        Err(format!("{field} {quantity} is outside 1 to {MAX_QUANTITY}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_cross_json_as_strings_within_zero_to_one_hundred() {
        let percentage: Percentage = serde_json::from_str("\"12.5\"").unwrap();
        assert_eq!(percentage.basis_points(), 1250);
        assert_eq!(serde_json::to_string(&percentage).unwrap(), "\"12.5\"");
        assert!(serde_json::from_str::<Percentage>("\"100.01\"").is_err());
        assert!(serde_json::from_str::<Percentage>("\"-1\"").is_err());
        assert!(serde_json::from_str::<Percentage>("\"1.005\"").is_err());
        assert!(serde_json::from_str::<Percentage>("10").is_err());
    }

    #[test]
    fn codes_match_without_case_or_spaces() {
        assert!(codes_equal("WELKOM10", " welkom10 "));
        assert!(!codes_equal("WELKOM10", "WELKOM1"));
        assert_eq!(normalize_code("  "), None);
        assert_eq!(normal_code(" welkom10 ").as_deref(), Some("WELKOM10"));
        assert_eq!(normal_code("Straße-ä1").as_deref(), Some("STRAßE-ä1"));
        assert_eq!(normal_code(" \t"), None);
    }

    #[test]
    fn a_promotion_reads_from_json() {
        let promotion: Promotion = serde_json::from_str(
            r#"{"promotionKey":"K","description":"D","code":"X",
                "rule":{"type":"orderDiscount","discount":{"amount":"5.00"}}}"#,
        )
        .unwrap();
        assert!(promotion.is_unlocked_by(Some("x")));
        assert!(!promotion.is_unlocked_by(None));
        let unknown_field = serde_json::from_str::<Promotion>(
            r#"{"promotionKey":"K","description":"D",
                "rule":{"type":"orderDiscount","discount":{"amount":"5.00"},"minimum":"1.00"}}"#,
        );
        assert!(unknown_field.is_err());
    }
}
