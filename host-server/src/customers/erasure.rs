//! `POST /api/backoffice/customers/{accountId}/erasure`: a customer's personal data erased on
//! their request (customers.erase), once the engine agrees (`engine::erasure::may_erase`: no
//! order being paid or fulfilled, no open return).
//!
//! What goes: the account's name, e-mail address, phone and password (the row stays, without
//! them, so the kept orders still name their account), its company and delivery details,
//! sessions, carts, saved feed advice, subscriptions, reviews and review requests, roughage
//! results, return comments and photos; and under its e-mail address the newsletter
//! subscriptions, back-in-stock reminders and silo enquiries. The customer's orders (those of
//! the account and those placed as a guest with its address) keep what their invoices need by
//! law: the billing name, address and company; their e-mail address, phone number, delivery
//! address and tracking link go. Invoices themselves stay. The audit trail records who erased
//! which account, without any of the erased data.

use std::path::PathBuf;

use axum::Extension;
use axum::extract::State;
use axum::http::StatusCode;
use engine::erasure::{ErasureRefusal, may_erase};
use engine::order::OrderStatus;
use engine::returns::ReturnStatus;
use serde::Serialize;
use utoipa::ToSchema;

use super::store::erasure as store;
use crate::AppState;
use crate::audit::Event;
use crate::platform::access::{Authorized, permission};
use crate::platform::clock;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path};
use crate::platform::labels::from_label;

/// Where uploaded return photos are stored (`RETURN_PHOTOS_DIR`).
#[derive(Clone, Debug)]
pub struct PhotosDir(pub PathBuf);

/// What an erasure did.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ErasureReport {
    pub account_id: String,
    /// Milliseconds since the Unix epoch.
    pub erased_at: i64,
    /// The orders kept for their invoices, without e-mail address, phone and delivery address.
    pub orders_kept: u64,
    /// The rows removed or emptied (profile, sessions, carts, reviews, subscriptions, …).
    pub records_erased: u64,
    /// The return photos deleted.
    pub photos_deleted: u64,
}

