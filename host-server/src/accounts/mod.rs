//! Accounts (specification, sections 4, 6 and 7): registration with an activation mail,
//! activation, personal data, password and e-mail changes, forgotten passwords.
//!
//! Lifecycle: created -> activation mail -> activated -> sign-in possible. Tokens are random,
//! stored hashed, single use, and expire (see `config::Lifetimes`).

pub mod authentication;
pub mod feed_advice;
pub mod profile;
pub mod returns;
pub mod store;
pub mod subscriptions;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use engine::validation::FormName;
use serde::{Deserialize, Serialize};
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, Schema, SchemaFormat, Type};
use utoipa::{IntoParams, PartialSchema, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::captcha::CAPTCHA_HEADER;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path, Query};
use crate::platform::limits::{self, Limit};
use crate::platform::mail::{self, AccountLink, Mail};
use crate::platform::request_context::RequestContext;
use crate::platform::session::{self, Client, SignedIn};
use crate::platform::validation::{NamedForm, required_param};
use crate::{AppState, platform::passwords, platform::trust};
use store::{AccountRow, NewAccount, NewCompany, PersonalData, TokenPurpose};

/// The routes of this area.
///
/// The type is opaque so that `app::api`'s `.into()` is no conversion to the same type,
/// which clippy refuses.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_account, register, update_account))
        .routes(routes!(confirm))
        .routes(routes!(confirm_email_address))
        .routes(routes!(forgot_password))
        .routes(routes!(resend_confirmation))
        .routes(routes!(reset_password))
        .routes(routes!(change_password))
        .routes(routes!(change_email_address))
}

/// The optional `siteid` and `languageid` headers: the site and language a call is made for,
/// when the client says (the links in mails then point to that site).
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Header)]
pub struct OptionalSiteHeaders {
    /// The site.
    pub siteid: Option<i64>,
    /// A language of the site.
    pub languageid: Option<i64>,
}

/// The routes of the account area's data (orders, invoices, returns, scan results,
/// subscriptions, saved feed advice, company and delivery address, reviews). Every route needs
/// a signed-in customer and finds only that customer's own data.
///
/// The type is opaque so that `app::api`'s `.into()` is no conversion to the same type,
/// which clippy refuses.
pub fn data_router(config: &crate::platform::config::Config) -> OpenApiRouter<AppState> {
    let files = returns::ReturnFiles {
        photos_dir: config.account_data.return_photos_dir.clone(),
        fixtures_dir: config.fixtures_dir.clone(),
    };
    OpenApiRouter::new()
        .merge(returns::router(files))
        .merge(subscriptions::router())
        .merge(feed_advice::router())
        .merge(profile::router())
}

/// A file answered as it is (a PDF, a photo): the bytes of the answer's content type.
pub struct FileBytes;

impl PartialSchema for FileBytes {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Binary)))
            .into()
    }
}

impl ToSchema for FileBytes {}

/// The account as the storefront sees it.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Account)]
#[serde(rename_all = "camelCase")]
pub struct AccountView {
    pub user_id: String,
    pub email_address: String,
    pub first_name: String,
    pub last_name: String,
    pub phone_number: String,
    pub language_id: Option<i64>,
    pub newsletter: bool,
    /// Quick-scan and RQS results not yet opened.
    pub unread_quickscan_results: i64,
    /// The customer's cart, which follows them across devices after sign-in.
    pub shoppingcart_id: Option<String>,
    /// The mobile phone number (person labels), if given.
    pub mobile_phone: Option<String>,
    /// The billing block.
    pub billing: Option<profile::AccountBilling>,
    /// The delivery block.
    pub shipping: Option<profile::AccountShipping>,
    /// Company name and VAT number of a business customer.
    pub company: Option<profile::Company>,
    /// True when deliveries go to `shipping` rather than the billing address.
    pub alternative_shipping_address: bool,
}

impl From<AccountRow> for AccountView {
    fn from(row: AccountRow) -> AccountView {
        AccountView {
            user_id: row.account_id,
            email_address: row.email_address,
            first_name: row.first_name,
            last_name: row.last_name,
            phone_number: row.phone_number,
            language_id: row.language_id,
            newsletter: row.newsletter.into(),
            unread_quickscan_results: 0,
            shoppingcart_id: None,
            mobile_phone: None,
            billing: None,
            shipping: None,
            company: None,
            alternative_shipping_address: false,
        }
    }
}

