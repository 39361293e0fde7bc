//! The Mollie adapter, written against Mollie's documented Payments API (v2):
//!
//! - `POST {api}/payments` with `Authorization: Bearer {key}` and a JSON body
//!   `{amount: {currency, value}, description, redirectUrl, webhookUrl, method?, issuer?,
//!   locale?, metadata}` answers 201 with the payment: `{id: "tr_...", status, _links:
//!   {checkout: {href}}}`.
//! - `GET {api}/payments/{id}` answers the payment with its current `status`: `open`,
//!   `pending`, `authorized`, `paid`, `canceled`, `expired` or `failed`.
//! - Mollie calls the webhook with the form field `id` and nothing else; the status is always
//!   fetched from the API, which is how a webhook call is verified.
//! - `POST {api}/payments/{id}/refunds` with `{amount: {currency, value}, description}` answers
//!   201 with the refund: `{resource: "refund", id: "re_...", status, paymentId}`; its status is
//!   `queued`, `pending`, `processing`, `refunded`, `failed` or `canceled`. A refund of more
//!   than is left of the payment, or of a method that cannot be refunded, answers 422.

use serde::{Deserialize, Serialize};

use super::{
    PaymentProvider, PaymentRequest, PaymentStatus, ProviderError, ProviderFuture, ProviderPayment,
    ProviderRefund, RefundProgress, RefundRequest,
};

/// A Mollie account, by API key.
pub struct Mollie {
    api_url: String,
    api_key: String,
    client: reqwest::Client,
}

impl Mollie {
    /// The adapter for the API at `api_url` (normally `https://api.mollie.com/v2`).
    pub fn new(api_url: &str, api_key: &str) -> Mollie {
        let client = reqwest::Client::builder()
            .timeout(std::time::Duration::from_secs(15))
            .build()
            .unwrap_or_else(|_| reqwest::Client::new());
        Mollie {
            api_url: api_url.trim_end_matches('/').to_owned(),
            api_key: api_key.to_owned(),
            client,
        }
    }

    async fn read(
        &self,
        response: reqwest::Response,
        payment_id: Option<&str>,
    ) -> Result<ProviderPayment, ProviderError> {
        let status = response.status();
        if status == reqwest::StatusCode::NOT_FOUND {
            if let Some(id) = payment_id {
                return Err(ProviderError::UnknownPayment(id.to_owned()));
            }
        }
        if !status.is_success() {
            let detail = response.text().await.unwrap_or_default();
            return Err(ProviderError::Unavailable(format!(
                "Mollie answered {status}: {detail}"
            )));
        }
        let payment: MolliePayment = response.json().await.map_err(|error| {
            ProviderError::Unavailable(format!("unreadable Mollie answer: {error}"))
        })?;
        Ok(payment.into_provider_payment())
    }
}

/// Mollie's ids are short ASCII; anything else is not one of theirs.
fn is_mollie_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 64 && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

#[derive(Deserialize)]
struct MollieRefund {
    id: String,
    status: String,
}

impl MollieRefund {
    fn into_provider_refund(self) -> Result<ProviderRefund, ProviderError> {
        let status = match self.status.as_str() {
            "refunded" => RefundProgress::Refunded,
            "queued" | "pending" | "processing" => RefundProgress::Pending,
            other => {
                return Err(ProviderError::Refused(format!(
                    "Mollie's refund {} is {other}",
                    self.id
                )));
            }
        };
        Ok(ProviderRefund {
            id: self.id,
            status,
        })
    }
}

/// The body of `POST /payments/{id}/refunds`.
#[derive(Serialize)]
struct CreateRefund<'a> {
    amount: MollieAmount,
    description: &'a str,
}

#[derive(Deserialize)]
struct MolliePayment {
    id: String,
    status: String,
    #[serde(default, rename = "_links")]
    links: Option<MollieLinks>,
}

/// The payment's links; only the hosted checkout page matters here.
#[derive(Deserialize)]
struct MollieLinks {
    #[serde(default)]
    checkout: Option<MollieLink>,
}

#[derive(Deserialize)]
struct MollieLink {
    href: String,
}

