//! Payments: the provider interface, the built-in test provider, the Mollie adapter, and the
//! two addresses a provider calls back on.
//!
//! The flow (decisions.md, "Checkout and orders"): placing an order with something left to
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

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Redirect;
use axum::routing::{get, post};
use axum::{Form, Router};
use engine::money::Money;
use serde::Deserialize;

use crate::AppState;
use crate::config::PaymentConfig;
use crate::error::ApiError;

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
}

/// What the shop asks a provider to collect.
#[derive(Clone, Debug)]
pub struct PaymentRequest {
    /// The amount to pay, in euro.
    pub amount: Money,
    /// Shown on the customer's bank statement: the order number.
    pub description: String,
    /// The payment method (`ideal`, `bancontact`, `card`, `paypal`), when the customer chose one.
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    /// The provider's local book could not be read or written (test provider).
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

impl From<ProviderError> for ApiError {
    fn from(error: ProviderError) -> ApiError {
        match error {
            ProviderError::UnknownPayment(_) => ApiError::NotFound,
            ProviderError::Database(error) => ApiError::Database(error),
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
pub fn provider(config: &PaymentConfig, db: &crate::db::Database) -> Arc<dyn PaymentProvider> {
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

/// The routes of this area, and the test provider's hosted page.
/// The test provider's hosted page exists only when that provider is chosen.
pub fn router(config: &PaymentConfig) -> Router<AppState> {
    let router = Router::new()
        .route("/api/payments/webhook", post(webhook))
        .route("/api/payments/return/{order_id}", get(return_from_provider));
    match config {
        PaymentConfig::Test => router.merge(test_provider::router()),
        PaymentConfig::Mollie { .. } => router,
    }
}

#[derive(Deserialize)]
struct WebhookForm {
    id: Option<String>,
}

/// `POST /api/payments/webhook` (form field `id`): looks the payment up at the provider and
/// applies its status to the order. 200 when handled, 404 for a payment this shop never made.
async fn webhook(
    State(state): State<AppState>,
    Form(form): Form<WebhookForm>,
) -> Result<StatusCode, ApiError> {
    let payment_id = crate::validation::required_param(&form.id, "id")?;
    crate::orders::refresh_payment(&state, payment_id).await?;
    Ok(StatusCode::OK)
}

/// `GET /api/payments/return/{orderId}`: where the provider sends the customer back.
async fn return_from_provider(
    State(state): State<AppState>,
    Path(order_id): Path<String>,
) -> Result<Redirect, ApiError> {
    let page = crate::orders::page_after_payment(&state, &order_id).await?;
    Ok(Redirect::to(&page))
}
