//! Password and PIN hashing with argon2id. Hashing is slow and takes about 19 MiB of memory on
//! purpose, so it runs on a pool of its own threads, one per core, never on the async workers:
//! 500 parallel registrations queue instead of taking 500 × 19 MiB at once. A pool of fixed
//! threads (rather than tokio's blocking pool) also keeps the memory the allocator holds on to
//! per thread to those few threads.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, LazyLock, Mutex};

use argon2::Argon2;
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};

use crate::platform::error::ApiError;

/// How many hashes may run at once: the machine's cores.
pub fn parallel_hashes() -> usize {
    std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get)
}

type Job = Box<dyn FnOnce() + Send>;

/// The hashing threads take jobs from one queue.
static HASHING: LazyLock<Mutex<Sender<Job>>> = LazyLock::new(|| {
    let (jobs, queue) = std::sync::mpsc::channel::<Job>();
    let queue = Arc::new(Mutex::new(queue));
    for number in 0..parallel_hashes() {
        let queue = Arc::clone(&queue);
        let spawned = std::thread::Builder::new()
            .name(format!("argon2-{number}"))
            .spawn(move || run_jobs(&queue));
        if let Err(error) = spawned {
            tracing::error!(%error, "could not start a hashing thread");
        }
    }
    Mutex::new(jobs)
});
static RUNNING: AtomicUsize = AtomicUsize::new(0);
static MOST_RUNNING: AtomicUsize = AtomicUsize::new(0);

/// The most hashes that ever ran at the same moment in this process.
pub fn most_running_at_once() -> usize {
    MOST_RUNNING.load(Ordering::Relaxed)
}

fn run_jobs(queue: &Mutex<Receiver<Job>>) {
    loop {
        // The lock is held only while taking the next job, not while running it.
        let next = queue
            .lock()
            .map_err(|_| ())
            .and_then(|queue| queue.recv().map_err(|_| ()));
        let Ok(job) = next else { return };
        let running = RUNNING.fetch_add(1, Ordering::SeqCst) + 1;
        MOST_RUNNING.fetch_max(running, Ordering::Relaxed);
        job();
        RUNNING.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Runs one argon2 computation on the hashing threads and waits for it without blocking.
async fn with_permit<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let (answer, answered) = tokio::sync::oneshot::channel();
    let job: Job = Box::new(move || {
        let _ = answer.send(work());
    });
    HASHING
        .lock()
        .map_err(|_| ApiError::Internal("the hashing queue is poisoned".to_owned()))?
        .send(job)
        .map_err(|_| ApiError::Internal("the hashing threads stopped".to_owned()))?;
    answered
        .await
        .map_err(|_| ApiError::Internal("a hashing job ended without an answer".to_owned()))?
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
        Ok(Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok())
    })
    .await
}

/// A hash that matches no password, verified against when an account does not exist so that
/// sign-in takes as long for unknown addresses as for known ones.
pub const DUMMY_HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$u7ZmyMGnW3pDIGkn+OpmcULO9wsC1qIXAkPg7SLXbTE";

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn hashes_queue_for_the_cores() {
        let hashes: Vec<_> = (0..24)
            .map(|n| tokio::spawn(hash(format!("Wachtwoord{n}"))))
            .collect();
        for hash in hashes {
            let stored = hash.await.unwrap().unwrap();
            assert!(stored.starts_with("$argon2id$"));
        }
        assert!(
            most_running_at_once() <= parallel_hashes(),
            "{} at once",
            most_running_at_once()
        );
        assert!(
            verify(
                "Wachtwoord3".to_owned(),
                hash("Wachtwoord3".to_owned()).await.unwrap()
            )
            .await
            .unwrap()
        );
        assert!(
            !verify("anything".to_owned(), "not-a-hash".to_owned())
                .await
                .unwrap()
        );
    }
}