/// `?callbackUrl=`: the shop page the link in the mail opens.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct CallbackQuery {
    /// A path of the shop, e.g. `/account/activate`; the link adds the token and account id.
    #[param(required = true)]
    #[serde(default)]
    callback_url: Option<String>,
}

/// `?callbackUrl=` where a call may take one: a path of the shop when given.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct OptionalCallbackQuery {
    /// A path of the shop that a later mail about this change may link to; checked like every
    /// link's path (no other origin).
    #[serde(default)]
    callback_url: Option<String>,
}

/// `?token=` of a link from a mail.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct TokenQuery {
    /// The token from the link.
    #[param(required = true)]
    #[serde(default)]
    token: Option<String>,
}

/// The registration form.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Registration {
    #[schema(required = true, value_type = String)]
    #[serde(default)]
    pub email_address: Option<String>,
    /// At least 7 characters with a letter and a digit.
    #[schema(required = true, value_type = String)]
    #[serde(default)]
    pub password: Option<String>,
    #[schema(required = true, value_type = String)]
    #[serde(default)]
    pub first_name: Option<String>,
    #[schema(required = true, value_type = String)]
    #[serde(default)]
    pub last_name: Option<String>,
    #[serde(default)]
    pub phone_number: Option<String>,
    #[serde(default)]
    pub newsletter: bool,
    /// A business customer's company name (kept in the profile, as `PUT /api/account/company`).
    #[serde(default)]
    pub company_name: Option<String>,
    /// The company's VAT number; only with a company name.
    #[serde(default)]
    pub vat_number: Option<String>,
}

impl Registration {
    /// The company, when a name is given (blank texts count as not given).
    fn company(&self) -> Option<NewCompany<'_>> {
        given(&self.company_name).map(|company_name| NewCompany {
            company_name,
            vat_number: given(&self.vat_number),
        })
    }
}

/// A text that is there and not blank, trimmed.
fn given(text: &Option<String>) -> Option<&str> {
    text.as_deref()
        .map(str::trim)
        .filter(|text| !text.is_empty())
}

/// Sends an account mail (`Mail::Activation`, ...) with `link` in the account's language and
/// site brand.
async fn send_account_mail(
    state: &AppState,
    kind: fn(AccountLink) -> Mail,
    to: &str,
    account: &AccountRow,
    link: &str,
) -> Result<(), ApiError> {
    let mail = kind(AccountLink {
        name: account.first_name.clone(),
        link: link.to_owned(),
    });
    let recipient = mail::Recipient {
        address: to,
        site_id: account.site_id,
        language_id: account.language_id,
    };
    mail::deliver(state, recipient, &mail).await
}

