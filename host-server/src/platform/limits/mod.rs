//! Limits on guesses and on costly work, answered with 429 and `Retry-After`.
//!
//! Each limit counts attempts per key (the client's address, and an account, address, cart or
//! card) in a fixed window, in the database, so the limits hold across several servers on
//! one PostgreSQL. Counting and checking are one statement (an upsert that returns the new
//! count), so 50 parallel guesses are counted as 50 before any of them is checked: only the
//! first ones within the limit go on. Where only wrong guesses should count (passwords, PINs,
//! codes), the caller gives a successful attempt back with [`Attempt::succeeded`].

pub mod store;

use crate::AppState;
use crate::platform::clock;
use crate::platform::error::ApiError;

/// What is limited. The first key of a check is always the client's address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Sign-in attempts; second key the e-mail address.
    SignIn,
    /// Forgot-password requests; second key the e-mail address.
    ForgotPassword,
    /// Activation mails sent again; second key the account id.
    ResendConfirmation,
    /// Registrations; second key the e-mail address.
    Registration,
    /// Checks of the current password (change password, change e-mail); second key the account.
    PasswordCheck,
    /// Passwords chosen in checkout (each one hashed); second key the cart.
    CheckoutPassword,
    /// Discount codes tried; second key the cart.
    DiscountCode,
    /// Gift cards tried; further keys the cart and the card number.
    GiftCard,
    /// Reviews written; second key the product.
    Review,
    /// Back-in-stock reminders asked for.
    StockReminder,
    /// Newsletter sign-ups and changes; second key the cart or address.
    Newsletter,
    /// Silo-interest forms (each one mails customer service); second key the address.
    SiloInterest,
    /// Newsletter sign-ups of the footer's form (each one mails an opt-in); second key the
    /// address.
    NewsletterSignUp,
    /// Unpaid orders paid again from the account (each one may ask the payment provider);
    /// second key the account.
    PayOrder,
    /// Back-office sign-ins with a password; second key the e-mail address.
    StaffSignIn,
    /// Second factors tried (TOTP and recovery codes); second key the staff member.
    StaffSecondFactor,
}

/// At most `per_client` attempts from one address and `per_subject` for each further key,
/// in `window_seconds`.
#[derive(Clone, Copy, Debug)]
struct Rule {
    per_client: i64,
    per_subject: i64,
    window_seconds: i64,
}

impl Limit {
    fn name(self) -> &'static str {
        match self {
            Limit::SignIn => "sign-in",
            Limit::ForgotPassword => "forgot-password",
            Limit::ResendConfirmation => "resend-confirmation",
            Limit::Registration => "registration",
            Limit::PasswordCheck => "password-check",
            Limit::CheckoutPassword => "checkout-password",
            Limit::DiscountCode => "discount-code",
            Limit::GiftCard => "gift-card",
            Limit::Review => "review",
            Limit::StockReminder => "stock-reminder",
            Limit::Newsletter => "newsletter",
            Limit::SiloInterest => "silo-interest",
            Limit::NewsletterSignUp => "newsletter-sign-up",
            Limit::PayOrder => "pay-order",
            Limit::StaffSignIn => "staff-sign-in",
            Limit::StaffSecondFactor => "staff-second-factor",
        }
    }

    fn rule(self) -> Rule {
        const QUARTER: i64 = 15 * 60;
        const HOUR: i64 = 3_600;
        let (per_client, per_subject, window_seconds) = match self {
            Limit::SignIn => (30, 5, QUARTER),
            Limit::ForgotPassword => (10, 3, HOUR),
            Limit::ResendConfirmation => (10, 3, HOUR),
            Limit::Registration => (20, 5, HOUR),
            Limit::PasswordCheck => (20, 5, QUARTER),
            Limit::CheckoutPassword => (20, 10, HOUR),
            Limit::DiscountCode => (30, 10, QUARTER),
            Limit::GiftCard => (20, 5, QUARTER),
            Limit::Review => (10, 3, HOUR),
            Limit::StockReminder => (20, 5, HOUR),
            Limit::Newsletter => (10, 5, HOUR),
            Limit::SiloInterest => (10, 3, HOUR),
            Limit::NewsletterSignUp => (10, 3, HOUR),
            Limit::PayOrder => (30, 10, QUARTER),
            Limit::StaffSignIn => (30, 5, QUARTER),
            Limit::StaffSecondFactor => (30, 5, QUARTER),
        };
        Rule {
            per_client,
            per_subject,
            window_seconds,
        }
    }
}

/// The bucket of one key; keys are hashed so no address or e-mail is stored in clear.
fn bucket(limit: Limit, position: usize, key: &str) -> String {
    let scope = if position == 0 { "client" } else { "subject" };
    format!(
        "{}:{scope}:{}",
        limit.name(),
        crate::platform::secrets::hash_token(&key.trim().to_lowercase())
    )
}

/// Counts one attempt on `bucket` and returns the count in the current window and when that
/// window started.
async fn count_attempt(
    state: &AppState,
    bucket: &str,
    window_seconds: i64,
) -> Result<(i64, i64), sqlx::Error> {
    let now = clock::now();
    store::count_hit(state.db.pool(), bucket, now, now - window_seconds).await
}

/// An attempt that was counted: the buckets and the windows it was counted in.
#[derive(Debug)]
pub struct Attempt {
    counted: Vec<(String, i64)>,
}

impl Attempt {
    /// Gives a successful attempt back, so that only failed ones count against the limit.
    pub async fn succeeded(self, state: &AppState) -> Result<(), ApiError> {
        for (bucket, window_start) in self.counted {
            store::take_back_hit(state.db.pool(), &bucket, window_start).await?;
        }
        Ok(())
    }
}

/// Counts an attempt for each key in turn (`keys[0]` the client's address) and refuses it at
/// the first key that is over its limit; the keys after it are not counted, so a refused
/// attempt takes no slot of a card or account it never reached.
pub async fn check(state: &AppState, limit: Limit, keys: &[&str]) -> Result<Attempt, ApiError> {
    let rule = limit.rule();
    let mut counted = Vec::with_capacity(keys.len());
    for (position, key) in keys.iter().enumerate() {
        let allowed = if position == 0 {
            rule.per_client
        } else {
            rule.per_subject
        };
        let bucket = bucket(limit, position, key);
        let (hits, window_start) = count_attempt(state, &bucket, rule.window_seconds).await?;
        if hits > allowed {
            let wait = window_start + rule.window_seconds - clock::now();
            return Err(ApiError::TooManyAttempts {
                retry_after_seconds: wait.max(1),
            });
        }
        counted.push((bucket, window_start));
    }
    Ok(Attempt { counted })
}

/// Removes counters whose window ended more than a day ago.
pub async fn remove_old(state: &AppState) -> Result<u64, sqlx::Error> {
    store::remove_started_before(state.db.pool(), clock::now() - 86_400).await
}
