//! The feed calculator's calls and answers: `POST /api/feedcalculator/advice`, its choices, the
//! silo offer and interest, the ration check, and the advised products of a lab result.
//!
//! The structs hold only what the tests read; amounts and quantities are the JSON's strings
//! (`"19.95"`, `"1.5"`). Sub-objects a test compares whole (a nutrient's balance, the ration's
//! balancer) stay `Value`.

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::TestApp;
use super::answer::{read, status_and};

/// What `POST /api/feedcalculator/advice` answers for a horse.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FeedAdvice {
    pub determined: bool,
    /// Why no advice could be given; null when it was.
    pub message: Option<Message>,
    pub weight_kg: u32,
    pub roughage_type: String,
    pub feedings_per_day: u32,
    pub products: Vec<AdvisedFeed>,
}

/// A message for the visitor, by its translation key.
#[derive(Debug, Deserialize)]
pub struct Message {
    pub key: String,
}

/// An advised product with its daily dose.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AdvisedFeed {
    pub product_id: i64,
    pub product_variant_id: i64,
    pub name: String,
    pub url: Option<String>,
    pub price: String,
    pub grams_per_day: u32,
    pub grams_per_portion: u32,
    pub scoops_per_day: Option<String>,
    pub scoop_grams: Option<u32>,
    pub days_per_pack: Option<u32>,
    pub pack_grams: Option<u32>,
}

/// What `GET /api/feedcalculator/choices` answers: the calculator's choices, localized.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FeedChoices {
    pub horse_types: Vec<Choice>,
    pub work_loads: Vec<Choice>,
    pub roughage_types: Vec<Choice>,
    pub min_weight_kg: u32,
    pub max_weight_kg: u32,
}

/// One choice of a list.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Choice {
    pub key: String,
    pub name: String,
    /// A horse type's weight when none is given.
    pub default_weight_kg: Option<u32>,
}

/// What `GET /api/feedcalculator/silo` answers: whether silo delivery is offered.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SiloCheck {
    pub interested: bool,
    pub by_horses: bool,
    pub horse_threshold: u32,
    pub message: Option<Message>,
    pub dealers: Vec<SiloDealer>,
}

/// A dealer that delivers by silo.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SiloDealer {
    pub dealer_id: i64,
}

/// What `POST /api/feedcalculator/silointerest` answers when it stored the interest.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SiloInterestRegistered {
    pub interest_id: String,
}

/// What `POST /api/feedcalculator/ration` answers: need, supply and the balancer.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RationAnswer {
    pub roughage: String,
    pub dry_matter_intake_kg: String,
    /// Each nutrient's need, supply and gap (compared whole, or by a field).
    pub nutrients: Vec<Value>,
    /// The advised balancer and its dose (compared whole).
    pub balancer: Value,
    pub unbalanced: Vec<String>,
    pub balancer_name: Option<String>,
}

/// What `GET /api/account/results/{resultKey}` answers, as far as its products are concerned.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LabResult {
    pub advice: Vec<AdviceItem>,
    pub products: Vec<ResultProduct>,
}

/// An advice of a lab result, with the products it names.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AdviceItem {
    pub product_ids: Vec<i64>,
}

/// A product a lab result advises, as the site sells it.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ResultProduct {
    pub product_id: i64,
    pub product_variant_id: i64,
    pub name: String,
    pub price: String,
}

impl TestApp {
    /// `POST /api/feedcalculator/advice` on a site in a language: the status and the answer,
    /// a [`FeedAdvice`] when it is a 200 or an error body.
    pub async fn feed_advice<T: DeserializeOwned>(
        &self,
        site_id: i64,
        language_id: i64,
        horse: &Value,
    ) -> (u16, T) {
        status_and(
            self.post_json_in(site_id, language_id, "/api/feedcalculator/advice", horse)
                .await,
        )
        .await
    }

    /// `GET /api/feedcalculator/choices` on a site in a language.
    pub async fn feed_choices(&self, site_id: i64, language_id: i64) -> FeedChoices {
        read(
            self.get_in(site_id, language_id, "/api/feedcalculator/choices")
                .await,
        )
        .await
    }

    /// `GET /api/feedcalculator/silo?{query}` on a site in a language: the status and the
    /// answer.
    pub async fn silo_check(
        &self,
        site_id: i64,
        language_id: i64,
        query: &str,
    ) -> (u16, SiloCheck) {
        status_and(
            self.get_in(
                site_id,
                language_id,
                &format!("/api/feedcalculator/silo?{query}"),
            )
            .await,
        )
        .await
    }

    /// `POST /api/feedcalculator/silointerest` on a site in a language: the status and the
    /// answer, a [`SiloInterestRegistered`] when it is a 201 or an error body.
    pub async fn register_silo_interest<T: DeserializeOwned>(
        &self,
        site_id: i64,
        language_id: i64,
        form: &Value,
    ) -> (u16, T) {
        status_and(
            self.post_json_in(
                site_id,
                language_id,
                "/api/feedcalculator/silointerest",
                form,
            )
            .await,
        )
        .await
    }

    /// `POST /api/feedcalculator/ration` (no site headers): the status and the answer.
    pub async fn ration_check(&self, body: &Value) -> (u16, RationAnswer) {
        status_and(self.post_json("/api/feedcalculator/ration", body).await).await
    }

    /// `GET /api/account/results/{key}` on a site in a language, as the signed-in customer.
    pub async fn lab_result(&self, site_id: i64, language_id: i64, key: &str) -> LabResult {
        read(
            self.get_in(site_id, language_id, &format!("/api/account/results/{key}"))
                .await,
        )
        .await
    }
}
