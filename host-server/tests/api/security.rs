//! The attacks of `SECURITY.md`, each tried over HTTP against the real server, on SQLite and
//! PostgreSQL: forged hosts and callback URLs, guessed gift-card PINs and passwords, strangers'
//! carts and orders, cross-site requests, long sessions.

use std::time::Duration;

use serde_json::{Value, json};

use crate::orders::{GIFT_CARD, billing, expect_ok, ideal, new_cart_on, ready_cart};
use crate::support::cart::CartAnswer;
use crate::support::order::{Order, PlacedOrder};
use crate::support::{
    ApiErrorBody, TestApp, backend_tests, fixture_tests, query_param, read, read_ok,
};

const PASSWORD: &str = "Hooi2024";

/// A client of its own (its own cookies), as another browser or an attacker would have.
fn stranger() -> reqwest::Client {
    reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

async fn register(app: &TestApp, email: &str, callback: &str) -> reqwest::Response {
    app.post_json(
        &format!("/api/account?callbackUrl={callback}"),
        &json!({ "emailAddress": email, "password": PASSWORD, "firstName": "Anna", "lastName": "de Vries" }),
    )
    .await
}

/// Registers, activates and signs in `client`; returns the account id.
async fn signed_in(app: &TestApp, client: &reqwest::Client, email: &str) -> String {
    assert_eq!(
        register(app, email, "/account/confirm/").await.status(),
        201
    );
    let link = app.outbox().last().unwrap().link();
    let user_id = query_param(&link, "userId");
    let confirm = format!(
        "/api/account/{user_id}/confirm?token={}",
        query_param(&link, "token")
    );
    assert_eq!(app.post(&confirm).await.status(), 204);
    let response = client
        .post(app.url("/api/authentication/signin"))
        .json(&json!({ "emailAddress": email, "password": PASSWORD }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    user_id
}

async fn count(app: &TestApp, sql: &str) -> i64 {
    let pool = sqlx::AnyPool::connect(&app.database_url()).await.unwrap();
    let (count,): (i64,) = sqlx::query_as(sql).fetch_one(&pool).await.unwrap();
    count
}

async fn execute(app: &TestApp, sql: &str) {
    let pool = sqlx::AnyPool::connect(&app.database_url()).await.unwrap();
    sqlx::query(sql).execute(&pool).await.unwrap();
}

fn port(app: &TestApp) -> String {
    app.base_url.rsplit(':').next().unwrap().to_owned()
}

mod trusted_origins {
    use super::*;

    backend_tests!(
        a_forged_host_gets_no_answer_and_no_mail,
        callback_urls_are_paths_of_the_shop
    );

    async fn a_forged_host_gets_no_answer_and_no_mail(app: TestApp) {
        let _ = signed_in(&app, &app.client, "victim@example.nl").await;
        let before = app.outbox().len();
        let forged = stranger()
            .post(app.url("/api/account/forgotpassword?callbackUrl=/account/reset/"))
            .header("host", "attacker.example")
            .json(&json!({ "emailAddress": "victim@example.nl" }))
            .send()
            .await
            .unwrap();
        assert_eq!(forged.status(), 421);
        let body: ApiErrorBody = read(forged).await;
        assert_eq!(body.code, "errors.unknownHost");
        for host in [
            "localhost.attacker.example",
            "attacker.example:8080",
            "evillocalhost",
        ] {
            let response = stranger()
                .get(app.url("/api/health"))
                .header("host", host)
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), 421, "{host}");
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert_eq!(app.outbox().len(), before, "no mail went out");
    }

    async fn callback_urls_are_paths_of_the_shop(app: TestApp) {
        for callback in [
            "https://evil.example/steal",
            "//evil.example/x",
            "/%5Cevil.example",
        ] {
            let response = register(&app, "a@example.nl", callback).await;
            assert_eq!(response.status(), 400, "{callback}");
            let body: ApiErrorBody = read(response).await;
            assert!(
                body.fields.contains_key("callbackUrl"),
                "{callback}: {body:?}"
            );
            let forgot = app
                .post_json(
                    &format!("/api/account/forgotpassword?callbackUrl={callback}"),
                    &json!({ "emailAddress": "a@example.nl" }),
                )
                .await;
            assert_eq!(forgot.status(), 400, "{callback}");
        }
        assert_eq!(
            count(&app, "SELECT COUNT(*) FROM accounts").await,
            0,
            "a refused registration stores nothing"
        );
        assert_eq!(app.outbox().len(), 0);
    }

    mod with_fixtures {
        use super::*;

        fixture_tests!(
            mail_links_use_the_sites_configured_domain,
            the_checkout_password_takes_only_a_path
        );

        async fn mail_links_use_the_sites_configured_domain(app: TestApp) {
            let port = port(&app);
            // Host localhost is an alias of site 1: the link stays on it.
            let response = stranger()
                .post(format!("http://127.0.0.1:{port}/api/account?callbackUrl=/account/confirm/"))
                .header("host", format!("localhost:{port}"))
                .header("siteid", "1")
                .json(&json!({ "emailAddress": "alias@example.nl", "password": PASSWORD, "firstName": "A", "lastName": "B" }))
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), 201);
            let link = app.outbox_with(1).await.last().unwrap().link();
            assert!(
                link.starts_with(&format!("http://localhost:{port}/account/confirm/?token=")),
                "{link}"
            );

            // Host 127.0.0.1 is no domain of site 3: the link goes to site 3's own domain.
            let response = app
                .post_json_in(3, 5, "/api/account?callbackUrl=/account/confirm/", &json!({ "emailAddress": "de@example.nl", "password": PASSWORD, "firstName": "A", "lastName": "B" }))
                .await;
            assert_eq!(response.status(), 201);
            let link = app
                .outbox_with(2)
                .await
                .iter()
                .find(|mail| mail.to == "de@example.nl")
                .unwrap()
                .link();
            assert!(
                link.starts_with(&format!(
                    "http://de.hoefslag.localhost:{port}/account/confirm/?token="
                )),
                "{link}"
            );
        }

        async fn the_checkout_password_takes_only_a_path(app: TestApp) {
            let id = new_cart_on(&app, 1, 1).await;
            let response = app.post(&format!("/api/cart/{id}/setpassword?password=Hooi2024&confirmUrl=https://evil.example/confirm/")).await;
            assert_eq!(response.status(), 400);
            let body: ApiErrorBody = read(response).await;
            assert!(body.fields.contains_key("confirmUrl"), "{body:?}");
        }
    }
}

