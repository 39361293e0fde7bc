//! The cart's calls and answers: `POST /api/cart`, `GET /api/cart/{id}` and the line changes.
//!
//! The structs hold only what the tests read; amounts are the JSON's strings (`"34.60"`).
//! Sub-objects a test compares whole (the payment, the engine's input) stay `Value`.

use serde::Deserialize;
use serde_json::Value;

use super::TestApp;
use super::answer::{read, status_and};

/// What `GET /api/cart/{id}` and every change of a cart answer.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CartAnswer {
    pub cart: Cart,
    pub calculation: Calculation,
    /// The engine's input (compared whole).
    pub input: Value,
    /// What the server changed in the cart by itself (compared whole, or by a field).
    pub notices: Vec<Value>,
}

/// The cart's stored data.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Cart {
    pub shoppingcart_id: String,
    pub last_modified: i64,
    pub products: Vec<CartLine>,
    pub discount_code: Option<String>,
    pub payment: Value,
    pub mailplus_id: Option<String>,
}

/// A line of the cart as stored.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CartLine {
    pub product_variant_id: i64,
    pub count: i64,
}

/// The engine's calculation of the cart.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Calculation {
    pub products: Vec<CalculatedLine>,
    pub order_discounts: Vec<Discount>,
    pub shipping_costs: String,
    pub total_amount: String,
    pub vat_amount_low: String,
    pub vat_amount_high: String,
    pub sub_total_amount: String,
    pub total_amount_excl_vat: String,
    pub amount_to_pay: String,
    pub gift_card_amount: String,
    pub item_count: u64,
    /// Variants of which fewer are in stock than the cart asks for (compared whole).
    pub stock_warnings: Vec<Value>,
}

/// A calculated line.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CalculatedLine {
    pub quantity: u32,
    pub description: String,
    pub original_amount: String,
    pub total_amount: String,
    pub product_discounts: Vec<Discount>,
    pub free_products: Vec<FreeProduct>,
}

/// A discount on a line or on the order.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Discount {
    pub promotion_key: String,
    pub amount: String,
}

/// A product given away with a line.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FreeProduct {
    pub product_variant_id: i64,
}

impl TestApp {
    /// `POST /api/cart` on a site in a language; asserts the 201 and answers the cart's id.
    pub async fn create_cart_in(&self, site_id: i64, language_id: i64) -> String {
        let response = self
            .client
            .post(self.url("/api/cart"))
            .header("siteid", site_id.to_string())
            .header("languageid", language_id.to_string())
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 201);
        read::<CartAnswer>(response).await.cart.shoppingcart_id
    }

    /// `GET /api/cart/{id}`.
    pub async fn read_cart(&self, id: &str) -> CartAnswer {
        read(self.get(&format!("/api/cart/{id}")).await).await
    }

    /// `POST /api/cart/{id}/products?productVariantId=..[&quantity=..]`: the status and the
    /// answer, a cart when it is a 200 (`T` = [`CartAnswer`]) or an error body.
    pub async fn add_cart_line<T: serde::de::DeserializeOwned>(
        &self,
        id: &str,
        variant: i64,
        quantity: Option<i64>,
    ) -> (u16, T) {
        let quantity = quantity.map_or(String::new(), |q| format!("&quantity={q}"));
        let path = format!("/api/cart/{id}/products?productVariantId={variant}{quantity}");
        status_and(self.post(&path).await).await
    }

    /// `PUT /api/cart/{id}/products/{variant}?quantity=..`, as the storefront sends it.
    pub async fn change_cart_line(
        &self,
        id: &str,
        variant: i64,
        quantity: i64,
    ) -> reqwest::Response {
        self.client
            .put(self.url(&format!(
                "/api/cart/{id}/products/{variant}?quantity={quantity}"
            )))
            .header("content-type", "application/json")
            .send()
            .await
            .unwrap()
    }

    /// `DELETE /api/cart/{id}/products/{variant}`, as the storefront sends it.
    pub async fn remove_cart_line(&self, id: &str, variant: i64) -> reqwest::Response {
        self.client
            .delete(self.url(&format!("/api/cart/{id}/products/{variant}")))
            .header("content-type", "application/json")
            .send()
            .await
            .unwrap()
    }
}
