//! Reads the catalog from the database into a [`CatalogInput`] for the search indexes.

use engine::ids::{ProductId, ProductVariantId};
use std::collections::HashMap;

use engine::locale::Culture;
use engine::unit_price::ContentUnit;
use sqlx::AnyPool;

use super::search::{
    CatalogInput, FacetFilter, FacetGroupInput, LandingPageInput, ProductInput, SiteLanguageInput,
    SynonymGroup, Texts, VariantInput,
};
use super::store::search_input as store;
use crate::platform::error::ApiError;
use crate::platform::labels::from_label;

/// A stored localized JSON object as a map (empty when it does not parse).
pub fn texts(json: &str) -> Texts {
    serde_json::from_str(json).unwrap_or_default()
}

/// A content unit as stored (`kg`, `g`, `l`, `ml`, `piece`).
pub fn content_unit(text: &str) -> Option<ContentUnit> {
    use serde::Deserialize;
    use serde::de::IntoDeserializer;
    let text: serde::de::value::StrDeserializer<'_, serde::de::value::Error> =
        text.into_deserializer();
    ContentUnit::deserialize(text).ok()
}

fn group_by<K: std::hash::Hash + Eq, V>(rows: Vec<(K, V)>) -> HashMap<K, Vec<V>> {
    let mut map: HashMap<K, Vec<V>> = HashMap::new();
    for (key, value) in rows {
        map.entry(key).or_default().push(value);
    }
    map
}