impl MolliePayment {
    fn into_provider_payment(self) -> ProviderPayment {
        ProviderPayment {
            status: status_of(&self.status),
            checkout_url: self
                .links
                .and_then(|links| links.checkout)
                .map(|link| link.href),
            id: self.id,
        }
    }
}

/// Mollie's statuses on ours. Pending and authorized payments are still under way.
fn status_of(status: &str) -> PaymentStatus {
    match status {
        "paid" => PaymentStatus::Paid,
        "failed" => PaymentStatus::Failed,
        "canceled" => PaymentStatus::Cancelled,
        "expired" => PaymentStatus::Expired,
        _ => PaymentStatus::Open,
    }
}

/// Mollie's method names for ours.
fn method_of(method: &str) -> Option<&'static str> {
    match method {
        "ideal" => Some("ideal"),
        "bancontact" => Some("bancontact"),
        "card" => Some("creditcard"),
        "paypal" => Some("paypal"),
        "banktransfer" => Some("banktransfer"),
        "mobilepay" => Some("mobilepay"),
        "swish" => Some("swish"),
        "blik" => Some("blik"),
        "przelewy24" => Some("przelewy24"),
        "eps" => Some("eps"),
        _ => None,
    }
}

/// Mollie's locales are language_COUNTRY; cultures without a country get a usual one.
fn locale_of(culture: &str) -> &'static str {
    match culture {
        "nl-BE" => "nl_BE",
        "fr-BE" => "fr_BE",
        "fr-FR" | "fr" => "fr_FR",
        "de-AT" => "de_AT",
        "de" => "de_DE",
        "da" => "da_DK",
        "sv" => "sv_SE",
        "pl" => "pl_PL",
        "es" => "es_ES",
        "it" => "it_IT",
        "pt" => "pt_PT",
        "en" => "en_GB",
        _ => "nl_NL",
    }
}

/// The body of `POST /payments`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CreatePayment<'a> {
    amount: MollieAmount,
    description: &'a str,
    redirect_url: &'a str,
    webhook_url: &'a str,
    locale: &'static str,
    metadata: MollieMetadata<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    method: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    issuer: Option<&'a str>,
}

#[derive(Serialize)]
struct MollieAmount {
    currency: &'static str,
    value: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct MollieMetadata<'a> {
    order_id: &'a str,
}

fn body(request: &PaymentRequest) -> CreatePayment<'_> {
    CreatePayment {
        amount: MollieAmount {
            currency: "EUR",
            value: request.amount.to_string(),
        },
        description: &request.description,
        redirect_url: &request.redirect_url,
        webhook_url: &request.webhook_url,
        locale: locale_of(&request.locale),
        metadata: MollieMetadata {
            order_id: &request.order_reference,
        },
        method: request.method.as_deref().and_then(method_of),
        issuer: request.issuer.as_deref(),
    }
}

impl PaymentProvider for Mollie {
    fn name(&self) -> &'static str {
        "mollie"
    }

    fn create_payment<'a>(
        &'a self,
        request: &'a PaymentRequest,
    ) -> ProviderFuture<'a, ProviderPayment> {
        Box::pin(async move {
            let response = self
                .client
                .post(format!("{}/payments", self.api_url))
                .bearer_auth(&self.api_key)
                .json(&body(request))
                .send()
                .await
                .map_err(|error| ProviderError::Unavailable(error.to_string()))?;
            self.read(response, None).await
        })
    }

    fn payment<'a>(&'a self, payment_id: &'a str) -> ProviderFuture<'a, ProviderPayment> {
        Box::pin(async move {
            if !is_mollie_id(payment_id) {
                return Err(ProviderError::UnknownPayment(payment_id.to_owned()));
            }
            let response = self
                .client
                .get(format!("{}/payments/{payment_id}", self.api_url))
                .bearer_auth(&self.api_key)
                .send()
                .await
                .map_err(|error| ProviderError::Unavailable(error.to_string()))?;
            self.read(response, Some(payment_id)).await
        })
    }

    fn create_refund<'a>(
        &'a self,
        request: &'a RefundRequest,
    ) -> ProviderFuture<'a, ProviderRefund> {
        Box::pin(async move {
            if !is_mollie_id(&request.payment_id) {
                return Err(ProviderError::UnknownPayment(request.payment_id.clone()));
            }
            let response = self
                .client
                .post(format!(
                    "{}/payments/{}/refunds",
                    self.api_url, request.payment_id
                ))
                .bearer_auth(&self.api_key)
                .json(&refund_body(request))
                .send()
                .await
                .map_err(|error| ProviderError::Unavailable(error.to_string()))?;
            let status = response.status();
            if status == reqwest::StatusCode::NOT_FOUND {
                return Err(ProviderError::UnknownPayment(request.payment_id.clone()));
            }
            if status.is_client_error() {
                let detail = response.text().await.unwrap_or_default();
                return Err(ProviderError::Refused(format!(
                    "Mollie answered {status}: {detail}"
                )));
            }
            if !status.is_success() {
                return Err(ProviderError::Unavailable(format!(
                    "Mollie answered {status}"
                )));
            }
            let refund: MollieRefund = response.json().await.map_err(|error| {
                ProviderError::Unavailable(format!("unreadable Mollie answer: {error}"))
            })?;
            refund.into_provider_refund()
        })
    }
}

