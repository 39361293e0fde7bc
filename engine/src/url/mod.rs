//! URL rules: the trailing slash, the paging query parameters and
//! the localized comparison path.

use serde::{Deserialize, Serialize};

use crate::error::EngineError;
use crate::locale::Culture;

mod language;
pub use language::{
    AskedCulture, AskedCultureRequest, LANGUAGE_PARAMETER, asked_culture, default_culture,
    hreflang, language_path,
};

/// The page shown when the URL has no `p`.
pub const DEFAULT_PAGE: u32 = 1;
/// The page size used when the URL has no `ps`.
pub const DEFAULT_PAGE_SIZE: u32 = 24;
/// The largest page size a URL may ask for (the specification is silent; this keeps a
/// hand-edited URL from asking for the whole catalog).
pub const MAX_PAGE_SIZE: u32 = 100;

/// A URL split into its path, query (without `?`) and fragment (without `#`).
struct Parts<'a> {
    origin: &'a str,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

/// The value of the first query parameter called `name`, as written (not percent-decoded).
fn query_value<'a>(url: &'a str, name: &str) -> Option<&'a str> {
    split(url.trim()).query?.split('&').find_map(|pair| {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        (key == name).then_some(value)
    })
}

fn split(url: &str) -> Parts<'_> {
    let (rest, fragment) = match url.split_once('#') {
        Some((rest, fragment)) => (rest, Some(fragment)),
        None => (url, None),
    };
    let (rest, query) = match rest.split_once('?') {
        Some((rest, query)) => (rest, Some(query)),
        None => (rest, None),
    };
    let origin_end = rest
        .find("://")
        .map(|scheme_end| {
            rest[scheme_end + 3..]
                .find('/')
                .map_or(rest.len(), |slash| scheme_end + 3 + slash)
        })
        .unwrap_or(0);
    Parts {
        origin: &rest[..origin_end],
        path: &rest[origin_end..],
        query,
        fragment,
    }
}

fn join(parts: &Parts<'_>, path: &str, query: Option<&str>) -> String {
    let mut url = format!("{}{}", parts.origin, path);
    if let Some(query) = query.filter(|query| !query.is_empty()) {
        url.push('?');
        url.push_str(query);
    }
    if let Some(fragment) = parts.fragment {
        url.push('#');
        url.push_str(fragment);
    }
    url
}

/// True when the last path segment ends in a file extension: a dot that is not the first
/// character, followed by 1 to 5 ASCII letters and digits of which the first is a letter
/// (`report.pdf`, `video.mp4`; not `.well-known`, not `pavo-1.5kg`).
pub fn has_file_extension(path: &str) -> bool {
    let segment = path.rsplit('/').next().unwrap_or("");
    match segment.rfind('.') {
        Some(dot) if dot > 0 => {
            let extension = &segment[dot + 1..];
            (1..=5).contains(&extension.len())
                && extension.starts_with(|c: char| c.is_ascii_alphabetic())
                && extension.chars().all(|c| c.is_ascii_alphanumeric())
        }
        _ => false,
    }
}

/// Gives a route URL its trailing slash unless the last segment has a file extension.
///
/// Query and fragment are kept as they are; an empty path becomes `/`. Works on paths
/// (`/hooi?p=2`) and absolute URLs (`https://www.example.nl/hooi`).
pub fn normalize(url: &str) -> String {
    let parts = split(url.trim());
    let path = if parts.path.is_empty() {
        "/".to_owned()
    } else if parts.path.ends_with('/') || has_file_extension(parts.path) {
        parts.path.to_owned()
    } else {
        format!("{}/", parts.path)
    };
    join(&parts, &path, parts.query)
}

/// Input of `url.normalize`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UrlRequest {
    /// A path or absolute URL, optionally with query and fragment.
    pub url: String,
}

/// Output of `url.normalize` and `url.paging`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct UrlResult {
    /// The resulting URL.
    pub url: String,
}

/// A page of a result list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Paging {
    /// The page, from 1.
    pub page: u32,
    /// The number of items per page, 1 to [`MAX_PAGE_SIZE`].
    pub page_size: u32,
}

impl Default for Paging {
    fn default() -> Paging {
        Paging {
            page: DEFAULT_PAGE,
            page_size: DEFAULT_PAGE_SIZE,
        }
    }
}

impl Paging {
    /// The paging a request asks for: an absent page or page size gets its default (1, 24);
    /// a page below 1 or a page size outside 1 to [`MAX_PAGE_SIZE`] is refused.
    pub fn from_request(page: Option<i64>, page_size: Option<i64>) -> Result<Paging, EngineError> {
        let page = match page {
            None => DEFAULT_PAGE,
            Some(page) => u32::try_from(page)
                .ok()
                .filter(|page| *page >= 1)
                .ok_or_else(|| {
                    EngineError::InvalidInput(format!("page must be at least 1, not {page}"))
                })?,
        };
        let page_size = match page_size {
            None => DEFAULT_PAGE_SIZE,
            Some(size) => u32::try_from(size)
                .ok()
                .filter(|size| (1..=MAX_PAGE_SIZE).contains(size))
                .ok_or_else(|| {
                    EngineError::InvalidInput(format!(
                        "page size must be 1 to {MAX_PAGE_SIZE}, not {size}"
                    ))
                })?,
        };
        Ok(Paging { page, page_size })
    }

