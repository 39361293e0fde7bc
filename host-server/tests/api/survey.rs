//! The customer survey: linked from the order confirmation mail and the
//! thank-you page with a signed link, one answer per order, never for another's order.

use serde_json::{Value, json};

use crate::orders::{place, ready_cart};
use crate::support::{Mail, TestApp, fixture_tests, query_param};

const SURVEY_NL: &str =
    "Hoe ging het bestellen? Vertel het ons in een korte enquête van een minuut:";

fn survey_link(mail: &Mail) -> String {
    let start = mail
        .body
        .find(SURVEY_NL)
        .unwrap_or_else(|| panic!("{}", mail.body));
    mail.body[start + SURVEY_NL.len()..]
        .split_whitespace()
        .next()
        .unwrap()
        .to_owned()
}

/// A bank-transfer order (its confirmation goes out at once): public id, number, mail.
async fn order(app: &TestApp) -> (String, String, Mail) {
    let cart = ready_cart(app, 1011, 1, json!({"paymentMethodId": 6})).await;
    let (status, placed) = place(app, &cart).await;
    assert_eq!(status, 201, "{placed}");
    let number = placed["order"]["orderNumber"].as_str().unwrap().to_owned();
    let public_id = placed["order"]["orderId"].as_str().unwrap().to_owned();
    let mut mail = None;
    for _ in 0..100 {
        mail = app
            .outbox()
            .into_iter()
            .find(|mail| mail.subject.contains(&number));
        if mail.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    (public_id, number, mail.expect("the confirmation"))
}

async fn answer(app: &TestApp, body: &Value) -> (u16, Value) {
    let response = app.post_json("/api/survey", body).await;
    (response.status().as_u16(), response.json().await.unwrap())
}

fixture_tests!(one_answer_per_order_and_only_with_its_link);

async fn one_answer_per_order_and_only_with_its_link(app: TestApp) {
    let (public_id, number, mail) = order(&app).await;
    let link = survey_link(&mail);
    let port = url::Url::parse(&app.base_url).unwrap().port().unwrap();
    assert!(
        link.starts_with(&format!(
            "http://hoefslag.localhost:{port}/survey/?order={number}&token="
        )),
        "{link}"
    );
    let token = query_param(&link, "token");
    assert!(
        mail.html
            .as_deref()
            .unwrap()
            .contains(">Enquête invullen</a>")
    );

    // The thank-you page gets the same link, for the browser that placed the order only.
    let of_order: Value = app
        .get(&format!("/api/orders/{public_id}/survey"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        of_order,
        json!({"orderNumber": number, "token": token, "answered": false})
    );
    let stranger = reqwest::Client::new()
        .get(app.url(&format!("/api/orders/{public_id}/survey")))
        .send()
        .await
        .unwrap();
    assert_eq!(stranger.status(), 404);

    let survey: Value = app
        .get(&format!("/api/survey?order={number}&token={token}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(survey, json!({"orderNumber": number, "answered": false}));
    // Another order's link does not open this one.
    let (_, other_number, other_mail) = order(&app).await;
    let other_token = query_param(&survey_link(&other_mail), "token");
    assert_ne!(other_token, token);
    let (status, body) = answer(
        &app,
        &json!({"order": number, "token": other_token, "rating": 5}),
    )
    .await;
    assert_eq!(
        (status, &body["code"]),
        (400, &json!("errors.surveyLinkInvalid"))
    );
    let wrong = app
        .get(&format!("/api/survey?order={number}&token={other_token}"))
        .await;
    assert_eq!(wrong.status(), 400);

    let (status, body) = answer(&app, &json!({"order": number, "token": token, "rating": 6})).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["fieldErrors"]["rating"][0]["key"],
        "validation.invalid"
    );
    let (status, body) = answer(
        &app,
        &json!({"order": number, "token": token, "comment": "Snel"}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["fieldErrors"]["rating"][0]["key"],
        "validation.required"
    );

    let (status, body) = answer(&app, &json!({"order": number, "token": token, "rating": 4, "comment": " Snel geleverd, goed verpakt. "})).await;
    assert_eq!((status, body), (201, json!({"status": "received"})));
    let (status, body) = answer(&app, &json!({"order": number, "token": token, "rating": 1})).await;
    assert_eq!(
        (status, &body["code"]),
        (409, &json!("errors.surveyAnswered"))
    );
    let survey: Value = app
        .get(&format!("/api/survey?order={number}&token={token}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(survey["answered"], true);

    let pool = sqlx::AnyPool::connect(&app.database_url()).await.unwrap();
    let stored: (i64, String, i64, i64) = sqlx::query_as(
        "SELECT a.rating, a.comment, a.site_id, a.language_id FROM survey_answers a JOIN orders o ON o.order_id = a.order_id WHERE o.order_number = $1",
    )
    .bind(&number)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(stored, (4, "Snel geleverd, goed verpakt.".to_owned(), 1, 1));

    // Two answers at the same moment: one is stored, the other refused.
    let both = json!({"order": other_number, "token": other_token, "rating": 5});
    let (first, second) = tokio::join!(answer(&app, &both), answer(&app, &both));
    let mut statuses = [first.0, second.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [201, 409]);
}
