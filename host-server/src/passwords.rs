//! Password hashing with argon2id. Hashing is slow on purpose, so it runs off the async
//! worker threads.

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;

use crate::error::ApiError;

/// Hashes a password with argon2id and a random salt.
pub async fn hash(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|hash| hash.to_string())
            .map_err(|error| ApiError::Internal(format!("password hashing failed: {error}")))
    })
    .await
    .map_err(|error| ApiError::Internal(format!("password hashing task failed: {error}")))?
}

/// True when the password matches the stored hash.
pub async fn verify(password: String, stored_hash: String) -> Result<bool, ApiError> {
    tokio::task::spawn_blocking(move || {
        let parsed = PasswordHash::new(&stored_hash)
            .map_err(|error| ApiError::Internal(format!("stored password hash is unreadable: {error}")))?;
        Ok(Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok())
    })
    .await
    .map_err(|error| ApiError::Internal(format!("password check task failed: {error}")))?
}

/// A hash that matches no password, verified against when an account does not exist so that
/// sign-in takes as long for unknown addresses as for known ones.
pub const DUMMY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$u7ZmyMGnW3pDIGkn+OpmcULO9wsC1qIXAkPg7SLXbTE";
