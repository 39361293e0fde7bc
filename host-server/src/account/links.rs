//! The links in account e-mails: the storefront page named by `callbackUrl`, with the token
//! and user id added as query parameters.
//!
//! To keep mails from pointing anywhere else, `callbackUrl` must be a path on the site the
//! request came to (`/account/confirm/`) or an absolute http(s) URL on that same host.

use axum::http::HeaderMap;
use url::Url;

use crate::error::ApiError;

fn invalid() -> ApiError {
    ApiError::field("callbackUrl", "validation.invalid", "callbackUrl must be a path or a URL on this site")
}

/// The site the request came to, e.g. `http://de.hoefslag.localhost:8080/`.
pub fn request_origin(headers: &HeaderMap, https: bool) -> Result<Url, ApiError> {
    let host = headers
        .get(axum::http::header::HOST)
        .and_then(|value| value.to_str().ok())
        .ok_or_else(|| ApiError::bad_request("the Host header is missing"))?;
    let origin = format!("{}://{host}/", if https { "https" } else { "http" });
    Url::parse(&origin).map_err(|_| ApiError::bad_request("the Host header is not a host"))
}

/// The absolute callback URL with `token` and `userId` appended.
pub fn callback_link(callback_url: &str, headers: &HeaderMap, https: bool, token: &str, user_id: &str) -> Result<String, ApiError> {
    let base = request_origin(headers, https)?;
    let callback_url = callback_url.trim();
    if callback_url.is_empty() {
        return Err(ApiError::required("callbackUrl"));
    }
    let is_path = callback_url.starts_with('/') && !callback_url.starts_with("//");
    let mut link = if is_path { base.join(callback_url) } else { Url::parse(callback_url) }.map_err(|_| invalid())?;
    let same_site = link.host_str() == base.host_str() && link.port_or_known_default() == base.port_or_known_default();
    if !matches!(link.scheme(), "http" | "https") || !same_site {
        return Err(invalid());
    }
    link.query_pairs_mut().append_pair("token", token).append_pair("userId", user_id);
    Ok(link.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(host: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(axum::http::header::HOST, host.parse().unwrap());
        headers
    }

    #[test]
    fn builds_links_on_the_requesting_site_only() {
        let link = callback_link("/account/confirm/", &headers("hoefslag.localhost:8080"), false, "t0k", "u1").unwrap();
        assert_eq!(link, "http://hoefslag.localhost:8080/account/confirm/?token=t0k&userId=u1");
        let link = callback_link("https://de.hoefslag.localhost/account/reset/?x=1", &headers("de.hoefslag.localhost"), true, "t", "u").unwrap();
        assert_eq!(link, "https://de.hoefslag.localhost/account/reset/?x=1&token=t&userId=u");
        assert!(callback_link("https://evil.example/", &headers("hoefslag.localhost"), true, "t", "u").is_err());
        assert!(callback_link("//evil.example/x", &headers("hoefslag.localhost"), true, "t", "u").is_err());
        assert!(callback_link("javascript:alert(1)", &headers("hoefslag.localhost"), true, "t", "u").is_err());
        assert!(callback_link(" ", &headers("hoefslag.localhost"), true, "t", "u").is_err());
    }
}