    /// The index of the page's first item in the whole list.
    pub fn offset(self) -> usize {
        (self.page.saturating_sub(1) as usize).saturating_mul(self.page_size as usize)
    }

    /// The items of `items` on this page (empty past the end).
    pub fn slice<T>(self, items: &[T]) -> &[T] {
        let start = self.offset().min(items.len());
        let end = start
            .saturating_add(self.page_size as usize)
            .min(items.len());
        &items[start..end]
    }
}

/// Reads `p` and `ps` from a URL; missing or invalid values (not a whole number, 0, a page
/// size above [`MAX_PAGE_SIZE`]) give the defaults 1 and 24. The first occurrence counts.
pub fn read_paging(url: &str) -> Paging {
    let value = |name: &str| query_value(url, name).and_then(|value| value.parse::<u32>().ok());
    Paging {
        page: value("p").filter(|page| *page >= 1).unwrap_or(DEFAULT_PAGE),
        page_size: value("ps")
            .filter(|size| (1..=MAX_PAGE_SIZE).contains(size))
            .unwrap_or(DEFAULT_PAGE_SIZE),
    }
}

/// Sets the paging of a URL: every `p` and `ps` is removed, the other parameters keep their
/// order, and `p` then `ps` are appended unless they have their default values (1 and 24).
pub fn with_paging(url: &str, paging: Paging) -> Result<String, EngineError> {
    if paging.page < 1 || !(1..=MAX_PAGE_SIZE).contains(&paging.page_size) {
        return Err(EngineError::InvalidInput(format!(
            "page must be at least 1 and page size 1 to {MAX_PAGE_SIZE}, not {} and {}",
            paging.page, paging.page_size
        )));
    }
    let parts = split(url.trim());
    let mut pairs: Vec<String> = parts
        .query
        .unwrap_or("")
        .split('&')
        .filter(|pair| {
            let key = pair.split_once('=').map_or(*pair, |(key, _)| key);
            !pair.is_empty() && key != "p" && key != "ps"
        })
        .map(str::to_owned)
        .collect();
    if paging.page != DEFAULT_PAGE {
        pairs.push(format!("p={}", paging.page));
    }
    if paging.page_size != DEFAULT_PAGE_SIZE {
        pairs.push(format!("ps={}", paging.page_size));
    }
    Ok(join(&parts, parts.path, Some(&pairs.join("&"))))
}

/// Input of `url.paging`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PagingRequest {
    /// The URL to set the paging of.
    pub url: String,
    /// The page, from 1.
    pub page: u32,
    /// The page size.
    pub page_size: u32,
}

/// The comparison page's path for a culture (nl, de, da, es, pt, sv, pl and it have the
/// shop's original paths; the others are decided here: en `/compare`, fr `/comparer`, cs
/// `/porovnat`, et `/vordle`). Regional variants use their language's path.
pub fn compare_path(culture: Culture) -> &'static str {
    match culture {
        Culture::Nl | Culture::NlBe => "/vergelijken",
        Culture::De | Culture::DeAt => "/vergleichen",
        Culture::Da => "/sammenlign",
        Culture::Es | Culture::Pt => "/comparar",
        Culture::Sv => "/jamfor",
        Culture::Pl => "/porównaj",
        Culture::It => "/confronto",
        Culture::En => "/compare",
        Culture::FrBe | Culture::FrFr => "/comparer",
        Culture::Cs => "/porovnat",
        Culture::Et => "/vordle",
    }
}

/// Percent-encodes every byte outside the unreserved characters and `/` (RFC 3986).
pub fn percent_encode_path(path: &str) -> String {
    let mut encoded = String::with_capacity(path.len());
    for byte in path.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~/".contains(&byte) {
            encoded.push(char::from(byte));
        } else {
            encoded.push_str(&format!("%{byte:02X}"));
        }
    }
    encoded
}

/// Input of `url.comparePath`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ComparePathRequest {
    /// The culture of the page.
    pub culture: Culture,
}

/// Output of `url.comparePath`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ComparePathResult {
    /// The route path as the specification writes it, e.g. `/porównaj`.
    pub path: String,
    /// The link to use: with its trailing slash and percent-encoded, e.g. `/por%C3%B3wnaj/`.
    pub href: String,
}

