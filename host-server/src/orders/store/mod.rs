//! The order tables: reading orders, moving their status, and giving back what a cancelled
//! order held (stock, gift-card balance, a discount-code use). Placement, invoices, mails,
//! the account's list and the checkout's payments have their statements in the submodules.

pub mod checkout;
pub mod desk;
pub mod export;
pub mod invoices;
pub mod mails;
pub mod of_account;
pub mod placement;
pub mod queue;
pub mod refunds;
pub mod views;

use engine::ids::{PaymentMethodId, ProductId, ProductVariantId};
use std::collections::BTreeMap;

use engine::money::Money;
use engine::order::OrderStatus;
use sqlx::{AnyConnection, AnyPool};

use crate::platform::clock;
use crate::platform::db::Flag;
use crate::platform::error::ApiError;

/// An order row.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct OrderRow {
    pub order_id: i64,
    pub public_id: String,
    pub order_number: String,
    pub site_id: i64,
    pub language_id: i64,
    pub account_id: Option<String>,
    pub cart_id: Option<String>,
    pub cart_fingerprint: Option<String>,
    pub status: String,
    pub email_address: String,
    pub billing_json: String,
    pub shipping_json: Option<String>,
    pub company_json: Option<String>,
    pub alternative_shipping_address: Flag,
    #[sqlx(try_from = "i64")]
    pub shipping_method: engine::shipping::ShippingMethod,
    pub dealer_id: Option<i64>,
    pub dpd_parcel_shop_id: Option<String>,
    pub scan_products_only: Flag,
    #[sqlx(try_from = "crate::platform::db::NullableKey")]
    pub payment_method_id: Option<PaymentMethodId>,
    pub issuer: Option<String>,
    pub gift_card_number: Option<String>,
    pub discount_code: Option<String>,
    pub order_discounts_json: String,
    pub shipping_discounts_json: String,
    #[sqlx(try_from = "String")]
    pub sub_total_amount: Money,
    #[sqlx(try_from = "String")]
    pub original_shipping_costs: Money,
    #[sqlx(try_from = "String")]
    pub shipping_costs: Money,
    #[sqlx(try_from = "String")]
    pub payment_costs: Money,
    #[sqlx(try_from = "String")]
    pub total_amount: Money,
    #[sqlx(try_from = "String")]
    pub vat_amount_low: Money,
    #[sqlx(try_from = "String")]
    pub vat_amount_high: Money,
    #[sqlx(try_from = "String")]
    pub total_amount_excl_vat: Money,
    #[sqlx(try_from = "String")]
    pub gift_card_amount: Money,
    #[sqlx(try_from = "String")]
    pub amount_to_pay: Money,
    pub track_and_trace: Option<String>,
    pub created_at: i64,
}

impl OrderRow {
    /// The status, which the database only ever holds as one of the engine's labels.
    pub fn status(&self) -> Result<OrderStatus, ApiError> {
        self.status.parse().map_err(|_| {
            ApiError::Internal(format!(
                "order {} has status '{}'",
                self.order_id, self.status
            ))
        })
    }

    /// A stored amount.
    pub fn amount(&self, text: &str) -> Result<Money, ApiError> {
        text.parse()
            .map_err(|_| ApiError::Internal(format!("order {} has amount '{text}'", self.order_id)))
    }
}

const ORDER_COLUMNS: &str = "order_id, public_id, order_number, site_id, language_id, account_id, cart_id, \
     cart_fingerprint, status, email_address, billing_json, shipping_json, company_json, alternative_shipping_address, \
     shipping_method, dealer_id, dpd_parcel_shop_id, scan_products_only, payment_method_id, issuer, gift_card_number, \
     discount_code, order_discounts_json, shipping_discounts_json, sub_total_amount, original_shipping_costs, \
     shipping_costs, payment_costs, total_amount, vat_amount_low, vat_amount_high, total_amount_excl_vat, \
     gift_card_amount, amount_to_pay, track_and_trace, created_at";

async fn order_where(
    pool: &AnyPool,
    condition: &str,
    value: &str,
) -> Result<Option<OrderRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {ORDER_COLUMNS} FROM orders WHERE {condition}"
    ))
    .bind(value)
    .fetch_optional(pool)
    .await
}

/// The order with this public id.
pub async fn by_public_id(
    pool: &AnyPool,
    public_id: &str,
) -> Result<Option<OrderRow>, sqlx::Error> {
    order_where(pool, "public_id = $1", public_id).await
}

