//! The SQL of erasing a customer's personal data, across the tables that hold it. Every
//! function runs in the caller's transaction, so the erasure is whole or not at all.

use sqlx::AnyConnection;

/// The account as erasure needs it.
#[derive(sqlx::FromRow)]
pub struct ErasedAccountRow {
    pub email_address: String,
    pub site_id: Option<i64>,
    pub erased_at: Option<i64>,
}

/// The account, if it exists.
pub async fn account(
    connection: &mut AnyConnection,
    account_id: &str,
) -> Result<Option<ErasedAccountRow>, sqlx::Error> {
    sqlx::query_as("SELECT email_address, site_id, erased_at FROM accounts WHERE account_id = $1")
        .bind(account_id)
        .fetch_optional(connection)
        .await
}

/// The orders of the account, and those placed as a guest with its e-mail address.
const CUSTOMERS_ORDERS: &str = "account_id = $1 OR LOWER(email_address) = LOWER($2)";

/// The statuses of the customer's orders, as stored.
pub async fn order_statuses(
    connection: &mut AnyConnection,
    account_id: &str,
    email_address: &str,
) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(&format!(
        "SELECT status FROM orders WHERE {CUSTOMERS_ORDERS}"
    ))
    .bind(account_id)
    .bind(email_address)
    .fetch_all(connection)
    .await
}

/// The statuses of the account's returns, as stored.
pub async fn return_statuses(
    connection: &mut AnyConnection,
    account_id: &str,
) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT status FROM returns WHERE account_id = $1")
        .bind(account_id)
        .fetch_all(connection)
        .await
}

/// The ids and stored billing of the customer's orders.
pub async fn order_billings(
    connection: &mut AnyConnection,
    account_id: &str,
    email_address: &str,
) -> Result<Vec<(i64, String)>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT order_id, billing_json FROM orders WHERE {CUSTOMERS_ORDERS}"
    ))
    .bind(account_id)
    .bind(email_address)
    .fetch_all(connection)
    .await
}

/// Keeps of an order what its invoice needs: `billing_json` without phone and e-mail; the
/// delivery address, the order's e-mail address and its tracking link go.
pub async fn erase_order(
    connection: &mut AnyConnection,
    order_id: i64,
    erased_email: &str,
    billing_json: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE orders SET email_address = $1, billing_json = $2, shipping_json = NULL, \
         alternative_shipping_address = 0, viewer_token_hash = NULL WHERE order_id = $3",
    )
    .bind(erased_email)
    .bind(billing_json)
    .bind(order_id)
    .execute(&mut *connection)
    .await?;
    sqlx::query("UPDATE order_mails SET recipient = $1 WHERE order_id = $2")
        .bind(erased_email)
        .bind(order_id)
        .execute(connection)
        .await?;
    Ok(())
}

/// The stored photo paths of the account's returns.
pub async fn return_photos(
    connection: &mut AnyConnection,
    account_id: &str,
) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT photo_path FROM returns WHERE account_id = $1 AND photo_path IS NOT NULL",
    )
    .bind(account_id)
    .fetch_all(connection)
    .await
}

/// The ids of the account's carts.
pub async fn cart_ids(
    connection: &mut AnyConnection,
    account_id: &str,
) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT cart_id FROM carts WHERE account_id = $1")
        .bind(account_id)
        .fetch_all(connection)
        .await
}

/// What goes with the account: its profile, tokens, sessions, carts, saved advice,
/// subscriptions, reviews and review requests, and roughage results; its returns keep their
/// order, product and status, without comment or photo. Returns how many rows went.
pub async fn erase_account_data(
    connection: &mut AnyConnection,
    account_id: &str,
) -> Result<u64, sqlx::Error> {
    let mut removed = 0;
    for statement in [
        "DELETE FROM account_profiles WHERE account_id = $1",
        "DELETE FROM account_tokens WHERE account_id = $1",
        "DELETE FROM sessions WHERE account_id = $1",
        "DELETE FROM carts WHERE account_id = $1",
        "DELETE FROM saved_feed_advice WHERE account_id = $1",
        "DELETE FROM subscriptions WHERE account_id = $1",
        "DELETE FROM reviews WHERE account_id = $1",
        "DELETE FROM review_requests WHERE account_id = $1",
        "DELETE FROM roughage_results WHERE account_id = $1",
        "UPDATE returns SET comment = NULL, photo_path = NULL, photo_content_type = NULL \
         WHERE account_id = $1",
    ] {
        removed += sqlx::query(statement)
            .bind(account_id)
            .execute(&mut *connection)
            .await?
            .rows_affected();
    }
    Ok(removed)
}

/// What is kept under the customer's e-mail address without an account: newsletter
/// subscriptions, back-in-stock reminders and silo enquiries. Returns how many rows went.
pub async fn erase_by_email(
    connection: &mut AnyConnection,
    email_address: &str,
) -> Result<u64, sqlx::Error> {
    let mut removed = 0;
    for statement in [
        "DELETE FROM newsletter_subscriptions WHERE LOWER(email_address) = LOWER($1)",
        "DELETE FROM stock_reminders WHERE LOWER(email_address) = LOWER($1)",
        "DELETE FROM silo_interests WHERE LOWER(email_address) = LOWER($1)",
    ] {
        removed += sqlx::query(statement)
            .bind(email_address)
            .execute(&mut *connection)
            .await?
            .rows_affected();
    }
    Ok(removed)
}

/// The account without personal data: an address that receives nothing, a hash no password
/// matches, no names, no newsletter, not activated, and the moment of erasure.
pub async fn erase_account(
    connection: &mut AnyConnection,
    account_id: &str,
    erased_email: &str,
    unusable_hash: &str,
    erased_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE accounts SET email_address = $1, password_hash = $2, first_name = '', \
         last_name = '', phone_number = '', newsletter = 0, activated_at = NULL, \
         erased_at = $3 WHERE account_id = $4",
    )
    .bind(erased_email)
    .bind(unusable_hash)
    .bind(erased_at)
    .bind(account_id)
    .execute(connection)
    .await?;
    Ok(())
}
