//! An order as the storefront and the customer see it.

use engine::cart::Discount;
use engine::ids::{PaymentMethodId, ProductId, ProductVariantId};
use engine::money::Money;
use engine::order::OrderStatus;
use engine::vat::{
    LineVatRate, SiteVatRates, VatDocument, VatRate, VatRow, VatRowsRequest, VatType,
};
use serde::Serialize;
use sqlx::AnyPool;
use utoipa::ToSchema;

use super::blocks::{OrderBilling, OrderCompany, OrderShipping};
use super::store::{self, OrderRow};
use crate::payments::PaymentStatus;
use crate::platform::error::ApiError;

/// A line of an order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderLineView {
    pub line_number: i64,
    pub product_id: ProductId,
    pub product_variant_id: ProductVariantId,
    pub product_type: i64,
    pub description: String,
    pub quantity: i64,
    pub unit_price: Money,
    pub original_amount: Money,
    pub discount_amount: Money,
    pub promotion_key: Option<String>,
    pub total_amount: Money,
    pub vat_type: VatType,
    pub vat_rate_percentage: String,
    pub is_free: bool,
    pub rqs_samples: Vec<SampleView>,
    /// The product's brand, for the data layer's tracking items;
    /// null when the product is no longer in the catalog.
    pub brand: Option<String>,
    /// The product's group (its tracking item's category), null as `brand`.
    pub product_group: Option<String>,
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
    pub payment_method_id: Option<PaymentMethodId>,
    pub issuer: Option<String>,
    /// The newest provider payment's status, when a provider is involved.
    pub status: Option<PaymentStatus>,
}

