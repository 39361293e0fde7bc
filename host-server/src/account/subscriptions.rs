//! Subscriptions: recurring feed deliveries. The customer lists them, changes the delivery
//! interval, and activates, pauses, resumes or closes one; which change is allowed in which
//! status is the engine's rule ([`engine::subscription`]). A refused change is a 409 with the
//! engine's code `subscription_transition`; another customer's subscription is a 404.

use axum::Router;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{get, post, put};
use engine::locale::CalendarDate;
use engine::subscription::{SubscriptionAction, SubscriptionStatus};
use serde::{Deserialize, Serialize};

use crate::error::ApiError;
use crate::extract::Json;
use crate::session::SignedIn;
use crate::{AppState, clock};

/// The routes of this area.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/account/subscriptions", get(list))
        .route("/api/account/subscriptions/{subscription_id}", get(one))
        .route(
            "/api/account/subscriptions/{subscription_id}/interval",
            put(change_interval),
        )
        .route(
            "/api/account/subscriptions/{subscription_id}/activate",
            post(activate),
        )
        .route(
            "/api/account/subscriptions/{subscription_id}/pause",
            post(pause),
        )
        .route(
            "/api/account/subscriptions/{subscription_id}/resume",
            post(resume),
        )
        .route(
            "/api/account/subscriptions/{subscription_id}/close",
            post(close),
        )
}

/// A subscription.
#[derive(Debug, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionView {
    pub subscription_id: String,
    pub site_id: i64,
    pub product_variant_id: i64,
    #[sqlx(skip)]
    pub product_id: Option<i64>,
    pub quantity: i64,
    pub interval_weeks: i64,
    pub status: String,
    pub start_date: Option<String>,
    pub next_delivery_date: Option<String>,
    pub payment_method_id: Option<i64>,
    /// The actions the engine allows in the current status (`activate`, `pause`, `resume`,
    /// `close`), so the page shows only the buttons that work.
    #[sqlx(skip)]
    pub allowed_actions: Vec<&'static str>,
    /// Whether the delivery interval may still change.
    #[sqlx(skip)]
    pub interval_can_change: bool,
}

const COLUMNS: &str = "subscription_id, site_id, product_variant_id, quantity, interval_weeks, status, start_date, next_delivery_date, payment_method_id";

async fn with_product(
    pool: &sqlx::AnyPool,
    mut view: SubscriptionView,
) -> Result<SubscriptionView, sqlx::Error> {
    let product: Option<(i64,)> =
        sqlx::query_as("SELECT product_id FROM variants WHERE product_variant_id = $1")
            .bind(view.product_variant_id)
            .fetch_optional(pool)
            .await?;
    view.product_id = product.map(|(id,)| id);
    if let Ok(status) = view.status.parse::<SubscriptionStatus>() {
        view.allowed_actions = SubscriptionAction::ALL
            .into_iter()
            .filter(|action| status.after(*action).is_some())
            .map(SubscriptionAction::as_str)
            .collect();
        view.interval_can_change = status.interval_can_change();
    }
    Ok(view)
}

async fn list(
    State(state): State<AppState>,
    signed_in: SignedIn,
) -> Result<axum::Json<Vec<SubscriptionView>>, ApiError> {
    let pool = state.db.pool();
    let rows: Vec<SubscriptionView> = sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM subscriptions WHERE account_id = $1 ORDER BY subscription_id"
    ))
    .bind(&signed_in.account_id)
    .fetch_all(pool)
    .await?;
    let mut items = Vec::with_capacity(rows.len());
    for row in rows {
        items.push(with_product(pool, row).await?);
    }
    Ok(axum::Json(items))
}

async fn find(
    state: &AppState,
    account_id: &str,
    subscription_id: &str,
) -> Result<SubscriptionView, ApiError> {
    let pool = state.db.pool();
    let row: SubscriptionView = sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM subscriptions WHERE subscription_id = $1 AND account_id = $2"
    ))
    .bind(subscription_id)
    .bind(account_id)
    .fetch_optional(pool)
    .await?
    .ok_or(ApiError::NotFound)?;
    Ok(with_product(pool, row).await?)
}