/// Reads everything the search indexes need.
pub async fn catalog_input(pool: &AnyPool) -> Result<CatalogInput, ApiError> {
    let groups = store::facet_groups(pool).await?;
    let values = store::facet_values(pool).await?;
    let mut values = group_by(
        values
            .into_iter()
            .map(|(group, key, name)| (group, (key, texts(&name))))
            .collect(),
    );
    let facet_groups = groups
        .into_iter()
        .map(|(key, kind, name)| {
            Ok(FacetGroupInput {
                values: values.remove(&key).unwrap_or_default(),
                kind: from_label("facet kind", &kind)?,
                key,
                name: texts(&name),
            })
        })
        .collect::<Result<_, ApiError>>()?;

    let products = store::products(pool).await?;
    let text_rows = store::product_texts(pool).await?;
    let mut product_texts: HashMap<i64, [Texts; 4]> = HashMap::new();
    for (product_id, culture, name, short, long, composition) in text_rows {
        let Ok(culture) = culture.parse::<Culture>() else {
            continue;
        };
        let entry = product_texts.entry(product_id).or_default();
        for (slot, text) in entry.iter_mut().zip([name, short, long, composition]) {
            if let Some(text) = text {
                slot.insert(culture, text);
            }
        }
    }
    let mut product_sites = group_by(store::product_sites(pool).await?);
    let mut product_facets = group_by(
        store::product_facets(pool)
            .await?
            .into_iter()
            .map(|(product, key, value)| (product, (key, value)))
            .collect(),
    );
    let variant_rows = store::variants(pool).await?;
    let mut variant_sites = group_by(store::variant_sites(pool).await?);
    let mut variant_product = HashMap::new();
    let mut variants: HashMap<i64, Vec<VariantInput>> = HashMap::new();
    for (variant_id, product_id, article_number, ean, price, amount, unit, stock, image) in
        variant_rows
    {
        let (Ok(price), Ok(content_amount), Some(content_unit)) =
            (price.parse(), amount.parse(), content_unit(&unit))
        else {
            return Err(ApiError::Internal(format!(
                "variant {variant_id} has an unreadable price or content"
            )));
        };
        variant_product.insert(variant_id, product_id);
        variants.entry(product_id).or_default().push(VariantInput {
            product_variant_id: ProductVariantId::new(variant_id),
            article_number,
            ean,
            price,
            content_amount,
            content_unit,
            stock,
            image,
            site_ids: variant_sites.remove(&variant_id).unwrap_or_default(),
        });
    }
    let routes = store::product_detail_routes(pool).await?;
    let mut urls: HashMap<i64, HashMap<(i64, i64), String>> = HashMap::new();
    for (site_id, language_id, key, path) in routes {
        let Some(variant) = key
            .strip_prefix("productDetail:")
            .and_then(|rest| rest.parse::<i64>().ok())
        else {
            continue;
        };
        if let Some(product) = variant_product.get(&variant) {
            urls.entry(*product)
                .or_default()
                .insert((site_id, language_id), path);
        }
    }
    let products = products
        .into_iter()
        .map(
            |(
                product_id,
                brand,
                product_group,
                rating_average,
                rating_count,
                created_on,
                image,
            )| {
                let [name, short_description, long_description, composition] =
                    product_texts.remove(&product_id).unwrap_or_default();
                let mut facets: HashMap<String, Vec<String>> = HashMap::new();
                for (key, value) in product_facets.remove(&product_id).unwrap_or_default() {
                    facets.entry(key).or_default().push(value);
                }
                ProductInput {
                    product_id: ProductId::new(product_id),
                    brand,
                    product_group,
                    name,
                    short_description,
                    long_description,
                    composition,
                    rating_average,
                    rating_count,
                    created_on,
                    image,
                    site_ids: product_sites.remove(&product_id).unwrap_or_default(),
                    facets,
                    variants: variants.remove(&product_id).unwrap_or_default(),
                    urls: urls.remove(&product_id).unwrap_or_default(),
                }
            },
        )
        .collect();

    let cultures: HashMap<i64, Culture> = store::languages(pool)
        .await?
        .into_iter()
        .filter_map(|(id, culture)| culture.parse().ok().map(|culture| (id, culture)))
        .collect();
    let sites = store::site_languages(pool).await?;
    let site_languages = sites
        .into_iter()
        .filter_map(|(site_id, language_id, fallback, reminder)| {
            Some(SiteLanguageInput {
                site_id,
                language_id,
                culture: *cultures.get(&language_id)?,
                fallback: cultures
                    .get(&fallback)
                    .copied()
                    .unwrap_or(engine::locale::ENGLISH),
                enable_stock_reminder_feature: reminder.into(),
            })
        })
        .collect();

    let landing_rows = store::landing_pages(pool).await?;
    let mut landing_sites = group_by(store::landing_page_sites(pool).await?);
    let mut landing_pages = HashMap::new();
    for (id, filter, default_sort) in landing_rows {
        let filter: FacetFilter = serde_json::from_str(&filter).map_err(|error| {
            ApiError::Internal(format!(
                "landing page {id} has an unreadable filter: {error}"
            ))
        })?;
        landing_pages.insert(
            id,
            LandingPageInput {
                site_ids: landing_sites.remove(&id).unwrap_or_default(),
                filter,
                default_sort,
            },
        );
    }
    let articles = store::advice_article_products(pool).await?;
    let mut advice_products: HashMap<i64, Vec<ProductId>> = HashMap::new();
    let categories = store::advice_categories(pool).await?;
    for (category,) in categories {
        advice_products.entry(category).or_default();
    }
    for (category, related) in articles {
        let ids: Vec<ProductId> = serde_json::from_str(&related).unwrap_or_default();
        let entry = advice_products.entry(category).or_default();
        for id in ids {
            if !entry.contains(&id) {
                entry.push(id);
            }
        }
    }
    let synonyms = store::synonyms(pool)
        .await?
        .into_iter()
        .map(|(language, words)| {
            let words = serde_json::from_str(&words).map_err(|error| {
                ApiError::Internal(format!("unreadable synonyms of {language}: {error}"))
            })?;
            Ok(SynonymGroup { language, words })
        })
        .collect::<Result<_, ApiError>>()?;
    Ok(CatalogInput {
        facet_groups,
        products,
        site_languages,
        landing_pages,
        advice_products,
        synonyms,
    })
}
