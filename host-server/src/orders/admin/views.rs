//! The order desk's saved views: a member names the queue's filter as it is (the list's query
//! string) and finds it again, for themselves or shared with every member. A view is deleted by
//! whoever saved it, or by a member who manages staff.

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::queue::OrderQueueQuery;
use crate::AppState;
use crate::audit::{AuditActor, Event};
use crate::orders::store::views::{self as store, NewView};
use crate::platform::access::{Access, Authorized, permission};
use crate::platform::clock;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path, Query};

const LONGEST_NAME: usize = 60;
const LONGEST_QUERY: usize = 500;

/// A saved view of the queue.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedOrderView {
    pub view_id: i64,
    pub name: String,
    /// The queue's query string, without `?` (`status=paid&site=1`).
    pub query: String,
    /// Shared with every member.
    pub shared: bool,
    /// The caller saved it (and may delete it).
    pub mine: bool,
}

/// The caller's views and the shared ones.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedOrderViews {
    /// By name.
    pub views: Vec<SavedOrderView>,
}

/// A view to save.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewOrderView {
    /// 1 to 60 characters.
    #[schema(example = "Paid, to pack")]
    name: String,
    /// The queue's query string, without `?` and `after`; at most 500 characters.
    #[schema(example = "status=paid")]
    query: String,
    /// Shared with every member.
    #[serde(default)]
    shared: bool,
}

fn view_of(row: store::ViewRow, owner_id: &str) -> SavedOrderView {
    SavedOrderView {
        mine: row.owner_id == owner_id,
        view_id: row.view_id,
        name: row.name,
        query: row.query,
        shared: row.shared.into(),
    }
}

/// The saved views the caller may use: their own and the shared ones.
#[utoipa::path(
    get,
    path = "/api/backoffice/order-views",
    tag = "backoffice",
    operation_id = "listOrderViews",
    security(("staffSession" = ["orders.read"]), ("integrationKey" = ["orders.read"])),
    responses(
        (status = 200, description = "The views, by name", body = SavedOrderViews),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`: without orders.read", body = ErrorBody),
    )
)]
pub async fn list_order_views(
    State(state): State<AppState>,
    caller: Authorized<permission::OrdersRead>,
) -> Result<Json<SavedOrderViews>, ApiError> {
    let owner_id = AuditActor::of(&caller).id;
    let views = store::visible_to(state.db.pool(), &owner_id)
        .await?
        .into_iter()
        .map(|row| view_of(row, &owner_id))
        .collect();
    Ok(Json(SavedOrderViews { views }))
}

/// Saves the queue's filter as a view.
#[utoipa::path(
    post,
    path = "/api/backoffice/order-views",
    tag = "backoffice",
    operation_id = "saveOrderView",
    request_body = NewOrderView,
    security(("staffSession" = ["orders.read"]), ("integrationKey" = ["orders.read"])),
    responses(
        (status = 201, description = "The view", body = SavedOrderView),
        (status = 400, description = "A name or query that is empty, too long, or a filter the queue refuses", body = ErrorBody),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`: without orders.read, or a site the caller does not work on; or `errors.crossSiteRequest`", body = ErrorBody),
    )
)]
pub async fn save_order_view(
    State(state): State<AppState>,
    caller: Authorized<permission::OrdersRead>,
    Json(view): Json<NewOrderView>,
) -> Result<(StatusCode, Json<SavedOrderView>), ApiError> {
    let name = view.name.trim();
    if name.is_empty() || name.chars().count() > LONGEST_NAME {
        return Err(ApiError::field(
            "name",
            "validation.length",
            "name has 1 to 60 characters",
        ));
    }
    let query = checked_query(&caller, view.query.trim().trim_start_matches('?'))?;
    let owner_id = AuditActor::of(&caller).id;
    let mut transaction = state.db.begin_change().await?;
    let view_id = store::insert(
        &mut transaction,
        &NewView {
            owner_id: &owner_id,
            shared: view.shared,
            name,
            query,
            created_at: clock::now_millis(),
        },
    )
    .await?;
    let event = Event::new("orderView.saved", "orderView", view_id)
        .field("name", None::<&str>, Some(name))
        .field("query", None::<&str>, Some(query))
        .field("shared", None::<&str>, Some(view.shared));
    crate::audit::record(&mut transaction, &caller, event).await?;
    transaction.commit().await?;
    Ok((
        StatusCode::CREATED,
        Json(SavedOrderView {
            view_id,
            name: name.to_owned(),
            query: query.to_owned(),
            shared: view.shared,
            mine: true,
        }),
    ))
}

/// A query the queue takes as it is (its filter checked as the queue checks it), without a
/// page's `after`.
fn checked_query<'a>(caller: &Access, query: &'a str) -> Result<&'a str, ApiError> {
    let invalid =
        |message: &str| ApiError::field("query", "validation.invalid", message.to_owned());
    if query.chars().count() > LONGEST_QUERY {
        return Err(invalid("query has at most 500 characters"));
    }
    let parsed = Query::<OrderQueueQuery>::parse(query)
        .map_err(|_| invalid("query is a filter of the order queue"))?;
    if parsed.is_paged() {
        return Err(invalid("query names no page (after)"));
    }
    parsed.check(caller)?;
    Ok(query)
}

/// Deletes a saved view: the caller's own, or any with staff.manage.
#[utoipa::path(
    delete,
    path = "/api/backoffice/order-views/{viewId}",
    tag = "backoffice",
    operation_id = "deleteOrderView",
    params(("viewId" = i64, Path, description = "The view's id")),
    security(("staffSession" = ["orders.read"]), ("integrationKey" = ["orders.read"])),
    responses(
        (status = 204, description = "Deleted"),
        (status = 400, description = "`viewId` is not a number", body = ErrorBody),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`: another member's view without staff.manage, or `errors.crossSiteRequest`", body = ErrorBody),
        (status = 404, description = "No view the caller can see has this id", body = ErrorBody),
    )
)]
pub async fn delete_order_view(
    State(state): State<AppState>,
    caller: Authorized<permission::OrdersRead>,
    Path(view_id): Path<i64>,
) -> Result<StatusCode, ApiError> {
    let owner_id = AuditActor::of(&caller).id;
    let view = store::by_id(state.db.pool(), view_id)
        .await?
        .filter(|view| view.shared.0 || view.owner_id == owner_id)
        .ok_or(ApiError::NotFound)?;
    if view.owner_id != owner_id {
        caller.also(engine::staff::Permission::StaffManage)?;
    }
    let mut transaction = state.db.begin_change().await?;
    store::delete(&mut transaction, view_id).await?;
    let event = Event::new("orderView.deleted", "orderView", view_id).field(
        "name",
        Some(&view.name),
        None::<&str>,
    );
    crate::audit::record(&mut transaction, &caller, event).await?;
    transaction.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}
