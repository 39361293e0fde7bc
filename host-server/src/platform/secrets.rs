//! Random secrets (tokens, session ids, account ids) and their stored hashes.
//!
//! A token is shown to its owner once (in an e-mail or a cookie); the database keeps only its
//! SHA-256 hash, so a copy of the database cannot be used to sign in or reset a password.

use argon2::password_hash::rand_core::{OsRng, RngCore};
use sha2::{Digest, Sha256};

/// 32 random bytes as 64 hexadecimal characters.
pub fn new_token() -> String {
    let mut bytes = [0_u8; 32];
    OsRng.fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// A random id for a stored object, unguessable (128 bits) and URL-safe.
pub fn new_id() -> String {
    let mut bytes = [0_u8; 16];
    OsRng.fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// The hash under which a token is stored.
pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_hashed_deterministically() {
        let first = new_token();
        assert_eq!(first.len(), 64);
        assert_ne!(first, new_token());
        assert_eq!(
            hash_token("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(new_id().len(), 32);
    }
}
