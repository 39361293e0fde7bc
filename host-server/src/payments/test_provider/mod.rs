//! The built-in test provider: behaves like a real hosted payment page, without money.
//!
//! Creating a payment writes it to the provider's own book (`test_provider_payments`) and
//! gives the address of its hosted page, `/payments/test/{paymentId}`. There the tester picks
//! the bank (for iDEAL) and the outcome: paid, failed or cancelled. The page then calls the
//! shop's webhook over HTTP, exactly as a real provider does, and sends the browser to the
//! shop's return address.
//!
//! Refunds are written to its book too (`test_provider_refunds`) and are at once refunded; as
//! at Mollie, a refund of a payment that was not paid, or of more than is left of it, is
//! refused.

mod store;

use crate::platform::extract::Path;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Redirect, Response};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{
    PaymentProvider, PaymentRequest, PaymentStatus, ProviderError, ProviderFuture, ProviderPayment,
    ProviderRefund, RefundProgress, RefundRequest,
};
use crate::AppState;
use crate::platform::db::Database;
use crate::platform::error::ErrorBody;
use engine::money::Money;
use store::BookEntry;

/// The test provider, keeping its book in the shop's database.
pub struct TestProvider {
    db: Database,
}

impl TestProvider {
    /// A provider writing to `db`.
    pub fn new(db: Database) -> TestProvider {
        TestProvider { db }
    }
}

/// The hosted page's address: on the origin of the shop's return address.
fn checkout_url(redirect_url: &str, payment_id: &str) -> String {
    let origin = url::Url::parse(redirect_url)
        .ok()
        .map(|url| url.origin().ascii_serialization())
        .filter(|origin| origin != "null")
        .unwrap_or_default();
    format!("{origin}/payments/test/{payment_id}")
}

impl BookEntry {
    fn to_payment(&self) -> ProviderPayment {
        let status = PaymentStatus::parse(&self.status).unwrap_or(PaymentStatus::Open);
        ProviderPayment {
            id: self.payment_id.clone(),
            status,
            checkout_url: (status == PaymentStatus::Open)
                .then(|| checkout_url(&self.redirect_url, &self.payment_id)),
        }
    }
}

async fn entry(db: &Database, payment_id: &str) -> Result<Option<BookEntry>, sqlx::Error> {
    store::entry(db.pool(), payment_id).await
}

impl PaymentProvider for TestProvider {
    fn name(&self) -> &'static str {
        "test"
    }

    fn create_payment<'a>(
        &'a self,
        request: &'a PaymentRequest,
    ) -> ProviderFuture<'a, ProviderPayment> {
        Box::pin(async move {
            let payment_id = format!("tp_{}", crate::platform::secrets::new_id());
            store::insert_open(
                self.db.pool(),
                store::NewEntry {
                    payment_id: &payment_id,
                    amount: request.amount.to_string(),
                    description: &request.description,
                    method: request.method.clone().unwrap_or_default(),
                    issuer: request.issuer.clone(),
                    redirect_url: &request.redirect_url,
                    webhook_url: &request.webhook_url,
                    created_at: crate::platform::clock::now_millis(),
                },
            )
            .await?;
            Ok(ProviderPayment {
                checkout_url: Some(checkout_url(&request.redirect_url, &payment_id)),
                id: payment_id,
                status: PaymentStatus::Open,
            })
        })
    }

    fn payment<'a>(&'a self, payment_id: &'a str) -> ProviderFuture<'a, ProviderPayment> {
        Box::pin(async move {
            let entry = entry(&self.db, payment_id).await?;
            entry
                .map(|entry| entry.to_payment())
                .ok_or_else(|| ProviderError::UnknownPayment(payment_id.to_owned()))
        })
    }

    fn create_refund<'a>(
        &'a self,
        request: &'a RefundRequest,
    ) -> ProviderFuture<'a, ProviderRefund> {
        Box::pin(async move {
            let entry = entry(&self.db, &request.payment_id)
                .await?
                .ok_or_else(|| ProviderError::UnknownPayment(request.payment_id.clone()))?;
            if entry.status != PaymentStatus::Paid.as_str() {
                return Err(ProviderError::Refused(format!(
                    "payment {} is {}",
                    entry.payment_id, entry.status
                )));
            }
            let paid: Money = entry.amount.parse().map_err(|_| {
                ProviderError::Unavailable(format!("test payment amount '{}'", entry.amount))
            })?;
            let refunded = store::refunded(self.db.pool(), &request.payment_id).await?;
            let left = paid.checked_sub(refunded).unwrap_or(Money::ZERO);
            if request.amount > left || request.amount <= Money::ZERO {
                return Err(ProviderError::Refused(format!(
                    "a refund of {} is more than the {left} left of payment {}",
                    request.amount, entry.payment_id
                )));
            }
            let refund_id = format!("re_{}", crate::platform::secrets::new_id());
            store::insert_refund(
                self.db.pool(),
                &refund_id,
                request,
                crate::platform::clock::now_millis(),
            )
            .await?;
            Ok(ProviderRefund {
                id: refund_id,
                status: RefundProgress::Refunded,
            })
        })
    }
}

