//! Company data (business customers: company name and VAT number, checked with the engine's
//! VAT rule for the billing country) and the delivery address of an account (specification
//! section 3: Company, Shipping, alternativeShippingAddress). Personal data, the newsletter
//! opt-in and the language preference are `PUT /api/account`.

use axum::Router;
use axum::extract::State;
use axum::routing::get;
use engine::locale::CountryCode;
use engine::validation::Rule;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sqlx::AnyPool;

use crate::error::ApiError;
use crate::extract::Json;
use crate::session::SignedIn;
use crate::validation::{Form, name_rules};
use crate::{AppState, clock};

/// The routes of this area.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/account/company", get(get_company).put(put_company))
        .route(
            "/api/account/deliveryaddress",
            get(get_delivery).put(put_delivery),
        )
}

/// The stored profile of an account.
#[derive(Debug, Default, sqlx::FromRow)]
pub struct Profile {
    pub company_name: Option<String>,
    pub vat_number: Option<String>,
    pub mobile_phone: Option<String>,
    pub billing_json: Option<String>,
    pub shipping_json: Option<String>,
    pub alternative_shipping_address: i64,
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

impl Profile {
    /// `{companyName, vatNumber}`, or `null` for a consumer.
    pub fn company(&self) -> Option<Company> {
        self.company_name.as_ref().map(|name| Company {
            company_name: name.clone(),
            vat_number: self.vat_number.clone().unwrap_or_default(),
        })
    }

    /// The billing block as stored.
    pub fn billing(&self) -> Option<Value> {
        self.billing_json
            .as_deref()
            .and_then(|text| serde_json::from_str(text).ok())
    }

    /// The delivery block as stored.
    pub fn shipping(&self) -> Option<Value> {
        self.shipping_json
            .as_deref()
            .and_then(|text| serde_json::from_str(text).ok())
    }
}

/// Creates the profile row if it is missing.
async fn ensure_profile(pool: &AnyPool, account_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO account_profiles (account_id, updated_at) VALUES ($1, $2) ON CONFLICT (account_id) DO NOTHING")
        .bind(account_id)
        .bind(clock::now())
        .execute(pool)
        .await
        .map(|_| ())
}

/// Company data.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Company {
    #[serde(default)]
    pub company_name: String,
    #[serde(default)]
    pub vat_number: String,
}

/// The answer of the company calls: `company` is `null` for a consumer.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct CompanyView {
    company: Option<Company>,
}

async fn get_company(
    State(state): State<AppState>,
    signed_in: SignedIn,
) -> Result<axum::Json<CompanyView>, ApiError> {
    let profile = profile_of(state.db.pool(), &signed_in.account_id).await?;
    Ok(axum::Json(CompanyView {
        company: profile.company(),
    }))
}

/// The region code of a country id.
async fn country_code(pool: &AnyPool, country_id: i64) -> Result<Option<CountryCode>, sqlx::Error> {
    let code: Option<(String,)> =
        sqlx::query_as("SELECT region_code FROM countries WHERE country_id = $1")
            .bind(country_id)
            .fetch_optional(pool)
            .await?;
    Ok(code.and_then(|(code,)| code.parse().ok()))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CompanyBody {
    #[serde(default)]
    company_name: Option<String>,
    #[serde(default)]
    vat_number: Option<String>,
}

/// Sets the company data; an empty company name and VAT number remove it (a consumer again).
/// The VAT number must have the format of the billing country when one is known.
async fn put_company(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Json(body): Json<CompanyBody>,
) -> Result<axum::Json<CompanyView>, ApiError> {
    let pool = state.db.pool();
    let name = body
        .company_name
        .as_deref()
        .map(str::trim)
        .unwrap_or_default()
        .to_owned();
    let vat = body
        .vat_number
        .as_deref()
        .map(str::trim)
        .unwrap_or_default()
        .to_owned();
    ensure_profile(pool, &signed_in.account_id).await?;
    if name.is_empty() && vat.is_empty() {
        sqlx::query("UPDATE account_profiles SET company_name = NULL, vat_number = NULL, updated_at = $1 WHERE account_id = $2")
            .bind(clock::now())
            .bind(&signed_in.account_id)
            .execute(pool)
            .await?;
        return Ok(axum::Json(CompanyView { company: None }));
    }
    let profile = profile_of(pool, &signed_in.account_id).await?;
    let billing_country = profile.billing().and_then(|billing| {
        billing
            .pointer("/address/countryId")
            .and_then(Value::as_i64)
    });
    let country = match billing_country {
        Some(country_id) => country_code(pool, country_id).await?,
        None => None,
    };
    let mut vat_rules = vec![Rule::MaxLength { count: 20 }];
    if !vat.is_empty() {
        vat_rules.push(Rule::VatNumber { country });
    }
    Form::new()
        .field(
            "companyName",
            Some(name.as_str()),
            vec![Rule::Required, Rule::MaxLength { count: 100 }],
        )
        .field("vatNumber", Some(vat.as_str()), vat_rules)
        .check()?;
    sqlx::query("UPDATE account_profiles SET company_name = $1, vat_number = $2, updated_at = $3 WHERE account_id = $4")
        .bind(&name)
        .bind(Some(vat.clone()).filter(|vat| !vat.is_empty()))
        .bind(clock::now())
        .bind(&signed_in.account_id)
        .execute(pool)
        .await?;
    Ok(axum::Json(CompanyView {
        company: Some(Company {
            company_name: name,
            vat_number: vat,
        }),
    }))
}

/// The delivery address of an account.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct DeliveryView {
    alternative_shipping_address: bool,
    shipping: Option<Value>,
}