mod gift_cards {
    use super::*;

    async fn try_pin(
        client: &reqwest::Client,
        app: &TestApp,
        cart: &str,
        card: &str,
        pin: &str,
    ) -> (u16, Value) {
        let response = client
            .post(app.url(&format!("/api/cart/{cart}/payment")))
            .json(&json!({ "paymentMethodId": 5, "giftCardNumber": card, "giftCardPin": pin }))
            .send()
            .await
            .unwrap();
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    fixture_tests!(
        pins_are_salted_slow_hashes,
        an_unknown_card_and_a_wrong_pin_answer_alike,
        ten_thousand_guesses_find_nothing_and_lock_the_card
    );

    async fn pins_are_salted_slow_hashes(app: TestApp) {
        let hashes = count(
            &app,
            "SELECT COUNT(*) FROM gift_cards WHERE pin_hash LIKE '$argon2id$%'",
        )
        .await;
        let cards = count(&app, "SELECT COUNT(*) FROM gift_cards").await;
        assert_eq!((hashes, cards), (7, 7));
    }

    async fn an_unknown_card_and_a_wrong_pin_answer_alike(app: TestApp) {
        let cart = ready_cart(&app, 1011, 1, ideal()).await;
        let (status, unknown) = try_pin(&app.client, &app, &cart, "6064360000009999", "1234").await;
        let (wrong_status, wrong) = try_pin(&app.client, &app, &cart, GIFT_CARD, "9999").await;
        assert_eq!((status, wrong_status), (400, 400));
        // Compared whole as JSON values, then read as the error body they are.
        assert_eq!(unknown, wrong);
        let unknown: ApiErrorBody = serde_json::from_value(unknown).unwrap();
        assert_eq!(unknown.code, "errors.giftCardRejected");
    }

    async fn ten_thousand_guesses_find_nothing_and_lock_the_card(app: TestApp) {
        let cart = ready_cart(&app, 1011, 1, ideal()).await;
        let guesses: Vec<String> = (0..10_000)
            .map(|pin| format!("{pin:04}"))
            .filter(|pin| pin != "1234")
            .collect();
        let statuses = in_parallel(&app, guesses, 16, move |client, url, pin| {
            let cart = cart.clone();
            async move {
                let body = json!({ "paymentMethodId": 5, "giftCardNumber": GIFT_CARD, "giftCardPin": pin });
                client.post(format!("{url}/api/cart/{cart}/payment")).json(&body).send().await.unwrap().status().as_u16()
            }
        })
        .await;
        assert_eq!(
            statuses.get(&200),
            None,
            "no guess was accepted: {statuses:?}"
        );
        assert_eq!(
            statuses.get(&400),
            Some(&5),
            "five wrong PINs were checked: {statuses:?}"
        );
        assert_eq!(statuses.get(&429), Some(&(9_999 - 5)), "{statuses:?}");

        // The owner's right PIN waits while the card is locked...
        let owners_cart = ready_cart(&app, 1011, 1, ideal()).await;
        let (status, body) = try_pin(&stranger(), &app, &owners_cart, GIFT_CARD, "1234").await;
        assert_eq!(status, 429, "{body}");
        // ...and works once the lock's window has passed.
        execute(
            &app,
            "UPDATE rate_limits SET window_start = window_start - 3600",
        )
        .await;
        let (status, body) = try_pin(&app.client, &app, &owners_cart, GIFT_CARD, "1234").await;
        assert_eq!(status, 200, "{body}");
    }
}

mod limits {
    use super::*;

