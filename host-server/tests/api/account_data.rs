//! The account area's data over HTTP: orders with paging, invoices and their PDF,
//! returns with photos, scan results and the unread count, subscriptions, saved feed advice,
//! company data and delivery address, reviews; every call needs a session and finds only the
//! customer's own data. The demo accounts of the fixtures are used (password Hoefslag2024).

use serde_json::{Value, json};

use crate::support::account::{
    Account, AccountOrder, AccountReviews, BillingData, CompanyData, DeliveryAddress,
    InvoiceSummary, OrderSummary, Page, RecordedResult, ResultDetail, ResultSummary, Return,
    SavedAdvice, Subscription,
};
use crate::support::order::PlacedOrder;
use crate::support::{ApiErrorBody, TestApp, fixture_tests, read, status_and};

const PASSWORD: &str = "Hoefslag2024";
const JAN: &str = "jan.devries@example.com";
const ANNA: &str = "anna.schmidt@example.com";

/// Signs the app's own client in as a demo customer.
async fn sign_in(app: &TestApp, email: &str) {
    let response = app
        .post_json(
            "/api/authentication/signin",
            &json!({ "emailAddress": email, "password": PASSWORD }),
        )
        .await;
    assert_eq!(response.status(), 200, "sign-in of {email}");
}

/// A second browser, signed in as another customer.
async fn other_client(app: &TestApp, email: &str) -> reqwest::Client {
    let client = reqwest::Client::builder()
        .cookie_store(true)
        .build()
        .unwrap();
    let response = client
        .post(app.url("/api/authentication/signin"))
        .json(&json!({ "emailAddress": email, "password": PASSWORD }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    client
}

async fn json_of(response: reqwest::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    let body = response.json().await.unwrap_or(Value::Null);
    (status, body)
}

async fn unread(app: &TestApp) -> i64 {
    app.account().await.unread_quickscan_results
}

/// A multipart return form.
fn return_form(
    order: &str,
    variant: i64,
    quantity: &str,
    reason: &str,
    photo: Option<(Vec<u8>, &str)>,
) -> reqwest::multipart::Form {
    let mut form = reqwest::multipart::Form::new()
        .text("orderNumber", order.to_owned())
        .text("productVariantId", variant.to_string())
        .text("quantity", quantity.to_owned())
        .text("reason", reason.to_owned())
        .text("comment", "De zak was kapot");
    if let Some((bytes, name)) = photo {
        form = form.part(
            "photo",
            reqwest::multipart::Part::bytes(bytes)
                .file_name(name.to_owned())
                .mime_str("image/jpeg")
                .unwrap(),
        );
    }
    form
}

fn jpeg(size: usize) -> Vec<u8> {
    let mut bytes = vec![0xff, 0xd8, 0xff, 0xe0];
    bytes.resize(size, 0x42);
    bytes
}

/// A return form sent: the status and the answer, a [`Return`] when it is a 201 or an error
/// body.
async fn post_return<T: serde::de::DeserializeOwned>(
    app: &TestApp,
    form: reqwest::multipart::Form,
) -> (u16, T) {
    status_and(app.post_return(form).await).await
}

/// The message keys of a field's problems; empty when the field has none.
fn field_keys<'a>(body: &'a ApiErrorBody, field: &str) -> Vec<&'a str> {
    body.fields.get(field).map_or_else(Vec::new, |errors| {
        errors.iter().map(|error| error.key.as_str()).collect()
    })
}

fixture_tests!(
    every_account_call_needs_a_session,
    orders_load_more_newest_first_with_their_details,
    another_customers_ids_are_not_found,
    invoices_are_listed_and_downloaded_as_pdf,
    an_invoice_speaks_the_language_of_its_order,
    an_invoice_says_reverse_charge_when_the_engine_decides_so,
    returns_are_registered_with_a_checked_photo,
    opening_a_result_lowers_the_unread_count,
    subscription_changes_follow_the_engine_rule,
    feed_advice_is_computed_by_the_server,
    company_data_delivery_address_and_personal_data,
    a_paid_order_appears_with_its_invoice_and_a_cancelled_one_cancels_it,
    own_reviews_and_open_review_requests
);

async fn every_account_call_needs_a_session(app: TestApp) {
    let paths = [
        "/api/account/orders",
        "/api/account/orders/HS-2026-000101",
        "/api/account/invoices",
        "/api/account/invoices/F2026-00001/pdf",
        "/api/account/returns",
        "/api/account/returns/1",
        "/api/account/returns/1/photo",
        "/api/account/results",
        "/api/account/results/qs-2026-0001-h7k2",
        "/api/account/subscriptions",
        "/api/account/subscriptions/1",
        "/api/account/feedadvice",
        "/api/account/company",
        "/api/account/deliveryaddress",
        "/api/account/reviews",
    ];
    for path in paths {
        let response = app.get(path).await;
        assert_eq!(response.status(), 401, "{path}");
        assert_eq!(response.headers()["cache-control"], "no-store", "{path}");
    }
    assert_eq!(
        app.post("/api/account/subscriptions/1/pause")
            .await
            .status(),
        401
    );
    assert_eq!(
        app.put_json(
            "/api/account/subscriptions/1/interval",
            &json!({"intervalWeeks": 2})
        )
        .await
        .status(),
        401
    );
    assert_eq!(
        app.post_json("/api/account/feedadvice", &json!({}))
            .await
            .status(),
        401
    );
    assert_eq!(
        app.client
            .delete(app.url("/api/account/feedadvice/x"))
            .header("content-type", "application/json")
            .send()
            .await
            .unwrap()
            .status(),
        401
    );
    assert_eq!(
        app.post_return(return_form("HS-2026-000101", 1011, "1", "other", None))
            .await
            .status(),
        401
    );
    assert_eq!(
        app.put_json("/api/account/company", &json!({"companyName": "X"}))
            .await
            .status(),
        401
    );
    assert_eq!(
        app.put_json("/api/account/billingaddress", &json!({"firstName": "X"}))
            .await
            .status(),
        401
    );
}

