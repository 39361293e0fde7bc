//! The back office's staff in tests: the demo members of `fixtures/staff.json` (imported with
//! the fixtures), signing in with their password and a TOTP code computed here, and
//! integration keys made as the `create-integration-key` command makes them.

use serde::Deserialize;

use super::TestApp;
use host_server::staff::second_factor::code_at;

/// `fixtures/staff.json`, the parts tests use.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct StaffFile {
    password: String,
    members: Vec<DemoMember>,
}

/// A demo staff member.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DemoMember {
    pub email_address: String,
    pub role: String,
    pub totp_secret: String,
    pub recovery_codes: Vec<String>,
}

fn staff_file() -> StaffFile {
    let text = std::fs::read_to_string(super::fixtures_dir().join("staff.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// The demo members' password.
pub fn demo_password() -> String {
    staff_file().password
}

/// The demo member of a role (`owner`, `customerService`, …).
pub fn demo_member(role: &str) -> DemoMember {
    staff_file()
        .members
        .into_iter()
        .find(|member| member.role == role)
        .unwrap_or_else(|| panic!("no demo member has the role {role}"))
}

/// Every demo member, one per role.
pub fn demo_members() -> Vec<DemoMember> {
    staff_file().members
}

/// The current TOTP code of a secret.
pub fn current_code(secret: &str) -> String {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    code_at(secret, i64::try_from(now).unwrap()).unwrap()
}

/// The challenge of the password step.
#[derive(Debug, Deserialize)]
pub struct Challenge {
    pub challenge: String,
}

/// The signed-in member as `me` answers.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StaffMe {
    pub email_address: String,
    pub role: String,
    pub permissions: Vec<String>,
}

impl TestApp {
    /// A new browser (its own cookies) of the back office.
    pub fn staff_browser(&self) -> reqwest::Client {
        reqwest::Client::builder()
            .cookie_store(true)
            .build()
            .unwrap()
    }

    /// The password step in `browser`: the status and the answer's body.
    pub async fn staff_password_step(
        &self,
        browser: &reqwest::Client,
        email_address: &str,
        password: &str,
    ) -> reqwest::Response {
        browser
            .post(self.url("/api/backoffice/signin"))
            .json(&serde_json::json!({"emailAddress": email_address, "password": password}))
            .send()
            .await
            .unwrap()
    }

    /// The second step in `browser` (`totp` or `recovery`).
    pub async fn staff_second_step(
        &self,
        browser: &reqwest::Client,
        factor: &str,
        challenge: &str,
        code: &str,
    ) -> reqwest::Response {
        browser
            .post(self.url(&format!("/api/backoffice/signin/{factor}")))
            .json(&serde_json::json!({"challenge": challenge, "code": code}))
            .send()
            .await
            .unwrap()
    }

    /// Signs the demo member of `role` in, in a new browser, with the current TOTP code. A
    /// member's code works once per 30 seconds: sign each member in once per test.
    pub async fn signed_in_staff(&self, role: &str) -> reqwest::Client {
        let member = demo_member(role);
        let browser = self.staff_browser();
        let response = self
            .staff_password_step(&browser, &member.email_address, &demo_password())
            .await;
        assert_eq!(response.status(), 200, "the password step of {role}");
        let challenge: Challenge = response.json().await.unwrap();
        let code = current_code(&member.totp_secret);
        let response = self
            .staff_second_step(&browser, "totp", &challenge.challenge, &code)
            .await;
        assert_eq!(response.status(), 200, "the TOTP step of {role}");
        browser
    }

    /// A new integration key with these permissions on every site, as the
    /// `create-integration-key` command makes it.
    pub async fn integration_key(&self, permissions: &[&str]) -> String {
        self.integration_key_on_sites(permissions, &[]).await
    }

    /// `GET {path}` with an integration key: the status and the answer.
    pub async fn get_with_key<T: serde::de::DeserializeOwned>(
        &self,
        key: &str,
        path: &str,
    ) -> (u16, T) {
        super::status_and(self.download_with_key(key, path).await).await
    }

    /// `GET {path}` with an integration key, the answer as it came.
    async fn download_with_key(&self, key: &str, path: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .header("x-api-key", key)
            .send()
            .await
            .unwrap()
    }

    /// `GET {path}` with an integration key, asking for gzip as browsers do: the status and
    /// the size of the compressed answer, read to its end (an answer cut short is an error).
    pub async fn gzipped_length_with_key(&self, key: &str, path: &str) -> (u16, usize) {
        let response = self
            .client
            .get(self.url(path))
            .header("x-api-key", key)
            .header("accept-encoding", "gzip")
            .send()
            .await
            .unwrap();
        let status = response.status().as_u16();
        assert_eq!(response.headers()["content-encoding"], "gzip");
        (status, response.bytes().await.unwrap().len())
    }

    /// `GET {path}` with an integration key, a CSV download: the status and the text. A 200 is
    /// checked to be a CSV attachment named `filename` that no cache keeps.
    pub async fn csv_with_key(&self, key: &str, path: &str, filename: &str) -> (u16, String) {
        let response = self.download_with_key(key, path).await;
        let status = response.status().as_u16();
        if status == 200 {
            let headers = response.headers();
            assert_eq!(headers["content-type"], "text/csv; charset=utf-8");
            assert_eq!(
                headers["content-disposition"],
                format!("attachment; filename=\"{filename}\"").as_str()
            );
            assert_eq!(headers["cache-control"], "no-store");
        }
        (status, response.text().await.unwrap())
    }

    /// `POST {path}` with an integration key and a JSON body: the status and the answer.
    pub async fn post_with_key<T: serde::de::DeserializeOwned>(
        &self,
        key: &str,
        path: &str,
        body: serde_json::Value,
    ) -> (u16, T) {
        let response = self
            .client
            .post(self.url(path))
            .header("x-api-key", key)
            .json(&body)
            .send()
            .await
            .unwrap();
        super::status_and(response).await
    }

    /// `PUT /api/backoffice/orders/{number}/status?{query}` with an integration key: the status
    /// code and the body's text.
    pub async fn order_status_with_key(
        &self,
        key: &str,
        number: &str,
        query: &str,
    ) -> (u16, String) {
        let response = self
            .client
            .put(self.url(&format!("/api/backoffice/orders/{number}/status?{query}")))
            .header("x-api-key", key)
            .send()
            .await
            .unwrap();
        (response.status().as_u16(), response.text().await.unwrap())
    }

    /// A new integration key with these permissions on these sites only.
    pub async fn integration_key_on_sites(&self, permissions: &[&str], sites: &[i64]) -> String {
        let grant = engine::staff::Grant {
            permissions: permissions
                .iter()
                .map(|label| serde_json::from_value(serde_json::json!(label)).unwrap())
                .collect(),
            sites: sites.to_vec(),
        };
        host_server::staff::keys::create_by_command(&self.state().await, "tests", &grant)
            .await
            .unwrap()
    }
}

impl TestApp {
    /// Stores an integration key with every permission whose secret is `secret`, for tests
    /// that call the back office with a fixed key of their own.
    pub async fn known_integration_key(&self, secret: &str) {
        sqlx::any::install_default_drivers();
        let pool = sqlx::AnyPool::connect(&self.database_url()).await.unwrap();
        let every = serde_json::to_string(&engine::staff::Permission::ALL).unwrap();
        let key_hash = host_server::platform::secrets::hash_token(secret);
        sqlx::query(
            "INSERT INTO integration_keys \
             (key_id, key_hash, name, permissions, sites, created_by, created_at) \
             VALUES ($1, $2, 'tests', $3, '[]', 'tests', 0)",
        )
        .bind(&key_hash[..32])
        .bind(&key_hash)
        .bind(every)
        .execute(&pool)
        .await
        .unwrap();
        pool.close().await;
    }
}

/// A refusal's status and code.
pub async fn refusal(response: reqwest::Response) -> (u16, String) {
    let (status, body): (u16, super::ApiErrorBody) = super::status_and(response).await;
    (status, body.code)
}
