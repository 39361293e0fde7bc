//! The back office's staff: signing in with a password and a second factor, every refusal on
//! the way, staff sessions, invitations and integration keys.

use serde::Deserialize;
use serde_json::json;

use crate::support::staff::{
    Challenge, StaffMe, current_code, demo_member, demo_password, refusal,
};
use crate::support::{ApiErrorBody, TestApp, fixture_tests, read, status_and};

fixture_tests!(
    the_owner_signs_in_with_password_and_totp,
    a_wrong_password_or_unknown_address_gives_the_same_refusal,
    a_wrong_or_reused_totp_code_is_refused,
    a_recovery_code_works_once,
    guesses_are_limited,
    a_session_ended_from_another_device_is_signed_out,
    a_session_ends_after_half_an_hour_unused_and_after_twelve_hours,
    state_changes_need_the_back_offices_own_pages,
    an_invited_member_sets_a_password_and_an_authenticator,
    integration_keys_are_limited_shown_once_and_revocable,
    passkey_ceremonies_start_for_the_member_and_refuse_a_forged_answer,
    a_key_limited_to_sites_moderates_only_their_reviews,
    the_totp_secret_is_stored_sealed_and_a_new_device_is_mailed,
    create_owner_invites_the_owner_and_the_trail_names_the_command,
);

/// The password step's challenge for a demo member.
async fn challenge_of(app: &TestApp, browser: &reqwest::Client, role: &str) -> String {
    let member = demo_member(role);
    let response = app
        .staff_password_step(browser, &member.email_address, &demo_password())
        .await;
    let challenge: Challenge = read(response).await;
    challenge.challenge
}

