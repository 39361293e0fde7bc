//! Silo delivery for larger yards: whether the offer shows (the
//! engine's [`engine::feed::silo_interest`] with the site's threshold), the dealers that
//! deliver by silo, and the silo-interest form, stored and mailed to the site's customer
//! service.

use axum::extract::State;
use axum::http::StatusCode;
use engine::feed::{SiloRequest, SiloThreshold};
use engine::locale::Culture;
use engine::validation::{Message, Rule};
use serde::{Deserialize, Serialize};
use sqlx::AnyPool;

use super::store::Interest;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::openapi::SiteHeaders;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Query};
use crate::platform::request_context::RequestContext;
use crate::platform::session::Client;
use crate::platform::validation::Form;
use crate::{AppState, platform::clock, platform::secrets};

/// The routes of this part.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(check))
        .routes(routes!(register))
}

/// `?horses=&feedKgPerMonth=`.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
struct CheckQuery {
    /// The horses on the yard (0 to 100000).
    #[param(value_type = Option<u32>, minimum = 0, maximum = 100000)]
    #[serde(default)]
    horses: Option<String>,
    /// The kilograms of feed the yard uses a month (0 to 10000000).
    #[param(value_type = Option<u32>, minimum = 0, maximum = 10000000)]
    #[serde(default)]
    feed_kg_per_month: Option<String>,
}

/// A dealer that delivers by silo.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SiloDealer {
    pub dealer_id: i64,
    pub name: String,
    pub city: String,
    pub phone: String,
    pub website: Option<String>,
}

/// Whether to offer silo delivery, and who delivers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SiloCheck {
    /// True when the offer shows.
    pub interested: bool,
    /// The number of horses reaches the site's threshold.
    pub by_horses: bool,
    /// The feed is over the feed threshold.
    pub by_feed: bool,
    /// From this many horses the site offers silo delivery (15, or 12 for the Belgian Dutch and
    /// the German variant).
    pub horse_threshold: u32,
    /// Over this many kilograms of feed.
    pub feed_kg_threshold: u32,
    /// `feed.siloInterest` when interested.
    pub message: Option<Message>,
    /// Dealers of the site's brand that deliver by silo.
    pub dealers: Vec<SiloDealer>,
}

fn count(value: &Option<String>, field: &str, max: u32) -> Result<u32, ApiError> {
    match value
        .as_deref()
        .map(str::trim)
        .filter(|text| !text.is_empty())
    {
        None => Ok(0),
        Some(text) => text
            .parse::<u32>()
            .ok()
            .filter(|number| *number <= max)
            .ok_or_else(|| {
                ApiError::field(
                    field,
                    "validation.invalid",
                    format!("{field} must be a whole number from 0 to {max}"),
                )
            }),
    }
}

/// The engine's threshold variant of a site in a culture: the site's number of horses (its
/// culture override first); 12 is the reduced variant, anything else the standard one.
async fn threshold(
    pool: &AnyPool,
    site_id: i64,
    culture: Culture,
) -> Result<SiloThreshold, ApiError> {
    let (standard, by_culture) = super::store::silo_thresholds(pool, site_id).await?;
    let overrides: std::collections::BTreeMap<Culture, i64> = serde_json::from_str(&by_culture)
        .map_err(|error| ApiError::Internal(format!("site {site_id} silo thresholds: {error}")))?;
    let horses = overrides.get(&culture).copied().unwrap_or(standard);
    Ok(if i64::from(SiloThreshold::Reduced.horses()) == horses {
        SiloThreshold::Reduced
    } else {
        SiloThreshold::Standard
    })
}

/// Whether silo delivery is offered to a yard of `horses` horses using `feedKgPerMonth` kg of
/// feed on this site (the engine decides: from 15 horses, 12 for the Belgian Dutch and the
/// German variant, or over 1000 kg), with the brand's dealers that deliver by silo.
#[utoipa::path(
    get,
    path = "/api/feedcalculator/silo",
    tag = "feed",
    operation_id = "checkSiloInterest",
    params(CheckQuery, SiteHeaders),
    responses(
        (status = 200, description = "Whether the silo offer shows", body = SiloCheck),
        (status = 400, description = "A count that is not a whole number in range, or a missing or unknown site or language", body = ErrorBody),
    )
)]
async fn check(
    State(state): State<AppState>,
    context: RequestContext,
    Query(query): Query<CheckQuery>,
) -> Result<Json<SiloCheck>, ApiError> {
    let pool = state.db.pool();
    let site = crate::sites::site_language(pool, context).await?;
    let horses = count(&query.horses, "horses", 100_000)?;
    let feed_kg = count(&query.feed_kg_per_month, "feedKgPerMonth", 10_000_000)?;
    let threshold = threshold(pool, site.site_id, site.culture).await?;
    let result = engine::feed::silo_interest(&SiloRequest {
        horses,
        feed_kg,
        threshold,
    });
    let brand = super::brand_of(pool, site.site_id).await?;
    let rows = super::store::silo_dealers(pool).await?;
    let dealers = rows
        .into_iter()
        .filter(|(.., brands)| {
            serde_json::from_str::<Vec<String>>(brands).is_ok_and(|brands| brands.contains(&brand))
        })
        .map(|(dealer_id, name, city, phone, website, _)| SiloDealer {
            dealer_id,
            name,
            city,
            phone,
            website,
        })
        .collect();
    Ok(Json(SiloCheck {
        interested: result.interested,
        by_horses: result.by_horses,
        by_feed: result.by_feed,
        horse_threshold: threshold.horses(),
        feed_kg_threshold: engine::feed::FEED_KG_THRESHOLD,
        message: result.message,
        dealers,
    }))
}

