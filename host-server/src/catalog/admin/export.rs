//! The catalog as CSV, `GET /api/backoffice/products/export`: every variant of the products the
//! list's search finds, with its price and stock, read and sent a page of products at a time.

use axum::body::Bytes;
use axum::extract::State;
use axum::response::Response;
use engine::locale::Culture;

use super::products::{CatalogProduct, products_page};
use crate::AppState;
use crate::platform::access::{Authorized, permission};
use crate::platform::csv_download::{attachment, csv_bytes, pages};
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::Query;
use crate::platform::listing::SearchQuery;
use crate::staff::screen_culture;

/// How many products are read and written at a time.
const PRODUCTS_PER_PAGE: i64 = 200;

const HEADER: [&str; 11] = [
    "product_id",
    "product_key",
    "name",
    "brand",
    "product_group",
    "product_variant_id",
    "article_number",
    "ean",
    "variant",
    "price",
    "stock",
];

/// A row per variant: the price in euro as stored (`32.95`), the stock empty when not counted.
fn rows_of(products: Vec<CatalogProduct>) -> Vec<Vec<String>> {
    products
        .into_iter()
        .flat_map(|product| {
            let CatalogProduct {
                product_id,
                product_key,
                name,
                product_group,
                brand,
                variants,
                ..
            } = product;
            variants.into_iter().map(move |variant| {
                vec![
                    product_id.to_string(),
                    product_key.clone(),
                    name.clone().unwrap_or_default(),
                    brand.clone(),
                    product_group.clone(),
                    variant.product_variant_id.to_string(),
                    variant.article_number,
                    variant.ean,
                    variant.label,
                    variant.price.to_string(),
                    variant
                        .stock
                        .map(|stock| stock.to_string())
                        .unwrap_or_default(),
                ]
            })
        })
        .collect()
}

/// Where the export is: what it searches, in which language, and how many products are sent.
struct Progress {
    state: AppState,
    text: String,
    culture: Culture,
    offset: i64,
    /// The header is sent.
    started: bool,
}

/// The next page's text and where the export then is; `None` after the last page (the first
/// always has the header).
async fn next_page(mut progress: Progress) -> Result<Option<(Bytes, Progress)>, ApiError> {
    let first = !progress.started;
    progress.started = true;
    let products = products_page(
        &progress.state,
        &progress.text,
        progress.culture,
        PRODUCTS_PER_PAGE,
        progress.offset,
    )
    .await?;
    if products.is_empty() && !first {
        return Ok(None);
    }
    progress.offset += i64::try_from(products.len()).unwrap_or(PRODUCTS_PER_PAGE);
    let header = first.then_some(&HEADER[..]);
    Ok(Some((csv_bytes(header, &rows_of(products))?, progress)))
}

/// Every variant of the products the search finds, with price and stock, as CSV.
#[utoipa::path(
    get,
    path = "/api/backoffice/products/export",
    tag = "backoffice",
    operation_id = "exportCatalog",
    params(SearchQuery),
    security(
        ("staffSession" = ["catalog.edit"]), ("staffSession" = ["stock.edit"]), ("staffSession" = ["prices.edit"]),
        ("integrationKey" = ["catalog.edit"]), ("integrationKey" = ["stock.edit"]), ("integrationKey" = ["prices.edit"])
    ),
    responses(
        (status = 200, description = "CSV with a header row: product_id, product_key, name (Dutch, else the fallback chain's), brand, product_group, product_variant_id, article_number, ean, variant (its label or content), price (euro including VAT), stock (empty: not counted)", content_type = "text/csv", body = String),
        (status = 400, description = "A `q` of more than 100 characters", body = ErrorBody),
        (status = 401, description = "`errors.staffSignInRequired`", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`", body = ErrorBody),
    )
)]
pub async fn export_catalog(
    State(state): State<AppState>,
    caller: Authorized<permission::CatalogView>,
    Query(query): Query<SearchQuery>,
) -> Result<Response, ApiError> {
    let text = query.text()?.to_owned();
    let culture = screen_culture(state.db.pool(), &caller).await?;
    let progress = Progress {
        state,
        text,
        culture,
        offset: 0,
        started: false,
    };
    let pages = pages(progress, next_page);
    Ok(attachment(pages, "catalog.csv"))
}
