//! The staff list: inviting a member by mail, changing a member's role, sites or access, and
//! the roles with what each may do (staff.manage); one's own language; the first owner made by
//! `host-server create-owner`.

use axum::extract::State;
use axum::http::StatusCode;
use engine::staff::{Grant, Permission, StaffRole};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::store::{self, MemberRow, NewMember};
use super::{StaffLanguage, StaffMe, mails, sites_text};
use crate::AppState;
use crate::audit::{self, AuditActor, Event};
use crate::platform::access::{Authorized, StaffMember, denied, permission};
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path};
use crate::platform::validation::{Form, email_rules, name_rules};
use crate::platform::{clock, secrets};

/// Where a member stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum StaffStatus {
    /// Invited; the invitation is not accepted yet.
    Invited,
    /// Can sign in.
    Active,
    /// Cannot sign in any more.
    Disabled,
}

/// A member as the staff list shows them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffMemberView {
    staff_id: String,
    email_address: String,
    name: String,
    role: StaffRole,
    /// Empty: every site.
    sites: Vec<i64>,
    language: StaffLanguage,
    status: StaffStatus,
    /// Milliseconds since the Unix epoch; `null`: never.
    last_sign_in_at: Option<i64>,
}

impl From<MemberRow> for StaffMemberView {
    fn from(member: MemberRow) -> StaffMemberView {
        let status = if member.disabled_at.is_some() {
            StaffStatus::Disabled
        } else if member.totp_secret_sealed.is_none() {
            StaffStatus::Invited
        } else {
            StaffStatus::Active
        };
        StaffMemberView {
            staff_id: member.staff_id,
            email_address: member.email_address,
            name: member.name,
            role: member.role.0,
            sites: member.sites.0,
            language: member.language.0,
            status,
            last_sign_in_at: member.last_sign_in_at,
        }
    }
}

/// Every member.
#[utoipa::path(
    get,
    path = "/api/backoffice/staff",
    tag = "backoffice",
    operation_id = "listStaff",
    security(("staffSession" = ["staff.manage"]), ("integrationKey" = ["staff.manage"])),
    responses(
        (status = 200, description = "The members by name", body = [StaffMemberView]),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`", body = ErrorBody),
    )
)]
pub async fn list(
    State(state): State<AppState>,
    _caller: Authorized<permission::StaffManage>,
) -> Result<Json<Vec<StaffMemberView>>, ApiError> {
    let members = store::members(state.db.pool()).await?;
    Ok(Json(
        members.into_iter().map(StaffMemberView::from).collect(),
    ))
}

/// Someone to invite.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Invitee {
    email_address: String,
    name: String,
    role: StaffRole,
    /// Empty: every site.
    #[serde(default)]
    sites: Vec<i64>,
    #[serde(default)]
    language: StaffLanguage,
}

fn staff_exists() -> ApiError {
    ApiError::refused(
        StatusCode::CONFLICT,
        "errors.staffExists",
        "A staff member with this e-mail address exists",
    )
}

/// Invites a member: stores them without a password and mails a link valid for 48 hours.
///
/// A member may give no more than they hold: a role within their own permissions, on sites
/// within their own.
#[utoipa::path(
    post,
    path = "/api/backoffice/staff",
    tag = "backoffice",
    operation_id = "inviteStaff",
    request_body = Invitee,
    security(("staffSession" = ["staff.manage"]), ("integrationKey" = ["staff.manage"])),
    responses(
        (status = 201, description = "Invited; the mail is sent", body = StaffMemberView),
        (status = 400, description = "A bad address or name, an unknown role", body = ErrorBody),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`: no staff.manage, or more than the caller holds", body = ErrorBody),
        (status = 409, description = "`errors.staffExists`", body = ErrorBody),
    )
)]
pub async fn invite(
    State(state): State<AppState>,
    caller: Authorized<permission::StaffManage>,
    Json(invitee): Json<Invitee>,
) -> Result<(StatusCode, Json<StaffMemberView>), ApiError> {
    Form::new()
        .field("emailAddress", Some(&invitee.email_address), email_rules())
        .field("name", Some(&invitee.name), name_rules())
        .check()?;
    if !Grant::of_role(invitee.role, invitee.sites.clone()).within(&caller.grant) {
        return Err(denied());
    }
    let email_address = crate::platform::email_address::normalize_email(&invitee.email_address);
    let name = invitee.name.trim();
    let newcomer = Newcomer {
        email_address: &email_address,
        name,
        role: invitee.role,
        sites: &invitee.sites,
        language: invitee.language,
    };
    let by = (&AuditActor::of(&caller), caller.address.as_str());
    let (member, _link) = store_and_invite(&state, &newcomer, by)
        .await?
        .ok_or_else(staff_exists)?;
    Ok((StatusCode::CREATED, Json(StaffMemberView::from(member))))
}

