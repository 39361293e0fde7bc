//! Who is calling the back office's API, and whether they may: a staff member by their staff
//! session cookie, or another system by its integration key (`x-api-key`).
//!
//! A handler names the permission it needs in its signature, as [`Authorized<P>`] with a
//! marker type of [`permission`]: it cannot be called without it, and the OpenAPI document's
//! `security` scopes of every back-office operation say the same (a test checks each role
//! against each operation). What each role holds is the engine's rule (`engine::staff`).
//!
//! Staff sessions live in the `staff_sessions` table under the hash of the cookie's value; a
//! session ends at its absolute expiry (`STAFF_SESSION_TTL`, 12 hours), after
//! `STAFF_SESSION_IDLE_TTL` (30 minutes) without use, when it is ended from the session list,
//! or when the member is disabled.

pub mod store;

use std::marker::PhantomData;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use cookie::{Cookie, SameSite};
use engine::staff::{Grant, Permission};

use crate::AppState;
use crate::platform::error::ApiError;
use crate::platform::session::{Client, cookie_header, cookie_value};
use crate::platform::{clock, secrets};

/// The staff session cookie over http (the demo).
pub const STAFF_COOKIE: &str = "hb_staff";
/// The staff session cookie over https: no subdomain can set it.
pub const SECURE_STAFF_COOKIE: &str = "__Host-hb_staff";
/// The header that carries an integration key.
pub const API_KEY_HEADER: &str = "x-api-key";

/// A session's or key's last use is written at most this often, not on every request.
const LAST_USE_RESOLUTION_SECONDS: i64 = 60;

/// The longest device description kept (the browser's `User-Agent`).
const DEVICE_LENGTH: usize = 200;

fn staff_cookie_name(https: bool) -> &'static str {
    if https {
        SECURE_STAFF_COOKIE
    } else {
        STAFF_COOKIE
    }
}

/// The staff session id in the request's cookies, if any.
pub fn staff_cookie(headers: &HeaderMap, https: bool) -> Option<String> {
    cookie_value(headers, staff_cookie_name(https))
}

/// Who acts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Actor {
    /// A staff member, by their session.
    Staff {
        /// The member's id.
        staff_id: String,
        /// The member's name, as the audit trail shows it.
        name: String,
    },
    /// Another system, by its integration key.
    Key {
        /// The key's id (never its secret).
        key_id: String,
        /// The key's name.
        name: String,
    },
}

/// A caller of the back office: who, what they may do, and from where.
#[derive(Clone, Debug)]
pub struct Access {
    /// Who.
    pub actor: Actor,
    /// What they may do, and on which sites.
    pub grant: Grant,
    /// The client's address.
    pub address: String,
    /// The staff session's public id (`None` for a key).
    pub session: Option<String>,
}

impl Access {
    /// Refuses unless the grant reaches `site`: a member limited to some sites sees and
    /// changes only their orders, products and customers.
    pub fn on_site(&self, site: i64) -> Result<(), ApiError> {
        if self.grant.covers_site(site) {
            Ok(())
        } else {
            Err(denied())
        }
    }

    /// Refuses unless the grant holds `permission` too (for a second permission a field of
    /// the request needs).
    pub fn also(&self, permission: Permission) -> Result<(), ApiError> {
        self.grant.allows(permission, None).map_err(|_| denied())
    }
}

/// A permission a handler needs, named by a marker type.
pub trait Required {
    /// The permission.
    const PERMISSION: Permission;
    /// Permissions that are enough instead of it.
    const OR_ANY_OF: &'static [Permission] = &[];
}

/// The marker types of [`Authorized`], one per permission.
pub mod permission {
    use super::{Permission, Required};

    macro_rules! markers {
        ($($name:ident),* $(,)?) => {
            $(
                #[doc = concat!("Needs `", stringify!($name), "`.")]
                #[derive(Debug)]
                pub struct $name;

                impl Required for $name {
                    const PERMISSION: Permission = Permission::$name;
                }
            )*
        };
    }

    markers!(
        OrdersRead,
        OrdersFulfil,
        OrdersRefund,
        ReturnsDecide,
        SubscriptionsManage,
        LabResults,
        ReviewsModerate,
        CustomersRead,
        CustomersEdit,
        CustomersErase,
        CatalogEdit,
        StockEdit,
        PricesEdit,
        PromotionsEdit,
        ContentEdit,
        ReportsRead,
        StaffManage,
        AuditRead,
        SettingsEdit,
    );

    /// Needs `stock.edit` or `prices.edit`: a change of a variant's stock or price; the handler
    /// asks for the permission of each field it changes.
    #[derive(Debug)]
    pub struct StockOrPrices;

    impl Required for StockOrPrices {
        const PERMISSION: Permission = Permission::StockEdit;
        const OR_ANY_OF: &'static [Permission] = &[Permission::PricesEdit];
    }

    /// Needs `catalog.edit`, `stock.edit` or `prices.edit`: whoever changes products, their
    /// stock or their prices sees the catalog.
    #[derive(Debug)]
    pub struct CatalogView;

    impl Required for CatalogView {
        const PERMISSION: Permission = Permission::CatalogEdit;
        const OR_ANY_OF: &'static [Permission] = &[Permission::StockEdit, Permission::PricesEdit];
    }
}

/// A caller holding the permission `P`: extracting it refuses the request with 401 without a
/// live staff session or a valid key, and with 403 without the permission.
#[derive(Debug)]
pub struct Authorized<P: Required> {
    /// The caller.
    pub access: Access,
    permission: PhantomData<P>,
}

impl<P: Required> std::ops::Deref for Authorized<P> {
    type Target = Access;

