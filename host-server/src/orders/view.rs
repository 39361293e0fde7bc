//! An order as the storefront and the customer see it.

use engine::cart::Discount;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sqlx::AnyPool;
use utoipa::ToSchema;

use super::store::{self, OrderRow};
use crate::error::ApiError;

/// A line of an order.
#[derive(Debug, Serialize, ToSchema)]
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
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = OrderSample)]
#[serde(rename_all = "camelCase")]
pub struct SampleView {
    pub sequence: i64,
    pub sample_name: String,
}

/// How the order is paid.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderPaymentView {
    pub payment_method_id: Option<i64>,
    pub issuer: Option<String>,
    /// The newest provider payment's status (`open`, `paid`, `failed`, `cancelled`,
    /// `expired`), when a provider is involved.
    pub status: Option<String>,
}

/// An order (specification section 3, order labels).
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Order)]
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
    pub order_discounts: Vec<Discount>,
    pub shipping_discounts: Vec<Discount>,
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
    /// Null for someone who may not see the customer's personal data.
    pub billing: Option<OrderBilling>,
    pub shipping: Option<OrderShipping>,
    pub company: Option<OrderCompany>,
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
        self.billing = None;
        self.shipping = None;
        self.company = None;
    }
}

/// A stored JSON document of an order; `None` when there is none or it cannot be read.
pub fn document<T: serde::de::DeserializeOwned>(text: Option<&str>) -> Option<T> {
    text.and_then(|text| serde_json::from_str(text).ok())
}

/// A stored field that is absent, null or a value, shown exactly as stored: an order placed
/// in checkout leaves out what was not given, a recorded order (fixtures) writes null.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Stored<T> {
    /// Not in the document.
    #[default]
    Absent,
    /// `null` in the document.
    Null,
    /// A value.
    Value(T),
}

impl<T> Stored<T> {
    /// True when the field was not in the document.
    pub fn is_absent(&self) -> bool {
        matches!(self, Stored::Absent)
    }

    /// The value, if there is one.
    pub fn value(&self) -> Option<&T> {
        match self {
            Stored::Value(value) => Some(value),
            Stored::Absent | Stored::Null => None,
        }
    }
}

impl<T: Serialize> Serialize for Stored<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.value().serialize(serializer)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Stored<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Stored<T>, D::Error> {
        Ok(Option::<T>::deserialize(deserializer)?.map_or(Stored::Null, Stored::Value))
    }
}

/// An address of an order: from checkout (the parts given) or recorded (every part).
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderAddress {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zipcode: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub street: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub street_number: Option<String>,
    #[serde(default, skip_serializing_if = "Stored::is_absent")]
    #[schema(value_type = Option<String>, required = false)]
    pub street_number_addition: Stored<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub city: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub country_id: Option<i64>,
}

/// The billing details of an order.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderBilling {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phone_number: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email_address: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address: Option<OrderAddress>,
}

/// The shipping details of an order (every field present; null when not given).
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderShipping {
    #[serde(default)]
    pub first_name: Option<String>,
    #[serde(default)]
    pub last_name: Option<String>,
    #[serde(default)]
    pub address: Option<OrderAddress>,
    #[serde(default)]
    pub shipping_method: i64,
}

/// The company an order is for.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderCompany {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub company_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vat_number: Option<String>,
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
        order_discounts: document(Some(&order.order_discounts_json)).unwrap_or_default(),
        shipping_discounts: document(Some(&order.shipping_discounts_json)).unwrap_or_default(),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<T: serde::de::DeserializeOwned + Serialize>(text: &str) {
        let typed: T = document(Some(text)).expect(text);
        let stored: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(serde_json::to_value(&typed).unwrap(), stored, "{text}");
    }

    /// Checkout leaves out what was not given; recorded orders write every field, a missing
    /// addition as null. Both are shown as stored.
    #[test]
    fn stored_documents_are_shown_exactly_as_stored() {
        round_trip::<OrderBilling>(
            r#"{"firstName": "Anna", "lastName": "Jansen", "phoneNumber": "0612345678",
                "emailAddress": "anna@example.com", "address": {"street": "Dorpsstraat",
                "streetNumber": "1", "streetNumberAddition": null, "zipcode": "1234AB",
                "city": "Ede", "countryId": 1}}"#,
        );
        round_trip::<OrderBilling>(
            r#"{"emailAddress": "anna@example.com", "address": {"zipcode": "1234AB",
                "streetNumberAddition": "A"}}"#,
        );
        round_trip::<OrderBilling>("{}");
        round_trip::<OrderShipping>(
            r#"{"firstName": null, "lastName": null, "address": null, "shippingMethod": 1}"#,
        );
        round_trip::<OrderCompany>(r#"{"companyName": "Stal", "vatNumber": "NL1"}"#);
        round_trip::<Vec<Discount>>(
            r#"[{"promotionKey": "welkom10", "description": "Welkom", "amount": "3.30"}]"#,
        );
    }
}
