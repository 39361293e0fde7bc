//! Signed links of mails: an unsubscribe link in every mail to a customer and the survey link
//! of an order carry an HMAC-SHA256 of what they name (the address, the order number) under a
//! key made once per database (`app_meta.link_signing_key`), so every server of the database
//! accepts them and nobody can make one for another address or order. Nothing is stored per link.

pub mod store;

use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::AppState;
use crate::platform::error::ApiError;

/// What a signature is for; the same value signed for two purposes gives two signatures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// Unsubscribing an e-mail address from the newsletter.
    Unsubscribe,
    /// Answering the survey of an order.
    Survey,
}

impl Purpose {
    fn label(self) -> &'static str {
        match self {
            Purpose::Unsubscribe => "unsubscribe",
            Purpose::Survey => "survey",
        }
    }
}

async fn mac(state: &AppState, purpose: Purpose, value: &str) -> Result<Hmac<Sha256>, ApiError> {
    let key = store::link_signing_key(state.db.pool()).await?;
    let key = key.ok_or_else(|| ApiError::Internal("no link signing key".to_owned()))?;
    let mut mac = Hmac::<Sha256>::new_from_slice(key.as_bytes())
        .map_err(|error| ApiError::Internal(format!("link signing key: {error}")))?;
    mac.update(purpose.label().as_bytes());
    mac.update(b"\n");
    mac.update(value.as_bytes());
    Ok(mac)
}

/// The signature of `value` for `purpose`, as 64 hexadecimal characters.
pub async fn sign(state: &AppState, purpose: Purpose, value: &str) -> Result<String, ApiError> {
    Ok(hex::encode(
        mac(state, purpose, value).await?.finalize().into_bytes(),
    ))
}

/// Whether `signature` is the signature of `value` for `purpose` (compared in constant time).
pub async fn verify(
    state: &AppState,
    purpose: Purpose,
    value: &str,
    signature: &str,
) -> Result<bool, ApiError> {
    let Ok(bytes) = hex::decode(signature.trim()) else {
        return Ok(false);
    };
    Ok(mac(state, purpose, value)
        .await?
        .verify_slice(&bytes)
        .is_ok())
}
