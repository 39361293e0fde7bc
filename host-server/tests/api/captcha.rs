//! Sign-in with a captcha service configured: verified against a local stand-in of a hosted
//! service's `siteverify` endpoint.

use axum::routing::post;
use axum::{Form, Json, Router};
use serde_json::{Value, json};

use crate::support::{Backend, TestApp};

/// Answers success for the token "solved" only, as a hosted captcha service would.
async fn start_stand_in() -> String {
    async fn siteverify(Form(form): Form<Vec<(String, String)>>) -> Json<Value> {
        let secret_ok = form
            .iter()
            .any(|(key, value)| key == "secret" && value == "s3cret");
        let solved = form
            .iter()
            .any(|(key, value)| key == "response" && value == "solved");
        Json(json!({ "success": secret_ok && solved }))
    }
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/siteverify", listener.local_addr().unwrap());
    tokio::spawn(async move {
        axum::serve(
            listener,
            Router::new().route("/siteverify", post(siteverify)),
        )
        .await
        .unwrap();
    });
    url
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_in_needs_a_solved_captcha_when_one_is_configured() {
    let verify_url = start_stand_in().await;
    let app = TestApp::spawn_with(Backend::Sqlite, |config| {
        config.captcha.verify_url = Some(verify_url);
        config.captcha.secret = host_server::config::Secret::new("s3cret");
    })
    .await;
    let body = json!({ "emailAddress": "x@example.nl", "password": "Hooi2024" });
    let url = app.url("/api/authentication/signin");

    for token in [None, Some("wrong")] {
        let mut request = app.client.post(&url).json(&body);
        if let Some(token) = token {
            request = request.header("captcha", token);
        }
        let response = request.send().await.unwrap();
        assert_eq!(response.status(), 400, "{token:?}");
        let answer: Value = response.json().await.unwrap();
        assert_eq!(answer["code"], "errors.captcha");
    }
    let response = app
        .client
        .post(&url)
        .header("captcha", "solved")
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(
        response.status(),
        401,
        "past the captcha, the unknown account fails to sign in"
    );
}
