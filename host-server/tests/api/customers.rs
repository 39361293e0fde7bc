//! The customers desk with the demo data: Jan de Vries (jan.devries@example.com, site 1) has
//! five orders, a closed return of Sport Muesli, a subscription to Light Muesli every 4 weeks,
//! three roughage results of order HS-2026-000102 and five approved reviews. A member of
//! another site does not find him. Erased on his request, he keeps only what his invoices need.

use serde_json::{Value, json};

use crate::support::{TestApp, fixture_tests};

fixture_tests!(
    customer_service_finds_a_customer_and_sees_what_they_have_in_the_shop,
    a_member_of_another_site_and_one_without_the_permission_do_not_see_him,
    an_erased_customer_keeps_only_what_the_invoices_need,
);

const JAN: &str = "jan.devries@example.com";

/// Jan's account id, as the desk finds it.
async fn jans_account(app: &TestApp, key: &str) -> String {
    let (_, found): (_, Value) = app
        .get_with_key(key, "/api/backoffice/customers?q=jan.devries")
        .await;
    found["customers"][0]["accountId"]
        .as_str()
        .unwrap()
        .to_owned()
}

async fn erase(app: &TestApp, key: &str, account: &str) -> (u16, Value) {
    app.post_with_key(
        key,
        &format!("/api/backoffice/customers/{account}/erasure"),
        json!({}),
    )
    .await
}

async fn an_erased_customer_keeps_only_what_the_invoices_need(app: TestApp) {
    let key = app
        .integration_key(&[
            "customers.read",
            "customers.erase",
            "orders.read",
            "orders.fulfil",
            "orders.refund",
            "audit.read",
        ])
        .await;
    let account = jans_account(&app, &key).await;
    // Jan signs in with his own browser.
    let jan = reqwest::Client::builder()
        .cookie_store(true)
        .build()
        .unwrap();
    let sign_in = |client: &reqwest::Client| {
        client
            .post(app.url("/api/authentication/signin"))
            .json(&json!({ "emailAddress": JAN, "password": "Hoefslag2024" }))
            .send()
    };
    assert_eq!(sign_in(&jan).await.unwrap().status(), 200);

    let without_permission = app
        .integration_key(&["customers.read", "customers.edit"])
        .await;
    let (status, _) = erase(&app, &without_permission, &account).await;
    assert_eq!(status, 403);
    let (status, _) = erase(&app, &key, "no-such-account").await;
    assert_eq!(status, 404);

    // HS-2026-000105 awaits payment and HS-2026-000103 is being packed: his address is needed.
    let (status, refused) = erase(&app, &key, &account).await;
    assert_eq!(
        (status, &refused["code"]),
        (409, &json!("errors.erasureOrderInProgress"))
    );
    let (status, body) = app
        .order_status_with_key(&key, "HS-2026-000105", "status=cancelled")
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = app
        .order_status_with_key(&key, "HS-2026-000103", "status=sent&trackAndTrace=3SABC123")
        .await;
    assert_eq!(status, 200, "{body}");

    let (status, report) = erase(&app, &key, &account).await;
    assert_eq!(status, 200, "{report}");
    assert_eq!(report["ordersKept"], 5, "{report}");
    assert_eq!(report["accountId"], account.as_str());

    let (_, profile): (_, Value) = app
        .get_with_key(&key, &format!("/api/backoffice/customers/{account}"))
        .await;
    let erased_email = format!("erased-{account}@erased.invalid");
    assert_eq!(
        [
            &profile["firstName"],
            &profile["lastName"],
            &profile["emailAddress"],
            &profile["phoneNumber"]
        ],
        [&json!(""), &json!(""), &json!(erased_email), &json!("")]
    );
    assert!(profile["erasedAt"].as_i64().unwrap() > 0, "{profile}");
    assert_eq!(profile["orders"].as_array().unwrap().len(), 5);
    for gone in ["subscriptions", "results", "reviews"] {
        assert_eq!(profile[gone], json!([]), "{gone}");
    }
    assert_eq!(
        profile["returns"][0]["status"], "closed",
        "the return stays"
    );
    let (_, found): (_, Value) = app
        .get_with_key(&key, "/api/backoffice/customers?q=de%20vries")
        .await;
    assert_eq!(found["total"], 0);

    // The invoice's name and address stay; the order's e-mail address and phone go.
    let (_, order): (_, Value) = app
        .get_with_key(&key, "/api/backoffice/orders/HS-2026-000102")
        .await;
    assert_eq!(order["order"]["emailAddress"], json!(erased_email));
    let billing = &order["order"]["billing"];
    assert_eq!(
        [&billing["firstName"], &billing["lastName"]],
        ["Jan", "de Vries"]
    );
    assert!(billing["address"]["city"].is_string(), "{billing}");
    assert!(
        billing.get("phoneNumber").is_none_or(Value::is_null),
        "{billing}"
    );
    assert!(!order.to_string().contains(JAN), "{order}");

    // His session ended and his password opens nothing.
    let own_orders = jan
        .get(app.url("/api/account/orders"))
        .send()
        .await
        .unwrap();
    assert_eq!(own_orders.status(), 401);
    assert_eq!(sign_in(&jan).await.unwrap().status(), 401);

    // The trail says who erased which account, and nothing of what was erased.
    let (_, trail): (_, Value) = app
        .get_with_key(
            &key,
            &format!("/api/backoffice/audit?entityType=account&entityId={account}"),
        )
        .await;
    assert_eq!(trail["entries"][0]["action"], "customer.erased", "{trail}");
    assert!(!trail.to_string().contains(JAN), "{trail}");

    let (status, refused) = erase(&app, &key, &account).await;
    assert_eq!(
        (status, &refused["code"]),
        (409, &json!("errors.alreadyErased"))
    );
}