/// Someone about to be invited, their address normalized.
struct Newcomer<'a> {
    email_address: &'a str,
    name: &'a str,
    role: StaffRole,
    sites: &'a [i64],
    language: StaffLanguage,
}

/// Stores the member without a password and mails the invitation (valid for
/// `STAFF_INVITATION_TTL`); answers the member and the link, or `None` when the address is
/// taken.
async fn store_and_invite(
    state: &AppState,
    newcomer: &Newcomer<'_>,
    by: (&AuditActor, &str),
) -> Result<Option<(MemberRow, String)>, ApiError> {
    let staff_id = secrets::new_id();
    let member = NewMember {
        staff_id: &staff_id,
        email_address: newcomer.email_address,
        name: newcomer.name,
        role: newcomer.role,
        sites: newcomer.sites,
        language: newcomer.language,
        password_hash: None,
        totp_secret_sealed: None,
        created_at: clock::now(),
    };
    let mut transaction = state.db.begin_change().await?;
    if !store::insert_member(&mut *transaction, &member).await? {
        return Ok(None);
    }
    let token = secrets::new_token();
    store::insert_invitation(
        &mut *transaction,
        &secrets::hash_token(&token),
        &staff_id,
        clock::now() + state.staff.invitation,
    )
    .await?;
    let member = store::member(&mut *transaction, &staff_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let (actor, address) = by;
    audit::append(
        &mut transaction,
        actor,
        address,
        invited(newcomer, &staff_id),
    )
    .await?;
    transaction.commit().await?;
    let link = mails::invitation(state, &member, &token).await?;
    Ok(Some((member, link)))
}

/// The audit entry of an invitation.
fn invited(newcomer: &Newcomer<'_>, staff_id: &str) -> Event {
    Event::new("staff.invited", "staff", staff_id)
        .field("emailAddress", None::<&str>, Some(newcomer.email_address))
        .field("name", None::<&str>, Some(newcomer.name))
        .field("role", None::<&str>, Some(label(newcomer.role)))
        .field("sites", None::<&str>, Some(sites_text(newcomer.sites)))
}

fn label<T: Serialize>(value: T) -> String {
    crate::platform::labels::label_of(&value)
}

/// A change of a member.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MemberChange {
    role: StaffRole,
    /// Empty: every site.
    sites: Vec<i64>,
    /// `false` disables the member and ends their sessions.
    active: bool,
}

