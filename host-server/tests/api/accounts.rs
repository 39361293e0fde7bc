//! The account lifecycle over HTTP.

use serde_json::{Value, json};

use crate::support::account::{Account, CompanyData};
use crate::support::{
    ApiErrorBody, Backend, TestApp, backend_tests, query_param, read, status_and,
};

const PASSWORD: &str = "Hooi2024";

async fn register(app: &TestApp, email: &str) -> reqwest::Response {
    app.post_json(
        "/api/account?callbackUrl=/account/confirm/",
        &json!({ "emailAddress": email, "password": PASSWORD, "firstName": "Anna", "lastName": "de Vries" }),
    )
    .await
}

/// Registers and activates an account through its activation mail.
async fn registered_and_activated(app: &TestApp, email: &str) -> String {
    assert_eq!(register(app, email).await.status(), 201);
    let link = app.outbox().last().unwrap().link();
    let (user_id, token) = (query_param(&link, "userId"), query_param(&link, "token"));
    let confirmed = app
        .post(&format!("/api/account/{user_id}/confirm?token={token}"))
        .await;
    assert_eq!(confirmed.status(), 204);
    user_id
}

/// The status and the code of an error answer.
async fn error_code(response: reqwest::Response) -> (u16, String) {
    let (status, body): (_, ApiErrorBody) = status_and(response).await;
    (status, body.code)
}

backend_tests!(
    registration_activation_sign_in_and_sign_out,
    registration_checks_every_field_with_the_engine_rules,
    a_business_customer_registers_with_company_and_vat_number,
    forgot_and_reset_password,
    resend_confirmation_by_email_address_answers_the_same_for_any_address,
    resend_confirmation_by_email_address_is_limited_per_address,
    change_password_and_email_address,
    sign_in_is_rate_limited_per_account,
    another_customers_session_sees_nothing
);

async fn registration_activation_sign_in_and_sign_out(app: TestApp) {
    let response = register(&app, "Anna@Example.nl ").await;
    assert_eq!(response.status(), 201);
    let account: Account = read(response).await;
    assert_eq!(account.email_address, "anna@example.nl");
    assert_eq!(account.first_name, "Anna");

    let mails = app.outbox();
    assert_eq!(mails.len(), 1);
    assert_eq!(mails[0].to, "anna@example.nl");
    assert_eq!(mails[0].subject, "Activeer je account bij Hoefslag");
    let link = mails[0].link();
    assert!(
        link.starts_with(&format!("{}/account/confirm/?token=", app.base_url)),
        "{link}"
    );
    assert_eq!(query_param(&link, "userId"), account.user_id);

    // Not activated yet: the login failure of the specification, nothing more.
    let (status, code) = error_code(app.sign_in("anna@example.nl", PASSWORD).await).await;
    assert_eq!((status, code.as_str()), (401, "errors.loginFailed"));

    let confirm = format!(
        "/api/account/{}/confirm?token={}",
        query_param(&link, "userId"),
        query_param(&link, "token")
    );
    assert_eq!(app.post(&confirm).await.status(), 204);
    let (status, code) = error_code(app.post(&confirm).await).await;
    assert_eq!(
        (status, code.as_str()),
        (400, "errors.activationTokenExpired"),
        "a token works once"
    );

    assert!(!app.is_authenticated().await);
    let response = app.sign_in("ANNA@example.nl", PASSWORD).await;
    assert_eq!(response.status(), 200);
    let cookie = response.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(cookie.starts_with("hb_session="), "{cookie}");
    assert!(
        cookie.contains("HttpOnly")
            && cookie.contains("SameSite=Lax")
            && !cookie.contains("Secure"),
        "{cookie}"
    );
    assert!(app.is_authenticated().await);

    let account = app.account().await;
    assert_eq!(account.last_name, "de Vries");
    assert_eq!(account.unread_quickscan_results, 0);

    let response = app
        .client
        .post(app.url("/api/authentication/signout"))
        .header("content-type", "application/json")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 204);
    assert!(!app.is_authenticated().await);
    assert_eq!(app.get("/api/account").await.status(), 401);
}

