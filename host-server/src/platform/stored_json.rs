//! Shapes the fixtures importer stores as JSON and request code reads back: localized texts,
//! links, footer columns, selling points and social links. They live here, not in
//! `fixtures`, so that request code never imports the importer (fixtures/README.md, "Field
//! reference", describes them as files).

use std::collections::BTreeMap;

use engine::locale::Culture;
use serde::{Deserialize, Deserializer};

/// A localized text: culture to text. `nl` is always present (Dutch is the source language).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Loc(pub BTreeMap<Culture, String>);

impl<'de> Deserialize<'de> for Loc {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Loc, D::Error> {
        let map = BTreeMap::<Culture, String>::deserialize(deserializer)?;
        if !map.contains_key(&Culture::Nl) {
            return Err(serde::de::Error::custom(
                "a localized text must have 'nl' (the source language)",
            ));
        }
        Ok(Loc(map))
    }
}

impl Loc {
    /// The cultures the text is written in.
    pub fn cultures(&self) -> Vec<Culture> {
        self.0.keys().copied().collect()
    }

    /// The text for exactly this culture.
    pub fn get(&self, culture: Culture) -> Option<&str> {
        self.0.get(&culture).map(String::as_str)
    }

    /// The text for `culture` by the engine's fallback rule.
    pub fn pick(&self, culture: Culture, site_fallback: Option<Culture>) -> &str {
        engine::locale::pick_text_culture(culture, site_fallback, &self.cultures())
            .and_then(|chosen| self.get(chosen))
            .unwrap_or_default()
    }

    /// The JSON text stored in the database.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.0).unwrap_or_else(|_| "{}".to_owned())
    }
}

/// A site's social media links, as imported and as the sites API answers them.
#[derive(Debug, Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SocialLinks {
    pub instagram: String,
    pub facebook: String,
    pub twitter: String,
    pub youtube: String,
    pub linkedin: String,
    pub tiktok: String,
}

/// Where a link goes: exactly one of the four is set.
#[derive(Debug, Deserialize, serde::Serialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LinkRoute {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page_key: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub landing_page_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub advice_overview: Option<bool>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Link {
    pub title: Loc,
    pub route: LinkRoute,
    pub target: String,
    pub site_ids: Option<Vec<i64>>,
    /// The links of the item's sub-menu (primary navigation only).
    #[serde(default)]
    pub children: Vec<Link>,
}

/// The home page of a brand (`content/homePages.json`, stored as `home_pages.content_json`).
#[derive(Debug, Deserialize, serde::Serialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HomePage {
    pub brand: String,
    pub hero: HomeHero,
    pub tiles: Vec<HomeTile>,
    /// The products shown as featured, in this order (those the site does not sell are left out).
    pub featured_product_ids: Vec<engine::ids::ProductId>,
    /// The products shown as offers, in this order.
    pub sale_product_ids: Vec<engine::ids::ProductId>,
}

/// The hero of a home page: a heading, a text, an image and the link of its button.
#[derive(Debug, Deserialize, serde::Serialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HomeHero {
    pub title: Loc,
    pub text: Loc,
    pub image: Option<String>,
    pub link_title: Loc,
    pub route: LinkRoute,
}

/// A category tile of a home page.
#[derive(Debug, Deserialize, serde::Serialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HomeTile {
    pub title: Loc,
    pub image: Option<String>,
    pub route: LinkRoute,
}

/// A column of a footer: a title and its links.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FooterColumn {
    pub title: Loc,
    pub links: Vec<Link>,
}

/// A unique selling point: an icon and a text.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Usp {
    pub icon: String,
    pub text: Loc,
}

/// The company that sells on a site, as its invoices name it (`sites.json` `seller`, stored as
/// `sites.seller_json`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Seller {
    pub legal_name: String,
    /// Street and number.
    pub street: String,
    pub postcode: String,
    pub city: String,
    pub country: String,
    /// The VAT identification number.
    pub vat_number: String,
    /// The trade register and number, e.g. `KvK 71234567`.
    pub chamber_of_commerce: String,
    /// The bank account customers pay a bank transfer into, as it is written for people
    /// (`NL91 ABNA 0417 1643 00`). The bank fields are empty in a block stored before they
    /// existed, until the fixtures are imported again; the order confirmation then shows no
    /// transfer instructions.
    #[serde(default)]
    pub iban: String,
    /// The bank's BIC, e.g. `ABNANL2A`.
    #[serde(default)]
    pub bic: String,
    /// The name the account is held in.
    #[serde(default)]
    pub account_holder: String,
}

/// A column holding a value as JSON text (a list of sites, of permissions), for
/// `sqlx::FromRow` rows and binds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StoredJson<T>(pub T);

impl<T> sqlx::Type<sqlx::Any> for StoredJson<T> {
    fn type_info() -> sqlx::any::AnyTypeInfo {
        <String as sqlx::Type<sqlx::Any>>::type_info()
    }

    fn compatible(ty: &sqlx::any::AnyTypeInfo) -> bool {
        <String as sqlx::Type<sqlx::Any>>::compatible(ty)
    }
}

impl<'q, T: serde::Serialize> sqlx::Encode<'q, sqlx::Any> for StoredJson<T> {
    fn encode_by_ref(
        &self,
        buffer: &mut <sqlx::Any as sqlx::Database>::ArgumentBuffer<'q>,
    ) -> Result<sqlx::encode::IsNull, sqlx::error::BoxDynError> {
        <String as sqlx::Encode<'q, sqlx::Any>>::encode(serde_json::to_string(&self.0)?, buffer)
    }
}

impl<'r, T: serde::de::DeserializeOwned> sqlx::Decode<'r, sqlx::Any> for StoredJson<T> {
    fn decode(
        value: sqlx::any::AnyValueRef<'r>,
    ) -> Result<StoredJson<T>, sqlx::error::BoxDynError> {
        let text = <String as sqlx::Decode<'r, sqlx::Any>>::decode(value)?;
        Ok(StoredJson(serde_json::from_str(&text)?))
    }
}
