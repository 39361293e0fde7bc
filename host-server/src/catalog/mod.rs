//! The catalog read API (specification sections 3 and 7): product search, product detail by
//! variant and the reviews of a product.
//!
//! Search runs on in-memory indexes ([`search::SearchIndex`]) built from the database at start
//! and rebuilt after every fixture import: the import in this process calls
//! [`SearchService::rebuild`], and a background task rebuilds when another process (the
//! `import-fixtures` command) changed `app_meta.fixtures_digest`.

pub mod load;
pub mod search;
mod submissions;

use std::sync::{Arc, RwLock};
use std::time::Duration;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use engine::stock::{StockStateRequest, stock_state};
use engine::unit_price::{UnitPriceRequest, unit_prices};
use serde::Deserialize;
use serde_json::{Value, json};
use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};

use crate::AppState;
use crate::app::LONG_CACHE;
use crate::context::RequestContext;
use crate::db::Database;
use crate::error::ApiError;
use crate::sites::site_language;
use search::{SearchIndex, SearchRequest, pick};

/// The nutrient table's rows in display order (specification section 3: dry matter, crude
/// protein, sugar, energy DE and EWpa, minerals, trace elements, vitamins), with their group and
/// unit (per kg as fed, `fixtures/README.md`).
pub const NUTRIENTS: &[(&str, &str, &str)] = &[
    ("dryMatterPercent", "analysis", "%"),
    ("crudeProtein", "analysis", "g/kg"),
    ("sugar", "analysis", "g/kg"),
    ("crudeFibre", "analysis", "g/kg"),
    ("crudeFat", "analysis", "g/kg"),
    ("crudeAsh", "analysis", "g/kg"),
    ("digestibleEnergyMj", "energy", "MJ/kg"),
    ("ewpa", "energy", "EWpa/kg"),
    ("calcium", "minerals", "g/kg"),
    ("phosphorus", "minerals", "g/kg"),
    ("magnesium", "minerals", "g/kg"),
    ("sodium", "minerals", "g/kg"),
    ("potassium", "minerals", "g/kg"),
    ("copper", "traceElements", "mg/kg"),
    ("zinc", "traceElements", "mg/kg"),
    ("manganese", "traceElements", "mg/kg"),
    ("selenium", "traceElements", "mg/kg"),
    ("vitaminA", "vitamins", "IU/kg"),
    ("vitaminD3", "vitamins", "IU/kg"),
    ("vitaminE", "vitamins", "mg/kg"),
    ("biotin", "vitamins", "mg/kg"),
];

/// How often the background task looks for an import by another process.
const REFRESH_INTERVAL: Duration = Duration::from_secs(30);

/// The current search indexes; replaced whole when the catalog changes.
pub struct SearchService {
    index: RwLock<Arc<SearchIndex>>,
    digest: RwLock<Option<String>>,
}

async fn fixtures_digest(pool: &AnyPool) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT value FROM app_meta WHERE key = 'fixtures_digest'")
            .fetch_optional(pool)
            .await?;
    Ok(row.map(|(digest,)| digest))
}

impl SearchService {
    /// Builds the indexes from the database.
    pub async fn load(db: &Database) -> Result<SearchService, ApiError> {
        let service = SearchService {
            index: RwLock::new(Arc::new(SearchIndex::empty())),
            digest: RwLock::new(None),
        };
        service.rebuild(db).await?;
        Ok(service)
    }

    /// Reads the catalog again and swaps in new indexes.
    pub async fn rebuild(&self, db: &Database) -> Result<(), ApiError> {
        let digest = fixtures_digest(db.pool()).await?;
        let input = load::catalog_input(db.pool()).await?;
        let started = std::time::Instant::now();
        let index = tokio::task::spawn_blocking(move || SearchIndex::build(&input))
            .await
            .map_err(|error| ApiError::Internal(format!("index build task: {error}")))??;
        tracing::info!(
            build_ms = started.elapsed().as_millis() as u64,
            "search indexes built"
        );
        if let Ok(mut slot) = self.index.write() {
            *slot = Arc::new(index);
        }
        if let Ok(mut slot) = self.digest.write() {
            *slot = digest;
        }
        Ok(())
    }

    /// The indexes in use now.
    pub fn current(&self) -> Arc<SearchIndex> {
        match self.index.read() {
            Ok(index) => Arc::clone(&index),
            Err(poisoned) => Arc::clone(&poisoned.into_inner()),
        }
    }

