//! The rows of the cart tables as they are read: what [`super::store`] loads and
//! [`super::cache`] keeps between requests.

use engine::ids::{PaymentMethodId, ProductId, ProductVariantId};
use serde::{Deserialize, Serialize};

use engine::shipping::ShippingMethod;

use crate::platform::db::Flag;

/// A cart row.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct CartRow {
    pub cart_id: String,
    pub site_id: i64,
    pub language_id: i64,
    pub created_at: i64,
    pub last_modified: i64,
    pub discount_code: Option<String>,
    #[sqlx(try_from = "i64")]
    pub shipping_method: ShippingMethod,
    #[sqlx(try_from = "crate::platform::db::NullableKey")]
    pub payment_method_id: Option<PaymentMethodId>,
    pub issuer: Option<String>,
    pub gift_card_number: Option<String>,
    pub billing_json: Option<String>,
    pub shipping_json: Option<String>,
    pub company_json: Option<String>,
    pub alternative_shipping_address: Flag,
    pub newsletter_subscribe: Flag,
    pub mailplus_id: Option<String>,
    pub dealer_id: Option<i64>,
    pub dpd_parcel_shop_id: Option<String>,
    pub dpd_parcel_shop_zipcode_or_city: Option<String>,
}

/// A line of a cart.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct LineRow {
    #[sqlx(try_from = "i64")]
    pub product_variant_id: ProductVariantId,
    #[sqlx(try_from = "i64")]
    pub product_id: ProductId,
    pub count: i64,
    /// When the line was added (milliseconds); lines are shown in this order.
    pub added_at: i64,
}

/// The name of one sample of a scan line.
#[derive(Clone, Debug, sqlx::FromRow, Serialize, Deserialize)]
pub struct SampleRow {
    #[sqlx(try_from = "i64")]
    pub product_variant_id: ProductVariantId,
    pub sequence: i64,
    pub sample_name: String,
}
