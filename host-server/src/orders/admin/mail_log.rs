//! The mails about an order as the order desk lists them: every one the shop sent or tried to
//! send, oldest first.

use serde::Serialize;
use utoipa::ToSchema;

use crate::AppState;
use crate::orders::store::mails::{self as store, OrderMailKind};
use crate::platform::error::ApiError;

/// A mail about the order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderMailSent {
    pub mail_id: i64,
    pub kind: OrderMailKind,
    /// A refund's credit note, a review request's product.
    pub reference: Option<String>,
    pub recipient: String,
    /// Whether it left; a mail that could not be sent can be sent again.
    pub sent: bool,
    /// Milliseconds since the Unix epoch.
    pub sent_at: i64,
    pub can_send_again: bool,
}

/// The mails about an order, oldest first.
pub async fn mails_of_order(
    state: &AppState,
    order_id: i64,
) -> Result<Vec<OrderMailSent>, ApiError> {
    Ok(store::of_order(state.db.pool(), order_id)
        .await?
        .into_iter()
        .map(|row| OrderMailSent {
            mail_id: row.mail_id,
            can_send_again: row.kind.0.can_send_again(),
            kind: row.kind.0,
            reference: row.reference,
            recipient: row.recipient,
            sent: row.sent.into(),
            sent_at: row.sent_at,
        })
        .collect())
}