async fn registration_checks_every_field_with_the_engine_rules(app: TestApp) {
    let response = app
        .post_json(
            "/api/account?callbackUrl=/account/confirm/",
            &json!({ "emailAddress": "not-an-address", "password": "abcdefg", "lastName": "Jansen" }),
        )
        .await;
    assert_eq!(response.status(), 400);
    let body: ApiErrorBody = read(response).await;
    assert_eq!(
        body.first_key("emailAddress"),
        Some("validation.invalidEmail")
    );
    assert_eq!(
        body.first_key("password"),
        Some("validation.passwordRequirements")
    );
    assert_eq!(
        body.first_message("password"),
        Some("Minimaal 7 tekens, moet cijfers en letters bevatten")
    );
    assert_eq!(
        body.first_message("firstName"),
        Some("Dit is een verplicht veld")
    );
    assert!(!body.fields.contains_key("lastName"), "{body:?}");

    let response = app
        .post_json("/api/account", &json!({ "emailAddress": "a@b.nl", "password": PASSWORD, "firstName": "A", "lastName": "B" }))
        .await;
    assert_eq!(response.status(), 400, "callbackUrl is required");

    let response = app
        .post_json(
            "/api/account?callbackUrl=https://evil.example/steal",
            &json!({ "emailAddress": "a@b.nl", "password": PASSWORD, "firstName": "A", "lastName": "B" }),
        )
        .await;
    assert_eq!(response.status(), 400, "mails only link to this site");

    // An address that was never activated may register again (SECURITY.md: a stranger
    // cannot block it); an activated one is taken.
    assert_eq!(register(&app, "dup@example.nl").await.status(), 201);
    assert_eq!(register(&app, "dup@example.nl").await.status(), 201);
    registered_and_activated(&app, "dup@example.nl").await;
    let (status, code) = error_code(register(&app, "DUP@example.nl").await).await;
    assert_eq!((status, code.as_str()), (409, "errors.emailInUse"));
}