fn refund_body(request: &RefundRequest) -> CreateRefund<'_> {
    CreateRefund {
        amount: MollieAmount {
            currency: "EUR",
            value: request.amount.to_string(),
        },
        description: &request.description,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_map_with_pending_and_authorized_still_open() {
        assert_eq!(status_of("paid"), PaymentStatus::Paid);
        assert_eq!(status_of("canceled"), PaymentStatus::Cancelled);
        assert_eq!(status_of("expired"), PaymentStatus::Expired);
        assert_eq!(status_of("failed"), PaymentStatus::Failed);
        assert_eq!(status_of("pending"), PaymentStatus::Open);
        assert_eq!(status_of("authorized"), PaymentStatus::Open);
    }

    #[test]
    fn a_refund_body_and_its_statuses_follow_the_documented_shape() {
        let request = RefundRequest {
            payment_id: "tr_WDqYK6vllg".to_owned(),
            amount: "12.95".parse().unwrap(),
            description: "HS-2026-001001 C2026-01001".to_owned(),
        };
        assert_eq!(
            serde_json::to_value(refund_body(&request)).unwrap(),
            serde_json::json!({
                "amount": {"currency": "EUR", "value": "12.95"},
                "description": "HS-2026-001001 C2026-01001"
            })
        );
        let refund = |status: &str| {
            MollieRefund {
                id: "re_4qqhO89gsT".to_owned(),
                status: status.to_owned(),
            }
            .into_provider_refund()
            .map(|refund| refund.status)
        };
        assert_eq!(refund("queued").unwrap(), RefundProgress::Pending);
        assert_eq!(refund("processing").unwrap(), RefundProgress::Pending);
        assert_eq!(refund("refunded").unwrap(), RefundProgress::Refunded);
        assert!(matches!(refund("failed"), Err(ProviderError::Refused(_))));
    }

    #[test]
    fn the_request_body_follows_the_documented_shape() {
        let request = PaymentRequest {
            amount: "12.50".parse().unwrap(),
            description: "Bestelling HS-2026-001001".to_owned(),
            method: Some("card".to_owned()),
            issuer: None,
            redirect_url: "https://hoefslag.nl/api/payments/return/abc".to_owned(),
            webhook_url: "https://hoefslag.nl/api/payments/webhook".to_owned(),
            locale: "nl-BE".to_owned(),
            order_reference: "abc".to_owned(),
        };
        assert_eq!(
            serde_json::to_value(body(&request)).unwrap(),
            serde_json::json!({
                "amount": {"currency": "EUR", "value": "12.50"},
                "description": "Bestelling HS-2026-001001",
                "redirectUrl": "https://hoefslag.nl/api/payments/return/abc",
                "webhookUrl": "https://hoefslag.nl/api/payments/webhook",
                "locale": "nl_BE",
                "metadata": {"orderId": "abc"},
                "method": "creditcard"
            })
        );
    }
}
