//! The catalog read API: product search, product detail by
//! variant and the reviews of a product.
//!
//! Search runs on in-memory indexes ([`search::SearchIndex`]) built from the database at start
//! and rebuilt after every fixture import: the import in this process calls
//! [`SearchService::rebuild`], and a background task rebuilds when another process (the
//! `import-fixtures` command) changed `app_meta.fixtures_digest`.

pub mod admin;
pub mod events;
pub mod load;
pub mod nutrients;
pub mod search;
pub mod shelf;
pub mod stock_reminders;
pub mod store;
mod submissions;

use engine::ids::{ProductId, ProductVariantId};
use engine::shelf_price::ShelfReduction;
use std::sync::{Arc, RwLock};
use std::time::Duration;

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use engine::stock::{StockState, StockStateRequest, stock_state};
use engine::unit_price::{UnitPriceRequest, UnitPrices, unit_prices};
use serde::Serialize;
use sqlx::AnyPool;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::openapi::SiteHeaders;
use crate::platform::cache_headers::LONG_CACHE;
use crate::platform::db::Database;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Path, Query, path_number};
use crate::platform::listing::PageQuery;
use crate::platform::request_context::RequestContext;
use crate::sites::site_language;
use search::{Rating, SearchIndex, SearchRequest, SearchResponse, pick};
use store::products;

/// The nutrient table's rows in display order (dry matter, crude
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
        let digest = store::fixtures_digest(db.pool()).await?;
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
        let digest = store::fixtures_digest(db.pool()).await?;
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
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(search_products))
        .routes(routes!(variant_detail))
        .routes(routes!(reviews, submissions::write_review))
        .routes(routes!(submissions::remind_when_in_stock))
        .routes(routes!(admin::variants::change_variant))
        .routes(routes!(admin::barcodes::change_barcode))
        .routes(routes!(admin::products::search_catalog))
        .routes(routes!(admin::export::export_catalog))
        .routes(routes!(admin::products::catalog_product))
        .routes(routes!(admin::products::change_product_texts))
        .routes(routes!(admin::scheduled_prices::schedule_price))
        .routes(routes!(admin::scheduled_prices::cancel_scheduled_price))
}

/// Product search with facets, sorting and paging.
#[utoipa::path(
    post,
    path = "/api/products/search",
    tag = "catalog",
    params(SiteHeaders),
    request_body = SearchRequest,
    responses(
        (status = 200, description = "Results and facets", body = SearchResponse),
        (status = 400, description = "An unknown facet, sort or landing page, a bad paging or filter value, or a missing or unknown site or language", body = ErrorBody),
        (status = 413, description = "The body is too large", body = ErrorBody),
    )
)]
async fn search_products(
    State(state): State<AppState>,
    context: RequestContext,
    crate::platform::extract::Json(request): crate::platform::extract::Json<SearchRequest>,
) -> Result<Json<SearchResponse>, ApiError> {
    let site = site_language(state.db.pool(), context).await?;
    let index = state.search.current();
    let mut response = index.search(site.site_id, site.language_id, &request)?;
    shelf::mark_hits(
        &state,
        site.site_id,
        site.language_id,
        &mut response.results,
    )
    .await?;
    Ok(Json(response))
}

/// How much a variant holds.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = VariantContent)]
pub struct Content {
    /// A decimal number, e.g. `20`.
    pub amount: String,
    /// `kg`, `g`, `l`, `ml` or `piece`.
    pub unit: String,
}

/// Outer dimensions of the package.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = PackageDimensions)]
pub struct Dimensions {
    pub length: f64,
    pub width: f64,
    pub height: f64,
}

/// Days from order to delivery.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryTime {
    pub min_days: i64,
    pub max_days: i64,
}

/// Whether a variant can be ordered, and whether a back-in-stock mail is offered.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VariantStock {
    pub state: StockState,
    pub orderable: bool,
    pub stock_reminder_available: bool,
    /// The site's setting.
    pub enable_stock_reminder_feature: bool,
}

/// A variant of a product, as sold on the site.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ProductVariant)]
#[serde(rename_all = "camelCase")]
pub struct Variant {
    pub product_variant_id: ProductVariantId,
    pub article_number: String,
    pub ean: String,
    pub packaging: String,
    pub content: Content,
    pub variant_label: Option<String>,
    pub colour: Option<String>,
    pub weight_kg: f64,
    pub dimensions_cm: Dimensions,
    pub quantity_per_pallet: i64,
    pub shelf_life_months: Option<i64>,
    pub delivery_time: DeliveryTime,
    pub price: engine::money::Money,
    pub vat_type: engine::vat::VatType,
    pub unit_price: UnitPrices,
    pub stock: VariantStock,
    pub image: Option<String>,
    /// The variant's product page path on the site, in the language.
    pub url: Option<String>,
    /// The reduction announced on one unit today, with its prior price; `null` when none.
    pub reduction: Option<ShelfReduction>,
}

