//! The order desk's order page, `GET /api/backoffice/orders/{orderNumber}`: the order as the
//! customer sees it (lines, discounts, VAT per rate, addresses), its payments with the
//! provider's ids, every status it had, and the audit trail's entries about it.

use axum::extract::State;
use engine::ids::PaymentMethodId;
use engine::locale::Culture;
use engine::money::Money;
use engine::order::OrderStatus;
use engine::refund::LineAsked;
use engine::vat::VatRow;
use serde::Serialize;
use utoipa::ToSchema;

use super::mail_log::{OrderMailSent, mails_of_order};
use super::refund_ledger::{OrderRefund, RefundsOfOrder, refunds_of_order};
use crate::AppState;
use crate::audit::AuditEntry;
use crate::orders::OrderView;
use crate::orders::invoices::{InvoiceView, invoices_of_order};
use crate::orders::store::{self, PaymentOfOrder};
use crate::payments::PaymentStatus;
use crate::platform::access::{Access, Authorized, permission};
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path};
use crate::platform::labels::from_label;

/// A payment of the order at the provider.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderPayment {
    /// The provider's id of the payment (`tr_…` at Mollie).
    pub payment_id: String,
    /// `mollie` or `test`.
    pub provider: String,
    pub payment_method_id: Option<PaymentMethodId>,
    pub amount: Money,
    pub status: PaymentStatus,
    /// Milliseconds since the Unix epoch.
    pub created_at: i64,
    /// When the provider last reported on it.
    pub updated_at: i64,
}

/// A status the order had and since when.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderStatusEntry {
    pub status: OrderStatus,
    /// Milliseconds since the Unix epoch.
    pub at: i64,
}

/// The order's amounts as the caller's language writes them (`€ 1.234,50`), by the engine.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AmountsShown {
    /// Each line's unit price and total, in the order of the lines.
    pub lines: Vec<LineAmountsShown>,
    pub sub_total: String,
    pub shipping_costs: String,
    pub payment_costs: String,
    pub gift_card: String,
    pub total: String,
    pub amount_to_pay: String,
    /// Each VAT row's amount, in the order of the rows.
    pub vat_rows: Vec<String>,
    /// Each payment's amount, in the order of the payments.
    pub payments: Vec<String>,
    /// Each refund's total, in the order of the refunds.
    pub refunds: Vec<String>,
    pub left_to_refund: String,
}

/// A line's amounts, shown.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineAmountsShown {
    pub unit_price: String,
    pub total: String,
}

/// A note the staff keep on the order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderNote {
    pub note_id: i64,
    /// Who wrote it (a member's or key's name).
    pub author: String,
    pub text: String,
    /// Milliseconds since the Unix epoch.
    pub at: i64,
}

/// Everything the order desk shows of one order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderForStaff {
    pub order: OrderView,
    /// The VAT per rate, as the order's summary shows it (the engine's rows). Amounts are in
    /// euro, the currency every order is charged in.
    pub vat_rows: Vec<VatRow>,
    pub payments: Vec<OrderPayment>,
    /// Every status the order had, oldest first.
    pub history: Vec<OrderStatusEntry>,
    /// The staff's notes, oldest first.
    pub notes: Vec<OrderNote>,
    /// What staff, keys and the system did to the order, oldest first.
    pub trail: Vec<AuditEntry>,
    /// The statuses the order may move to now (the engine's rule).
    pub next_statuses: Vec<OrderStatus>,
    /// The customer still has to pay (the engine's rule): a bank transfer may be registered.
    pub awaits_payment: bool,
    /// The refunds made, oldest first.
    pub refunds: Vec<OrderRefund>,
    /// The mails about the order, oldest first.
    pub mails: Vec<OrderMailSent>,
    /// The order's invoices, newest first (each a PDF at
    /// `/api/backoffice/invoices/{invoiceNumber}/pdf`).
    pub invoices: Vec<InvoiceView>,
    /// What is left to give back (the engine's rule); zero when the order was never paid.
    pub left_to_refund: Money,
    /// Whether anything is left to give back: a refund may be made.
    pub may_refund: bool,
    /// The units of each line that may still go back (the engine's rule).
    pub refundable_lines: Vec<LineAsked>,
    /// Whether the shipping costs may still go back.
    pub shipping_refundable: bool,
    pub shown: AmountsShown,
}