async fn get_delivery(
    State(state): State<AppState>,
    signed_in: SignedIn,
) -> Result<axum::Json<DeliveryView>, ApiError> {
    let profile = profile_of(state.db.pool(), &signed_in.account_id).await?;
    Ok(axum::Json(DeliveryView {
        alternative_shipping_address: profile.alternative_shipping_address != 0,
        shipping: profile.shipping(),
    }))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct AddressBody {
    #[serde(default)]
    street: Option<String>,
    #[serde(default)]
    street_number: Option<String>,
    #[serde(default)]
    street_number_addition: Option<String>,
    #[serde(default)]
    zipcode: Option<String>,
    #[serde(default)]
    city: Option<String>,
    #[serde(default)]
    country_id: Option<i64>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct DeliveryBody {
    #[serde(default)]
    alternative_shipping_address: bool,
    #[serde(default)]
    first_name: Option<String>,
    #[serde(default)]
    last_name: Option<String>,
    #[serde(default)]
    address: Option<AddressBody>,
    #[serde(default)]
    shipping_method: i64,
}

/// Sets the delivery address. Without `alternativeShippingAddress` deliveries go to the
/// billing address and the body needs nothing else; with it, name and a complete address with
/// the postcode format of its country are required.
async fn put_delivery(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Json(body): Json<DeliveryBody>,
) -> Result<axum::Json<DeliveryView>, ApiError> {
    let pool = state.db.pool();
    if !matches!(body.shipping_method, 0 | 1) {
        return Err(ApiError::field(
            "shippingMethod",
            "validation.invalid",
            "shippingMethod is 0 (shipping) or 1 (parcel service)",
        ));
    }
    ensure_profile(pool, &signed_in.account_id).await?;
    let shipping = if body.alternative_shipping_address {
        let address = body.address.unwrap_or(AddressBody {
            street: None,
            street_number: None,
            street_number_addition: None,
            zipcode: None,
            city: None,
            country_id: None,
        });
        let country = match address.country_id {
            None => return Err(ApiError::required("address.countryId")),
            Some(country_id) => country_code(pool, country_id).await?.ok_or_else(|| {
                ApiError::field(
                    "address.countryId",
                    "validation.invalid",
                    format!("country {country_id} does not exist"),
                )
            })?,
        };
        Form::new()
            .field("firstName", body.first_name.as_deref(), name_rules())
            .field("lastName", body.last_name.as_deref(), name_rules())
            .field(
                "address.street",
                address.street.as_deref(),
                vec![Rule::Required, Rule::MaxLength { count: 100 }],
            )
            .field(
                "address.streetNumber",
                address.street_number.as_deref(),
                vec![Rule::Required, Rule::HouseNumber],
            )
            .field(
                "address.streetNumberAddition",
                address.street_number_addition.as_deref(),
                vec![Rule::MaxLength { count: 10 }],
            )
            .field(
                "address.zipcode",
                address.zipcode.as_deref(),
                vec![Rule::Required, Rule::Postcode { country }],
            )
            .field(
                "address.city",
                address.city.as_deref(),
                vec![Rule::Required, Rule::MaxLength { count: 100 }],
            )
            .check()?;
        let trimmed = |value: &Option<String>| {
            value
                .as_deref()
                .map(str::trim)
                .unwrap_or_default()
                .to_owned()
        };
        Some(json!({
            "firstName": trimmed(&body.first_name),
            "lastName": trimmed(&body.last_name),
            "address": {
                "street": trimmed(&address.street),
                "streetNumber": trimmed(&address.street_number),
                "streetNumberAddition": address.street_number_addition.as_deref().map(str::trim).filter(|text| !text.is_empty()),
                "zipcode": trimmed(&address.zipcode),
                "city": trimmed(&address.city),
                "countryId": address.country_id,
            },
            "shippingMethod": body.shipping_method,
        }))
    } else {
        None
    };
    sqlx::query("UPDATE account_profiles SET shipping_json = $1, alternative_shipping_address = $2, updated_at = $3 WHERE account_id = $4")
        .bind(shipping.as_ref().map(Value::to_string))
        .bind(i64::from(body.alternative_shipping_address))
        .bind(clock::now())
        .bind(&signed_in.account_id)
        .execute(pool)
        .await?;
    Ok(axum::Json(DeliveryView {
        alternative_shipping_address: body.alternative_shipping_address,
        shipping,
    }))
}
