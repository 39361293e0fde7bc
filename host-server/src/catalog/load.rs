//! Reads the catalog from the database into a [`CatalogInput`] for the search indexes.

use engine::ids::{ProductId, ProductVariantId};
use std::collections::HashMap;

use engine::locale::Culture;
use engine::unit_price::ContentUnit;
use sqlx::AnyPool;

use super::search::{
    CatalogInput, FacetFilter, FacetGroupInput, LandingPageInput, ProductInput, SiteLanguageInput,
    Texts, VariantInput,
};
use crate::platform::error::ApiError;

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

type ProductRow = (
    i64,
    String,
    String,
    Option<String>,
    i64,
    String,
    Option<String>,
);
type TextRow = (
    i64,
    String,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
);
type VariantRow = (
    i64,
    i64,
    String,
    String,
    String,
    String,
    String,
    Option<i64>,
    Option<String>,
);

/// Reads everything the search indexes need.
pub async fn catalog_input(pool: &AnyPool) -> Result<CatalogInput, ApiError> {
    let groups: Vec<(String, String, String)> =
        sqlx::query_as("SELECT facet_key, kind, name_json FROM facet_groups ORDER BY position")
            .fetch_all(pool)
            .await?;
    let values: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT facet_key, value_key, name_json FROM facet_values ORDER BY facet_key, position",
    )
    .fetch_all(pool)
    .await?;
    let mut values = group_by(
        values
            .into_iter()
            .map(|(group, key, name)| (group, (key, texts(&name))))
            .collect(),
    );
    let facet_groups = groups
        .into_iter()
        .map(|(key, kind, name)| FacetGroupInput {
            values: values.remove(&key).unwrap_or_default(),
            key,
            kind,
            name: texts(&name),
        })
        .collect();

    let products: Vec<ProductRow> = sqlx::query_as(
        "SELECT product_id, brand, product_group, rating_average, rating_count, created_on, image FROM products ORDER BY product_id",
    )
    .fetch_all(pool)
    .await?;
    let text_rows: Vec<TextRow> =
        sqlx::query_as("SELECT product_id, culture, name, short_description, long_description, composition FROM product_texts")
            .fetch_all(pool)
            .await?;
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
    let mut product_sites = group_by(
        sqlx::query_as::<_, (i64, i64)>("SELECT product_id, site_id FROM product_sites")
            .fetch_all(pool)
            .await?,
    );
    let mut product_facets = group_by(
        sqlx::query_as::<_, (i64, String, String)>(
            "SELECT product_id, facet_key, value_key FROM product_facets",
        )
        .fetch_all(pool)
        .await?
        .into_iter()
        .map(|(product, key, value)| (product, (key, value)))
        .collect(),
    );
    let variant_rows: Vec<VariantRow> = sqlx::query_as(
        "SELECT product_variant_id, product_id, article_number, ean, price, content_amount, content_unit, stock, image \
         FROM variants ORDER BY product_id, position",
    )
    .fetch_all(pool)
    .await?;
    let mut variant_sites = group_by(
        sqlx::query_as::<_, (i64, i64)>("SELECT product_variant_id, site_id FROM variant_sites")
            .fetch_all(pool)
            .await?,
    );
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
    let routes: Vec<(i64, i64, String, String)> = sqlx::query_as(
        "SELECT site_id, language_id, route_key, path FROM routes WHERE route_type = 'productDetail'",
    )
    .fetch_all(pool)
    .await?;
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

    let cultures: HashMap<i64, Culture> =
        sqlx::query_as::<_, (i64, String)>("SELECT language_id, culture FROM languages")
            .fetch_all(pool)
            .await?
            .into_iter()
            .filter_map(|(id, culture)| culture.parse().ok().map(|culture| (id, culture)))
            .collect();
    let sites: Vec<(i64, i64, i64, crate::platform::db::Flag)> = sqlx::query_as(
        "SELECT s.site_id, l.language_id, s.fallback_language_id, s.enable_stock_reminder_feature \
         FROM sites s JOIN site_languages l ON l.site_id = s.site_id ORDER BY s.site_id, l.position",
    )
    .fetch_all(pool)
    .await?;
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

    let landing_rows: Vec<(i64, String, String)> =
        sqlx::query_as("SELECT landing_page_id, filter_json, default_sort FROM landing_pages")
            .fetch_all(pool)
            .await?;
    let mut landing_sites = group_by(
        sqlx::query_as::<_, (i64, i64)>("SELECT landing_page_id, site_id FROM landing_page_sites")
            .fetch_all(pool)
            .await?,
    );
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
    let articles: Vec<(i64, String)> =
        sqlx::query_as("SELECT advice_category_id, related_product_ids_json FROM advice_articles")
            .fetch_all(pool)
            .await?;
    let mut advice_products: HashMap<i64, Vec<ProductId>> = HashMap::new();
    let categories: Vec<(i64,)> =
        sqlx::query_as("SELECT advice_category_id FROM advice_categories")
            .fetch_all(pool)
            .await?;
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
    Ok(CatalogInput {
        facet_groups,
        products,
        site_languages,
        landing_pages,
        advice_products,
    })
}
