//! Who among the shop's staff may do what: permissions per area and action, the preset roles
//! that bundle them, and the sites a staff member or an integration key may act on.
//!
//! The server asks [`Grant::allows`] on every back-office call; the back office shows only what
//! the answer of `me` lists, so the menu and the API cannot disagree.

use serde::{Deserialize, Serialize};

/// One action in one area of the back office.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Permission {
    /// See orders, their payments and history.
    #[serde(rename = "orders.read")]
    OrdersRead,
    /// Move orders through the warehouse: processing, sent with a parcel code, closed.
    #[serde(rename = "orders.fulfil")]
    OrdersFulfil,
    /// Cancel and refund orders.
    #[serde(rename = "orders.refund")]
    OrdersRefund,
    /// Accept or refuse returns.
    #[serde(rename = "returns.decide")]
    ReturnsDecide,
    /// Pause, change or end customers' subscriptions.
    #[serde(rename = "subscriptions.manage")]
    SubscriptionsManage,
    /// Enter the laboratory's scan results.
    #[serde(rename = "lab.results")]
    LabResults,
    /// Approve and reject reviews.
    #[serde(rename = "reviews.moderate")]
    ReviewsModerate,
    /// See customers' accounts.
    #[serde(rename = "customers.read")]
    CustomersRead,
    /// Change customers' accounts, hand carts over.
    #[serde(rename = "customers.edit")]
    CustomersEdit,
    /// Erase a customer's personal data on their request; it cannot be undone.
    #[serde(rename = "customers.erase")]
    CustomersErase,
    /// Change products, their texts and pictures.
    #[serde(rename = "catalog.edit")]
    CatalogEdit,
    /// Change the stock the warehouse counted.
    #[serde(rename = "stock.edit")]
    StockEdit,
    /// Change prices.
    #[serde(rename = "prices.edit")]
    PricesEdit,
    /// Change promotions and discount codes.
    #[serde(rename = "promotions.edit")]
    PromotionsEdit,
    /// Change pages, news, FAQ and menus.
    #[serde(rename = "content.edit")]
    ContentEdit,
    /// See revenue and other reports.
    #[serde(rename = "reports.read")]
    ReportsRead,
    /// Invite staff, change their roles and sites.
    #[serde(rename = "staff.manage")]
    StaffManage,
    /// Read the audit trail.
    #[serde(rename = "audit.read")]
    AuditRead,
    /// Change the shop's settings and integration keys.
    #[serde(rename = "settings.edit")]
    SettingsEdit,
}

impl Permission {
    /// Every permission, in the order the back office lists them.
    pub const ALL: [Permission; 19] = [
        Permission::OrdersRead,
        Permission::OrdersFulfil,
        Permission::OrdersRefund,
        Permission::ReturnsDecide,
        Permission::SubscriptionsManage,
        Permission::LabResults,
        Permission::ReviewsModerate,
        Permission::CustomersRead,
        Permission::CustomersEdit,
        Permission::CustomersErase,
        Permission::CatalogEdit,
        Permission::StockEdit,
        Permission::PricesEdit,
        Permission::PromotionsEdit,
        Permission::ContentEdit,
        Permission::ReportsRead,
        Permission::StaffManage,
        Permission::AuditRead,
        Permission::SettingsEdit,
    ];
}

/// A preset bundle of permissions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum StaffRole {
    /// Runs the shop: every permission.
    Owner,
    /// Answers customers: orders, returns, subscriptions, reviews and accounts.
    CustomerService,
    /// Picks, packs and ships; counts stock.
    Warehouse,
    /// Enters the laboratory's scan results.
    LabTechnician,
    /// Writes pages and product texts, moderates reviews.
    ContentEditor,
    /// Reads orders and reports, refunds, checks the audit trail.
    Accountant,
}

impl StaffRole {
    /// Every role, in the order the back office lists them.
    pub const ALL: [StaffRole; 6] = [
        StaffRole::Owner,
        StaffRole::CustomerService,
        StaffRole::Warehouse,
        StaffRole::LabTechnician,
        StaffRole::ContentEditor,
        StaffRole::Accountant,
    ];

    /// What the role may do, in [`Permission::ALL`]'s order.
    pub fn permissions(self) -> Vec<Permission> {
        use Permission as P;
        let granted: &[Permission] = match self {
            StaffRole::Owner => &Permission::ALL,
            StaffRole::CustomerService => &[
                P::OrdersRead,
                P::OrdersRefund,
                P::ReturnsDecide,
                P::SubscriptionsManage,
                P::ReviewsModerate,
                P::CustomersRead,
                P::CustomersEdit,
            ],
            StaffRole::Warehouse => &[P::OrdersRead, P::OrdersFulfil, P::StockEdit],
            StaffRole::LabTechnician => &[P::LabResults, P::CustomersRead],
            StaffRole::ContentEditor => &[P::CatalogEdit, P::ContentEdit, P::ReviewsModerate],
            StaffRole::Accountant => &[
                P::OrdersRead,
                P::OrdersRefund,
                P::CustomersRead,
                P::ReportsRead,
                P::AuditRead,
            ],
        };
        granted.to_vec()
    }
}

