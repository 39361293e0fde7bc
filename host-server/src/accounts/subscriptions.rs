//! Subscriptions: recurring feed deliveries. The customer lists them, changes the delivery
//! interval, and activates, pauses, resumes or closes one; which change is allowed in which
//! status is the engine's rule ([`engine::subscription`]). A refused change is a 409 with the
//! engine's code `subscription_transition`; another customer's subscription is a 404.

use axum::extract::State;
use axum::http::StatusCode;
use engine::ids::{PaymentMethodId, ProductId, ProductVariantId};
use engine::locale::CalendarDate;
use engine::subscription::{SubscriptionAction, SubscriptionStatus};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::store::subscriptions as store;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path};
use crate::platform::session::SignedIn;
use crate::{AppState, platform::clock};

/// The routes of this area.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(one))
        .routes(routes!(change_interval))
        .routes(routes!(activate))
        .routes(routes!(pause))
        .routes(routes!(resume))
        .routes(routes!(close))
}

/// A subscription.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Subscription)]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionView {
    pub subscription_id: String,
    pub site_id: i64,
    pub product_variant_id: ProductVariantId,
    /// The variant's product; `null` when the variant is gone from the catalog.
    pub product_id: Option<ProductId>,
    pub quantity: i64,
    /// Weeks between deliveries.
    pub interval_weeks: i64,
    pub status: SubscriptionStatus,
    /// `YYYY-MM-DD`.
    #[schema(format = Date)]
    pub start_date: Option<String>,
    /// `YYYY-MM-DD`.
    #[schema(format = Date)]
    pub next_delivery_date: Option<String>,
    pub payment_method_id: Option<PaymentMethodId>,
    /// The actions the engine allows in the current status, so the page shows only the
    /// buttons that work.
    pub allowed_actions: Vec<SubscriptionAction>,
    /// Whether the delivery interval may still change.
    pub interval_can_change: bool,
}

async fn with_product(
    pool: &sqlx::AnyPool,
    row: store::SubscriptionRow,
) -> Result<SubscriptionView, ApiError> {
    let status: SubscriptionStatus = row.status.parse().map_err(|_| {
        ApiError::Internal(format!(
            "subscription {} has status {}",
            row.subscription_id, row.status
        ))
    })?;
    let mut view = SubscriptionView {
        subscription_id: row.subscription_id,
        site_id: row.site_id,
        product_variant_id: row.product_variant_id,
        product_id: None,
        quantity: row.quantity,
        interval_weeks: row.interval_weeks,
        status,
        start_date: row.start_date,
        next_delivery_date: row.next_delivery_date,
        payment_method_id: row.payment_method_id,
        allowed_actions: Vec::new(),
        interval_can_change: false,
    };
    view.product_id = store::product_of_variant(pool, view.product_variant_id).await?;
    view.allowed_actions = SubscriptionAction::ALL
        .into_iter()
        .filter(|action| status.after(*action).is_some())
        .collect();
    view.interval_can_change = status.interval_can_change();
    // Only a delivering subscription has a next delivery; a paused one keeps its planned
    // date for resuming, which is not shown as a delivery.
    if !status.delivers() {
        view.next_delivery_date = None;
    }
    Ok(view)
}

