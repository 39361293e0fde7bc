//! The page cache: pages that are the same for every visitor without a session (catalog,
//! product, content, news, advice, home, store locator) are kept and served without asking the
//! renderer again.
//!
//! - **What is kept**: a `GET` page the renderer marked `Cache-Control: public` (it marks the
//!   account, cart and checkout pages and every page of a signed-in visitor `private`), with
//!   status 200 or 404 and no `Set-Cookie`, asked for without a session cookie.
//! - **Key**: host, path, query with its parameters sorted, and what chooses the page's
//!   language and look: the language cookie, whether the localization choice was made, the
//!   consent flags, and `Accept-Language`. Other cookies (analytics) and the dates the
//!   choices carry do not change the page.
//! - **Bounds**: at most `max_bytes` of pages; the least recently used go first.
//! - **Age**: a page younger than `fresh_for` is served as it is; an older one, up to
//!   `stale_for`, is served while one render refreshes it; an older one is rendered again.
//! - **Changes**: [`PageCache::clear`] drops every page (a catalog or content change); a render
//!   that began before the change does not put its page back.
//! - **One render per page**: concurrent misses of one key wait for the first one's render.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};

use crate::platform::session::{SECURE_SESSION_COOKIE, SESSION_COOKIE};

/// The visitor's language choice on a site (`siteId:languageId`): the page's language.
const LANGUAGE_COOKIE: &str = "hoofbeat_language";
/// The localization choice was made (its date does not matter): no suggestion of another site.
const LOCALIZATION_COOKIE: &str = "hoofbeat_localization";
/// The consent choice (percent-encoded JSON with a date): whether analytics and marketing may
/// load changes the page, the date does not.
const CONSENT_COOKIE: &str = "hoofbeat_consent";

/// The consent flags that change a page.
#[derive(Default, serde::Deserialize)]
struct ConsentFlags {
    #[serde(default)]
    analytics: bool,
    #[serde(default)]
    marketing: bool,
}

/// What of the visitor's cookies chooses the page: the language, whether the localization
/// choice was made, and the consent flags (none when no choice was made).
fn page_choices(cookies: &[(&str, &str)]) -> String {
    let value = |wanted: &str| {
        cookies
            .iter()
            .find(|(name, _)| *name == wanted)
            .map(|(_, value)| *value)
    };
    let consent = value(CONSENT_COOKIE).map_or_else(
        || "none".to_owned(),
        |raw| {
            let text = percent_encoding::percent_decode_str(raw).decode_utf8_lossy();
            let flags: ConsentFlags = serde_json::from_str(&text).unwrap_or_default();
            format!(
                "analytics={} marketing={}",
                flags.analytics, flags.marketing
            )
        },
    );
    format!(
        "language={} localized={} consent: {consent}",
        value(LANGUAGE_COOKIE).unwrap_or_default(),
        value(LOCALIZATION_COOKIE).is_some()
    )
}

/// The settings of the page cache.
#[derive(Clone, Debug)]
pub struct PageCacheConfig {
    /// Off: every page is rendered (for debugging).
    pub enabled: bool,
    /// The most bytes of pages kept.
    pub max_bytes: usize,
    /// How long a page is served without a refresh.
    pub fresh_for: Duration,
    /// How long an older page may still be served while it is refreshed.
    pub stale_for: Duration,
}

impl Default for PageCacheConfig {
    fn default() -> PageCacheConfig {
        PageCacheConfig {
            enabled: true,
            max_bytes: 64 * 1024 * 1024,
            fresh_for: Duration::from_secs(60),
            stale_for: Duration::from_secs(600),
        }
    }
}

/// What identifies a page for every visitor without a session.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PageKey(String);