/// Creates an account that still needs activation and sends the activation mail with a
/// link to `callback_path` on `origin`. `None` when the address belongs to an activated
/// account. An address that registered but never activated is registered anew (new
/// password, names and token; the old links stop working), so a stranger who registered
/// someone else's address cannot block its owner. Registration and checkout with a chosen
/// password both come here.
pub async fn create_with_activation(
    state: &AppState,
    new_account: &NewAccount<'_>,
    callback_path: &str,
    origin: &url::Url,
) -> Result<Option<String>, ApiError> {
    let mut transaction = state.db.pool().begin().await?;
    let Some(account_id) =
        store::insert_or_renew_unactivated(&mut transaction, new_account).await?
    else {
        return Ok(None);
    };
    let token = store::issue_token(
        &mut transaction,
        &account_id,
        TokenPurpose::Activation,
        state.lifetimes.activation_token,
        None,
    )
    .await?;
    transaction.commit().await?;
    let account = store::by_id(state.db.pool(), &account_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let link = trust::link_with_token(origin, callback_path, &token, &account_id)?;
    send_account_mail(
        state,
        Mail::Activation,
        &account.email_address,
        &account,
        &link,
    )
    .await?;
    Ok(Some(account_id))
}

/// Issues a token in a transaction of its own: the unused tokens of its purpose end with it.
async fn issue_token(
    state: &AppState,
    account_id: &str,
    purpose: TokenPurpose,
    lifetime_seconds: i64,
    new_email: Option<&str>,
) -> Result<String, ApiError> {
    let mut transaction = state.db.pool().begin().await?;
    let token = store::issue_token(
        &mut transaction,
        account_id,
        purpose,
        lifetime_seconds,
        new_email,
    )
    .await?;
    transaction.commit().await?;
    Ok(token)
}

/// The origin of the links in mails for this request's site.
async fn link_origin(
    state: &AppState,
    context: RequestContext,
    headers: &HeaderMap,
) -> Result<url::Url, ApiError> {
    state.trust.origin(context.site_id, headers).await
}

/// Registers an account and sends the activation mail.
///
/// An address that registered but never activated registers anew (new password and names;
/// earlier activation links stop working).
#[utoipa::path(
    post,
    path = "/api/account",
    tag = "account",
    operation_id = "registerAccount",
    params(CallbackQuery, OptionalSiteHeaders, CaptchaHeader),
    request_body = Registration,
    responses(
        (status = 201, description = "Registered; the activation mail is sent", body = AccountView),
        (status = 400, description = "A field is missing or invalid; `fieldErrors` names it; or `errors.captcha` while captchas are checked", body = ErrorBody),
        (status = 403, description = "A signed-in call from another site: no JSON body or `siteid` header, or a foreign `Origin`", body = ErrorBody),
        (status = 409, description = "`errors.emailInUse`: an activated account has this address", body = ErrorBody),
        (status = 429, description = "Too many registrations from this client or for this address", body = ErrorBody),
    )
)]
async fn register(
    State(state): State<AppState>,
    context: RequestContext,
    client: Client,
    headers: HeaderMap,
    Query(query): Query<CallbackQuery>,
    Json(form): Json<Registration>,
) -> Result<(StatusCode, crate::platform::extract::Json<AccountView>), ApiError> {
    let callback_path = trust::shop_path(query.callback_url.as_deref(), "callbackUrl")?;
    NamedForm::new(FormName::Registration)
        .value("emailAddress", form.email_address.as_deref())
        .value("password", form.password.as_deref())
        .value("firstName", form.first_name.as_deref())
        .value("lastName", form.last_name.as_deref())
        .value("phoneNumber", form.phone_number.as_deref())
        .value("companyName", form.company_name.as_deref())
        .value("vatNumber", form.vat_number.as_deref())
        .check()?;
    if form.company().is_none()
        && form
            .vat_number
            .as_deref()
            .is_some_and(|vat| !vat.trim().is_empty())
    {
        return Err(ApiError::field(
            "companyName",
            "validation.required",
            "A VAT number needs the company's name",
        ));
    }
    // Checked just above: required fields are present.
    let email = store::normalize_email(form.email_address.as_deref().unwrap_or_default());
    limits::check(&state, Limit::Registration, &[&client.ip, &email]).await?;
    // The registration's captcha hook: checked like sign-in's while captchas are on.
    let captcha = headers
        .get(CAPTCHA_HEADER)
        .and_then(|value| value.to_str().ok());
    state.captcha.verify(captcha, &client.ip).await?;
    let origin = link_origin(&state, context, &headers).await?;
    let password_hash = passwords::hash(form.password.clone().unwrap_or_default()).await?;
    let new_account = NewAccount {
        email_address: &email,
        password_hash: &password_hash,
        first_name: form.first_name.as_deref().unwrap_or_default(),
        last_name: form.last_name.as_deref().unwrap_or_default(),
        phone_number: form.phone_number.as_deref().unwrap_or_default(),
        language_id: context.language_id,
        site_id: context.site_id,
        newsletter: form.newsletter,
        company: form.company(),
    };
    let account_id = create_with_activation(&state, &new_account, callback_path, &origin)
        .await?
        .ok_or_else(|| {
            ApiError::refused(
                StatusCode::CONFLICT,
                "errors.emailInUse",
                "An account with this e-mail address already exists",
            )
        })?;
    let account = store::by_id(state.db.pool(), &account_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok((
        StatusCode::CREATED,
        crate::platform::extract::Json(AccountView::from(account)),
    ))
}

/// Activates an account with the token of the activation mail.
#[utoipa::path(
    post,
    path = "/api/account/{userId}/confirm",
    tag = "account",
    operation_id = "confirmAccount",
    params(("userId" = String, Path, description = "The account id"), TokenQuery),
    responses(
        (status = 204, description = "Activated"),
        (status = 400, description = "No token, or `errors.activationTokenExpired`: the link is used, expired or not this account's", body = ErrorBody),
        (status = 403, description = "A signed-in call from another site: no JSON body or `siteid` header, or a foreign `Origin`", body = ErrorBody),
    )
)]
async fn confirm(
    State(state): State<AppState>,
    Path(user_id): Path<String>,
    Query(query): Query<TokenQuery>,
) -> Result<StatusCode, ApiError> {
    let token = required_param(&query.token, "token")?;
    let expired = || {
        ApiError::refused(
            StatusCode::BAD_REQUEST,
            "errors.activationTokenExpired",
            "The activation link is no longer valid; request a new activation mail",
        )
    };
    let mut transaction = state.db.pool().begin().await?;
    store::consume_token(&mut transaction, &user_id, TokenPurpose::Activation, token)
        .await?
        .ok_or_else(expired)?;
    store::activate(&mut transaction, &user_id).await?;
    transaction.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct EmailOnly {
    #[schema(required = true, value_type = String)]
    #[serde(default)]
    email_address: Option<String>,
}

/// Sends a password-reset mail.
///
/// Answers the same, in the same time, whether or not the address exists: the look-up and
/// the mail happen after the answer, so neither the answer nor its timing reveals anything.
#[utoipa::path(
    post,
    path = "/api/account/forgotpassword",
    tag = "account",
    operation_id = "forgotPassword",
    params(CallbackQuery, OptionalSiteHeaders),
    request_body = EmailOnly,
    responses(
        (status = 204, description = "Accepted; a mail goes out if the address has an account"),
        (status = 400, description = "No or an invalid e-mail address or callbackUrl", body = ErrorBody),
        (status = 403, description = "A signed-in call from another site: no JSON body or `siteid` header, or a foreign `Origin`", body = ErrorBody),
        (status = 429, description = "Too many requests from this client or for this address", body = ErrorBody),
    )
)]
async fn forgot_password(
    State(state): State<AppState>,
    context: RequestContext,
    client: Client,
    headers: HeaderMap,
    Query(query): Query<CallbackQuery>,
    Json(body): Json<EmailOnly>,
) -> Result<StatusCode, ApiError> {
    let callback_path = trust::shop_path(query.callback_url.as_deref(), "callbackUrl")?.to_owned();
    NamedForm::new(FormName::EmailAddress)
        .value("emailAddress", body.email_address.as_deref())
        .check()?;
    let email = store::normalize_email(&body.email_address.unwrap_or_default());
    limits::check(&state, Limit::ForgotPassword, &[&client.ip, &email]).await?;
    let origin = link_origin(&state, context, &headers).await?;
    tokio::spawn(async move {
        if let Err(error) = send_password_reset(&state, &email, &callback_path, &origin).await {
            tracing::warn!(%error, "could not send a password-reset mail");
        }
    });
    Ok(StatusCode::NO_CONTENT)
}

