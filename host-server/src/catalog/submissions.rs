//! What shoppers send about products: a review (`POST /api/products/{productId}/reviews`),
//! checked with the engine's rules and kept as `pending` until the shop approves it, and a
//! back-in-stock reminder (`POST /api/products/variant/{productVariantId}/stockreminder`) on
//! sites with `enableStockReminderFeature`.

use crate::platform::extract::Json as JsonResponse;
use axum::extract::State;
use axum::http::StatusCode;
use engine::ids::{ProductId, ProductVariantId};
use engine::validation::FormName;
use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::store::reviews::{self, NewReview};
use super::store::stock_reminders;
use crate::openapi::SiteHeaders;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path, path_number};
use crate::platform::request_context::RequestContext;
use crate::platform::session::Client;
use crate::platform::validation::NamedForm;
use crate::{AppState, platform::clock};

/// A review as the shopper writes it.
#[derive(Deserialize, ToSchema)]
#[schema(as = ReviewSubmission)]
#[serde(rename_all = "camelCase")]
pub(super) struct ReviewBody {
    /// At most 100 characters.
    #[serde(default)]
    title: Option<String>,
    /// 1 to 5 (a whole number, or its text).
    #[serde(default)]
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 5)]
    rating: Option<RatingInput>,
    /// At least 5 words, at most 4000 characters.
    #[serde(default)]
    text: Option<String>,
    /// The reviewer's name, at most 50 characters.
    #[serde(default)]
    name: Option<String>,
}

/// A rating as sent: a number, a text, or something else (refused with the same message).
#[derive(Deserialize)]
#[serde(untagged)]
enum RatingInput {
    Whole(i64),
    Text(String),
    Other(IgnoredAny),
}

/// The answer to a submission.
#[derive(Serialize, ToSchema)]
#[schema(as = SubmissionStatus)]
#[serde(rename_all = "camelCase")]
pub(super) struct Submitted {
    status: SubmissionOutcome,
}

/// What became of a submission.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) enum SubmissionOutcome {
    /// A review awaits moderation.
    Pending,
    /// A back-in-stock reminder is registered.
    Registered,
}

fn rating_of(value: Option<&RatingInput>) -> Result<i64, ApiError> {
    let rating = match value {
        None => return Err(ApiError::required("rating")),
        Some(RatingInput::Whole(number)) => Some(*number),
        Some(RatingInput::Text(text)) => text.trim().parse().ok(),
        Some(RatingInput::Other(_)) => None,
    };
    rating
        .filter(|rating| (1..=5).contains(rating))
        .ok_or_else(|| ApiError::field("rating", "validation.invalid", "rating is 1 to 5"))
}

/// Writes a review (kept as pending until the shop approves it).
///
/// Checked with the engine's rules: title required (at most 100), text of at least 5 words,
/// name required (at most 50), rating 1 to 5. A signed-in customer's open review request for
/// the product is answered.
#[utoipa::path(
    post,
    path = "/api/products/{productId}/reviews",
    tag = "catalog",
    params(("productId" = i64, Path, description = "Product id"), SiteHeaders),
    request_body = ReviewBody,
    responses(
        (status = 201, description = "Received, pending approval", body = Submitted),
        (status = 400, description = "A field breaks a rule (`fieldErrors` names it), or a missing or unknown site or language", body = ErrorBody),
        (status = 404, description = "The site does not sell this product", body = ErrorBody),
        (status = 413, description = "The body is too large", body = ErrorBody),
        (status = 429, description = "Too many reviews from this address for the product; see `Retry-After`", body = ErrorBody),
    )
)]
pub(super) async fn write_review(
    State(state): State<AppState>,
    Path(id): Path<String>,
    context: RequestContext,
    client: Client,
    Json(body): Json<ReviewBody>,
) -> Result<(StatusCode, JsonResponse<Submitted>), ApiError> {
    let product_id: ProductId = path_number(&id, "productId")?;
    let site = crate::sites::site_language(state.db.pool(), context).await?;
    NamedForm::new(FormName::Review)
        .value("title", body.title.as_deref())
        .value("text", body.text.as_deref())
        .value("name", body.name.as_deref())
        .check()?;
    let rating = rating_of(body.rating.as_ref())?;
    crate::platform::limits::check(
        &state,
        crate::platform::limits::Limit::Review,
        &[&client.ip, &id],
    )
    .await?;
    let pool = state.db.pool();
    if !reviews::product_sold_on_site(pool, product_id, site.site_id).await? {
        return Err(ApiError::NotFound);
    }
    let account_id = match &client.session_id {
        Some(session) => crate::platform::session::account_of_session(&state, session).await?,
        None => None,
    };
    // An account's open request to review this product is answered with it.
    reviews::insert_pending(
        pool,
        NewReview {
            product_id,
            account_id,
            reviewer_name: body.name.as_deref().unwrap_or_default().trim(),
            language_id: site.language_id,
            site_id: site.site_id,
            rating,
            title: body.title.as_deref().unwrap_or_default().trim(),
            body: body.text.as_deref().unwrap_or_default().trim(),
            created_at: clock::now(),
        },
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        JsonResponse(Submitted {
            status: SubmissionOutcome::Pending,
        }),
    ))
}

