//! The whole HTTP application: every API area's routes, and the storefront.

use std::time::Duration;

use axum::Router;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::predicate::{DefaultPredicate, NotForContentType, Predicate};
use tower_http::compression::{CompressionLayer, CompressionLevel};
use tower_http::services::ServeDir;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::platform::cache_headers::{long_cache, no_store_for_private_areas};
use crate::platform::config::Config;
use crate::platform::error::ApiError;
use crate::platform::metrics;
use crate::platform::security_headers::{self, ThirdParties};
use crate::{
    AppState, accounts, accounts::authentication, catalog, content, content::route_lookup,
    engine_api::vat, locations, openapi, platform::health, sites, sites::countries,
};

/// Every API area's routes with their OpenAPI operations. Configuration picks the payment
/// provider's routes and where uploads go; it does not change the document.
pub fn api(config: &Config) -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(openapi::ApiDoc::openapi())
        .merge(health::router(config.renderer_url.as_ref()))
        .merge(metrics::router(
            config.metrics_key.clone(),
            config.renderer_url.as_ref(),
        ))
        .merge(crate::engine_api::router())
        .merge(crate::cart::router())
        .merge(crate::orders::router())
        .merge(crate::payments::router(&config.payment))
        .merge(crate::staff::router())
        .merge(crate::audit::router())
        .merge(crate::overview::router())
        .merge(crate::customers::router(config))
        .merge(crate::reviews::router())
        .merge(crate::newsletter::router())
        .merge(crate::survey::router())
        .merge(accounts::router())
        .merge(crate::feed::router())
        .merge(accounts::data_router(config))
        .merge(crate::laboratory::results::router())
        .merge(crate::reviews::account::router())
        .merge(crate::laboratory::router())
        .merge(authentication::router())
        .merge(vat::router())
        .merge(sites::router().layer(middleware::map_response(long_cache)))
        .merge(countries::router().layer(middleware::map_response(long_cache)))
        .merge(route_lookup::router())
        .merge(catalog::router())
        .merge(content::router())
        .merge(locations::router())
        .merge(crate::content::seo::router())
        .merge(openapi::router())
}

/// The OpenAPI document of [`api`], as `host-server openapi` prints it: built with the default
/// configuration and the test payment provider, so it needs no environment.
pub fn api_document() -> Result<utoipa::openapi::OpenApi, crate::platform::config::ConfigError> {
    let config =
        Config::from_lookup(|name| (name == "PAYMENT_PROVIDER").then(|| "test".to_owned()))?;
    Ok(api(&config).into_openapi())
}

/// Builds the router: the API under `/api`, and the storefront for every other path: its
/// built files, and pages from the server renderer, or `index.html` when there is none
/// (`platform/renderer.rs`).
pub fn router(state: AppState, config: &Config) -> Router {
    let storefront = crate::platform::renderer::Storefront::new(
        config.static_dir.clone(),
        config.renderer_url.clone(),
        std::sync::Arc::clone(&state.trust),
        std::sync::Arc::clone(&state.pages),
        std::sync::Arc::clone(&state.metrics),
    );
    let (api, document) = api(config).split_for_parts();
    api.layer(axum::Extension(openapi::Document::new(document)))
        // Product images of the catalog (fixtures/images), by file name.
        .nest_service("/images", ServeDir::new(config.fixtures_dir.join("images")))
        .nest_service(BACKOFFICE_PATH, backoffice_app(&config.backoffice_dir))
        .route("/api", axum::routing::any(unknown_api_path))
        .route("/api/{*rest}", axum::routing::any(unknown_api_path))
        .fallback(move |request: Request| storefront.clone().answer(request))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            crate::cart::access::only_its_owner,
        ))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            cookie_requests_pass_cors,
        ))
        .layer(middleware::from_fn(no_store_for_private_areas))
        .layer(DefaultBodyLimit::max(JSON_BODY_LIMIT))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            REQUEST_TIMEOUT,
        ))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            crate::platform::trust::refuse_unknown_hosts,
        ))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            hardening_headers,
        ))
        .layer(compression())
        .layer(TraceLayer::new_for_http().make_span_with(request_span))
        .layer(CatchPanicLayer::custom(answer_panic))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            metrics::count_requests,
        ))
        .with_state(state)
}