impl PageKey {
    /// The key of a request, or `None` when its page is never cached (a session cookie).
    pub fn of(host: &str, path: &str, query: Option<&str>, headers: &HeaderMap) -> Option<PageKey> {
        let cookies = cookies_of(headers);
        if cookies
            .iter()
            .any(|(name, _)| *name == SESSION_COOKIE || *name == SECURE_SESSION_COOKIE)
        {
            return None;
        }
        let mut parameters: Vec<&str> = query
            .unwrap_or_default()
            .split('&')
            .filter(|part| !part.is_empty())
            .collect();
        parameters.sort_unstable();
        let languages = headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|value| value.to_str().ok())
            .unwrap_or_default();
        Some(PageKey(format!(
            "{}\n{path}\n{}\n{}\n{}",
            host.to_ascii_lowercase(),
            parameters.join("&"),
            page_choices(&cookies),
            languages.trim()
        )))
    }
}

/// The cookies of a request as (name, value) pairs.
fn cookies_of(headers: &HeaderMap) -> Vec<(&str, &str)> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|line| line.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .collect()
}

/// A kept page: what the renderer answered, without `Set-Cookie`, and its body compressed
/// once for the encodings browsers accept, so that a page served a thousand times is
/// compressed once.
#[derive(Clone, Debug)]
pub struct CachedPage {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Bytes,
    brotli: Option<Bytes>,
    gzip: Option<Bytes>,
}

/// How a body travels: compressed as the client accepts, or as it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Brotli,
    Gzip,
    Identity,
}

impl Encoding {
    /// The encoding a request's `Accept-Encoding` prefers: Brotli, then gzip, each unless
    /// refused with `q=0`.
    pub fn preferred(headers: &HeaderMap) -> Encoding {
        let accepted: Vec<(String, bool)> = headers
            .get_all(header::ACCEPT_ENCODING)
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|line| line.split(','))
            .map(|item| {
                let mut parts = item.split(';');
                let name = parts.next().unwrap_or_default().trim().to_ascii_lowercase();
                let refused = parts.any(|parameter| {
                    parameter
                        .trim()
                        .strip_prefix("q=")
                        .and_then(|q| q.trim().parse::<f32>().ok())
                        .is_some_and(|q| q <= 0.0)
                });
                (name, !refused)
            })
            .collect();
        let takes = |wanted: &str| accepted.iter().any(|(name, ok)| *ok && name == wanted);
        if takes("br") {
            Encoding::Brotli
        } else if takes("gzip") {
            Encoding::Gzip
        } else {
            Encoding::Identity
        }
    }

    fn header_value(self) -> Option<HeaderValue> {
        match self {
            Encoding::Brotli => Some(HeaderValue::from_static("br")),
            Encoding::Gzip => Some(HeaderValue::from_static("gzip")),
            Encoding::Identity => None,
        }
    }
}

/// Below this a body is sent as it is (as the response compression does).
const COMPRESS_FROM_BYTES: usize = 32;
/// Brotli's quality for kept pages: compressed once, so better than the level-4 compression
/// of answers made for one visitor.
const BROTLI_QUALITY: i32 = 9;

fn brotli(body: &[u8]) -> Option<Bytes> {
    let mut out = Vec::with_capacity(body.len() / 4);
    let params = brotli::enc::BrotliEncoderParams {
        quality: BROTLI_QUALITY,
        ..Default::default()
    };
    brotli::BrotliCompress(&mut &body[..], &mut out, &params).ok()?;
    Some(Bytes::from(out))
}

fn gzip(body: &[u8]) -> Option<Bytes> {
    use std::io::Write;
    let mut encoder = flate2::write::GzEncoder::new(
        Vec::with_capacity(body.len() / 3),
        flate2::Compression::new(6),
    );
    encoder.write_all(body).ok()?;
    encoder.finish().ok().map(Bytes::from)
}

/// Whether a page's body is text worth compressing.
fn compressible(headers: &HeaderMap, body: &Bytes) -> bool {
    let text = headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("text/"));
    text && body.len() >= COMPRESS_FROM_BYTES && !headers.contains_key(header::CONTENT_ENCODING)
}

