//! The order desk: the work queue (filters, search, keyset paging, counts per status, sites)
//! and one order's page (payments, history, audit trail, amounts in the member's language).

use serde::Deserialize;
use serde_json::json;

use crate::orders::{ideal, pay, ready_cart};
use crate::support::order::{OrderLine, PlacedOrder};
use crate::support::{ApiErrorBody, TestApp, fixture_tests};

fixture_tests!(
    notes_are_kept_with_their_author_and_in_the_trail,
    a_bank_transfer_received_pays_the_order_once,
    every_mail_of_an_order_is_listed_and_can_be_sent_again,
    the_queue_filters_on_brand_amount_and_returns,
    an_orders_invoice_is_listed_and_downloaded_by_the_desk,
    views_are_saved_shared_and_deleted_by_their_owner,
    the_queue_filters_searches_and_pages_newest_first,
    the_queue_shows_only_the_callers_sites,
    the_order_page_shows_payments_history_and_the_trail,
    the_accountants_export_has_a_row_per_order_and_vat_rate
);

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct OrderQueue {
    orders: Vec<QueuedOrder>,
    next: Option<String>,
    counts: Vec<StatusCount>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct QueuedOrder {
    order_number: String,
    status: String,
    site_id: i64,
    customer_name: String,
    email_address: String,
    country_id: Option<i64>,
    total_amount: String,
    total_text: String,
    payment_status: Option<String>,
    scan_order: bool,
}

#[derive(Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
struct StatusCount {
    status: String,
    count: i64,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct OrderForStaff {
    order: Order,
    vat_rows: Vec<VatRow>,
    payments: Vec<Payment>,
    history: Vec<StatusChange>,
    notes: Vec<Note>,
    trail: Vec<TrailEntry>,
    next_statuses: Vec<String>,
    shown: Shown,
    mails: Vec<OrderMail>,
    invoices: Vec<Invoice>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Invoice {
    invoice_number: String,
    status: String,
    total_amount: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct OrderMail {
    mail_id: i64,
    kind: String,
    recipient: String,
    sent: bool,
    can_send_again: bool,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Order {
    order_number: String,
    status: String,
    total_amount: String,
    lines: Vec<OrderLine>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct VatRow {
    vat_amount: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Payment {
    payment_id: String,
    provider: String,
    amount: String,
    status: String,
}

#[derive(Debug, Deserialize)]
struct Note {
    author: String,
    text: String,
}

#[derive(Debug, Deserialize)]
struct StatusChange {
    status: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct TrailEntry {
    action: String,
    changes: Vec<TrailChange>,
}

#[derive(Debug, Deserialize, PartialEq, Eq)]
struct TrailChange {
    field: String,
    before: Option<String>,
    after: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Shown {
    lines: Vec<LineShown>,
    total: String,
    vat_rows: Vec<String>,
    payments: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct LineShown {
    total: String,
}

/// `GET /api/backoffice/orders?{query}` with an integration key: the status and the body.
async fn queue<T: serde::de::DeserializeOwned>(app: &TestApp, key: &str, query: &str) -> (u16, T) {
    app.get_with_key(key, &format!("/api/backoffice/orders?{query}"))
        .await
}

async fn order_page<T: serde::de::DeserializeOwned>(
    app: &TestApp,
    key: &str,
    number: &str,
) -> (u16, T) {
    app.get_with_key(key, &format!("/api/backoffice/orders/{number}"))
        .await
}

async fn set_status(app: &TestApp, key: &str, number: &str, query: &str) {
    let (status, body) = app.order_status_with_key(key, number, query).await;
    assert_eq!(status, 200, "{body}");
}

/// Places a bank-transfer order of `variant` on site 1: its number and total.
async fn bank_transfer_order(app: &TestApp, variant: i64) -> (String, String) {
    let cart = ready_cart(app, variant, 1, json!({"paymentMethodId": 6})).await;
    let (status, placed): (u16, PlacedOrder) = app.place_order(&cart).await;
    assert_eq!(status, 201);
    (placed.order.order_number, placed.order.total_amount)
}

fn numbers(queue: &OrderQueue) -> Vec<&str> {
    queue
        .orders
        .iter()
        .map(|order| order.order_number.as_str())
        .collect()
}

/// Today's date in UTC: the orders a test places are today's, the fixtures' are older.
fn today() -> String {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    host_server::platform::time::date_utc(i64::try_from(now).unwrap())
}

fn count_of(queue: &OrderQueue, status: &str) -> i64 {
    queue
        .counts
        .iter()
        .find(|count| count.status == status)
        .map_or(0, |count| count.count)
}

async fn the_queue_filters_searches_and_pages_newest_first(app: TestApp) {
    // Counted for site 1 before; the same orders plus a site without orders are counted
    // afterwards (the counts of one set of sites are kept for half a minute).
    let before_key = app.integration_key_on_sites(&["orders.read"], &[1]).await;
    let (_, before): (u16, OrderQueue) = queue(&app, &before_key, "").await;
    let (first, first_total) = bank_transfer_order(&app, 1011).await;
    let (second, _) = bank_transfer_order(&app, 1021).await;
    let (third, _) = bank_transfer_order(&app, 1522).await;
    let key = app
        .integration_key_on_sites(&["orders.read", "orders.fulfil"], &[1, 4])
        .await;
    set_status(&app, &key, &second, "status=paid").await;
    let today = format!("from={}", today());

    let (status, all): (u16, OrderQueue) = queue(&app, &key, &today).await;
    assert_eq!(status, 200);
    assert_eq!(numbers(&all), [&third, &second, &first]);
    assert_eq!(all.next, None);
    let oldest = &all.orders[2];
    assert_eq!(
        (
            oldest.status.as_str(),
            oldest.site_id,
            oldest.customer_name.as_str(),
            oldest.email_address.as_str(),
            oldest.country_id,
            oldest.total_amount.as_str(),
            oldest.payment_status.as_deref(),
            oldest.scan_order,
        ),
        (
            "open",
            1,
            "Anna Jansen",
            "anna@example.com",
            Some(1),
            first_total.as_str(),
            None,
            false
        )
    );
    // A key's answers are in the back office's default language, Dutch.
    assert_eq!(
        oldest.total_text,
        format!("€ {}", first_total.replace('.', ","))
    );
    assert_eq!(count_of(&all, "open"), count_of(&before, "open") + 2);
    assert_eq!(count_of(&all, "paid"), count_of(&before, "paid") + 1);

    let (_, page_one): (u16, OrderQueue) = queue(&app, &key, &format!("{today}&pageSize=2")).await;
    assert_eq!(numbers(&page_one), [&third, &second]);
    let after = page_one.next.expect("a second page");
    let (_, page_two): (u16, OrderQueue) =
        queue(&app, &key, &format!("{today}&pageSize=2&after={after}")).await;
    assert_eq!(numbers(&page_two), [&first]);
    assert_eq!(page_two.next, None);

    let (_, paid): (u16, OrderQueue) = queue(&app, &key, &format!("{today}&status=paid")).await;
    assert_eq!(numbers(&paid), [&second]);
    let (_, by_number): (u16, OrderQueue) =
        queue(&app, &key, &format!("q={}", first.to_lowercase())).await;
    assert_eq!(numbers(&by_number), [&first]);
    let (_, by_postcode): (u16, OrderQueue) =
        queue(&app, &key, &format!("{today}&q=3511%20ap")).await;
    assert_eq!(numbers(&by_postcode), [&third, &second, &first]);
    let (_, by_nobody): (u16, OrderQueue) = queue(&app, &key, "q=nobody%40example.com").await;
    assert!(by_nobody.orders.is_empty());
    let (_, scans): (u16, OrderQueue) = queue(&app, &key, &format!("{today}&scanOrder=true")).await;
    assert!(scans.orders.is_empty());
    let (_, future): (u16, OrderQueue) = queue(&app, &key, "from=2999-01-01").await;
    assert!(future.orders.is_empty());
    let (_, until_today): (u16, OrderQueue) =
        queue(&app, &key, &format!("{today}&to=2999-01-01")).await;
    assert_eq!(until_today.orders.len(), 3);

    for (query, field) in [
        ("status=shipped", None),
        ("pageSize=0", Some("pageSize")),
        ("after=soon", Some("after")),
        ("from=28-11-2026", Some("from")),
    ] {
        let (status, body): (u16, ApiErrorBody) = queue(&app, &key, query).await;
        assert_eq!(status, 400, "{query}");
        if let Some(field) = field {
            assert_eq!(body.first_key(field), Some("validation.invalid"), "{query}");
        }
    }
    let (status, _): (u16, ApiErrorBody) = queue(&app, "wrong", "").await;
    assert_eq!(status, 401);
}

async fn the_queue_shows_only_the_callers_sites(app: TestApp) {
    let (number, _) = bank_transfer_order(&app, 1011).await;
    // Site 2 has two orders of the fixtures: one paid, one cancelled.
    let elsewhere = app.integration_key_on_sites(&["orders.read"], &[2]).await;
    let (status, site_two): (u16, OrderQueue) = queue(&app, &elsewhere, "").await;
    assert_eq!(status, 200);
    assert_eq!(numbers(&site_two), ["HS-2026-000110", "HS-2026-000109"]);
    assert!(site_two.orders.iter().all(|order| order.site_id == 2));
    let (_, searched): (u16, OrderQueue) = queue(&app, &elsewhere, &format!("q={number}")).await;
    assert!(
        searched.orders.is_empty(),
        "another site's order is not found"
    );
    let mut counts = site_two.counts;
    counts.sort_by(|a, b| a.status.cmp(&b.status));
    assert_eq!(
        counts,
        [
            StatusCount {
                status: "cancelled".to_owned(),
                count: 1
            },
            StatusCount {
                status: "paid".to_owned(),
                count: 1
            }
        ]
    );
    let (status, body): (u16, ApiErrorBody) = queue(&app, &elsewhere, "site=1").await;
    assert_eq!(
        (status, body.code.as_str()),
        (403, "errors.permissionDenied")
    );
    let no_orders = app.integration_key(&["reviews.moderate"]).await;
    let (status, _): (u16, ApiErrorBody) = queue(&app, &no_orders, "").await;
    assert_eq!(status, 403);
}

async fn the_order_page_shows_payments_history_and_the_trail(app: TestApp) {
    let cart = ready_cart(&app, 1011, 2, ideal()).await;
    let (_, placed): (u16, PlacedOrder) = app.place_order(&cart).await;
    let number = placed.order.order_number;
    let total = placed.order.total_amount;
    pay(&app, &placed.redirect_url, "paid").await;
    let key = app.integration_key(&["orders.read", "orders.fulfil"]).await;
    set_status(&app, &key, &number, "status=processing").await;

    let (status, page): (u16, OrderForStaff) = order_page(&app, &key, &number).await;
    assert_eq!(status, 200);
    assert_eq!(
        (
            page.order.order_number.as_str(),
            page.order.status.as_str(),
            page.order.total_amount.as_str()
        ),
        (number.as_str(), "processing", total.as_str())
    );
    assert_one_paid_payment(&page, "tp_", "test", &total);
    let history: Vec<&str> = page
        .history
        .iter()
        .map(|change| change.status.as_str())
        .collect();
    assert_eq!(history.last(), Some(&"processing"));
    assert!(history.contains(&"paid"), "{history:?}");
    assert_eq!(page.trail.len(), 1);
    assert_eq!(page.trail[0].action, "order.status");
    assert!(page.trail[0].changes.contains(&TrailChange {
        field: "status".to_owned(),
        before: Some("paid".to_owned()),
        after: Some("processing".to_owned()),
    }));
    assert_eq!(page.next_statuses, ["sent", "cancelled"]);
    let dutch = |amount: &str| format!("€ {}", amount.replace('.', ","));
    assert_eq!(page.shown.total, dutch(&total));
    assert_eq!(page.shown.payments, [dutch(&total)]);
    assert_eq!(page.shown.lines.len(), page.order.lines.len());
    assert_eq!(
        page.shown.lines[0].total,
        dutch(&page.order.lines[0].total_amount)
    );
    assert_eq!(page.shown.vat_rows.len(), page.vat_rows.len());
    assert_eq!(page.shown.vat_rows[0], dutch(&page.vat_rows[0].vat_amount));

    let (status, _): (u16, ApiErrorBody) = order_page(&app, &key, "HS-0000-000000").await;
    assert_eq!(status, 404);
    let elsewhere = app.integration_key_on_sites(&["orders.read"], &[2]).await;
    let (status, _): (u16, ApiErrorBody) = order_page(&app, &elsewhere, &number).await;
    assert_eq!(status, 403);
}

/// The page shows one payment, paid in full at `provider`, its id starting with `prefix`.
fn assert_one_paid_payment(page: &OrderForStaff, prefix: &str, provider: &str, total: &str) {
    assert_eq!(page.payments.len(), 1);
    let payment = &page.payments[0];
    assert!(
        payment.payment_id.starts_with(prefix),
        "{}",
        payment.payment_id
    );
    assert_eq!(
        (
            payment.provider.as_str(),
            payment.amount.as_str(),
            payment.status.as_str()
        ),
        (provider, total, "paid")
    );
}

/// `POST /api/backoffice/orders/{number}/{action}` with an integration key and a JSON body.
async fn post_action<T: serde::de::DeserializeOwned>(
    app: &TestApp,
    key: &str,
    number: &str,
    action: &str,
    body: serde_json::Value,
) -> (u16, T) {
    let path = format!("/api/backoffice/orders/{number}/{action}");
    app.post_with_key(key, &path, body).await
}

async fn notes_are_kept_with_their_author_and_in_the_trail(app: TestApp) {
    let (number, _) = bank_transfer_order(&app, 1011).await;
    let key = app.integration_key(&["orders.read"]).await;
    let (status, page): (u16, OrderForStaff) = post_action(
        &app,
        &key,
        &number,
        "notes",
        json!({"text": "  Called: the customer pays by transfer on Monday.  "}),
    )
    .await;
    assert_eq!(status, 201);
    assert_eq!(page.notes.len(), 1);
    assert_eq!(
        page.notes[0].text,
        "Called: the customer pays by transfer on Monday."
    );
    assert_eq!(page.notes[0].author, "tests", "the key's name");
    assert_eq!(page.trail.len(), 1);
    assert_eq!(page.trail[0].action, "order.note");

    for (text, key_of_problem) in [
        (String::from("   "), "validation.required"),
        ("x".repeat(2001), "validation.invalid"),
    ] {
        let (status, body): (u16, ApiErrorBody) =
            post_action(&app, &key, &number, "notes", json!({ "text": text })).await;
        assert_eq!(
            (status, body.first_key("text")),
            (400, Some(key_of_problem))
        );
    }
    let (status, _): (u16, ApiErrorBody) =
        post_action(&app, &key, "HS-0000-000000", "notes", json!({"text": "x"})).await;
    assert_eq!(status, 404);
}

/// `POST …/bank-transfer` of `amount` received on `day`, with `key`.
async fn transfer<T: serde::de::DeserializeOwned>(
    app: &TestApp,
    key: &str,
    number: &str,
    amount: &str,
    day: &str,
) -> (u16, T) {
    let body = json!({"amount": amount, "receivedOn": day});
    post_action(app, key, number, "bank-transfer", body).await
}

async fn a_bank_transfer_received_pays_the_order_once(app: TestApp) {
    let (number, total) = bank_transfer_order(&app, 1011).await;
    let warehouse = app.integration_key(&["orders.read", "orders.fulfil"]).await;
    let (status, _): (u16, ApiErrorBody) =
        transfer(&app, &warehouse, &number, &total, "2026-11-27").await;
    assert_eq!(status, 403, "registering money needs orders.refund");

    let accounts = app.integration_key(&["orders.read", "orders.refund"]).await;
    let cents = total.replace('.', "").parse::<i64>().unwrap() - 1;
    let too_little = format!("{}.{:02}", cents / 100, cents % 100);
    let (status, body): (u16, ApiErrorBody) =
        transfer(&app, &accounts, &number, &too_little, "2026-11-27").await;
    assert_eq!(
        (status, body.first_key("amount")),
        (400, Some("validation.transferTooLittle"))
    );
    let (status, body): (u16, ApiErrorBody) =
        transfer(&app, &accounts, &number, &total, "2999-01-01").await;
    assert_eq!(
        (status, body.first_key("receivedOn")),
        (400, Some("validation.invalid"))
    );

    let (status, page): (u16, OrderForStaff) =
        transfer(&app, &accounts, &number, &total, "2026-11-27").await;
    assert_eq!(status, 200);
    assert_eq!(page.order.status, "paid");
    assert_one_paid_payment(&page, "bank_", "bank", &total);
    assert_eq!(page.trail.len(), 1);
    assert_eq!(page.trail[0].action, "order.bankTransfer");
    assert!(page.trail[0].changes.contains(&TrailChange {
        field: "amount".to_owned(),
        before: None,
        after: Some(total.clone()),
    }));
    assert_eq!(page.next_statuses, ["processing", "cancelled"]);

    let (status, body): (u16, ApiErrorBody) =
        transfer(&app, &accounts, &number, &total, "2026-11-27").await;
    assert_eq!(
        (status, body.code.as_str()),
        (409, "errors.statusTransition"),
        "a paid order is not paid twice"
    );
}

/// The kinds of the order's mails and whether each left, oldest first.
fn mails_of(page: &OrderForStaff) -> Vec<(&str, bool)> {
    page.mails
        .iter()
        .map(|mail| (mail.kind.as_str(), mail.sent))
        .collect()
}

async fn every_mail_of_an_order_is_listed_and_can_be_sent_again(app: TestApp) {
    let (number, total) = bank_transfer_order(&app, 1011).await;
    let key = app
        .integration_key(&["orders.read", "orders.fulfil", "orders.refund"])
        .await;
    let (_, _): (u16, serde_json::Value) =
        transfer(&app, &key, &number, &total, "2026-11-27").await;
    set_status(&app, &key, &number, "status=processing").await;
    app.break_outbox(true);
    set_status(
        &app,
        &key,
        &number,
        "status=sent&trackAndTrace=3SABCD1234567",
    )
    .await;
    app.break_outbox(false);

    let (_, page): (u16, OrderForStaff) = order_page(&app, &key, &number).await;
    assert_eq!(
        mails_of(&page),
        [("orderConfirmation", true), ("orderShipped", false)],
        "the shipping mail could not leave"
    );
    assert_eq!(page.mails[1].recipient, "anna@example.com");
    assert!(page.mails[1].can_send_again);
    let before = app.outbox().len();
    let shipped = page.mails[1].mail_id;
    let (status, page): (u16, OrderForStaff) = post_action(
        &app,
        &key,
        &number,
        &format!("mails/{shipped}/resend"),
        json!({}),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        mails_of(&page),
        [
            ("orderConfirmation", true),
            ("orderShipped", false),
            ("orderShipped", true)
        ]
    );
    let mails = app.outbox_with(before + 1).await;
    assert!(mails.last().unwrap().body.contains("3SABCD1234567"));
    let entry = page.trail.last().unwrap();
    assert_eq!(entry.action, "order.mailResent");
    assert!(entry.changes.contains(&TrailChange {
        field: "mail".to_owned(),
        before: None,
        after: Some("orderShipped".to_owned()),
    }));

    let (status, _): (u16, ApiErrorBody) =
        post_action(&app, &key, &number, "mails/999999/resend", json!({})).await;
    assert_eq!(status, 404);
    let elsewhere = app.integration_key_on_sites(&["orders.read"], &[4]).await;
    let (status, _): (u16, ApiErrorBody) = post_action(
        &app,
        &elsewhere,
        &number,
        &format!("mails/{shipped}/resend"),
        json!({}),
    )
    .await;
    assert_eq!(status, 403);
}

async fn the_queue_filters_on_brand_amount_and_returns(app: TestApp) {
    // HS-2026-000101 (site 1, Hoefslag) came to 104.26 and has a return.
    let key = app.integration_key(&["orders.read"]).await;
    for (filter, found) in [
        ("hasReturn=true", 1),
        ("hasReturn=false", 0),
        ("minTotal=104.26", 1),
        ("minTotal=104.27", 0),
        ("maxTotal=104.26", 1),
        ("maxTotal=104.25", 0),
        ("minTotal=100.00&maxTotal=110.00", 1),
        ("brand=Hoefslag", 1),
        ("brand=Weidegroen", 0),
    ] {
        let (status, page): (u16, OrderQueue) =
            queue(&app, &key, &format!("q=HS-2026-000101&{filter}")).await;
        assert_eq!((status, page.orders.len()), (200, found), "{filter}");
    }
    let (status, body): (u16, ApiErrorBody) = queue(&app, &key, "minTotal=-1.00").await;
    assert_eq!(
        (status, body.first_key("minTotal")),
        (400, Some("validation.invalid"))
    );
    let (status, _): (u16, ApiErrorBody) = queue(&app, &key, "maxTotal=ten").await;
    assert_eq!(status, 400);
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct OrderViews {
    views: Vec<SavedView>,
}

#[derive(Debug, Deserialize)]
struct SavedView {
    name: String,
    mine: bool,
}

async fn views_of(app: &TestApp, key: &str) -> Vec<(String, bool)> {
    let (status, views): (u16, OrderViews) =
        app.get_with_key(key, "/api/backoffice/order-views").await;
    assert_eq!(status, 200);
    views
        .views
        .into_iter()
        .map(|view| (view.name, view.mine))
        .collect()
}

async fn delete_view(app: &TestApp, key: &str, view_id: i64) -> u16 {
    app.client
        .delete(app.url(&format!("/api/backoffice/order-views/{view_id}")))
        .header("x-api-key", key)
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

async fn views_are_saved_shared_and_deleted_by_their_owner(app: TestApp) {
    let anna = app.integration_key_on_sites(&["orders.read"], &[1]).await;
    let bram = app.integration_key(&["orders.read"]).await;
    let owner = app.integration_key(&["orders.read", "staff.manage"]).await;
    let save = |key: &str, body: serde_json::Value| {
        let key = key.to_owned();
        let app = &app;
        async move {
            app.post_with_key::<serde_json::Value>(&key, "/api/backoffice/order-views", body)
                .await
        }
    };
    let (status, own) = save(
        &anna,
        json!({"name": " Paid, to pack ", "query": "?status=paid&site=1"}),
    )
    .await;
    assert_eq!(status, 201);
    assert_eq!(own["name"], "Paid, to pack");
    assert_eq!(own["query"], "status=paid&site=1");
    assert_eq!(own["shared"], false);
    let (status, shared) = save(
        &anna,
        json!({"name": "Returns", "query": "hasReturn=true", "shared": true}),
    )
    .await;
    assert_eq!(status, 201);

    assert_eq!(
        views_of(&app, &anna).await,
        [
            ("Paid, to pack".to_owned(), true),
            ("Returns".to_owned(), true)
        ]
    );
    assert_eq!(
        views_of(&app, &bram).await,
        [("Returns".to_owned(), false)],
        "another member sees only the shared view"
    );

    for (body, field) in [
        (json!({"name": "  ", "query": "status=paid"}), "name"),
        (json!({"name": "x", "query": "status=lost"}), "query"),
        (json!({"name": "x", "query": "after=1.2"}), "query"),
    ] {
        let (status, answer) = save(&anna, body).await;
        assert_eq!(status, 400, "{answer}");
        assert!(answer["fieldErrors"][field].is_array(), "{answer}");
    }
    let (status, _) = save(&anna, json!({"name": "x", "query": "site=4"})).await;
    assert_eq!(status, 403, "a site the member does not work on");

    let own_id = own["viewId"].as_i64().unwrap();
    let shared_id = shared["viewId"].as_i64().unwrap();
    assert_eq!(
        delete_view(&app, &bram, own_id).await,
        404,
        "not visible to him"
    );
    assert_eq!(delete_view(&app, &bram, shared_id).await, 403);
    assert_eq!(delete_view(&app, &owner, shared_id).await, 204);
    assert_eq!(delete_view(&app, &anna, own_id).await, 204);
    assert!(views_of(&app, &anna).await.is_empty());
}

async fn an_orders_invoice_is_listed_and_downloaded_by_the_desk(app: TestApp) {
    let (number, total) = bank_transfer_order(&app, 1011).await;
    let key = app
        .integration_key_on_sites(&["orders.read", "orders.refund"], &[1])
        .await;
    let (_, page): (u16, OrderForStaff) = order_page(&app, &key, &number).await;
    assert!(
        page.invoices.is_empty(),
        "no invoice before the order is paid"
    );
    let (status, page): (u16, OrderForStaff) =
        transfer(&app, &key, &number, &total, "2026-11-27").await;
    assert_eq!(status, 200);
    let invoice = &page.invoices[0];
    let expected = format!("F{}-01001", &today()[..4]);
    assert_eq!(
        (
            invoice.invoice_number.as_str(),
            invoice.status.as_str(),
            invoice.total_amount.as_str()
        ),
        (expected.as_str(), "paid", total.as_str())
    );
    let download = |key: String, invoice: String| {
        let app = &app;
        async move {
            app.client
                .get(app.url(&format!("/api/backoffice/invoices/{invoice}/pdf")))
                .header("x-api-key", key)
                .send()
                .await
                .unwrap()
        }
    };
    let response = download(key.clone(), expected.clone()).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    let text = pdf_extract::extract_text_from_mem(&response.bytes().await.unwrap()).unwrap();
    assert!(text.contains(&expected) && text.contains(&number), "{text}");
    let elsewhere = app.integration_key_on_sites(&["orders.read"], &[4]).await;
    assert_eq!(download(elsewhere, expected.clone()).await.status(), 403);
    assert_eq!(download(key, "F1999-00001".to_owned()).await.status(), 404);
}

/// An amount in cents, from its two-decimal text.
fn amount_cents(amount: &str) -> i64 {
    amount.replace('.', "").parse().unwrap()
}

async fn the_accountants_export_has_a_row_per_order_and_vat_rate(app: TestApp) {
    let cart = ready_cart(&app, 1011, 2, json!({"paymentMethodId": 6})).await;
    let (status, placed): (u16, PlacedOrder) = app.place_order(&cart).await;
    assert_eq!(status, 201);
    let order = placed.order;
    let accountant = app
        .integration_key_on_sites(&["reports.read", "audit.read"], &[1])
        .await;
    let export = |key: &str, query: String| {
        let path = format!("/api/backoffice/orders/export?{query}");
        let key = key.to_owned();
        let app = &app;
        async move { app.csv_with_key(&key, &path, "orders-vat.csv").await }
    };
    const HEADER: &str = "order,placed,status,site,country,vat_rate,vat,total_excl_vat,total\n";
    // Sport Muesli is feed: VAT at the Dutch low rate only, so one row.
    let excl = amount_cents(&order.total_amount) - amount_cents(&order.vat_amount_low);
    assert_eq!(
        export(&accountant, format!("from={}", today())).await,
        (
            200,
            format!(
                "{HEADER}{},{},open,1,NL,9,{},{}.{:02},{}\n",
                order.order_number,
                today(),
                order.vat_amount_low,
                excl / 100,
                excl % 100,
                order.total_amount
            )
        )
    );
    // The queue's filters apply: nothing paid today, a header alone.
    assert_eq!(
        export(&accountant, format!("from={}&status=paid", today())).await,
        (200, HEADER.to_owned())
    );
    // Every order of the caller's sites, a page of orders at a time: the fixtures' too.
    let (_, text) = export(&accountant, String::new()).await;
    assert!(text.lines().count() > 2, "{text}");
    assert!(
        text.lines()
            .skip(1)
            .all(|line| line.split(',').nth(3) == Some("1")),
        "{text}"
    );

    // The export is on record with its filter; without reports.read, or for another site, none.
    let (status, trail): (u16, serde_json::Value) = app
        .get_with_key(&accountant, "/api/backoffice/audit?entityType=orders")
        .await;
    assert_eq!(status, 200);
    assert_eq!(trail["entries"][0]["action"], "orders.exported");
    assert_eq!(
        trail["entries"][1]["changes"][0]["after"],
        format!("from={}&status=paid", today())
    );
    let (status, _) = app
        .gzipped_length_with_key(&accountant, "/api/backoffice/orders/export?minTotal=50.00")
        .await;
    assert_eq!(status, 200, "compressed, it arrives whole");
    let desk = app.integration_key_on_sites(&["orders.read"], &[1]).await;
    assert_eq!(export(&desk, String::new()).await.0, 403);
    assert_eq!(export(&accountant, "site=2".to_owned()).await.0, 403);
    assert_eq!(
        export(&accountant, "from=yesterday".to_owned()).await.0,
        400
    );
}
