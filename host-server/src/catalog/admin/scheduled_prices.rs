//! Price changes scheduled for a later day (`prices.edit`): kept until their day, then applied
//! by housekeeping on whichever server comes first, as if the staff had changed the price that
//! morning: the variant's price, its price history, the audit trail (by `housekeeping`), and
//! every server's catalog and search.

use axum::extract::State;
use axum::http::StatusCode;
use engine::ids::ProductVariantId;
use engine::locale::{CalendarDate, Culture};
use engine::money::Money;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::variants::parse_price;
use crate::AppState;
use crate::audit::{self, AuditActor, Event};
use crate::catalog::events;
use crate::catalog::store::admin as store;
use crate::platform::access::{Authorized, permission};
use crate::platform::clock;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path, path_number};
use crate::staff::{euro_text, screen_culture};

/// A price for a later day.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PriceSchedule {
    /// Euro, 0.00 to 100000.00, e.g. `29.95`.
    price: String,
    /// The first day of the price (ISO 8601), tomorrow or later; a price for today is changed
    /// directly.
    valid_from: String,
}

/// A price that takes effect on a later day.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScheduledPrice {
    /// ISO 8601 date.
    pub valid_from: String,
    pub price: Money,
    /// The price as the member's language writes it, by the engine.
    pub price_text: String,
}

impl ScheduledPrice {
    /// The price from `day` on, its text in `culture`.
    pub fn of(
        day: CalendarDate,
        price: Money,
        culture: Culture,
    ) -> Result<ScheduledPrice, ApiError> {
        Ok(ScheduledPrice {
            valid_from: day.to_iso(),
            price,
            price_text: euro_text(price, culture)?,
        })
    }
}

/// Schedules a variant's price from a later day on; one for the same day is replaced.
#[utoipa::path(
    post,
    path = "/api/backoffice/variants/{productVariantId}/scheduled-prices",
    tag = "backoffice",
    operation_id = "schedulePrice",
    params(("productVariantId" = i64, Path, description = "The variant")),
    request_body = PriceSchedule,
    security(("staffSession" = ["prices.edit"]), ("integrationKey" = ["prices.edit"])),
    responses(
        (status = 201, description = "Scheduled", body = ScheduledPrice),
        (status = 400, description = "A bad price, a day that is not after today, or an unknown field", body = ErrorBody),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied` or `errors.crossSiteRequest`", body = ErrorBody),
        (status = 404, description = "No such variant", body = ErrorBody),
    )
)]
pub async fn schedule_price(
    State(state): State<AppState>,
    caller: Authorized<permission::PricesEdit>,
    Path(variant_id): Path<String>,
    Json(schedule): Json<PriceSchedule>,
) -> Result<(StatusCode, Json<ScheduledPrice>), ApiError> {
    let variant_id: ProductVariantId = path_number(&variant_id, "productVariantId")?;
    let price = parse_price(&schedule.price)?;
    let day = later_day(&schedule.valid_from)?;
    let mut transaction = state.db.begin_change().await?;
    if store::price_and_stock(&mut transaction, variant_id)
        .await?
        .is_none()
    {
        return Err(ApiError::NotFound);
    }
    let replaced = store::schedule_price(&mut transaction, variant_id, day, price).await?;
    let event = Event::new("variant.priceScheduled", "variant", variant_id).field(
        &format!("price from {}", day.to_iso()),
        replaced,
        Some(price),
    );
    audit::record(&mut transaction, &caller, event).await?;
    transaction.commit().await?;
    let culture = screen_culture(state.db.pool(), &caller).await?;
    Ok((
        StatusCode::CREATED,
        Json(ScheduledPrice::of(day, price, culture)?),
    ))
}

/// Cancels the price scheduled for a day.
#[utoipa::path(
    delete,
    path = "/api/backoffice/variants/{productVariantId}/scheduled-prices/{validFrom}",
    tag = "backoffice",
    operation_id = "cancelScheduledPrice",
    params(
        ("productVariantId" = i64, Path, description = "The variant"),
        ("validFrom" = String, Path, description = "The scheduled price's first day, ISO 8601"),
    ),
    security(("staffSession" = ["prices.edit"]), ("integrationKey" = ["prices.edit"])),
    responses(
        (status = 204, description = "Cancelled"),
        (status = 400, description = "A bad variant id or day", body = ErrorBody),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied` or `errors.crossSiteRequest`", body = ErrorBody),
        (status = 404, description = "No price is scheduled for that day", body = ErrorBody),
    )
)]
pub async fn cancel_scheduled_price(
    State(state): State<AppState>,
    caller: Authorized<permission::PricesEdit>,
    Path((variant_id, day)): Path<(String, String)>,
) -> Result<StatusCode, ApiError> {
    let variant_id: ProductVariantId = path_number(&variant_id, "productVariantId")?;
    let day = date_of(&day, "validFrom")?;
    let mut transaction = state.db.begin_change().await?;
    let cancelled = store::take_scheduled_price(&mut transaction, variant_id, day)
        .await?
        .ok_or(ApiError::NotFound)?;
    let event = Event::new("variant.priceScheduleCancelled", "variant", variant_id).field(
        &format!("price from {}", day.to_iso()),
        Some(cancelled),
        None::<Money>,
    );
    audit::record(&mut transaction, &caller, event).await?;
    transaction.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Applies every scheduled price whose day has come; the number applied. Each is taken in
/// its own transaction, so that of several servers only one applies it.
pub async fn apply_due_prices(state: &AppState) -> Result<u64, ApiError> {
    let today = clock::today_date()?;
    let due = store::due_prices(state.db.pool(), today).await?;
    let mut applied = 0;
    for row in due {
        let mut transaction = state.db.begin_change().await?;
        let Some(price) =
            store::take_scheduled_price(&mut transaction, row.product_variant_id, row.valid_from)
                .await?
        else {
            continue;
        };
        let Some(current) =
            store::price_and_stock(&mut transaction, row.product_variant_id).await?
        else {
            // The variant is gone; its schedule goes with it.
            transaction.commit().await?;
            continue;
        };
        store::set_price_and_stock(
            &mut transaction,
            row.product_variant_id,
            price,
            current.stock,
        )
        .await?;
        store::record_price(&mut transaction, row.product_variant_id, today, price).await?;
        let event = Event::new("variant.changed", "variant", row.product_variant_id).field(
            "price",
            Some(current.price),
            Some(price),
        );
        audit::append(
            &mut transaction,
            &AuditActor::system("housekeeping"),
            "",
            event,
        )
        .await?;
        transaction.commit().await?;
        applied += 1;
    }
    if applied > 0 {
        events::changed(state).await?;
    }
    Ok(applied)
}

/// A day of the calendar from a path or body field.
fn date_of(text: &str, field: &str) -> Result<CalendarDate, ApiError> {
    CalendarDate::parse_iso(text.trim()).map_err(|_| {
        ApiError::field(
            field,
            "validation.invalid",
            format!("{field} is a date such as 2026-12-01"),
        )
    })
}

/// A day after today.
fn later_day(text: &str) -> Result<CalendarDate, ApiError> {
    let day = date_of(text, "validFrom")?;
    if day <= clock::today_date()? {
        return Err(ApiError::field(
            "validFrom",
            "validation.invalid",
            "validFrom is tomorrow or later; change today's price directly",
        ));
    }
    Ok(day)
}