    backend_tests!(
        fifty_parallel_wrong_passwords_are_five_guesses,
        mails_on_request_are_limited_per_address
    );

    async fn fifty_parallel_wrong_passwords_are_five_guesses(app: TestApp) {
        let _ = signed_in(&app, &stranger(), "guarded@example.nl").await;
        let statuses = in_parallel(&app, (0..50).collect::<Vec<i32>>(), 50, |client, url, n| async move {
            let body = json!({ "emailAddress": "guarded@example.nl", "password": format!("Fout{n}abc") });
            client.post(format!("{url}/api/authentication/signin")).json(&body).send().await.unwrap().status().as_u16()
        })
        .await;
        assert_eq!(statuses.get(&401), Some(&5), "{statuses:?}");
        assert_eq!(statuses.get(&429), Some(&45), "{statuses:?}");
        let refused = app
            .post_json(
                "/api/authentication/signin",
                &json!({ "emailAddress": "guarded@example.nl", "password": PASSWORD }),
            )
            .await;
        assert_eq!(refused.status(), 429, "the right password waits too");
        let retry_after: i64 = refused.headers()["retry-after"]
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        assert!((1..=900).contains(&retry_after), "{retry_after}");
        let body: ApiErrorBody = read(refused).await;
        assert_eq!(body.code, "errors.tooManyAttempts");
    }

    async fn mails_on_request_are_limited_per_address(app: TestApp) {
        let forgot = "/api/account/forgotpassword?callbackUrl=/account/reset/";
        for _ in 0..3 {
            assert_eq!(
                app.post_json(forgot, &json!({ "emailAddress": "someone@example.nl" }))
                    .await
                    .status(),
                204
            );
        }
        let refused = app
            .post_json(forgot, &json!({ "emailAddress": "someone@example.nl" }))
            .await;
        assert_eq!(refused.status(), 429);
        assert!(refused.headers().contains_key("retry-after"));
        assert_eq!(
            app.post_json(forgot, &json!({ "emailAddress": "other@example.nl" }))
                .await
                .status(),
            204,
            "another address"
        );
    }

