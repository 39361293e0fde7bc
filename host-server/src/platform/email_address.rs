//! E-mail addresses as accounts compare them: shared by the account area and the fixtures
//! importer, which stores accounts too.

/// E-mail addresses are compared without case and surrounding spaces.
pub fn normalize_email(email: &str) -> String {
    email.trim().to_lowercase()
}
