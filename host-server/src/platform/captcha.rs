//! Captcha checks for sign-in and resend-confirmation (these calls
//! send a captcha token header).
//!
//! Off by default, as in the demo. With `CAPTCHA_VERIFY_URL` set, the token is verified with a
//! hosted captcha service through the common `siteverify` protocol: a form POST of `secret`,
//! `response` and `remoteip`, answered by JSON with a boolean `success`.

use serde::Deserialize;

use crate::platform::config::CaptchaConfig;
use crate::platform::error::ApiError;

/// The request header that carries the captcha token.
pub const CAPTCHA_HEADER: &str = "captcha";

/// Verifies captcha tokens, or lets everything through when off.
#[derive(Clone)]
pub enum CaptchaVerifier {
    /// No captcha check (the demo's default).
    Off,
    /// Verification with a hosted service.
    Hosted {
        /// The service's verification endpoint.
        verify_url: String,
        /// The shared secret.
        secret: String,
        /// The widget script the storefront loads.
        script_url: String,
        /// The HTTP client.
        client: reqwest::Client,
    },
}

#[derive(Deserialize)]
struct SiteVerifyAnswer {
    success: bool,
}

impl CaptchaVerifier {
    /// The verifier the configuration asks for.
    pub fn new(config: &CaptchaConfig) -> CaptchaVerifier {
        match &config.verify_url {
            None => CaptchaVerifier::Off,
            Some(verify_url) => CaptchaVerifier::Hosted {
                verify_url: verify_url.clone(),
                secret: config.secret.expose().to_owned(),
                script_url: config.script_url.clone(),
                client: reqwest::Client::builder()
                    .timeout(std::time::Duration::from_secs(10))
                    .build()
                    .unwrap_or_default(),
            },
        }
    }

    /// The widget script the storefront loads, while tokens are checked; `None` when off (the
    /// storefront then shows no captcha and sends an empty token).
    pub fn script_url(&self) -> Option<&str> {
        match self {
            CaptchaVerifier::Off => None,
            CaptchaVerifier::Hosted { script_url, .. } => Some(script_url),
        }
    }

    /// The origin of the widget script (`https://challenges.cloudflare.com`), which the
    /// content security policy allows for scripts, frames and connections while checks are on.
    pub fn script_origin(&self) -> Option<String> {
        let url = url::Url::parse(self.script_url()?).ok()?;
        Some(url.origin().ascii_serialization()).filter(|origin| origin != "null")
    }

    /// Checks a token; a missing or rejected token is a 400 with `errors.captcha`.
    pub async fn verify(&self, token: Option<&str>, remote_ip: &str) -> Result<(), ApiError> {
        let CaptchaVerifier::Hosted {
            verify_url,
            secret,
            client,
            ..
        } = self
        else {
            return Ok(());
        };
        let rejected = || {
            ApiError::refused(
                axum::http::StatusCode::BAD_REQUEST,
                "errors.captcha",
                "The captcha was not solved",
            )
        };
        let token = token
            .filter(|token| !token.is_empty())
            .ok_or_else(rejected)?;
        let form = [
            ("secret", secret.as_str()),
            ("response", token),
            ("remoteip", remote_ip),
        ];
        let answer = client
            .post(verify_url)
            .form(&form)
            .send()
            .await
            .map_err(|error| ApiError::Internal(format!("captcha service unreachable: {error}")))?;
        let answer: SiteVerifyAnswer = answer.json().await.map_err(|error| {
            ApiError::Internal(format!("captcha service answered nonsense: {error}"))
        })?;
        if answer.success {
            Ok(())
        } else {
            Err(rejected())
        }
    }
}