/// Changes a member's role, sites or access. A member cannot change themselves (so the shop
/// never loses its last owner by a slip), nor give more than they hold.
#[utoipa::path(
    put,
    path = "/api/backoffice/staff/{staffId}",
    tag = "backoffice",
    operation_id = "changeStaff",
    params(("staffId" = String, Path, description = "The member")),
    request_body = MemberChange,
    security(("staffSession" = ["staff.manage"]), ("integrationKey" = ["staff.manage"])),
    responses(
        (status = 200, description = "The member as changed", body = StaffMemberView),
        (status = 400, description = "An unknown role or a bad field", body = ErrorBody),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`: no staff.manage, one's own account, or more than the caller holds", body = ErrorBody),
        (status = 404, description = "No such member", body = ErrorBody),
    )
)]
pub async fn update(
    State(state): State<AppState>,
    caller: Authorized<permission::StaffManage>,
    Path(staff_id): Path<String>,
    Json(change): Json<MemberChange>,
) -> Result<Json<StaffMemberView>, ApiError> {
    let pool = state.db.pool();
    let before = store::member(pool, &staff_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let own = matches!(&caller.actor, crate::platform::access::Actor::Staff { staff_id: own, .. } if *own == staff_id);
    let held = Grant::of_role(before.role.0, before.sites.0.clone());
    let given = Grant::of_role(change.role, change.sites.clone());
    if own || !held.within(&caller.grant) || !given.within(&caller.grant) {
        return Err(denied());
    }
    let disabled_at = match (change.active, before.disabled_at) {
        (true, _) => None,
        (false, Some(at)) => Some(at),
        (false, None) => Some(clock::now()),
    };
    let mut transaction = state.db.begin_change().await?;
    store::update_member(
        &mut *transaction,
        &staff_id,
        change.role,
        &change.sites,
        disabled_at,
    )
    .await?;
    if disabled_at.is_some() {
        store::end_sessions_of(&mut *transaction, &staff_id).await?;
    }
    let event = Event::new("staff.changed", "staff", &staff_id)
        .field("role", Some(label(before.role.0)), Some(label(change.role)))
        .field(
            "sites",
            Some(sites_text(&before.sites.0)),
            Some(sites_text(&change.sites)),
        )
        .field(
            "active",
            Some(before.disabled_at.is_none()),
            Some(change.active),
        );
    audit::record(&mut transaction, &caller, event).await?;
    transaction.commit().await?;
    let after = store::member(pool, &staff_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok(Json(StaffMemberView::from(after)))
}

/// A role with what it may do.
#[derive(Debug, Serialize, ToSchema)]
pub struct RoleView {
    role: StaffRole,
    permissions: Vec<Permission>,
}

/// The roles and what each may do.
#[utoipa::path(
    get,
    path = "/api/backoffice/roles",
    tag = "backoffice",
    operation_id = "listStaffRoles",
    security(("staffSession" = [])),
    responses(
        (status = 200, description = "Every role", body = [RoleView]),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`: an integration key", body = ErrorBody),
    )
)]
pub async fn roles(_caller: StaffMember) -> Json<Vec<RoleView>> {
    Json(
        StaffRole::ALL
            .into_iter()
            .map(|role| RoleView {
                role,
                permissions: role.permissions(),
            })
            .collect(),
    )
}

/// One's own settings.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OwnSettings {
    language: StaffLanguage,
}

/// Changes one's own language.
#[utoipa::path(
    put,
    path = "/api/backoffice/me",
    tag = "backoffice",
    operation_id = "changeOwnStaffSettings",
    request_body = OwnSettings,
    security(("staffSession" = [])),
    responses(
        (status = 200, description = "The member as changed", body = StaffMe),
        (status = 400, description = "An unknown language", body = ErrorBody),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`: an integration key", body = ErrorBody),
    )
)]
pub async fn update_me(
    State(state): State<AppState>,
    caller: StaffMember,
    Json(settings): Json<OwnSettings>,
) -> Result<Json<StaffMe>, ApiError> {
    let pool = state.db.pool();
    let before = store::member(pool, &caller.staff_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let mut transaction = state.db.begin_change().await?;
    store::set_language(&mut *transaction, &caller.staff_id, settings.language).await?;
    let event = Event::new("staff.language", "staff", &caller.staff_id).field(
        "language",
        Some(label(before.language.0)),
        Some(label(settings.language)),
    );
    audit::record(&mut transaction, &caller.access, event).await?;
    transaction.commit().await?;
    let member = store::member(pool, &caller.staff_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok(Json(StaffMe::from(member)))
}

/// Why `create-owner` made no owner.
#[derive(Debug, thiserror::Error)]
pub enum CreateOwnerError {
    /// The address is not a valid e-mail address.
    #[error("'{0}' is not an e-mail address")]
    Address(String),
    /// A member with the address exists.
    #[error("a staff member with {0} exists")]
    Exists(String),
    /// The database or the mail failed.
    #[error("{0}")]
    Failed(#[from] ApiError),
}

/// `host-server create-owner --email ADDRESS [--name NAME]`: invites the owner; answers the
/// invitation link (also mailed) for the first sign-in's set-up.
pub async fn create_owner(
    state: &AppState,
    email_address: &str,
    name: &str,
) -> Result<String, CreateOwnerError> {
    let email_address = crate::platform::email_address::normalize_email(email_address);
    Form::new()
        .field("emailAddress", Some(&email_address), email_rules())
        .check()
        .map_err(|_| CreateOwnerError::Address(email_address.clone()))?;
    let newcomer = Newcomer {
        email_address: &email_address,
        name,
        role: StaffRole::Owner,
        sites: &[],
        language: StaffLanguage::default(),
    };
    let by = (&AuditActor::system("create-owner"), "");
    let (_member, link) = store_and_invite(state, &newcomer, by)
        .await?
        .ok_or_else(|| CreateOwnerError::Exists(email_address.clone()))?;
    Ok(link)
}
