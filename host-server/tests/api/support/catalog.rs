//! The catalog's calls and answers: `POST /api/products/search`, `GET /api/products/variant/{id}`
//! and `GET` and `POST /api/products/{id}/reviews`.
//!
//! The structs hold only what the tests read; amounts are the JSON's strings (`"32.95"`).
//! Sub-objects a test compares whole (unit prices, content, dimensions, delivery time, a
//! nutrient) stay `Value`; the rating and the stock, compared whole too, deny unknown fields so
//! that reading them field by field checks as much.

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::TestApp;
use super::answer::{read, status_and};

/// What `POST /api/products/search` answers.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchAnswer {
    pub total_count: u64,
    pub page: u32,
    pub page_size: u32,
    pub page_count: u64,
    pub sort: String,
    pub search_term: Option<String>,
    pub results: Vec<ProductHit>,
    pub facets: Vec<Facet>,
}

/// A product in the results (a tile).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProductHit {
    pub product_id: i64,
    pub product_variant_id: i64,
    pub name: String,
    pub price: String,
    /// Per kilogram and per 100 gram (compared whole).
    pub unit_price: Value,
    pub rating: Rating,
    pub stock_state: String,
    pub url: Option<String>,
    pub image: Option<String>,
    pub reduction: Option<ShelfReduction>,
}

/// A reduction a product page, card or search result announces, with its prior price.
#[derive(Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ShelfReduction {
    pub promotion_key: String,
    pub description: String,
    pub price: String,
    pub prior_price: String,
    /// The unit prices of the reduced price (compared whole).
    pub unit_price: Value,
}

/// A product's average rating (one decimal, null without reviews) and its number of reviews.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rating {
    pub average: Option<String>,
    pub count: i64,
}

/// A filter group with its values and counts.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Facet {
    pub facet_key: String,
    pub name: String,
    /// Absent in the JSON for a range (price, rating).
    #[serde(default)]
    pub values: Vec<FacetValue>,
    pub min_value: Option<String>,
    pub max_value: Option<String>,
    pub selected_max_value: Option<String>,
}

/// A value of a filter group: how many results it would give with the other filters.
#[derive(Debug, Deserialize)]
pub struct FacetValue {
    pub key: String,
    pub count: u64,
}

impl SearchAnswer {
    /// The filter group `key`; panics when the answer has none.
    pub fn facet(&self, key: &str) -> &Facet {
        self.facets
            .iter()
            .find(|facet| facet.facet_key == key)
            .unwrap_or_else(|| panic!("no facet {key}"))
    }

    /// The count of the value `value` of the filter group `key`.
    pub fn count_of(&self, key: &str, value: &str) -> u64 {
        self.facet(key)
            .values
            .iter()
            .find(|v| v.key == value)
            .unwrap()
            .count
    }

    /// The product ids of the results, in order.
    pub fn ids(&self) -> Vec<i64> {
        self.results.iter().map(|hit| hit.product_id).collect()
    }
}

/// What `GET /api/products/variant/{id}` answers: the variant with its product's texts.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProductDetail {
    pub product_id: i64,
    pub name: Option<String>,
    pub article_number: String,
    pub ean: String,
    pub brand: String,
    pub packaging: String,
    /// Amount and unit (compared whole).
    pub content: Value,
    pub weight_kg: f64,
    /// Length, width and height (compared whole).
    pub dimensions_cm: Value,
    pub quantity_per_pallet: i64,
    pub shelf_life_months: Option<i64>,
    /// Minimum and maximum days (compared whole).
    pub delivery_time: Value,
    pub energy_level: Option<String>,
    pub rating: Rating,
    pub price: String,
    /// Per kilogram and per 100 gram (compared whole).
    pub unit_price: Value,
    pub stock: VariantStock,
    pub composition: Option<String>,
    /// The nutrient table's rows (each compared whole).
    pub nutrients: Vec<Value>,
    pub image: Option<String>,
    pub images: Vec<String>,
    pub other_variants: Vec<OtherVariant>,
    pub url: Option<String>,
    pub reduction: Option<ShelfReduction>,
}

/// Whether a variant can be ordered, and whether a back-in-stock mail is offered.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VariantStock {
    pub state: String,
    pub orderable: bool,
    pub stock_reminder_available: bool,
    pub enable_stock_reminder_feature: bool,
}

/// Another variant of the product the site sells.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OtherVariant {
    pub product_variant_id: i64,
    pub price: String,
}

/// What `GET /api/products/{id}/reviews` answers: a page of approved reviews.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProductReviews {
    pub average_rating: Option<String>,
    pub review_count: i64,
    pub page_count: u64,
    pub reviews: Vec<Review>,
}

/// An approved review.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Review {
    pub review_id: i64,
    pub reviewer_name: String,
    pub title: String,
    pub rating: i64,
    /// UTC, ISO 8601.
    pub created_at: String,
}

/// What `POST /api/products/{id}/reviews` answers when it kept the review.
#[derive(Debug, Deserialize)]
pub struct ReviewSubmitted {
    /// `pending` until the review is approved.
    pub status: String,
}

impl TestApp {
    /// `POST /api/products/search` on a site in a language: the status and the answer, a
    /// [`SearchAnswer`] when it is a 200 or an error body.
    pub async fn search_products<T: DeserializeOwned>(
        &self,
        site_id: i64,
        language_id: i64,
        body: &Value,
    ) -> (u16, T) {
        status_and(
            self.post_json_in(site_id, language_id, "/api/products/search", body)
                .await,
        )
        .await
    }

    /// `GET /api/products/variant/{id}` on a site in a language.
    pub async fn product_variant(
        &self,
        site_id: i64,
        language_id: i64,
        variant: i64,
    ) -> ProductDetail {
        read(
            self.get_in(
                site_id,
                language_id,
                &format!("/api/products/variant/{variant}"),
            )
            .await,
        )
        .await
    }

    /// `GET /api/products/{id}/reviews{query}` (the query with its `?`, or empty).
    pub async fn product_reviews(&self, product: i64, query: &str) -> ProductReviews {
        read(
            self.get(&format!("/api/products/{product}/reviews{query}"))
                .await,
        )
        .await
    }
}
