//! Orders' calls and answers: `POST /api/cart/{id}/order` and `GET /api/orders/{id}`.
//!
//! The structs hold only what the tests read; amounts are the JSON's strings (`"59.31"`).

use serde::Deserialize;
use serde::de::DeserializeOwned;

use super::TestApp;
use super::answer::{read_ok, status_and};

/// What placing an order answers: 201 when it placed it, 200 when the cart (or the idempotency
/// key) already had it.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlacedOrder {
    pub order: Order,
    /// Where the customer's browser goes next: the provider's page, or the shop's.
    pub redirect_url: String,
}

/// An order as `GET /api/orders/{id}` answers it and placing one brings it.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Order {
    pub order_id: String,
    pub order_number: String,
    pub status: String,
    pub lines: Vec<OrderLine>,
    pub order_discounts: Vec<OrderDiscount>,
    pub shipping_costs: String,
    pub total_amount: String,
    pub vat_amount_low: String,
    pub gift_card_amount: String,
    pub amount_to_pay: String,
    pub discount_code: Option<String>,
    pub payment: OrderPayment,
    /// Empty for anyone but who placed the order.
    pub email_address: String,
    /// Null for anyone but who placed the order.
    pub billing: Option<OrderBilling>,
}

/// An order's billing block, as far as the name is concerned.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrderBilling {
    pub last_name: Option<String>,
}

/// A line of an order.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrderLine {
    pub product_variant_id: i64,
    pub discount_amount: String,
    pub total_amount: String,
    pub is_free: bool,
}

/// A discount on the whole order.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrderDiscount {
    pub amount: String,
}

/// How an order is paid.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrderPayment {
    /// The newest provider payment's status; null when no provider is involved.
    pub status: Option<String>,
}

impl TestApp {
    /// `POST /api/cart/{id}/order`, as the storefront sends it: the status and the answer, a
    /// [`PlacedOrder`] when it is a 200 or 201 or an error body.
    pub async fn place_order<T: DeserializeOwned>(&self, cart_id: &str) -> (u16, T) {
        status_and(self.post(&format!("/api/cart/{cart_id}/order")).await).await
    }

    /// `GET /api/orders/{id}`; asserts a success.
    pub async fn order(&self, order_id: &str) -> Order {
        read_ok(self.get(&format!("/api/orders/{order_id}")).await).await
    }
}