    mod with_fixtures {
        use super::*;

        fixture_tests!(discount_codes_are_limited_per_cart);

        async fn discount_codes_are_limited_per_cart(app: TestApp) {
            let cart = new_cart_on(&app, 1, 1).await;
            for n in 0..10 {
                assert_eq!(
                    app.post(&format!("/api/cart/{cart}/discountcode?code=RAAD{n}"))
                        .await
                        .status(),
                    400
                );
            }
            assert_eq!(
                app.post(&format!("/api/cart/{cart}/discountcode?code=WELKOM10"))
                    .await
                    .status(),
                429
            );
            let other = new_cart_on(&app, 1, 1).await;
            assert_eq!(
                app.post(&format!("/api/cart/{other}/discountcode?code=WELKOM10"))
                    .await
                    .status(),
                200
            );
        }
    }
}

mod registration {
    use super::*;

    backend_tests!(
        an_address_never_activated_can_register_again,
        accounts_never_activated_are_removed_after_every_link_expired
    );

    async fn an_address_never_activated_can_register_again(app: TestApp) {
        assert_eq!(
            register(&app, "squat@example.nl", "/account/confirm/")
                .await
                .status(),
            201
        );
        let first = app.outbox().last().unwrap().link();
        // The owner registers the address a stranger took: a new mail, the old link dead.
        let again = app
            .post_json("/api/account?callbackUrl=/account/confirm/", &json!({ "emailAddress": "squat@example.nl", "password": "Eigen2025", "firstName": "Eva", "lastName": "Smit" }))
            .await;
        assert_eq!(again.status(), 201);
        let second = app.outbox().last().unwrap().link();
        assert_eq!(app.outbox().len(), 2);
        assert_eq!(
            query_param(&first, "userId"),
            query_param(&second, "userId")
        );
        let old = format!(
            "/api/account/{}/confirm?token={}",
            query_param(&first, "userId"),
            query_param(&first, "token")
        );
        assert_eq!(app.post(&old).await.status(), 400);
        let new = format!(
            "/api/account/{}/confirm?token={}",
            query_param(&second, "userId"),
            query_param(&second, "token")
        );
        assert_eq!(app.post(&new).await.status(), 204);
        let signed_in = app
            .post_json(
                "/api/authentication/signin",
                &json!({ "emailAddress": "squat@example.nl", "password": "Eigen2025" }),
            )
            .await;
        assert_eq!(signed_in.status(), 200);
        let (status, body) = (
            register(&app, "squat@example.nl", "/account/confirm/")
                .await
                .status(),
            (),
        );
        assert_eq!(
            (status, body),
            (reqwest::StatusCode::CONFLICT, ()),
            "an activated address stays taken"
        );
    }

    async fn accounts_never_activated_are_removed_after_every_link_expired(app: TestApp) {
        assert_eq!(
            register(&app, "late@example.nl", "/account/confirm/")
                .await
                .status(),
            201
        );
        assert_eq!(
            register(&app, "resent@example.nl", "/account/confirm/")
                .await
                .status(),
            201
        );
        let _ = signed_in(&app, &stranger(), "active@example.nl").await;
        execute(&app, "UPDATE accounts SET created_at = created_at - 100").await;
        // The late account's link expired; the other's was sent again and still works.
        execute(
            &app,
            "UPDATE account_tokens SET expires_at = 0 WHERE account_id IN \
                (SELECT account_id FROM accounts WHERE email_address = 'late@example.nl')",
        )
        .await;
        let pool = sqlx::AnyPool::connect(&app.database_url()).await.unwrap();
        let removed = host_server::housekeeping::remove_stale_unactivated(&pool, 50)
            .await
            .unwrap();
        assert_eq!(removed, 1);
        assert_eq!(
            count(
                &app,
                "SELECT COUNT(*) FROM accounts WHERE email_address = 'late@example.nl'"
            )
            .await,
            0
        );
        assert_eq!(
            count(
                &app,
                "SELECT COUNT(*) FROM accounts WHERE email_address = 'active@example.nl'"
            )
            .await,
            1
        );
        assert_eq!(
            count(
                &app,
                "SELECT COUNT(*) FROM accounts WHERE email_address = 'resent@example.nl'"
            )
            .await,
            1
        );
    }
}

mod sessions {
    use super::*;

