//! Payments: the provider interface, the built-in test provider and the Mollie adapter. The
//! two addresses a provider calls back on are order routes (`orders::payment_callbacks`), so
//! that orders use payments and not the other way round.
//!
//! The flow: placing an order with something left to
//! pay creates a payment at the provider and sends the customer to the provider's hosted
//! page. The provider then
//! - calls the webhook, `POST /api/payments/webhook` with the form field `id`. The body is
//!   not trusted: the server asks the provider for that payment's status and applies it to
//!   the order, so a forged call can at most make the server look again. Applying a status
//!   twice changes nothing.
//! - sends the customer's browser to `GET /api/payments/return/{orderId}`, which looks at the
//!   provider too (a webhook can arrive late) and answers with a redirect to the site's
//!   success, RQS success or failed page.
//!
//! Card data never touches this system: customers enter it on the provider's page.

pub mod mollie;
pub mod test_provider;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use axum::http::StatusCode;
use engine::money::Money;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;

use crate::AppState;
use crate::platform::config::PaymentConfig;
use crate::platform::error::ApiError;

/// A future a provider returns; boxed so that providers can sit behind `dyn`.
pub type ProviderFuture<'a, T> =
    Pin<Box<dyn Future<Output = Result<T, ProviderError>> + Send + 'a>>;

/// A payment service: creates payments and reports their status.
pub trait PaymentProvider: Send + Sync {
    /// The name stored with each payment (`test`, `mollie`).
    fn name(&self) -> &'static str;

    /// Creates a payment; the customer pays on its `checkout_url`.
    fn create_payment<'a>(
        &'a self,
        request: &'a PaymentRequest,
    ) -> ProviderFuture<'a, ProviderPayment>;

    /// The payment as the provider knows it now.
    fn payment<'a>(&'a self, payment_id: &'a str) -> ProviderFuture<'a, ProviderPayment>;

    /// Gives an amount of a paid payment back to the customer.
    fn create_refund<'a>(
        &'a self,
        request: &'a RefundRequest,
    ) -> ProviderFuture<'a, ProviderRefund>;
}

/// What the shop asks a provider to give back of a payment.
#[derive(Clone, Debug)]
pub struct RefundRequest {
    /// The provider's id of the paid payment.
    pub payment_id: String,
    /// The amount, in euro.
    pub amount: Money,
    /// Passed on to the customer's bank where the provider can: the order and credit note.
    pub description: String,
}

/// A refund the provider accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProviderRefund {
    /// The provider's id of the refund (`re_…` at Mollie).
    pub id: String,
    /// Whether the money is on its way or has arrived.
    pub status: RefundProgress,
}

/// Where a refund stands at the provider.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefundProgress {
    /// Accepted and on its way (queued, pending or processing at Mollie).
    Pending,
    /// Transferred to the customer.
    Refunded,
}

/// What the shop asks a provider to collect.
#[derive(Clone, Debug)]
pub struct PaymentRequest {
    /// The amount to pay, in euro.
    pub amount: Money,
    /// Shown on the customer's bank statement: the order number.
    pub description: String,
    /// The payment method (`ideal`, `bancontact`, `card`, `paypal`, `mobilepay`, ...), when the customer chose one.
    pub method: Option<String>,
    /// The bank for iDEAL, e.g. `ideal_INGBNL2A`.
    pub issuer: Option<String>,
    /// Where the customer's browser goes after paying.
    pub redirect_url: String,
    /// Where the provider reports status changes.
    pub webhook_url: String,
    /// The culture of the page, e.g. `nl-BE`.
    pub locale: String,
    /// The order's public id, kept by the provider as metadata.
    pub order_reference: String,
}

/// A payment at the provider.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProviderPayment {
    /// The provider's id of the payment.
    pub id: String,
    /// Its status.
    pub status: PaymentStatus,
    /// The hosted page, while the payment is open.
    pub checkout_url: Option<String>,
}

/// A payment's status, as every provider's statuses map onto it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum PaymentStatus {
    /// Waiting for the customer (also the provider's "pending" and "authorized").
    Open,
    /// Received.
    Paid,
    /// The bank or card refused.
    Failed,
    /// The customer cancelled.
    Cancelled,
    /// The customer did not finish in time.
    Expired,
}

