//! Company data (business customers: company name and VAT number, checked with the engine's
//! VAT rule for the billing country) and the delivery address of an account (Company,
//! Shipping, alternativeShippingAddress). Personal data, the newsletter
//! opt-in and the language preference are `PUT /api/account`.

use axum::extract::State;
use engine::locale::CountryCode;
use engine::validation::Rule;
use serde::{Deserialize, Serialize};
use sqlx::AnyPool;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use super::store::profile::{Profile, profile_of};
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::Json;
use crate::platform::session::SignedIn;
use crate::platform::validation::{Form, name_rules};
use crate::{AppState, platform::clock};

/// The routes of this area.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_company, put_company))
        .routes(routes!(get_delivery, put_delivery))
        .routes(routes!(put_billing))
}

/// An address of the account's profile.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountAddress {
    pub street: String,
    pub street_number: String,
    pub street_number_addition: Option<String>,
    pub zipcode: String,
    pub city: String,
    pub country_id: i64,
}

/// The billing block of the account's profile.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountBilling {
    pub first_name: String,
    pub last_name: String,
    pub phone_number: Option<String>,
    pub email_address: String,
    pub address: AccountAddress,
}

/// The delivery block of the account's profile.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountShipping {
    pub first_name: String,
    pub last_name: String,
    pub address: AccountAddress,
    /// 0 ordinary shipping, 1 a parcel service.
    pub shipping_method: engine::shipping::ShippingMethod,
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
    pub fn billing(&self) -> Option<AccountBilling> {
        stored(self.billing_json.as_deref(), "billing")
    }

    /// The delivery block as stored.
    pub fn shipping(&self) -> Option<AccountShipping> {
        stored(self.shipping_json.as_deref(), "shipping")
    }
}

/// A stored JSON block; an unreadable one counts as absent (and is logged).
fn stored<T: serde::de::DeserializeOwned>(text: Option<&str>, block: &str) -> Option<T> {
    match serde_json::from_str(text?) {
        Ok(value) => Some(value),
        Err(error) => {
            tracing::warn!(%error, block, "an unreadable profile block");
            None
        }
    }
}

/// Sets the company name and VAT number (`None`: a consumer), creating the profile row if it
/// is missing, in one statement.
async fn store_company(
    pool: &AnyPool,
    account_id: &str,
    name: Option<&str>,
    vat: Option<&str>,
) -> Result<(), sqlx::Error> {
    super::store::profile::set_company(pool, account_id, name, vat, clock::now()).await
}

/// Company data.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[schema(as = AccountCompany)]
#[serde(rename_all = "camelCase")]
pub struct Company {
    #[serde(default)]
    pub company_name: String,
    #[serde(default)]
    pub vat_number: String,
}

/// The answer of the company calls: `company` is `null` for a consumer.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = CompanyData)]
#[serde(rename_all = "camelCase")]
struct CompanyView {
    company: Option<Company>,
}

/// The customer's company data (`null` for a consumer).
#[utoipa::path(
    get,
    path = "/api/account/company",
    tag = "account",
    operation_id = "getAccountCompany",
    responses(
        (status = 200, description = "The company data", body = CompanyView),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn get_company(
    State(state): State<AppState>,
    signed_in: SignedIn,
) -> Result<crate::platform::extract::Json<CompanyView>, ApiError> {
    let profile = profile_of(state.db.pool(), &signed_in.account_id).await?;
    Ok(crate::platform::extract::Json(CompanyView {
        company: profile.company(),
    }))
}

/// The region code of a country id.
async fn country_code(pool: &AnyPool, country_id: i64) -> Result<Option<CountryCode>, sqlx::Error> {
    let code = super::store::profile::region_code(pool, country_id).await?;
    Ok(code.and_then(|code| code.parse().ok()))
}

/// New company data.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CompanyBody {
    #[serde(default)]
    company_name: Option<String>,
    #[serde(default)]
    vat_number: Option<String>,
}

