//! The newsletter: a sign-up per site and language with a double opt-in
//! mail, its confirmation, and the unsubscribe link that every mail to a customer carries.

use serde_json::{Value, json};

use crate::orders::{expect_ok, ideal, pay, place, ready_cart};
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

const OPT_IN_NL: &str = "Bevestig je aanmelding voor de nieuwsbrief van Hoefslag";

/// The newsletter opt-in mails in the outbox.
fn opt_ins(app: &TestApp) -> Vec<Mail> {
    app.outbox()
        .into_iter()
        .filter(|mail| mail.subject == OPT_IN_NL)
        .collect()
}

/// The opt-in mails once there are `count`; panics after 10 seconds.
async fn opt_ins_with(app: &TestApp, count: usize) -> Vec<Mail> {
    for _ in 0..200 {
        let mails = opt_ins(app);
        if mails.len() >= count {
            return mails;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("no {count} opt-in mails: {:?}", app.outbox());
}

fixture_tests!(
    the_checkouts_box_sends_the_footers_opt_in_once_the_order_is_paid_and_subscribes_nothing_before,
    a_bank_transfer_sends_the_opt_in_when_placed_and_an_order_without_the_box_none,
    a_sign_up_is_confirmed_by_mail_and_ended_by_every_mails_link,
    a_sign_up_is_checked_and_limited_without_telling_who_subscribed
);

async fn the_checkouts_box_sends_the_footers_opt_in_once_the_order_is_paid_and_subscribes_nothing_before(
    app: TestApp,
) {
    let cart = ready_cart(&app, 1011, 1, ideal()).await;
    let asked = expect_ok(
        app.post(&format!("/api/cart/{cart}/newsletter?subscribe=true"))
            .await,
    )
    .await;
    assert_eq!(asked["cart"]["newsletterSubscribe"], true);
    assert!(opt_ins(&app).is_empty(), "the box only asks");
    assert_eq!(subscription(&app, "anna@example.com", 1).await, None);

    let (status, placed) = place(&app, &cart).await;
    assert_eq!(status, 201, "{placed}");
    assert!(
        opt_ins(&app).is_empty(),
        "not before the order is confirmed"
    );
    assert_eq!(subscription(&app, "anna@example.com", 1).await, None);

    pay(&app, placed["redirectUrl"].as_str().unwrap(), "paid").await;
    let mails = opt_ins_with(&app, 1).await;
    assert_eq!(mails.len(), 1, "one opt-in mail with the order");
    assert_eq!(mails[0].to, "anna@example.com");
    let confirm = mails[0].link();
    assert!(
        confirm.starts_with(&format!(
            "http://hoefslag.localhost:{}/newsletter/confirm/?token=",
            port(&app)
        )),
        "{confirm}"
    );
    assert_eq!(
        subscription(&app, "anna@example.com", 1).await,
        Some(("pending".to_owned(), 1)),
        "stored for the order's site and language, not subscribed"
    );

    // The webhook again: the order is confirmed once, so is the opt-in.
    let payment_id = placed["redirectUrl"]
        .as_str()
        .unwrap()
        .rsplit('/')
        .next()
        .unwrap()
        .to_owned();
    let webhook = app
        .client
        .post(app.url("/api/payments/webhook"))
        .form(&[("id", payment_id)])
        .send()
        .await
        .unwrap();
    assert_eq!(webhook.status(), 200);
    assert_eq!(opt_ins(&app).len(), 1);

    let token = query_param(&confirm, "token");
    let confirmed = app
        .post_json("/api/newsletter/confirm", &json!({"token": token}))
        .await;
    assert_eq!(confirmed.status(), 200);
    assert_eq!(
        subscription(&app, "anna@example.com", 1).await,
        Some(("confirmed".to_owned(), 1))
    );
}

async fn a_bank_transfer_sends_the_opt_in_when_placed_and_an_order_without_the_box_none(
    app: TestApp,
) {
    let bank_transfer = json!({"paymentMethodId": 6});
    let cart = ready_cart(&app, 1011, 1, bank_transfer.clone()).await;
    expect_ok(
        app.post(&format!("/api/cart/{cart}/newsletter?subscribe=1"))
            .await,
    )
    .await;
    let (status, placed) = place(&app, &cart).await;
    assert_eq!(status, 201, "{placed}");
    assert_eq!(
        placed["order"]["status"], "open",
        "a bank transfer is confirmed when placed"
    );
    assert_eq!(opt_ins_with(&app, 1).await.len(), 1);
    assert_eq!(
        subscription(&app, "anna@example.com", 1).await,
        Some(("pending".to_owned(), 1))
    );

    let mails_before = app.outbox().len();
    let without = ready_cart(&app, 1011, 1, bank_transfer).await;
    let (status, placed) = place(&app, &without).await;
    assert_eq!(status, 201, "{placed}");
    let mails = app.outbox();
    assert_eq!(mails.len(), mails_before + 1, "the confirmation alone");
    let confirmations = mails
        .iter()
        .filter(|mail| mail.subject.contains("Bevestiging van je bestelling"))
        .count();
    assert_eq!(confirmations, 2, "{mails:?}");
    assert_eq!(opt_ins(&app).len(), 1);
}

async fn a_sign_up_is_confirmed_by_mail_and_ended_by_every_mails_link(app: TestApp) {
    let response = subscribe(&app, 1, 1, "Nieuws@Example.com").await;
    assert_eq!(response.status(), 204);
    let mails = app.outbox_with(1).await;
    let mail = &mails[0];
    assert_eq!(mail.to, "nieuws@example.com");
    assert_eq!(
        mail.subject,
        "Bevestig je aanmelding voor de nieuwsbrief van Hoefslag"
    );
    let confirm = mail.link();
    assert!(
        confirm.starts_with(&format!(
            "http://hoefslag.localhost:{}/newsletter/confirm/?token=",
            port(&app)
        )),
        "{confirm}"
    );
    assert_eq!(
        subscription(&app, "nieuws@example.com", 1).await,
        Some(("pending".to_owned(), 1))
    );

    let wrong = app
        .post_json("/api/newsletter/confirm", &json!({"token": "abc"}))
        .await;
    assert_eq!(wrong.status(), 400);
    assert_eq!(
        wrong.json::<Value>().await.unwrap()["code"],
        "errors.newsletterLinkInvalid"
    );
    let token = query_param(&confirm, "token");
    for _ in 0..2 {
        let confirmed = app
            .post_json("/api/newsletter/confirm", &json!({"token": token}))
            .await;
        assert_eq!(confirmed.status(), 200, "the link works again");
        assert_eq!(
            confirmed.json::<Value>().await.unwrap(),
            json!({"status": "confirmed"})
        );
    }
    assert_eq!(
        subscription(&app, "nieuws@example.com", 1).await,
        Some(("confirmed".to_owned(), 1))
    );

    // Signing up again once confirmed: the same answer, no mail.
    assert_eq!(
        subscribe(&app, 1, 1, "nieuws@example.com").await.status(),
        204
    );
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert_eq!(app.outbox().len(), 1);

    // The same address on the German site: its own sign-up, in German.
    assert_eq!(
        subscribe(&app, 3, 3, "nieuws@example.com").await.status(),
        204
    );
    let mails = app.outbox_with(2).await;
    assert_eq!(
        mails[1].subject,
        "Bestätigen Sie Ihre Anmeldung zum Newsletter von Hoefslag"
    );
    assert!(mails[1].link().starts_with(&format!(
        "http://de.hoefslag.localhost:{}/newsletter/confirm/?token=",
        port(&app)
    )));
    assert_eq!(
        subscription(&app, "nieuws@example.com", 3).await,
        Some(("pending".to_owned(), 3))
    );

    // Every mail to a customer carries the unsubscribe link, signed for its address.
    let unsubscribe = link_after(&mails[0], UNSUBSCRIBE_NL);
    assert!(
        unsubscribe.starts_with(&format!("http://hoefslag.localhost:{}/newsletter/unsubscribe/?email=nieuws%40example.com&token=", port(&app))),
        "{unsubscribe}"
    );
    assert!(
        mails[0]
            .html
            .as_deref()
            .unwrap()
            .contains(">Afmelden voor de nieuwsbrief</a>")
    );
    let email = query_param(&unsubscribe, "email");
    let signature = query_param(&unsubscribe, "token");
    let forged = app
        .post_json(
            "/api/newsletter/unsubscribe",
            &json!({"emailAddress": "ander@example.com", "token": signature}),
        )
        .await;
    assert_eq!(forged.status(), 400, "a signature is for one address");
    assert_eq!(
        forged.json::<Value>().await.unwrap()["code"],
        "errors.newsletterLinkInvalid"
    );
    let done = app
        .post_json(
            "/api/newsletter/unsubscribe",
            &json!({"emailAddress": email, "token": signature}),
        )
        .await;
    assert_eq!(done.status(), 200);
    assert_eq!(
        done.json::<Value>().await.unwrap(),
        json!({"status": "unsubscribed"})
    );
    assert_eq!(
        subscription(&app, "nieuws@example.com", 1).await,
        Some(("unsubscribed".to_owned(), 1))
    );
    assert_eq!(
        subscription(&app, "nieuws@example.com", 3).await,
        Some(("unsubscribed".to_owned(), 3))
    );
    let stale = app
        .post_json("/api/newsletter/confirm", &json!({"token": token}))
        .await;
    assert_eq!(
        stale.status(),
        400,
        "an unsubscribed address is not confirmed by an old link"
    );
}

async fn a_sign_up_is_checked_and_limited_without_telling_who_subscribed(app: TestApp) {
    let invalid = subscribe(&app, 1, 1, "geen-adres").await;
    assert_eq!(invalid.status(), 400);
    let body: Value = invalid.json().await.unwrap();
    assert_eq!(
        body["fieldErrors"]["emailAddress"][0]["key"],
        "validation.invalidEmail"
    );
    assert_eq!(
        app.post_json(
            "/api/newsletter/subscribe",
            &json!({"emailAddress": "a@example.com"})
        )
        .await
        .status(),
        400,
        "site and language come from the request"
    );
    for _ in 0..3 {
        assert_eq!(
            subscribe(&app, 1, 1, "veel@example.com").await.status(),
            204
        );
    }
    let limited = subscribe(&app, 1, 1, "veel@example.com").await;
    assert_eq!(limited.status(), 429);
    assert!(limited.headers().contains_key("retry-after"));
}