/// The silo-interest form.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = SiloInterestRequest)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct InterestBody {
    /// The yard's name, at most 100 characters.
    #[schema(required = true)]
    #[serde(default)]
    yard: Option<String>,
    /// The horses on the yard, 1 to 100000.
    #[schema(required = true, minimum = 1, maximum = 100000)]
    #[serde(default)]
    horses: Option<i64>,
    /// Kilograms of feed a month, 0 to 10000000.
    #[schema(required = true, minimum = 0, maximum = 10000000)]
    #[serde(default)]
    feed_kg_per_month: Option<i64>,
    /// The contact person, at most 100 characters.
    #[schema(required = true)]
    #[serde(default)]
    name: Option<String>,
    #[schema(required = true)]
    #[serde(default)]
    email_address: Option<String>,
    #[serde(default)]
    phone_number: Option<String>,
    /// At most 1000 characters.
    #[serde(default)]
    message: Option<String>,
}

/// The registered interest.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = SiloInterest)]
#[serde(rename_all = "camelCase")]
pub struct Registered {
    pub interest_id: String,
}

fn bounded(value: Option<i64>, field: &str, min: i64, max: i64) -> Result<i64, ApiError> {
    let value = value.ok_or_else(|| ApiError::required(field))?;
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(ApiError::field(
            field,
            "validation.invalid",
            format!("{field} must be a whole number from {min} to {max}"),
        ))
    }
}

/// Registers a yard's interest in silo delivery: stored, and mailed to the site's customer
/// service, who contact the yard.
#[utoipa::path(
    post,
    path = "/api/feedcalculator/silointerest",
    tag = "feed",
    operation_id = "registerSiloInterest",
    params(SiteHeaders),
    request_body = InterestBody,
    responses(
        (status = 201, description = "Registered and mailed to customer service", body = Registered),
        (status = 400, description = "A field is missing or invalid, or a missing or unknown site or language", body = ErrorBody),
        (status = 429, description = "Too many forms from this address; see `Retry-After`", body = ErrorBody),
    )
)]
async fn register(
    State(state): State<AppState>,
    context: RequestContext,
    client: Client,
    Json(body): Json<InterestBody>,
) -> Result<(StatusCode, Json<Registered>), ApiError> {
    let pool = state.db.pool();
    let site = crate::sites::site_language(pool, context).await?;
    Form::new()
        .field(
            "yard",
            body.yard.as_deref(),
            crate::platform::validation::name_rules(),
        )
        .field(
            "name",
            body.name.as_deref(),
            crate::platform::validation::name_rules(),
        )
        .field(
            "emailAddress",
            body.email_address.as_deref(),
            crate::platform::validation::email_rules(),
        )
        .field(
            "phoneNumber",
            body.phone_number.as_deref(),
            vec![Rule::MaxLength { count: 20 }, Rule::Phone],
        )
        .field(
            "message",
            body.message.as_deref(),
            vec![Rule::MaxLength { count: 1000 }],
        )
        .check()?;
    let horses = bounded(body.horses, "horses", 1, 100_000)?;
    let feed_kg = bounded(body.feed_kg_per_month, "feedKgPerMonth", 0, 10_000_000)?;
    let email = crate::platform::email_address::normalize_email(
        body.email_address.as_deref().unwrap_or_default(),
    );
    crate::platform::limits::check(
        &state,
        crate::platform::limits::Limit::SiloInterest,
        &[&client.ip, &email],
    )
    .await?;
    let interest = Interest {
        interest_id: secrets::new_id(),
        site_id: site.site_id,
        yard: body.yard.as_deref().unwrap_or_default().trim().to_owned(),
        horses,
        feed_kg_per_month: feed_kg,
        name: body.name.as_deref().unwrap_or_default().trim().to_owned(),
        email_address: email,
        phone_number: body
            .phone_number
            .as_deref()
            .unwrap_or_default()
            .trim()
            .to_owned(),
        message: body
            .message
            .as_deref()
            .unwrap_or_default()
            .trim()
            .to_owned(),
    };
    super::store::insert_interest(pool, &interest, site.language_id, clock::now()).await?;
    let to = super::store::customer_service_address(pool, site.site_id).await?;
    mail_silo_interest(&state, &to, site.language_id, &interest).await?;
    Ok((
        StatusCode::CREATED,
        Json(Registered {
            interest_id: interest.interest_id,
        }),
    ))
}

/// The mail to customer service, from the mail templates like every other mail
/// (`silo_interest`), in the site's brand and the language the yard filled in the form in.
async fn mail_silo_interest(
    state: &AppState,
    to: &str,
    language_id: i64,
    interest: &Interest,
) -> Result<(), ApiError> {
    let mail = crate::platform::mail::Mail::SiloInterest(crate::platform::mail::SiloInterestMail {
        yard: interest.yard.clone(),
        horses: interest.horses,
        feed_kg_per_month: interest.feed_kg_per_month,
        name: interest.name.clone(),
        email_address: interest.email_address.clone(),
        phone_number: interest.phone_number.clone(),
        message: interest.message.clone(),
        reference: interest.interest_id.clone(),
    });
    let recipient = crate::platform::mail::Recipient {
        address: to,
        site_id: Some(interest.site_id),
        language_id: Some(language_id),
    };
    crate::platform::mail::deliver(state, recipient, &mail).await
}