impl PaymentStatus {
    /// The label stored in `payments.status`.
    pub fn as_str(self) -> &'static str {
        match self {
            PaymentStatus::Open => "open",
            PaymentStatus::Paid => "paid",
            PaymentStatus::Failed => "failed",
            PaymentStatus::Cancelled => "cancelled",
            PaymentStatus::Expired => "expired",
        }
    }

    /// The status of a stored label.
    pub fn parse(label: &str) -> Option<PaymentStatus> {
        [
            PaymentStatus::Open,
            PaymentStatus::Paid,
            PaymentStatus::Failed,
            PaymentStatus::Cancelled,
            PaymentStatus::Expired,
        ]
        .into_iter()
        .find(|status| status.as_str() == label)
    }

    /// Whether the payment ended without money.
    pub fn is_unsuccessful(self) -> bool {
        matches!(
            self,
            PaymentStatus::Failed | PaymentStatus::Cancelled | PaymentStatus::Expired
        )
    }
}

/// Why a provider call failed.
#[derive(Debug, thiserror::Error)]
pub enum ProviderError {
    /// The provider could not be reached or answered with an error.
    #[error("payment provider: {0}")]
    Unavailable(String),
    /// The provider does not know the payment.
    #[error("payment provider does not know payment {0}")]
    UnknownPayment(String),
    /// The provider refused the request: e.g. a refund of more than is left of the payment, or
    /// of a method that cannot be refunded.
    #[error("payment provider refused: {0}")]
    Refused(String),
    /// The provider's local book could not be read or written (test provider).
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

impl From<ProviderError> for ApiError {
    fn from(error: ProviderError) -> ApiError {
        match error {
            ProviderError::UnknownPayment(_) => ApiError::NotFound,
            ProviderError::Database(error) => ApiError::Database(error),
            ProviderError::Refused(reason) => {
                tracing::warn!(%reason, "payment provider refused");
                ApiError::refused(
                    StatusCode::CONFLICT,
                    "errors.paymentProviderRefused",
                    "The payment service refused; nothing was given back",
                )
            }
            ProviderError::Unavailable(reason) => {
                tracing::warn!(%reason, "payment provider unavailable");
                ApiError::refused(
                    StatusCode::BAD_GATEWAY,
                    "errors.paymentProviderUnavailable",
                    "The payment service cannot be reached; please try again in a moment",
                )
            }
        }
    }
}

/// The provider the configuration names.
pub fn provider(
    config: &PaymentConfig,
    db: &crate::platform::db::Database,
) -> Arc<dyn PaymentProvider> {
    match config {
        PaymentConfig::Mollie { api_key, api_url } => {
            Arc::new(mollie::Mollie::new(api_url, api_key.expose()))
        }
        PaymentConfig::Test => {
            tracing::warn!(
                "PAYMENT_PROVIDER=test: the built-in test provider takes payments and anyone can mark an order paid \
                 on its page; never run a real shop like this (set PAYMENT_PROVIDER=mollie and MOLLIE_API_KEY)"
            );
            Arc::new(test_provider::TestProvider::new(db.clone()))
        }
    }
}

/// The test provider's hosted page, which exists only when that provider is chosen. The two
/// addresses a provider calls back on are routes of `orders` (`orders::payment_callbacks`).
pub fn router(config: &PaymentConfig) -> OpenApiRouter<AppState> {
    match config {
        PaymentConfig::Test => test_provider::router(),
        PaymentConfig::Mollie { .. } => OpenApiRouter::new(),
    }
}

/// The value of a field of a form body (`application/x-www-form-urlencoded`), if given and not
/// blank. Read by hand so that any body gets an answer in the shape of every error.
pub(crate) fn form_field(body: &[u8], name: &str) -> Option<String> {
    url::form_urlencoded::parse(body)
        .find(|(key, _)| key == name)
        .map(|(_, value)| value.trim().to_owned())
        .filter(|value| !value.is_empty())
}