/// One nutrient of the nutrient table, per kg as fed.
#[derive(Debug, Serialize, ToSchema)]
pub struct Nutrient {
    pub nutrient: String,
    /// `analysis`, `energy`, `minerals`, `traceElements`, `vitamins` or `other`.
    #[schema(value_type = String)]
    pub group: &'static str,
    pub amount: f64,
    #[schema(value_type = String)]
    pub unit: &'static str,
}

/// A product by one of its variants, with the product's texts and the site's other variants.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductDetail {
    /// The variant asked for; its colour and image fall back to the product's.
    #[serde(flatten)]
    pub variant: Variant,
    pub product_id: ProductId,
    pub product_key: String,
    pub product_type: i64,
    pub product_group: String,
    pub brand: String,
    pub name: Option<String>,
    pub short_description: Option<String>,
    pub long_description: Option<String>,
    pub composition: Option<String>,
    /// `low`, `medium` or `high`, for feed.
    pub energy_level: Option<String>,
    pub rating: Rating,
    pub nutrients: Vec<Nutrient>,
    /// Every picture of the product for its gallery: the variant's image (else the product's)
    /// first, then the product's further pictures in order. Empty when it has none.
    pub images: Vec<String>,
    pub other_variants: Vec<Variant>,
}

fn variant_of(
    row: &products::VariantRow,
    reminder: bool,
    urls: &[(String, String)],
) -> Result<Variant, ApiError> {
    let id = row.product_variant_id;
    let price = row.price.clone();
    let amount = row.content_amount.clone();
    let unit = row.content_unit.clone();
    let stock = row.stock;
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
        .map(|(_, path)| path.clone());
    Ok(Variant {
        product_variant_id: ProductVariantId::new(id),
        article_number: row.article_number.clone(),
        ean: row.ean.clone(),
        packaging: row.packaging.clone(),
        content: Content { amount, unit },
        variant_label: row.variant_label.clone(),
        colour: row.colour.clone(),
        weight_kg: row.weight_kg,
        dimensions_cm: Dimensions {
            length: row.length_cm,
            width: row.width_cm,
            height: row.height_cm,
        },
        quantity_per_pallet: row.quantity_per_pallet,
        shelf_life_months: row.shelf_life_months,
        delivery_time: DeliveryTime {
            min_days: row.delivery_min_days,
            max_days: row.delivery_max_days,
        },
        price: parsed_price,
        vat_type: row.vat_type.0,
        unit_price,
        stock: VariantStock {
            state: stock_state.state,
            orderable: stock_state.orderable,
            stock_reminder_available: stock_state.stock_reminder_available,
            enable_stock_reminder_feature: reminder,
        },
        image: row.image.clone(),
        url,
        reduction: None,
    })
}

/// The gallery: the main image, then the product's further pictures that are not that image.
async fn gallery_of(
    pool: &AnyPool,
    product_id: ProductId,
    main: Option<&str>,
) -> Result<Vec<String>, ApiError> {
    let further = products::gallery_images(pool, product_id).await?;
    Ok(main
        .map(str::to_owned)
        .into_iter()
        .chain(
            further
                .into_iter()
                .filter(|image| Some(image.as_str()) != main),
        )
        .collect())
}

async fn nutrients_of(pool: &AnyPool, product_id: ProductId) -> Result<Vec<Nutrient>, ApiError> {
    let mut nutrients = products::nutrients(pool, product_id).await?;
    nutrients.sort_by_key(|(nutrient, _)| {
        NUTRIENTS
            .iter()
            .position(|(known, _, _)| known == nutrient)
            .unwrap_or(NUTRIENTS.len())
    });
    Ok(nutrients
        .into_iter()
        .map(|(nutrient, amount)| {
            let (group, unit) = NUTRIENTS
                .iter()
                .find(|(known, _, _)| *known == nutrient)
                .map_or(("other", ""), |(_, group, unit)| (*group, *unit));
            Nutrient {
                nutrient,
                group,
                amount,
                unit,
            }
        })
        .collect())
}

