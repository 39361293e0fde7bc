//! What the order mails read besides the order: the variant's pack, the pick-up point, the
//! site's settings and seller, the payment method's names, the invoice and the product page.

use engine::ids::{PaymentMethodId, ProductVariantId};
use sqlx::AnyPool;

/// A variant's content amount, unit and label.
pub async fn pack_of_variant(
    pool: &AnyPool,
    variant: ProductVariantId,
) -> Result<Option<(String, String, Option<String>)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT content_amount, content_unit, variant_label FROM variants WHERE product_variant_id = $1",
    )
    .bind(variant.get())
    .fetch_optional(pool)
    .await
}

/// A pick-up point's name, street, number, zipcode and city.
pub async fn parcel_shop_address(
    pool: &AnyPool,
    parcel_shop_id: &str,
) -> Result<Option<(String, String, String, String, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT name, street, street_number, zipcode, city FROM parcel_shops WHERE parcel_shop_id = $1",
    )
    .bind(parcel_shop_id)
    .fetch_optional(pool)
    .await
}

/// What the confirmation needs of the order's site.
#[derive(sqlx::FromRow)]
pub struct SiteOfOrder {
    pub vat_percentage_low: String,
    pub vat_percentage_high: String,
    pub currency: String,
    pub exchange_rate: Option<String>,
    pub customer_service_phone: String,
    pub customer_service_email: String,
    pub site_type: i64,
}

/// The settings of the order's site the confirmation uses.
pub async fn site_of_order(pool: &AnyPool, site_id: i64) -> Result<SiteOfOrder, sqlx::Error> {
    sqlx::query_as(
        "SELECT vat_percentage_low, vat_percentage_high, currency, exchange_rate, customer_service_phone, \
         customer_service_email, site_type FROM sites WHERE site_id = $1",
    )
    .bind(site_id)
    .fetch_one(pool)
    .await
}

/// The names (JSON by culture) of a payment method, if it exists.
pub async fn payment_method_names(
    pool: &AnyPool,
    method: PaymentMethodId,
) -> Result<Option<String>, sqlx::Error> {
    let names: Option<(String,)> =
        sqlx::query_as("SELECT name_json FROM payment_methods WHERE payment_method_id = $1")
            .bind(method.get())
            .fetch_optional(pool)
            .await?;
    Ok(names.map(|(json,)| json))
}

/// The seller (JSON) of a site: `None` when there is no such site, `Some(None)` when it has
/// none.
pub async fn seller_of_site(
    pool: &AnyPool,
    site_id: i64,
) -> Result<Option<Option<String>>, sqlx::Error> {
    let seller: Option<(Option<String>,)> =
        sqlx::query_as("SELECT seller_json FROM sites WHERE site_id = $1")
            .bind(site_id)
            .fetch_optional(pool)
            .await?;
    Ok(seller.map(|(json,)| json))
}

/// The number of the order's latest invoice that is not cancelled.
pub async fn latest_invoice_of_order(
    pool: &AnyPool,
    order_number: &str,
) -> Result<Option<String>, sqlx::Error> {
    let invoice: Option<(String,)> = sqlx::query_as(
        "SELECT invoice_number FROM invoices WHERE order_number = $1 AND status <> 'cancelled' ORDER BY invoice_number DESC",
    )
    .bind(order_number)
    .fetch_optional(pool)
    .await?;
    Ok(invoice.map(|(invoice,)| invoice))
}

/// A mail about an order, as the order desk lists it.
#[derive(Debug, sqlx::FromRow)]
pub struct OrderMailRow {
    pub mail_id: i64,
    pub kind: crate::platform::labels::Label<OrderMailKind>,
    pub reference: Option<String>,
    pub recipient: String,
    pub sent: crate::platform::db::Flag,
    pub sent_at: i64,
}

/// Which mail about an order.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase")]
pub enum OrderMailKind {
    /// The order confirmation.
    OrderConfirmation,
    /// Cancelled because its payment failed, was cancelled or expired.
    CancelledPaymentFailed,
    /// Cancelled by the shop.
    CancelledByShop,
    /// Handed to the carrier.
    OrderShipped,
    /// Its invoice is in the account.
    InvoiceAvailable,
    /// Money went back (`reference`: the credit note).
    Refund,
    /// A review of a product it held is asked (`reference`: the product).
    ReviewRequest,
}

impl OrderMailKind {
    /// Whether the order desk can send this mail again: every one but a review request.
    pub fn can_send_again(self) -> bool {
        self != OrderMailKind::ReviewRequest
    }
}

/// Notes a mail about an order; `sent` is whether it left.
pub async fn record(
    pool: &AnyPool,
    order_id: i64,
    kind: OrderMailKind,
    reference: Option<&str>,
    recipient: &str,
    sent: bool,
    sent_at: i64,
) -> Result<(), sqlx::Error> {
    let mut transaction = pool.begin().await?;
    let (mail_id,): (i64,) = sqlx::query_as(
        "UPDATE counters SET value = value + 1 WHERE name = 'order_mail' RETURNING value",
    )
    .fetch_one(&mut *transaction)
    .await?;
    sqlx::query(
        "INSERT INTO order_mails (mail_id, order_id, kind, reference, recipient, sent, sent_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(mail_id)
    .bind(order_id)
    .bind(crate::platform::labels::label_of(&kind))
    .bind(reference)
    .bind(recipient)
    .bind(i64::from(sent))
    .bind(sent_at)
    .execute(&mut *transaction)
    .await?;
    transaction.commit().await
}

/// The mails about an order, oldest first.
pub async fn of_order(pool: &AnyPool, order_id: i64) -> Result<Vec<OrderMailRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT mail_id, kind, reference, recipient, sent, sent_at FROM order_mails \
         WHERE order_id = $1 ORDER BY mail_id",
    )
    .bind(order_id)
    .fetch_all(pool)
    .await
}

/// One mail about an order.
pub async fn of_order_by_id(
    pool: &AnyPool,
    order_id: i64,
    mail_id: i64,
) -> Result<Option<OrderMailRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT mail_id, kind, reference, recipient, sent, sent_at FROM order_mails \
         WHERE order_id = $1 AND mail_id = $2",
    )
    .bind(order_id)
    .bind(mail_id)
    .fetch_optional(pool)
    .await
}
