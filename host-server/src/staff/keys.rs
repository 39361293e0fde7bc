//! Integration keys: how other systems (the laboratory, a warehouse system) call the back
//! office's API, in `x-api-key`. Made by a member with settings.edit, named, limited to chosen
//! permissions and sites (no more than the maker holds), shown once, stored hashed, their last
//! use recorded, revocable.

use axum::extract::State;
use axum::http::StatusCode;
use engine::staff::{Grant, Permission};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::sites_text;
use super::store::{self, KeyRow, NewKey};
use crate::AppState;
use crate::audit::{self, AuditActor, Event};
use crate::platform::access::{Actor, Authorized, denied, permission};
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path};
use crate::platform::validation::{Form, name_rules};
use crate::platform::{clock, secrets};

/// A key's secret starts with this, so a leaked one is recognisable in logs and scanners.
const KEY_PREFIX: &str = "hbk_";

/// A key as the list shows it (never its secret).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntegrationKeyView {
    key_id: String,
    name: String,
    permissions: Vec<Permission>,
    /// Empty: every site.
    sites: Vec<i64>,
    /// Milliseconds since the Unix epoch.
    created_at: i64,
    /// Milliseconds since the Unix epoch (to the minute); `null`: never used.
    last_used_at: Option<i64>,
    /// Milliseconds since the Unix epoch; `null`: in use.
    revoked_at: Option<i64>,
}

impl From<KeyRow> for IntegrationKeyView {
    fn from(row: KeyRow) -> IntegrationKeyView {
        IntegrationKeyView {
            key_id: row.key_id,
            name: row.name,
            permissions: row.permissions.0,
            sites: row.sites.0,
            created_at: row.created_at * 1000,
            last_used_at: row.last_used_at.map(|at| at * 1000),
            revoked_at: row.revoked_at.map(|at| at * 1000),
        }
    }
}