/// An order, with every label its pages and mails show.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Order)]
#[serde(rename_all = "camelCase")]
pub struct OrderView {
    pub order_id: String,
    pub order_number: String,
    pub status: OrderStatus,
    /// Milliseconds since the Unix epoch.
    pub order_date: i64,
    pub site_id: i64,
    pub language_id: i64,
    pub email_address: String,
    pub scan_products_only: bool,
    pub lines: Vec<OrderLineView>,
    pub order_discounts: Vec<Discount>,
    pub shipping_discounts: Vec<Discount>,
    pub sub_total_amount: Money,
    pub original_shipping_costs: Money,
    pub shipping_costs: Money,
    pub payment_costs: Money,
    pub total_amount: Money,
    pub vat_amount_low: Money,
    pub vat_amount_high: Money,
    /// The order's VAT as one figure: low and high added up by the engine
    /// ([`engine::order::vat_total`]), e.g. the data layer's `purchase.tax`.
    pub vat_amount: Money,
    pub total_amount_excl_vat: Money,
    pub gift_card_amount: Money,
    pub amount_to_pay: Money,
    pub discount_code: Option<String>,
    pub payment: OrderPaymentView,
    /// Null for someone who may not see the customer's personal data.
    pub billing: Option<OrderBilling>,
    pub shipping: Option<OrderShipping>,
    pub company: Option<OrderCompany>,
    pub alternative_shipping_address: bool,
    pub shipping_method: engine::shipping::ShippingMethod,
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

/// An order's lines with the names of their samples.
pub async fn line_views(pool: &AnyPool, order_id: i64) -> Result<Vec<OrderLineView>, ApiError> {
    let mut connection = pool.acquire().await?;
    let lines = store::lines(&mut connection, order_id).await?;
    drop(connection);
    let samples = store::samples(pool, order_id).await?;
    lines
        .into_iter()
        .map(|line| {
            Ok(OrderLineView {
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
                vat_type: line.vat_type.parse().map_err(|error| {
                    ApiError::Internal(format!("a stored order line's VAT type: {error}"))
                })?,
                vat_rate_percentage: line.vat_rate_percentage,
                is_free: line.is_free.into(),
                brand: line.brand,
                product_group: line.product_group,
            })
        })
        .collect()
}

/// The VAT rows of an order's summary (its page, its mails), at its site's rates.
pub async fn summary_vat_rows(pool: &AnyPool, order: &OrderView) -> Result<Vec<VatRow>, ApiError> {
    let site = store::mails::site_of_order(pool, order.site_id).await?;
    vat_rows(
        VatDocument::Summary,
        false,
        (&site.vat_percentage_low, &site.vat_percentage_high),
        &order.lines,
        (order.vat_amount_low, order.vat_amount_high),
    )
}

/// The VAT rows `document` shows for an order's (or invoice's) VAT amounts, labelled with the
/// rates its lines were charged at, else the site's (the engine's `vat.rows`).
pub fn vat_rows(
    document: VatDocument,
    reverse_charge: bool,
    site_rates: (&str, &str),
    lines: &[OrderLineView],
    amounts: (Money, Money),
) -> Result<Vec<VatRow>, ApiError> {
    let rate = |text: &str| -> Result<VatRate, ApiError> {
        text.parse()
            .map_err(|error| ApiError::Internal(format!("a stored VAT rate: {error}")))
    };
    let line_rates = lines
        .iter()
        .map(|line| {
            Ok(LineVatRate {
                vat_type: line.vat_type,
                vat_rate_percentage: rate(&line.vat_rate_percentage)?,
            })
        })
        .collect::<Result<_, ApiError>>()?;
    Ok(engine::vat::vat_rows(&VatRowsRequest {
        document,
        reverse_charge,
        site_rates: SiteVatRates {
            low: rate(site_rates.0)?,
            high: rate(site_rates.1)?,
        },
        line_rates,
        vat_amount_low: amounts.0,
        vat_amount_high: amounts.1,
    }))
}

/// A stored payment's status as the order shows it: one still being created at the provider
/// is open to the customer, who waits for it either way.
fn payment_status_shown(label: &str) -> Result<PaymentStatus, ApiError> {
    if label == "creating" {
        return Ok(PaymentStatus::Open);
    }
    PaymentStatus::parse(label)
        .ok_or_else(|| ApiError::Internal(format!("a stored payment status '{label}'")))
}

/// The order with its lines, samples and payment status.
pub async fn order_view(pool: &AnyPool, order: &OrderRow) -> Result<OrderView, ApiError> {
    let lines = line_views(pool, order.order_id).await?;
    let payment = store::latest_payment(pool, order.order_id).await?;
    Ok(OrderView {
        order_id: order.public_id.clone(),
        order_number: order.order_number.clone(),
        status: order.status()?,
        order_date: order.created_at,
        site_id: order.site_id,
        language_id: order.language_id,
        email_address: order.email_address.clone(),
        scan_products_only: order.scan_products_only.into(),
        lines,
        order_discounts: document(Some(&order.order_discounts_json)).unwrap_or_default(),
        shipping_discounts: document(Some(&order.shipping_discounts_json)).unwrap_or_default(),
        sub_total_amount: order.sub_total_amount,
        original_shipping_costs: order.original_shipping_costs,
        shipping_costs: order.shipping_costs,
        payment_costs: order.payment_costs,
        total_amount: order.total_amount,
        vat_amount_low: order.vat_amount_low,
        vat_amount_high: order.vat_amount_high,
        vat_amount: engine::order::vat_total(order.vat_amount_low, order.vat_amount_high)
            .map_err(engine::EngineError::from)?,
        total_amount_excl_vat: order.total_amount_excl_vat,
        gift_card_amount: order.gift_card_amount,
        amount_to_pay: order.amount_to_pay,
        discount_code: order.discount_code.clone(),
        payment: OrderPaymentView {
            payment_method_id: order.payment_method_id,
            issuer: order.issuer.clone(),
            status: payment
                .map(|payment| payment_status_shown(&payment.status))
                .transpose()?,
        },
        billing: document(Some(&order.billing_json)),
        shipping: document(order.shipping_json.as_deref()),
        company: document(order.company_json.as_deref()),
        alternative_shipping_address: order.alternative_shipping_address.into(),
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
