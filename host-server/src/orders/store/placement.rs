//! What placing an order reads and writes: the site's order-number prefix and country, the
//! payment method's flow, the order number counter, the stock and discount-code uses it takes,
//! and the new order with its lines and samples.

use engine::ids::{PaymentMethodId, ProductVariantId};
use engine::order::OrderLine;
use sqlx::{AnyConnection, AnyPool};

use crate::platform::db::Flag;

/// The prefix of a site's order numbers.
pub async fn order_number_prefix(pool: &AnyPool, site_id: i64) -> Result<String, sqlx::Error> {
    let (order_number_prefix,): (String,) =
        sqlx::query_as("SELECT order_number_prefix FROM sites WHERE site_id = $1")
            .bind(site_id)
            .fetch_one(pool)
            .await?;
    Ok(order_number_prefix)
}

/// The region code of a country, if the country exists.
pub async fn region_code(pool: &AnyPool, country_id: i64) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT region_code FROM countries WHERE country_id = $1")
            .bind(country_id)
            .fetch_optional(pool)
            .await?;
    Ok(row.map(|(code,)| code))
}

/// The country of a site.
pub async fn country_of_site(pool: &AnyPool, site_id: i64) -> Result<i64, sqlx::Error> {
    let (site_country,): (i64,) = sqlx::query_as("SELECT country_id FROM sites WHERE site_id = $1")
        .bind(site_id)
        .fetch_one(pool)
        .await?;
    Ok(site_country)
}

/// The flow name of a payment method, if it exists.
pub async fn payment_flow_name(
    pool: &AnyPool,
    payment_method_id: PaymentMethodId,
) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT flow FROM payment_methods WHERE payment_method_id = $1")
            .bind(payment_method_id.get())
            .fetch_optional(pool)
            .await?;
    Ok(row.map(|(flow,)| flow))
}

/// Takes the next order id from the counter.
pub async fn next_order_id(connection: &mut AnyConnection) -> Result<i64, sqlx::Error> {
    let (order_id,): (i64,) = sqlx::query_as(
        "UPDATE counters SET value = value + 1 WHERE name = 'order' RETURNING value",
    )
    .fetch_one(connection)
    .await?;
    Ok(order_id)
}

/// Takes `quantity` off the variant's stock if it has that much (or is not counted); returns
/// whether it did.
pub async fn reserve_stock(
    connection: &mut AnyConnection,
    variant_id: ProductVariantId,
    quantity: i64,
) -> Result<bool, sqlx::Error> {
    let reserved = sqlx::query(
        "UPDATE variants SET stock = stock - $1 WHERE product_variant_id = $2 AND (stock IS NULL OR stock >= $1)",
    )
    .bind(quantity)
    .bind(variant_id.get())
    .execute(connection)
    .await?
    .rows_affected();
    Ok(reserved != 0)
}

/// Counts a use of the discount code if its usage limit allows; returns whether it did.
pub async fn use_discount_code(
    connection: &mut AnyConnection,
    code: &str,
) -> Result<bool, sqlx::Error> {
    let used = sqlx::query(
        "UPDATE discount_codes SET times_used = times_used + 1 \
         WHERE code = $1 AND (usage_limit IS NULL OR times_used < usage_limit)",
    )
    .bind(code)
    .execute(connection)
    .await?
    .rows_affected();
    Ok(used != 0)
}

/// A new order's columns, amounts as text and discounts as JSON.
pub struct NewOrder<'a> {
    pub order_id: i64,
    pub public_id: &'a str,
    pub order_number: String,
    pub site_id: i64,
    pub language_id: i64,
    pub account_id: Option<String>,
    pub cart_id: &'a str,
    pub cart_fingerprint: &'a str,
    pub idempotency_key: Option<&'a str>,
    pub email_address: &'a str,
    pub billing_json: String,
    pub shipping_json: Option<String>,
    pub company_json: Option<String>,
    pub alternative_shipping_address: Flag,
    pub shipping_method: i64,
    pub dealer_id: Option<i64>,
    pub dpd_parcel_shop_id: Option<String>,
    pub newsletter_subscribe: Flag,
    pub scan_products_only: i64,
    pub payment_method_id: Option<i64>,
    pub issuer: Option<String>,
    pub gift_card_number: Option<String>,
    pub discount_code: Option<String>,
    pub order_discounts_json: String,
    pub shipping_discounts_json: String,
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
    /// Milliseconds; also the first `updated_at`.
    pub created_at: i64,
    pub mailplus_id: Option<String>,
}