    /// Rebuilds when the fixtures digest in the database differs from the one indexed.
    pub async fn refresh_if_changed(&self, db: &Database) -> Result<bool, ApiError> {
        let digest = fixtures_digest(db.pool()).await?;
        let known = self
            .digest
            .read()
            .map(|known| known.clone())
            .unwrap_or_default();
        if digest == known {
            return Ok(false);
        }
        self.rebuild(db).await?;
        Ok(true)
    }

    /// Starts the background task that picks up imports by other processes.
    pub fn watch(service: Arc<SearchService>, db: Database) {
        tokio::spawn(async move {
            let mut interval = tokio::time::interval(REFRESH_INTERVAL);
            interval.tick().await;
            loop {
                interval.tick().await;
                if let Err(error) = service.refresh_if_changed(&db).await {
                    tracing::warn!(%error, "search index refresh failed");
                }
            }
        });
    }
}

/// The routes of this area.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/products/search", post(search_products))
        .route(
            "/api/products/variant/{productVariantId}",
            get(variant_detail),
        )
        .route(
            "/api/products/{productId}/reviews",
            get(reviews).post(submissions::write_review),
        )
        .route(
            "/api/products/variant/{productVariantId}/stockreminder",
            post(submissions::remind_when_in_stock),
        )
}

async fn search_products(
    State(state): State<AppState>,
    context: RequestContext,
    crate::extract::Json(request): crate::extract::Json<SearchRequest>,
) -> Result<Json<search::SearchResponse>, ApiError> {
    let site = site_language(state.db.pool(), context).await?;
    let index = state.search.current();
    Ok(Json(index.search(
        site.site_id,
        site.language_id,
        &request,
    )?))
}

/// A path id: a whole number, else a 400 naming the parameter.
pub fn path_id(text: &str, name: &str) -> Result<i64, ApiError> {
    text.trim().parse().map_err(|_| {
        ApiError::field(
            name,
            "validation.invalid",
            format!("{name} must be a whole number"),
        )
    })
}

type TextRow = (
    String,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
);
type ReviewRow = (i64, String, i64, i64, String, String, i64, Option<String>);
type DetailRow = (
    i64,
    String,
    i64,
    String,
    String,
    String,
    Option<String>,
    Option<String>,
    i64,
    Option<String>,
);
fn variant_json(
    row: &AnyRow,
    reminder: bool,
    urls: &[(String, String)],
) -> Result<Value, ApiError> {
    let id: i64 = row.try_get("product_variant_id")?;
    let price: String = row.try_get("price")?;
    let amount: String = row.try_get("content_amount")?;
    let unit: String = row.try_get("content_unit")?;
    let stock: Option<i64> = row.try_get("stock")?;
    let parsed_price: engine::money::Money = price
        .parse()
        .map_err(|_| ApiError::Internal(format!("variant {id} price")))?;
    let content_unit = load::content_unit(&unit)
        .ok_or_else(|| ApiError::Internal(format!("variant {id} unit")))?;
    let content_amount = amount
        .parse()
        .map_err(|_| ApiError::Internal(format!("variant {id} content")))?;
    let unit_price = unit_prices(&UnitPriceRequest {
        price: parsed_price,
        amount: content_amount,
        unit: content_unit,
    })?;
    let stock_state = stock_state(&StockStateRequest {
        stock,
        enable_stock_reminder_feature: reminder,
    })?;
    let key = format!("productDetail:{id}:article");
    let url = urls
        .iter()
        .find(|(route_key, _)| *route_key == key)
        .map(|(_, path)| path);
    Ok(json!({
        "productVariantId": id,
        "articleNumber": row.try_get::<String, _>("article_number")?,
        "ean": row.try_get::<String, _>("ean")?,
        "packaging": row.try_get::<String, _>("packaging")?,
        "content": {"amount": amount, "unit": unit},
        "variantLabel": row.try_get::<Option<String>, _>("variant_label")?,
        "colour": row.try_get::<Option<String>, _>("colour")?,
        "weightKg": row.try_get::<f64, _>("weight_kg")?,
        "dimensionsCm": {
            "length": row.try_get::<f64, _>("length_cm")?,
            "width": row.try_get::<f64, _>("width_cm")?,
            "height": row.try_get::<f64, _>("height_cm")?,
        },
        "quantityPerPallet": row.try_get::<i64, _>("quantity_per_pallet")?,
        "shelfLifeMonths": row.try_get::<Option<i64>, _>("shelf_life_months")?,
        "deliveryTime": {
            "minDays": row.try_get::<i64, _>("delivery_min_days")?,
            "maxDays": row.try_get::<i64, _>("delivery_max_days")?,
        },
        "price": parsed_price.to_string(),
        "vatType": row.try_get::<String, _>("vat_type")?,
        "unitPrice": unit_price,
        "stock": {
            "state": stock_state.state,
            "orderable": stock_state.orderable,
            "stockReminderAvailable": stock_state.stock_reminder_available,
            "enableStockReminderFeature": reminder,
        },
        "image": row.try_get::<Option<String>, _>("image")?,
        "url": url,
    }))
}