async fn orders_load_more_newest_first_with_their_details(app: TestApp) {
    sign_in(&app, JAN).await;
    let (status, first): (_, Page<OrderSummary>) = app
        .account_get("/api/account/orders?page=1&pageSize=2")
        .await;
    assert_eq!(status, 200);
    assert_eq!(first.numbers(), ["HS-2026-000105", "HS-2026-000103"]);
    assert_eq!((first.total, first.has_more), (5, true));
    let (_, second): (_, Page<OrderSummary>) = app
        .account_get("/api/account/orders?page=2&pageSize=2")
        .await;
    assert_eq!(second.numbers(), ["HS-2026-000104", "HS-2026-000102"]);
    let (_, last): (_, Page<OrderSummary>) = app
        .account_get("/api/account/orders?page=3&pageSize=2")
        .await;
    assert_eq!(last.numbers(), ["HS-2026-000101"]);
    assert!(!last.has_more);
    let (_, all): (_, Page<OrderSummary>) = app.account_get("/api/account/orders").await;
    assert_eq!(all.items.len(), 5);
    assert_eq!(all.page_size, 10);
    assert_eq!(all.items[0].order_date, "2026-11-21T09:30:00Z");
    for bad in ["page=0", "pageSize=101", "page=x"] {
        let (status, body): (_, ApiErrorBody) =
            app.account_get(&format!("/api/account/orders?{bad}")).await;
        assert_eq!(status, 400, "{bad}: {body:?}");
        assert!(!body.fields.is_empty(), "{bad}: {body:?}");
    }

    let (status, order): (_, AccountOrder) =
        app.account_get("/api/account/orders/HS-2026-000102").await;
    assert_eq!(status, 200);
    assert_eq!(order.status, "closed");
    // Placed at 20:41 Dutch winter time.
    assert_eq!(order.order_date, "2026-03-05T19:41:00Z");
    assert_eq!(order.total_amount, "129.85");
    assert_eq!(order.vat_amount_high, "22.54");
    assert_eq!(order.billing.address.city, "Utrecht");
    assert!(order.shipping.is_none(), "{order:?}");
    assert!(order.scan_products_only);
    let lines = &order.lines;
    assert_eq!(lines.len(), 2);
    assert_eq!(
        lines[0].rqs_samples,
        json!([{"sequence": 1, "sampleName": "Hooi perceel 1"}, {"sequence": 2, "sampleName": "Hooi perceel 2"}])
    );
    assert!(!lines[0].is_free);
    assert_eq!(order.status_history.len(), 1);
    assert_eq!(order.status_history[0].status, "closed");
    assert_eq!(
        app.get("/api/account/orders/HS-9999-000000").await.status(),
        404
    );
}

