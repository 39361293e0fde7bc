//! What the order handlers write besides the order's status: the viewer token, the account a
//! new customer gets, the track and trace code, the payment claims and their provider
//! payments; and what they read: the payment method's key, the newsletter choice, the survey
//! answer and the checkout pages of the site.

use sqlx::AnyPool;

/// Stores the hash of the viewer token of the browser that placed the order.
pub async fn set_viewer_token_hash(
    pool: &AnyPool,
    public_id: &str,
    token_hash: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE orders SET viewer_token_hash = $1 WHERE public_id = $2")
        .bind(token_hash)
        .bind(public_id)
        .execute(pool)
        .await?;
    Ok(())
}

/// The hash of the order's viewer token: `None` when there is no such order, `Some(None)` when
/// it has none.
pub async fn viewer_token_hash(
    pool: &AnyPool,
    order_id: i64,
) -> Result<Option<Option<String>>, sqlx::Error> {
    let viewer_hash: Option<(Option<String>,)> =
        sqlx::query_as("SELECT viewer_token_hash FROM orders WHERE order_id = $1")
            .bind(order_id)
            .fetch_optional(pool)
            .await?;
    Ok(viewer_hash.map(|(hash,)| hash))
}

/// Removes the order's claim to create a payment if it was made before `created_before`
/// (milliseconds); returns whether one was removed.
pub async fn remove_claim_made_before(
    pool: &AnyPool,
    order_id: i64,
    created_before: i64,
) -> Result<bool, sqlx::Error> {
    let removed = sqlx::query(
        "DELETE FROM payments WHERE order_id = $1 AND status = 'creating' AND created_at < $2",
    )
    .bind(order_id)
    .bind(created_before)
    .execute(pool)
    .await?;
    Ok(removed.rows_affected() > 0)
}

/// A claim to create the order's one open payment.
pub struct PaymentClaim<'a> {
    pub claim: &'a str,
    pub order_id: i64,
    pub provider: &'a str,
    pub payment_method_id: Option<i64>,
    pub issuer: Option<String>,
    pub amount: String,
    pub now_millis: i64,
}

/// Writes a claim; a second claim of the same order is refused by the database as a unique
/// violation.
pub async fn insert_claim(pool: &AnyPool, claim: PaymentClaim<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO payments (payment_id, order_id, provider, payment_method_id, issuer, amount, status, checkout_url,          created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, 'creating', '', $7, $7)",
    )
    .bind(claim.claim)
    .bind(claim.order_id)
    .bind(claim.provider)
    .bind(claim.payment_method_id)
    .bind(claim.issuer)
    .bind(claim.amount)
    .bind(claim.now_millis)
    .execute(pool)
    .await?;
    Ok(())
}

/// Removes a payment (a claim whose provider payment could not be made).
pub async fn remove_payment(pool: &AnyPool, payment_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM payments WHERE payment_id = $1")
        .bind(payment_id)
        .execute(pool)
        .await?;
    Ok(())
}

/// Turns a claim into the provider's payment: its id, status and checkout address.
pub async fn claim_to_payment(
    pool: &AnyPool,
    claim: &str,
    payment_id: &str,
    status: &str,
    checkout_url: String,
    now_millis: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE payments SET payment_id = $1, status = $2, checkout_url = $3, updated_at = $4 WHERE payment_id = $5")
        .bind(payment_id)
        .bind(status)
        .bind(checkout_url)
        .bind(now_millis)
        .bind(claim)
        .execute(pool)
        .await?;
    Ok(())
}

/// The key of a payment method, if it exists.
pub async fn payment_method_key(
    pool: &AnyPool,
    payment_method_id: i64,
) -> Result<Option<String>, sqlx::Error> {
    Ok(sqlx::query_as::<_, (String,)>(
        "SELECT method_key FROM payment_methods WHERE payment_method_id = $1",
    )
    .bind(payment_method_id)
    .fetch_optional(pool)
    .await?
    .map(|(key,)| key))
}

/// Whether the order asked for the newsletter (`1`), if the order exists.
pub async fn newsletter_subscribe(
    pool: &AnyPool,
    order_id: i64,
) -> Result<Option<i64>, sqlx::Error> {
    let asked: Option<(i64,)> =
        sqlx::query_as("SELECT newsletter_subscribe FROM orders WHERE order_id = $1")
            .bind(order_id)
            .fetch_optional(pool)
            .await?;
    Ok(asked.map(|(asked,)| asked))
}

/// Gives the order to an account.
pub async fn set_account(
    pool: &AnyPool,
    order_id: i64,
    account_id: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE orders SET account_id = $1 WHERE order_id = $2")
        .bind(account_id)
        .bind(order_id)
        .execute(pool)
        .await?;
    Ok(())
}

/// Whether the order's survey was answered.
pub async fn survey_answered(pool: &AnyPool, order_id: i64) -> Result<bool, sqlx::Error> {
    let answered: Option<(i64,)> =
        sqlx::query_as("SELECT order_id FROM survey_answers WHERE order_id = $1")
            .bind(order_id)
            .fetch_optional(pool)
            .await?;
    Ok(answered.is_some())
}

/// Sets the order's track and trace code.
pub async fn set_track_and_trace(
    connection: &mut sqlx::AnyConnection,
    order_id: i64,
    code: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE orders SET track_and_trace = $1 WHERE order_id = $2")
        .bind(code)
        .bind(order_id)
        .execute(connection)
        .await?;
    Ok(())
}

/// Which checkout page of a site: the column of `sites` that names it.
#[derive(Clone, Copy, Debug)]
pub enum CheckoutPage {
    Success,
    SuccessScansOnly,
    Failed,
}

impl CheckoutPage {
    fn column(self) -> &'static str {
        match self {
            CheckoutPage::SuccessScansOnly => "checkout_success_rqs_page_id",
            CheckoutPage::Success => "checkout_success_page_id",
            CheckoutPage::Failed => "checkout_failed_page_id",
        }
    }
}

/// The content page a site shows as this checkout page, if it has one.
pub async fn checkout_page_of_site(
    pool: &AnyPool,
    site_id: i64,
    page: CheckoutPage,
) -> Result<Option<i64>, sqlx::Error> {
    let column = page.column();
    let (page_id,): (Option<i64>,) =
        sqlx::query_as(&format!("SELECT {column} FROM sites WHERE site_id = $1"))
            .bind(site_id)
            .fetch_one(pool)
            .await?;
    Ok(page_id)
}
