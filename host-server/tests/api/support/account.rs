//! The account area's calls and answers: the account, its orders and invoices, returns, scan
//! results, subscriptions, saved feed advice, company data, addresses and reviews.
//!
//! The structs hold only what the tests read; amounts and quantities are the JSON's strings
//! (`"129.85"`, `"45"`). Sub-objects a test compares whole (a line's samples) stay `Value`.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::TestApp;
use super::answer::{read, status_and};

/// The signed-in customer, as `GET /api/account` and `PUT /api/account` answer (and
/// registering and signing in).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Account {
    pub user_id: String,
    pub email_address: String,
    pub first_name: String,
    pub last_name: String,
    pub language_id: Option<i64>,
    pub newsletter: bool,
    pub unread_quickscan_results: i64,
    pub mobile_phone: Option<String>,
    pub billing: Option<AccountBilling>,
    pub shipping: Option<AccountShipping>,
    pub company: Option<AccountCompany>,
    pub alternative_shipping_address: bool,
}

/// The account's billing address.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AccountBilling {
    pub email_address: String,
    pub phone_number: Option<String>,
    pub address: AccountAddress,
}

/// An address of the account.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AccountAddress {
    pub street: String,
    pub zipcode: String,
    pub city: String,
}

/// The account's delivery address.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AccountShipping {
    pub first_name: String,
    pub address: AccountAddress,
}

/// The account's company. Unknown fields are denied, so that reading both checks as much as
/// comparing it whole.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AccountCompany {
    pub company_name: String,
    pub vat_number: String,
}

/// What `GET` and `PUT /api/account/company` answer (nothing else, to compare it whole).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CompanyData {
    /// Null for a consumer.
    pub company: Option<AccountCompany>,
}

/// What `PUT /api/account/deliveryaddress` answers.
#[derive(Debug, Deserialize)]
pub struct DeliveryAddress {
    pub shipping: Option<AccountShipping>,
}

/// What `PUT /api/account/billingaddress` answers: the address as stored.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BillingData {
    pub billing: Option<AccountBilling>,
    pub mobile_phone: Option<String>,
}

/// A page of a list of the account (`/api/account/orders`, `/api/account/invoices`).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Page<T> {
    pub items: Vec<T>,
    pub page_size: u32,
    pub total: i64,
    pub has_more: bool,
}

/// An order in the account's list.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrderSummary {
    pub order_number: String,
    /// ISO 8601, UTC.
    pub order_date: String,
}

impl Page<OrderSummary> {
    /// The order numbers of the page, in order.
    pub fn numbers(&self) -> Vec<&str> {
        self.items
            .iter()
            .map(|item| item.order_number.as_str())
            .collect()
    }
}

/// An order of the account, as `GET /api/account/orders/{number}` answers it.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AccountOrder {
    pub status: String,
    /// ISO 8601, UTC.
    pub order_date: String,
    pub total_amount: String,
    pub vat_amount_high: String,
    pub billing: OrderBilling,
    /// Null when the order goes to the billing address.
    pub shipping: Option<Value>,
    pub scan_products_only: bool,
    pub lines: Vec<AccountOrderLine>,
    pub status_history: Vec<StatusChange>,
}

/// An order's billing block.
#[derive(Debug, Deserialize)]
pub struct OrderBilling {
    pub address: OrderAddress,
}

/// An order's address.
#[derive(Debug, Deserialize)]
pub struct OrderAddress {
    pub city: String,
}

/// A line of an order of the account.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AccountOrderLine {
    /// A scan product's samples (compared whole).
    pub rqs_samples: Value,
    pub is_free: bool,
}

/// A change of an order's status.
#[derive(Debug, Deserialize)]
pub struct StatusChange {
    pub status: String,
}

/// An invoice in the account's list.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceSummary {
    pub invoice_number: String,
    pub order_number: String,
    pub status: String,
    pub total_amount: String,
}

/// A return, as the account's list and `POST /api/account/returns` answer it.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Return {
    pub return_id: String,
    pub description: Option<String>,
    pub quantity: i64,
    pub has_photo: bool,
    pub status: String,
}

/// A scan result in the account's list (and the laboratory's answer to a new one).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ResultSummary {
    pub result_key: String,
    pub read: bool,
    pub result_date: String,
}

/// A scan result as `GET /api/account/results/{key}` answers it.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ResultDetail {
    pub read: bool,
    pub scan_type: String,
    pub result_date: String,
    pub level: String,
    pub classification: Classification,
    pub advice: Vec<ResultAdvice>,
    pub weight_kg: u32,
    /// Null for a hygiene scan.
    pub balancing: Option<Balancing>,
    pub references: BTreeMap<String, Reference>,
    /// The advised products the site sells (none without a site).
    pub products: Vec<Value>,
}

