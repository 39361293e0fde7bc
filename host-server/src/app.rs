//! The whole HTTP application: every API area's routes, and the storefront.

use axum::Router;
use axum::extract::Request;
use axum::http::{HeaderValue, Uri, header};
use axum::middleware::{self, Next};
use axum::response::Response;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::trace::TraceLayer;

use crate::config::Config;
use crate::error::ApiError;
use crate::{AppState, account, authentication, catalog, content, health, locations, openapi, reference, routing, sites, vat};

/// Builds the router: the API under `/api`, and the built storefront for every other path,
/// with `index.html` for paths that are not files so client-side routes load.
pub fn router(state: AppState, config: &Config) -> Router {
    let storefront = ServeDir::new(&config.static_dir)
        .fallback(ServeFile::new(config.static_dir.join("index.html")));
    Router::new()
        .merge(health::router())
        .merge(crate::engine_api::router())
        .merge(crate::cart::router())
        .merge(crate::orders::router())
        .merge(crate::payments::router())
        .merge(crate::backoffice::router())
        .merge(account::router())
        .merge(account::data_router(config))
        .merge(crate::laboratory::router(config))
        .merge(authentication::router())
        .merge(vat::router())
        .merge(sites::router().layer(middleware::map_response(long_cache)))
        .merge(reference::router().layer(middleware::map_response(long_cache)))
        .merge(routing::router())
        .merge(catalog::router())
        .merge(content::router())
        .merge(locations::router())
        .merge(openapi::router())
        // Product images of the catalog (fixtures/images), by file name.
        .nest_service("/images", ServeDir::new(config.fixtures_dir.join("images")))
        .route("/api", axum::routing::any(unknown_api_path))
        .route("/api/{*rest}", axum::routing::any(unknown_api_path))
        .fallback_service(storefront)
        .layer(middleware::from_fn(no_store_for_private_areas))
        .layer(TraceLayer::new_for_http())
        .with_state(state)
}

async fn unknown_api_path(uri: Uri) -> ApiError {
    tracing::debug!(%uri, "unknown API path");
    ApiError::NotFound
}

/// `Cache-Control` for data the storefront caches for 15 minutes (specification section 7:
/// sites, countries, languages, navigation, footer, reviews). Errors are not cached.
pub const LONG_CACHE: &str = "public, max-age=900";

/// Adds the long cache header to successful responses.
pub async fn long_cache(mut response: Response) -> Response {
    if response.status().is_success() {
        response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(LONG_CACHE));
    }
    response
}

/// Nothing under `/api/cart`, `/api/account`, `/api/orders`, `/api/payments` or
/// `/api/backoffice` may be stored by a cache.
async fn no_store_for_private_areas(request: Request, next: Next) -> Response {
    let path = request.uri().path();
    let private = ["/api/cart", "/api/account", "/api/orders", "/api/payments", "/api/backoffice"]
        .iter()
        .any(|prefix| path == *prefix || path.starts_with(&format!("{prefix}/")));
    let mut response = next.run(request).await;
    if private {
        response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}
