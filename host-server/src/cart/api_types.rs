//! The cart API's request and response types: what the handlers take besides the path, and
//! the cart with its calculation that every change answers.

use engine::cart::CalculatedCart;
use engine::ids::{PaymentMethodId, ProductId, ProductVariantId};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::bodies;

/// A cart line as the storefront sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartProductView {
    pub product_id: ProductId,
    pub product_variant_id: ProductVariantId,
    pub count: i64,
    pub rqs_samples: Vec<SampleView>,
    /// The product's brand, for the data layer's tracking items (the engine's input has the
    /// rest of them); null for a variant the site no longer sells.
    pub brand: Option<String>,
}

/// The name of one scan sample.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = CartSample)]
#[serde(rename_all = "camelCase")]
pub struct SampleView {
    pub sequence: i64,
    pub sample_name: String,
}

/// The payment choices (never the gift card PIN).
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = CartPayment)]
#[serde(rename_all = "camelCase")]
pub struct PaymentView {
    pub payment_method_id: Option<PaymentMethodId>,
    pub issuer: Option<String>,
    pub gift_card_number: Option<String>,
}

/// The cart's data.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartView {
    pub shoppingcart_id: String,
    pub created: i64,
    pub last_modified: i64,
    pub site_id: i64,
    pub language_id: i64,
    pub billing: Option<bodies::Billing>,
    pub shipping: Option<bodies::Shipping>,
    pub company: Option<bodies::Company>,
    pub alternative_shipping_address: bool,
    pub newsletter_subscribe: bool,
    pub payment: PaymentView,
    pub mailplus_id: Option<String>,
    pub products: Vec<CartProductView>,
    pub discount_code: Option<String>,
    pub dealer_id: Option<i64>,
    pub dpd_parcel_shop_id: Option<String>,
    pub dpd_parcel_shop_zipcode_or_city: Option<String>,
    pub shipping_method: engine::shipping::ShippingMethod,
    pub scan_products_only: bool,
}

/// A cart with its calculation: what GET /api/cart/{id} and every change answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartWithCalculation {
    pub cart: CartView,
    pub calculation: CalculatedCart,
    /// What the engine calculated, so the storefront's WASM engine can show the effect of a
    /// change at once (and compare with the server's answer).
    pub input: engine::cart::CartInput,
    /// What changed in the cart by itself since the customer last saw it, to tell them.
    pub notices: Vec<CartNotice>,
}

/// A change the server made to a cart by itself, with the message key the storefront shows.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartNotice {
    pub code: &'static str,
    pub message: &'static str,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub(super) struct AddQuery {
    /// The variant to add.
    #[param(required = true, value_type = i64)]
    pub(super) product_variant_id: Option<String>,
    /// How many units to add; 1 when absent.
    #[param(value_type = Option<i64>)]
    pub(super) quantity: Option<String>,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct QuantityQuery {
    /// The line's new count; 0 removes the line.
    #[param(required = true, value_type = i64)]
    pub(super) quantity: Option<String>,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct CodeQuery {
    /// The discount code (any case).
    #[param(required = true, value_type = String)]
    pub(super) code: Option<String>,
}

/// A cart given in the request body: calculated, nothing stored.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct GivenCart {
    /// The site; the `siteid` header when absent.
    #[serde(default)]
    pub(super) site_id: Option<i64>,
    /// The language; the `languageid` header when absent.
    #[serde(default)]
    pub(super) language_id: Option<i64>,
    #[serde(default)]
    pub(super) products: Vec<GivenLine>,
    #[serde(default)]
    pub(super) discount_code: Option<String>,
    /// Ordinary shipping when absent.
    #[serde(default)]
    pub(super) shipping_method: engine::cart::ShippingMethod,
    #[serde(default)]
    pub(super) payment_method_id: Option<PaymentMethodId>,
}

/// A line of a given cart.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct GivenLine {
    pub(super) product_variant_id: ProductVariantId,
    pub(super) count: i64,
}

/// The payment choices; each absent one is cleared.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct PaymentBody {
    #[serde(default)]
    pub(super) payment_method_id: Option<PaymentMethodId>,
    #[serde(default)]
    pub(super) issuer: Option<String>,
    #[serde(default)]
    pub(super) gift_card_number: Option<String>,
    #[serde(default)]
    pub(super) gift_card_pin: Option<String>,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct SubscribeQuery {
    /// `true` (or `1`) to subscribe, `false` (or `0`) not to.
    #[param(required = true, value_type = bool)]
    pub(super) subscribe: Option<String>,
}