impl CachedPage {
    /// The page as the renderer answered it, if it may be kept for every visitor.
    pub fn cacheable(status: StatusCode, headers: &HeaderMap, body: &Bytes) -> Option<CachedPage> {
        let public = headers
            .get(header::CACHE_CONTROL)
            .and_then(|value| value.to_str().ok())
            .is_some_and(|value| value.split(',').any(|part| part.trim() == "public"));
        let kept_status = status == StatusCode::OK || status == StatusCode::NOT_FOUND;
        if !public || !kept_status || headers.contains_key(header::SET_COOKIE) {
            return None;
        }
        Some(CachedPage::new(status, headers.clone(), body.clone()))
    }

    /// A page with its compressed copies.
    pub fn new(status: StatusCode, headers: HeaderMap, body: Bytes) -> CachedPage {
        let (brotli, gzip) = if compressible(&headers, &body) {
            (brotli(&body), gzip(&body))
        } else {
            (None, None)
        };
        CachedPage {
            status,
            headers,
            body,
            brotli,
            gzip,
        }
    }

    /// The status, headers and body to send for `encoding`: the compressed copy with its
    /// `Content-Encoding` when there is one, else the page as it is. Either way caches learn
    /// that the answer depends on `Accept-Encoding`.
    pub fn encoded(self, encoding: Encoding) -> (StatusCode, HeaderMap, Bytes) {
        let copy = match encoding {
            Encoding::Brotli => self.brotli,
            Encoding::Gzip => self.gzip,
            Encoding::Identity => None,
        };
        let mut headers = self.headers;
        headers.remove(header::CONTENT_LENGTH);
        if headers.contains_key(header::CONTENT_TYPE) && self.body.len() >= COMPRESS_FROM_BYTES {
            headers.append(header::VARY, HeaderValue::from_static("accept-encoding"));
        }
        match (copy, encoding.header_value()) {
            (Some(body), Some(value)) => {
                headers.insert(header::CONTENT_ENCODING, value);
                (self.status, headers, body)
            }
            _ => (self.status, headers, self.body),
        }
    }

    fn bytes(&self) -> usize {
        self.body.len()
            + self.brotli.as_ref().map_or(0, Bytes::len)
            + self.gzip.as_ref().map_or(0, Bytes::len)
            + self
                .headers
                .iter()
                .map(|(name, value)| name.as_str().len() + value.len())
                .sum::<usize>()
    }
}

/// How a page was found in the cache.
#[derive(Debug)]
pub enum Lookup {
    /// Young enough to serve as it is.
    Fresh(CachedPage),
    /// Older: serve it, and refresh it when `refresh` is true (no other refresh runs).
    Stale { page: CachedPage, refresh: bool },
    /// Not kept (or too old): render it, holding the key's turn so that others wait.
    Miss,
}

struct Entry {
    page: CachedPage,
    stored_at: Instant,
    used: u64,
    refreshing: bool,
}

#[derive(Default)]
struct Entries {
    pages: HashMap<PageKey, Entry>,
    bytes: usize,
    uses: u64,
}

/// The page cache of one server process.
pub struct PageCache {
    config: PageCacheConfig,
    entries: Mutex<Entries>,
    /// Bumped by every change: a render that began in an older generation is not kept.
    generation: AtomicU64,
    /// One lock per key being rendered, so that concurrent misses wait for one render.
    turns: Mutex<HashMap<PageKey, Arc<tokio::sync::Mutex<()>>>>,
}

impl PageCache {
    pub fn new(config: PageCacheConfig) -> PageCache {
        PageCache {
            config,
            entries: Mutex::default(),
            generation: AtomicU64::new(0),
            turns: Mutex::default(),
        }
    }

    pub fn enabled(&self) -> bool {
        self.config.enabled
    }

    /// The settings it was made with.
    pub fn config(&self) -> &PageCacheConfig {
        &self.config
    }