async fn customer_service_finds_a_customer_and_sees_what_they_have_in_the_shop(app: TestApp) {
    let key = app.integration_key(&["customers.read"]).await;
    let (status, found): (_, Value) = app
        .get_with_key(&key, "/api/backoffice/customers?q=de%20vries")
        .await;
    assert_eq!(status, 200, "{found}");
    assert_eq!(found["total"], 1, "{found}");
    let jan = &found["customers"][0];
    assert_eq!(
        [&jan["firstName"], &jan["lastName"], &jan["emailAddress"]],
        ["Jan", "de Vries", "jan.devries@example.com"]
    );
    assert_eq!([&jan["siteId"], &jan["orderCount"]], [1, 5]);
    let (_, by_address): (_, Value) = app
        .get_with_key(&key, "/api/backoffice/customers?q=JAN.DEVRIES%40")
        .await;
    assert_eq!(by_address["customers"][0]["accountId"], jan["accountId"]);

    let account = jan["accountId"].as_str().unwrap();
    let (status, profile): (_, Value) = app
        .get_with_key(&key, &format!("/api/backoffice/customers/{account}"))
        .await;
    assert_eq!(status, 200, "{profile}");
    let orders: Vec<(&str, &str, &str)> = profile["orders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|order| {
            (
                order["orderNumber"].as_str().unwrap(),
                order["status"].as_str().unwrap(),
                order["totalAmount"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        orders,
        [
            ("HS-2026-000105", "open", "24.80"),
            ("HS-2026-000103", "processing", "102.74"),
            ("HS-2026-000104", "sent", "73.25"),
            ("HS-2026-000102", "closed", "129.85"),
            ("HS-2026-000101", "sent", "104.26"),
        ]
    );
    assert_eq!(profile["returns"].as_array().unwrap().len(), 1);
    let returned = &profile["returns"][0];
    assert_eq!(
        [
            &returned["orderNumber"],
            &returned["productName"],
            &returned["quantity"],
            &returned["status"]
        ],
        [
            &Value::from("HS-2026-000101"),
            &Value::from("Hoefslag Sport Muesli"),
            &Value::from(1),
            &Value::from("closed")
        ]
    );
    let subscription = &profile["subscriptions"][0];
    assert_eq!(
        [
            &subscription["productName"],
            &subscription["intervalWeeks"],
            &subscription["status"],
            &subscription["nextDeliveryDate"]
        ],
        [
            &Value::from("Hoefslag Light Muesli"),
            &Value::from(4),
            &Value::from("activated"),
            &Value::from("2026-12-01")
        ]
    );
    let results: Vec<(&str, &str, &str, bool)> = profile["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|result| {
            (
                result["sampleName"].as_str().unwrap(),
                result["scanType"].as_str().unwrap(),
                result["resultDate"].as_str().unwrap(),
                result["read"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        results,
        [
            ("Hooi perceel 1", "hygieneScan", "2026-03-24", false),
            ("Hooi perceel 2", "quickScan", "2026-03-21", false),
            ("Hooi perceel 1", "quickScan", "2026-03-20", true),
        ]
    );
    let reviews: Vec<i64> = profile["reviews"]
        .as_array()
        .unwrap()
        .iter()
        .map(|review| review["reviewId"].as_i64().unwrap())
        .collect();
    assert_eq!(reviews, [129, 63, 1, 41, 131]);
    assert_eq!(profile["reviews"][0]["status"], "approved");

    let (status, _): (_, Value) = app
        .get_with_key(&key, "/api/backoffice/customers/no-such-account")
        .await;
    assert_eq!(status, 404);
    let (status, refused): (_, Value) = app
        .get_with_key(&key, "/api/backoffice/customers?ps=0")
        .await;
    assert_eq!(status, 400, "{refused}");
}

async fn a_member_of_another_site_and_one_without_the_permission_do_not_see_him(app: TestApp) {
    let everyone = app.integration_key(&["customers.read"]).await;
    let (_, found): (_, Value) = app
        .get_with_key(&everyone, "/api/backoffice/customers?q=jan.devries")
        .await;
    let account = found["customers"][0]["accountId"]
        .as_str()
        .unwrap()
        .to_owned();

    let belgian = app
        .integration_key_on_sites(&["customers.read"], &[2])
        .await;
    let (_, found): (_, Value) = app
        .get_with_key(&belgian, "/api/backoffice/customers?q=jan.devries")
        .await;
    assert_eq!(found["total"], 0, "{found}");
    let (status, _): (_, Value) = app
        .get_with_key(&belgian, &format!("/api/backoffice/customers/{account}"))
        .await;
    assert_eq!(status, 404);
    let (_, sophie): (_, Value) = app
        .get_with_key(&belgian, "/api/backoffice/customers?q=peeters")
        .await;
    assert_eq!(sophie["total"], 1, "Sophie Peeters is a customer of site 2");

    let orders_only = app.integration_key(&["orders.read"]).await;
    let (status, _): (_, Value) = app
        .get_with_key(
            &orders_only,
            &format!("/api/backoffice/customers/{account}"),
        )
        .await;
    assert_eq!(status, 403);
}