/// The hosted page.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(hosted_page, choose_outcome))
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

async fn ideal_banks(db: &Database) -> Result<Vec<(String, String)>, sqlx::Error> {
    store::ideal_banks(db.pool()).await
}

/// The built-in test provider's hosted payment page (HTML).
#[utoipa::path(
    get,
    path = "/payments/test/{paymentId}",
    tag = "payments",
    operation_id = "test_provider_page",
    params(("paymentId" = String, Path, description = "The test provider's payment id")),
    responses(
        (status = 200, description = "The page: bank choice for iDEAL and the buttons #outcome-paid, #outcome-failed, #outcome-cancelled", body = String, content_type = "text/html"),
        (status = 404, description = "Unknown payment", body = String, content_type = "text/html"),
    )
)]
async fn hosted_page(
    State(state): State<AppState>,
    Path(payment_id): Path<String>,
) -> Result<Response, crate::platform::error::ApiError> {
    let Some(entry) = entry(&state.db, &payment_id).await? else {
        return Ok((
            StatusCode::NOT_FOUND,
            Html(page(
                "Payment not found",
                "<p>This payment does not exist.</p>",
            )),
        )
            .into_response());
    };
    if entry.status != "open" {
        let body = format!(
            "<p>This payment is already {}.</p><p><a href=\"{}\">Back to the shop</a></p>",
            escape(&entry.status),
            escape(&entry.redirect_url)
        );
        return Ok(Html(page("Test payment", &body)).into_response());
    }
    let bank_choice = if entry.method == "ideal" {
        let options: String = ideal_banks(&state.db)
            .await?
            .iter()
            .map(|(id, name)| {
                let selected = if entry.issuer.as_deref() == Some(id.as_str()) {
                    " selected"
                } else {
                    ""
                };
                format!(
                    "<option value=\"{}\"{selected}>{}</option>",
                    escape(id),
                    escape(name)
                )
            })
            .collect();
        format!(
            "<p><label for=\"issuer\">Bank</label> <select id=\"issuer\" name=\"issuer\">{options}</select></p>"
        )
    } else {
        String::new()
    };
    let body = format!(
        "<p class=\"amount\">&euro; {amount}</p><p>{description}</p><p>Method: {method}</p>\
         <form method=\"post\">{bank_choice}\
         <button id=\"outcome-paid\" name=\"outcome\" value=\"paid\">Paid</button> \
         <button id=\"outcome-failed\" name=\"outcome\" value=\"failed\">Failed</button> \
         <button id=\"outcome-cancelled\" name=\"outcome\" value=\"cancelled\">Cancelled</button></form>",
        amount = escape(&entry.amount),
        description = escape(&entry.description),
        method = escape(if entry.method.is_empty() {
            "any"
        } else {
            &entry.method
        }),
    );
    Ok(Html(page("Test payment", &body)).into_response())
}

