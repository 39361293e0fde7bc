//! The audit trail: every change made by staff or by an integration key (who, when, from which
//! address, which entity, each changed field before and after; never a secret), in the
//! append-only `audit_entries` table whose entries are chained by hash ([`chain`]).
//! `host-server verify-audit` checks the chain.
//!
//! - `GET /api/backoffice/audit`: the trail, filtered and paged (audit.read).
//! - `GET /api/backoffice/audit.csv`: the same filter as CSV, one row per changed field.

pub mod chain;
mod store;

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::IntoResponse;
use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::platform::access::{Access, Actor, Authorized, permission};
use crate::platform::clock;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Query};

/// The routes of this area.
///
/// The type is opaque so that `app::api`'s `.into()` is no conversion to the same type,
/// which clippy refuses.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_entries))
        .routes(routes!(export_entries))
}

/// One changed field: its value before and after, as text (`None`: not set).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Change {
    /// The field, as the API names it (`price`, `status`).
    pub field: String,
    pub before: Option<String>,
    pub after: Option<String>,
}

/// A change to record: what was done to which entity, and the fields it changed.
#[derive(Debug)]
pub struct Event {
    /// What was done, e.g. `order.status`, `variant.changed`, `staff.invited`.
    pub action: &'static str,
    /// The kind of entity, e.g. `order`, `variant`, `staff`, `key`.
    pub entity_type: &'static str,
    /// The entity's id or number.
    pub entity_id: String,
    /// The fields that changed.
    pub changes: Vec<Change>,
}

impl Event {
    /// An event without changed fields yet.
    pub fn new(action: &'static str, entity_type: &'static str, entity_id: impl ToString) -> Event {
        Event {
            action,
            entity_type,
            entity_id: entity_id.to_string(),
            changes: Vec::new(),
        }
    }

    /// Adds a field when its value changed.
    pub fn field(
        mut self,
        field: &str,
        before: Option<impl ToString>,
        after: Option<impl ToString>,
    ) -> Event {
        let before = before.map(|value| value.to_string());
        let after = after.map(|value| value.to_string());
        if before != after {
            self.changes.push(Change {
                field: field.to_owned(),
                before,
                after,
            });
        }
        self
    }
}

/// Who acted, as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ActorKind {
    /// A staff member.
    Staff,
    /// An integration key.
    Key,
    /// The server itself, by a command (`create-owner`).
    System,
}

/// Who acted, as the trail shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct AuditActor {
    pub kind: ActorKind,
    /// The staff member's or the key's id; empty for the system.
    pub id: String,
    pub name: String,
}

impl AuditActor {
    /// The staff member or key behind a back-office request.
    pub fn of(access: &Access) -> AuditActor {
        match &access.actor {
            Actor::Staff { staff_id, name } => AuditActor {
                kind: ActorKind::Staff,
                id: staff_id.clone(),
                name: name.clone(),
            },
            Actor::Key { key_id, name } => AuditActor {
                kind: ActorKind::Key,
                id: key_id.clone(),
                name: name.clone(),
            },
        }
    }

    /// The server itself, acting on a command given on its machine.
    pub fn system(command: &str) -> AuditActor {
        AuditActor {
            kind: ActorKind::System,
            id: String::new(),
            name: command.to_owned(),
        }
    }
}

/// How often appending retries when another server appended at the same moment.
const APPEND_ATTEMPTS: usize = 20;

/// Records `event` as done by the caller of a back-office request, in the transaction of the
/// change it describes: the change and its entry are committed together or not at all.
pub async fn record(
    transaction: &mut AnyConnection,
    access: &Access,
    event: Event,
) -> Result<(), ApiError> {
    append(transaction, &AuditActor::of(access), &access.address, event).await
}

/// Appends an entry after the last one, in the caller's transaction; when another server took
/// the same place first (its entry is committed, or its insert waits for ours), reads the new
/// last entry and tries again.
pub async fn append(
    transaction: &mut AnyConnection,
    actor: &AuditActor,
    address: &str,
    event: Event,
) -> Result<(), ApiError> {
    for _ in 0..APPEND_ATTEMPTS {
        let (last_id, last_hash) = store::last_entry(transaction)
            .await?
            .unwrap_or_else(|| (0, chain::GENESIS.to_owned()));
        let actor_kind = crate::platform::labels::label_of(&actor.kind);
        let hashed = chain::Hashed {
            entry_id: last_id + 1,
            at: clock::now_millis(),
            actor_kind: &actor_kind,
            actor_id: &actor.id,
            actor_name: &actor.name,
            address,
            action: event.action,
            entity_type: event.entity_type,
            entity_id: &event.entity_id,
            changes: &event.changes,
            previous_hash: &last_hash,
        };
        if store::insert_entry(transaction, &hashed, &hashed.hash()).await? {
            return Ok(());
        }
    }
    Err(ApiError::Internal(
        "the audit trail stayed busy; the entry was not written".to_owned(),
    ))
}