    fn entries(&self) -> MutexGuard<'_, Entries> {
        // A panic while holding the lock leaves plain data behind: it is still usable.
        self.entries
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The generation a render begins in; [`PageCache::store`] takes it back.
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::SeqCst)
    }

    /// Looks a page up.
    pub fn lookup(&self, key: &PageKey) -> Lookup {
        let mut entries = self.entries();
        entries.uses += 1;
        let uses = entries.uses;
        let Some(entry) = entries.pages.get_mut(key) else {
            return Lookup::Miss;
        };
        let age = entry.stored_at.elapsed();
        if age < self.config.fresh_for {
            entry.used = uses;
            return Lookup::Fresh(entry.page.clone());
        }
        if age < self.config.stale_for {
            entry.used = uses;
            let refresh = !entry.refreshing;
            entry.refreshing = true;
            return Lookup::Stale {
                page: entry.page.clone(),
                refresh,
            };
        }
        Lookup::Miss
    }

    /// Keeps a page rendered in `generation`, unless a change came since; the least recently
    /// used pages make room.
    pub fn store(&self, key: PageKey, page: CachedPage, generation: u64) {
        let size = page.bytes();
        if size > self.config.max_bytes {
            return;
        }
        let mut entries = self.entries();
        if generation != self.generation() {
            return;
        }
        entries.uses += 1;
        let used = entries.uses;
        if let Some(old) = entries.pages.remove(&key) {
            entries.bytes -= old.page.bytes();
        }
        while entries.bytes + size > self.config.max_bytes {
            let Some(oldest) = entries
                .pages
                .iter()
                .min_by_key(|(_, entry)| entry.used)
                .map(|(key, _)| key.clone())
            else {
                break;
            };
            if let Some(gone) = entries.pages.remove(&oldest) {
                entries.bytes -= gone.page.bytes();
            }
        }
        entries.bytes += size;
        entries.pages.insert(
            key,
            Entry {
                page,
                stored_at: Instant::now(),
                used,
                refreshing: false,
            },
        );
    }

    /// A refresh that failed: the next stale look-up tries again.
    pub fn refresh_failed(&self, key: &PageKey) {
        if let Some(entry) = self.entries().pages.get_mut(key) {
            entry.refreshing = false;
        }
    }

    /// Drops every page: what they show has changed.
    pub fn clear(&self) {
        let mut entries = self.entries();
        self.generation.fetch_add(1, Ordering::SeqCst);
        entries.pages.clear();
        entries.bytes = 0;
    }

    /// The lock of a key's render: the first miss takes it and renders; the others wait for it
    /// and then find the page.
    pub fn turn(&self, key: &PageKey) -> Arc<tokio::sync::Mutex<()>> {
        let mut turns = self
            .turns
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        // Locks nobody holds or waits for are dropped, so the map stays as small as the
        // renders under way.
        turns.retain(|_, turn| Arc::strong_count(turn) > 1);
        Arc::clone(turns.entry(key.clone()).or_default())
    }

    /// How many pages and bytes are kept.
    pub fn size(&self) -> (usize, usize) {
        let entries = self.entries();
        (entries.pages.len(), entries.bytes)
    }
}