async fn the_owner_signs_in_with_password_and_totp(app: TestApp) {
    let browser = app.staff_browser();
    let challenge = challenge_of(&app, &browser, "owner").await;
    let code = current_code(&demo_member("owner").totp_secret);
    let response = app
        .staff_second_step(&browser, "totp", &challenge, &code)
        .await;
    let cookie = response.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(cookie.starts_with("hb_staff="), "{cookie}");
    assert!(cookie.contains("HttpOnly"), "{cookie}");
    assert!(cookie.contains("SameSite=Strict"), "{cookie}");
    assert!(cookie.contains("Max-Age=43200"), "twelve hours: {cookie}");
    let me: StaffMe = read(response).await;
    assert_eq!(
        (
            me.email_address.as_str(),
            me.role.as_str(),
            me.permissions.len()
        ),
        ("eigenaar@hoefslag.example", "owner", 19)
    );
    let again: StaffMe = read(
        browser
            .get(app.url("/api/backoffice/me"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(again.role, "owner");

    // The customer's session does not open the back office, nor does no session.
    assert_eq!(
        refusal(app.get("/api/backoffice/me").await).await,
        (401, "errors.staffSignInRequired".to_owned())
    );

    let signed_out = browser
        .post(app.url("/api/backoffice/signout"))
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(signed_out.status(), 204);
    let after = browser
        .get(app.url("/api/backoffice/me"))
        .send()
        .await
        .unwrap();
    assert_eq!(after.status(), 401);
}

async fn a_wrong_password_or_unknown_address_gives_the_same_refusal(app: TestApp) {
    let browser = app.staff_browser();
    let owner = demo_member("owner");
    for (address, password) in [
        (owner.email_address.as_str(), "not-the-password-at-all"),
        ("nobody@hoefslag.example", demo_password().as_str()),
    ] {
        let response = app.staff_password_step(&browser, address, password).await;
        assert_eq!(
            refusal(response).await,
            (401, "errors.staffSignInFailed".to_owned())
        );
    }
}

async fn a_wrong_or_reused_totp_code_is_refused(app: TestApp) {
    let secret = demo_member("warehouse").totp_secret;
    let browser = app.staff_browser();
    let challenge = challenge_of(&app, &browser, "warehouse").await;
    let code = current_code(&secret);
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let response = app
        .staff_second_step(&browser, "totp", &challenge, wrong)
        .await;
    assert_eq!(
        refusal(response).await,
        (401, "errors.secondFactorFailed".to_owned())
    );

    let response = app
        .staff_second_step(&browser, "totp", &challenge, &code)
        .await;
    assert_eq!(response.status(), 200);

    // The same code again, in another browser with a fresh challenge: refused.
    let other = app.staff_browser();
    let challenge = challenge_of(&app, &other, "warehouse").await;
    let response = app
        .staff_second_step(&other, "totp", &challenge, &code)
        .await;
    assert_eq!(
        refusal(response).await,
        (401, "errors.secondFactorFailed".to_owned())
    );

    // A used challenge is gone.
    let response = app
        .staff_second_step(&browser, "totp", "not-a-challenge", &code)
        .await;
    assert_eq!(
        refusal(response).await,
        (401, "errors.signInExpired".to_owned())
    );
}

async fn a_recovery_code_works_once(app: TestApp) {
    let code = demo_member("owner").recovery_codes[0].clone();
    let browser = app.staff_browser();
    let challenge = challenge_of(&app, &browser, "owner").await;
    // Typed in lower case with a space: the same code.
    let typed = code.to_lowercase().replace('-', " ");
    let response = app
        .staff_second_step(&browser, "recovery", &challenge, &typed)
        .await;
    assert_eq!(response.status(), 200);

    let other = app.staff_browser();
    let challenge = challenge_of(&app, &other, "owner").await;
    let response = app
        .staff_second_step(&other, "recovery", &challenge, &code)
        .await;
    assert_eq!(
        refusal(response).await,
        (401, "errors.secondFactorFailed".to_owned())
    );
}

async fn guesses_are_limited(app: TestApp) {
    let browser = app.staff_browser();
    let owner = demo_member("owner");
    let mut statuses = Vec::new();
    for _ in 0..6 {
        let response = app
            .staff_password_step(&browser, &owner.email_address, "a-wrong-guess-123")
            .await;
        statuses.push(response.status().as_u16());
    }
    assert_eq!(statuses, [401, 401, 401, 401, 401, 429]);
    // Locked out for the address: even the right password waits.
    let response = app
        .staff_password_step(&browser, &owner.email_address, &demo_password())
        .await;
    assert_eq!(response.status(), 429);
    assert!(response.headers().contains_key("retry-after"));
}

/// A live session as the list shows it.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct SessionView {
    session_id: String,
    current: bool,
}

async fn a_session_ended_from_another_device_is_signed_out(app: TestApp) {
    let desk = app.signed_in_staff("customerService").await;
    let member = demo_member("customerService");
    // A second device: the next code window's code is accepted as clock drift.
    let phone = app.staff_browser();
    let challenge = challenge_of(&app, &phone, "customerService").await;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let next = host_server::staff::second_factor::code_at(
        &member.totp_secret,
        i64::try_from(now + 30).unwrap(),
    )
    .unwrap();
    let response = app
        .staff_second_step(&phone, "totp", &challenge, &next)
        .await;
    assert_eq!(response.status(), 200);

    let sessions: Vec<SessionView> = read(
        desk.get(app.url("/api/backoffice/me/sessions"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(sessions.len(), 2);
    let other = sessions.iter().find(|session| !session.current).unwrap();
    let ended = desk
        .delete(app.url(&format!("/api/backoffice/me/sessions/{}", other.session_id)))
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(ended.status(), 204);
    let refused = phone
        .get(app.url("/api/backoffice/me"))
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), 401);
    let still = desk
        .get(app.url("/api/backoffice/me"))
        .send()
        .await
        .unwrap();
    assert_eq!(still.status(), 200);

    #[derive(Deserialize)]
    struct Attempt {
        outcome: String,
    }
    let history: Vec<Attempt> = read(
        desk.get(app.url("/api/backoffice/me/signins"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    let outcomes: Vec<&str> = history
        .iter()
        .map(|attempt| attempt.outcome.as_str())
        .collect();
    assert_eq!(outcomes, ["succeeded", "succeeded"]);
}

async fn state_changes_need_the_back_offices_own_pages(app: TestApp) {
    let browser = app.signed_in_staff("owner").await;
    let foreign = browser
        .post(app.url("/api/backoffice/signout"))
        .header("origin", "http://evil.example")
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(
        refusal(foreign).await,
        (403, "errors.crossSiteRequest".to_owned())
    );
    // A form post (no JSON) is refused too.
    let form = browser
        .post(app.url("/api/backoffice/signout"))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("a=b")
        .send()
        .await
        .unwrap();
    assert_eq!(form.status(), 403);
    let still = browser
        .get(app.url("/api/backoffice/me"))
        .send()
        .await
        .unwrap();
    assert_eq!(still.status(), 200);
}

/// An invitation being accepted.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Invitation {
    email_address: String,
    totp_secret: String,
    otpauth_uri: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RecoveryCodes {
    recovery_codes: Vec<String>,
}

async fn an_invited_member_sets_a_password_and_an_authenticator(app: TestApp) {
    let owner = app.signed_in_staff("owner").await;
    let invited = owner
        .post(app.url("/api/backoffice/staff"))
        .json(&json!({
            "emailAddress": "Nina@Hoefslag.example", "name": "Nina Nieuw",
            "role": "warehouse", "sites": [1], "language": "en"
        }))
        .send()
        .await
        .unwrap();
    assert_eq!(invited.status(), 201);
    // The owner's mail about the sign-in from a new device is in the outbox too, written
    // within the same clock tick at times.
    let mails = app.outbox_with(2).await;
    let mail = mails
        .into_iter()
        .find(|mail| mail.to == "nina@hoefslag.example")
        .expect("the invitation is mailed to the address in lower case");
    assert!(mail.subject.contains("back office"), "{}", mail.subject);
    let link = mail.link();
    let token = link.rsplit('/').next().unwrap().to_owned();
    assert!(link.contains("/admin/invitation/"), "{link}");

    let invitation: Invitation = read(
        app.get(&format!("/api/backoffice/invitations/{token}"))
            .await,
    )
    .await;
    assert_eq!(invitation.email_address, "nina@hoefslag.example");
    assert!(invitation.otpauth_uri.starts_with("otpauth://totp/"));
    let path = format!("/api/backoffice/invitations/{token}");
    let code = current_code(&invitation.totp_secret);
    for (password, field, key) in [
        ("kort", "password", "validation.passwordTooShort"),
        ("password1234", "password", "validation.passwordWeak"),
    ] {
        let body = json!({"password": password, "totpCode": code});
        let (status, refusal): (u16, ApiErrorBody) =
            status_and(app.post_json(&path, &body).await).await;
        assert_eq!((status, refusal.first_key(field)), (400, Some(key)));
    }
    let strong = "stal-emmer-borstel-93-nina";
    let body = json!({"password": strong, "totpCode": "123"});
    let (status, refusal): (u16, ApiErrorBody) =
        status_and(app.post_json(&path, &body).await).await;
    assert_eq!(
        (status, refusal.first_key("totpCode")),
        (400, Some("validation.totpCode"))
    );

    let body = json!({"password": strong, "totpCode": code});
    let codes: RecoveryCodes = read(app.post_json(&path, &body).await).await;
    assert_eq!(codes.recovery_codes.len(), 10);
    // Accepted once.
    assert_eq!(app.post_json(&path, &body).await.status(), 404);

    // Nina signs in with a recovery code (her current TOTP code was used at set-up).
    let browser = app.staff_browser();
    let response = app
        .staff_password_step(&browser, "nina@hoefslag.example", strong)
        .await;
    let challenge: Challenge = read(response).await;
    let response = app
        .staff_second_step(
            &browser,
            "recovery",
            &challenge.challenge,
            &codes.recovery_codes[3],
        )
        .await;
    let me: StaffMe = read(response).await;
    assert_eq!(
        (me.role.as_str(), me.permissions),
        (
            "warehouse",
            vec![
                "orders.read".to_owned(),
                "orders.fulfil".to_owned(),
                "stock.edit".to_owned()
            ]
        )
    );
}

/// An integration key as listed.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct KeyView {
    key_id: String,
    permissions: Vec<String>,
    last_used_at: Option<i64>,
    revoked_at: Option<i64>,
}

#[derive(Debug, Deserialize)]
struct NewKey {
    key: KeyView,
    secret: String,
}

async fn integration_keys_are_limited_shown_once_and_revocable(app: TestApp) {
    let owner = app.signed_in_staff("owner").await;
    let made = owner
        .post(app.url("/api/backoffice/keys"))
        .json(&json!({"name": "Laboratorium", "permissions": ["lab.results", "lab.results"]}))
        .send()
        .await
        .unwrap();
    assert_eq!(made.status(), 201);
    let made: NewKey = read(made).await;
    assert!(made.secret.starts_with("hbk_"));
    assert_eq!(made.key.permissions, ["lab.results"]);

    // The key reaches the laboratory's endpoint (a 400 for an empty result: past the key),
    // not the reviews.
    let lab = app
        .client
        .post(app.url("/api/laboratory/results"))
        .header("x-api-key", &made.secret)
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(lab.status(), 400);
    let reviews = app
        .client
        .get(app.url("/api/backoffice/reviews"))
        .header("x-api-key", &made.secret)
        .send()
        .await
        .unwrap();
    assert_eq!(reviews.status(), 403);

    let listed: Vec<KeyView> = read(
        owner
            .get(app.url("/api/backoffice/keys"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    let key = listed
        .iter()
        .find(|key| key.key_id == made.key.key_id)
        .unwrap();
    assert!(key.last_used_at.is_some() && key.revoked_at.is_none());
    let listed_text = owner
        .get(app.url("/api/backoffice/keys"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        !listed_text.contains(&made.secret),
        "the secret is shown once"
    );

    let revoked = owner
        .delete(app.url(&format!("/api/backoffice/keys/{}", made.key.key_id)))
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(revoked.status(), 204);
    let refused = app
        .client
        .post(app.url("/api/laboratory/results"))
        .header("x-api-key", &made.secret)
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), 401);

    // A warehouse member cannot make keys; the owner cannot give more than they hold, and a
    // key cannot be made by a key beyond its own permissions.
    let warehouse = app.signed_in_staff("warehouse").await;
    let denied = warehouse
        .post(app.url("/api/backoffice/keys"))
        .json(&json!({"name": "Scanner", "permissions": ["orders.read"]}))
        .send()
        .await
        .unwrap();
    assert_eq!(denied.status(), 403);
    let settings_only = app.integration_key(&["settings.edit"]).await;
    let beyond = app
        .client
        .post(app.url("/api/backoffice/keys"))
        .header("x-api-key", &settings_only)
        .json(&json!({"name": "More", "permissions": ["prices.edit"]}))
        .send()
        .await
        .unwrap();
    assert_eq!(beyond.status(), 403);
}

async fn a_session_ends_after_half_an_hour_unused_and_after_twelve_hours(app: TestApp) {
    let idle = app.signed_in_staff("accountant").await;
    let state = app.state().await;
    let pool = state.db.pool();
    let age = |sql: &'static str| async move {
        sqlx::query(sql).execute(pool).await.unwrap();
    };
    assert_eq!(
        idle.get(app.url("/api/backoffice/me"))
            .send()
            .await
            .unwrap()
            .status(),
        200
    );
    age("UPDATE staff_sessions SET last_seen_at = last_seen_at - 1801").await;
    let ended = idle
        .get(app.url("/api/backoffice/me"))
        .send()
        .await
        .unwrap();
    assert_eq!(ended.status(), 401, "thirty minutes unused");

    let long = app.signed_in_staff("contentEditor").await;
    age("UPDATE staff_sessions SET expires_at = started_at").await;
    let ended = long
        .get(app.url("/api/backoffice/me"))
        .send()
        .await
        .unwrap();
    assert_eq!(ended.status(), 401, "past its twelve hours");
}

/// The back office app at `/admin/`: its files, its pages (the app's `index.html`) and its
/// own strict content security policy.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_back_office_app_is_served_at_admin_under_its_own_policy() {
    let app_dir = std::env::temp_dir().join(format!("backoffice-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(app_dir.join("assets")).unwrap();
    std::fs::write(
        app_dir.join("index.html"),
        "<!doctype html><title>back office</title>",
    )
    .unwrap();
    std::fs::write(app_dir.join("assets/app.js"), "console.log('staff');").unwrap();
    let dir = app_dir.clone();
    let app = TestApp::spawn_with(crate::support::Backend::Sqlite, move |config| {
        config.backoffice_dir = dir;
    })
    .await;
    for path in ["/admin/", "/admin/staff", "/admin/invitation/abc"] {
        let page = app.get(path).await;
        assert_eq!(page.status(), 200, "{path}");
        let policy = page.headers()["content-security-policy"]
            .to_str()
            .unwrap()
            .to_owned();
        assert_eq!(
            policy,
            host_server::platform::security_headers::BACKOFFICE_POLICY
        );
        assert!(
            page.text()
                .await
                .unwrap()
                .contains("<title>back office</title>")
        );
    }
    let script = app.get("/admin/assets/app.js").await;
    assert_eq!(script.text().await.unwrap(), "console.log('staff');");
    std::fs::remove_dir_all(app_dir).unwrap();
}

async fn passkey_ceremonies_start_for_the_member_and_refuse_a_forged_answer(app: TestApp) {
    let owner = app.signed_in_staff("owner").await;
    let options: serde_json::Value = read(
        owner
            .post(app.url("/api/backoffice/me/passkeys/options"))
            .json(&json!({}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    let public_key = &options["publicKey"];
    assert_eq!(public_key["rp"]["id"], "localhost");
    assert_eq!(public_key["user"]["name"], "eigenaar@hoefslag.example");
    // An answer that no authenticator made is refused, and the options are used up.
    let forged = json!({
        "name": "Laptop",
        "credential": {
            "id": "AAAA", "rawId": "AAAA", "type": "public-key",
            "response": {"attestationObject": "AAAA", "clientDataJSON": "AAAA"},
            "extensions": {}
        }
    });
    let response = owner
        .post(app.url("/api/backoffice/me/passkeys"))
        .json(&forged)
        .send()
        .await
        .unwrap();
    assert_eq!(
        refusal(response).await,
        (401, "errors.secondFactorFailed".to_owned())
    );
    let listed: Vec<serde_json::Value> = read(
        owner
            .get(app.url("/api/backoffice/me/passkeys"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert!(listed.is_empty());

    // Signing in with a passkey needs one.
    let browser = app.staff_browser();
    let challenge = challenge_of(&app, &browser, "accountant").await;
    let response = browser
        .post(app.url("/api/backoffice/signin/passkey/options"))
        .json(&json!({"challenge": challenge}))
        .send()
        .await
        .unwrap();
    assert_eq!(
        refusal(response).await,
        (409, "errors.noPasskey".to_owned())
    );
}

/// The pending reviews as the back office lists them.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct PendingReviews {
    total: i64,
    reviews: Vec<PendingReview>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct PendingReview {
    review_id: i64,
    site_id: i64,
}

async fn a_key_limited_to_sites_moderates_only_their_reviews(app: TestApp) {
    let key = app
        .integration_key_on_sites(&["reviews.moderate"], &[1, 3])
        .await;
    let listed = app
        .client
        .get(app.url("/api/backoffice/reviews?ps=100"))
        .header("x-api-key", &key)
        .send()
        .await
        .unwrap();
    let pending: PendingReviews = read(listed).await;
    let mut seen: Vec<(i64, i64)> = pending
        .reviews
        .iter()
        .map(|review| (review.review_id, review.site_id))
        .collect();
    seen.sort_unstable();
    assert_eq!(pending.total, 4, "of the fixtures' 8 pending reviews");
    assert_eq!(seen, [(86, 1), (90, 1), (130, 3), (132, 3)]);

    // A pending review of site 6 is neither listed nor approved.
    let approve = app
        .client
        .post(app.url("/api/backoffice/reviews/8/approve"))
        .header("x-api-key", &key)
        .send()
        .await
        .unwrap();
    assert_eq!(
        refusal(approve).await,
        (403, "errors.permissionDenied".to_owned())
    );
}

async fn the_totp_secret_is_stored_sealed_and_a_new_device_is_mailed(app: TestApp) {
    let owner = demo_member("owner");
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&app.database_url()).await.unwrap();
    let (sealed,): (String,) =
        sqlx::query_as("SELECT totp_secret_sealed FROM staff_members WHERE email_address = $1")
            .bind(&owner.email_address)
            .fetch_one(&pool)
            .await
            .unwrap();
    pool.close().await;
    assert!(!sealed.is_empty());
    assert!(
        !sealed.contains(&owner.totp_secret),
        "a copy of the database does not give the secret away"
    );

    app.signed_in_staff("owner").await;
    let mails = app.outbox_with(1).await;
    let mail = &mails[0];
    assert_eq!(mail.to, owner.email_address);
    assert_eq!(
        mail.subject,
        "Nieuwe aanmelding in de backoffice van Hoefslag"
    );
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct TrailPage {
    total: i64,
    entries: Vec<TrailEntry>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct TrailEntry {
    action: String,
    actor: TrailActor,
}

#[derive(Debug, Deserialize)]
struct TrailActor {
    kind: String,
    name: String,
}

async fn create_owner_invites_the_owner_and_the_trail_names_the_command(app: TestApp) {
    let link = host_server::staff::members::create_owner(
        &app.state().await,
        "Baas@Hoefslag.example",
        "Bea Baas",
    )
    .await
    .unwrap();
    assert!(link.contains("/admin/invitation/"), "{link}");
    let mails = app.outbox_with(1).await;
    assert_eq!(mails[0].to, "baas@hoefslag.example");
    assert_eq!(mails[0].link(), link);

    let again = host_server::staff::members::create_owner(
        &app.state().await,
        "baas@hoefslag.example",
        "Bea Baas",
    )
    .await;
    assert!(
        matches!(
            again,
            Err(host_server::staff::members::CreateOwnerError::Exists(_))
        ),
        "{again:?}"
    );

    let auditor = app.signed_in_staff("owner").await;
    let trail: TrailPage = read(
        auditor
            .get(app.url("/api/backoffice/audit?entityType=staff"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(trail.total, 1);
    let entry = &trail.entries[0];
    assert_eq!(
        (
            entry.action.as_str(),
            entry.actor.kind.as_str(),
            entry.actor.name.as_str()
        ),
        ("staff.invited", "system", "create-owner")
    );
}