/// Product detail by variant.
#[utoipa::path(
    get,
    path = "/api/products/variant/{productVariantId}",
    tag = "catalog",
    params(("productVariantId" = i64, Path, description = "Variant id"), SiteHeaders),
    responses(
        (status = 200, description = "Product", body = ProductDetail),
        (status = 400, description = "The id is not a whole number, or a missing or unknown site or language", body = ErrorBody),
        (status = 404, description = "The site does not sell this variant", body = ErrorBody),
    )
)]
async fn variant_detail(
    State(state): State<AppState>,
    context: RequestContext,
    Path(id): Path<String>,
) -> Result<Json<ProductDetail>, ApiError> {
    let variant_id: ProductVariantId = path_number(&id, "productVariantId")?;
    let pool = state.db.pool();
    let site = site_language(pool, context).await?;
    let Some(product_id) =
        products::product_of_variant_on_site(pool, variant_id, site.site_id).await?
    else {
        return Err(ApiError::NotFound);
    };
    let product = products::product(pool, product_id).await?;
    let (
        _,
        product_key,
        product_type,
        product_group,
        brand,
        // The product's colour is the one its picture is drawn in, not a colour of the goods.
        _picture_colour,
        energy_level,
        rating_average,
        rating_count,
        product_image,
    ) = product;
    let texts = products::texts(pool, product_id).await?;
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
    let reminder = products::stock_reminder_feature(pool, site.site_id).await?;
    let variants = products::variants_on_site(pool, product_id, site.site_id).await?;
    let routes = products::article_routes(pool, site.site_id, site.language_id).await?;
    let reminder = bool::from(reminder);
    let mut this = None;
    let mut others = Vec::new();
    for row in &variants {
        let variant = variant_of(row, reminder, &routes)?;
        if variant.product_variant_id == variant_id {
            this = Some(variant);
        } else {
            others.push(variant);
        }
    }
    let mut variant = this.ok_or(ApiError::NotFound)?;
    variant.image = variant.image.or(product_image);
    shelf::mark_variants(
        &state,
        (site.site_id, site.language_id),
        (product_id, &product_group),
        std::iter::once(&mut variant).chain(others.iter_mut()),
    )
    .await?;
    let images = gallery_of(pool, product_id, variant.image.as_deref()).await?;
    Ok(Json(ProductDetail {
        variant,
        product_id,
        product_key,
        product_type,
        product_group,
        brand,
        name,
        short_description: short,
        long_description: long,
        composition,
        energy_level,
        rating: Rating {
            average: rating_average,
            count: rating_count,
        },
        nutrients: nutrients_of(pool, product_id).await?,
        images,
        other_variants: others,
    }))
}

/// An approved review.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ProductReview)]
#[serde(rename_all = "camelCase")]
pub struct Review {
    pub review_id: i64,
    pub reviewer_name: String,
    /// 1 to 5.
    pub rating: i64,
    pub title: String,
    pub text: String,
    /// The language it was written in.
    pub language_id: i64,
    /// That language's culture; null when the language is no longer known.
    pub culture: Option<String>,
    /// When it was written (UTC, ISO 8601).
    #[schema(format = DateTime)]
    pub created_at: String,
}

/// A page of a product's approved reviews.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ProductReviews)]
#[serde(rename_all = "camelCase")]
pub struct Reviews {
    pub product_id: ProductId,
    /// One decimal, e.g. `4.5`; null without reviews.
    pub average_rating: Option<String>,
    pub review_count: i64,
    pub page: u32,
    pub page_size: u32,
    pub page_count: usize,
    pub reviews: Vec<Review>,
}

/// Approved reviews of a product, newest first (cached 15 minutes).
#[utoipa::path(
    get,
    path = "/api/products/{productId}/reviews",
    tag = "catalog",
    params(("productId" = i64, Path, description = "Product id"), PageQuery),
    responses(
        (status = 200, description = "A page of reviews", body = Reviews,
            headers(("Cache-Control" = String, description = "`public, max-age=900`"))),
        (status = 400, description = "The id is not a whole number, or an invalid `p` or `ps`", body = ErrorBody),
        (status = 404, description = "No such product", body = ErrorBody),
    )
)]
async fn reviews(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<PageQuery>,
) -> Result<Response, ApiError> {
    let product_id: ProductId = path_number(&id, "productId")?;
    let paging = query.paging()?;
    let pool = state.db.pool();
    let Some((average, _)) = store::reviews::rating(pool, product_id).await? else {
        return Err(ApiError::NotFound);
    };
    let count = store::reviews::approved_count(pool, product_id).await?;
    let rows = store::reviews::approved_page(
        pool,
        product_id,
        i64::from(paging.page_size),
        i64::try_from(paging.offset()).unwrap_or(i64::MAX),
    )
    .await?;
    let reviews = rows
        .into_iter()
        .map(
            |(review_id, reviewer_name, language_id, rating, title, text, created_at, culture)| {
                Review {
                    review_id,
                    reviewer_name,
                    rating,
                    title,
                    text,
                    language_id,
                    culture,
                    created_at: crate::platform::time::format_utc(created_at),
                }
            },
        )
        .collect();
    let total = usize::try_from(count).unwrap_or(0);
    let body = Reviews {
        product_id,
        average_rating: average,
        review_count: count,
        page: paging.page,
        page_size: paging.page_size,
        page_count: total.div_ceil(paging.page_size as usize),
        reviews,
    };
    let mut response = Json(body).into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(LONG_CACHE));
    Ok(response)
}