/// `Cache-Control` of a page served from or for the cache: a CDN in front may keep it too.
pub fn shared_cache_control(config: &PageCacheConfig) -> HeaderValue {
    let value = format!(
        "public, s-maxage={}, stale-while-revalidate={}",
        config.fresh_for.as_secs(),
        config.stale_for.saturating_sub(config.fresh_for).as_secs()
    );
    HeaderValue::from_str(&value).unwrap_or(HeaderValue::from_static("no-cache"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(
                axum::http::HeaderName::from_bytes(name.as_bytes()).unwrap(),
                HeaderValue::from_str(value).unwrap(),
            );
        }
        map
    }

    fn page(text: &'static str) -> CachedPage {
        CachedPage::new(
            StatusCode::OK,
            HeaderMap::new(),
            Bytes::from_static(text.as_bytes()),
        )
    }

    #[test]
    fn a_client_gets_brotli_then_gzip_as_it_accepts_them_and_never_an_encoding_it_refused() {
        let preferred = |value: &str| Encoding::preferred(&headers(&[("accept-encoding", value)]));
        assert_eq!(preferred("gzip, deflate, br, zstd"), Encoding::Brotli);
        assert_eq!(preferred("gzip, deflate"), Encoding::Gzip);
        assert_eq!(preferred("br;q=0, gzip;q=0.5"), Encoding::Gzip);
        assert_eq!(preferred("br;q=0, gzip;q=0"), Encoding::Identity);
        assert_eq!(preferred("identity"), Encoding::Identity);
        assert_eq!(Encoding::preferred(&headers(&[])), Encoding::Identity);
    }

    #[test]
    fn a_kept_page_is_compressed_once_and_each_copy_holds_the_page() {
        let html = "<!doctype html><title>Muesli</title>".repeat(200);
        let page = CachedPage::new(
            StatusCode::OK,
            headers(&[("content-type", "text/html; charset=utf-8")]),
            Bytes::from(html.clone()),
        );
        let (_, brotli_headers, brotli_body) = page.clone().encoded(Encoding::Brotli);
        assert_eq!(brotli_headers[header::CONTENT_ENCODING], "br");
        assert_eq!(brotli_headers[header::VARY], "accept-encoding");
        let mut unpacked = Vec::new();
        brotli::BrotliDecompress(&mut &brotli_body[..], &mut unpacked).unwrap();
        assert_eq!(unpacked, html.as_bytes());
        let (_, gzip_headers, gzip_body) = page.clone().encoded(Encoding::Gzip);
        assert_eq!(gzip_headers[header::CONTENT_ENCODING], "gzip");
        let mut unpacked = String::new();
        std::io::Read::read_to_string(
            &mut flate2::read::GzDecoder::new(&gzip_body[..]),
            &mut unpacked,
        )
        .unwrap();
        assert_eq!(unpacked, html);
        let (_, plain_headers, plain_body) = page.encoded(Encoding::Identity);
        assert!(!plain_headers.contains_key(header::CONTENT_ENCODING));
        assert_eq!(plain_body, html.as_bytes());
        assert!(
            brotli_body.len() * 20 < html.len(),
            "a repeated page shrinks"
        );
    }

    fn cache(max_bytes: usize, fresh: u64, stale: u64) -> PageCache {
        PageCache::new(PageCacheConfig {
            enabled: true,
            max_bytes,
            fresh_for: Duration::from_millis(fresh),
            stale_for: Duration::from_millis(stale),
        })
    }

    #[test]
    fn the_key_holds_host_path_sorted_query_and_the_language_choices_but_never_a_session() {
        let plain = PageKey::of("Hoefslag.nl", "/muesli/", Some("b=2&a=1"), &headers(&[]));
        let same = PageKey::of(
            "hoefslag.nl",
            "/muesli/",
            Some("a=1&b=2"),
            &headers(&[("cookie", "_ga=1")]),
        );
        assert_eq!(plain, same);
        let danish = PageKey::of(
            "hoefslag.nl",
            "/muesli/",
            Some("a=1&b=2"),
            &headers(&[("cookie", "hoofbeat_language=1:4")]),
        );
        assert_ne!(plain, danish);
        let english = PageKey::of(
            "hoefslag.nl",
            "/muesli/",
            Some("a=1&b=2"),
            &headers(&[("accept-language", "en")]),
        );
        assert_ne!(plain, english);
        // The dates of the choices do not split the cache; what was chosen does.
        let key = |cookie: &str| {
            PageKey::of("hoefslag.nl", "/", None, &headers(&[("cookie", cookie)])).unwrap()
        };
        let consent = |analytics: bool, date: &str| {
            format!(
                "hoofbeat_consent=%7B%22necessary%22%3Atrue%2C%22analytics%22%3A{analytics}%2C%22marketing%22%3Afalse%2C%22date%22%3A%22{date}%22%7D"
            )
        };
        assert_eq!(
            key(&consent(false, "2026-01-01")),
            key(&consent(false, "2026-11-27"))
        );
        assert_ne!(
            key(&consent(false, "2026-01-01")),
            key(&consent(true, "2026-01-01"))
        );
        assert_ne!(key(&consent(false, "2026-01-01")), key(""));
        assert_eq!(
            key("hoofbeat_localization=2026-01-01T10%3A00%3A00.000Z"),
            key("hoofbeat_localization=2026-11-27T08%3A00%3A00.000Z")
        );
        assert_ne!(key("hoofbeat_localization=2026-01-01"), key(""));
        for cookie in ["hb_session=x", "a=b; __Host-hb_session=x"] {
            assert_eq!(
                PageKey::of("hoefslag.nl", "/", None, &headers(&[("cookie", cookie)])),
                None
            );
        }
    }

    #[test]
    fn only_public_pages_without_cookies_and_with_200_or_404_are_kept() {
        let body = Bytes::from_static(b"<html>");
        let public = headers(&[("cache-control", "public, s-maxage=60")]);
        assert!(CachedPage::cacheable(StatusCode::OK, &public, &body).is_some());
        assert!(CachedPage::cacheable(StatusCode::NOT_FOUND, &public, &body).is_some());
        assert!(CachedPage::cacheable(StatusCode::INTERNAL_SERVER_ERROR, &public, &body).is_none());
        let private = headers(&[("cache-control", "private, no-store")]);
        assert!(CachedPage::cacheable(StatusCode::OK, &private, &body).is_none());
        let with_cookie = headers(&[("cache-control", "public"), ("set-cookie", "a=b")]);
        assert!(CachedPage::cacheable(StatusCode::OK, &with_cookie, &body).is_none());
    }

    #[test]
    fn pages_are_fresh_then_stale_with_one_refresh_then_gone() {
        let cache = cache(1_000, 40, 120);
        let key = PageKey("k".into());
        cache.store(key.clone(), page("a"), cache.generation());
        assert!(matches!(cache.lookup(&key), Lookup::Fresh(_)));
        std::thread::sleep(Duration::from_millis(60));
        assert!(matches!(
            cache.lookup(&key),
            Lookup::Stale { refresh: true, .. }
        ));
        assert!(matches!(
            cache.lookup(&key),
            Lookup::Stale { refresh: false, .. }
        ));
        cache.refresh_failed(&key);
        assert!(matches!(
            cache.lookup(&key),
            Lookup::Stale { refresh: true, .. }
        ));
        std::thread::sleep(Duration::from_millis(80));
        assert!(matches!(cache.lookup(&key), Lookup::Miss));
    }

    #[test]
    fn the_least_recently_used_pages_make_room() {
        let cache = cache(10, 60_000, 60_000);
        let (a, b, c) = (
            PageKey("a".into()),
            PageKey("b".into()),
            PageKey("c".into()),
        );
        cache.store(a.clone(), page("aaaa"), 0);
        cache.store(b.clone(), page("bbbb"), 0);
        assert!(matches!(cache.lookup(&a), Lookup::Fresh(_)));
        cache.store(c.clone(), page("cccc"), 0);
        assert!(matches!(cache.lookup(&a), Lookup::Fresh(_)));
        assert!(matches!(cache.lookup(&b), Lookup::Miss));
        assert!(matches!(cache.lookup(&c), Lookup::Fresh(_)));
        assert_eq!(cache.size(), (2, 8));
        cache.store(PageKey("big".into()), page("0123456789x"), 0);
        assert_eq!(
            cache.size(),
            (2, 8),
            "a page larger than the cache is not kept"
        );
    }

    #[test]
    fn a_change_drops_every_page_and_keeps_out_renders_begun_before_it() {
        let cache = cache(1_000, 60_000, 60_000);
        let key = PageKey("k".into());
        let before = cache.generation();
        cache.store(key.clone(), page("old"), before);
        cache.clear();
        assert!(matches!(cache.lookup(&key), Lookup::Miss));
        cache.store(key.clone(), page("rendered before the change"), before);
        assert!(matches!(cache.lookup(&key), Lookup::Miss));
        cache.store(key.clone(), page("new"), cache.generation());
        assert!(matches!(cache.lookup(&key), Lookup::Fresh(_)));
    }
}
