//! Why a cart cannot be calculated.

use super::input::ShippingMethod;
use crate::ids::{PaymentMethodId, ProductVariantId};

/// Why [`calculate`](super::calculate) refused a cart. Every variant has a stable
/// [`code`](CartError::code); the engine converts it into
/// [`EngineError::Cart`](crate::EngineError::Cart).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CartError {
    /// A cart line names a variant the catalog does not hold, or a product id that does not
    /// match the variant's product.
    #[error("product variant {product_variant_id} is not in the catalog")]
    UnknownVariant {
        /// The variant asked for.
        product_variant_id: ProductVariantId,
    },
    /// Two cart lines name the same variant; the cart holds one line per variant.
    #[error("product variant {product_variant_id} is in the cart twice")]
    DuplicateLine {
        /// The variant.
        product_variant_id: ProductVariantId,
    },
    /// A line's count is below 1 or above [`MAX_QUANTITY`](super::MAX_QUANTITY).
    #[error(
        "count: quantity {quantity} of product variant {product_variant_id} is outside 1 to 999"
    )]
    QuantityOutOfRange {
        /// The variant.
        product_variant_id: ProductVariantId,
        /// The count asked for.
        quantity: i64,
    },
    /// The cart has more than [`MAX_LINES`](super::MAX_LINES) lines.
    #[error("products: the cart has {count} lines, more than {max}")]
    TooManyLines {
        /// Lines given.
        count: usize,
        /// The limit.
        max: usize,
    },
    /// The catalog is inconsistent: a variant twice, a negative or too large price. The message
    /// starts with the field at fault, e.g. `catalog[2].unitPrice: `.
    #[error("invalid catalog: {0}")]
    InvalidCatalog(String),
    /// The pricing context is inconsistent: a method twice, a negative or too large price. The
    /// message starts with the field at fault, e.g. `site.shippingOptions[0].price: `.
    #[error("invalid site pricing: {0}")]
    InvalidSite(String),
    /// A promotion is inconsistent: a code used twice, an unknown free product, a zero
    /// quantity, a too large amount.
    #[error("invalid promotion '{promotion_key}': {reason}")]
    InvalidPromotion {
        /// The promotion.
        promotion_key: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The cart's discount code belongs to no promotion.
    #[error("discount code '{0}' is not valid")]
    InvalidDiscountCode(String),
    /// The gift card was marked invalid or has no balance left.
    #[error("Card details are incorrect or the balance is 0")]
    GiftCardRejected,
    /// The chosen shipping method is not offered by the site, and the cart needs shipping.
    #[error("shipping method {0} is not offered")]
    UnknownShippingMethod(ShippingMethod),
    /// The chosen payment method is not offered by the site.
    #[error("payment method {0} is not offered")]
    UnknownPaymentMethod(PaymentMethodId),
}

impl CartError {
    /// A stable, machine-readable code for this kind of error.
    pub fn code(&self) -> &'static str {
        match self {
            CartError::UnknownVariant { .. } => "unknown_variant",
            CartError::DuplicateLine { .. } => "duplicate_line",
            CartError::QuantityOutOfRange { .. } => "quantity_out_of_range",
            CartError::TooManyLines { .. } => "too_many_lines",
            CartError::InvalidCatalog(_) => "invalid_catalog",
            CartError::InvalidSite(_) => "invalid_site",
            CartError::InvalidPromotion { .. } => "invalid_promotion",
            CartError::InvalidDiscountCode(_) => "invalid_discount_code",
            CartError::GiftCardRejected => "gift_card_rejected",
            CartError::UnknownShippingMethod(_) => "unknown_shipping_method",
            CartError::UnknownPaymentMethod(_) => "unknown_payment_method",
        }
    }
}

impl From<crate::promotions::InvalidPromotion> for CartError {
    fn from(error: crate::promotions::InvalidPromotion) -> CartError {
        CartError::InvalidPromotion {
            promotion_key: error.promotion_key,
            reason: error.reason,
        }
    }
}