/// One entry of the trail.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    pub entry_id: i64,
    /// Milliseconds since the Unix epoch.
    pub at: i64,
    pub actor: AuditActor,
    /// The client's address.
    pub address: String,
    pub action: String,
    pub entity_type: String,
    pub entity_id: String,
    pub changes: Vec<Change>,
}

impl From<store::EntryRow> for AuditEntry {
    fn from(row: store::EntryRow) -> AuditEntry {
        AuditEntry {
            entry_id: row.entry_id,
            at: row.at,
            actor: AuditActor {
                kind: row.actor_kind.0,
                id: row.actor_id,
                name: row.actor_name,
            },
            address: row.address,
            action: row.action,
            entity_type: row.entity_type,
            entity_id: row.entity_id,
            changes: row.changes.0,
        }
    }
}

/// The most entries [`history_of`] answers.
const LONGEST_HISTORY: i64 = 500;

/// What was done to one entity (an order, a variant), oldest first: its page's timeline, for
/// whoever may see the entity (not only those who read the whole trail).
pub async fn history_of(
    pool: &sqlx::AnyPool,
    entity_type: &str,
    entity_id: &str,
) -> Result<Vec<AuditEntry>, ApiError> {
    let filter = store::Filter {
        actor: None,
        entity_type: Some(entity_type.to_owned()),
        entity_id: Some(entity_id.to_owned()),
        from: None,
        to: None,
        newest_first: false,
    };
    Ok(store::page(pool, &filter, LONGEST_HISTORY, 0)
        .await?
        .into_iter()
        .map(AuditEntry::from)
        .collect())
}

/// A page of the trail and how many entries the filter finds.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuditPage {
    pub entries: Vec<AuditEntry>,
    pub total: i64,
}

/// Newest or oldest first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, ToSchema)]
pub enum AuditSort {
    /// Oldest first.
    #[serde(rename = "at")]
    Oldest,
    /// Newest first (the default).
    #[default]
    #[serde(rename = "-at")]
    Newest,
}

/// The trail's filter and page.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct AuditQuery {
    /// Only this actor (a staff member's or key's id).
    actor: Option<String>,
    /// Only this kind of entity (`order`, `variant`, `staff`, `key`, …).
    entity_type: Option<String>,
    /// Only this entity (with `entityType`).
    entity_id: Option<String>,
    /// From this moment on (milliseconds since the Unix epoch).
    from: Option<i64>,
    /// Before this moment (milliseconds since the Unix epoch).
    to: Option<i64>,
    /// `-at` (newest first, the default) or `at`.
    #[param(value_type = Option<AuditSort>, inline)]
    sort: Option<AuditSort>,
    /// From 1.
    #[param(minimum = 1)]
    page: Option<i64>,
    /// 1 to 200, default 50.
    #[param(minimum = 1, maximum = 200)]
    page_size: Option<i64>,
}

const DEFAULT_PAGE_SIZE: i64 = 50;
const MOST_PER_PAGE: i64 = 200;

impl AuditQuery {
    fn filter(&self) -> store::Filter {
        let given = |text: &Option<String>| {
            text.as_deref()
                .map(str::trim)
                .filter(|text| !text.is_empty())
                .map(str::to_owned)
        };
        store::Filter {
            actor: given(&self.actor),
            entity_type: given(&self.entity_type),
            entity_id: given(&self.entity_id),
            from: self.from,
            to: self.to,
            newest_first: self.sort.unwrap_or_default() == AuditSort::Newest,
        }
    }

    fn page(&self) -> Result<(i64, i64), ApiError> {
        let page = self.page.unwrap_or(1);
        let size = self.page_size.unwrap_or(DEFAULT_PAGE_SIZE);
        if page < 1 {
            return Err(ApiError::field(
                "page",
                "validation.invalid",
                "page is 1 or more",
            ));
        }
        if !(1..=MOST_PER_PAGE).contains(&size) {
            return Err(ApiError::field(
                "pageSize",
                "validation.invalid",
                "pageSize is 1 to 200",
            ));
        }
        Ok((size, (page - 1).saturating_mul(size)))
    }
}