async fn send_password_reset(
    state: &AppState,
    email: &str,
    callback_path: &str,
    origin: &url::Url,
) -> Result<(), ApiError> {
    let pool = state.db.pool();
    let Some(account) = store::by_email(pool, email).await? else {
        return Ok(());
    };
    let token = issue_token(
        state,
        &account.account_id,
        TokenPurpose::PasswordReset,
        state.lifetimes.reset_token,
        None,
    )
    .await?;
    let link = trust::link_with_token(origin, callback_path, &token, &account.account_id)?;
    send_account_mail(
        state,
        Mail::PasswordReset,
        &account.email_address,
        &account,
        &link,
    )
    .await
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct ResendQuery {
    /// The account id (the link of an expired activation mail has it); without it, the body's
    /// `emailAddress` names the account.
    #[serde(default)]
    user_id: Option<String>,
    /// A path of the shop, e.g. `/account/activate`; the link adds the token and account id.
    #[param(required = true)]
    #[serde(default)]
    callback_url: Option<String>,
}

/// The resend page's form: the e-mail address the customer registered with. Used when there
/// is no `userId` in the query.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ResendBody {
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    email_address: Option<String>,
}

/// The `captcha` header: the token of a solved captcha, when the shop checks captchas.
#[derive(IntoParams)]
#[into_params(parameter_in = Header)]
pub struct CaptchaHeader {
    /// The captcha token.
    pub captcha: Option<String>,
}