async fn a_business_customer_registers_with_company_and_vat_number(app: TestApp) {
    let form = |email: &str, company: Value, vat: Value| {
        json!({ "emailAddress": email, "password": PASSWORD, "firstName": "Anna", "lastName": "de Vries",
                "companyName": company, "vatNumber": vat })
    };
    let url = "/api/account?callbackUrl=/account/confirm/";
    let response = app
        .post_json(
            url,
            &form(
                "stal@example.nl",
                json!("Stal De Hoef B.V."),
                json!("NL123456789B01"),
            ),
        )
        .await;
    assert_eq!(response.status(), 201);
    let link = app.outbox().last().unwrap().link();
    let (user_id, token) = (query_param(&link, "userId"), query_param(&link, "token"));
    assert_eq!(
        app.post(&format!("/api/account/{user_id}/confirm?token={token}"))
            .await
            .status(),
        204
    );
    assert_eq!(app.sign_in("stal@example.nl", PASSWORD).await.status(), 200);
    let (_, company): (_, CompanyData) = app.account_get("/api/account/company").await;
    assert_eq!(
        company
            .company
            .as_ref()
            .map(|company| (company.company_name.as_str(), company.vat_number.as_str())),
        Some(("Stal De Hoef B.V.", "NL123456789B01"))
    );

    let response = app
        .post_json(url, &form("fout@example.nl", json!("Stal"), json!("NL12")))
        .await;
    assert_eq!(response.status(), 400);
    let body: ApiErrorBody = read(response).await;
    assert_eq!(
        body.first_key("vatNumber"),
        Some("validation.invalidVatNumber")
    );

    let (status, body): (_, ApiErrorBody) = status_and(
        app.post_json(
            url,
            &form("zonder@example.nl", json!(" "), json!("NL123456789B01")),
        )
        .await,
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(body.first_key("companyName"), Some("validation.required"));
}

async fn forgot_and_reset_password(app: TestApp) {
    let user_id = registered_and_activated(&app, "reset@example.nl").await;
    let before = app.outbox().len();
    let forgot = "/api/account/forgotpassword?callbackUrl=/account/reset/";
    let unknown = app
        .post_json(forgot, &json!({ "emailAddress": "nobody@example.nl" }))
        .await;
    assert_eq!(
        unknown.status(),
        204,
        "the same answer whether or not the address exists"
    );
    assert_eq!(app.outbox().len(), before);

    assert_eq!(
        app.post_json(forgot, &json!({ "emailAddress": "reset@example.nl" }))
            .await
            .status(),
        204
    );
    let mails = app.outbox_with(before + 1).await;
    assert_eq!(mails.len(), before + 1, "no mail for the unknown address");
    let mail = mails.last().unwrap().clone();
    assert_eq!(mail.subject, "Nieuw wachtwoord instellen bij Hoefslag");
    let token = query_param(&mail.link(), "token");
    assert_eq!(query_param(&mail.link(), "userId"), user_id);

    let reset = format!("/api/account/{user_id}/resetpassword?token={token}");
    let weak = app
        .post_json(&reset, &json!({ "newPassword": "123456" }))
        .await;
    assert_eq!(weak.status(), 400);
    assert_eq!(
        app.post_json(&reset, &json!({ "newPassword": "Nieuw2025" }))
            .await
            .status(),
        204
    );
    let (status, code) = error_code(
        app.post_json(&reset, &json!({ "newPassword": "Ander2026" }))
            .await,
    )
    .await;
    assert_eq!((status, code.as_str()), (400, "errors.resetTokenExpired"));

    assert_eq!(
        app.sign_in("reset@example.nl", PASSWORD).await.status(),
        401
    );
    assert_eq!(
        app.sign_in("reset@example.nl", "Nieuw2025").await.status(),
        200
    );
}

async fn resend_confirmation_by_email_address_answers_the_same_for_any_address(app: TestApp) {
    assert_eq!(register(&app, "wacht@example.nl").await.status(), 201);
    registered_and_activated(&app, "actief@example.nl").await;
    let before = app.outbox().len();
    assert_eq!(before, 2);
    let resend = "/api/account/resendconfirmation?callbackUrl=/account/confirm/";

    // An unknown address and an activated account: the same answer, no mail.
    for address in ["nobody@example.nl", "actief@example.nl"] {
        let response = app
            .post_json(resend, &json!({ "emailAddress": address }))
            .await;
        assert_eq!(response.status(), 204, "{address}");
        assert_eq!(response.text().await.unwrap(), "");
    }
    // The account awaiting activation (the address as typed): a new activation mail.
    let response = app
        .post_json(resend, &json!({ "emailAddress": " Wacht@Example.nl" }))
        .await;
    assert_eq!(response.status(), 204);
    let mails = app.outbox_with(before + 1).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(
        app.outbox().len(),
        before + 1,
        "no mail for the unknown or activated address"
    );
    let mail = mails.last().unwrap();
    assert_eq!(
        (mail.to.as_str(), mail.subject.as_str()),
        ("wacht@example.nl", "Activeer je account bij Hoefslag")
    );
    let link = mail.link();
    assert!(
        link.starts_with(&format!("{}/account/confirm/?token=", app.base_url)),
        "{link}"
    );
    let confirm = format!(
        "/api/account/{}/confirm?token={}",
        query_param(&link, "userId"),
        query_param(&link, "token")
    );
    assert_eq!(app.post(&confirm).await.status(), 204);

    // Neither userId nor an address, or an invalid address: 400 naming the field.
    for body in [json!({}), json!({ "emailAddress": "geen-adres" })] {
        let response = app.post_json(resend, &body).await;
        assert_eq!(response.status(), 400, "{body}");
        let answer: ApiErrorBody = read(response).await;
        assert!(answer.fields.contains_key("emailAddress"), "{answer:?}");
    }
    let (status, _) = error_code(app.post(resend).await).await;
    assert_eq!(status, 400, "no body and no userId");
    let (status, _) = error_code(
        app.post_json(
            "/api/account/resendconfirmation",
            &json!({ "emailAddress": "wacht@example.nl" }),
        )
        .await,
    )
    .await;
    assert_eq!(status, 400, "no callbackUrl");
}

async fn resend_confirmation_by_email_address_is_limited_per_address(app: TestApp) {
    let resend = "/api/account/resendconfirmation?callbackUrl=/account/confirm/";
    for _ in 0..3 {
        assert_eq!(
            app.post_json(resend, &json!({ "emailAddress": "raden@example.nl" }))
                .await
                .status(),
            204
        );
    }
    let response = app
        .post_json(resend, &json!({ "emailAddress": "RADEN@example.nl" }))
        .await;
    assert_eq!(
        response.status(),
        429,
        "the same address, however it is written"
    );
    assert!(response.headers().contains_key("retry-after"));
    // Another address still goes.
    assert_eq!(
        app.post_json(resend, &json!({ "emailAddress": "ander@example.nl" }))
            .await
            .status(),
        204
    );
}

async fn change_password_and_email_address(app: TestApp) {
    let user_id = registered_and_activated(&app, "change@example.nl").await;
    assert_eq!(
        app.sign_in("change@example.nl", PASSWORD).await.status(),
        200
    );

    let wrong = app
        .post_json(
            "/api/account/changepassword",
            &json!({ "currentPassword": "Fout1234", "newPassword": "Nieuw2025" }),
        )
        .await;
    assert_eq!(wrong.status(), 400);
    let changed = app
        .post_json(
            "/api/account/changepassword",
            &json!({ "currentPassword": PASSWORD, "newPassword": "Nieuw2025" }),
        )
        .await;
    assert_eq!(changed.status(), 204);
    assert!(
        app.is_authenticated().await,
        "the session that changed it stays"
    );

    let response = app
        .post_json(
            "/api/account/changeemailaddress?callbackUrl=/account/information/email/",
            &json!({ "newEmailAddress": "nieuw@example.nl", "password": "Nieuw2025" }),
        )
        .await;
    assert_eq!(response.status(), 202);
    let mail = app.outbox().last().unwrap().clone();
    assert_eq!(mail.to, "nieuw@example.nl");
    let token = query_param(&mail.link(), "token");
    let confirmed = app
        .post(&format!(
            "/api/account/{user_id}/confirmemailaddress?token={token}"
        ))
        .await;
    assert_eq!(confirmed.status(), 204);
    assert_eq!(app.account().await.email_address, "nieuw@example.nl");

    let updated = app
        .put_json("/api/account", &json!({ "firstName": "Anneke", "lastName": "Bakker", "phoneNumber": "+31 6 12345678", "newsletter": true }))
        .await;
    assert_eq!(updated.status(), 200);
    let account: Account = read(updated).await;
    assert_eq!(
        (account.first_name.as_str(), account.newsletter),
        ("Anneke", true)
    );
}

async fn sign_in_is_rate_limited_per_account(app: TestApp) {
    registered_and_activated(&app, "limit@example.nl").await;
    for _ in 0..5 {
        assert_eq!(
            app.sign_in("limit@example.nl", "Verkeerd1").await.status(),
            401
        );
    }
    let (status, code) = error_code(app.sign_in("limit@example.nl", PASSWORD).await).await;
    assert_eq!((status, code.as_str()), (429, "errors.tooManyAttempts"));
}

async fn another_customers_session_sees_nothing(app: TestApp) {
    assert_eq!(app.get("/api/account").await.status(), 401);
    let forged = app
        .client
        .get(app.url("/api/account"))
        .header("cookie", "hb_session=forged")
        .send()
        .await
        .unwrap();
    assert_eq!(forged.status(), 401);
}

async fn expired_tokens(backend: Backend) {
    let app = TestApp::spawn_with(backend, |config| {
        config.lifetimes.activation_token = 0;
    })
    .await;
    assert_eq!(register(&app, "late@example.nl").await.status(), 201);
    let link = app.outbox().last().unwrap().link();
    let user_id = query_param(&link, "userId");
    let confirm = format!(
        "/api/account/{user_id}/confirm?token={}",
        query_param(&link, "token")
    );
    let (status, code) = error_code(app.post(&confirm).await).await;
    assert_eq!(
        (status, code.as_str()),
        (400, "errors.activationTokenExpired")
    );

    let resend =
        format!("/api/account/resendconfirmation?userId={user_id}&callbackUrl=/account/confirm/");
    assert_eq!(app.post(&resend).await.status(), 204);
    assert_eq!(app.outbox().len(), 2, "a new activation mail");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn expired_activation_tokens_need_a_new_mail_sqlite() {
    expired_tokens(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL on 127.0.0.1:5432 (scripts/test.sh runs it when one answers)"]
async fn expired_activation_tokens_need_a_new_mail_postgres() {
    expired_tokens(Backend::Postgres).await;
}
