//! The newsletter (issue 21, point 5): a sign-up per site and language with a double opt-in
//! mail, its confirmation, and the unsubscribe link that every mail to a customer carries.

use serde_json::{Value, json};

use crate::support::{Mail, TestApp, fixture_tests, query_param};

/// The link on the line after `text` in a mail's plain-text part.
fn link_after(mail: &Mail, text: &str) -> String {
    let start = mail
        .body
        .find(text)
        .unwrap_or_else(|| panic!("{text} in {}", mail.body));
    mail.body[start + text.len()..]
        .split_whitespace()
        .next()
        .unwrap()
        .to_owned()
}

const UNSUBSCRIBE_NL: &str = "Wil je onze nieuwsbrief liever niet meer ontvangen? Meld je hier af:";

async fn subscribe(app: &TestApp, site: i64, language: i64, address: &str) -> reqwest::Response {
    app.post_json_in(
        site,
        language,
        "/api/newsletter/subscribe",
        &json!({"emailAddress": address}),
    )
    .await
}

async fn subscription(app: &TestApp, address: &str, site: i64) -> Option<(String, i64)> {
    let pool = sqlx::AnyPool::connect(&app.database_url()).await.unwrap();
    sqlx::query_as("SELECT status, language_id FROM newsletter_subscriptions WHERE email_address = $1 AND site_id = $2")
        .bind(address)
        .bind(site)
        .fetch_optional(&pool)
        .await
        .unwrap()
}

fn port(app: &TestApp) -> u16 {
    url::Url::parse(&app.base_url).unwrap().port().unwrap()
}

fixture_tests! {
    async fn a_sign_up_is_confirmed_by_mail_and_ended_by_every_mails_link(app) {
        let response = subscribe(&app, 1, 1, "Nieuws@Example.com").await;
        assert_eq!(response.status(), 204);
        let mails = app.outbox_with(1).await;
        let mail = &mails[0];
        assert_eq!(mail.to, "nieuws@example.com");
        assert_eq!(mail.subject, "Bevestig je aanmelding voor de nieuwsbrief van Hoefslag");
        let confirm = mail.link();
        assert!(
            confirm.starts_with(&format!("http://hoefslag.localhost:{}/newsletter/confirm/?token=", port(&app))),
            "{confirm}"
        );
        assert_eq!(subscription(&app, "nieuws@example.com", 1).await, Some(("pending".to_owned(), 1)));

        let wrong = app.post_json("/api/newsletter/confirm", &json!({"token": "abc"})).await;
        assert_eq!(wrong.status(), 400);
        assert_eq!(wrong.json::<Value>().await.unwrap()["code"], "errors.newsletterLinkInvalid");
        let token = query_param(&confirm, "token");
        for _ in 0..2 {
            let confirmed = app.post_json("/api/newsletter/confirm", &json!({"token": token})).await;
            assert_eq!(confirmed.status(), 200, "the link works again");
            assert_eq!(confirmed.json::<Value>().await.unwrap(), json!({"status": "confirmed"}));
        }
        assert_eq!(subscription(&app, "nieuws@example.com", 1).await, Some(("confirmed".to_owned(), 1)));

        // Signing up again once confirmed: the same answer, no mail.
        assert_eq!(subscribe(&app, 1, 1, "nieuws@example.com").await.status(), 204);
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        assert_eq!(app.outbox().len(), 1);

        // The same address on the German site: its own sign-up, in German.
        assert_eq!(subscribe(&app, 3, 3, "nieuws@example.com").await.status(), 204);
        let mails = app.outbox_with(2).await;
        assert_eq!(mails[1].subject, "Bestätigen Sie Ihre Anmeldung zum Newsletter von Hoefslag");
        assert!(mails[1].link().starts_with(&format!("http://de.hoefslag.localhost:{}/newsletter/confirm/?token=", port(&app))));
        assert_eq!(subscription(&app, "nieuws@example.com", 3).await, Some(("pending".to_owned(), 3)));

        // Every mail to a customer carries the unsubscribe link, signed for its address.
        let unsubscribe = link_after(&mails[0], UNSUBSCRIBE_NL);
        assert!(
            unsubscribe.starts_with(&format!("http://hoefslag.localhost:{}/newsletter/unsubscribe/?email=nieuws%40example.com&token=", port(&app))),
            "{unsubscribe}"
        );
        assert!(mails[0].html.as_deref().unwrap().contains(">Afmelden voor de nieuwsbrief</a>"));
        let email = query_param(&unsubscribe, "email");
        let signature = query_param(&unsubscribe, "token");
        let forged = app
            .post_json("/api/newsletter/unsubscribe", &json!({"emailAddress": "ander@example.com", "token": signature}))
            .await;
        assert_eq!(forged.status(), 400, "a signature is for one address");
        assert_eq!(forged.json::<Value>().await.unwrap()["code"], "errors.newsletterLinkInvalid");
        let done = app
            .post_json("/api/newsletter/unsubscribe", &json!({"emailAddress": email, "token": signature}))
            .await;
        assert_eq!(done.status(), 200);
        assert_eq!(done.json::<Value>().await.unwrap(), json!({"status": "unsubscribed"}));
        assert_eq!(subscription(&app, "nieuws@example.com", 1).await, Some(("unsubscribed".to_owned(), 1)));
        assert_eq!(subscription(&app, "nieuws@example.com", 3).await, Some(("unsubscribed".to_owned(), 3)));
        let stale = app.post_json("/api/newsletter/confirm", &json!({"token": token})).await;
        assert_eq!(stale.status(), 400, "an unsubscribed address is not confirmed by an old link");
    }

    async fn a_sign_up_is_checked_and_limited_without_telling_who_subscribed(app) {
        let invalid = subscribe(&app, 1, 1, "geen-adres").await;
        assert_eq!(invalid.status(), 400);
        let body: Value = invalid.json().await.unwrap();
        assert_eq!(body["fieldErrors"]["emailAddress"][0]["key"], "validation.invalidEmail");
        assert_eq!(
            app.post_json("/api/newsletter/subscribe", &json!({"emailAddress": "a@example.com"})).await.status(),
            400,
            "site and language come from the request"
        );
        for _ in 0..3 {
            assert_eq!(subscribe(&app, 1, 1, "veel@example.com").await.status(), 204);
        }
        let limited = subscribe(&app, 1, 1, "veel@example.com").await;
        assert_eq!(limited.status(), 429);
        assert!(limited.headers().contains_key("retry-after"));
    }
}