impl ComparePathRequest {
    /// Applies [`compare_path`].
    pub fn resolve(&self) -> ComparePathResult {
        let path = compare_path(self.culture);
        ComparePathResult {
            path: path.to_owned(),
            href: percent_encode_path(&normalize(path)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paging_of_a_request_defaults_checks_and_slices() {
        assert_eq!(
            Paging::from_request(None, None).unwrap(),
            Paging {
                page: 1,
                page_size: 24
            }
        );
        assert_eq!(
            Paging::from_request(Some(3), Some(10)).unwrap().offset(),
            20
        );
        assert!(Paging::from_request(Some(0), None).is_err());
        assert!(Paging::from_request(None, Some(0)).is_err());
        assert!(Paging::from_request(None, Some(101)).is_err());
        assert!(Paging::from_request(Some(-1), None).is_err());
        let items: Vec<u32> = (1..=25).collect();
        assert_eq!(
            Paging {
                page: 2,
                page_size: 24
            }
            .slice(&items),
            &[25]
        );
        assert!(
            Paging {
                page: 3,
                page_size: 24
            }
            .slice(&items)
            .is_empty()
        );
        assert_eq!(
            Paging {
                page: u32::MAX,
                page_size: 100
            }
            .slice(&items)
            .len(),
            0
        );
    }

    #[test]
    fn adds_a_trailing_slash_unless_the_last_segment_is_a_file() {
        let cases = [
            ("/hooi", "/hooi/"),
            ("/hooi/", "/hooi/"),
            ("", "/"),
            ("/", "/"),
            ("/voer/brokken?p=2#top", "/voer/brokken/?p=2#top"),
            ("/media/folder.pdf", "/media/folder.pdf"),
            ("/video.mp4?t=3", "/video.mp4?t=3"),
            ("/sitemap.xml", "/sitemap.xml"),
            ("/product/pavo-1.5kg", "/product/pavo-1.5kg/"),
            ("/.well-known", "/.well-known/"),
            ("/archief.backup2024", "/archief.backup2024/"),
            ("https://www.example.nl", "https://www.example.nl/"),
            (
                "https://www.example.nl/hooi?x=1",
                "https://www.example.nl/hooi/?x=1",
            ),
            ("/store-locator/", "/store-locator/"),
            ("?p=2", "/?p=2"),
        ];
        for (url, expected) in cases {
            assert_eq!(normalize(url), expected, "{url}");
        }
    }

    #[test]
    fn reads_paging_with_defaults() {
        let cases = [
            ("/hooi/", 1, 24),
            ("/hooi/?p=3", 3, 24),
            ("/hooi/?ps=48&p=2", 2, 48),
            ("/hooi/?p=0&ps=0", 1, 24),
            ("/hooi/?p=abc&ps=-1", 1, 24),
            ("/hooi/?ps=100", 1, 100),
            ("/hooi/?ps=101", 1, 24),
            ("/hooi/?pp=5&sp=7", 1, 24),
            ("/hooi/?p=2&p=5#p=9", 2, 24),
        ];
        for (url, page, page_size) in cases {
            assert_eq!(read_paging(url), Paging { page, page_size }, "{url}");
        }
    }

    #[test]
    fn writes_paging_omitting_defaults() {
        let cases = [
            ("/hooi/", 1, 24, "/hooi/"),
            ("/hooi/", 2, 24, "/hooi/?p=2"),
            ("/hooi/", 1, 48, "/hooi/?ps=48"),
            (
                "/hooi/?sort=price&p=3&ps=48#list",
                1,
                24,
                "/hooi/?sort=price#list",
            ),
            (
                "/hooi/?p=3&sort=price",
                4,
                12,
                "/hooi/?sort=price&p=4&ps=12",
            ),
        ];
        for (url, page, page_size, expected) in cases {
            assert_eq!(
                with_paging(url, Paging { page, page_size }).unwrap(),
                expected,
                "{url}"
            );
        }
        assert!(
            with_paging(
                "/",
                Paging {
                    page: 0,
                    page_size: 24
                }
            )
            .is_err()
        );
        assert!(
            with_paging(
                "/",
                Paging {
                    page: 1,
                    page_size: 101
                }
            )
            .is_err()
        );
    }

    #[test]
    fn localizes_the_comparison_path() {
        let cases = [
            (Culture::Nl, "/vergelijken", "/vergelijken/"),
            (Culture::NlBe, "/vergelijken", "/vergelijken/"),
            (Culture::De, "/vergleichen", "/vergleichen/"),
            (Culture::DeAt, "/vergleichen", "/vergleichen/"),
            (Culture::Da, "/sammenlign", "/sammenlign/"),
            (Culture::Es, "/comparar", "/comparar/"),
            (Culture::Pt, "/comparar", "/comparar/"),
            (Culture::Sv, "/jamfor", "/jamfor/"),
            (Culture::Pl, "/porównaj", "/por%C3%B3wnaj/"),
            (Culture::It, "/confronto", "/confronto/"),
            (Culture::En, "/compare", "/compare/"),
            (Culture::FrFr, "/comparer", "/comparer/"),
            (Culture::FrBe, "/comparer", "/comparer/"),
            (Culture::Cs, "/porovnat", "/porovnat/"),
            (Culture::Et, "/vordle", "/vordle/"),
        ];
        for (culture, path, href) in cases {
            let result = ComparePathRequest { culture }.resolve();
            assert_eq!(
                (result.path.as_str(), result.href.as_str()),
                (path, href),
                "{culture}"
            );
        }
    }
}