const VARIANT_COLUMNS: &str = "v.product_variant_id, v.article_number, v.ean, v.packaging, v.content_amount, v.content_unit, v.variant_label, \
     v.colour, v.weight_kg, v.length_cm, v.width_cm, v.height_cm, v.quantity_per_pallet, v.shelf_life_months, v.delivery_min_days, \
     v.delivery_max_days, v.price, v.vat_type, v.stock, v.image";

async fn variant_detail(
    State(state): State<AppState>,
    context: RequestContext,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let variant_id = path_id(&id, "productVariantId")?;
    let pool = state.db.pool();
    let site = site_language(pool, context).await?;
    let sold: Option<(i64,)> = sqlx::query_as(
        "SELECT v.product_id FROM variants v JOIN variant_sites s ON s.product_variant_id = v.product_variant_id \
         WHERE v.product_variant_id = $1 AND s.site_id = $2",
    )
    .bind(variant_id)
    .bind(site.site_id)
    .fetch_optional(pool)
    .await?;
    let Some((product_id,)) = sold else {
        return Err(ApiError::NotFound);
    };
    let product: DetailRow = sqlx::query_as(
        "SELECT product_id, product_key, product_type, product_group, brand, colour, energy_level, rating_average, rating_count, image \
         FROM products WHERE product_id = $1",
    )
    .bind(product_id)
    .fetch_one(pool)
    .await?;
    let (
        _,
        product_key,
        product_type,
        product_group,
        brand,
        product_colour,
        energy_level,
        rating_average,
        rating_count,
        product_image,
    ) = product;
    let texts: Vec<TextRow> =
        sqlx::query_as("SELECT culture, name, short_description, long_description, composition FROM product_texts WHERE product_id = $1")
            .bind(product_id)
            .fetch_all(pool)
            .await?;
    let mut localized: [search::Texts; 4] = Default::default();
    for (culture, name, short, long, composition) in texts {
        let Ok(culture) = culture.parse() else {
            continue;
        };
        for (slot, text) in localized.iter_mut().zip([name, short, long, composition]) {
            if let Some(text) = text {
                slot.insert(culture, text);
            }
        }
    }
    let [name, short, long, composition] =
        localized.map(|texts| pick(&texts, site.culture, site.fallback));
    let (reminder,): (i64,) =
        sqlx::query_as("SELECT enable_stock_reminder_feature FROM sites WHERE site_id = $1")
            .bind(site.site_id)
            .fetch_one(pool)
            .await?;
    let variants: Vec<AnyRow> = sqlx::query(&format!(
        "SELECT {VARIANT_COLUMNS} FROM variants v JOIN variant_sites s ON s.product_variant_id = v.product_variant_id \
         WHERE v.product_id = $1 AND s.site_id = $2 ORDER BY v.position"
    ))
    .bind(product_id)
    .bind(site.site_id)
    .fetch_all(pool)
    .await?;
    let routes: Vec<(String, String)> = sqlx::query_as(
        "SELECT route_key, path FROM routes WHERE site_id = $1 AND language_id = $2 AND route_type = 'productDetail' AND route_key LIKE $3",
    )
    .bind(site.site_id)
    .bind(site.language_id)
    .bind("productDetail:%:article")
    .fetch_all(pool)
    .await?;
    let mut nutrients: Vec<(String, f64)> =
        sqlx::query_as("SELECT nutrient, amount FROM product_nutrients WHERE product_id = $1")
            .bind(product_id)
            .fetch_all(pool)
            .await?;
    nutrients.sort_by_key(|(nutrient, _)| {
        NUTRIENTS
            .iter()
            .position(|(known, _, _)| known == nutrient)
            .unwrap_or(NUTRIENTS.len())
    });
    let reminder = reminder != 0;
    let mut this = Value::Null;
    let mut others = Vec::new();
    for row in &variants {
        let value = variant_json(row, reminder, &routes)?;
        if value["productVariantId"] == json!(variant_id) {
            this = value;
        } else {
            others.push(value);
        }
    }
    let Value::Object(mut body) = this else {
        return Err(ApiError::NotFound);
    };
    if body.get("colour").is_some_and(Value::is_null) {
        body.insert("colour".to_owned(), json!(product_colour));
    }
    if body.get("image").is_some_and(Value::is_null) {
        body.insert("image".to_owned(), json!(product_image));
    }
    body.insert("productId".to_owned(), json!(product_id));
    body.insert("productKey".to_owned(), json!(product_key));
    body.insert("productType".to_owned(), json!(product_type));
    body.insert("productGroup".to_owned(), json!(product_group));
    body.insert("brand".to_owned(), json!(brand));
    body.insert("name".to_owned(), json!(name));
    body.insert("shortDescription".to_owned(), json!(short));
    body.insert("longDescription".to_owned(), json!(long));
    body.insert("composition".to_owned(), json!(composition));
    body.insert("energyLevel".to_owned(), json!(energy_level));
    body.insert(
        "rating".to_owned(),
        json!({"average": rating_average, "count": rating_count}),
    );
    body.insert(
        "nutrients".to_owned(),
        Value::Array(
            nutrients
                .into_iter()
                .map(|(nutrient, amount)| {
                    let (group, unit) = NUTRIENTS
                        .iter()
                        .find(|(known, _, _)| *known == nutrient)
                        .map_or(("other", ""), |(_, group, unit)| (*group, *unit));
                    json!({"nutrient": nutrient, "group": group, "amount": amount, "unit": unit})
                })
                .collect(),
        ),
    );
    body.insert("otherVariants".to_owned(), Value::Array(others));
    Ok(Json(Value::Object(body)))
}