/// The audit trail, filtered and paged.
#[utoipa::path(
    get,
    path = "/api/backoffice/audit",
    tag = "backoffice",
    operation_id = "listAuditEntries",
    params(AuditQuery),
    security(("staffSession" = ["audit.read"]), ("integrationKey" = ["audit.read"])),
    responses(
        (status = 200, description = "The entries of the page", body = AuditPage),
        (status = 400, description = "A bad page or page size", body = ErrorBody),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`", body = ErrorBody),
    )
)]
async fn list_entries(
    State(state): State<AppState>,
    _access: Authorized<permission::AuditRead>,
    Query(query): Query<AuditQuery>,
) -> Result<Json<AuditPage>, ApiError> {
    let (limit, offset) = query.page()?;
    let filter = query.filter();
    let pool = state.db.pool();
    let total = store::count(pool, &filter).await?;
    let entries = store::page(pool, &filter, limit, offset).await?;
    Ok(Json(AuditPage {
        entries: entries.into_iter().map(AuditEntry::from).collect(),
        total,
    }))
}

/// The most rows one export holds.
const MOST_EXPORTED: i64 = 100_000;

/// The audit trail as CSV: one row per changed field (an entry without changed fields gives
/// one row), times in UTC.
#[utoipa::path(
    get,
    path = "/api/backoffice/audit.csv",
    tag = "backoffice",
    operation_id = "exportAuditEntries",
    params(AuditQuery),
    security(("staffSession" = ["audit.read"]), ("integrationKey" = ["audit.read"])),
    responses(
        (status = 400, description = "A bad filter or sort", body = ErrorBody),
        (status = 200, description = "The entries as CSV", body = String, content_type = "text/csv"),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`", body = ErrorBody),
    )
)]
async fn export_entries(
    State(state): State<AppState>,
    _access: Authorized<permission::AuditRead>,
    Query(query): Query<AuditQuery>,
) -> Result<impl IntoResponse, ApiError> {
    let rows = store::page(state.db.pool(), &query.filter(), MOST_EXPORTED, 0).await?;
    let entries: Vec<AuditEntry> = rows.into_iter().map(AuditEntry::from).collect();
    let csv = to_csv(&entries).map_err(|error| ApiError::Internal(format!("csv: {error}")))?;
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/csv; charset=utf-8"),
            ),
            (
                header::CONTENT_DISPOSITION,
                HeaderValue::from_static("attachment; filename=\"audit-trail.csv\""),
            ),
        ],
        csv,
    ))
}

const CSV_HEADER: [&str; 12] = [
    "entryId",
    "at",
    "actorKind",
    "actorId",
    "actorName",
    "address",
    "action",
    "entityType",
    "entityId",
    "field",
    "before",
    "after",
];

fn to_csv(entries: &[AuditEntry]) -> Result<String, csv::Error> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer.write_record(CSV_HEADER)?;
    for entry in entries {
        let at = jiff::Timestamp::from_millisecond(entry.at)
            .map(|at| at.to_string())
            .unwrap_or_default();
        let fixed = [
            entry.entry_id.to_string(),
            at,
            crate::platform::labels::label_of(&entry.actor.kind),
            entry.actor.id.clone(),
            entry.actor.name.clone(),
            entry.address.clone(),
            entry.action.clone(),
            entry.entity_type.clone(),
            entry.entity_id.clone(),
        ];
        let no_change = [Change {
            field: String::new(),
            before: None,
            after: None,
        }];
        let changes = if entry.changes.is_empty() {
            &no_change[..]
        } else {
            &entry.changes[..]
        };
        for change in changes {
            let mut record = fixed.to_vec();
            record.push(change.field.clone());
            record.push(change.before.clone().unwrap_or_default());
            record.push(change.after.clone().unwrap_or_default());
            writer.write_record(&record)?;
        }
    }
    let bytes = writer
        .into_inner()
        .map_err(|error| csv::Error::from(error.into_error()))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// `host-server verify-audit`: checks the whole chain; answers how many entries it holds, or
/// where it is broken.
pub async fn verify_command(
    pool: &sqlx::AnyPool,
) -> Result<Result<u64, chain::ChainBreak>, sqlx::Error> {
    let rows = store::all_in_order(pool).await?;
    let kinds: Vec<String> = rows
        .iter()
        .map(|row| crate::platform::labels::label_of(&row.actor_kind.0))
        .collect();
    let entries = rows.iter().zip(&kinds).map(|(row, kind)| {
        (
            chain::Hashed {
                entry_id: row.entry_id,
                at: row.at,
                actor_kind: kind,
                actor_id: &row.actor_id,
                actor_name: &row.actor_name,
                address: &row.address,
                action: &row.action,
                entity_type: &row.entity_type,
                entity_id: &row.entity_id,
                changes: &row.changes.0,
                previous_hash: &row.previous_hash,
            },
            row.entry_hash.as_str(),
        )
    });
    Ok(chain::verify(entries))
}