async fn one(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(subscription_id): Path<String>,
) -> Result<axum::Json<SubscriptionView>, ApiError> {
    Ok(axum::Json(
        find(&state, &signed_in.account_id, &subscription_id).await?,
    ))
}

fn status_of(view: &SubscriptionView) -> Result<SubscriptionStatus, ApiError> {
    view.status.parse().map_err(|_| {
        ApiError::Internal(format!(
            "subscription {} has status {}",
            view.subscription_id, view.status
        ))
    })
}

fn refused(error: engine::EngineError) -> ApiError {
    ApiError::Refused {
        status: StatusCode::CONFLICT,
        code: "errors.subscriptionTransition",
        message: error.to_string(),
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct IntervalBody {
    #[serde(default)]
    interval_weeks: Option<i64>,
}

async fn change_interval(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(subscription_id): Path<String>,
    Json(body): Json<IntervalBody>,
) -> Result<axum::Json<SubscriptionView>, ApiError> {
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
    let status = status_of(&current)?;
    if !status.interval_can_change() {
        return Err(ApiError::Refused {
            status: StatusCode::CONFLICT,
            code: "errors.subscriptionTransition",
            message: format!("a subscription that is {status} cannot change its interval"),
        });
    }
    sqlx::query("UPDATE subscriptions SET interval_weeks = $1, updated_at = $2 WHERE subscription_id = $3 AND account_id = $4")
        .bind(i64::from(weeks))
        .bind(clock::now())
        .bind(&subscription_id)
        .bind(&signed_in.account_id)
        .execute(state.db.pool())
        .await?;
    Ok(axum::Json(
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
    let status = status_of(&current)?;
    let next = status.apply(action).map_err(refused)?;
    let today = CalendarDate::parse_iso(&clock::today())
        .map_err(|error| ApiError::Internal(format!("today: {error}")))?;
    let weeks =
        u32::try_from(current.interval_weeks).unwrap_or(engine::subscription::MIN_INTERVAL_WEEKS);
    let (start_date, next_delivery) = if next.delivers() {
        let next_delivery =
            engine::subscription::next_delivery(today, weeks).map(CalendarDate::to_iso);
        (
            current.start_date.clone().or_else(|| Some(today.to_iso())),
            next_delivery,
        )
    } else {
        (current.start_date.clone(), None)
    };
    // Only the status read above is changed, so two concurrent changes cannot both apply.
    let updated = sqlx::query(
        "UPDATE subscriptions SET status = $1, start_date = $2, next_delivery_date = $3, updated_at = $4 \
         WHERE subscription_id = $5 AND account_id = $6 AND status = $7",
    )
    .bind(next.as_str())
    .bind(start_date)
    .bind(next_delivery)
    .bind(clock::now())
    .bind(subscription_id)
    .bind(account_id)
    .bind(status.as_str())
    .execute(state.db.pool())
    .await?;
    if updated.rows_affected() != 1 {
        return Err(ApiError::Refused {
            status: StatusCode::CONFLICT,
            code: "errors.subscriptionTransition",
            message: "the subscription changed meanwhile; load it again".to_owned(),
        });
    }
    find(state, account_id, subscription_id).await
}

async fn activate(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<String>,
) -> Result<axum::Json<SubscriptionView>, ApiError> {
    Ok(axum::Json(
        apply(
            &state,
            &signed_in.account_id,
            &id,
            SubscriptionAction::Activate,
        )
        .await?,
    ))
}

async fn pause(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<String>,
) -> Result<axum::Json<SubscriptionView>, ApiError> {
    Ok(axum::Json(
        apply(
            &state,
            &signed_in.account_id,
            &id,
            SubscriptionAction::Pause,
        )
        .await?,
    ))
}

async fn resume(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<String>,
) -> Result<axum::Json<SubscriptionView>, ApiError> {
    Ok(axum::Json(
        apply(
            &state,
            &signed_in.account_id,
            &id,
            SubscriptionAction::Resume,
        )
        .await?,
    ))
}

async fn close(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<String>,
) -> Result<axum::Json<SubscriptionView>, ApiError> {
    Ok(axum::Json(
        apply(
            &state,
            &signed_in.account_id,
            &id,
            SubscriptionAction::Close,
        )
        .await?,
    ))
}