    fn deref(&self) -> &Access {
        &self.access
    }
}

impl<P: Required + Send + Sync> FromRequestParts<AppState> for Authorized<P> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let access = caller(parts, state).await?;
        let allowed = std::iter::once(P::PERMISSION)
            .chain(P::OR_ANY_OF.iter().copied())
            .any(|permission| access.grant.allows(permission, None).is_ok());
        if !allowed {
            return Err(denied());
        }
        Ok(Authorized {
            access,
            permission: PhantomData,
        })
    }
}

/// A signed-in staff member, whatever their permissions (their own profile and sessions).
/// Keys are refused: they have no profile.
#[derive(Debug)]
pub struct StaffMember {
    /// The member's id.
    pub staff_id: String,
    /// The caller.
    pub access: Access,
}

impl FromRequestParts<AppState> for StaffMember {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let access = caller(parts, state).await?;
        match &access.actor {
            Actor::Staff { staff_id, .. } => Ok(StaffMember {
                staff_id: staff_id.clone(),
                access,
            }),
            Actor::Key { .. } => Err(denied()),
        }
    }
}

/// 401: no live staff session and no valid key.
pub fn sign_in_required() -> ApiError {
    ApiError::refused(
        StatusCode::UNAUTHORIZED,
        "errors.staffSignInRequired",
        "Sign in to the back office, or send a valid integration key in x-api-key",
    )
}

/// 403: the caller may not do this.
pub fn denied() -> ApiError {
    ApiError::refused(
        StatusCode::FORBIDDEN,
        "errors.permissionDenied",
        "Your role does not allow this",
    )
}

/// The caller of a request: by key when it sends one, else by staff session.
async fn caller(parts: &mut Parts, state: &AppState) -> Result<Access, ApiError> {
    let client = Client::from_request_parts(parts, state).await?;
    if let Some(key) = parts.headers.get(API_KEY_HEADER) {
        let key = key.to_str().map_err(|_| sign_in_required())?;
        return by_key(state, key, client.ip).await;
    }
    let session_id = staff_cookie(&parts.headers, client.https).ok_or_else(sign_in_required)?;
    by_session(state, &session_id, client.ip).await
}

async fn by_key(state: &AppState, key: &str, address: String) -> Result<Access, ApiError> {
    let now = clock::now();
    let key_hash = secrets::hash_token(key.trim());
    let found = store::live_key(state.db.pool(), &key_hash)
        .await?
        .ok_or_else(sign_in_required)?;
    if found
        .last_used_at
        .is_none_or(|at| now - at >= LAST_USE_RESOLUTION_SECONDS)
    {
        store::mark_key_used(state.db.pool(), &found.key_id, now).await?;
    }
    Ok(Access {
        actor: Actor::Key {
            key_id: found.key_id,
            name: found.name,
        },
        grant: Grant {
            permissions: found.permissions.0,
            sites: found.sites.0,
        },
        address,
        session: None,
    })
}

async fn by_session(
    state: &AppState,
    session_id: &str,
    address: String,
) -> Result<Access, ApiError> {
    let now = clock::now();
    let session_hash = secrets::hash_token(session_id);
    let session = store::live_session(
        state.db.pool(),
        &session_hash,
        now,
        now - state.staff.session_idle,
    )
    .await?
    .ok_or_else(sign_in_required)?;
    if now - session.last_seen_at >= LAST_USE_RESOLUTION_SECONDS {
        store::mark_session_seen(state.db.pool(), &session_hash, now).await?;
    }
    Ok(Access {
        actor: Actor::Staff {
            staff_id: session.staff_id,
            name: session.name,
        },
        grant: Grant::of_role(session.role.0, session.sites.0),
        address,
        session: Some(session.public_id),
    })
}

/// Starts a staff session, ending the one the browser had (`previous`, its cookie's value),
/// and returns the new session's `Set-Cookie` header.
pub async fn start_session(
    state: &AppState,
    client: &Client,
    previous: Option<&str>,
    staff_id: &str,
    device: &str,
) -> Result<HeaderValue, ApiError> {
    if let Some(previous) = previous {
        end_session_of_cookie(state, previous).await?;
    }
    let session_id = secrets::new_token();
    let now = clock::now();
    store::insert_session(
        state.db.pool(),
        &store::NewSession {
            session_hash: secrets::hash_token(&session_id),
            public_id: secrets::new_id(),
            staff_id: staff_id.to_owned(),
            started_at: now,
            expires_at: now + state.staff.session,
            device: device_of(device),
            address: client.ip.clone(),
        },
    )
    .await?;
    cookie_header(staff_cookie_value(
        session_id,
        client.https,
        state.staff.session,
    ))
}

/// Ends the staff session of this cookie value, if it is one.
pub async fn end_session_of_cookie(state: &AppState, session_id: &str) -> Result<(), ApiError> {
    store::end_session(state.db.pool(), &secrets::hash_token(session_id)).await?;
    Ok(())
}

/// The `Set-Cookie` header that removes the staff cookie.
pub fn clearing_staff_cookie(https: bool) -> Result<HeaderValue, ApiError> {
    cookie_header(staff_cookie_value(String::new(), https, 0))
}

fn staff_cookie_value(value: String, https: bool, max_age_seconds: i64) -> Cookie<'static> {
    Cookie::build((staff_cookie_name(https), value))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Strict)
        .secure(https)
        .max_age(cookie::time::Duration::seconds(max_age_seconds))
        .build()
}

/// The browser's description, shortened to what the session list shows.
pub fn device_of(user_agent: &str) -> String {
    user_agent.chars().take(DEVICE_LENGTH).collect()
}
