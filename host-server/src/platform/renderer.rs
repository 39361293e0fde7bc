//! The storefront's pages and files, behind the one public address.
//!
//! - Files of the built storefront (`STATIC_DIR`) are served from disk; the hashed files under
//!   `/assets/` never change, so they are cached for a year (`immutable`).
//! - Every other `GET`/`HEAD` that is not `/api` is a page: it is forwarded to the server
//!   renderer (`RENDERER_URL`, a Node.js process) with the visitor's `Host`, cookies,
//!   `Accept-Language` and query, the visitor's address (`X-Forwarded-For`) and this process's
//!   renderer key (`platform/trust`), which the renderer sends back with the page's API calls so that
//!   limits count the visitor, not the renderer; the renderer's status and headers
//!   (`Set-Cookie`, `Location`, ...) are passed through.
//! - Pages the same for every visitor without a session come from the page cache
//!   (`platform/page_cache.rs`) when it holds them; the header `x-page-cache` says `hit`,
//!   `stale` or `miss`.
//! - When no renderer is configured, or it cannot be reached or does not answer in time, the
//!   page is the built `index.html`: the client-rendered app, as before server rendering.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use std::net::SocketAddr;

use axum::body::Body;
use axum::extract::{ConnectInfo, Request};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode, header};
use axum::response::Response;
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};
use url::Url;

use crate::platform::metrics::Metrics;
use crate::platform::page_cache::{
    CachedPage, Encoding, Lookup, PageCache, PageKey, shared_cache_control,
};
use crate::platform::trust::{RENDERER_KEY_HEADER, Trust};

/// `Cache-Control` of the hashed build files under `/assets/`.
pub const IMMUTABLE_CACHE: &str = "public, max-age=31536000, immutable";

/// How long the renderer may take to answer a page before `index.html` is served instead.
pub const RENDERER_TIMEOUT: Duration = Duration::from_secs(10);

/// How long connecting to the renderer may take.
const RENDERER_CONNECT_TIMEOUT: Duration = Duration::from_secs(2);

/// The largest page the renderer may answer.
const MAX_PAGE_BYTES: usize = 16 * 1024 * 1024;

/// Request headers handed to the renderer: what it needs to render the visitor's page.
const FORWARDED_REQUEST_HEADERS: [HeaderName; 5] = [
    header::HOST,
    header::COOKIE,
    header::ACCEPT_LANGUAGE,
    header::ACCEPT,
    header::USER_AGENT,
];

/// A renderer answer with this header asks for the client-rendered `index.html` instead (it
/// could not start the site or render the page).
pub const FALLBACK_HEADER: &str = "x-render-fallback";

/// Response headers that belong to one connection and are not passed on.
const HOP_BY_HOP: [HeaderName; 5] = [
    header::CONNECTION,
    header::TRANSFER_ENCODING,
    header::CONTENT_LENGTH,
    header::UPGRADE,
    header::TE,
];

/// The storefront service: static files, pages from the renderer, `index.html` as fallback.
#[derive(Clone)]
pub struct Storefront {
    inner: Arc<Inner>,
}

struct Inner {
    static_dir: PathBuf,
    renderer: Option<Renderer>,
    pages: Arc<PageCache>,
    metrics: Arc<Metrics>,
}

/// The header that says whether a page came from the page cache.
pub const PAGE_CACHE_HEADER: &str = "x-page-cache";

/// A page as the renderer answered it.
struct RenderedPage {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    body: axum::body::Bytes,
}

impl RenderedPage {
    fn into_response(self, cache: Option<&'static str>) -> Response {
        let mut response = Response::new(Body::from(self.body));
        *response.status_mut() = self.status;
        *response.headers_mut() = self.headers;
        if let Some(state) = cache {
            response
                .headers_mut()
                .insert(PAGE_CACHE_HEADER, HeaderValue::from_static(state));
        }
        response
    }
}

#[derive(Clone)]
struct Renderer {
    base: Url,
    client: reqwest::Client,
    trust: Arc<Trust>,
    metrics: Arc<Metrics>,
}

