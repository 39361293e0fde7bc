use serde_json::json;

use crate::support::{TestApp, backend_tests};

backend_tests!(
    splits_a_vat_inclusive_amount_with_the_engine,
    a_malformed_amount_is_a_400_naming_the_field,
    extreme_numbers_are_400s_naming_the_field_never_a_dropped_connection,
    a_missing_field_and_a_body_that_is_no_json_are_400s
);

async fn splits_a_vat_inclusive_amount_with_the_engine(app: TestApp) {
    let response = app
        .post_json(
            "/api/vat/split",
            &json!({ "amountInclVat": "24.95", "vatRatePercentage": "21" }),
        )
        .await;
    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(
        body,
        json!({ "amountInclVat": "24.95", "amountExclVat": "20.62", "vatAmount": "4.33", "vatRatePercentage": "21" })
    );
}

async fn a_malformed_amount_is_a_400_naming_the_field(app: TestApp) {
    let response = app
        .post_json(
            "/api/vat/split",
            &json!({ "amountInclVat": "1.005", "vatRatePercentage": "21" }),
        )
        .await;
    assert_eq!(response.status(), 400);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["status"], 400);
    assert_eq!(
        body["fieldErrors"]["amountInclVat"][0],
        json!({ "key": "validation.invalid", "message": "'1.005' has more than 2 fraction digits" })
    );
}

async fn extreme_numbers_are_400s_naming_the_field_never_a_dropped_connection(app: TestApp) {
    // Before: the decimal overflow panicked and the connection was dropped.
    let response = app
        .post_json(
            "/api/vat/split",
            &json!({ "amountInclVat": "10000000000000000000000000000", "vatRatePercentage": "21" }),
        )
        .await;
    assert_eq!(response.status(), 400);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["code"], "invalid_input");
    assert_eq!(
        body["fieldErrors"]["amountInclVat"][0]["key"],
        "validation.invalid"
    );
    for operation in ["vat.split", "locale.convert", "catalog.unitPrices"] {
        let input = json!({ "amountInclVat": "-79228162514264337593543950335", "vatRatePercentage": "21",
            "amountEur": "79228162514264337593543950335", "currency": "DKK", "rate": "0.0000000000000000000000000001",
            "price": "79228162514264337593543950335", "amount": "0.0000000000000000000000000001", "unit": "kilogram" });
        let response = app
            .post_json(&format!("/api/engine/{operation}"), &input)
            .await;
        assert_eq!(response.status(), 400, "{operation}");
    }
}

async fn a_missing_field_and_a_body_that_is_no_json_are_400s(app: TestApp) {
    let response = app
        .post_json("/api/vat/split", &json!({ "amountInclVat": "1.00" }))
        .await;
    assert_eq!(response.status(), 400);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["message"], "missing field `vatRatePercentage`");

    let response = app
        .client
        .post(app.url("/api/vat/split"))
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);

    let response = app
        .client
        .post(app.url("/api/vat/split"))
        .body("amount=1")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
}
