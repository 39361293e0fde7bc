//! What the engine answers: the calculated cart, in the specification's field names.

use serde::{Deserialize, Serialize};

use super::input::{ProductType, RqsSample, ShippingMethod};
use crate::ids::{ProductId, ProductVariantId};
use crate::money::Money;
use crate::vat::{VatRate, VatType};

/// The message key of a stock warning ('Only {amount} pieces in stock').
pub const STOCK_WARNING_KEY: &str = "cart.stockWarning";

/// A calculated cart. All amounts include VAT unless their name says otherwise.
///
/// These always hold:
/// - `totalAmount = subTotalAmount - Σ orderDiscounts + shippingCosts + paymentCosts`;
/// - `totalAmountExclVat + vatAmountLow + vatAmountHigh = totalAmount`;
/// - `shippingCosts = originalShippingCosts - Σ shippingDiscounts`;
/// - `amountToPay + giftCardAmount = totalAmount`, and `giftCardAmount` is at most the card's
///   balance;
/// - no amount is negative.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct CalculatedCart {
    /// The lines, in the order of the input.
    pub products: Vec<CalculatedProduct>,
    /// The shipping promotion applied, if any (at most one: the best one).
    pub shipping_discounts: Vec<Discount>,
    /// The order discounts applied, in the order of the promotions.
    pub order_discounts: Vec<Discount>,
    /// The price of the chosen shipping method for this cart, after the site's free-shipping
    /// rules and before shipping promotions.
    pub original_shipping_costs: Money,
    /// What shipping costs after shipping promotions. Zero when nothing is shipped.
    pub shipping_costs: Money,
    /// The costs of the chosen payment method.
    pub payment_costs: Money,
    /// What the order costs.
    pub total_amount: Money,
    /// The VAT at the site's low rate in `totalAmount`.
    pub vat_amount_low: Money,
    /// The VAT at the site's high rate in `totalAmount`.
    pub vat_amount_high: Money,
    /// The goods after product discounts and before order discounts: the sum of the lines'
    /// `totalAmount`.
    pub sub_total_amount: Money,
    /// `totalAmount` without its VAT.
    pub total_amount_excl_vat: Money,
    /// `shippingCosts` without their VAT (the VAT of each rate's share, rounded per share).
    pub shipping_costs_excl_vat: Money,
    /// What is left to pay after the gift card.
    pub amount_to_pay: Money,
    /// What the gift card pays.
    pub gift_card_amount: Money,
    /// The number of items: the lines' quantities plus the free products' quantities.
    pub item_count: u64,
    /// Variants of which fewer are in stock than the cart asks for (free products included),
    /// by product variant id.
    pub stock_warnings: Vec<StockWarning>,
    /// True when the cart has lines and all are laboratory scan products: delivery is skipped.
    pub scan_products_only: bool,
    /// The shipping methods the customer can choose, with what each would cost for this cart.
    /// Empty when nothing needs shipping.
    pub shipping_methods: Vec<ShippingMethodOption>,
    /// How far the goods are from free shipping by the site's rules for the chosen method;
    /// `null` when no rule frees that method or nothing needs shipping.
    #[serde(default)]
    pub free_shipping: Option<FreeShippingProgress>,
}

/// The site's free-shipping threshold for the chosen method and what the cart still lacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct FreeShippingProgress {
    /// The order amount (goods after discounts) from which shipping is free: the lowest of
    /// the rules for the method.
    pub minimum_amount: Money,
    /// What the goods must still add for free shipping; zero once it is reached.
    pub remaining_amount: Money,
    /// True when the goods reach the threshold: shipping is free by the rule.
    pub reached: bool,
}

/// One calculated cart line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct CalculatedProduct {
    /// The product.
    pub product_id: ProductId,
    /// The variant.
    pub product_variant_id: ProductVariantId,
    /// The kind of product.
    pub product_type: ProductType,
    /// How many units.
    pub quantity: u32,
    /// The catalog description.
    pub description: String,
    /// The catalog label.
    pub product_label: String,
    /// Unit price times quantity.
    pub original_amount: Money,
    /// `originalAmount` minus the product discounts (order discounts not included).
    pub total_amount: Money,
    /// The VAT percentage of the line.
    pub vat_rate_percentage: VatRate,
    /// The line's share of its rate bucket's VAT, after its share of the order discounts.
    /// Informational: the cart's `vatAmountLow`/`vatAmountHigh` are authoritative.
    pub vat_amount: Money,
    /// Which of the site's rates applies.
    pub vat_type: VatType,
    /// The product discount applied (at most one: the best one).
    pub product_discounts: Vec<Discount>,
    /// Products given free with this line.
    pub free_products: Vec<FreeProduct>,
    /// The laboratory samples, as given.
    pub rqs_samples: Vec<RqsSample>,
}

/// A discount as shown to the customer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct Discount {
    /// The promotion's description.
    pub description: String,
    /// The promotion's key.
    pub promotion_key: String,
    /// How much it takes off, including VAT; never zero or negative.
    pub amount: Money,
}

/// A product given free by a promotion.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct FreeProduct {
    /// The free product.
    pub product_id: ProductId,
    /// The free variant.
    pub product_variant_id: ProductVariantId,
    /// Its catalog description.
    pub description: String,
    /// Its catalog label.
    pub product_label: String,
    /// The promotion's text, e.g. "3 + 1 gratis".
    pub promotion_text: String,
    /// How many are given.
    pub quantity: u32,
    /// What they would have cost: unit price times quantity.
    pub original_amount: Money,
}

/// 'Only {amount} pieces in stock' for one variant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct StockWarning {
    /// Always [`STOCK_WARNING_KEY`].
    pub message_key: String,
    /// The variant.
    pub product_variant_id: ProductVariantId,
    /// How many are in stock (never below zero).
    pub amount: u64,
}

/// A shipping method the customer can choose, priced for this cart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ShippingMethodOption {
    /// The method.
    pub shipping_method: ShippingMethod,
    /// What shipping would cost with this method, after free-shipping rules and promotions.
    pub price: Money,
    /// The same without VAT, split over the rates like the goods.
    pub price_ex_vat: Money,
}