/// Whose activation mail is sent again.
enum ResendTo {
    Account(String),
    EmailAddress(String),
}

/// Sends a new activation mail to an account that is not activated yet, named by `userId`
/// (the link of an expired activation mail) or by the e-mail address in the body (the resend
/// page). Answers the same for unknown and already activated
/// accounts and addresses; for an address the look-up and the mail happen after the answer,
/// so neither the answer nor its timing tells whether the address has an account.
#[utoipa::path(
    post,
    path = "/api/account/resendconfirmation",
    tag = "account",
    operation_id = "resendConfirmation",
    params(ResendQuery, OptionalSiteHeaders, CaptchaHeader),
    request_body(content = Option<ResendBody>, description = "`{\"emailAddress\": …}` when the query has no `userId`; may be empty or `{}` otherwise"),
    responses(
        (status = 204, description = "Accepted; a mail goes out if the account awaits activation"),
        (status = 400, description = "No callbackUrl, neither userId nor a valid e-mail address (`fieldErrors.emailAddress`), or `errors.captcha`", body = ErrorBody),
        (status = 403, description = "A signed-in call from another site: no JSON body or `siteid` header, or a foreign `Origin`", body = ErrorBody),
        (status = 429, description = "Too many requests from this client or for this account or address", body = ErrorBody),
    )
)]
async fn resend_confirmation(
    State(state): State<AppState>,
    context: RequestContext,
    client: Client,
    headers: HeaderMap,
    Query(query): Query<ResendQuery>,
    body: axum::body::Bytes,
) -> Result<StatusCode, ApiError> {
    let callback_path = trust::shop_path(query.callback_url.as_deref(), "callbackUrl")?.to_owned();
    let user_id = query
        .user_id
        .as_deref()
        .map(str::trim)
        .filter(|id| !id.is_empty());
    let to = match user_id {
        Some(user_id) => ResendTo::Account(user_id.to_owned()),
        None => {
            let body: ResendBody = if body.iter().all(u8::is_ascii_whitespace) {
                ResendBody {
                    email_address: None,
                }
            } else {
                crate::platform::extract::parse_json(&body)?
            };
            NamedForm::new(FormName::EmailAddress)
                .value("emailAddress", body.email_address.as_deref())
                .check()?;
            ResendTo::EmailAddress(store::normalize_email(
                &body.email_address.unwrap_or_default(),
            ))
        }
    };
    let subject = match &to {
        ResendTo::Account(id) => id.clone(),
        ResendTo::EmailAddress(email) => format!("email:{email}"),
    };
    limits::check(&state, Limit::ResendConfirmation, &[&client.ip, &subject]).await?;
    let captcha = headers
        .get(CAPTCHA_HEADER)
        .and_then(|value| value.to_str().ok());
    state.captcha.verify(captcha, &client.ip).await?;
    let origin = link_origin(&state, context, &headers).await?;
    match to {
        // An account id is unguessable and comes from the shop's own mail: sent at once.
        ResendTo::Account(_) => send_activation_again(&state, to, &callback_path, &origin).await?,
        // An address is anybody's guess: answered first, looked up and mailed afterwards.
        ResendTo::EmailAddress(_) => {
            tokio::spawn(async move {
                if let Err(error) = send_activation_again(&state, to, &callback_path, &origin).await
                {
                    tracing::warn!(%error, "could not send an activation mail again");
                }
            });
        }
    }
    Ok(StatusCode::NO_CONTENT)
}

