//! `POST /api/backoffice/orders/{orderNumber}/notes`: a note the staff keep on an order (a phone
//! call, an agreement), with its entry in the audit trail.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;

use super::detail::{OrderForStaff, order_for_staff};
use crate::AppState;
use crate::audit::{AuditActor, Event};
use crate::orders::store::{self, desk};
use crate::platform::access::{Authorized, permission};
use crate::platform::clock;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path};

/// The longest note, in characters.
const LONGEST_NOTE: usize = 2000;

/// A new note.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoteRequest {
    /// 1 to 2,000 characters (trimmed).
    #[schema(min_length = 1, max_length = 2000)]
    text: String,
}

/// Adds a note to an order of the caller's sites.
#[utoipa::path(
    post,
    path = "/api/backoffice/orders/{orderNumber}/notes",
    tag = "backoffice",
    operation_id = "addOrderNote",
    params(("orderNumber" = String, Path, description = "The order number")),
    request_body = NoteRequest,
    security(("staffSession" = ["orders.read"]), ("integrationKey" = ["orders.read"])),
    responses(
        (status = 201, description = "The order with the note", body = OrderForStaff),
        (status = 400, description = "An empty note or one over 2,000 characters", body = ErrorBody),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`: without orders.read, an order of another site, or `errors.crossSiteRequest`", body = ErrorBody),
        (status = 404, description = "No order has this number", body = ErrorBody),
    )
)]
pub async fn add_order_note(
    State(state): State<AppState>,
    caller: Authorized<permission::OrdersRead>,
    Path(order_number): Path<String>,
    Json(request): Json<NoteRequest>,
) -> Result<(StatusCode, Json<OrderForStaff>), ApiError> {
    let text = request.text.trim();
    if text.is_empty() {
        return Err(ApiError::field(
            "text",
            "validation.required",
            "text is required",
        ));
    }
    if text.chars().count() > LONGEST_NOTE {
        return Err(ApiError::field(
            "text",
            "validation.invalid",
            "text has at most 2000 characters",
        ));
    }
    let order = store::by_order_number(state.db.pool(), &order_number)
        .await?
        .ok_or(ApiError::NotFound)?;
    caller.on_site(order.site_id)?;
    let author = AuditActor::of(&caller);
    let mut transaction = state.db.begin_change().await?;
    let note_id = desk::insert_note(
        &mut transaction,
        &desk::NewNote {
            order_id: order.order_id,
            author_id: &author.id,
            author_name: &author.name,
            body: text,
            created_at: clock::now_millis(),
        },
    )
    .await?;
    let event = Event::new("order.note", "order", &order.order_number).field(
        "note",
        None::<&str>,
        Some(note_id),
    );
    crate::audit::record(&mut transaction, &caller, event).await?;
    transaction.commit().await?;
    Ok((
        StatusCode::CREATED,
        Json(order_for_staff(&state, &caller, &order_number).await?),
    ))
}
