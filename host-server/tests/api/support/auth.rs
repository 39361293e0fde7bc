//! The account's lifecycle: signing in (`POST /api/authentication/signin`) and asking whether
//! the session is signed in (`POST /api/authentication/isauthenticated`). Registration and the
//! account answer an [`Account`](super::account::Account).

use serde_json::json;

use super::TestApp;
use super::answer::read;

impl TestApp {
    /// `POST /api/authentication/signin` with an address and a password: the answer, an
    /// [`Account`](super::account::Account) when it is a 200 or an error body (the tests read its
    /// status and its cookie too).
    pub async fn sign_in(&self, email: &str, password: &str) -> reqwest::Response {
        self.post_json(
            "/api/authentication/signin",
            &json!({ "emailAddress": email, "password": password }),
        )
        .await
    }

    /// `POST /api/authentication/isauthenticated`: whether the client's session is signed in.
    pub async fn is_authenticated(&self) -> bool {
        read(self.post("/api/authentication/isauthenticated").await).await
    }
}