async fn send_activation_again(
    state: &AppState,
    to: ResendTo,
    callback_path: &str,
    origin: &url::Url,
) -> Result<(), ApiError> {
    let pool = state.db.pool();
    let account = match to {
        ResendTo::Account(id) => store::by_id(pool, &id).await?,
        ResendTo::EmailAddress(email) => store::by_email(pool, &email).await?,
    };
    let Some(account) = account.filter(|account| account.activated_at.is_none()) else {
        return Ok(());
    };
    let token = issue_token(
        state,
        &account.account_id,
        TokenPurpose::Activation,
        state.lifetimes.activation_token,
        None,
    )
    .await?;
    let link = trust::link_with_token(origin, callback_path, &token, &account.account_id)?;
    send_account_mail(
        state,
        Mail::Activation,
        &account.email_address,
        &account,
        &link,
    )
    .await
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct NewPassword {
    #[schema(required = true, value_type = String)]
    #[serde(default)]
    new_password: Option<String>,
}

/// Sets a new password with the token of a password-reset mail; every session of the
/// account ends.
#[utoipa::path(
    post,
    path = "/api/account/{userId}/resetpassword",
    tag = "account",
    operation_id = "resetPassword",
    params(("userId" = String, Path, description = "The account id"), TokenQuery),
    request_body = NewPassword,
    responses(
        (status = 204, description = "The password is changed"),
        (status = 400, description = "An invalid password, no token, or `errors.resetTokenExpired`", body = ErrorBody),
        (status = 403, description = "A signed-in call from another site: no JSON body or `siteid` header, or a foreign `Origin`", body = ErrorBody),
    )
)]
async fn reset_password(
    State(state): State<AppState>,
    Path(user_id): Path<String>,
    Query(query): Query<TokenQuery>,
    Json(body): Json<NewPassword>,
) -> Result<StatusCode, ApiError> {
    let token = required_param(&query.token, "token")?;
    NamedForm::new(FormName::NewPassword)
        .value("newPassword", body.new_password.as_deref())
        .check()?;
    let pool = state.db.pool();
    let expired = || {
        ApiError::refused(
            StatusCode::BAD_REQUEST,
            "errors.resetTokenExpired",
            "The password link is no longer valid; use forgot password again",
        )
    };
    let password_hash = passwords::hash(body.new_password.unwrap_or_default()).await?;
    let mut transaction = pool.begin().await?;
    store::consume_token(
        &mut transaction,
        &user_id,
        TokenPurpose::PasswordReset,
        token,
    )
    .await?
    .ok_or_else(expired)?;
    store::set_password_hash(&mut transaction, &user_id, &password_hash).await?;
    // Whoever knew the old password is signed out everywhere.
    store::end_sessions(&mut transaction, &user_id, None).await?;
    transaction.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PasswordChange {
    #[schema(required = true, value_type = String)]
    #[serde(default)]
    current_password: Option<String>,
    #[schema(required = true, value_type = String)]
    #[serde(default)]
    new_password: Option<String>,
}

/// Changes the password of the signed-in account; every other session of it ends.
#[utoipa::path(
    post,
    path = "/api/account/changepassword",
    tag = "account",
    operation_id = "changePassword",
    request_body = PasswordChange,
    responses(
        (status = 204, description = "The password is changed"),
        (status = 400, description = "A field is missing or invalid, or the current password is wrong", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A signed-in call from another site: no JSON body or `siteid` header, or a foreign `Origin`", body = ErrorBody),
        (status = 429, description = "Too many wrong passwords", body = ErrorBody),
    )
)]
async fn change_password(
    State(state): State<AppState>,
    signed_in: SignedIn,
    client: Client,
    Json(body): Json<PasswordChange>,
) -> Result<StatusCode, ApiError> {
    NamedForm::new(FormName::PasswordChange)
        .value("currentPassword", body.current_password.as_deref())
        .value("newPassword", body.new_password.as_deref())
        .check()?;
    let attempt = limits::check(
        &state,
        Limit::PasswordCheck,
        &[&client.ip, &signed_in.account_id],
    )
    .await?;
    let pool = state.db.pool();
    let account = store::by_id(pool, &signed_in.account_id)
        .await?
        .ok_or(ApiError::Unauthorized)?;
    let current = body.current_password.unwrap_or_default();
    if !passwords::verify(current, account.password_hash).await? {
        return Err(ApiError::field(
            "currentPassword",
            "validation.currentPasswordWrong",
            "Het huidige wachtwoord klopt niet",
        ));
    }
    attempt.succeeded(&state).await?;
    let password_hash = passwords::hash(body.new_password.unwrap_or_default()).await?;
    let mut transaction = pool.begin().await?;
    store::set_password_hash(&mut transaction, &account.account_id, &password_hash).await?;
    let keep = client.session_id.as_deref();
    store::end_sessions(&mut transaction, &account.account_id, keep).await?;
    transaction.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct EmailChange {
    #[schema(required = true, value_type = String)]
    #[serde(default)]
    new_email_address: Option<String>,
    #[schema(required = true, value_type = String)]
    #[serde(default)]
    password: Option<String>,
}

/// Starts an e-mail address change: a confirmation link goes to the new address, and the
/// address changes when it is opened.
#[utoipa::path(
    post,
    path = "/api/account/changeemailaddress",
    tag = "account",
    operation_id = "changeEmailAddress",
    params(CallbackQuery, OptionalSiteHeaders),
    request_body = EmailChange,
    responses(
        (status = 202, description = "The confirmation mail is sent to the new address"),
        (status = 400, description = "A field is missing or invalid, or the password is wrong", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A signed-in call from another site: no JSON body or `siteid` header, or a foreign `Origin`", body = ErrorBody),
        (status = 409, description = "`errors.emailInUse`: another account has the new address", body = ErrorBody),
        (status = 429, description = "Too many wrong passwords", body = ErrorBody),
    )
)]
async fn change_email_address(
    State(state): State<AppState>,
    signed_in: SignedIn,
    context: RequestContext,
    client: Client,
    headers: HeaderMap,
    Query(query): Query<CallbackQuery>,
    Json(body): Json<EmailChange>,
) -> Result<StatusCode, ApiError> {
    let callback_path = trust::shop_path(query.callback_url.as_deref(), "callbackUrl")?;
    NamedForm::new(FormName::EmailChange)
        .value("newEmailAddress", body.new_email_address.as_deref())
        .value("password", body.password.as_deref())
        .check()?;
    let attempt = limits::check(
        &state,
        Limit::PasswordCheck,
        &[&client.ip, &signed_in.account_id],
    )
    .await?;
    let pool = state.db.pool();
    let account = store::by_id(pool, &signed_in.account_id)
        .await?
        .ok_or(ApiError::Unauthorized)?;
    if !passwords::verify(
        body.password.unwrap_or_default(),
        account.password_hash.clone(),
    )
    .await?
    {
        return Err(ApiError::field(
            "password",
            "validation.currentPasswordWrong",
            "Het huidige wachtwoord klopt niet",
        ));
    }
    attempt.succeeded(&state).await?;
    let new_email = store::normalize_email(&body.new_email_address.unwrap_or_default());
    if store::by_email(pool, &new_email).await?.is_some() {
        return Err(ApiError::refused(
            StatusCode::CONFLICT,
            "errors.emailInUse",
            "An account with this e-mail address already exists",
        ));
    }
    let token = issue_token(
        &state,
        &account.account_id,
        TokenPurpose::EmailChange,
        state.lifetimes.email_change_token,
        Some(&new_email),
    )
    .await?;
    let origin = link_origin(&state, context, &headers).await?;
    let link = trust::link_with_token(&origin, callback_path, &token, &account.account_id)?;
    send_account_mail(&state, Mail::EmailChange, &new_email, &account, &link).await?;
    Ok(StatusCode::ACCEPTED)
}

