//! An order as the storefront and the customer see it.

use serde::Serialize;
use serde_json::Value;
use sqlx::AnyPool;

use super::store::{self, OrderRow};
use crate::error::ApiError;

/// A line of an order.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderLineView {
    pub line_number: i64,
    pub product_id: i64,
    pub product_variant_id: i64,
    pub product_type: i64,
    pub description: String,
    pub quantity: i64,
    pub unit_price: String,
    pub original_amount: String,
    pub discount_amount: String,
    pub promotion_key: Option<String>,
    pub total_amount: String,
    pub vat_type: String,
    pub vat_rate_percentage: String,
    pub is_free: bool,
    pub rqs_samples: Vec<SampleView>,
}

/// The name of one sample of a scan line.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = OrderSampleView)]
#[serde(rename_all = "camelCase")]
pub struct SampleView {
    pub sequence: i64,
    pub sample_name: String,
}

/// How the order is paid.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderPaymentView {
    pub payment_method_id: Option<i64>,
    pub issuer: Option<String>,
    /// The newest provider payment's status (`open`, `paid`, `failed`, `cancelled`,
    /// `expired`), when a provider is involved.
    pub status: Option<String>,
}

/// An order (specification section 3, order labels).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderView {
    pub order_id: String,
    pub order_number: String,
    pub status: String,
    /// Milliseconds since the Unix epoch.
    pub order_date: i64,
    pub site_id: i64,
    pub language_id: i64,
    pub email_address: String,
    pub scan_products_only: bool,
    pub lines: Vec<OrderLineView>,
    pub order_discounts: Value,
    pub shipping_discounts: Value,
    pub sub_total_amount: String,
    pub original_shipping_costs: String,
    pub shipping_costs: String,
    pub payment_costs: String,
    pub total_amount: String,
    pub vat_amount_low: String,
    pub vat_amount_high: String,
    pub total_amount_excl_vat: String,
    pub gift_card_amount: String,
    pub amount_to_pay: String,
    pub discount_code: Option<String>,
    pub payment: OrderPaymentView,
    pub billing: Value,
    pub shipping: Value,
    pub company: Value,
    pub alternative_shipping_address: bool,
    pub shipping_method: i64,
    pub dpd_parcel_shop_id: Option<String>,
    pub dealer_id: Option<i64>,
    pub track_and_trace: Option<String>,
}

impl OrderView {
    /// Blanks the customer's names, e-mail address and addresses, for someone who knows the
    /// order's id but is neither the browser that placed it nor its signed-in owner.
    pub fn hide_personal_data(&mut self) {
        self.email_address = String::new();
        self.billing = Value::Null;
        self.shipping = Value::Null;
        self.company = Value::Null;
    }
}

fn document(text: Option<&str>) -> Value {
    text.and_then(|text| serde_json::from_str(text).ok())
        .unwrap_or(Value::Null)
}

/// An order's lines with the names of their samples.
pub async fn line_views(pool: &AnyPool, order_id: i64) -> Result<Vec<OrderLineView>, ApiError> {
    let mut connection = pool.acquire().await?;
    let lines = store::lines(&mut connection, order_id).await?;
    drop(connection);
    let samples = store::samples(pool, order_id).await?;
    Ok(lines
        .into_iter()
        .map(|line| OrderLineView {
            rqs_samples: samples
                .iter()
                .filter(|(line_number, _, _)| *line_number == line.line_number)
                .map(|(_, sequence, name)| SampleView {
                    sequence: *sequence,
                    sample_name: name.clone(),
                })
                .collect(),
            line_number: line.line_number,
            product_id: line.product_id,
            product_variant_id: line.product_variant_id,
            product_type: line.product_type,
            description: line.description,
            quantity: line.quantity,
            unit_price: line.unit_price,
            original_amount: line.original_amount,
            discount_amount: line.discount_amount,
            promotion_key: line.promotion_key,
            total_amount: line.total_amount,
            vat_type: line.vat_type,
            vat_rate_percentage: line.vat_rate_percentage,
            is_free: line.is_free != 0,
        })
        .collect())
}

/// The order with its lines, samples and payment status.
pub async fn order_view(pool: &AnyPool, order: &OrderRow) -> Result<OrderView, ApiError> {
    let lines = line_views(pool, order.order_id).await?;
    let payment = store::latest_payment(pool, order.order_id).await?;
    Ok(OrderView {
        order_id: order.public_id.clone(),
        order_number: order.order_number.clone(),
        status: order.status.clone(),
        order_date: order.created_at,
        site_id: order.site_id,
        language_id: order.language_id,
        email_address: order.email_address.clone(),
        scan_products_only: order.scan_products_only != 0,
        lines,
        order_discounts: document(Some(&order.order_discounts_json)),
        shipping_discounts: document(Some(&order.shipping_discounts_json)),
        sub_total_amount: order.sub_total_amount.clone(),
        original_shipping_costs: order.original_shipping_costs.clone(),
        shipping_costs: order.shipping_costs.clone(),
        payment_costs: order.payment_costs.clone(),
        total_amount: order.total_amount.clone(),
        vat_amount_low: order.vat_amount_low.clone(),
        vat_amount_high: order.vat_amount_high.clone(),
        total_amount_excl_vat: order.total_amount_excl_vat.clone(),
        gift_card_amount: order.gift_card_amount.clone(),
        amount_to_pay: order.amount_to_pay.clone(),
        discount_code: order.discount_code.clone(),
        payment: OrderPaymentView {
            payment_method_id: order.payment_method_id,
            issuer: order.issuer.clone(),
            status: payment.map(|payment| payment.status),
        },
        billing: document(Some(&order.billing_json)),
        shipping: document(order.shipping_json.as_deref()),
        company: document(order.company_json.as_deref()),
        alternative_shipping_address: order.alternative_shipping_address != 0,
        shipping_method: order.shipping_method,
        dpd_parcel_shop_id: order.dpd_parcel_shop_id.clone(),
        dealer_id: order.dealer_id,
        track_and_trace: order.track_and_trace.clone(),
    })
}
