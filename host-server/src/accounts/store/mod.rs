//! The account tables: accounts, their single-use tokens, and sign-in failures; the account's
//! returns, subscriptions, saved feed advice and profile are in the submodules.
//!
//! Functions that write take a connection, so a handler runs all its writes in one
//! transaction (`pool.begin()`), on SQLite and PostgreSQL alike.

use sqlx::{AnyConnection, AnyPool};

use crate::platform::db::Flag;

pub mod feed_advice;
pub mod profile;
pub mod returns;
pub mod subscriptions;
use crate::{platform::clock, platform::secrets};

/// An account row.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct AccountRow {
    pub account_id: String,
    pub email_address: String,
    pub password_hash: String,
    pub first_name: String,
    pub last_name: String,
    pub phone_number: String,
    pub language_id: Option<i64>,
    pub site_id: Option<i64>,
    pub newsletter: Flag,
    pub activated_at: Option<i64>,
}

const ACCOUNT_COLUMNS: &str = "account_id, email_address, password_hash, first_name, last_name, phone_number, \
     language_id, site_id, newsletter, activated_at";

/// What a token is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenPurpose {
    Activation,
    PasswordReset,
    EmailChange,
}

impl TokenPurpose {
    fn as_str(self) -> &'static str {
        match self {
            TokenPurpose::Activation => "activation",
            TokenPurpose::PasswordReset => "password_reset",
            TokenPurpose::EmailChange => "email_change",
        }
    }
}

/// The new account's fields.
pub struct NewAccount<'a> {
    pub email_address: &'a str,
    pub password_hash: &'a str,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub phone_number: &'a str,
    pub language_id: Option<i64>,
    pub site_id: Option<i64>,
    pub newsletter: bool,
    /// A business customer's company name and VAT number, kept in the account's profile.
    pub company: Option<NewCompany<'a>>,
}

/// The company of a business customer who registers.
pub struct NewCompany<'a> {
    pub company_name: &'a str,
    pub vat_number: Option<&'a str>,
}

pub use crate::platform::email_address::normalize_email;

pub async fn by_id(pool: &AnyPool, account_id: &str) -> Result<Option<AccountRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE account_id = $1"
    ))
    .bind(account_id)
    .fetch_optional(pool)
    .await
}

pub async fn by_email(pool: &AnyPool, email: &str) -> Result<Option<AccountRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE email_address = $1"
    ))
    .bind(normalize_email(email))
    .fetch_optional(pool)
    .await
}

/// Inserts an account, or renews one that registered with this address but was never
/// activated (its password, names and tokens are replaced, so only the newest activation mail
/// works). `None` when an activated account has the address.
pub async fn insert_or_renew_unactivated(
    connection: &mut AnyConnection,
    account: &NewAccount<'_>,
) -> Result<Option<String>, sqlx::Error> {
    let stored: Option<(String,)> = sqlx::query_as(
        "INSERT INTO accounts (account_id, email_address, password_hash, first_name, last_name, phone_number, \
         language_id, site_id, newsletter, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
         ON CONFLICT (email_address) DO UPDATE SET password_hash = excluded.password_hash, \
         first_name = excluded.first_name, last_name = excluded.last_name, phone_number = excluded.phone_number, \
         language_id = excluded.language_id, site_id = excluded.site_id, newsletter = excluded.newsletter, \
         created_at = excluded.created_at WHERE accounts.activated_at IS NULL RETURNING account_id",
    )
    .bind(secrets::new_id())
    .bind(normalize_email(account.email_address))
    .bind(account.password_hash)
    .bind(account.first_name.trim())
    .bind(account.last_name.trim())
    .bind(account.phone_number.trim())
    .bind(account.language_id)
    .bind(account.site_id)
    .bind(i64::from(account.newsletter))
    .bind(clock::now())
    .fetch_optional(&mut *connection)
    .await?;
    let Some((account_id,)) = stored else {
        return Ok(None);
    };
    // A renewed account's earlier links stop working; a new account has none.
    sqlx::query("DELETE FROM account_tokens WHERE account_id = $1")
        .bind(&account_id)
        .execute(&mut *connection)
        .await?;
    if let Some(company) = &account.company {
        sqlx::query(
            "INSERT INTO account_profiles (account_id, company_name, vat_number, updated_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (account_id) DO UPDATE SET company_name = excluded.company_name, \
             vat_number = excluded.vat_number, updated_at = excluded.updated_at",
        )
        .bind(&account_id)
        .bind(company.company_name.trim())
        .bind(company.vat_number.map(str::trim))
        .bind(clock::now())
        .execute(&mut *connection)
        .await?;
    }
    Ok(Some(account_id))
}

pub async fn activate(connection: &mut AnyConnection, account_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE accounts SET activated_at = $1 WHERE account_id = $2 AND activated_at IS NULL",
    )
    .bind(clock::now())
    .bind(account_id)
    .execute(connection)
    .await
    .map(|_| ())
}

pub async fn set_password_hash(
    connection: &mut AnyConnection,
    account_id: &str,
    password_hash: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE accounts SET password_hash = $1 WHERE account_id = $2")
        .bind(password_hash)
        .bind(account_id)
        .execute(connection)
        .await
        .map(|_| ())
}

