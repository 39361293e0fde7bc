//! Sites, countries, languages, payment methods and routing: `/api/Sites`,
//! `/api/sites/getbydomain`, `/api/countries`, `/api/language`, `/api/paymentmethods` and
//! `/api/routing/getbyurl` and `geturl`.
//!
//! The structs hold only what the tests read; amounts are the JSON's strings (`"0.00"`).
//! Routes and issuers, which the tests compare whole, stay `Value` where they are; a country
//! and a language, compared whole too, deny unknown fields so that reading them field by field
//! checks as much.

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::TestApp;
use super::answer::{read, status_and};

/// A site as `GET /api/Sites/{id}`, `/api/Sites` and `/api/sites/getbydomain` answer it.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Site {
    pub site_id: i64,
    pub domain: String,
    pub languages: Vec<Language>,
    pub fallback_language_id: i64,
    pub vat_percentage_low: String,
    pub customer_service_title: Option<String>,
    pub auto_redirect_if_not_in_same_country: bool,
    pub currency_code: String,
}

/// A language, as `GET /api/language` lists it and a site names its own.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Language {
    pub language_id: i64,
    pub culture: String,
    pub localized_name: String,
}

/// What `POST /api/Sites?url=..&countryCode=..` answers: the site of the visitor's country.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Localization {
    /// Null when the visitor stays on the site.
    pub redirect_url: Option<String>,
    pub available_query_parameters: Vec<String>,
}

/// A country, named in English or in the asked language.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Country {
    pub country_id: i64,
    pub name: String,
    pub region_code: String,
}

/// A payment method of a site, named in the request's language.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PaymentMethod {
    pub payment_method_id: i64,
    pub key: String,
    pub name: String,
    pub costs: String,
    pub flow: String,
    pub requires_issuer: bool,
    /// The banks to choose from (each compared whole).
    pub issuers: Vec<Value>,
}

/// A route as `GET /api/routing/getbyurl` answers it: its type and the ids of that type.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Route {
    #[serde(rename = "type")]
    pub kind: String,
    pub product_variant_id: Option<i64>,
    pub content_page_id: Option<i64>,
    pub advice_category_id: Option<i64>,
    /// A product search's landing page and paging (compared whole).
    pub parameters: Option<Value>,
    /// A quick scan result's key.
    pub key: Option<String>,
    /// A redirect's target.
    pub url: Option<String>,
}

/// What `GET /api/routing/getbyurl` answers for a path that leads nowhere (a 404).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RouteNotFound {
    pub not_found_page_id: i64,
}

/// What `POST /api/routing/geturl` answers: the path of a route.
#[derive(Debug, Deserialize)]
pub struct RouteUrl {
    pub url: String,
}

impl TestApp {
    /// `GET /api/Sites`.
    pub async fn sites(&self) -> Vec<Site> {
        read(self.get("/api/Sites").await).await
    }

    /// `GET /api/Sites/{id}`.
    pub async fn site(&self, id: i64) -> Site {
        read(self.get(&format!("/api/Sites/{id}")).await).await
    }

    /// `GET /api/sites/getbydomain?domain={domain}`.
    pub async fn site_by_domain(&self, domain: &str) -> Site {
        read(
            self.get(&format!("/api/sites/getbydomain?domain={domain}"))
                .await,
        )
        .await
    }

    /// `POST /api/Sites{query}` (the query with its `?`, or empty), the localization check:
    /// the status and the answer, a [`Localization`] when it is a 200 or an error body.
    pub async fn localization<T: DeserializeOwned>(&self, query: &str) -> (u16, T) {
        status_and(self.post(&format!("/api/Sites{query}")).await).await
    }

    /// `GET /api/countries`, named in English.
    pub async fn countries(&self) -> Vec<Country> {
        read(self.get("/api/countries").await).await
    }

    /// `GET /api/countries/localizedname` on a site in a language.
    pub async fn localized_countries(&self, site_id: i64, language_id: i64) -> Vec<Country> {
        read(
            self.get_in(site_id, language_id, "/api/countries/localizedname")
                .await,
        )
        .await
    }

    /// `GET /api/language`, every language.
    pub async fn languages(&self) -> Vec<Language> {
        read(self.get("/api/language").await).await
    }

    /// `GET /api/language` on a site in a language: the site's languages.
    pub async fn site_languages(&self, site_id: i64, language_id: i64) -> Vec<Language> {
        read(self.get_in(site_id, language_id, "/api/language").await).await
    }

    /// `GET /api/language/{id}`.
    pub async fn language(&self, id: i64) -> Language {
        read(self.get(&format!("/api/language/{id}")).await).await
    }

    /// `GET /api/paymentmethods` on a site in a language.
    pub async fn payment_methods(&self, site_id: i64, language_id: i64) -> Vec<PaymentMethod> {
        read(
            self.get_in(site_id, language_id, "/api/paymentmethods")
                .await,
        )
        .await
    }

    /// `GET /api/routing/getbyurl?url={url}` on a site in a language (the url as given): the
    /// status and the answer, a [`Route`] (or `Value`, to compare it whole) when it is a 200.
    pub async fn route_by_url<T: DeserializeOwned>(
        &self,
        site_id: i64,
        language_id: i64,
        url: &str,
    ) -> (u16, T) {
        status_and(
            self.get_in(
                site_id,
                language_id,
                &format!("/api/routing/getbyurl?url={url}"),
            )
            .await,
        )
        .await
    }

    /// `POST /api/routing/geturl` on a site in a language: the path of a route.
    pub async fn url_of_route(&self, site_id: i64, language_id: i64, route: &Value) -> RouteUrl {
        read(
            self.post_json_in(site_id, language_id, "/api/routing/geturl", route)
                .await,
        )
        .await
    }
}