/// Writes a new order, `created`.
pub async fn insert_order(
    connection: &mut AnyConnection,
    order: NewOrder<'_>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO orders (order_id, public_id, order_number, site_id, language_id, account_id, cart_id, cart_fingerprint, \
         idempotency_key, status, email_address, billing_json, shipping_json, company_json, alternative_shipping_address, \
         shipping_method, dealer_id, dpd_parcel_shop_id, newsletter_subscribe, scan_products_only, payment_method_id, issuer, \
         gift_card_number, discount_code, order_discounts_json, shipping_discounts_json, sub_total_amount, \
         original_shipping_costs, shipping_costs, payment_costs, total_amount, vat_amount_low, vat_amount_high, \
         total_amount_excl_vat, gift_card_amount, amount_to_pay, created_at, updated_at, mailplus_id) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'created', $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, \
         $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $33, $34, $35, $36, $36, $37)",
    )
    .bind(order.order_id)
    .bind(order.public_id)
    .bind(order.order_number)
    .bind(order.site_id)
    .bind(order.language_id)
    .bind(order.account_id)
    .bind(order.cart_id)
    .bind(order.cart_fingerprint)
    .bind(order.idempotency_key)
    .bind(order.email_address)
    .bind(order.billing_json)
    .bind(order.shipping_json)
    .bind(order.company_json)
    .bind(order.alternative_shipping_address)
    .bind(order.shipping_method)
    .bind(order.dealer_id)
    .bind(order.dpd_parcel_shop_id)
    .bind(order.newsletter_subscribe)
    .bind(order.scan_products_only)
    .bind(order.payment_method_id)
    .bind(order.issuer)
    .bind(order.gift_card_number)
    .bind(order.discount_code)
    .bind(order.order_discounts_json)
    .bind(order.shipping_discounts_json)
    .bind(order.sub_total_amount)
    .bind(order.original_shipping_costs)
    .bind(order.shipping_costs)
    .bind(order.payment_costs)
    .bind(order.total_amount)
    .bind(order.vat_amount_low)
    .bind(order.vat_amount_high)
    .bind(order.total_amount_excl_vat)
    .bind(order.gift_card_amount)
    .bind(order.amount_to_pay)
    .bind(order.created_at)
    .bind(order.mailplus_id)
    .execute(connection)
    .await?;
    Ok(())
}

/// Writes an order line with its product type (number) and VAT type (name), then its samples.
pub async fn insert_line(
    connection: &mut AnyConnection,
    order_id: i64,
    line: &OrderLine,
    product_type: i64,
    vat_type: String,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO order_lines (order_id, line_number, product_id, product_variant_id, product_type, description, \
         quantity, unit_price, original_amount, discount_amount, promotion_key, total_amount, vat_type, \
         vat_rate_percentage, is_free) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)",
    )
    .bind(order_id)
    .bind(i64::from(line.line_number))
    .bind(line.product_id.get())
    .bind(line.product_variant_id.get())
    .bind(product_type)
    .bind(&line.description)
    .bind(i64::from(line.quantity))
    .bind(line.unit_price.to_string())
    .bind(line.original_amount.to_string())
    .bind(line.discount_amount.to_string())
    .bind(line.promotion_key.clone())
    .bind(line.total_amount.to_string())
    .bind(vat_type)
    .bind(line.vat_rate_percentage.to_string())
    .bind(i64::from(line.is_free))
    .execute(&mut *connection)
    .await?;
    for sample in &line.rqs_samples {
        sqlx::query("INSERT INTO order_line_samples (order_id, line_number, sequence, sample_name) VALUES ($1, $2, $3, $4)")
            .bind(order_id)
            .bind(i64::from(line.line_number))
            .bind(i64::from(sample.sequence))
            .bind(&sample.sample_name)
            .execute(&mut *connection)
            .await?;
    }
    Ok(())
}
