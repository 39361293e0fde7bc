//! The staff's mails, in the member's language: the invitation, and a sign-in from a device
//! the member had not used before.

use super::store::MemberRow;
use crate::AppState;
use crate::platform::error::ApiError;
use crate::platform::mail::{self, AccountLink, Mail, StaffDeviceMail};

/// The back office's page that accepts an invitation.
const INVITATION_PATH: &str = "/admin/invitation/";
/// The back office's page of one's own sessions.
const SESSIONS_PATH: &str = "/admin/profile";

/// Mails the invitation link (valid 48 hours) and answers it.
pub async fn invitation(
    state: &AppState,
    member: &MemberRow,
    token: &str,
) -> Result<String, ApiError> {
    let link = mail::site_link(state, None, &format!("{INVITATION_PATH}{token}")).await?;
    let message = Mail::StaffInvitation(AccountLink {
        name: member.name.clone(),
        link: link.clone(),
    });
    mail::deliver_in(
        state,
        &member.email_address,
        member.language.0.culture(),
        &message,
    )
    .await?;
    Ok(link)
}

/// Tells the member of a sign-in from a new device; a mail that cannot be sent is logged, the
/// sign-in stands.
pub async fn new_device(state: &AppState, member: &MemberRow, device: &str, address: &str) {
    let sent = async {
        let link = mail::site_link(state, None, SESSIONS_PATH).await?;
        let message = Mail::StaffNewDevice(StaffDeviceMail {
            name: member.name.clone(),
            device: device.to_owned(),
            address: address.to_owned(),
            link,
        });
        mail::deliver_in(
            state,
            &member.email_address,
            member.language.0.culture(),
            &message,
        )
        .await
    };
    if let Err(error) = sent.await {
        tracing::warn!(%error, "could not send the new-device mail");
    }
}