/// Brotli or gzip for what the client accepts: pages from the renderer and the API's JSON
/// (the build's files come precompressed, at the highest level, and pass as they are). Level 4
/// costs little time per answer and gains most of what the highest level gains. Images and
/// fonts are compressed already.
fn compression() -> CompressionLayer<impl Predicate> {
    let predicate = DefaultPredicate::new().and(NotForContentType::const_new("font/"));
    CompressionLayer::new()
        .quality(CompressionLevel::Precise(4))
        .compress_when(predicate)
}

/// The largest request body most routes take (routes with uploads set their own).
pub const JSON_BODY_LIMIT: usize = 256 * 1024;

/// A request that takes longer than this is answered 408 and its work dropped.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// The policy without third-party options (`content_policy`).
pub use crate::platform::security_headers::CONTENT_SECURITY_POLICY;

/// The third parties this request's answer may use: the captcha service and the map tiles when
/// configured, the tag manager on the pages of a site with a key. A failed site lookup allows
/// no tag manager.
async fn third_parties(state: &AppState, headers: &HeaderMap) -> ThirdParties {
    let tag_manager = match state.trust.tag_manager_on_request(headers).await {
        Ok(on) => on,
        Err(error) => {
            tracing::warn!(%error, "the site's tag manager key could not be read");
            false
        }
    };
    ThirdParties {
        captcha: state.captcha.script_origin(),
        map_tiles: state.map.tile_origin(),
        tag_manager,
    }
}

/// Headers every answer carries; HSTS only when the shop is reached over https.
async fn hardening_headers(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    let policy = if is_backoffice_app(request.uri().path()) {
        HeaderValue::from_static(security_headers::BACKOFFICE_POLICY)
    } else {
        let third = third_parties(&state, request.headers()).await;
        HeaderValue::from_str(&security_headers::policy(&third))
            .unwrap_or_else(|_| HeaderValue::from_static(CONTENT_SECURITY_POLICY))
    };
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_SECURITY_POLICY, policy);
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("strict-origin-when-cross-origin"),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    if state.trust.https() {
        headers.insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static("max-age=31536000; includeSubDomains"),
        );
    }
    response
}

/// Whether `path` is one of the back office app's pages or files.
fn is_backoffice_app(path: &str) -> bool {
    path == BACKOFFICE_PATH || path.starts_with("/admin/")
}

/// Where host-server serves the back office app.
const BACKOFFICE_PATH: &str = "/admin";

/// The back office app's built files; every other path under it is one of the app's pages,
/// answered with its `index.html` (the app routes in the browser).
fn backoffice_app(dir: &std::path::Path) -> ServeDir<tower_http::services::ServeFile> {
    ServeDir::new(dir)
        .precompressed_br()
        .precompressed_gzip()
        .fallback(tower_http::services::ServeFile::new(dir.join("index.html")))
}

/// A state-changing API request that carries the session cookie must be one a browser sends
/// only after a CORS check: a JSON body or the `siteid` header (both need a preflight from
/// another origin), and an `Origin`, when sent, of this very host. So no other site can make a
/// signed-in customer's browser change their account or cart.
async fn cookie_requests_pass_cors(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    let changes_state = !matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    );
    let headers = request.headers();
    let relies_on_session = crate::platform::session::session_cookie(headers, state.trust.https())
        .is_some()
        || crate::platform::access::staff_cookie(headers, state.trust.https()).is_some();
    // The payment webhook is called by the provider, never on a customer's behalf.
    let path = request.uri().path();
    let from_the_shop_pages = path.starts_with("/api/") && path != "/api/payments/webhook";
    if changes_state && relies_on_session && from_the_shop_pages {
        if let Err(error) = passes_cors(headers) {
            return error.into_response();
        }
    }
    next.run(request).await
}

fn passes_cors(headers: &HeaderMap) -> Result<(), ApiError> {
    let refused = || {
        ApiError::refused(
            StatusCode::FORBIDDEN,
            "errors.crossSiteRequest",
            "This request must come from the shop's own pages",
        )
    };
    let is_json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| {
            value
                .trim_start()
                .to_ascii_lowercase()
                .starts_with("application/json")
        });
    if !is_json && !headers.contains_key("siteid") {
        return Err(refused());
    }
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Ok(());
    };
    let origin_authority = origin
        .to_str()
        .ok()
        .and_then(|text| text.parse::<Uri>().ok())
        .and_then(|uri| uri.authority().cloned());
    let host = headers
        .get(header::HOST)
        .and_then(|value| value.to_str().ok());
    match (origin_authority, host) {
        (Some(origin), Some(host)) if origin.as_str().eq_ignore_ascii_case(host) => Ok(()),
        _ => Err(refused()),
    }
}