/// What one staff member or integration key may do, and on which sites.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Grant {
    /// The permissions, each at most once.
    pub permissions: Vec<Permission>,
    /// The sites (brands, countries) it may act on; empty: every site.
    pub sites: Vec<i64>,
}

/// Why a grant does not allow an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The permission is not granted.
    #[error("the permission {0:?} is not granted")]
    Permission(Permission),
    /// The permission is granted, but not for this site.
    #[error("site {0} is outside the granted sites")]
    Site(i64),
}

impl Grant {
    /// A role's permissions on the given sites (empty: every site).
    pub fn of_role(role: StaffRole, sites: Vec<i64>) -> Grant {
        Grant {
            permissions: role.permissions(),
            sites,
        }
    }

    /// Whether the grant allows `permission` on `site` (`None`: an action that belongs to no
    /// one site, such as a list across sites, which then shows only the granted sites).
    pub fn allows(&self, permission: Permission, site: Option<i64>) -> Result<(), Refusal> {
        if !self.permissions.contains(&permission) {
            return Err(Refusal::Permission(permission));
        }
        match site {
            Some(site) if !self.covers_site(site) => Err(Refusal::Site(site)),
            _ => Ok(()),
        }
    }

    /// Whether the grant reaches `site`.
    pub fn covers_site(&self, site: i64) -> bool {
        self.sites.is_empty() || self.sites.contains(&site)
    }

    /// Whether this grant gives nothing beyond `other`: a staff member may hand an integration
    /// key or a colleague only what they hold themselves.
    pub fn within(&self, other: &Grant) -> bool {
        let permissions_within = self
            .permissions
            .iter()
            .all(|permission| other.permissions.contains(permission));
        let sites_within = other.sites.is_empty()
            || (!self.sites.is_empty() && self.sites.iter().all(|site| other.sites.contains(site)));
        permissions_within && sites_within
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permissions_cross_json_as_area_dot_action() {
        let json = serde_json::to_string(&Permission::OrdersFulfil).unwrap();
        assert_eq!(json, "\"orders.fulfil\"");
        let role = serde_json::to_string(&StaffRole::LabTechnician).unwrap();
        assert_eq!(role, "\"labTechnician\"");
    }

    #[test]
    fn the_owner_holds_every_permission_and_the_warehouse_three() {
        assert_eq!(StaffRole::Owner.permissions(), Permission::ALL.to_vec());
        assert_eq!(
            StaffRole::Warehouse.permissions(),
            vec![
                Permission::OrdersRead,
                Permission::OrdersFulfil,
                Permission::StockEdit
            ]
        );
    }

    #[test]
    fn only_the_owner_manages_staff_and_only_owner_and_accountant_read_the_audit_trail() {
        for role in StaffRole::ALL {
            let grant = Grant::of_role(role, Vec::new());
            assert_eq!(
                grant.allows(Permission::StaffManage, None).is_ok(),
                role == StaffRole::Owner
            );
            assert_eq!(
                grant.allows(Permission::AuditRead, None).is_ok(),
                matches!(role, StaffRole::Owner | StaffRole::Accountant)
            );
        }
    }

    #[test]
    fn a_grant_limited_to_sites_refuses_another_site() {
        let grant = Grant::of_role(StaffRole::CustomerService, vec![1, 3]);
        assert_eq!(grant.allows(Permission::OrdersRead, Some(3)), Ok(()));
        assert_eq!(
            grant.allows(Permission::OrdersRead, Some(2)),
            Err(Refusal::Site(2))
        );
        assert_eq!(grant.allows(Permission::OrdersRead, None), Ok(()));
        assert_eq!(
            grant.allows(Permission::PricesEdit, Some(1)),
            Err(Refusal::Permission(Permission::PricesEdit))
        );
    }

    #[test]
    fn a_grant_within_another_holds_no_more_permissions_and_no_more_sites() {
        let owner_everywhere = Grant::of_role(StaffRole::Owner, Vec::new());
        let service_on_one = Grant::of_role(StaffRole::CustomerService, vec![1]);
        let warehouse_everywhere = Grant::of_role(StaffRole::Warehouse, Vec::new());
        assert!(service_on_one.within(&owner_everywhere));
        assert!(!owner_everywhere.within(&service_on_one));
        // Every site is more than one site.
        let read_orders = Grant {
            permissions: vec![Permission::OrdersRead],
            sites: Vec::new(),
        };
        assert!(!read_orders.within(&service_on_one));
        assert!(read_orders.within(&warehouse_everywhere));
    }
}
