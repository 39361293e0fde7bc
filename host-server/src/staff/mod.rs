//! The back office's staff: members invited by mail who sign in with a password and a second
//! factor, their roles and sites, and the integration keys of other systems. Who may call
//! what is decided in `platform::access` by the engine's roles (`engine::staff`); every change
//! here is written to the audit trail.
//!
//! - [`sign_in`]: the password and second-factor steps, sign-out, one's own sessions and
//!   sign-in history.
//! - [`invitations`]: accepting an invitation (password, authenticator app, recovery codes).
//! - [`members`]: the staff list, inviting, changing a role, sites or disabling (staff.manage);
//!   the roles; `host-server create-owner`.
//! - [`keys`]: integration keys (settings.edit).
//! - [`passkeys`]: registering passkeys and signing in with one.

pub mod demo;
pub mod invitations;
pub mod keys;
mod mails;
pub mod members;
pub mod passkeys;
pub mod second_factor;
pub mod sign_in;
mod store;

use engine::staff::{Permission, StaffRole};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;

/// The routes of this area.
///
/// The type is opaque so that `app::api`'s `.into()` is no conversion to the same type,
/// which clippy refuses.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sign_in::sign_in))
        .routes(routes!(sign_in::sign_in_with_totp))
        .routes(routes!(sign_in::sign_in_with_recovery_code))
        .routes(routes!(sign_in::sign_out))
        .routes(routes!(sign_in::me, members::update_me))
        .routes(routes!(sign_in::own_sessions))
        .routes(routes!(sign_in::end_own_session))
        .routes(routes!(sign_in::own_sign_ins))
        .routes(routes!(invitations::view, invitations::accept))
        .routes(routes!(members::list, members::invite))
        .routes(routes!(members::update))
        .routes(routes!(members::roles))
        .routes(routes!(keys::list, keys::create))
        .routes(routes!(keys::revoke))
        .routes(routes!(passkeys::registration_options))
        .routes(routes!(passkeys::list, passkeys::register))
        .routes(routes!(passkeys::remove))
        .routes(routes!(passkeys::sign_in_options))
        .routes(routes!(passkeys::sign_in))
}

/// Sites as the audit trail writes them: `all`, or the ids.
fn sites_text(sites: &[i64]) -> String {
    if sites.is_empty() {
        "all".to_owned()
    } else {
        sites
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// The languages of the back office.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum StaffLanguage {
    /// Dutch.
    #[default]
    Nl,
    /// English.
    En,
    /// German.
    De,
}

/// The culture whose formats a caller's screens use: a member's own language; a key's answers
/// are in the default language.
pub async fn screen_culture(
    pool: &sqlx::AnyPool,
    access: &crate::platform::access::Access,
) -> Result<engine::locale::Culture, crate::platform::error::ApiError> {
    let language = match &access.actor {
        crate::platform::access::Actor::Staff { staff_id, .. } => {
            store::staff_language(pool, staff_id)
                .await?
                .map(|language| language.0)
                .unwrap_or_default()
        }
        crate::platform::access::Actor::Key { .. } => StaffLanguage::default(),
    };
    Ok(language.format_culture())
}

/// An amount in euro, the currency every order is charged in, as `culture` writes it
/// (`€ 1.234,50`), by the engine.
pub fn euro_text(
    amount: engine::money::Money,
    culture: engine::locale::Culture,
) -> Result<String, crate::platform::error::ApiError> {
    engine::locale::display_price(&engine::locale::PriceDisplayRequest {
        amount_eur: amount,
        currency_symbol: None,
        rate: None,
        culture,
    })
    .map(|shown| shown.text)
    .map_err(|error| crate::platform::error::ApiError::from(engine::EngineError::from(error)))
}

impl StaffLanguage {
    /// The culture whose formats the member's screens use (numbers, amounts).
    pub fn format_culture(self) -> engine::locale::Culture {
        match self {
            StaffLanguage::Nl => engine::locale::Culture::Nl,
            StaffLanguage::En => engine::locale::Culture::En,
            StaffLanguage::De => engine::locale::Culture::De,
        }
    }

    /// The culture of the member's mails.
    pub fn culture(self) -> &'static str {
        match self {
            StaffLanguage::Nl => "nl",
            StaffLanguage::En => "en",
            StaffLanguage::De => "de",
        }
    }
}

/// How a sign-in attempt ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum SignInOutcome {
    /// Signed in.
    Succeeded,
    /// A wrong password or second factor.
    Failed,
}

/// The signed-in member: who they are and what they may do.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffMe {
    staff_id: String,
    email_address: String,
    name: String,
    role: StaffRole,
    /// What the role allows: the back office shows only these areas.
    permissions: Vec<Permission>,
    /// The sites the member works on; empty: every site.
    sites: Vec<i64>,
    language: StaffLanguage,
}

impl From<store::MemberRow> for StaffMe {
    fn from(member: store::MemberRow) -> StaffMe {
        StaffMe {
            staff_id: member.staff_id,
            email_address: member.email_address,
            name: member.name,
            role: member.role.0,
            permissions: member.role.0.permissions(),
            sites: member.sites.0,
            language: member.language.0,
        }
    }
}