/// The order with this order number.
pub async fn by_order_number(
    pool: &AnyPool,
    order_number: &str,
) -> Result<Option<OrderRow>, sqlx::Error> {
    order_where(pool, "order_number = $1", order_number).await
}

/// The order with this number, if it is the account's.
pub async fn by_order_number_of_account(
    pool: &AnyPool,
    account_id: &str,
    order_number: &str,
) -> Result<Option<OrderRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {ORDER_COLUMNS} FROM orders WHERE order_number = $1 AND account_id = $2"
    ))
    .bind(order_number)
    .bind(account_id)
    .fetch_optional(pool)
    .await
}

/// Every status an order had, oldest first: (status, milliseconds since the epoch).
pub async fn status_history(
    pool: &AnyPool,
    order_id: i64,
) -> Result<Vec<(String, i64)>, sqlx::Error> {
    sqlx::query_as("SELECT status, changed_at FROM order_status_history WHERE order_id = $1 ORDER BY changed_at")
        .bind(order_id)
        .fetch_all(pool)
        .await
}

/// The order placed with this idempotency key.
pub async fn by_idempotency_key(
    pool: &AnyPool,
    key: &str,
) -> Result<Option<OrderRow>, sqlx::Error> {
    order_where(pool, "idempotency_key = $1", key).await
}

/// The cart's order that is not cancelled, if any.
pub async fn live_order_of_cart(
    pool: &AnyPool,
    cart_id: &str,
) -> Result<Option<OrderRow>, sqlx::Error> {
    order_where(pool, "cart_id = $1 AND status <> 'cancelled'", cart_id).await
}

/// The same, inside a transaction.
pub async fn live_order_of_cart_in(
    connection: &mut AnyConnection,
    cart_id: &str,
) -> Result<Option<OrderRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {ORDER_COLUMNS} FROM orders WHERE cart_id = $1 AND status <> 'cancelled'"
    ))
    .bind(cart_id)
    .fetch_optional(connection)
    .await
}

/// The same for an idempotency key, inside a transaction.
pub async fn by_idempotency_key_in(
    connection: &mut AnyConnection,
    key: &str,
) -> Result<Option<OrderRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {ORDER_COLUMNS} FROM orders WHERE idempotency_key = $1"
    ))
    .bind(key)
    .fetch_optional(connection)
    .await
}

/// An order line row.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct LineRow {
    pub line_number: i64,
    #[sqlx(try_from = "i64")]
    pub product_id: ProductId,
    #[sqlx(try_from = "i64")]
    pub product_variant_id: ProductVariantId,
    pub product_type: i64,
    pub description: String,
    pub quantity: i64,
    #[sqlx(try_from = "String")]
    pub unit_price: Money,
    #[sqlx(try_from = "String")]
    pub original_amount: Money,
    #[sqlx(try_from = "String")]
    pub discount_amount: Money,
    pub promotion_key: Option<String>,
    #[sqlx(try_from = "String")]
    pub total_amount: Money,
    pub vat_type: String,
    pub vat_rate_percentage: String,
    pub is_free: Flag,
    /// The product's brand and product group in the catalog (null once the product left it).
    pub brand: Option<String>,
    pub product_group: Option<String>,
}

/// The lines of an order, in order, with their product's brand and group from the catalog.
pub async fn lines(
    connection: &mut AnyConnection,
    order_id: i64,
) -> Result<Vec<LineRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT l.line_number, l.product_id, l.product_variant_id, l.product_type, l.description, l.quantity, \
         l.unit_price, l.original_amount, l.discount_amount, l.promotion_key, l.total_amount, l.vat_type, \
         l.vat_rate_percentage, l.is_free, p.brand, p.product_group \
         FROM order_lines l LEFT JOIN products p ON p.product_id = l.product_id \
         WHERE l.order_id = $1 ORDER BY l.line_number",
    )
    .bind(order_id)
    .fetch_all(connection)
    .await
}

/// The sample names of an order's scan lines: (line number, sequence, name).
pub async fn samples(
    pool: &AnyPool,
    order_id: i64,
) -> Result<Vec<(i64, i64, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT line_number, sequence, sample_name FROM order_line_samples WHERE order_id = $1 ORDER BY line_number, sequence",
    )
    .bind(order_id)
    .fetch_all(pool)
    .await
}