/// The customer's subscriptions (recurring feed deliveries).
#[utoipa::path(
    get,
    path = "/api/account/subscriptions",
    tag = "account",
    operation_id = "listSubscriptions",
    responses(
        (status = 200, description = "The subscriptions", body = Vec<SubscriptionView>),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn list(
    State(state): State<AppState>,
    signed_in: SignedIn,
) -> Result<crate::platform::extract::Json<Vec<SubscriptionView>>, ApiError> {
    let pool = state.db.pool();
    let rows = store::subscriptions_of_account(pool, &signed_in.account_id).await?;
    let mut items = Vec::with_capacity(rows.len());
    for row in rows {
        items.push(with_product(pool, row).await?);
    }
    Ok(crate::platform::extract::Json(items))
}

async fn find(
    state: &AppState,
    account_id: &str,
    subscription_id: &str,
) -> Result<SubscriptionView, ApiError> {
    let pool = state.db.pool();
    let row = store::subscription_of_account(pool, subscription_id, account_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    with_product(pool, row).await
}

/// One of the customer's subscriptions.
#[utoipa::path(
    get,
    path = "/api/account/subscriptions/{subscriptionId}",
    tag = "account",
    operation_id = "getSubscription",
    params(("subscriptionId" = String, Path, description = "The subscription id")),
    responses(
        (status = 200, description = "The subscription", body = SubscriptionView),
        (status = 400, description = "The subscription id is not valid text", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No subscription of this customer has this id", body = ErrorBody),
    )
)]
async fn one(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(subscription_id): Path<String>,
) -> Result<crate::platform::extract::Json<SubscriptionView>, ApiError> {
    Ok(crate::platform::extract::Json(
        find(&state, &signed_in.account_id, &subscription_id).await?,
    ))
}

fn refused(error: engine::EngineError) -> ApiError {
    ApiError::Refused {
        status: StatusCode::CONFLICT,
        code: "errors.subscriptionTransition",
        message: error.to_string(),
    }
}

/// A new delivery interval.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct IntervalBody {
    /// Weeks between deliveries, 2 to 12.
    #[schema(required = true, value_type = i64, minimum = 1, maximum = 26)]
    #[serde(default)]
    interval_weeks: Option<i64>,
}

/// Changes the delivery interval; refused (409) for a closed subscription.
#[utoipa::path(
    put,
    path = "/api/account/subscriptions/{subscriptionId}/interval",
    tag = "account",
    operation_id = "changeSubscriptionInterval",
    params(("subscriptionId" = String, Path, description = "The subscription id")),
    request_body = IntervalBody,
    responses(
        (status = 200, description = "The subscription as changed", body = SubscriptionView),
        (status = 400, description = "No interval, or one outside 2 to 12 weeks", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A signed-in call from another site: no JSON body or `siteid` header, or a foreign `Origin`", body = ErrorBody),
        (status = 404, description = "No subscription of this customer has this id", body = ErrorBody),
        (status = 409, description = "`errors.subscriptionTransition`: the status does not allow the change", body = ErrorBody),
    )
)]
async fn change_interval(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(subscription_id): Path<String>,
    Json(body): Json<IntervalBody>,
) -> Result<crate::platform::extract::Json<SubscriptionView>, ApiError> {
    let current = find(&state, &signed_in.account_id, &subscription_id).await?;
    let weeks = body
        .interval_weeks
        .ok_or_else(|| ApiError::required("intervalWeeks"))?;
    let weeks = engine::subscription::check_interval(weeks).map_err(|error| {
        ApiError::field(
            "intervalWeeks",
            "validation.invalidInterval",
            error.to_string(),
        )
    })?;
    let status = current.status;
    if !status.interval_can_change() {
        return Err(ApiError::Refused {
            status: StatusCode::CONFLICT,
            code: "errors.subscriptionTransition",
            message: format!("a subscription that is {status} cannot change its interval"),
        });
    }
    store::set_interval(
        state.db.pool(),
        &subscription_id,
        &signed_in.account_id,
        i64::from(weeks),
        clock::now(),
    )
    .await?;
    Ok(crate::platform::extract::Json(
        find(&state, &signed_in.account_id, &subscription_id).await?,
    ))
}

/// Applies an action: the engine decides whether it is allowed and the next delivery is
/// planned one interval after today when deliveries (re)start, and cleared when they stop.
async fn apply(
    state: &AppState,
    account_id: &str,
    subscription_id: &str,
    action: SubscriptionAction,
) -> Result<SubscriptionView, ApiError> {
    let current = find(state, account_id, subscription_id).await?;
    let status = current.status;
    let next = status.apply(action).map_err(refused)?;
    let today = clock::today_date()?;
    let weeks =
        u32::try_from(current.interval_weeks).unwrap_or(engine::subscription::MIN_INTERVAL_WEEKS);
    // The stored date: the view leaves it out while paused.
    let stored_next =
        store::stored_next_delivery(state.db.pool(), subscription_id, account_id).await?;
    let planned = stored_next
        .as_deref()
        .and_then(|date| CalendarDate::parse_iso(date).ok());
    let (start_date, next_delivery) = match next {
        _ if next.delivers() => (
            current.start_date.clone().or_else(|| Some(today.to_iso())),
            engine::subscription::next_delivery_on_restart(planned, today, weeks)
                .map(CalendarDate::to_iso),
        ),
        // A pause keeps the planned date, so resuming goes on with the same rhythm.
        SubscriptionStatus::Paused => (current.start_date.clone(), stored_next),
        _ => (current.start_date.clone(), None),
    };
    // Only the status read above is changed, so two concurrent changes cannot both apply.
    let updated = store::change_status(
        state.db.pool(),
        store::StatusChange {
            subscription_id,
            account_id,
            from: status.as_str(),
            to: next.as_str(),
            start_date,
            next_delivery_date: next_delivery,
            now: clock::now(),
        },
    )
    .await?;
    if !updated {
        return Err(ApiError::Refused {
            status: StatusCode::CONFLICT,
            code: "errors.subscriptionTransition",
            message: "the subscription changed meanwhile; load it again".to_owned(),
        });
    }
    find(state, account_id, subscription_id).await
}

