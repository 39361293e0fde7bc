//! The account tables: accounts, their single-use tokens, and sign-in failures.

use sqlx::AnyPool;

use crate::{clock, secrets};

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
    pub newsletter: i64,
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
}

/// E-mail addresses are compared without case and surrounding spaces.
pub fn normalize_email(email: &str) -> String {
    email.trim().to_lowercase()
}

pub async fn by_id(pool: &AnyPool, account_id: &str) -> Result<Option<AccountRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE account_id = $1"))
        .bind(account_id)
        .fetch_optional(pool)
        .await
}

pub async fn by_email(pool: &AnyPool, email: &str) -> Result<Option<AccountRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE email_address = $1"))
        .bind(normalize_email(email))
        .fetch_optional(pool)
        .await
}

/// Inserts an account; `None` when the e-mail address is taken.
pub async fn insert(pool: &AnyPool, account: &NewAccount<'_>) -> Result<Option<String>, sqlx::Error> {
    let account_id = secrets::new_id();
    let inserted = sqlx::query(
        "INSERT INTO accounts (account_id, email_address, password_hash, first_name, last_name, phone_number, \
         language_id, site_id, newsletter, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
         ON CONFLICT (email_address) DO NOTHING",
    )
    .bind(&account_id)
    .bind(normalize_email(account.email_address))
    .bind(account.password_hash)
    .bind(account.first_name.trim())
    .bind(account.last_name.trim())
    .bind(account.phone_number.trim())
    .bind(account.language_id)
    .bind(account.site_id)
    .bind(i64::from(account.newsletter))
    .bind(clock::now())
    .execute(pool)
    .await?;
    Ok((inserted.rows_affected() == 1).then_some(account_id))
}

pub async fn activate(pool: &AnyPool, account_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE accounts SET activated_at = $1 WHERE account_id = $2 AND activated_at IS NULL")
        .bind(clock::now())
        .bind(account_id)
        .execute(pool)
        .await
        .map(|_| ())
}

pub async fn set_password_hash(pool: &AnyPool, account_id: &str, password_hash: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE accounts SET password_hash = $1 WHERE account_id = $2")
        .bind(password_hash)
        .bind(account_id)
        .execute(pool)
        .await
        .map(|_| ())
}

/// Changes the e-mail address; false when another account has it meanwhile.
pub async fn set_email(pool: &AnyPool, account_id: &str, email: &str) -> Result<bool, sqlx::Error> {
    let email = normalize_email(email);
    let taken: Option<(String,)> = sqlx::query_as("SELECT account_id FROM accounts WHERE email_address = $1")
        .bind(&email)
        .fetch_optional(pool)
        .await?;
    if taken.is_some_and(|(owner,)| owner != account_id) {
        return Ok(false);
    }
    sqlx::query("UPDATE accounts SET email_address = $1 WHERE account_id = $2")
        .bind(&email)
        .bind(account_id)
        .execute(pool)
        .await?;
    Ok(true)
}

/// The personal data a customer may change.
pub struct PersonalData<'a> {
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub phone_number: &'a str,
    pub language_id: Option<i64>,
    pub newsletter: bool,
}

pub async fn update_personal_data(pool: &AnyPool, account_id: &str, data: &PersonalData<'_>) -> Result<(), sqlx::Error> {
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
    pool: &AnyPool,
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
        .execute(pool)
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
    .execute(pool)
    .await?;
    Ok(token)
}

/// Uses a token once: `Some(new e-mail address or None)` when it was valid, unused and not
/// expired for this account and purpose; `None` otherwise. Concurrent uses: only one wins.
pub async fn consume_token(
    pool: &AnyPool,
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
    .execute(pool)
    .await?;
    if used.rows_affected() != 1 {
        return Ok(None);
    }
    let (new_email,): (Option<String>,) =
        sqlx::query_as("SELECT new_email_address FROM account_tokens WHERE token_hash = $1")
            .bind(&hash)
            .fetch_one(pool)
            .await?;
    Ok(Some(new_email))
}

/// The window in which failed sign-ins count.
pub const FAILURE_WINDOW_SECONDS: i64 = 15 * 60;
/// Failed sign-ins allowed per account within the window.
pub const FAILURES_PER_ACCOUNT: i64 = 5;
/// Failed sign-ins allowed per client within the window.
pub const FAILURES_PER_CLIENT: i64 = 20;

/// True when the account or the client has failed too often recently.
pub async fn too_many_failures(pool: &AnyPool, account_key: &str, client_key: &str) -> Result<bool, sqlx::Error> {
    let since = clock::now() - FAILURE_WINDOW_SECONDS;
    let (by_account,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM sign_in_failures WHERE account_key = $1 AND failed_at > $2")
            .bind(account_key)
            .bind(since)
            .fetch_one(pool)
            .await?;
    let (by_client,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM sign_in_failures WHERE client_key = $1 AND failed_at > $2")
            .bind(client_key)
            .bind(since)
            .fetch_one(pool)
            .await?;
    Ok(by_account >= FAILURES_PER_ACCOUNT || by_client >= FAILURES_PER_CLIENT)
}

pub async fn record_failure(pool: &AnyPool, account_key: &str, client_key: &str) -> Result<(), sqlx::Error> {
    let now = clock::now();
    sqlx::query("DELETE FROM sign_in_failures WHERE failed_at < $1")
        .bind(now - FAILURE_WINDOW_SECONDS)
        .execute(pool)
        .await?;
    sqlx::query("INSERT INTO sign_in_failures (account_key, client_key, failed_at) VALUES ($1, $2, $3)")
        .bind(account_key)
        .bind(client_key)
        .bind(now)
        .execute(pool)
        .await
        .map(|_| ())
}

/// The culture of a language id, for e-mails; the default culture `nl` when unknown.
pub async fn culture_of(pool: &AnyPool, language_id: Option<i64>) -> Result<String, sqlx::Error> {
    let Some(language_id) = language_id else {
        return Ok("nl".to_owned());
    };
    let culture: Option<(String,)> = sqlx::query_as("SELECT culture FROM languages WHERE language_id = $1")
        .bind(language_id)
        .fetch_optional(pool)
        .await?;
    Ok(culture.map_or_else(|| "nl".to_owned(), |(culture,)| culture))
}