/// Why a page could not come from the renderer.
#[derive(Debug, thiserror::Error)]
enum RendererError {
    #[error("renderer unreachable or too slow: {0}")]
    Http(#[from] reqwest::Error),
    #[error("renderer could not render the page")]
    AskedForFallback,
    #[error("renderer answered a page of more than {MAX_PAGE_BYTES} bytes")]
    TooLarge,
    #[error("renderer answered an invalid response: {0}")]
    Response(#[from] axum::http::Error),
}

impl Storefront {
    /// The storefront of `static_dir`, with pages from `renderer` when one is given.
    pub fn new(
        static_dir: PathBuf,
        renderer: Option<Url>,
        trust: Arc<Trust>,
        pages: Arc<PageCache>,
        metrics: Arc<Metrics>,
    ) -> Storefront {
        let renderer = renderer.and_then(|base| {
            let client = reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .connect_timeout(RENDERER_CONNECT_TIMEOUT)
                .timeout(RENDERER_TIMEOUT)
                .build();
            match client {
                Ok(client) => Some(Renderer {
                    base,
                    client,
                    trust,
                    metrics: Arc::clone(&metrics),
                }),
                Err(error) => {
                    tracing::error!(%error, "no HTTP client for the renderer; pages are client-rendered");
                    None
                }
            }
        });
        Storefront {
            inner: Arc::new(Inner {
                static_dir,
                renderer,
                pages,
                metrics,
            }),
        }
    }

    /// Answers a request that is not for the API.
    pub async fn answer(self, request: Request) -> Response {
        let (parts, _body) = request.into_parts();
        let is_page_method = parts.method == Method::GET || parts.method == Method::HEAD;
        let file_request = Request::from_parts(parts.clone(), Body::empty());
        // The build writes a Brotli and a gzip copy beside each text file (`vite.config.ts`).
        let files = ServeDir::new(&self.inner.static_dir)
            .append_index_html_on_directories(false)
            .precompressed_br()
            .precompressed_gzip();
        let response = match files.oneshot(file_request).await {
            Ok(response) => response.map(Body::new),
            Err(infallible) => match infallible {},
        };
        if response.status() != StatusCode::NOT_FOUND || !is_page_method {
            return with_asset_cache(parts.uri.path(), response);
        }
        if let Some(renderer) = &self.inner.renderer {
            match self.page(renderer, &parts).await {
                Ok(page) => return page,
                Err(error) => {
                    tracing::warn!(%error, "renderer failed; answering the client-rendered index.html");
                }
            }
        }
        self.index_html(parts).await
    }

    /// A page from the cache, or rendered (and kept when it may be).
    async fn page(
        &self,
        renderer: &Renderer,
        parts: &axum::http::request::Parts,
    ) -> Result<Response, RendererError> {
        let pages = &self.inner.pages;
        let key = (pages.enabled() && parts.method == Method::GET)
            .then(|| cache_key(parts))
            .flatten();
        let Some(key) = key else {
            return Ok(renderer.render(parts).await?.into_response(None));
        };
        match pages.lookup(&key) {
            Lookup::Fresh(page) => return Ok(self.cached(page, &parts.headers, "hit")),
            Lookup::Stale { page, refresh } => {
                if refresh {
                    self.refresh_in_background(renderer.clone(), parts.clone(), key);
                }
                return Ok(self.cached(page, &parts.headers, "stale"));
            }
            Lookup::Miss => {}
        }
        // One render per page: who comes while it runs waits, then finds the page.
        let turn = pages.turn(&key);
        let _turn = turn.lock().await;
        if let Lookup::Fresh(page) = pages.lookup(&key) {
            return Ok(self.cached(page, &parts.headers, "hit"));
        }
        let generation = pages.generation();
        self.inner.metrics.page_cache_lookup("miss");
        let rendered = renderer.render(parts).await?;
        if let Some(page) =
            CachedPage::cacheable(rendered.status, &rendered.headers, &rendered.body)
        {
            pages.store(key, page, generation);
        }
        Ok(rendered.into_response(Some("miss")))
    }

    /// A kept page, in its copy compressed for what the request accepts.
    fn cached(&self, page: CachedPage, request: &HeaderMap, state: &'static str) -> Response {
        self.inner.metrics.page_cache_lookup(state);
        let (status, headers, body) = page.encoded(Encoding::preferred(request));
        let mut rendered = RenderedPage {
            status,
            headers,
            body,
        };
        rendered.headers.insert(
            header::CACHE_CONTROL,
            shared_cache_control(self.inner.pages.config()),
        );
        rendered.into_response(Some(state))
    }

    /// Renders a stale page again while the old one is served.
    fn refresh_in_background(
        &self,
        renderer: Renderer,
        parts: axum::http::request::Parts,
        key: PageKey,
    ) {
        let pages = Arc::clone(&self.inner.pages);
        tokio::spawn(async move {
            let generation = pages.generation();
            let page = renderer.render(&parts).await.ok().and_then(|rendered| {
                CachedPage::cacheable(rendered.status, &rendered.headers, &rendered.body)
            });
            match page {
                Some(page) => pages.store(key, page, generation),
                None => pages.refresh_failed(&key),
            }
        });
    }

    async fn index_html(&self, parts: axum::http::request::Parts) -> Response {
        let mut parts = parts;
        // `index.html` itself, whatever page was asked for.
        parts.uri = axum::http::Uri::from_static("/index.html");
        let index = ServeFile::new(self.inner.static_dir.join("index.html"))
            .precompressed_br()
            .precompressed_gzip();
        match index
            .oneshot(Request::from_parts(parts, Body::empty()))
            .await
        {
            Ok(response) => response.map(Body::new),
            Err(infallible) => match infallible {},
        }
    }
}

/// The year-long cache of the hashed build files. A file may come as its Brotli or gzip copy,
/// so caches keep one answer per `Accept-Encoding`.
fn with_asset_cache(path: &str, mut response: Response) -> Response {
    response
        .headers_mut()
        .append(header::VARY, HeaderValue::from_static("accept-encoding"));
    let fresh =
        response.status() == StatusCode::OK || response.status() == StatusCode::NOT_MODIFIED;
    if fresh && path.starts_with("/assets/") {
        response.headers_mut().insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static(IMMUTABLE_CACHE),
        );
    }
    response
}

/// The page cache's key of a request: its `Host`, path, query and language choices.
fn cache_key(parts: &axum::http::request::Parts) -> Option<PageKey> {
    let host = parts.headers.get(header::HOST)?.to_str().ok()?;
    PageKey::of(host, parts.uri.path(), parts.uri.query(), &parts.headers)
}

impl Renderer {
    /// Renders a page, counted in the metrics with its time or as failed.
    async fn render(
        &self,
        parts: &axum::http::request::Parts,
    ) -> Result<RenderedPage, RendererError> {
        let started = std::time::Instant::now();
        let rendered = self.ask(parts).await;
        match &rendered {
            Ok(_) => self.metrics.page_rendered(started.elapsed()),
            Err(_) => self.metrics.render_failed(),
        }
        rendered
    }