/// Moves an order from `from` to `to` when the engine allows it and the order is still in
/// `from`; records the change. False when the order was no longer in `from` (someone else
/// moved it first), which makes every status change safe to repeat.
pub async fn transition(
    connection: &mut AnyConnection,
    order_id: i64,
    from: OrderStatus,
    to: OrderStatus,
) -> Result<bool, ApiError> {
    from.transition(to)?;
    let now = clock::now_millis();
    let changed = sqlx::query(
        "UPDATE orders SET status = $1, updated_at = $2 WHERE order_id = $3 AND status = $4",
    )
    .bind(to.as_str())
    .bind(now)
    .bind(order_id)
    .bind(from.as_str())
    .execute(&mut *connection)
    .await?
    .rows_affected()
        == 1;
    if changed {
        record_status(connection, order_id, to, now).await?;
        super::invoices::follow_order_status(connection, order_id, to).await?;
    }
    Ok(changed)
}

/// Adds a row to the order's status history.
pub async fn record_status(
    connection: &mut AnyConnection,
    order_id: i64,
    status: OrderStatus,
    at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO order_status_history (order_id, status, changed_at) VALUES ($1, $2, $3)",
    )
    .bind(order_id)
    .bind(status.as_str())
    .bind(at)
    .execute(connection)
    .await?;
    Ok(())
}

/// Cancels an order and gives back what it held, in one transaction. False when the order
/// had already left `from`.
pub async fn cancel(pool: &AnyPool, order: &OrderRow, from: OrderStatus) -> Result<bool, ApiError> {
    let mut transaction = pool.begin().await?;
    // The status change is the transaction's first statement, a write: SQLite takes its write
    // lock here, and a second cancellation of the same order changes nothing.
    let cancelled = cancel_in(&mut transaction, order, from).await?;
    transaction.commit().await?;
    Ok(cancelled)
}

/// Cancels an order from `from` in the caller's transaction and gives back what it held;
/// `false` (nothing written) when its status is no longer `from`.
pub async fn cancel_in(
    transaction: &mut AnyConnection,
    order: &OrderRow,
    from: OrderStatus,
) -> Result<bool, ApiError> {
    if !transition(transaction, order.order_id, from, OrderStatus::Cancelled).await? {
        return Ok(false);
    }
    release(transaction, order).await?;
    Ok(true)
}

/// Gives back an order's stock, discount-code use and gift-card amount.
pub async fn release(connection: &mut AnyConnection, order: &OrderRow) -> Result<(), ApiError> {
    let mut quantities: BTreeMap<ProductVariantId, i64> = BTreeMap::new();
    for line in lines(connection, order.order_id).await? {
        *quantities.entry(line.product_variant_id).or_default() += line.quantity;
    }
    for (variant_id, quantity) in quantities {
        sqlx::query("UPDATE variants SET stock = stock + $1 WHERE product_variant_id = $2 AND stock IS NOT NULL")
            .bind(quantity)
            .bind(variant_id.get())
            .execute(&mut *connection)
            .await?;
    }
    if let Some(code) = &order.discount_code {
        sqlx::query("UPDATE discount_codes SET times_used = times_used - 1 WHERE code = $1 AND times_used > 0")
            .bind(code)
            .execute(&mut *connection)
            .await?;
    }
    let gift_card_amount = order.gift_card_amount;
    if let (Some(card), false) = (&order.gift_card_number, gift_card_amount.is_zero()) {
        refund_gift_card(connection, card, gift_card_amount).await?;
    }
    Ok(())
}

/// Adds an amount back to a gift card's balance (the new balance is the engine's
/// `gift_card::refund`).
pub async fn refund_gift_card(
    connection: &mut AnyConnection,
    card_number: &str,
    amount: Money,
) -> Result<(), ApiError> {
    // Compare-and-set on the stored balance, so a concurrent change is never overwritten.
    for _ in 0..10 {
        let (balance,): (String,) =
            sqlx::query_as("SELECT balance FROM gift_cards WHERE card_number = $1")
                .bind(card_number)
                .fetch_one(&mut *connection)
                .await?;
        let current: Money = balance
            .parse()
            .map_err(|_| ApiError::Internal(format!("gift card balance '{balance}'")))?;
        let refunded =
            engine::gift_card::refund(current, amount).map_err(engine::EngineError::from)?;
        if set_gift_card_balance(connection, card_number, &balance, refunded).await? {
            return Ok(());
        }
    }
    Err(ApiError::Internal(format!(
        "gift card {card_number}: balance kept changing during a refund"
    )))
}