/// Who to mail when the variant is back in stock.
#[derive(Deserialize, ToSchema)]
#[schema(as = StockReminderRequest)]
#[serde(rename_all = "camelCase")]
pub(super) struct ReminderBody {
    #[serde(default)]
    #[schema(required = true)]
    email_address: Option<String>,
}

/// Asks for a mail when the variant is back in stock.
///
/// On sites with `enableStockReminderFeature` (else 400 `errors.stockReminderUnavailable`);
/// asking again changes nothing.
#[utoipa::path(
    post,
    path = "/api/products/variant/{productVariantId}/stockreminder",
    tag = "catalog",
    params(("productVariantId" = i64, Path, description = "Variant id"), SiteHeaders),
    request_body = ReminderBody,
    responses(
        (status = 201, description = "Registered", body = Submitted),
        (status = 400, description = "An invalid e-mail address, a site without the feature, or a missing or unknown site or language", body = ErrorBody),
        (status = 404, description = "The site does not sell this variant", body = ErrorBody),
        (status = 413, description = "The body is too large", body = ErrorBody),
        (status = 429, description = "Too many reminders asked from this address; see `Retry-After`", body = ErrorBody),
    )
)]
pub(super) async fn remind_when_in_stock(
    State(state): State<AppState>,
    Path(id): Path<String>,
    context: RequestContext,
    client: Client,
    Json(body): Json<ReminderBody>,
) -> Result<(StatusCode, JsonResponse<Submitted>), ApiError> {
    let variant_id: ProductVariantId = path_number(&id, "productVariantId")?;
    let site = crate::sites::site_language(state.db.pool(), context).await?;
    NamedForm::new(FormName::EmailAddress)
        .value("emailAddress", body.email_address.as_deref())
        .check()?;
    let email = crate::platform::email_address::normalize_email(
        body.email_address.as_deref().unwrap_or_default(),
    );
    crate::platform::limits::check(
        &state,
        crate::platform::limits::Limit::StockReminder,
        &[&client.ip, &email],
    )
    .await?;
    let pool = state.db.pool();
    match stock_reminders::reminder_feature_if_sold(pool, site.site_id, variant_id).await? {
        None => return Err(ApiError::NotFound),
        Some(0) => {
            return Err(ApiError::refused(
                StatusCode::BAD_REQUEST,
                "errors.stockReminderUnavailable",
                "This site sends no back-in-stock mails",
            ));
        }
        Some(_) => {}
    }
    let email = crate::platform::email_address::normalize_email(
        body.email_address.as_deref().unwrap_or_default(),
    );
    if !stock_reminders::exists(pool, variant_id, &email).await? {
        let inserted = stock_reminders::insert(
            pool,
            variant_id,
            &email,
            site.site_id,
            site.language_id,
            clock::now_millis(),
        )
        .await;
        // The same address asking twice at the same moment: the first one counts.
        match inserted {
            Err(sqlx::Error::Database(error)) if error.is_unique_violation() => {}
            other => {
                other?;
            }
        }
    }
    Ok((
        StatusCode::CREATED,
        JsonResponse(Submitted {
            status: SubmissionOutcome::Registered,
        }),
    ))
}