    async fn is_authenticated(app: &TestApp, client: &reqwest::Client) -> bool {
        let response = client
            .post(app.url("/api/authentication/isauthenticated"))
            .json(&json!(null))
            .send()
            .await
            .unwrap();
        response.json().await.unwrap()
    }

    backend_tests!(
        changing_the_email_address_ends_every_other_session,
        state_changes_with_the_session_cookie_need_a_cors_check,
        every_answer_carries_the_hardening_headers
    );

    async fn changing_the_email_address_ends_every_other_session(app: TestApp) {
        let (here, there) = (stranger(), stranger());
        let user_id = signed_in(&app, &here, "move@example.nl").await;
        let response = there
            .post(app.url("/api/authentication/signin"))
            .json(&json!({ "emailAddress": "move@example.nl", "password": PASSWORD }))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        let change = here
            .post(
                app.url("/api/account/changeemailaddress?callbackUrl=/account/information/email/"),
            )
            .json(&json!({ "newEmailAddress": "moved@example.nl", "password": PASSWORD }))
            .send()
            .await
            .unwrap();
        assert_eq!(change.status(), 202);
        let token = query_param(&app.outbox().last().unwrap().link(), "token");
        let confirmed = here
            .post(app.url(&format!(
                "/api/account/{user_id}/confirmemailaddress?token={token}"
            )))
            .json(&json!(null))
            .send()
            .await
            .unwrap();
        assert_eq!(confirmed.status(), 204);
        assert!(
            is_authenticated(&app, &here).await,
            "the session that confirmed stays"
        );
        assert!(
            !is_authenticated(&app, &there).await,
            "every other session ended"
        );
    }

    async fn state_changes_with_the_session_cookie_need_a_cors_check(app: TestApp) {
        let browser = stranger();
        let _ = signed_in(&app, &browser, "csrf@example.nl").await;
        let form = browser
            .put(app.url("/api/account"))
            .header("content-type", "application/x-www-form-urlencoded")
            .body("firstName=Evil")
            .send()
            .await
            .unwrap();
        assert_eq!(form.status(), 403);
        let foreign = browser
            .post(app.url("/api/authentication/signout"))
            .header("origin", "https://evil.example")
            .json(&json!(null))
            .send()
            .await
            .unwrap();
        assert_eq!(foreign.status(), 403);
        assert!(is_authenticated(&app, &browser).await, "nothing happened");
        let own = browser
            .post(app.url("/api/authentication/signout"))
            .header("origin", app.base_url.as_str())
            .json(&json!(null))
            .send()
            .await
            .unwrap();
        assert_eq!(own.status(), 204);
    }

    async fn every_answer_carries_the_hardening_headers(app: TestApp) {
        for path in ["/", "/api/health", "/api/no-such-thing"] {
            let response = app.get(path).await;
            let headers = response.headers();
            let policy = headers["content-security-policy"].to_str().unwrap();
            assert!(
                policy.contains("frame-ancestors 'none'")
                    && policy.contains("script-src 'self' 'wasm-unsafe-eval'"),
                "{policy}"
            );
            assert!(
                !policy.contains("unsafe-inline'; img")
                    || !policy.contains("script-src 'self' 'unsafe-inline'")
            );
            assert_eq!(headers["x-content-type-options"], "nosniff");
            assert_eq!(
                headers["referrer-policy"],
                "strict-origin-when-cross-origin"
            );
            assert!(
                !headers.contains_key("strict-transport-security"),
                "no HSTS over http"
            );
        }
        let big = json!({ "amountInclVat": "1".repeat(300 * 1024), "vatRatePercentage": "21" });
        let response = app.post_json("/api/vat/split", &big).await;
        assert_eq!(response.status(), 413);
    }

