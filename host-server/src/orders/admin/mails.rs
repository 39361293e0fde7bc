//! The mails about an order on the order desk: every one the shop sent or tried to send, and
//! sending one again (a member who reads the order may: the customer lost it, or it did not
//! leave). Each mail sent again is a new entry of the list and of the audit trail.

use super::detail::{OrderForStaff, order_for_staff};
use crate::AppState;
use crate::audit::Event;
use crate::orders::store as orders;
use crate::orders::store::mails as store;
use crate::platform::access::{Authorized, permission};
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path};
use axum::extract::State;

/// Sends a mail about an order again, to the order's e-mail address.
#[utoipa::path(
    post,
    path = "/api/backoffice/orders/{orderNumber}/mails/{mailId}/resend",
    tag = "backoffice",
    operation_id = "resendOrderMail",
    params(
        ("orderNumber" = String, Path, description = "The order number"),
        ("mailId" = i64, Path, description = "The mail's id on the order's list"),
    ),
    security(("staffSession" = ["orders.read"]), ("integrationKey" = ["orders.read"])),
    responses(
        (status = 200, description = "The order, its new mail last in its list", body = OrderForStaff),
        (status = 400, description = "`mailId` is not a number", body = ErrorBody),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`: an order of another site, or `errors.crossSiteRequest`", body = ErrorBody),
        (status = 404, description = "No order has this number, or no mail of it this id", body = ErrorBody),
        (status = 409, description = "`errors.mailNotResendable`: a review request", body = ErrorBody),
    )
)]
pub async fn resend_order_mail(
    State(state): State<AppState>,
    caller: Authorized<permission::OrdersRead>,
    Path((order_number, mail_id)): Path<(String, i64)>,
) -> Result<Json<OrderForStaff>, ApiError> {
    let pool = state.db.pool();
    let order = orders::by_order_number(pool, &order_number)
        .await?
        .ok_or(ApiError::NotFound)?;
    caller.on_site(order.site_id)?;
    let mail = store::of_order_by_id(pool, order.order_id, mail_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let kind = mail.kind.0;
    crate::orders::mails::send_again(&state, &order, kind, mail.reference.as_deref()).await?;
    let event = Event::new("order.mailResent", "order", &order.order_number)
        .field(
            "mail",
            None::<&str>,
            Some(crate::platform::labels::label_of(&kind)),
        )
        .field("reference", None::<&str>, mail.reference.as_deref());
    let mut transaction = state.db.begin_change().await?;
    crate::audit::record(&mut transaction, &caller, event).await?;
    transaction.commit().await?;
    Ok(Json(order_for_staff(&state, &caller, &order_number).await?))
}
