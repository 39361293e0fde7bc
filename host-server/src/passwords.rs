//! Password and PIN hashing with argon2id. Hashing is slow and takes about 19 MiB of memory on
//! purpose, so it runs off the async worker threads and behind a semaphore with one permit
//! per core: 500 parallel registrations queue instead of taking 500 × 19 MiB at once.

use std::sync::LazyLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use tokio::sync::Semaphore;

use crate::error::ApiError;

/// How many hashes may run at once: the machine's cores.
pub fn parallel_hashes() -> usize {
    std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get)
}

static HASHING: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(parallel_hashes()));
static RUNNING: AtomicUsize = AtomicUsize::new(0);
static MOST_RUNNING: AtomicUsize = AtomicUsize::new(0);

/// The most hashes that ever ran at the same moment in this process.
pub fn most_running_at_once() -> usize {
    MOST_RUNNING.load(Ordering::Relaxed)
}

/// Runs one argon2 computation on the blocking pool once a permit is free.
async fn with_permit<T: Send + 'static>(work: impl FnOnce() -> Result<T, ApiError> + Send + 'static) -> Result<T, ApiError> {
    let _permit = HASHING.acquire().await.map_err(|error| ApiError::Internal(format!("hashing semaphore closed: {error}")))?;
    tokio::task::spawn_blocking(move || {
        let running = RUNNING.fetch_add(1, Ordering::SeqCst) + 1;
        MOST_RUNNING.fetch_max(running, Ordering::Relaxed);
        let result = work();
        RUNNING.fetch_sub(1, Ordering::SeqCst);
        result
    })
    .await
    .map_err(|error| ApiError::Internal(format!("hashing task failed: {error}")))?
}

/// Hashes a secret with argon2id and a random salt (a PHC string with its parameters).
pub fn hash_now(secret: &str) -> Result<String, ApiError> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(secret.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(|error| ApiError::Internal(format!("hashing failed: {error}")))
}

/// Hashes a password with argon2id and a random salt.
pub async fn hash(password: String) -> Result<String, ApiError> {
    with_permit(move || hash_now(&password)).await
}

/// True when the secret matches the stored hash (compared in constant time by argon2). A
/// stored value that is no argon2 hash matches nothing.
pub async fn verify(password: String, stored_hash: String) -> Result<bool, ApiError> {
    with_permit(move || {
        let Ok(parsed) = PasswordHash::new(&stored_hash) else {
            tracing::warn!("a stored hash is not an argon2 hash; it matches nothing");
            return Ok(false);
        };
        Ok(Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok())
    })
    .await
}

/// A hash that matches no password, verified against when an account does not exist so that
/// sign-in takes as long for unknown addresses as for known ones.
pub const DUMMY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$u7ZmyMGnW3pDIGkn+OpmcULO9wsC1qIXAkPg7SLXbTE";

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn hashes_queue_for_the_cores() {
        let hashes: Vec<_> = (0..24).map(|n| tokio::spawn(hash(format!("Wachtwoord{n}")))).collect();
        for hash in hashes {
            let stored = hash.await.unwrap().unwrap();
            assert!(stored.starts_with("$argon2id$"));
        }
        assert!(most_running_at_once() <= parallel_hashes(), "{} at once", most_running_at_once());
        assert!(verify("Wachtwoord3".to_owned(), hash("Wachtwoord3".to_owned()).await.unwrap()).await.unwrap());
        assert!(!verify("anything".to_owned(), "not-a-hash".to_owned()).await.unwrap());
    }
}
