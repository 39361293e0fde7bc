//! Secrets the server must read back (the staff's TOTP secrets) are stored sealed: encrypted and
//! authenticated with XChaCha20-Poly1305 under a key from configuration (`STAFF_SECRETS_KEY`,
//! or the key file), so a copy of the database alone does not give them away.

use chacha20poly1305::aead::{Aead, AeadCore, KeyInit, OsRng};
use chacha20poly1305::{XChaCha20Poly1305, XNonce};

use crate::platform::config::Secret;

/// Why a sealing key cannot be used or a sealed value cannot be opened.
#[derive(Debug, thiserror::Error)]
pub enum SealingError {
    /// The configured key is not 64 hexadecimal characters.
    #[error("the sealing key must be 64 hexadecimal characters (32 bytes)")]
    BadKey,
    /// The key file could not be read or written.
    #[error("the sealing key file {0}: {1}")]
    KeyFile(String, std::io::Error),
    /// The value was sealed under another key, or changed.
    #[error("a sealed value does not open with this key")]
    Opening,
}

/// Seals and opens values under one key.
#[derive(Clone)]
pub struct Sealer {
    cipher: XChaCha20Poly1305,
}

impl std::fmt::Debug for Sealer {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("Sealer(***)")
    }
}

const NONCE_LENGTH: usize = 24;

impl Sealer {
    /// A sealer with the key given as 64 hexadecimal characters.
    pub fn from_hex(key: &Secret) -> Result<Sealer, SealingError> {
        let bytes = hex::decode(key.expose().trim()).map_err(|_| SealingError::BadKey)?;
        let cipher = XChaCha20Poly1305::new_from_slice(&bytes).map_err(|_| SealingError::BadKey)?;
        Ok(Sealer { cipher })
    }

    /// The configured key, or else the key file's, made on first use (readable by its owner
    /// only). Several servers on one database must share the key: configure it on each.
    pub fn configured(
        key: Option<&Secret>,
        key_file: &std::path::Path,
    ) -> Result<Sealer, SealingError> {
        if let Some(key) = key {
            return Sealer::from_hex(key);
        }
        let file_error = |error| SealingError::KeyFile(key_file.display().to_string(), error);
        match std::fs::read_to_string(key_file) {
            Ok(text) => Sealer::from_hex(&Secret::new(text)),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                let key = Secret::new(crate::platform::secrets::new_token());
                write_key_file(key_file, key.expose()).map_err(file_error)?;
                Sealer::from_hex(&key)
            }
            Err(error) => Err(file_error(error)),
        }
    }

    /// The value sealed: a random nonce and the ciphertext, as hexadecimal text.
    pub fn seal(&self, value: &str) -> Result<String, SealingError> {
        let nonce = XChaCha20Poly1305::generate_nonce(&mut OsRng);
        let sealed = self
            .cipher
            .encrypt(&nonce, value.as_bytes())
            .map_err(|_| SealingError::Opening)?;
        Ok(format!("{}{}", hex::encode(nonce), hex::encode(sealed)))
    }

    /// The value of [`seal`](Sealer::seal)'s text.
    pub fn open(&self, sealed: &str) -> Result<String, SealingError> {
        let bytes = hex::decode(sealed).map_err(|_| SealingError::Opening)?;
        if bytes.len() < NONCE_LENGTH {
            return Err(SealingError::Opening);
        }
        let (nonce, ciphertext) = bytes.split_at(NONCE_LENGTH);
        let plain = self
            .cipher
            .decrypt(XNonce::from_slice(nonce), ciphertext)
            .map_err(|_| SealingError::Opening)?;
        String::from_utf8(plain).map_err(|_| SealingError::Opening)
    }
}

fn write_key_file(path: &std::path::Path, key: &str) -> std::io::Result<()> {
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder)?;
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    std::io::Write::write_all(&mut options.open(path)?, key.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sealer(key_byte: &str) -> Sealer {
        Sealer::from_hex(&Secret::new(key_byte.repeat(32))).unwrap()
    }

    #[test]
    fn a_sealed_value_opens_with_its_key_only() {
        let sealed = sealer("ab").seal("JBSWY3DPEHPK3PXP").unwrap();
        assert!(!sealed.contains("JBSWY3DPEHPK3PXP"));
        assert_eq!(sealer("ab").open(&sealed).unwrap(), "JBSWY3DPEHPK3PXP");
        assert!(matches!(
            sealer("cd").open(&sealed),
            Err(SealingError::Opening)
        ));
        // Each sealing takes a new nonce.
        assert_ne!(
            sealer("ab").seal("x").unwrap(),
            sealer("ab").seal("x").unwrap()
        );
    }

    #[test]
    fn a_short_or_non_hex_key_is_refused() {
        assert!(matches!(
            Sealer::from_hex(&Secret::new("abcd")),
            Err(SealingError::BadKey)
        ));
        assert!(matches!(
            Sealer::from_hex(&Secret::new("zz".repeat(32))),
            Err(SealingError::BadKey)
        ));
    }

    #[test]
    fn without_a_configured_key_the_key_file_is_made_once_and_reused() {
        let folder =
            std::env::temp_dir().join(format!("sealing-{}", crate::platform::secrets::new_id()));
        let file = folder.join("staff-secrets.key");
        let sealed = Sealer::configured(None, &file).unwrap().seal("x").unwrap();
        let again = Sealer::configured(None, &file).unwrap();
        assert_eq!(again.open(&sealed).unwrap(), "x");
        std::fs::remove_dir_all(folder).unwrap();
    }
}