/// Sets company name and VAT number; both empty remove them (a consumer again).
///
/// The VAT number must have the format of the billing country when one is known (the
/// engine's VAT rule).
#[utoipa::path(
    put,
    path = "/api/account/company",
    tag = "account",
    operation_id = "putAccountCompany",
    request_body = CompanyBody,
    responses(
        (status = 200, description = "The company data as stored", body = CompanyView),
        (status = 400, description = "No company name, or an invalid VAT number; `fieldErrors` names it", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A signed-in call from another site: no JSON body or `siteid` header, or a foreign `Origin`", body = ErrorBody),
    )
)]
async fn put_company(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Json(body): Json<CompanyBody>,
) -> Result<crate::platform::extract::Json<CompanyView>, ApiError> {
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
    if name.is_empty() && vat.is_empty() {
        store_company(pool, &signed_in.account_id, None, None).await?;
        return Ok(crate::platform::extract::Json(CompanyView {
            company: None,
        }));
    }
    let profile = profile_of(pool, &signed_in.account_id).await?;
    let billing_country = profile.billing().map(|billing| billing.address.country_id);
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
    let stored_vat = Some(vat.as_str()).filter(|vat| !vat.is_empty());
    store_company(pool, &signed_in.account_id, Some(&name), stored_vat).await?;
    Ok(crate::platform::extract::Json(CompanyView {
        company: Some(Company {
            company_name: name,
            vat_number: vat,
        }),
    }))
}

/// A text field as stored: trimmed, empty when absent.
fn trimmed(value: Option<&str>) -> String {
    value.map(str::trim).unwrap_or_default().to_owned()
}

/// The name fields of an address block, to be checked with its address.
fn checked_name(first_name: Option<&str>, last_name: Option<&str>) -> Form {
    Form::new()
        .field("firstName", first_name, name_rules())
        .field("lastName", last_name, name_rules())
}

/// A complete address with the postcode format of its country, checked together with the
/// fields `form` already holds so that one answer names every wrong field.
async fn checked_address(
    pool: &AnyPool,
    address: AddressBody,
    form: Form,
) -> Result<AccountAddress, ApiError> {
    let (country_id, country) = match address.country_id {
        None => return Err(ApiError::required("address.countryId")),
        Some(country_id) => (
            country_id,
            country_code(pool, country_id).await?.ok_or_else(|| {
                ApiError::field(
                    "address.countryId",
                    "validation.invalid",
                    format!("country {country_id} does not exist"),
                )
            })?,
        ),
    };
    form.field(
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
    Ok(AccountAddress {
        street: trimmed(address.street.as_deref()),
        street_number: trimmed(address.street_number.as_deref()),
        street_number_addition: address
            .street_number_addition
            .as_deref()
            .map(str::trim)
            .filter(|text| !text.is_empty())
            .map(str::to_owned),
        zipcode: trimmed(address.zipcode.as_deref()),
        city: trimmed(address.city.as_deref()),
        country_id,
    })
}

/// The delivery address of an account.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = DeliveryAddress)]
#[serde(rename_all = "camelCase")]
struct DeliveryView {
    /// True when deliveries go to `shipping` rather than the billing address.
    alternative_shipping_address: bool,
    shipping: Option<AccountShipping>,
}

/// The customer's delivery address.
#[utoipa::path(
    get,
    path = "/api/account/deliveryaddress",
    tag = "account",
    operation_id = "getDeliveryAddress",
    responses(
        (status = 200, description = "The delivery address", body = DeliveryView),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn get_delivery(
    State(state): State<AppState>,
    signed_in: SignedIn,
) -> Result<crate::platform::extract::Json<DeliveryView>, ApiError> {
    let profile = profile_of(state.db.pool(), &signed_in.account_id).await?;
    Ok(crate::platform::extract::Json(DeliveryView {
        alternative_shipping_address: profile.alternative_shipping_address.into(),
        shipping: profile.shipping(),
    }))
}

/// A delivery address; an unknown field is a 400.
#[derive(Default, Deserialize, ToSchema)]
#[schema(as = DeliveryAddressBody)]
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

/// A new delivery address.
#[derive(Deserialize, ToSchema)]
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
    /// 0 ordinary shipping, 1 a parcel service.
    #[serde(default)]
    shipping_method: engine::shipping::ShippingMethod,
}

/// Sets the delivery address.
///
/// Without `alternativeShippingAddress` deliveries go to the billing address and the body
/// needs nothing else; with it, name and a complete address with the postcode format of its
/// country are required.
#[utoipa::path(
    put,
    path = "/api/account/deliveryaddress",
    tag = "account",
    operation_id = "putDeliveryAddress",
    request_body = DeliveryBody,
    responses(
        (status = 200, description = "The delivery address as stored", body = DeliveryView),
        (status = 400, description = "A field is missing or invalid; `fieldErrors` names it", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A signed-in call from another site: no JSON body or `siteid` header, or a foreign `Origin`", body = ErrorBody),
    )
)]
async fn put_delivery(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Json(body): Json<DeliveryBody>,
) -> Result<crate::platform::extract::Json<DeliveryView>, ApiError> {
    let pool = state.db.pool();
    let shipping = if body.alternative_shipping_address {
        let name = checked_name(body.first_name.as_deref(), body.last_name.as_deref());
        let address = checked_address(pool, body.address.unwrap_or_default(), name).await?;
        Some(AccountShipping {
            first_name: trimmed(body.first_name.as_deref()),
            last_name: trimmed(body.last_name.as_deref()),
            address,
            shipping_method: body.shipping_method,
        })
    } else {
        None
    };
    let shipping_json = shipping
        .as_ref()
        .map(serde_json::to_string)
        .transpose()
        .map_err(|error| ApiError::Internal(format!("shipping: {error}")))?;
    super::store::profile::set_delivery(
        pool,
        &signed_in.account_id,
        shipping_json,
        body.alternative_shipping_address,
        clock::now(),
    )
    .await?;
    Ok(crate::platform::extract::Json(DeliveryView {
        alternative_shipping_address: body.alternative_shipping_address,
        shipping,
    }))
}