/// Query parameters whose values never reach a log line.
const SECRET_PARAMETERS: &[&str] = &[
    "token",
    "key",
    "password",
    "setpassword",
    "pin",
    "giftcardpin",
    "newpassword",
];

/// The request's path and query for logs, with secrets replaced by `***`; a checkout
/// password call logs no query at all.
pub fn loggable_uri(uri: &Uri) -> String {
    let path = uri.path();
    let Some(query) = uri.query() else {
        return path.to_owned();
    };
    if path.to_ascii_lowercase().contains("setpassword") {
        return format!("{path}?***");
    }
    let parts: Vec<String> = query
        .split('&')
        .map(|pair| match pair.split_once('=') {
            Some((name, _)) if SECRET_PARAMETERS.contains(&name.to_ascii_lowercase().as_str()) => {
                format!("{name}=***")
            }
            _ => pair.to_owned(),
        })
        .collect();
    format!("{path}?{}", parts.join("&"))
}

fn request_span(request: &Request) -> tracing::Span {
    tracing::info_span!("request", method = %request.method(), uri = %loggable_uri(request.uri()))
}

/// The last line of defence: a handler that panics is answered 500 and logged, instead of a
/// dropped connection. Client input must never get here (it is refused with a 400 before).
fn answer_panic(panic: Box<dyn std::any::Any + Send + 'static>) -> Response {
    let message = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("a panic without a message");
    ApiError::Internal(format!("a request handler panicked: {message}")).into_response()
}

async fn unknown_api_path(uri: Uri) -> ApiError {
    tracing::debug!(%uri, "unknown API path");
    ApiError::NotFound
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_panicking_handler_is_answered_500_not_dropped() {
        use tower::ServiceExt;
        async fn panics() -> &'static str {
            panic!("a bug")
        }
        let app = Router::new()
            .fallback(panics)
            .layer(CatchPanicLayer::custom(answer_panic));
        let request = Request::builder()
            .uri("/anything")
            .body(axum::body::Body::empty())
            .unwrap();
        let response = app.oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let body = axum::body::to_bytes(response.into_body(), 4096)
            .await
            .unwrap();
        let body: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(body["code"], "errors.unexpectedServer");
    }

    #[test]
    fn logs_never_show_secrets_of_the_query() {
        let uri: Uri = "/api/cart/1/setpassword?password=Geheim1&confirmUrl=/x"
            .parse()
            .unwrap();
        assert_eq!(loggable_uri(&uri), "/api/cart/1/setpassword?***");
        let uri: Uri = "/api/account/u/confirm?token=abc&x=1".parse().unwrap();
        assert_eq!(loggable_uri(&uri), "/api/account/u/confirm?token=***&x=1");
        let uri: Uri = "/api/cart/impersonate?Key=abc".parse().unwrap();
        assert_eq!(loggable_uri(&uri), "/api/cart/impersonate?Key=***");
        let uri: Uri = "/api/products?page=2".parse().unwrap();
        assert_eq!(loggable_uri(&uri), "/api/products?page=2");
    }

    #[test]
    fn cookie_requests_need_json_or_siteid_and_their_own_origin() {
        let headers = |pairs: &[(&'static str, &str)]| {
            let mut map = HeaderMap::new();
            for (name, value) in pairs {
                map.insert(*name, value.parse().unwrap());
            }
            map
        };
        assert!(
            passes_cors(&headers(&[
                ("host", "shop.example"),
                ("content-type", "application/json")
            ]))
            .is_ok()
        );
        assert!(passes_cors(&headers(&[("host", "shop.example"), ("siteid", "1")])).is_ok());
        assert!(
            passes_cors(&headers(&[
                ("host", "shop.example"),
                ("content-type", "application/x-www-form-urlencoded")
            ]))
            .is_err()
        );
        let foreign = headers(&[
            ("host", "shop.example"),
            ("siteid", "1"),
            ("origin", "https://evil.example"),
        ]);
        assert!(passes_cors(&foreign).is_err());
        let own = headers(&[
            ("host", "shop.example:8080"),
            ("siteid", "1"),
            ("origin", "http://shop.example:8080"),
        ]);
        assert!(passes_cors(&own).is_ok());
    }
}