/// Activates a saved subscription.
#[utoipa::path(
    post,
    path = "/api/account/subscriptions/{subscriptionId}/activate",
    tag = "account",
    operation_id = "activateSubscription",
    params(("subscriptionId" = String, Path, description = "The subscription id")),
    responses(TransitionAnswers)
)]
async fn activate(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<String>,
) -> Result<crate::platform::extract::Json<SubscriptionView>, ApiError> {
    Ok(crate::platform::extract::Json(
        apply(
            &state,
            &signed_in.account_id,
            &id,
            SubscriptionAction::Activate,
        )
        .await?,
    ))
}

/// Pauses an activated subscription.
#[utoipa::path(
    post,
    path = "/api/account/subscriptions/{subscriptionId}/pause",
    tag = "account",
    operation_id = "pauseSubscription",
    params(("subscriptionId" = String, Path, description = "The subscription id")),
    responses(TransitionAnswers)
)]
async fn pause(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<String>,
) -> Result<crate::platform::extract::Json<SubscriptionView>, ApiError> {
    Ok(crate::platform::extract::Json(
        apply(
            &state,
            &signed_in.account_id,
            &id,
            SubscriptionAction::Pause,
        )
        .await?,
    ))
}

/// Resumes a paused subscription.
#[utoipa::path(
    post,
    path = "/api/account/subscriptions/{subscriptionId}/resume",
    tag = "account",
    operation_id = "resumeSubscription",
    params(("subscriptionId" = String, Path, description = "The subscription id")),
    responses(TransitionAnswers)
)]
async fn resume(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<String>,
) -> Result<crate::platform::extract::Json<SubscriptionView>, ApiError> {
    Ok(crate::platform::extract::Json(
        apply(
            &state,
            &signed_in.account_id,
            &id,
            SubscriptionAction::Resume,
        )
        .await?,
    ))
}

/// Closes a subscription (final).
#[utoipa::path(
    post,
    path = "/api/account/subscriptions/{subscriptionId}/close",
    tag = "account",
    operation_id = "closeSubscription",
    params(("subscriptionId" = String, Path, description = "The subscription id")),
    responses(TransitionAnswers)
)]
async fn close(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<String>,
) -> Result<crate::platform::extract::Json<SubscriptionView>, ApiError> {
    Ok(crate::platform::extract::Json(
        apply(
            &state,
            &signed_in.account_id,
            &id,
            SubscriptionAction::Close,
        )
        .await?,
    ))
}

/// The answers of a status change (pause, resume, cancel); only documents them.
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)]
enum TransitionAnswers {
    /// The subscription as changed
    #[response(status = 200)]
    Changed(SubscriptionView),
    /// The subscription id is not valid text
    #[response(status = 400)]
    BadRequest(ErrorBody),
    /// Not signed in
    #[response(status = 401)]
    NotSignedIn(ErrorBody),
    /// A signed-in call from another site: no JSON body or `siteid` header, or a foreign `Origin`
    #[response(status = 403)]
    Forbidden(ErrorBody),
    /// No subscription of this customer has this id
    #[response(status = 404)]
    NotFound(ErrorBody),
    /// `errors.subscriptionTransition`: the status does not allow the change
    #[response(status = 409)]
    Conflict(ErrorBody),
}
