//! What the caller tells the engine: the site's prices, the catalog entries of the products in
//! the cart, the promotions that exist, and the cart itself.

use serde::{Deserialize, Serialize};

pub use crate::catalog::{CatalogEntry, ProductType};
use crate::ids::{PaymentMethodId, ProductId, ProductVariantId};
use crate::money::Money;
use crate::promotions::Promotion;
pub use crate::shipping::{ShippingMethod, ShippingOption};
use crate::vat::VatRate;

/// Everything [`calculate`](super::calculate) needs, in one value.
///
/// The server builds it from its database (site, catalog, active promotions, cart); the
/// browser gets the same value from the server and recalculates instantly with the WASM build.
/// Unknown JSON fields are refused, so a misspelt field is an error rather than ignored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CartInput {
    /// The site's pricing context: VAT, shipping and payment costs.
    pub site: PricingContext,
    /// The catalog entries of the products in the cart and of the free products that
    /// promotions can give. Entries that no line uses are allowed.
    pub catalog: Vec<CatalogEntry>,
    /// The promotions that are active now: the server passes in those within their dates, and
    /// a code's promotion only while the code may be used (`promotions.codeUsable`). A code
    /// that unlocks none of them is taken off a stored cart (`cart.cleanUp`).
    #[serde(default)]
    pub promotions: Vec<Promotion>,
    /// The cart lines, at most one per product variant.
    #[serde(default)]
    pub products: Vec<CartLine>,
    /// The discount code the cart holds, if any. It unlocks the one promotion with that code
    /// (compared without regard to ASCII case and surrounding spaces). An empty code is no code.
    #[serde(default)]
    pub discount_code: Option<String>,
    /// The chosen shipping method; ordinary shipping when absent.
    #[serde(default)]
    pub shipping_method: ShippingMethod,
    /// The chosen payment method, if one has been chosen yet.
    #[serde(default)]
    pub payment_method_id: Option<PaymentMethodId>,
    /// A gift card to pay (part of) the order with.
    #[serde(default)]
    pub gift_card: Option<GiftCard>,
}

/// A site's prices and rates.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PricingContext {
    /// The high (standard) VAT percentage, e.g. `"21"`.
    pub vat_percentage_high: VatRate,
    /// The low (reduced) VAT percentage, e.g. `"9"`.
    pub vat_percentage_low: VatRate,
    /// The site's currency code, e.g. `"EUR"`. The calculation does not depend on it; it is
    /// carried so that a pricing context is complete on its own.
    #[serde(default = "default_currency")]
    pub currency: String,
    /// The shipping methods the site offers, with their prices.
    #[serde(default)]
    pub shipping_options: Vec<ShippingOption>,
    /// Standing rules that make shipping free from an order amount (not promotions: they
    /// change the price of shipping rather than appear as a discount).
    #[serde(default)]
    pub free_shipping_rules: Vec<FreeShippingRule>,
    /// The payment methods the site offers, with the costs charged for each.
    #[serde(default)]
    pub payment_methods: Vec<PaymentMethodCost>,
}

fn default_currency() -> String {
    "EUR".to_owned()
}

/// Shipping is free from an order amount, for one method or all of them.
///
/// The order amount is the goods after product and order discounts
/// (`subTotalAmount - orderDiscounts`); an amount exactly at the minimum qualifies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FreeShippingRule {
    /// The method the rule is for; every method when absent.
    #[serde(default)]
    pub shipping_method: Option<ShippingMethod>,
    /// The order amount from which shipping is free.
    pub minimum_amount: Money,
}

/// The costs a site charges for a payment method, VAT-inclusive.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PaymentMethodCost {
    /// The payment method.
    pub payment_method_id: PaymentMethodId,
    /// The costs including VAT; often `"0.00"`.
    pub costs: Money,
}

/// One line of the cart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CartLine {
    /// The product; checked against the catalog when given.
    #[serde(default)]
    pub product_id: Option<ProductId>,
    /// The variant in the catalog.
    pub product_variant_id: ProductVariantId,
    /// How many units, 1 to [`MAX_QUANTITY`](super::MAX_QUANTITY).
    pub count: i64,
    /// The named samples of a laboratory scan product, passed through unchanged.
    #[serde(default)]
    pub rqs_samples: Vec<RqsSample>,
}

/// A hay or silage sample that goes with a laboratory scan product.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RqsSample {
    /// The sample's number within its cart line.
    pub sequence: u32,
    /// The name the customer gave the sample.
    pub sample_name: String,
}

/// A gift card offered as payment, with the balance the server looked up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GiftCard {
    /// The balance left on the card.
    pub balance: Money,
    /// False when the number or PIN was wrong.
    #[serde(default = "valid_by_default")]
    pub valid: bool,
}

fn valid_by_default() -> bool {
    true
}

impl GiftCard {
    /// Whether the card can pay: its number and PIN were right and something is left on it.
    /// A cart with a card that cannot pay is rejected ('Card details are incorrect or the
    /// balance is 0').
    pub fn can_pay(&self) -> bool {
        self.valid && !self.balance.is_negative() && !self.balance.is_zero()
    }
}
