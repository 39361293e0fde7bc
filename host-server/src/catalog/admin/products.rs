//! The back office's catalog: products found by name, key, article number or EAN with their
//! variants' prices and stock; one product with its texts in each of the shop's cultures, what
//! each culture lacks and which culture a visitor there reads instead, and each variant's price
//! history; and a product's texts in one culture changed (`catalog.edit`).
//!
//! Who changes products, prices or stock sees them: the list and a product need `catalog.edit`,
//! `stock.edit` or `prices.edit`.

use std::collections::BTreeMap;

use axum::extract::State;
use engine::ids::{ProductId, ProductVariantId};
use engine::locale::{Culture, TextFallbackRequest, reads_in_own_language};
use engine::money::Money;
use engine::validation::FormName;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::scheduled_prices::ScheduledPrice;
use crate::AppState;
use crate::audit::{self, Event};
use crate::catalog::events;
use crate::catalog::store::admin::{self as store, ProductRow, TextsRow, VariantRow};
use crate::catalog::store::products::price_history;
use crate::platform::access::{Authorized, permission};
use crate::platform::db::containing;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path, Query, path_number};
use crate::platform::listing::SearchQuery;
use crate::platform::validation::NamedForm;
use crate::staff::{euro_text, screen_culture};

/// A variant with its price and stock.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CatalogVariant {
    pub product_variant_id: ProductVariantId,
    pub article_number: String,
    pub ean: String,
    /// Its label (`Starter pack`), else its content (`20 kg`).
    pub label: String,
    /// Euro, including VAT.
    pub price: Money,
    /// The price as the member's language writes it (`€ 32,95`), by the engine.
    pub price_text: String,
    /// `null`: not counted.
    pub stock: Option<i64>,
}

/// A product as the catalog list shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CatalogProduct {
    pub product_id: ProductId,
    pub product_key: String,
    /// In Dutch, the shop's source language, or as the engine's fallback chain finds it.
    pub name: Option<String>,
    pub product_group: String,
    pub brand: String,
    pub variants: Vec<CatalogVariant>,
    /// The cultures whose visitors read at least one of the product's texts in another
    /// language, or not at all.
    pub incomplete_cultures: Vec<Culture>,
}

/// A page of products.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CatalogProductList {
    pub total: i64,
    pub page: u32,
    pub page_size: u32,
    pub products: Vec<CatalogProduct>,
}

/// A text of a product.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ProductTextField {
    Name,
    ShortDescription,
    LongDescription,
    Composition,
}

impl ProductTextField {
    const ALL: [ProductTextField; 4] = [
        ProductTextField::Name,
        ProductTextField::ShortDescription,
        ProductTextField::LongDescription,
        ProductTextField::Composition,
    ];

    fn of(self, texts: &TextsRow) -> Option<&str> {
        match self {
            ProductTextField::Name => texts.name.as_deref(),
            ProductTextField::ShortDescription => texts.short_description.as_deref(),
            ProductTextField::LongDescription => texts.long_description.as_deref(),
            ProductTextField::Composition => texts.composition.as_deref(),
        }
    }
}

/// A text a culture lacks, and the culture a visitor there reads it in instead.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MissingText {
    pub field: ProductTextField,
    /// By the shop's fallback chain (without a site's own fallback language); `null` when no
    /// culture has it.
    pub shown_from: Option<Culture>,
}

/// A product's texts in one culture.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CultureTexts {
    pub culture: Culture,
    pub name: Option<String>,
    pub short_description: Option<String>,
    pub long_description: Option<String>,
    pub composition: Option<String>,
    /// The texts this culture lacks itself.
    pub missing: Vec<MissingText>,
    /// Whether a visitor in this culture reads every text in its language: its own, or that
    /// of its parent culture (`de` for `de-AT`).
    pub complete: bool,
}

/// A list price from the day it took effect.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PricePoint {
    /// ISO 8601 date.
    pub valid_from: String,
    pub price: Money,
    /// The price as the member's language writes it, by the engine.
    pub price_text: String,
}

/// A variant with its list prices, newest first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CatalogVariantRecord {
    #[serde(flatten)]
    pub variant: CatalogVariant,
    pub price_history: Vec<PricePoint>,
    /// The prices that take effect on later days, soonest first.
    pub scheduled_prices: Vec<ScheduledPrice>,
}