/// Confirms an e-mail address change with the token of the confirmation mail; every other
/// session of the account ends.
#[utoipa::path(
    post,
    path = "/api/account/{userId}/confirmemailaddress",
    tag = "account",
    operation_id = "confirmEmailAddress",
    params(("userId" = String, Path, description = "The account id"), TokenQuery),
    responses(
        (status = 204, description = "The address is changed"),
        (status = 400, description = "No token, or `errors.emailChangeTokenExpired`", body = ErrorBody),
        (status = 403, description = "A signed-in call from another site: no JSON body or `siteid` header, or a foreign `Origin`", body = ErrorBody),
        (status = 409, description = "`errors.emailInUse`: another account took the address meanwhile", body = ErrorBody),
    )
)]
async fn confirm_email_address(
    State(state): State<AppState>,
    client: Client,
    Path(user_id): Path<String>,
    Query(query): Query<TokenQuery>,
) -> Result<StatusCode, ApiError> {
    let token = required_param(&query.token, "token")?;
    let pool = state.db.pool();
    let expired = || {
        ApiError::refused(
            StatusCode::BAD_REQUEST,
            "errors.emailChangeTokenExpired",
            "The confirmation link is no longer valid",
        )
    };
    // The address signs in now: every session but the one confirming (if it is the owner's) ends.
    let keep = match &client.session_id {
        Some(session_id)
            if session::account_of_session(&state, session_id)
                .await?
                .as_deref()
                == Some(user_id.as_str()) =>
        {
            Some(session_id.as_str())
        }
        _ => None,
    };
    let mut transaction = pool.begin().await?;
    let new_email =
        store::consume_token(&mut transaction, &user_id, TokenPurpose::EmailChange, token)
            .await?
            .flatten()
            .ok_or_else(expired)?;
    if !store::set_email(&mut transaction, &user_id, &new_email).await? {
        return Err(ApiError::refused(
            StatusCode::CONFLICT,
            "errors.emailInUse",
            "An account with this e-mail address already exists",
        ));
    }
    store::end_sessions(&mut transaction, &user_id, keep).await?;
    transaction.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The signed-in account, with its cart, profile and unread scan results.
#[utoipa::path(
    get,
    path = "/api/account",
    tag = "account",
    operation_id = "getAccount",
    responses(
        (status = 200, description = "The account", body = AccountView),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn get_account(
    State(state): State<AppState>,
    signed_in: SignedIn,
) -> Result<crate::platform::extract::Json<AccountView>, ApiError> {
    let account = store::by_id(state.db.pool(), &signed_in.account_id)
        .await?
        .ok_or(ApiError::Unauthorized)?;
    let pool = state.db.pool();
    let mut view = AccountView::from(account);
    view.shoppingcart_id = crate::cart::cart_of_account(pool, &view.user_id).await?;
    view.unread_quickscan_results =
        crate::laboratory::results::unread_count(pool, &view.user_id).await?;
    let profile = profile::profile_of(pool, &view.user_id).await?;
    view.company = profile.company();
    view.billing = profile.billing();
    view.shipping = profile.shipping();
    view.mobile_phone = profile.mobile_phone.clone();
    view.alternative_shipping_address = profile.alternative_shipping_address.into();
    Ok(crate::platform::extract::Json(view))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AccountUpdate {
    #[schema(required = true, value_type = String)]
    #[serde(default)]
    first_name: Option<String>,
    #[schema(required = true, value_type = String)]
    #[serde(default)]
    last_name: Option<String>,
    #[serde(default)]
    phone_number: Option<String>,
    #[serde(default)]
    language_id: Option<i64>,
    #[serde(default)]
    newsletter: bool,
}

/// Changes the personal data, newsletter opt-in and language of the signed-in account.
#[utoipa::path(
    put,
    path = "/api/account",
    tag = "account",
    operation_id = "updateAccount",
    params(OptionalCallbackQuery),
    request_body = AccountUpdate,
    responses(
        (status = 200, description = "The account as changed", body = AccountView),
        (status = 400, description = "A field is missing or invalid, or the language is unknown", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A signed-in call from another site: no JSON body or `siteid` header, or a foreign `Origin`", body = ErrorBody),
    )
)]
async fn update_account(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Query(query): Query<OptionalCallbackQuery>,
    Json(body): Json<AccountUpdate>,
) -> Result<crate::platform::extract::Json<AccountView>, ApiError> {
    if query.callback_url.is_some() {
        trust::shop_path(query.callback_url.as_deref(), "callbackUrl")?;
    }
    NamedForm::new(FormName::PersonalDetails)
        .value("firstName", body.first_name.as_deref())
        .value("lastName", body.last_name.as_deref())
        .value("phoneNumber", body.phone_number.as_deref())
        .check()?;
    let pool = state.db.pool();
    if let Some(language_id) = body.language_id {
        if !store::language_exists(pool, language_id).await? {
            return Err(ApiError::field(
                "languageId",
                "validation.invalid",
                format!("language {language_id} does not exist"),
            ));
        }
    }
    let data = PersonalData {
        first_name: body.first_name.as_deref().unwrap_or_default(),
        last_name: body.last_name.as_deref().unwrap_or_default(),
        phone_number: body.phone_number.as_deref().unwrap_or_default(),
        language_id: body.language_id,
        newsletter: body.newsletter,
    };
    store::update_personal_data(pool, &signed_in.account_id, &data).await?;
    get_account(State(state), signed_in).await
}