    async fn ask(&self, parts: &axum::http::request::Parts) -> Result<RenderedPage, RendererError> {
        // The path and query are set, never joined: `//other.host/` must stay a path.
        let mut url = self.base.clone();
        url.set_path(parts.uri.path());
        url.set_query(parts.uri.query());
        let mut request = self.client.request(parts.method.clone(), url);
        for name in &FORWARDED_REQUEST_HEADERS {
            for value in parts.headers.get_all(name) {
                request = request.header(name, value);
            }
        }
        if let Some(ConnectInfo(peer)) = parts.extensions.get::<ConnectInfo<SocketAddr>>() {
            let visitor = self.trust.client_ip(peer.ip(), &parts.headers);
            request = request
                .header("x-forwarded-for", visitor.to_string())
                .header(RENDERER_KEY_HEADER, self.trust.renderer_key());
        }
        let answer = request.send().await?;
        if answer.headers().contains_key(FALLBACK_HEADER) {
            return Err(RendererError::AskedForFallback);
        }
        let status = answer.status();
        let mut headers = axum::http::HeaderMap::new();
        for (name, value) in answer.headers() {
            if !HOP_BY_HOP.contains(name) {
                headers.append(name.clone(), value.clone());
            }
        }
        let body = answer.bytes().await?;
        if body.len() > MAX_PAGE_BYTES {
            return Err(RendererError::TooLarge);
        }
        Ok(RenderedPage {
            status,
            headers,
            body,
        })
    }
}
