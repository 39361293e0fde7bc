//! The customers desk with the demo data: Jan de Vries (jan.devries@example.com, site 1) has
//! five orders, a closed return of Sport Muesli, a subscription to Light Muesli every 4 weeks,
//! three roughage results of order HS-2026-000102 and five approved reviews. A member of
//! another site does not find him.

use serde_json::Value;

use crate::support::{TestApp, fixture_tests};

fixture_tests!(
    customer_service_finds_a_customer_and_sees_what_they_have_in_the_shop,
    a_member_of_another_site_and_one_without_the_permission_do_not_see_him,
);

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