/// Sets a gift card's balance if it is still `expected`; false when it changed meanwhile.
pub async fn set_gift_card_balance(
    connection: &mut AnyConnection,
    card_number: &str,
    expected: &str,
    balance: Money,
) -> Result<bool, sqlx::Error> {
    Ok(
        sqlx::query("UPDATE gift_cards SET balance = $1 WHERE card_number = $2 AND balance = $3")
            .bind(balance.to_string())
            .bind(card_number)
            .bind(expected)
            .execute(connection)
            .await?
            .rows_affected()
            == 1,
    )
}

/// A payment row.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct PaymentRow {
    pub payment_id: String,
    pub order_id: i64,
    pub status: String,
    pub checkout_url: String,
}

/// A payment of an order as the order desk shows it.
#[derive(Debug, sqlx::FromRow)]
pub struct PaymentOfOrder {
    pub payment_id: String,
    pub provider: String,
    #[sqlx(try_from = "crate::platform::db::NullableKey")]
    pub payment_method_id: Option<PaymentMethodId>,
    #[sqlx(try_from = "String")]
    pub amount: Money,
    pub status: crate::platform::labels::Label<crate::payments::PaymentStatus>,
    pub created_at: i64,
    pub updated_at: i64,
}

/// Every payment of an order, oldest first (not one still being created at the provider).
pub async fn payments_of_order(
    pool: &AnyPool,
    order_id: i64,
) -> Result<Vec<PaymentOfOrder>, sqlx::Error> {
    sqlx::query_as(
        "SELECT payment_id, provider, payment_method_id, amount, status, created_at, updated_at \
         FROM payments WHERE order_id = $1 AND status <> 'creating' ORDER BY created_at, payment_id",
    )
    .bind(order_id)
    .fetch_all(pool)
    .await
}

/// A payment that took money for an order.
#[derive(Debug, sqlx::FromRow)]
pub struct PaidPaymentRow {
    pub payment_id: String,
    pub provider: String,
    #[sqlx(try_from = "String")]
    pub amount: Money,
}

/// The order's paid payments, oldest first: the order money goes back through them.
pub async fn paid_payments(
    connection: &mut AnyConnection,
    order_id: i64,
) -> Result<Vec<PaidPaymentRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT payment_id, provider, amount FROM payments WHERE order_id = $1 AND status = 'paid' \
         ORDER BY created_at, payment_id",
    )
    .bind(order_id)
    .fetch_all(connection)
    .await
}

/// A payment this shop created.
pub async fn payment(pool: &AnyPool, payment_id: &str) -> Result<Option<PaymentRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT payment_id, order_id, status, checkout_url FROM payments WHERE payment_id = $1",
    )
    .bind(payment_id)
    .fetch_optional(pool)
    .await
}

/// An order's newest payment.
pub async fn latest_payment(
    pool: &AnyPool,
    order_id: i64,
) -> Result<Option<PaymentRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT payment_id, order_id, status, checkout_url FROM payments WHERE order_id = $1 ORDER BY created_at DESC, payment_id DESC",
    )
    .bind(order_id)
    .fetch_optional(pool)
    .await
}

/// Records the status a provider reported.
pub async fn set_payment_status(
    pool: &AnyPool,
    payment_id: &str,
    status: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE payments SET status = $1, updated_at = $2 WHERE payment_id = $3")
        .bind(status)
        .bind(clock::now_millis())
        .bind(payment_id)
        .execute(pool)
        .await?;
    Ok(())
}

/// The order by its internal id.
pub async fn by_id(pool: &AnyPool, order_id: i64) -> Result<Option<OrderRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {ORDER_COLUMNS} FROM orders WHERE order_id = $1"
    ))
    .bind(order_id)
    .fetch_optional(pool)
    .await
}

/// The orders placed from a cart that still await payment, created before `created_before`
/// (milliseconds): id, payment method and creation time, by id. The demo data's imported
/// orders (no cart) are history and never listed.
pub async fn awaiting_payment_since(
    pool: &AnyPool,
    created_before: i64,
) -> Result<Vec<(i64, Option<i64>, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT order_id, payment_method_id, created_at FROM orders \
         WHERE status IN ('created', 'open') AND cart_id IS NOT NULL AND created_at < $1 ORDER BY order_id",
    )
    .bind(created_before)
    .fetch_all(pool)
    .await
}