    async fn idle_session_ends(backend: crate::support::Backend) {
        // Sessions are seen to the second: 3 seconds of idle time keep a session through a
        // check a second or two after signing in on a busy machine, and end it after 4.1.
        let app = TestApp::spawn_with(backend, |config| config.lifetimes.session_idle = 3).await;
        let browser = stranger();
        let _ = signed_in(&app, &browser, "idle@example.nl").await;
        assert!(is_authenticated(&app, &browser).await);
        tokio::time::sleep(Duration::from_millis(4_100)).await;
        assert!(!is_authenticated(&app, &browser).await);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn an_idle_session_ends_sqlite() {
        idle_session_ends(crate::support::Backend::Sqlite).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    #[ignore = "needs PostgreSQL on 127.0.0.1:5432 (scripts/test.sh runs it when one answers)"]
    async fn an_idle_session_ends_postgres() {
        idle_session_ends(crate::support::Backend::Postgres).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn over_https_the_cookie_is_secure_and_host_prefixed() {
        let app = TestApp::spawn_with(crate::support::Backend::Sqlite, |config| {
            config.trust.public_url = Some(url::Url::parse("https://shop.example").unwrap());
        })
        .await;
        assert_eq!(
            register(&app, "tls@example.nl", "/account/confirm/")
                .await
                .status(),
            201
        );
        let link = app.outbox().last().unwrap().link();
        assert!(
            link.starts_with("https://shop.example/account/confirm/?token="),
            "{link}"
        );
        let confirm = format!(
            "/api/account/{}/confirm?token={}",
            query_param(&link, "userId"),
            query_param(&link, "token")
        );
        assert_eq!(app.post(&confirm).await.status(), 204);
        let response = app
            .post_json(
                "/api/authentication/signin",
                &json!({ "emailAddress": "tls@example.nl", "password": PASSWORD }),
            )
            .await;
        let cookie = response.headers()["set-cookie"]
            .to_str()
            .unwrap()
            .to_owned();
        assert!(
            cookie.starts_with("__Host-hb_session=")
                && cookie.contains("Secure")
                && cookie.contains("Path=/"),
            "{cookie}"
        );
        assert!(!cookie.contains("Domain"), "{cookie}");
        assert_eq!(
            response.headers()["strict-transport-security"],
            "max-age=31536000; includeSubDomains"
        );
    }
}

mod other_peoples_data {
    use super::*;

    fixture_tests!(
        a_customers_cart_needs_the_customers_session,
        an_orders_names_and_addresses_only_for_who_placed_it
    );

    async fn a_customers_cart_needs_the_customers_session(app: TestApp) {
        let browser = stranger();
        let _ = signed_in(&app, &browser, "owner@example.nl").await;
        let created = browser
            .post(app.url("/api/cart"))
            .header("siteid", "1")
            .header("languageid", "1")
            .send()
            .await
            .unwrap();
        let id = read::<CartAnswer>(created).await.cart.shoppingcart_id;
        let own = browser
            .get(app.url(&format!("/api/cart/{id}")))
            .send()
            .await
            .unwrap();
        assert_eq!(own.status(), 200);
        for path in [
            format!("/api/cart/{id}"),
            format!("/api/cart/{id}/shippingmethods"),
        ] {
            assert_eq!(
                stranger()
                    .get(app.url(&path))
                    .send()
                    .await
                    .unwrap()
                    .status(),
                404,
                "{path}"
            );
        }
        let change = stranger()
            .post(app.url(&format!("/api/cart/{id}/products?productVariantId=1011")))
            .json(&json!(null))
            .send()
            .await
            .unwrap();
        assert_eq!(change.status(), 404);
        let calculate = stranger()
            .post(app.url(&format!("/api/cartcalculation/{id}/calculate")))
            .json(&json!(null))
            .send()
            .await
            .unwrap();
        assert_eq!(calculate.status(), 404);
    }

    async fn an_orders_names_and_addresses_only_for_who_placed_it(app: TestApp) {
        let cart = new_cart_on(&app, 1, 1).await;
        expect_ok(
            app.post(&format!(
                "/api/cart/{cart}/products?productVariantId=1011&quantity=1"
            ))
            .await,
        )
        .await;
        expect_ok(
            app.post_json(
                &format!("/api/cart/{cart}/billing"),
                &billing("anna@example.com", 1),
            )
            .await,
        )
        .await;
        expect_ok(
            app.post_json(
                &format!("/api/cart/{cart}/payment"),
                &json!({ "paymentMethodId": 6 }),
            )
            .await,
        )
        .await;
        let placed: PlacedOrder = read_ok(app.post(&format!("/api/cart/{cart}/order")).await).await;
        let order_id = placed.order.order_id;
        let own: Order = read(app.get(&format!("/api/orders/{order_id}")).await).await;
        assert_eq!(
            own.billing.as_ref().and_then(|b| b.last_name.as_deref()),
            Some("Jansen")
        );
        assert_eq!(own.email_address, "anna@example.com");
        let other: Order = read(
            stranger()
                .get(app.url(&format!("/api/orders/{order_id}")))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(
            (other.billing.is_none(), other.email_address.as_str()),
            (true, ""),
            "{other:?}"
        );
        assert_eq!(other.total_amount, own.total_amount, "the rest is shown");
    }
}

mod payment_provider {
    use super::*;

    fixture_tests!(the_test_page_says_it_is_a_demo);

    async fn the_test_page_says_it_is_a_demo(app: TestApp) {
        let cart = ready_cart(&app, 1011, 1, ideal()).await;
        let placed: PlacedOrder = read_ok(app.post(&format!("/api/cart/{cart}/order")).await).await;
        let checkout_url = placed.redirect_url;
        let page = stranger()
            .get(&checkout_url)
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(
            page.contains("Demo payment page.") && page.contains("PAYMENT_PROVIDER=test"),
            "{page}"
        );
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn without_the_test_provider_its_page_does_not_exist() {
        let app = TestApp::spawn_with(crate::support::Backend::Sqlite, |config| {
            config.payment = host_server::platform::config::PaymentConfig::Mollie {
                api_key: host_server::platform::config::Secret::new("test_x"),
                api_url: "http://127.0.0.1:9/v2".to_owned(),
            };
        })
        .await;
        let page = app
            .get("/payments/test/tp_anything")
            .await
            .text()
            .await
            .unwrap();
        assert!(!page.contains("outcome-paid"), "{page}");
        let chosen = stranger()
            .post(app.url("/payments/test/tp_anything"))
            .form(&[("outcome", "paid")])
            .send()
            .await
            .unwrap();
        assert_ne!(chosen.status(), 303);
    }
}

/// Sends one request per input, `width` at a time, and counts the answers by status.
pub async fn in_parallel<I, F, Fut>(
    app: &TestApp,
    inputs: Vec<I>,
    width: usize,
    request: F,
) -> std::collections::BTreeMap<u16, usize>
where
    I: Send + 'static,
    F: Fn(reqwest::Client, String, I) -> Fut + Send + Sync + 'static,
    Fut: std::future::Future<Output = u16> + Send + 'static,
{
    let request = std::sync::Arc::new(request);
    let permits = std::sync::Arc::new(tokio::sync::Semaphore::new(width));
    let mut tasks = tokio::task::JoinSet::new();
    for input in inputs {
        let permit = std::sync::Arc::clone(&permits)
            .acquire_owned()
            .await
            .unwrap();
        let (request, client, url) = (
            std::sync::Arc::clone(&request),
            app.client.clone(),
            app.base_url.clone(),
        );
        tasks.spawn(async move {
            let status = request(client, url, input).await;
            drop(permit);
            status
        });
    }
    let mut statuses = std::collections::BTreeMap::new();
    while let Some(status) = tasks.join_next().await {
        *statuses.entry(status.unwrap()).or_default() += 1;
    }
    statuses
}
