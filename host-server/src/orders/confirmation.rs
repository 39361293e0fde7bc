//! The order confirmation mail, sent once when an order is paid (or placed for a bank
//! transfer). A mail that cannot be sent is logged; the order stands.

use engine::locale::{Culture, format_amount};
use engine::money::Money;

use super::store::{self, OrderRow};
use crate::AppState;
use crate::error::ApiError;
use crate::mail::{OrderMail, render_order_confirmation};

/// Sends the confirmation of `order` to its e-mail address.
pub async fn send(state: &AppState, order: &OrderRow) {
    if let Err(error) = try_send(state, order).await {
        tracing::warn!(%error, order = %order.order_number, "could not send the order confirmation");
    }
}

async fn try_send(state: &AppState, order: &OrderRow) -> Result<(), ApiError> {
    let pool = state.db.pool();
    let culture_text = crate::account::queries::culture_of(pool, Some(order.language_id)).await?;
    let culture: Culture = culture_text.parse().unwrap_or(Culture::Nl);
    let euro = |amount: Money| format!("€ {}", format_amount(amount.as_decimal(), culture));
    let mut connection = pool.acquire().await?;
    let lines = store::lines(&mut connection, order.order_id).await?;
    drop(connection);
    let (brand,): (String,) = sqlx::query_as("SELECT brand FROM sites WHERE site_id = $1")
        .bind(order.site_id)
        .fetch_one(pool)
        .await?;
    let billing: super::blocks::OrderBilling =
        super::view::document(Some(&order.billing_json)).unwrap_or_default();
    let mail = OrderMail {
        name: billing.first_name.as_deref().unwrap_or_default(),
        order_number: &order.order_number,
        lines: lines
            .iter()
            .map(|line| {
                Ok((
                    line.quantity,
                    line.description.as_str(),
                    euro(line.total_amount),
                ))
            })
            .collect::<Result<_, ApiError>>()?,
        shipping_costs: euro(order.shipping_costs),
        payment_costs: euro(order.payment_costs),
        total: euro(order.total_amount),
        gift_card: if order.gift_card_amount.is_zero() {
            String::new()
        } else {
            euro(order.gift_card_amount)
        },
        to_pay: euro(order.amount_to_pay),
    };
    let (subject, body) = render_order_confirmation(&culture_text, &brand, &mail);
    state
        .mailer
        .send(&order.email_address, &subject, body)
        .await
        .map_err(|error| ApiError::Internal(format!("mail: {error}")))
}