#[derive(Debug, Deserialize)]
struct PageQuery {
    p: Option<String>,
    ps: Option<String>,
}

/// `p` and `ps` of a query: absent gives the defaults, anything else must be a valid page.
pub fn paging_of(p: Option<&str>, ps: Option<&str>) -> Result<engine::url::Paging, ApiError> {
    let number = |value: Option<&str>, name: &str| -> Result<Option<i64>, ApiError> {
        value
            .filter(|value| !value.trim().is_empty())
            .map(|value| {
                value.trim().parse::<i64>().map_err(|_| {
                    ApiError::field(
                        name,
                        "validation.invalid",
                        format!("{name} must be a whole number"),
                    )
                })
            })
            .transpose()
    };
    let page = number(p, "p")?;
    let size = number(ps, "ps")?;
    engine::url::Paging::from_request(page, size).map_err(|error| {
        let field = if page.is_some_and(|page| page < 1) {
            "p"
        } else {
            "ps"
        };
        ApiError::field(field, "validation.invalid", error.to_string())
    })
}

async fn reviews(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<PageQuery>,
) -> Result<Response, ApiError> {
    let product_id = path_id(&id, "productId")?;
    let paging = paging_of(query.p.as_deref(), query.ps.as_deref())?;
    let pool = state.db.pool();
    let product: Option<(Option<String>, i64)> =
        sqlx::query_as("SELECT rating_average, rating_count FROM products WHERE product_id = $1")
            .bind(product_id)
            .fetch_optional(pool)
            .await?;
    let Some((average, _)) = product else {
        return Err(ApiError::NotFound);
    };
    let (count,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM reviews WHERE product_id = $1 AND status = 'approved'",
    )
    .bind(product_id)
    .fetch_one(pool)
    .await?;
    let rows: Vec<ReviewRow> = sqlx::query_as(
        "SELECT r.review_id, r.reviewer_name, r.language_id, r.rating, r.title, r.body, r.created_at, l.culture \
         FROM reviews r LEFT JOIN languages l ON l.language_id = r.language_id \
         WHERE r.product_id = $1 AND r.status = 'approved' ORDER BY r.created_at DESC, r.review_id DESC LIMIT $2 OFFSET $3",
    )
    .bind(product_id)
    .bind(i64::from(paging.page_size))
    .bind(i64::try_from(paging.offset()).unwrap_or(i64::MAX))
    .fetch_all(pool)
    .await?;
    let reviews: Vec<Value> = rows
        .into_iter()
        .map(
            |(review_id, reviewer, language_id, rating, title, text, created_at, culture)| {
                json!({
                    "reviewId": review_id,
                    "reviewerName": reviewer,
                    "rating": rating,
                    "title": title,
                    "text": text,
                    "languageId": language_id,
                    "culture": culture,
                    "createdAt": crate::fixtures::time::format_utc(created_at),
                })
            },
        )
        .collect();
    let total = usize::try_from(count).unwrap_or(0);
    let body = json!({
        "productId": product_id,
        "averageRating": average,
        "reviewCount": count,
        "page": paging.page,
        "pageSize": paging.page_size,
        "pageCount": total.div_ceil(paging.page_size as usize),
        "reviews": reviews,
    });
    let mut response = Json(body).into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(LONG_CACHE));
    Ok(response)
}