/// The engine's classification of a sample.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Classification {
    pub analytes: BTreeMap<String, AnalyteClass>,
    pub dry_matter: Option<DryMatterClass>,
    pub hygiene: Option<HygieneClass>,
}

/// An analyte's deviation from its target.
#[derive(Debug, Deserialize)]
pub struct AnalyteClass {
    pub deviation: Option<String>,
}

/// The dry matter's level.
#[derive(Debug, Deserialize)]
pub struct DryMatterClass {
    pub level: String,
}

/// The hygiene result: its quality class and each germ group's.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HygieneClass {
    pub quality_class: String,
    pub groups: BTreeMap<String, GermClass>,
}

/// A germ group's count level.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GermClass {
    pub count_level: String,
}

/// An advice of a scan result.
#[derive(Debug, Deserialize)]
pub struct ResultAdvice {
    pub analyte: String,
    pub text: String,
}

/// The engine's balancing advice for the horse.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Balancing {
    pub dry_matter_intake_kg: String,
    pub deficits: BTreeMap<String, Deficit>,
    pub products: Vec<Balancer>,
}

/// What a nutrient is short.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Deficit {
    pub per_day: String,
}

/// A balancing product and what it balances.
#[derive(Debug, Deserialize)]
pub struct Balancer {
    pub balances: Vec<String>,
}

/// An analyte's unit and the laboratory's average.
#[derive(Debug, Deserialize)]
pub struct Reference {
    pub unit: String,
    pub average: Option<String>,
}

/// What the laboratory endpoint answers when it stored a result.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RecordedResult {
    pub result_key: String,
    pub sample_name: String,
}

/// A subscription, as the list and every change answer it.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Subscription {
    pub product_id: Option<i64>,
    pub interval_weeks: i64,
    pub status: String,
    pub start_date: Option<String>,
    /// Null while paused.
    pub next_delivery_date: Option<String>,
    pub allowed_actions: Vec<String>,
    pub interval_can_change: bool,
}

/// A saved feed advice.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SavedAdvice {
    pub advice_id: String,
    pub name: String,
    pub weight_kg: i64,
    /// The engine's advice as computed when saved.
    pub advice: SavedAdviceDoses,
}

/// The engine's advice of a saved feed advice.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SavedAdviceDoses {
    pub weight_kg: i64,
    pub products: Vec<SavedDose>,
}

/// A product's dose in a saved advice.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SavedDose {
    pub grams_per_day: u64,
}

/// What `GET /api/account/reviews` answers.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AccountReviews {
    pub reviews: Vec<OwnReview>,
    pub review_requests: Vec<ReviewRequest>,
}

/// A review the customer wrote.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OwnReview {
    pub review_id: i64,
}

/// An open request to review a product.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReviewRequest {
    pub order_number: String,
    pub product_id: i64,
    pub status: String,
}

impl TestApp {
    /// `GET /api/account`.
    pub async fn account(&self) -> Account {
        read(self.get("/api/account").await).await
    }

    /// `GET {path}` in the account area: the status and the answer as `T`.
    pub async fn account_get<T: DeserializeOwned>(&self, path: &str) -> (u16, T) {
        status_and(self.get(path).await).await
    }

    /// `POST /api/account/returns` with a multipart form on site 1.
    pub async fn post_return(&self, form: reqwest::multipart::Form) -> reqwest::Response {
        self.client
            .post(self.url("/api/account/returns"))
            .header("siteid", "1")
            .multipart(form)
            .send()
            .await
            .unwrap()
    }

    /// `POST /api/account/subscriptions/{id}/{action}`: the status and the answer, a
    /// [`Subscription`] when it is a 200 or an error body.
    pub async fn subscription_action<T: DeserializeOwned>(
        &self,
        id: i64,
        action: &str,
    ) -> (u16, T) {
        status_and(
            self.post(&format!("/api/account/subscriptions/{id}/{action}"))
                .await,
        )
        .await
    }

    /// `PUT {path}` with a JSON body in the account area (the company, the addresses, the
    /// personal data, a subscription's interval): the status and the answer as `T`.
    pub async fn account_put<T: DeserializeOwned>(&self, path: &str, body: &Value) -> (u16, T) {
        status_and(self.put_json(path, body).await).await
    }

    /// `POST /api/account/feedadvice`: the status and the answer, a [`SavedAdvice`] when it
    /// is a 201 or an error body.
    pub async fn save_feed_advice<T: DeserializeOwned>(&self, horse: &Value) -> (u16, T) {
        status_and(self.post_json("/api/account/feedadvice", horse).await).await
    }
}