fn amounts_shown(
    order: &OrderView,
    vat_rows: &[VatRow],
    payments: &[OrderPayment],
    refunds: &RefundsOfOrder,
    culture: Culture,
) -> Result<AmountsShown, ApiError> {
    let text = |amount: Money| crate::staff::euro_text(amount, culture);
    Ok(AmountsShown {
        lines: order
            .lines
            .iter()
            .map(|line| {
                Ok(LineAmountsShown {
                    unit_price: text(line.unit_price)?,
                    total: text(line.total_amount)?,
                })
            })
            .collect::<Result<_, ApiError>>()?,
        sub_total: text(order.sub_total_amount)?,
        shipping_costs: text(order.shipping_costs)?,
        payment_costs: text(order.payment_costs)?,
        gift_card: text(order.gift_card_amount)?,
        total: text(order.total_amount)?,
        amount_to_pay: text(order.amount_to_pay)?,
        vat_rows: vat_rows
            .iter()
            .map(|row| text(row.vat_amount))
            .collect::<Result<_, ApiError>>()?,
        payments: payments
            .iter()
            .map(|payment| text(payment.amount))
            .collect::<Result<_, ApiError>>()?,
        refunds: refunds
            .refunds
            .iter()
            .map(|refund| text(refund.total_amount))
            .collect::<Result<_, ApiError>>()?,
        left_to_refund: text(refunds.left_to_refund)?,
    })
}

impl From<PaymentOfOrder> for OrderPayment {
    fn from(row: PaymentOfOrder) -> OrderPayment {
        OrderPayment {
            payment_id: row.payment_id,
            provider: row.provider,
            payment_method_id: row.payment_method_id,
            amount: row.amount,
            status: row.status.0,
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

/// One order of the caller's sites, with its payments, history and audit trail.
#[utoipa::path(
    get,
    path = "/api/backoffice/orders/{orderNumber}",
    tag = "backoffice",
    operation_id = "getOrderForStaff",
    params(("orderNumber" = String, Path, description = "The order number")),
    security(("staffSession" = ["orders.read"]), ("integrationKey" = ["orders.read"])),
    responses(
        (status = 200, description = "The order", body = OrderForStaff),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`: without orders.read, or an order of another site", body = ErrorBody),
        (status = 404, description = "No order has this number", body = ErrorBody),
    )
)]
pub async fn get_order_for_staff(
    State(state): State<AppState>,
    caller: Authorized<permission::OrdersRead>,
    Path(order_number): Path<String>,
) -> Result<Json<OrderForStaff>, ApiError> {
    Ok(Json(order_for_staff(&state, &caller, &order_number).await?))
}

/// The order desk's view of an order of the caller's sites (404 for an unknown number).
pub async fn order_for_staff(
    state: &AppState,
    caller: &Access,
    order_number: &str,
) -> Result<OrderForStaff, ApiError> {
    let pool = state.db.pool();
    let row = store::by_order_number(pool, order_number)
        .await?
        .ok_or(ApiError::NotFound)?;
    caller.on_site(row.site_id)?;
    let order = crate::orders::view::order_view(pool, &row).await?;
    let vat_rows = crate::orders::view::summary_vat_rows(pool, &order).await?;
    let payments: Vec<OrderPayment> = store::payments_of_order(pool, row.order_id)
        .await?
        .into_iter()
        .map(OrderPayment::from)
        .collect();
    let history = store::status_history(pool, row.order_id)
        .await?
        .into_iter()
        .map(|(status, at)| {
            Ok(OrderStatusEntry {
                status: from_label("order status", &status)?,
                at,
            })
        })
        .collect::<Result<_, ApiError>>()?;
    let notes = store::desk::notes_of_order(pool, row.order_id)
        .await?
        .into_iter()
        .map(|note| OrderNote {
            note_id: note.note_id,
            author: note.author_name,
            text: note.body,
            at: note.created_at,
        })
        .collect();
    let trail = crate::audit::history_of(pool, "order", &row.order_number).await?;
    let next_statuses = order.status.next_statuses();
    let awaits_payment = order.status.awaits_payment();
    let refunds = {
        let mut connection = pool.acquire().await?;
        refunds_of_order(&mut connection, &row).await?
    };
    let culture = crate::staff::screen_culture(pool, caller).await?;
    let shown = amounts_shown(&order, &vat_rows, &payments, &refunds, culture)?;
    Ok(OrderForStaff {
        order,
        vat_rows,
        payments,
        history,
        notes,
        trail,
        next_statuses,
        awaits_payment,
        refunds: refunds.refunds,
        mails: mails_of_order(state, row.order_id).await?,
        invoices: invoices_of_order(state, &row.order_number).await?,
        left_to_refund: refunds.left_to_refund,
        may_refund: refunds.left_to_refund > Money::ZERO,
        refundable_lines: refunds.refundable_lines,
        shipping_refundable: refunds.shipping_refundable,
        shown,
    })
}