/// Changes the e-mail address, in one statement; false when another account has it.
pub async fn set_email(
    connection: &mut AnyConnection,
    account_id: &str,
    email: &str,
) -> Result<bool, sqlx::Error> {
    let changed = sqlx::query(
        "UPDATE accounts SET email_address = $1 WHERE account_id = $2 \
         AND NOT EXISTS (SELECT 1 FROM accounts other WHERE other.email_address = $1 AND other.account_id <> $2)",
    )
    .bind(normalize_email(email))
    .bind(account_id)
    .execute(connection)
    .await?;
    Ok(changed.rows_affected() == 1)
}

/// Ends every session of an account but `keep` (the same rule as
/// `session::end_all_of_account`, on the caller's transaction, so a new password or address
/// and the end of the sessions that knew the old one are one change).
pub async fn end_sessions(
    connection: &mut AnyConnection,
    account_id: &str,
    keep: Option<&str>,
) -> Result<(), sqlx::Error> {
    let keep_hash = keep.map(secrets::hash_token).unwrap_or_default();
    crate::platform::session::store::remove_others_of_account(connection, account_id, &keep_hash)
        .await
}

/// The personal data a customer may change.
pub struct PersonalData<'a> {
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub phone_number: &'a str,
    pub language_id: Option<i64>,
    pub newsletter: bool,
}

pub async fn update_personal_data(
    pool: &AnyPool,
    account_id: &str,
    data: &PersonalData<'_>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE accounts SET first_name = $1, last_name = $2, phone_number = $3, language_id = $4, newsletter = $5 \
         WHERE account_id = $6",
    )
    .bind(data.first_name.trim())
    .bind(data.last_name.trim())
    .bind(data.phone_number.trim())
    .bind(data.language_id)
    .bind(i64::from(data.newsletter))
    .bind(account_id)
    .execute(pool)
    .await
    .map(|_| ())
}

/// Issues a new token, ending the unused ones of the same purpose, and returns it.
pub async fn issue_token(
    connection: &mut AnyConnection,
    account_id: &str,
    purpose: TokenPurpose,
    lifetime_seconds: i64,
    new_email: Option<&str>,
) -> Result<String, sqlx::Error> {
    let now = clock::now();
    sqlx::query("UPDATE account_tokens SET used_at = $1 WHERE account_id = $2 AND purpose = $3 AND used_at IS NULL")
        .bind(now)
        .bind(account_id)
        .bind(purpose.as_str())
        .execute(&mut *connection)
        .await?;
    let token = secrets::new_token();
    sqlx::query(
        "INSERT INTO account_tokens (token_hash, account_id, purpose, new_email_address, created_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(secrets::hash_token(&token))
    .bind(account_id)
    .bind(purpose.as_str())
    .bind(new_email.map(normalize_email))
    .bind(now)
    .bind(now + lifetime_seconds)
    .execute(connection)
    .await?;
    Ok(token)
}

/// Uses a token once: `Some(new e-mail address or None)` when it was valid, unused and not
/// expired for this account and purpose; `None` otherwise. Concurrent uses: only one wins.
pub async fn consume_token(
    connection: &mut AnyConnection,
    account_id: &str,
    purpose: TokenPurpose,
    token: &str,
) -> Result<Option<Option<String>>, sqlx::Error> {
    let now = clock::now();
    let hash = secrets::hash_token(token);
    let used = sqlx::query(
        "UPDATE account_tokens SET used_at = $1 \
         WHERE token_hash = $2 AND account_id = $3 AND purpose = $4 AND used_at IS NULL AND expires_at > $1",
    )
    .bind(now)
    .bind(&hash)
    .bind(account_id)
    .bind(purpose.as_str())
    .execute(&mut *connection)
    .await?;
    if used.rows_affected() != 1 {
        return Ok(None);
    }
    let (new_email,): (Option<String>,) =
        sqlx::query_as("SELECT new_email_address FROM account_tokens WHERE token_hash = $1")
            .bind(&hash)
            .fetch_one(connection)
            .await?;
    Ok(Some(new_email))
}

/// Removes the tokens that expired at or before `now`; returns how many.
pub async fn remove_expired_tokens(pool: &AnyPool, now: i64) -> Result<u64, sqlx::Error> {
    Ok(
        sqlx::query("DELETE FROM account_tokens WHERE expires_at <= $1")
            .bind(now)
            .execute(pool)
            .await?
            .rows_affected(),
    )
}

/// Removes the accounts never activated, created before `created_before`, with no activation
/// link valid at `now` and no order naming them; returns how many.
pub async fn remove_stale_unactivated(
    pool: &AnyPool,
    created_before: i64,
    now: i64,
) -> Result<u64, sqlx::Error> {
    let removed = sqlx::query(
        "DELETE FROM accounts WHERE activated_at IS NULL AND created_at < $1 \
         AND NOT EXISTS (SELECT 1 FROM account_tokens WHERE account_tokens.account_id = accounts.account_id \
             AND account_tokens.purpose = 'activation' AND account_tokens.expires_at > $2 \
             AND account_tokens.used_at IS NULL) \
         AND NOT EXISTS (SELECT 1 FROM orders WHERE orders.account_id = accounts.account_id)",
    )
    .bind(created_before)
    .bind(now)
    .execute(pool)
    .await?;
    Ok(removed.rows_affected())
}

/// Whether the language exists.
pub async fn language_exists(pool: &AnyPool, language_id: i64) -> Result<bool, sqlx::Error> {
    let known: Option<(i64,)> =
        sqlx::query_as("SELECT language_id FROM languages WHERE language_id = $1")
            .bind(language_id)
            .fetch_optional(pool)
            .await?;
    Ok(known.is_some())
}