/// One product as the back office edits it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CatalogProductRecord {
    pub product_id: ProductId,
    pub product_key: String,
    pub product_group: String,
    pub brand: String,
    /// One entry per culture of the shop, in the shop's order of cultures.
    pub texts: Vec<CultureTexts>,
    pub variants: Vec<CatalogVariantRecord>,
}

/// A product's texts in one culture, all four given; empty or `null` removes a text.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProductTextsChange {
    /// Required, at most 150 characters.
    name: Option<String>,
    /// At most 500 characters.
    short_description: Option<String>,
    /// Markdown, at most 10,000 characters.
    long_description: Option<String>,
    /// At most 10,000 characters.
    composition: Option<String>,
}

/// Finds products by part of a name or key, or by article number or EAN.
#[utoipa::path(
    get,
    path = "/api/backoffice/products",
    tag = "backoffice",
    operation_id = "searchCatalog",
    params(SearchQuery),
    security(
        ("staffSession" = ["catalog.edit"]), ("staffSession" = ["stock.edit"]), ("staffSession" = ["prices.edit"]),
        ("integrationKey" = ["catalog.edit"]), ("integrationKey" = ["stock.edit"]), ("integrationKey" = ["prices.edit"])
    ),
    responses(
        (status = 200, description = "A page of products, by id", body = CatalogProductList),
        (status = 400, description = "An invalid `p` or `ps`, or a `q` of more than 100 characters", body = ErrorBody),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`", body = ErrorBody),
    )
)]
pub async fn search_catalog(
    State(state): State<AppState>,
    caller: Authorized<permission::CatalogView>,
    Query(query): Query<SearchQuery>,
) -> Result<Json<CatalogProductList>, ApiError> {
    let paging = query.paging()?;
    let text = query.text()?;
    let pool = state.db.pool();
    let culture = screen_culture(pool, &caller).await?;
    let total = store::count_products(pool, &containing(text), text).await?;
    let products = products_page(
        &state,
        text,
        culture,
        i64::from(paging.page_size),
        i64::try_from(paging.offset()).unwrap_or(i64::MAX),
    )
    .await?;
    Ok(Json(CatalogProductList {
        total,
        page: paging.page,
        page_size: paging.page_size,
        products,
    }))
}

/// Up to `limit` of the products `text` finds, by id, from the `offset`th on, as the list
/// shows them.
pub(super) async fn products_page(
    state: &AppState,
    text: &str,
    culture: Culture,
    limit: i64,
    offset: i64,
) -> Result<Vec<CatalogProduct>, ApiError> {
    let pool = state.db.pool();
    let rows = store::product_page(pool, &containing(text), text, limit, offset).await?;
    let ids: Vec<ProductId> = rows.iter().map(|row| row.product_id).collect();
    let mut texts = grouped(store::texts_of(pool, &ids).await?, |row| row.product_id);
    let mut variants = grouped(store::variants_of(pool, &ids).await?, |row| row.product_id);
    rows.into_iter()
        .map(|row| {
            let texts = texts.remove(&row.product_id).unwrap_or_default();
            let variants = variants.remove(&row.product_id).unwrap_or_default();
            summary_of(row, &texts, variants, culture)
        })
        .collect()
}

/// One product with its texts in every culture, what each lacks, and its variants' prices.
#[utoipa::path(
    get,
    path = "/api/backoffice/products/{productId}",
    tag = "backoffice",
    operation_id = "catalogProduct",
    params(("productId" = i64, Path, description = "The product")),
    security(
        ("staffSession" = ["catalog.edit"]), ("staffSession" = ["stock.edit"]), ("staffSession" = ["prices.edit"]),
        ("integrationKey" = ["catalog.edit"]), ("integrationKey" = ["stock.edit"]), ("integrationKey" = ["prices.edit"])
    ),
    responses(
        (status = 200, description = "The product", body = CatalogProductRecord),
        (status = 400, description = "The id is not a whole number", body = ErrorBody),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`", body = ErrorBody),
        (status = 404, description = "No such product", body = ErrorBody),
    )
)]
pub async fn catalog_product(
    State(state): State<AppState>,
    caller: Authorized<permission::CatalogView>,
    Path(id): Path<String>,
) -> Result<Json<CatalogProductRecord>, ApiError> {
    let product_id: ProductId = path_number(&id, "productId")?;
    let culture = screen_culture(state.db.pool(), &caller).await?;
    Ok(Json(record_of(&state, product_id, culture).await?))
}