fn page(title: &str, body: &str) -> String {
    format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title><style>body{{font-family:sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}}\
         button{{font-size:1rem;padding:.5rem 1rem;margin:.25rem}}.amount{{font-size:2rem}}</style></head>\
         <body><h1>{title}</h1><p role=\"note\" id=\"demo-notice\"><strong>Demo payment page.</strong> This shop runs the built-in \
         test payment provider (PAYMENT_PROVIDER=test): no money is moved, and whoever opens this page decides the outcome. \
         A real shop never runs like this.</p>{body}</body></html>"
    )
}

/// The hosted page's form.
#[derive(ToSchema)]
#[allow(dead_code)] // Documents the form; the body is read with `form_field`.
struct OutcomeForm {
    /// `paid`, `failed` or `cancelled`.
    outcome: String,
    /// The bank chosen for iDEAL.
    issuer: Option<String>,
}

/// Chooses the test payment's outcome, calls the shop's webhook and sends the browser back to
/// the shop.
#[utoipa::path(
    post,
    path = "/payments/test/{paymentId}",
    tag = "payments",
    operation_id = "test_provider_choose_outcome",
    params(("paymentId" = String, Path, description = "The test provider's payment id")),
    request_body(content = OutcomeForm, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 303, description = "The webhook was called; to the shop's return address",
            headers(("Location" = String, description = "The shop's return address"))),
        (status = 400, description = "No or an unknown outcome", body = ErrorBody),
        (status = 404, description = "Unknown payment", body = ErrorBody),
    )
)]
async fn choose_outcome(
    State(state): State<AppState>,
    Path(payment_id): Path<String>,
    body: Bytes,
) -> Result<Redirect, crate::platform::error::ApiError> {
    let entry = entry(&state.db, &payment_id)
        .await?
        .ok_or(crate::platform::error::ApiError::NotFound)?;
    let status = match super::form_field(&body, "outcome").as_deref() {
        Some("paid") => PaymentStatus::Paid,
        Some("failed") => PaymentStatus::Failed,
        Some("cancelled") => PaymentStatus::Cancelled,
        _ => {
            return Err(crate::platform::error::ApiError::field(
                "outcome",
                "validation.invalid",
                "outcome is paid, failed or cancelled",
            ));
        }
    };
    // Only an open payment gets an outcome; pressing a button twice changes nothing.
    store::set_outcome(
        state.db.pool(),
        &payment_id,
        status.as_str(),
        super::form_field(&body, "issuer"),
    )
    .await?;
    notify(&entry.webhook_url, &payment_id).await;
    Ok(Redirect::to(&entry.redirect_url))
}

/// Calls the shop's webhook as a provider does. A failure is only logged: the return address
/// looks at the payment too.
async fn notify(webhook_url: &str, payment_id: &str) {
    let result = reqwest::Client::new()
        .post(webhook_url)
        .form(&[("id", payment_id)])
        .timeout(std::time::Duration::from_secs(10))
        .send()
        .await;
    match result {
        Ok(response) if response.status().is_success() => {}
        Ok(response) => {
            tracing::warn!(status = %response.status(), "test provider: webhook refused")
        }
        Err(error) => tracing::warn!(%error, "test provider: webhook unreachable"),
    }
}

#[cfg(test)]
mod tests {
    use super::checkout_url;

    #[test]
    fn the_hosted_page_is_on_the_origin_of_the_return_address() {
        assert_eq!(
            checkout_url(
                "http://de.hoefslag.localhost:8080/api/payments/return/abc",
                "tp_1"
            ),
            "http://de.hoefslag.localhost:8080/payments/test/tp_1"
        );
        assert_eq!(checkout_url("not a url", "tp_1"), "/payments/test/tp_1");
    }
}