async fn another_customers_ids_are_not_found(app: TestApp) {
    // Anna (account 2) asks for Jan's (account 1) order, invoice, return, result and subscription.
    sign_in(&app, ANNA).await;
    for path in [
        "/api/account/orders/HS-2026-000101",
        "/api/account/invoices/F2026-00001/pdf",
        "/api/account/returns/1",
        "/api/account/returns/1/photo",
        "/api/account/results/qs-2026-0002-p3x9",
        "/api/account/subscriptions/1",
    ] {
        assert_eq!(app.get(path).await.status(), 404, "{path}");
    }
    for action in ["pause", "close", "resume", "activate"] {
        assert_eq!(
            app.post(&format!("/api/account/subscriptions/1/{action}"))
                .await
                .status(),
            404,
            "{action}"
        );
    }
    assert_eq!(
        app.put_json(
            "/api/account/subscriptions/1/interval",
            &json!({"intervalWeeks": 2})
        )
        .await
        .status(),
        404
    );
    // Her own are found; Jan's result stayed unread.
    assert_eq!(
        app.get("/api/account/orders/HS-2026-000106").await.status(),
        200
    );
    assert_eq!(app.get("/api/account/subscriptions/3").await.status(), 200);
    let jan = other_client(&app, JAN).await;
    let account: Account = read(jan.get(app.url("/api/account")).send().await.unwrap()).await;
    assert_eq!(account.unread_quickscan_results, 2);
    // A return form may not name another customer's order.
    let (status, body): (_, ApiErrorBody) = post_return(
        &app,
        return_form("HS-2026-000101", 1011, "1", "other", None),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        field_keys(&body, "orderNumber"),
        ["validation.unknownOrder"]
    );
    // Saved advice of another customer cannot be deleted.
    let saved: SavedAdvice = read(
        jan.post(app.url("/api/account/feedadvice"))
            .json(&json!({"horseType": "horse", "workLoad": "light", "roughageType": "hay"}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    let path = format!("/api/account/feedadvice/{}", saved.advice_id);
    assert_eq!(
        app.client
            .delete(app.url(&path))
            .header("content-type", "application/json")
            .send()
            .await
            .unwrap()
            .status(),
        404
    );
    assert_eq!(
        jan.delete(app.url(&path))
            .header("content-type", "application/json")
            .send()
            .await
            .unwrap()
            .status(),
        204
    );
}

async fn invoices_are_listed_and_downloaded_as_pdf(app: TestApp) {
    sign_in(&app, JAN).await;
    let (status, page): (_, Page<InvoiceSummary>) =
        app.account_get("/api/account/invoices?pageSize=3").await;
    assert_eq!(status, 200);
    assert_eq!(page.total, 5);
    assert!(page.has_more);
    assert_eq!(page.items.len(), 3);
    let response = app.get("/api/account/invoices/F2026-00001/pdf").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    assert!(
        response.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .contains("F2026-00001.pdf")
    );
    let bytes = response.bytes().await.unwrap();
    assert!(bytes.starts_with(b"%PDF-1."));
    assert!(bytes.trim_ascii_end().ends_with(b"%%EOF"));
    let text = pdf_extract::extract_text_from_mem(&bytes).unwrap();
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        text.contains("Factuur F2026-00001"),
        "the invoice number is on the page: {text}"
    );
    assert!(text.contains("Bestelnummer HS-2026-000101"), "{text}");
    // The seller as the site's configuration names it, and the page number.
    assert!(
        text.contains("Hoefslag Diervoeders B.V.")
            && text.contains("Btw-nummer NL862447915B01")
            && text.contains("KvK 71234567"),
        "{text}"
    );
    assert!(text.contains("Pagina 1 van 1"), "{text}");
    assert!(text.contains("Totaal € 104,26"), "{text}");
    assert_eq!(
        app.get("/api/account/invoices/F2099-00001/pdf")
            .await
            .status(),
        404
    );
}

async fn an_invoice_speaks_the_language_of_its_order(app: TestApp) {
    sign_in(&app, ANNA).await;
    let response = app.get("/api/account/invoices/F2026-00006/pdf").await;
    assert_eq!(response.status(), 200);
    let bytes = response.bytes().await.unwrap();
    let text = pdf_extract::extract_text_from_mem(&bytes).unwrap();
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for expected in [
        "Rechnung F2026-00006",
        "Bestellnummer HS-2026-000106",
        "Einzelpreis",
        "USt-IdNr. NL862447915B01",
        "Seite 1 von 1",
        "Status bezahlt",
    ] {
        assert!(text.contains(expected), "{expected} in {text}");
    }
    assert!(!text.contains("Factuur"), "{text}");
}

async fn an_invoice_says_reverse_charge_when_the_engine_decides_so(app: TestApp) {
    sqlx::any::install_default_drivers();
    // The Dutch stable (account 6) with its Dutch VAT number; invoice F2026-00017 of order
    // HS-2026-000119 charged VAT at both rates.
    sign_in(&app, "inkoop@stal-de-hoefijzer.example").await;
    let db = host_server::platform::db::Database::connect(&app.database_url())
        .await
        .unwrap();
    let pool = db.pool();
    let text_of = |bytes: &[u8]| {
        pdf_extract::extract_text_from_mem(bytes)
            .unwrap()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let invoice = || async {
        text_of(
            &app.get("/api/account/invoices/F2026-00017/pdf")
                .await
                .bytes()
                .await
                .unwrap(),
        )
    };
    let note = "Btw verlegd: de btw is verschuldigd door de afnemer";
    let set_vat = |low: &'static str, high: &'static str| async move {
        sqlx::query("UPDATE invoices SET vat_amount_low = $1, vat_amount_high = $2 WHERE invoice_number = 'F2026-00017'")
            .bind(low).bind(high).execute(pool).await.unwrap();
    };

    let text = invoice().await;
    assert!(
        !text.contains(note) && text.contains("Btw 9% € 2,37") && text.contains("Btw 21% € 4,68"),
        "{text}"
    );
    // No VAT charged, but buyer and seller are both Dutch: a domestic sale, no note.
    set_vat("0.00", "0.00").await;
    let text = invoice().await;
    assert!(
        !text.contains(note) && text.contains("Btw 9% € 0,00"),
        "{text}"
    );

    // The same order for a Belgian business with its goods going to Belgium.
    let (billing,): (String,) =
        sqlx::query_as("SELECT billing_json FROM orders WHERE order_number = 'HS-2026-000119'")
            .fetch_one(pool)
            .await
            .unwrap();
    let mut billing: Value = serde_json::from_str(&billing).unwrap();
    billing["address"]["countryId"] = json!(2);
    sqlx::query("UPDATE orders SET billing_json = $1, company_json = $2 WHERE order_number = 'HS-2026-000119'")
        .bind(billing.to_string())
        .bind(json!({"companyName": "Stal De Hoefijzer BV", "vatNumber": "BE0123456789"}).to_string())
        .execute(pool)
        .await
        .unwrap();
    let text = invoice().await;
    assert!(text.contains(note), "{text}");
    assert!(
        text.contains("Btw-nummer klant: BE0123456789")
            && !text.contains("Btw 9%")
            && !text.contains("Btw 21%"),
        "no VAT lines beside the note: {text}"
    );
    // With VAT charged the amounts stand and the note goes.
    set_vat("2.37", "4.68").await;
    let text = invoice().await;
    assert!(
        !text.contains(note) && text.contains("Btw 21% € 4,68"),
        "{text}"
    );
}

async fn returns_are_registered_with_a_checked_photo(app: TestApp) {
    sign_in(&app, JAN).await;
    let (status, list): (_, Vec<Return>) = app.account_get("/api/account/returns").await;
    assert_eq!(status, 200);
    assert_eq!(list.len(), 1);
    assert!(list[0].has_photo);
    let photo = app.get("/api/account/returns/1/photo").await;
    assert_eq!(photo.status(), 200);
    assert_eq!(photo.headers()["content-type"], "image/svg+xml");

    // Order 101 has 2 of variant 1011 and one was returned already (fixture return 1).
    let (status, body): (_, ApiErrorBody) = post_return(
        &app,
        return_form(
            "HS-2026-000101",
            1011,
            "2",
            "damaged",
            Some((jpeg(1000), "bag.jpg")),
        ),
    )
    .await;
    assert_eq!(status, 400, "{body:?}");
    assert_eq!(
        field_keys(&body, "quantity"),
        ["validation.returnQuantityTooHigh"]
    );
    let (status, body): (_, ApiErrorBody) = post_return(
        &app,
        return_form(
            "HS-2026-000101",
            1011,
            "0",
            "damaged",
            Some((jpeg(1000), "bag.jpg")),
        ),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        field_keys(&body, "quantity"),
        ["validation.invalidQuantity"]
    );
    let too_big = jpeg(5 * 1024 * 1024 + 1);
    let (status, body): (_, ApiErrorBody) = post_return(
        &app,
        return_form(
            "HS-2026-000101",
            1011,
            "1",
            "damaged",
            Some((too_big, "big.jpg")),
        ),
    )
    .await;
    assert_eq!(status, 400, "{body:?}");
    assert_eq!(field_keys(&body, "photo"), ["validation.photoTooLarge"]);
    let gif = b"GIF89a\x01\x00\x01\x00".to_vec();
    let (status, body): (_, ApiErrorBody) = post_return(
        &app,
        return_form(
            "HS-2026-000101",
            1011,
            "1",
            "damaged",
            Some((gif, "bag.jpg")),
        ),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        field_keys(&body, "photo"),
        ["validation.photoType"],
        "the type is read from the bytes, not the name"
    );
    let (status, body): (_, ApiErrorBody) = post_return(
        &app,
        return_form("HS-2026-000101", 1011, "1", "damaged", None),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(field_keys(&body, "photo"), ["validation.photoRequired"]);
    let (status, body): (_, ApiErrorBody) =
        post_return(&app, return_form("HS-2026-000101", 9999, "1", "lost", None)).await;
    assert_eq!(status, 400);
    assert_eq!(
        field_keys(&body, "productVariantId"),
        ["validation.notInOrder"]
    );
    assert_eq!(field_keys(&body, "reason"), ["validation.invalid"]);
    let empty = reqwest::multipart::Form::new().text("comment", "x");
    let (status, body): (_, ApiErrorBody) = post_return(&app, empty).await;
    assert_eq!(status, 400);
    for field in ["orderNumber", "productVariantId", "quantity", "reason"] {
        assert_eq!(field_keys(&body, field), ["validation.required"], "{field}");
    }
    let (status, body) = json_of(
        app.post_json(
            "/api/account/returns",
            &json!({"orderNumber": "HS-2026-000101"}),
        )
        .await,
    )
    .await;
    assert_eq!(status, 400, "{body:?}");

    let png = [
        &[0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a][..],
        &[0; 64],
    ]
    .concat();
    let (status, created): (_, Return) = post_return(
        &app,
        return_form(
            "HS-2026-000101",
            1011,
            "1",
            "damaged",
            Some((png.clone(), "bag.png")),
        ),
    )
    .await;
    assert_eq!(status, 201, "{created:?}");
    assert_eq!(created.status, "new");
    assert_eq!(created.quantity, 1);
    assert_eq!(
        created.description.as_deref(),
        Some("Hoefslag Sport Muesli")
    );
    let id = &created.return_id;
    let stored = std::fs::read(app.scratch().join("returns").join(format!("{id}.png"))).unwrap();
    assert_eq!(stored, png);
    let photo = app.get(&format!("/api/account/returns/{id}/photo")).await;
    assert_eq!(photo.headers()["content-type"], "image/png");
    let (_, list): (_, Vec<Return>) = app.account_get("/api/account/returns").await;
    assert_eq!(list.len(), 2);
    // Now both pieces are returned.
    let (status, body): (_, ApiErrorBody) = post_return(
        &app,
        return_form("HS-2026-000101", 1011, "1", "other", None),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        field_keys(&body, "quantity"),
        ["validation.returnQuantityTooHigh"]
    );
}

async fn opening_a_result_lowers_the_unread_count(app: TestApp) {
    sign_in(&app, JAN).await;
    assert_eq!(unread(&app).await, 2);
    let (status, list): (_, Vec<ResultSummary>) = app.account_get("/api/account/results").await;
    assert_eq!(status, 200);
    assert_eq!(list.len(), 3);
    assert_eq!(list.iter().filter(|result| !result.read).count(), 2);

    let (status, result): (_, ResultDetail) = app
        .account_get("/api/account/results/qs-2026-0002-p3x9")
        .await;
    assert_eq!(status, 200);
    assert!(result.read);
    assert_eq!(result.scan_type, "quickScan");
    // The engine's classification: 84.6 % dry matter is below 86 (hay) by more than 1: take action.
    assert_eq!(
        result
            .classification
            .dry_matter
            .as_ref()
            .map(|dry_matter| dry_matter.level.as_str()),
        Some("takeAction")
    );
    assert_eq!(
        result.classification.analytes["sugar"].deviation.as_deref(),
        Some("high")
    );
    assert_eq!(result.level, "takeAction");
    let advised: Vec<&str> = result
        .advice
        .iter()
        .map(|item| item.analyte.as_str())
        .collect();
    assert!(
        advised.contains(&"crudeProtein") && advised.contains(&"sugar"),
        "{advised:?}"
    );
    assert!(result.advice[0].text.starts_with("Het "), "Jan reads Dutch");
    // The engine's balancing advice for the reference horse: 55 g protein per kg dry matter
    // is 5 g short of 60, times 9 kg dry matter a day.
    assert_eq!(result.weight_kg, 600);
    let balancing = result.balancing.as_ref().unwrap();
    assert_eq!(balancing.dry_matter_intake_kg, "9");
    assert_eq!(balancing.deficits["crudeProtein"].per_day, "45");
    let balancers = &balancing.products;
    assert!(
        balancers
            .iter()
            .any(|product| product.balances.contains(&"crudeProtein".to_owned())),
        "{balancers:?}"
    );
    // Units and the laboratory's averages (roughage/targets.json); no products without a site.
    assert_eq!(result.references["sugar"].unit, "g");
    assert_eq!(result.references["sugar"].average.as_deref(), Some("118"));
    assert_eq!(
        result.references["dryMatter"].average.as_deref(),
        Some("87.4")
    );
    assert!(result.products.is_empty(), "{:?}", result.products);
    assert_eq!(unread(&app).await, 1);
    // Opening it again changes nothing; a pony needs less.
    let (_, pony): (_, ResultDetail) = app
        .account_get("/api/account/results/qs-2026-0002-p3x9?weightKg=300")
        .await;
    assert_eq!(
        pony.balancing.as_ref().unwrap().deficits["crudeProtein"].per_day,
        "22.5"
    );
    assert_eq!(unread(&app).await, 1);
    let (status, body): (_, ApiErrorBody) = app
        .account_get("/api/account/results/qs-2026-0002-p3x9?weightKg=2000")
        .await;
    assert_eq!(status, 400);
    assert!(body.fields.contains_key("weightKg"));

    let (_, hygiene): (_, ResultDetail) = app
        .account_get("/api/account/results/rqs-2026-0001-m4q8")
        .await;
    let hygiene_class = hygiene.classification.hygiene.as_ref().unwrap();
    assert_eq!(hygiene_class.quality_class, "II"); // 3.2 x the orientation value of Aspergillus/Penicillium
    assert_eq!(hygiene.level, "alert");
    assert_eq!(
        hygiene_class.groups["aspergillusPenicillium"].count_level,
        "II"
    );
    assert_eq!(hygiene.advice[0].analyte, "hygiene");
    assert!(hygiene.balancing.is_none(), "{hygiene:?}");
    assert_eq!(unread(&app).await, 0);
    assert_eq!(app.get("/api/account/results/nope").await.status(), 404);
}

async fn subscription_changes_follow_the_engine_rule(app: TestApp) {
    sign_in(&app, JAN).await;
    let (status, list): (_, Vec<Subscription>) =
        app.account_get("/api/account/subscriptions").await;
    assert_eq!(status, 200);
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].status, "activated");
    assert_eq!(list[0].product_id, Some(3));
    assert_eq!(list[0].allowed_actions, ["pause", "close"]);

    let (status, body): (_, ApiErrorBody) = app.subscription_action(1, "resume").await;
    assert_eq!(
        (status, body.code.as_str()),
        (409, "errors.subscriptionTransition")
    );
    let (status, paused): (_, Subscription) = app.subscription_action(1, "pause").await;
    assert_eq!(status, 200);
    assert_eq!(paused.status, "paused");
    assert!(paused.next_delivery_date.is_none(), "{paused:?}");
    assert_eq!(
        app.post("/api/account/subscriptions/1/pause")
            .await
            .status(),
        409
    );
    let (status, interval): (_, Subscription) = app
        .account_put(
            "/api/account/subscriptions/1/interval",
            &json!({"intervalWeeks": 6}),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(interval.interval_weeks, 6);
    for bad in [
        json!({"intervalWeeks": 0}),
        json!({"intervalWeeks": 1}),
        json!({"intervalWeeks": 13}),
        json!({"intervalWeeks": 27}),
        json!({}),
    ] {
        let (status, body): (_, ApiErrorBody) = app
            .account_put("/api/account/subscriptions/1/interval", &bad)
            .await;
        assert_eq!(status, 400, "{bad}");
        assert!(body.fields.contains_key("intervalWeeks"), "{body:?}");
    }
    let (status, resumed): (_, Subscription) = app.subscription_action(1, "resume").await;
    assert_eq!(status, 200);
    assert_eq!(resumed.status, "activated");
    // Paused and resumed before the planned delivery: it stays on its day (the planned date
    // is 2026-12-01; on a later day the rhythm moves on by whole intervals from it).
    let planned = list[0].next_delivery_date.as_deref().unwrap();
    let resumed_on = resumed.next_delivery_date.as_deref().unwrap();
    let today = host_server::platform::clock::today();
    if today.as_str() <= planned {
        assert_eq!(resumed_on, planned);
    } else {
        assert!(resumed_on >= today.as_str(), "{resumed_on} before {today}");
    }
    assert_eq!(
        app.post("/api/account/subscriptions/1/activate")
            .await
            .status(),
        409
    );
    let (status, closed): (_, Subscription) = app.subscription_action(1, "close").await;
    assert_eq!((status, closed.status.as_str()), (200, "closed"));
    assert_eq!(
        (
            closed.allowed_actions.is_empty(),
            closed.interval_can_change
        ),
        (true, false),
        "{closed:?}"
    );
    for action in ["pause", "resume", "activate", "close"] {
        assert_eq!(
            app.post(&format!("/api/account/subscriptions/1/{action}"))
                .await
                .status(),
            409,
            "{action}"
        );
    }
    assert_eq!(
        app.put_json(
            "/api/account/subscriptions/1/interval",
            &json!({"intervalWeeks": 2})
        )
        .await
        .status(),
        409
    );

    // Anna's saved subscription activates.
    let anna = other_client(&app, ANNA).await;
    let response = anna
        .post(app.url("/api/account/subscriptions/3/activate"))
        .header("content-type", "application/json")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let activated: Subscription = read(response).await;
    assert_eq!(activated.status, "activated");
    assert!(activated.start_date.is_some(), "{activated:?}");
}

async fn feed_advice_is_computed_by_the_server(app: TestApp) {
    sign_in(&app, JAN).await;
    // Numbers the browser might send are not fields of the form; only the horse counts.
    let (status, saved): (_, SavedAdvice) = app.save_feed_advice(
        &json!({"name": "Bella", "horseType": "horse", "weightKg": 600, "workLoad": "none", "roughageType": "hay"}),
    ).await;
    assert_eq!(status, 201, "{saved:?}");
    assert_eq!(saved.name, "Bella");
    assert_eq!(saved.advice.weight_kg, 600);
    let products = &saved.advice.products;
    assert!(!products.is_empty());
    // The engine on the same input gives the same advice as stored.
    assert!(products[0].grams_per_day > 0);
    let (status, pony): (_, SavedAdvice) = app
        .save_feed_advice(
            &json!({"horseType": "pony", "workLoad": "light", "roughageType": "pasture"}),
        )
        .await;
    assert_eq!(status, 201, "{pony:?}");
    assert_eq!(pony.weight_kg, 300);
    let (status, body): (_, ApiErrorBody) = app.save_feed_advice(
        &json!({"horseType": "horse", "weightKg": 2000, "workLoad": "none", "roughageType": "hay"}),
    ).await;
    assert_eq!(
        (status, body.code.as_str()),
        (400, "feed_advice_undetermined")
    );
    let (status, body): (_, ApiErrorBody) = app
        .save_feed_advice(&json!({"horseType": "unicorn", "roughageType": "hay"}))
        .await;
    assert_eq!(status, 400);
    assert!(body.fields.contains_key("horseType"), "{body:?}");
    let (_, list): (_, Vec<SavedAdvice>) = app.account_get("/api/account/feedadvice").await;
    assert_eq!(list.len(), 2);
    let path = format!("/api/account/feedadvice/{}", saved.advice_id);
    assert_eq!(
        app.client
            .delete(app.url(&path))
            .header("content-type", "application/json")
            .send()
            .await
            .unwrap()
            .status(),
        204
    );
    assert_eq!(
        app.client
            .delete(app.url(&path))
            .header("content-type", "application/json")
            .send()
            .await
            .unwrap()
            .status(),
        404
    );
    let (_, list): (_, Vec<SavedAdvice>) = app.account_get("/api/account/feedadvice").await;
    assert_eq!(list.len(), 1);
}

async fn company_data_delivery_address_and_personal_data(app: TestApp) {
    sign_in(&app, "inkoop@stal-de-hoefijzer.example").await;
    let account = app.account().await;
    assert_eq!(
        account.company.as_ref().map(|c| c.company_name.as_str()),
        Some("Stal De Hoefijzer B.V.")
    );
    assert_eq!(
        account.billing.as_ref().map(|b| b.address.city.as_str()),
        Some("Barneveld")
    );
    assert_eq!(account.mobile_phone.as_deref(), Some("+31687654321"));
    let (status, body): (_, ApiErrorBody) = app
        .account_put(
            "/api/account/company",
            &json!({"companyName": "Stal B.V.", "vatNumber": "DE123456789"}),
        )
        .await;
    assert_eq!(status, 400, "a German number for a Dutch billing address");
    assert_eq!(
        field_keys(&body, "vatNumber"),
        ["validation.invalidVatNumber"]
    );
    assert_eq!(
        body.first_message("vatNumber"),
        Some("Dit is geen geldig btw-nummer"),
        "{body:?}"
    );
    let (status, body): (_, ApiErrorBody) = app
        .account_put(
            "/api/account/company",
            &json!({"companyName": "", "vatNumber": "NL801234566B01"}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(field_keys(&body, "companyName"), ["validation.required"]);
    let (status, body): (_, CompanyData) = app
        .account_put(
            "/api/account/company",
            &json!({"companyName": "Stal B.V.", "vatNumber": "NL801234566B01"}),
        )
        .await;
    assert_eq!(status, 200, "{body:?}");
    let (_, stored): (_, CompanyData) = app.account_get("/api/account/company").await;
    assert_eq!(
        stored.company.as_ref().map(|c| c.company_name.as_str()),
        Some("Stal B.V.")
    );
    let (_, body): (_, CompanyData) = app
        .account_put(
            "/api/account/company",
            &json!({"companyName": "", "vatNumber": ""}),
        )
        .await;
    assert!(body.company.is_none(), "{body:?}");

    let address = json!({"street": "Dorpsstraat", "streetNumber": "7", "zipcode": "1234 AB", "city": "Ede", "countryId": 1});
    let (status, body): (_, DeliveryAddress) = app.account_put(
        "/api/account/deliveryaddress",
        &json!({"alternativeShippingAddress": true, "firstName": "Piet", "lastName": "Jansen", "address": address, "shippingMethod": 0}),
    ).await;
    assert_eq!(status, 200, "{body:?}");
    assert_eq!(
        body.shipping.as_ref().map(|s| s.address.city.as_str()),
        Some("Ede")
    );
    let (status, body): (_, ApiErrorBody) = app.account_put(
        "/api/account/deliveryaddress",
        &json!({"alternativeShippingAddress": true, "firstName": "Piet", "lastName": "Jansen", "address": address, "shippingMethod": 2}),
    ).await;
    assert_eq!(
        status, 400,
        "only the engine's shipping methods 0 and 1: {body:?}"
    );
    assert!(body.fields.contains_key("shippingMethod"), "{body:?}");
    let (status, body): (_, ApiErrorBody) = app.account_put(
        "/api/account/deliveryaddress",
        &json!({"alternativeShippingAddress": true, "firstName": "Piet", "lastName": "Jansen",
                "address": {"street": "Dorpsstraat", "streetNumber": "0", "zipcode": "12345", "city": "Ede", "countryId": 1}}),
    ).await;
    assert_eq!(status, 400);
    assert_eq!(
        field_keys(&body, "address.zipcode"),
        ["validation.invalidPostcode"]
    );
    assert_eq!(
        field_keys(&body, "address.streetNumber"),
        ["validation.invalidAddress"]
    );
    let (status, _) = json_of(app.put_json(
        "/api/account/deliveryaddress",
        &json!({"alternativeShippingAddress": true, "firstName": "Piet", "lastName": "Jansen", "address": {"countryId": 99}}),
    ).await).await;
    assert_eq!(status, 400);
    let account = app.account().await;
    assert!(account.alternative_shipping_address);
    assert_eq!(
        account.shipping.as_ref().map(|s| s.first_name.as_str()),
        Some("Piet")
    );

    // The billing address and mobile phone: checked like the delivery address, the
    // e-mail address always the account's own.
    let billing = json!({"firstName": "Piet", "lastName": "Jansen", "phoneNumber": "0612345678", "mobilePhone": "+31 6 12345678",
                         "address": {"street": "Kerkstraat", "streetNumber": "12", "zipcode": "6711 AB", "city": "Ede", "countryId": 1}});
    let (status, body): (_, BillingData) = app
        .account_put("/api/account/billingaddress", &billing)
        .await;
    assert_eq!(status, 200, "{body:?}");
    assert_eq!(
        body.billing.as_ref().map(|b| b.address.street.as_str()),
        Some("Kerkstraat")
    );
    assert_eq!(body.mobile_phone.as_deref(), Some("+31 6 12345678"));
    let account = app.account().await;
    let stored = account.billing.as_ref().unwrap();
    assert_eq!(stored.address.zipcode, "6711 AB");
    assert_eq!(stored.email_address, account.email_address);
    assert_eq!(stored.phone_number.as_deref(), Some("0612345678"));
    assert_eq!(account.mobile_phone.as_deref(), Some("+31 6 12345678"));
    let (status, body): (_, ApiErrorBody) = app.account_put(
        "/api/account/billingaddress",
        &json!({"firstName": "", "lastName": "Jansen", "mobilePhone": "call me",
                "address": {"street": "Kerkstraat", "streetNumber": "12", "zipcode": "12345", "city": "Ede", "countryId": 1}}),
    ).await;
    assert_eq!(status, 400, "{body:?}");
    assert_eq!(field_keys(&body, "firstName"), ["validation.required"]);
    assert_eq!(
        field_keys(&body, "address.zipcode"),
        ["validation.invalidPostcode"]
    );
    assert!(body.fields.contains_key("mobilePhone"), "{body:?}");
    let account = app.account().await;
    assert_eq!(
        account.billing.as_ref().map(|b| b.address.zipcode.as_str()),
        Some("6711 AB"),
        "a refused change keeps the stored address"
    );
    let (status, _) = json_of(
        app.put_json(
            "/api/account/billingaddress",
            &json!({"emailAddress": "other@example.com"}),
        )
        .await,
    )
    .await;
    assert_eq!(
        status, 400,
        "the billing e-mail address is the account's own"
    );

    // Personal data with newsletter and language preference.
    let (status, body): (_, Account) = app.account_put("/api/account", &json!({"firstName": "Pieter", "lastName": "Jansen", "languageId": 2, "newsletter": true})).await;
    assert_eq!(status, 200, "{body:?}");
    assert_eq!((body.language_id, body.newsletter), (Some(2), true));
    let (status, body): (_, ApiErrorBody) = app
        .account_put(
            "/api/account",
            &json!({"firstName": "Pieter", "lastName": "Jansen", "languageId": 99}),
        )
        .await;
    assert_eq!(status, 400);
    assert!(body.fields.contains_key("languageId"));
    // It takes a `callbackUrl` like the other account calls: a path of the shop, never
    // another origin.
    let update =
        json!({"firstName": "Pieter", "lastName": "Jansen", "languageId": 2, "newsletter": true});
    let (status, body): (_, Account) = app
        .account_put("/api/account?callbackUrl=/account/information/", &update)
        .await;
    assert_eq!(status, 200, "{body:?}");
    let (status, body): (_, ApiErrorBody) = app
        .account_put("/api/account?callbackUrl=https://evil.example/", &update)
        .await;
    assert_eq!(status, 400, "{body:?}");
    assert!(body.fields.contains_key("callbackUrl"), "{body:?}");
}

async fn a_paid_order_appears_with_its_invoice_and_a_cancelled_one_cancels_it(app: TestApp) {
    sqlx::any::install_default_drivers();
    sign_in(&app, JAN).await;
    let cart = crate::orders::ready_cart(&app, 1011, 1, crate::orders::ideal()).await;
    let (status, placed): (_, PlacedOrder) = app.place_order(&cart).await;
    assert_eq!(status, 201, "{placed:?}");
    let number = placed.order.order_number.clone();
    crate::orders::pay(&app, &placed.redirect_url, "paid").await;

    let (_, orders): (_, Page<OrderSummary>) = app.account_get("/api/account/orders").await;
    assert_eq!(orders.total, 6);
    assert!(orders.numbers().contains(&number.as_str()));
    let (_, order): (_, AccountOrder) = app
        .account_get(&format!("/api/account/orders/{number}"))
        .await;
    let history: Vec<&str> = order
        .status_history
        .iter()
        .map(|change| change.status.as_str())
        .collect();
    assert_eq!(history, ["created", "open", "paid"]);
    let (_, invoices): (_, Page<InvoiceSummary>) =
        app.account_get("/api/account/invoices?pageSize=50").await;
    assert_eq!(invoices.total, 6);
    let invoice = invoices
        .items
        .iter()
        .find(|invoice| invoice.order_number == number)
        .unwrap();
    assert_eq!(invoice.status, "paid");
    assert_eq!(invoice.total_amount, order.total_amount);
    assert!(invoice.invoice_number.ends_with("-01001"), "{invoice:?}");
    let pdf = app
        .get(&format!(
            "/api/account/invoices/{}/pdf",
            invoice.invoice_number
        ))
        .await;
    assert_eq!(pdf.status(), 200);

    // A cancelled order cancels its invoice.
    let db = host_server::platform::db::Database::connect(&app.database_url())
        .await
        .unwrap();
    let mut connection = db.pool().acquire().await.unwrap();
    let (order_id,): (i64,) = sqlx::query_as("SELECT order_id FROM orders WHERE order_number = $1")
        .bind(&number)
        .fetch_one(&mut *connection)
        .await
        .unwrap();
    host_server::orders::invoices::follow_order_status(
        &mut connection,
        order_id,
        engine::order::OrderStatus::Cancelled,
    )
    .await
    .unwrap();
    let (_, invoices): (_, Page<InvoiceSummary>) =
        app.account_get("/api/account/invoices?pageSize=50").await;
    let invoice = invoices
        .items
        .iter()
        .find(|invoice| invoice.order_number == number)
        .unwrap();
    assert_eq!(invoice.status, "cancelled");
}

async fn own_reviews_and_open_review_requests(app: TestApp) {
    sign_in(&app, JAN).await;
    let (status, body): (_, AccountReviews) = app.account_get("/api/account/reviews").await;
    assert_eq!(status, 200);
    let requests = &body.review_requests;
    assert!(!requests.is_empty());
    assert!(requests.iter().all(|request| request.status == "new"));
    assert!(body.reviews.iter().any(|review| review.review_id == 1));
}

/// The laboratory endpoint and the CSV import, with the laboratory's integration key.
async fn laboratory_results(backend: crate::support::Backend) {
    let app = TestApp::spawn_with(backend, |config| {
        config.import_fixtures = host_server::platform::config::ImportFixtures::Auto;
    })
    .await;
    app.known_integration_key("lab-secret-1").await;
    let result = json!({
        "orderNumber": "HS-2026-000111", "productVariantId": 1821, "sequence": 1, "sampleType": "silage",
        "receiptDate": "2026-11-02", "resultDate": "2026-11-10",
        "values": {"dryMatterPercent": 40.5, "crudeProtein": "55", "sugar": 90}
    });
    let post = |key: Option<&'static str>, body: Value| {
        let mut request = app
            .client
            .post(app.url("/api/laboratory/results"))
            .json(&body);
        if let Some(key) = key {
            request = request.header("x-api-key", key);
        }
        request.send()
    };
    assert_eq!(post(None, result.clone()).await.unwrap().status(), 401);
    assert_eq!(
        post(Some("wrong"), result.clone()).await.unwrap().status(),
        401
    );

    // Account 6 read its result of this sample; a new result replaces it, unread.
    sign_in(&app, "inkoop@stal-de-hoefijzer.example").await;
    assert_eq!(unread(&app).await, 0);
    let (status, stored): (_, RecordedResult) =
        status_and(post(Some("lab-secret-1"), result.clone()).await.unwrap()).await;
    assert_eq!(status, 201, "{stored:?}");
    assert_eq!(
        stored.result_key, "qs-2026-0004-b5n3",
        "the sample keeps its key"
    );
    assert_eq!(stored.sample_name, "Voordroog partij 3");
    assert_eq!(unread(&app).await, 1);
    let (_, shown): (_, ResultDetail) = app
        .account_get("/api/account/results/qs-2026-0004-b5n3")
        .await;
    assert_eq!(shown.result_date, "2026-11-10");
    assert_eq!(
        shown
            .classification
            .dry_matter
            .as_ref()
            .map(|dry_matter| dry_matter.level.as_str()),
        Some("takeAction"),
        "silage under 45 % dry matter"
    );
    assert_eq!(unread(&app).await, 0);

    let mut wrong_kind = result.clone();
    wrong_kind["germCounts"] = json!({"yeasts": 100});
    let (status, body): (_, ApiErrorBody) =
        status_and(post(Some("lab-secret-1"), wrong_kind).await.unwrap()).await;
    assert_eq!(status, 400);
    assert!(body.fields.contains_key("germCounts"), "{body:?}");
    let mut unknown = result.clone();
    unknown["sequence"] = json!(7);
    let (status, body): (_, ApiErrorBody) =
        status_and(post(Some("lab-secret-1"), unknown).await.unwrap()).await;
    assert_eq!(status, 400);
    assert!(body.fields.contains_key("sequence"), "{body:?}");
    let (status, _) = json_of(
        post(
            Some("lab-secret-1"),
            json!({"orderNumber": "HS-2026-000111", "extra": 1}),
        )
        .await
        .unwrap(),
    )
    .await;
    assert_eq!(status, 400);
    let hygiene = json!({
        "orderNumber": "HS-2026-000107", "productVariantId": 1841, "sequence": 1, "sampleType": "silage",
        "receiptDate": "2026-11-02", "resultDate": "2026-11-12", "germCounts": {"yeasts": 2000, "mould": 5}
    });
    let (status, body) = json_of(post(Some("lab-secret-1"), hygiene).await.unwrap()).await;
    assert_eq!(status, 400, "an unknown germ group: {body}");

    // The CSV command: Anna's (account 2) read quick scan and unread hygiene scan, all or nothing.
    let db = host_server::platform::db::Database::connect(&app.database_url())
        .await
        .unwrap();
    let bad = "orderNumber;productVariantId;sequence;sampleType;receiptDate;resultDate;sugar;yeasts\n\
               HS-2026-000107;1821;1;silage;2026-11-01;2026-11-09;120,5;\n\
               HS-2026-000107;1841;1;silage;2026-11-01;2026-11-31;;3000\n";
    let error = host_server::laboratory::import_csv(&db, bad)
        .await
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "row 3: resultDate: must be a date YYYY-MM-DD"
    );
    let file = app.scratch().join("lab.csv");
    std::fs::write(&file, bad.replace("2026-11-31", "2026-11-30")).unwrap();
    let mut config = host_server::platform::config::Config::from_lookup(|name| {
        (name == "PAYMENT_PROVIDER").then(|| "test".to_owned())
    })
    .unwrap();
    config.database_url = app.database_url();
    let recorded = host_server::laboratory::import_csv_command(&config, &file)
        .await
        .unwrap();
    assert_eq!(recorded.len(), 2);
    assert_eq!(
        recorded[1].scan_type,
        host_server::laboratory::ScanType::HygieneScan
    );
    let anna = other_client(&app, ANNA).await;
    let account: Account = read(anna.get(app.url("/api/account")).send().await.unwrap()).await;
    assert_eq!(account.unread_quickscan_results, 2);
    let results: Vec<ResultSummary> = read(
        anna.get(app.url("/api/account/results"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    let quick = results
        .iter()
        .find(|result| result.result_key == "qs-2026-0003-s8d1")
        .unwrap();
    assert_eq!(
        (quick.read, quick.result_date.as_str()),
        (false, "2026-11-09")
    );
}

/// The endpoint refuses a call without a key or with an unknown one (401), and a key
/// without lab.results (403).
async fn laboratory_without_a_key(backend: crate::support::Backend) {
    let app = TestApp::spawn(backend).await;
    let orders_only = app.integration_key(&["orders.read"]).await;
    let refusals = [
        (None, 401, "errors.staffSignInRequired"),
        (Some(""), 401, "errors.staffSignInRequired"),
        (Some("anything"), 401, "errors.staffSignInRequired"),
        (Some(orders_only.as_str()), 403, "errors.permissionDenied"),
    ];
    for (key, status, code) in refusals {
        let mut request = app
            .client
            .post(app.url("/api/laboratory/results"))
            .json(&json!({}));
        if let Some(key) = key {
            request = request.header("x-api-key", key);
        }
        let (answered, body): (_, ApiErrorBody) = status_and(request.send().await.unwrap()).await;
        assert_eq!((answered, body.code.as_str()), (status, code));
    }
}

mod laboratory {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn sqlite_results_by_api_key_and_csv() {
        laboratory_results(crate::support::Backend::Sqlite).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    #[ignore = "needs PostgreSQL on 127.0.0.1:5432 (scripts/test.sh runs it when one answers)"]
    async fn postgres_results_by_api_key_and_csv() {
        laboratory_results(crate::support::Backend::Postgres).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn sqlite_without_a_key_nothing_is_accepted() {
        laboratory_without_a_key(crate::support::Backend::Sqlite).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    #[ignore = "needs PostgreSQL on 127.0.0.1:5432 (scripts/test.sh runs it when one answers)"]
    async fn postgres_without_a_key_nothing_is_accepted() {
        laboratory_without_a_key(crate::support::Backend::Postgres).await;
    }
}