/// Changes a product's texts in one culture; the storefront and its search show them within
/// moments on every server.
#[utoipa::path(
    put,
    path = "/api/backoffice/products/{productId}/texts/{culture}",
    tag = "backoffice",
    operation_id = "changeProductTexts",
    params(
        ("productId" = i64, Path, description = "The product"),
        ("culture" = Culture, Path, description = "The culture of the texts"),
    ),
    request_body = ProductTextsChange,
    security(("staffSession" = ["catalog.edit"]), ("integrationKey" = ["catalog.edit"])),
    responses(
        (status = 200, description = "The product as changed", body = CatalogProductRecord),
        (status = 400, description = "A text breaks a rule (`fieldErrors` names it), an unknown culture or field", body = ErrorBody),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied` or `errors.crossSiteRequest`", body = ErrorBody),
        (status = 404, description = "No such product", body = ErrorBody),
    )
)]
pub async fn change_product_texts(
    State(state): State<AppState>,
    caller: Authorized<permission::CatalogEdit>,
    Path((id, culture)): Path<(String, String)>,
    Json(change): Json<ProductTextsChange>,
) -> Result<Json<CatalogProductRecord>, ApiError> {
    let product_id: ProductId = path_number(&id, "productId")?;
    let culture: Culture = culture.parse().map_err(|_| {
        ApiError::field(
            "culture",
            "validation.invalid",
            "culture is one of the shop's cultures, e.g. nl or fr-FR",
        )
    })?;
    let texts = texts_of_change(product_id, culture, change);
    NamedForm::new(FormName::ProductTexts)
        .value("name", texts.name.as_deref())
        .value("shortDescription", texts.short_description.as_deref())
        .value("longDescription", texts.long_description.as_deref())
        .value("composition", texts.composition.as_deref())
        .check()?;
    if store::product(state.db.pool(), product_id).await?.is_none() {
        return Err(ApiError::NotFound);
    }
    let mut transaction = state.db.begin_change().await?;
    let before = store::texts_in(&mut transaction, product_id, culture.as_str())
        .await?
        .unwrap_or_default();
    store::set_texts(&mut transaction, &texts).await?;
    let mut event = Event::new("product.texts", "product", product_id.get());
    for field in ProductTextField::ALL {
        let name = format!("{}.{}", culture.as_str(), field_name(field));
        event = event.field(&name, field.of(&before), field.of(&texts));
    }
    audit::record(&mut transaction, &caller, event).await?;
    transaction.commit().await?;
    events::changed(&state).await?;
    let culture = screen_culture(state.db.pool(), &caller).await?;
    Ok(Json(record_of(&state, product_id, culture).await?))
}

/// The field's name as the API and the audit trail write it.
fn field_name(field: ProductTextField) -> &'static str {
    match field {
        ProductTextField::Name => "name",
        ProductTextField::ShortDescription => "shortDescription",
        ProductTextField::LongDescription => "longDescription",
        ProductTextField::Composition => "composition",
    }
}

/// The texts to store: trimmed, an empty text as none.
fn texts_of_change(
    product_id: ProductId,
    culture: Culture,
    change: ProductTextsChange,
) -> TextsRow {
    let kept = |text: Option<String>| {
        text.map(|text| text.trim().to_owned())
            .filter(|text| !text.is_empty())
    };
    TextsRow {
        product_id,
        culture: culture.as_str().to_owned(),
        name: kept(change.name),
        short_description: kept(change.short_description),
        long_description: kept(change.long_description),
        composition: kept(change.composition),
    }
}

async fn record_of(
    state: &AppState,
    product_id: ProductId,
    culture: Culture,
) -> Result<CatalogProductRecord, ApiError> {
    let pool = state.db.pool();
    let product = store::product(pool, product_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let texts = store::texts_of(pool, &[product_id]).await?;
    let variants = store::variants_of(pool, &[product_id]).await?;
    let variant_ids: Vec<ProductVariantId> =
        variants.iter().map(|row| row.product_variant_id).collect();
    let mut prices = grouped(
        price_history(pool, &variant_ids.iter().copied().collect()).await?,
        |row| row.product_variant_id,
    );
    let mut scheduled = grouped(store::scheduled_prices(pool, &variant_ids).await?, |row| {
        row.product_variant_id
    });
    Ok(CatalogProductRecord {
        product_id,
        product_key: product.product_key,
        product_group: product.product_group,
        brand: product.brand,
        texts: cultures_of(&texts),
        variants: variants
            .into_iter()
            .map(|row| {
                let history = prices.remove(&row.product_variant_id).unwrap_or_default();
                let later = scheduled
                    .remove(&row.product_variant_id)
                    .unwrap_or_default();
                Ok(CatalogVariantRecord {
                    scheduled_prices: later
                        .into_iter()
                        .map(|row| ScheduledPrice::of(row.valid_from, row.price, culture))
                        .collect::<Result<_, ApiError>>()?,
                    variant: variant_of(row, culture)?,
                    price_history: history
                        .into_iter()
                        .map(|change| {
                            Ok(PricePoint {
                                valid_from: change.valid_from.to_iso(),
                                price: change.price,
                                price_text: euro_text(change.price, culture)?,
                            })
                        })
                        .collect::<Result<_, ApiError>>()?,
                })
            })
            .collect::<Result<_, ApiError>>()?,
    })
}

fn summary_of(
    row: ProductRow,
    texts: &[TextsRow],
    variants: Vec<VariantRow>,
    culture: Culture,
) -> Result<CatalogProduct, ApiError> {
    let cultures = cultures_of(texts);
    // The name in the shop's source language, or where its fallback chain finds one.
    let named: Vec<Culture> = cultures
        .iter()
        .filter(|texts| texts.name.is_some())
        .map(|texts| texts.culture)
        .collect();
    let shown = TextFallbackRequest {
        culture: Culture::Nl,
        site_fallback: None,
        available: named,
    }
    .resolve()
    .culture;
    let name = cultures
        .iter()
        .find(|texts| Some(texts.culture) == shown)
        .and_then(|texts| texts.name.clone());
    Ok(CatalogProduct {
        product_id: row.product_id,
        product_key: row.product_key,
        name,
        product_group: row.product_group,
        brand: row.brand,
        variants: variants
            .into_iter()
            .map(|row| variant_of(row, culture))
            .collect::<Result<_, ApiError>>()?,
        incomplete_cultures: cultures
            .iter()
            .filter(|texts| !texts.complete)
            .map(|texts| texts.culture)
            .collect(),
    })
}

fn variant_of(row: VariantRow, culture: Culture) -> Result<CatalogVariant, ApiError> {
    let label = row
        .variant_label
        .unwrap_or_else(|| format!("{} {}", row.content_amount, row.content_unit));
    Ok(CatalogVariant {
        product_variant_id: row.product_variant_id,
        article_number: row.article_number,
        ean: row.ean,
        label,
        price_text: euro_text(row.price, culture)?,
        price: row.price,
        stock: row.stock,
    })
}

/// The product's texts in each of the shop's cultures, with what each lacks and the culture
/// the engine's fallback chain shows instead.
fn cultures_of(texts: &[TextsRow]) -> Vec<CultureTexts> {
    let of = |culture: Culture| {
        texts
            .iter()
            .find(|row| row.culture == culture.as_str())
            .cloned()
            .unwrap_or_default()
    };
    let having = |field: ProductTextField| -> Vec<Culture> {
        Culture::ALL
            .into_iter()
            .filter(|culture| field.of(&of(*culture)).is_some())
            .collect()
    };
    let available: Vec<(ProductTextField, Vec<Culture>)> = ProductTextField::ALL
        .into_iter()
        .map(|field| (field, having(field)))
        .collect();
    Culture::ALL
        .into_iter()
        .map(|culture| {
            let row = of(culture);
            let missing = available
                .iter()
                .filter(|(field, _)| field.of(&row).is_none())
                .map(|(field, cultures)| MissingText {
                    field: *field,
                    shown_from: TextFallbackRequest {
                        culture,
                        site_fallback: None,
                        available: cultures.clone(),
                    }
                    .resolve()
                    .culture,
                })
                .collect::<Vec<MissingText>>();
            let complete = missing
                .iter()
                .all(|text| reads_in_own_language(culture, text.shown_from));
            CultureTexts {
                culture,
                complete,
                name: row.name,
                short_description: row.short_description,
                long_description: row.long_description,
                composition: row.composition,
                missing,
            }
        })
        .collect()
}

/// Rows by a key, in their order.
fn grouped<K: Ord, R>(rows: Vec<R>, key: impl Fn(&R) -> K) -> BTreeMap<K, Vec<R>> {
    let mut groups: BTreeMap<K, Vec<R>> = BTreeMap::new();
    for row in rows {
        groups.entry(key(&row)).or_default().push(row);
    }
    groups
}
