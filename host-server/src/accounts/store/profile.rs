//! The account's profile (`account_profiles`): company data, billing and delivery blocks.

use sqlx::AnyPool;

use crate::platform::db::Flag;

/// The stored profile of an account.
#[derive(Debug, Default, sqlx::FromRow)]
pub struct Profile {
    pub company_name: Option<String>,
    pub vat_number: Option<String>,
    pub mobile_phone: Option<String>,
    pub billing_json: Option<String>,
    pub shipping_json: Option<String>,
    pub alternative_shipping_address: Flag,
}

/// The profile of an account (empty when none is stored yet).
pub async fn profile_of(pool: &AnyPool, account_id: &str) -> Result<Profile, sqlx::Error> {
    let profile: Option<Profile> = sqlx::query_as(
        "SELECT company_name, vat_number, mobile_phone, billing_json, shipping_json, alternative_shipping_address \
         FROM account_profiles WHERE account_id = $1",
    )
    .bind(account_id)
    .fetch_optional(pool)
    .await?;
    Ok(profile.unwrap_or_default())
}

/// Sets the company name and VAT number (`None`: a consumer), creating the profile row if it
/// is missing, in one statement.
pub async fn set_company(
    pool: &AnyPool,
    account_id: &str,
    name: Option<&str>,
    vat: Option<&str>,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO account_profiles (account_id, company_name, vat_number, updated_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (account_id) DO UPDATE SET company_name = excluded.company_name, \
         vat_number = excluded.vat_number, updated_at = excluded.updated_at",
    )
    .bind(account_id)
    .bind(name)
    .bind(vat)
    .bind(now)
    .execute(pool)
    .await
    .map(|_| ())
}

/// The region code of a country, if the country exists.
pub async fn region_code(pool: &AnyPool, country_id: i64) -> Result<Option<String>, sqlx::Error> {
    let code: Option<(String,)> =
        sqlx::query_as("SELECT region_code FROM countries WHERE country_id = $1")
            .bind(country_id)
            .fetch_optional(pool)
            .await?;
    Ok(code.map(|(code,)| code))
}

/// Sets the delivery block (JSON) and whether it is used, creating the profile row if missing.
pub async fn set_delivery(
    pool: &AnyPool,
    account_id: &str,
    shipping_json: Option<String>,
    alternative_shipping_address: bool,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO account_profiles (account_id, shipping_json, alternative_shipping_address, updated_at) \
         VALUES ($1, $2, $3, $4) ON CONFLICT (account_id) DO UPDATE SET shipping_json = excluded.shipping_json, \
         alternative_shipping_address = excluded.alternative_shipping_address, updated_at = excluded.updated_at",
    )
    .bind(account_id)
    .bind(shipping_json)
    .bind(i64::from(alternative_shipping_address))
    .bind(now)
    .execute(pool)
    .await?;
    Ok(())
}

/// Sets the billing block (JSON) and the mobile phone, creating the profile row if missing.
pub async fn set_billing(
    pool: &AnyPool,
    account_id: &str,
    billing_json: String,
    mobile_phone: Option<&str>,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO account_profiles (account_id, billing_json, mobile_phone, updated_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (account_id) DO UPDATE SET billing_json = excluded.billing_json, \
         mobile_phone = excluded.mobile_phone, updated_at = excluded.updated_at",
    )
    .bind(account_id)
    .bind(billing_json)
    .bind(mobile_phone)
    .bind(now)
    .execute(pool)
    .await?;
    Ok(())
}