/// The billing address and mobile phone of an account, as stored.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = BillingAddress)]
#[serde(rename_all = "camelCase")]
struct BillingView {
    billing: AccountBilling,
    mobile_phone: Option<String>,
}

/// A new billing address and mobile phone; an unknown field is a 400.
#[derive(Deserialize, ToSchema)]
#[schema(as = BillingAddressBody)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct BillingBody {
    #[serde(default)]
    first_name: Option<String>,
    #[serde(default)]
    last_name: Option<String>,
    #[serde(default)]
    phone_number: Option<String>,
    /// The mobile phone for delivery messages; empty or absent removes it.
    #[serde(default)]
    mobile_phone: Option<String>,
    #[serde(default)]
    address: Option<AddressBody>,
}

/// Sets the billing address (name, phone and a complete address with the postcode format of
/// its country) and the mobile phone. The billing e-mail address is the account's own.
#[utoipa::path(
    put,
    path = "/api/account/billingaddress",
    tag = "account",
    operation_id = "putBillingAddress",
    request_body = BillingBody,
    responses(
        (status = 200, description = "The billing address as stored", body = BillingView),
        (status = 400, description = "A field is missing or invalid; `fieldErrors` names it", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A signed-in call from another site: no JSON body or `siteid` header, or a foreign `Origin`", body = ErrorBody),
    )
)]
async fn put_billing(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Json(body): Json<BillingBody>,
) -> Result<crate::platform::extract::Json<BillingView>, ApiError> {
    let pool = state.db.pool();
    let form = checked_name(body.first_name.as_deref(), body.last_name.as_deref())
        .field(
            "phoneNumber",
            body.phone_number.as_deref(),
            vec![Rule::MaxLength { count: 30 }, Rule::Phone],
        )
        .field(
            "mobilePhone",
            body.mobile_phone.as_deref(),
            vec![Rule::MaxLength { count: 30 }, Rule::Phone],
        );
    let address = checked_address(pool, body.address.unwrap_or_default(), form).await?;
    let email_address = crate::accounts::store::by_id(pool, &signed_in.account_id)
        .await?
        .ok_or(ApiError::Unauthorized)?
        .email_address;
    let optional = |value: Option<&str>| Some(trimmed(value)).filter(|text| !text.is_empty());
    let billing = AccountBilling {
        first_name: trimmed(body.first_name.as_deref()),
        last_name: trimmed(body.last_name.as_deref()),
        phone_number: optional(body.phone_number.as_deref()),
        email_address,
        address,
    };
    let mobile_phone = optional(body.mobile_phone.as_deref());
    let billing_json = serde_json::to_string(&billing)
        .map_err(|error| ApiError::Internal(format!("billing: {error}")))?;
    super::store::profile::set_billing(
        pool,
        &signed_in.account_id,
        billing_json,
        mobile_phone.as_deref(),
        clock::now(),
    )
    .await?;
    Ok(crate::platform::extract::Json(BillingView {
        billing,
        mobile_phone,
    }))
}
