//! The staff's second factors and password rules: RFC 6238 codes (six digits, 30-second steps,
//! one step of clock drift either way), one-time recovery codes, and passwords of at least 12
//! characters that a strength estimate (zxcvbn) does not find guessable.

use argon2::password_hash::rand_core::{OsRng, RngCore};
use totp_rs::{Algorithm, Secret, TOTP};

use crate::platform::error::ApiError;
use crate::platform::secrets;

/// The issuer authenticator apps show beside the account.
const ISSUER: &str = "Hoofbeat back office";
/// Seconds per code.
const STEP_SECONDS: u64 = 30;
/// How many recovery codes a member holds.
pub const RECOVERY_CODES: usize = 10;
/// The shortest password a staff member may choose.
pub const SHORTEST_PASSWORD: usize = 12;

/// A new TOTP secret: 20 random bytes, as the base32 text authenticator apps take.
pub fn new_totp_secret() -> String {
    let mut bytes = [0_u8; 20];
    OsRng.fill_bytes(&mut bytes);
    Secret::Raw(bytes.to_vec()).to_encoded().to_string()
}

fn totp(secret: &str, account: &str) -> Result<TOTP, ApiError> {
    let bytes = Secret::Encoded(secret.to_owned())
        .to_bytes()
        .map_err(|error| ApiError::Internal(format!("a stored TOTP secret: {error:?}")))?;
    TOTP::new(
        Algorithm::SHA1,
        6,
        0,
        STEP_SECONDS,
        bytes,
        Some(ISSUER.to_owned()),
        account.to_owned(),
    )
    .map_err(|error| ApiError::Internal(format!("a stored TOTP secret: {error}")))
}

/// The `otpauth://` address an authenticator app reads the secret from.
pub fn otpauth_uri(secret: &str, account: &str) -> Result<String, ApiError> {
    Ok(totp(secret, account)?.get_url())
}

/// The time step a code belongs to, when it is the code of the step of `now` or of the one
/// before or after (clock drift); `None` for a wrong code.
pub fn matching_step(secret: &str, code: &str, now: i64) -> Result<Option<i64>, ApiError> {
    let code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    let totp = totp(secret, "")?;
    let now = u64::try_from(now).unwrap_or_default();
    for time in [now.saturating_sub(STEP_SECONDS), now, now + STEP_SECONDS] {
        if totp.check(&code, time) {
            return Ok(i64::try_from(time / STEP_SECONDS).ok());
        }
    }
    Ok(None)
}

/// The code of the step of `now` (for the demo's documentation and tests' own checks).
pub fn code_at(secret: &str, now: i64) -> Result<String, ApiError> {
    Ok(totp(secret, "")?.generate(u64::try_from(now).unwrap_or_default()))
}

/// Ten new recovery codes, `XXXXX-XXXXX` of an alphabet without look-alikes (50 bits each).
pub fn new_recovery_codes() -> Vec<String> {
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    (0..RECOVERY_CODES)
        .map(|_| {
            let mut bytes = [0_u8; 10];
            OsRng.fill_bytes(&mut bytes);
            let letters: String = bytes
                .iter()
                .map(|byte| char::from(ALPHABET[usize::from(*byte) % ALPHABET.len()]))
                .collect();
            format!("{}-{}", &letters[..5], &letters[5..])
        })
        .collect()
}

/// The stored hash of a recovery code, however it was typed (case, spaces, dashes). The
/// codes are random and guesses are limited, so a plain hash suffices.
pub fn recovery_code_hash(code: &str) -> String {
    let normal: String = code
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_uppercase())
        .collect();
    secrets::hash_token(&normal)
}

/// Why a password is refused: a message key.
pub fn password_problem(password: &str, personal: &[&str]) -> Option<&'static str> {
    if password.chars().count() < SHORTEST_PASSWORD {
        return Some("validation.passwordTooShort");
    }
    let estimate = zxcvbn::zxcvbn(password, personal);
    if u8::from(estimate.score()) < 3 {
        return Some("validation.passwordWeak");
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6238's SHA-1 test secret ("12345678901234567890") in base32.
    const RFC_SECRET: &str = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

    #[test]
    fn codes_follow_rfc_6238_and_allow_one_step_of_drift() {
        // RFC 6238, appendix B: 94287082 at 59 s (the last six digits).
        assert_eq!(code_at(RFC_SECRET, 59).unwrap(), "287082");
        assert_eq!(matching_step(RFC_SECRET, "287082", 59).unwrap(), Some(1));
        assert_eq!(matching_step(RFC_SECRET, "287 082", 89).unwrap(), Some(1));
        assert_eq!(matching_step(RFC_SECRET, "287082", 150).unwrap(), None);
        assert_eq!(matching_step(RFC_SECRET, "000000", 59).unwrap(), None);
    }

    #[test]
    fn a_new_secret_gives_an_otpauth_address() {
        let secret = new_totp_secret();
        assert_eq!(secret.len(), 32);
        let uri = otpauth_uri(&secret, "anna@hoefslag.example").unwrap();
        assert!(uri.starts_with(
            "otpauth://totp/Hoofbeat%20back%20office:anna%40hoefslag.example?secret="
        ));
    }

    #[test]
    fn recovery_codes_are_ten_distinct_and_match_however_typed() {
        let codes = new_recovery_codes();
        assert_eq!(codes.len(), 10);
        assert_eq!(codes[0].len(), 11);
        let distinct: std::collections::BTreeSet<_> = codes.iter().collect();
        assert_eq!(distinct.len(), 10);
        let typed = codes[0].to_lowercase().replace('-', " ");
        assert_eq!(recovery_code_hash(&typed), recovery_code_hash(&codes[0]));
    }

    #[test]
    fn passwords_are_long_and_not_guessable() {
        assert_eq!(
            password_problem("kort", &[]),
            Some("validation.passwordTooShort")
        );
        assert_eq!(
            password_problem("password1234", &[]),
            Some("validation.passwordWeak")
        );
        assert_eq!(
            password_problem("anna.hoefslag1", &["anna.hoefslag1"]),
            Some("validation.passwordWeak")
        );
        assert_eq!(password_problem("haver-paard-zadel-74-wei", &[]), None);
    }
}