/// Erases a customer's personal data on their request; invoices and what they need stay.
#[utoipa::path(
    post,
    path = "/api/backoffice/customers/{accountId}/erasure",
    tag = "backoffice",
    operation_id = "eraseCustomer",
    params(("accountId" = String, Path, description = "The customer's account")),
    security(("staffSession" = ["customers.erase"]), ("integrationKey" = ["customers.erase"])),
    responses(
        (status = 200, description = "The data is erased", body = ErasureReport),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`, or `errors.crossSiteRequest`", body = ErrorBody),
        (status = 404, description = "No such customer, or one of a site outside the caller's", body = ErrorBody),
        (status = 409, description = "`errors.erasureOrderInProgress`, `errors.erasureReturnOpen` or `errors.alreadyErased`", body = ErrorBody),
    )
)]
pub async fn erase_customer(
    State(state): State<AppState>,
    Extension(photos): Extension<PhotosDir>,
    caller: Authorized<permission::CustomersErase>,
    Path(account_id): Path<String>,
) -> Result<Json<ErasureReport>, ApiError> {
    let mut transaction = state.db.begin_change().await?;
    let account = store::account(&mut transaction, &account_id)
        .await?
        .filter(|row| {
            row.site_id
                .is_none_or(|site| caller.grant.covers_site(site))
        })
        .ok_or(ApiError::NotFound)?;
    let email = account.email_address;
    let orders = store::order_statuses(&mut transaction, &account_id, &email).await?;
    let returns = store::return_statuses(&mut transaction, &account_id).await?;
    may_erase(
        account.erased_at.is_some(),
        &statuses::<OrderStatus>("order status", &orders)?,
        &statuses::<ReturnStatus>("return status", &returns)?,
    )
    .map_err(refusal)?;

    let erased_email = format!("erased-{account_id}@erased.invalid");
    let billings = store::order_billings(&mut transaction, &account_id, &email).await?;
    for (order_id, billing_json) in &billings {
        let kept = invoice_billing(billing_json)?;
        store::erase_order(&mut transaction, *order_id, &erased_email, &kept).await?;
    }
    let photo_paths = store::return_photos(&mut transaction, &account_id).await?;
    let carts = store::cart_ids(&mut transaction, &account_id).await?;
    let records = store::erase_account_data(&mut transaction, &account_id).await?
        + store::erase_by_email(&mut transaction, &email).await?;
    let erased_at = clock::now();
    store::erase_account(
        &mut transaction,
        &account_id,
        &erased_email,
        crate::platform::passwords::DUMMY_HASH,
        erased_at,
    )
    .await?;
    let orders_kept = u64::try_from(billings.len()).unwrap_or(u64::MAX);
    let event = Event::new("customer.erased", "account", &account_id)
        .field("ordersKept", None::<u64>, Some(orders_kept))
        .field("recordsErased", None::<u64>, Some(records));
    crate::audit::record(&mut transaction, &caller, event).await?;
    transaction.commit().await?;

    for cart_id in &carts {
        state.carts.forget(cart_id);
    }
    Ok(Json(ErasureReport {
        account_id,
        erased_at: erased_at.saturating_mul(1_000),
        orders_kept,
        records_erased: records,
        photos_deleted: delete_photos(&photos.0, &photo_paths).await,
    }))
}

fn statuses<T: serde::de::DeserializeOwned>(
    what: &str,
    labels: &[String],
) -> Result<Vec<T>, ApiError> {
    labels.iter().map(|label| from_label(what, label)).collect()
}

/// The stored billing without the phone number and e-mail address: the name, address and
/// company an invoice shows stay. The stored document is read as a JSON object, whatever
/// fields an older release wrote, so nothing the invoice needs is lost on the way; one that is
/// no object stops the erasure rather than being erased unread.
fn invoice_billing(billing_json: &str) -> Result<String, ApiError> {
    let mut billing: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(billing_json).map_err(|error| {
            ApiError::Internal(format!(
                "an order's stored billing is no JSON object: {error}"
            ))
        })?;
    billing.remove("phoneNumber");
    billing.remove("emailAddress");
    serde_json::to_string(&billing).map_err(|error| ApiError::Internal(error.to_string()))
}

/// Deletes the uploaded photos (the demo's photos in the fixtures folder are not the
/// customer's files); a photo already gone counts as deleted. Returns how many went.
async fn delete_photos(dir: &std::path::Path, paths: &[String]) -> u64 {
    let mut deleted = 0;
    for path in paths.iter().filter(|path| !path.starts_with("fixtures:")) {
        match tokio::fs::remove_file(dir.join(path)).await {
            Ok(()) => deleted += 1,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => deleted += 1,
            Err(error) => tracing::warn!(%error, "an erased customer's return photo stayed"),
        }
    }
    deleted
}

fn refusal(refusal: ErasureRefusal) -> ApiError {
    let (code, message) = match refusal {
        ErasureRefusal::AlreadyErased => (
            "errors.alreadyErased",
            "This customer's data was erased before",
        ),
        ErasureRefusal::OrderInProgress => (
            "errors.erasureOrderInProgress",
            "An order of this customer is still being paid or fulfilled",
        ),
        ErasureRefusal::ReturnOpen => (
            "errors.erasureReturnOpen",
            "A return of this customer is still being handled",
        ),
    };
    ApiError::refused(StatusCode::CONFLICT, code, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_invoice_billing_keeps_name_and_address_and_drops_phone_and_email() {
        let kept = invoice_billing(
            r#"{"firstName":"Anna","lastName":"Jansen","phoneNumber":"0612345678",
                "emailAddress":"anna@example.nl","address":{"city":"Utrecht"}}"#,
        )
        .unwrap();
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&kept).unwrap(),
            serde_json::json!({"firstName": "Anna", "lastName": "Jansen", "address": {"city": "Utrecht"}})
        );
    }
}
