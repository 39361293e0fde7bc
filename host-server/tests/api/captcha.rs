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
        config.captcha.secret = host_server::platform::config::Secret::new("s3cret");
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

/// The site's captcha key as the storefront gets it: only while the server checks tokens, with
/// the widget's script, which the content security policy then allows.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_storefront_gets_the_captcha_key_and_script_only_while_tokens_are_checked() {
    // The demo: no checks, so no key, no script, the plain policy.
    let off = TestApp::spawn_with_fixtures(Backend::Sqlite).await;
    let response = off.get("/api/Sites/1").await;
    let policy = response.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_owned();
    let site: Value = response.json().await.unwrap();
    assert_eq!(
        (&site["captchaSiteKey"], &site["captchaScriptUrl"]),
        (&json!(""), &Value::Null)
    );
    assert_eq!(policy, host_server::app::CONTENT_SECURITY_POLICY);
    off.stop().await;

    let verify_url = start_stand_in().await;
    let on = TestApp::spawn_with(Backend::Sqlite, |config| {
        config.import_fixtures = host_server::platform::config::ImportFixtures::Auto;
        config.captcha.verify_url = Some(verify_url);
        config.captcha.secret = host_server::platform::config::Secret::new("s3cret");
    })
    .await;
    let response = on.get("/api/sites/getbydomain?domain=localhost").await;
    let policy = response.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_owned();
    let site: Value = response.json().await.unwrap();
    assert_eq!(
        (&site["captchaSiteKey"], &site["captchaScriptUrl"]),
        (
            &json!("demo"),
            &json!("https://challenges.cloudflare.com/turnstile/v0/api.js")
        )
    );
    assert_eq!(
        policy,
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' https://challenges.cloudflare.com; \
         style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; \
         connect-src 'self' https://challenges.cloudflare.com; \
         frame-src https://challenges.cloudflare.com https://www.youtube-nocookie.com https://player.vimeo.com; \
         object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
    );
    // A site without a key shows nothing, even while tokens are checked.
    let sites: Value = on.get("/api/Sites").await.json().await.unwrap();
    let keyless: Vec<&Value> = sites
        .as_array()
        .unwrap()
        .iter()
        .filter(|site| site["captchaSiteKey"] == json!(""))
        .collect();
    assert!(!keyless.is_empty());
    assert!(
        keyless
            .iter()
            .all(|site| site["captchaScriptUrl"].is_null())
    );
}

/// The registration's captcha hook: while captchas are checked, registering needs a solved one
/// too, as does resending the activation mail by e-mail address.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registration_and_resend_need_a_solved_captcha_when_one_is_configured() {
    let verify_url = start_stand_in().await;
    let app = TestApp::spawn_with(Backend::Sqlite, |config| {
        config.captcha.verify_url = Some(verify_url);
        config.captcha.secret = host_server::platform::config::Secret::new("s3cret");
    })
    .await;
    let body = json!({ "emailAddress": "roos@example.nl", "password": "Hooi2024", "firstName": "Roos", "lastName": "Hoefijzer" });
    let register = app.url("/api/account?callbackUrl=/account/confirm/");
    for token in [None, Some("wrong")] {
        let mut request = app.client.post(&register).json(&body);
        if let Some(token) = token {
            request = request.header("captcha", token);
        }
        let response = request.send().await.unwrap();
        assert_eq!(response.status(), 400, "{token:?}");
        let answer: Value = response.json().await.unwrap();
        assert_eq!(answer["code"], "errors.captcha");
    }
    assert!(app.outbox().is_empty(), "nothing registered");
    let response = app
        .client
        .post(&register)
        .header("captcha", "solved")
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201);
    assert_eq!(app.outbox_with(1).await.len(), 1);

    let resend = app.url("/api/account/resendconfirmation?callbackUrl=/account/confirm/");
    let address = json!({ "emailAddress": "roos@example.nl" });
    let response = app
        .client
        .post(&resend)
        .json(&address)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
    let response = app
        .client
        .post(&resend)
        .header("captcha", "solved")
        .json(&address)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 204);
    assert_eq!(app.outbox_with(2).await.len(), 2, "a new activation mail");
}
