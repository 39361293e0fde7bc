//! Cache policy of the API's answers: what the storefront may cache (the long cache of
//! sites, reference data and catalogue data) and what no cache may store (private areas).

use axum::extract::Request;
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;

/// `Cache-Control` for data the storefront caches for 15 minutes
/// (sites, countries, languages, navigation, footer, reviews). Errors are not cached.
pub const LONG_CACHE: &str = "public, max-age=900";

/// Adds the long cache header to successful responses.
pub async fn long_cache(mut response: Response) -> Response {
    if response.status().is_success() {
        response
            .headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static(LONG_CACHE));
    }
    response
}

/// Nothing under `/api/cart`, `/api/account`, `/api/orders`, `/api/payments` or
/// `/api/backoffice` may be stored by a cache.
pub async fn no_store_for_private_areas(request: Request, next: Next) -> Response {
    let path = request.uri().path();
    let private = [
        "/api/cart",
        "/api/account",
        "/api/orders",
        "/api/payments",
        "/api/backoffice",
    ]
    .iter()
    .any(|prefix| path == *prefix || path.starts_with(&format!("{prefix}/")));
    let mut response = next.run(request).await;
    if private {
        response
            .headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}