/// Every key, the newest first.
#[utoipa::path(
    get,
    path = "/api/backoffice/keys",
    tag = "backoffice",
    operation_id = "listIntegrationKeys",
    security(("staffSession" = ["settings.edit"]), ("integrationKey" = ["settings.edit"])),
    responses(
        (status = 200, description = "The keys", body = [IntegrationKeyView]),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`", body = ErrorBody),
    )
)]
pub async fn list(
    State(state): State<AppState>,
    _caller: Authorized<permission::SettingsEdit>,
) -> Result<Json<Vec<IntegrationKeyView>>, ApiError> {
    let keys = store::keys(state.db.pool()).await?;
    Ok(Json(
        keys.into_iter().map(IntegrationKeyView::from).collect(),
    ))
}

/// A key to make.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct KeyRequest {
    name: String,
    permissions: Vec<Permission>,
    /// Empty: every site.
    #[serde(default)]
    sites: Vec<i64>,
}

/// A new key with its secret, shown this once.
#[derive(Debug, Serialize, ToSchema)]
pub struct NewIntegrationKey {
    key: IntegrationKeyView,
    /// Send it as `x-api-key`; only its hash is stored.
    secret: String,
}

/// Makes a key.
#[utoipa::path(
    post,
    path = "/api/backoffice/keys",
    tag = "backoffice",
    operation_id = "createIntegrationKey",
    request_body = KeyRequest,
    security(("staffSession" = ["settings.edit"]), ("integrationKey" = ["settings.edit"])),
    responses(
        (status = 201, description = "The key and its secret", body = NewIntegrationKey),
        (status = 400, description = "No name, no permission, or an unknown permission", body = ErrorBody),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`: no settings.edit, or more than the caller holds", body = ErrorBody),
    )
)]
pub async fn create(
    State(state): State<AppState>,
    caller: Authorized<permission::SettingsEdit>,
    Json(request): Json<KeyRequest>,
) -> Result<(StatusCode, Json<NewIntegrationKey>), ApiError> {
    Form::new()
        .field("name", Some(&request.name), name_rules())
        .check()?;
    if request.permissions.is_empty() {
        return Err(ApiError::required("permissions"));
    }
    let mut permissions = request.permissions.clone();
    permissions.sort();
    permissions.dedup();
    let grant = Grant {
        permissions,
        sites: request.sites,
    };
    if !grant.within(&caller.grant) {
        return Err(denied());
    }
    let created_by = match &caller.actor {
        Actor::Staff { staff_id, .. } => staff_id.clone(),
        Actor::Key { key_id, .. } => key_id.clone(),
    };
    let by = (&AuditActor::of(&caller), caller.address.as_str());
    let (key_id, secret) = issue(&state, request.name.trim(), &grant, &created_by, by).await?;
    let key = store::key(state.db.pool(), &key_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok((
        StatusCode::CREATED,
        Json(NewIntegrationKey {
            key: IntegrationKeyView::from(key),
            secret,
        }),
    ))
}

fn permissions_text(permissions: &[Permission]) -> String {
    permissions
        .iter()
        .map(crate::platform::labels::label_of)
        .collect::<Vec<_>>()
        .join(",")
}

/// Stores a new key and answers its id and secret.
async fn issue(
    state: &AppState,
    name: &str,
    grant: &Grant,
    created_by: &str,
    by: (&AuditActor, &str),
) -> Result<(String, String), ApiError> {
    let key_id = secrets::new_id();
    let secret = format!("{KEY_PREFIX}{}", secrets::new_token());
    let mut transaction = state.db.begin_change().await?;
    store::insert_key(
        &mut *transaction,
        &NewKey {
            key_id: &key_id,
            key_hash: &secrets::hash_token(&secret),
            name,
            permissions: &grant.permissions,
            sites: &grant.sites,
            created_by,
            created_at: clock::now(),
        },
    )
    .await?;
    let event = Event::new("key.created", "key", &key_id)
        .field("name", None::<&str>, Some(name))
        .field(
            "permissions",
            None::<&str>,
            Some(permissions_text(&grant.permissions)),
        )
        .field("sites", None::<&str>, Some(sites_text(&grant.sites)));
    let (actor, address) = by;
    audit::append(&mut transaction, actor, address, event).await?;
    transaction.commit().await?;
    Ok((key_id, secret))
}

/// `host-server create-integration-key --name NAME --permissions a,b [--sites 1,2]`: makes a
/// key on the server's machine (for provisioning the laboratory or a warehouse system) and
/// answers its secret; the audit trail names the command.
pub async fn create_by_command(
    state: &AppState,
    name: &str,
    grant: &Grant,
) -> Result<String, ApiError> {
    const COMMAND: &str = "create-integration-key";
    let by = (&AuditActor::system(COMMAND), "");
    let (_key_id, secret) = issue(state, name, grant, COMMAND, by).await?;
    Ok(secret)
}

/// Revokes a key: calls with it are refused from now on.
#[utoipa::path(
    delete,
    path = "/api/backoffice/keys/{keyId}",
    tag = "backoffice",
    operation_id = "revokeIntegrationKey",
    params(("keyId" = String, Path, description = "The key")),
    security(("staffSession" = ["settings.edit"]), ("integrationKey" = ["settings.edit"])),
    responses(
        (status = 204, description = "Revoked (or revoked before)"),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`, or `errors.crossSiteRequest`", body = ErrorBody),
        (status = 404, description = "No such key", body = ErrorBody),
    )
)]
pub async fn revoke(
    State(state): State<AppState>,
    caller: Authorized<permission::SettingsEdit>,
    Path(key_id): Path<String>,
) -> Result<StatusCode, ApiError> {
    store::key(state.db.pool(), &key_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let mut transaction = state.db.begin_change().await?;
    if store::revoke_key(&mut *transaction, &key_id, clock::now()).await? {
        let event =
            Event::new("key.revoked", "key", &key_id).field("revoked", Some(false), Some(true));
        audit::record(&mut transaction, &caller, event).await?;
    }
    transaction.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}
