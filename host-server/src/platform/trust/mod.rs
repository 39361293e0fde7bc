//! What the server trusts of a request, and nothing more (see `SECURITY.md`):
//! - the `Host` it answers for: a site's domain or alias, `PUBLIC_URL`'s host, or a name in
//!   `ALLOWED_HOSTS`; any other host is refused before a handler runs;
//! - the origin of every link it sends (mails, payment return and webhook addresses): a
//!   configured site domain with `PUBLIC_URL`'s scheme and port, never a name the request made
//!   up;
//! - the client's address: the socket's, or the one a proxy in `TRUSTED_PROXIES` forwarded, or,
//!   for the server renderer's API calls, the visitor's address this server handed the renderer
//!   with the page request (proven by the renderer key, a secret of this process).

pub mod store;

use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::time::{Duration, Instant};

use axum::extract::{Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tokio::sync::RwLock;
use url::Url;

use crate::AppState;
use crate::platform::config::TrustConfig;
use crate::platform::db::Database;
use crate::platform::error::ApiError;

/// How long the sites' host names are kept before they are read again.
const SITE_HOSTS_LIFETIME: Duration = Duration::from_secs(30);

/// The sites' host names: every domain and alias with its site, and each site's primary domain;
/// and the sites with a tag manager key, whose pages may load it.
#[derive(Default)]
struct SiteHosts {
    site_of_host: HashMap<String, i64>,
    primary_of_site: HashMap<i64, String>,
    tag_manager_sites: HashSet<i64>,
    loaded_at: Option<Instant>,
}

impl SiteHosts {
    fn is_fresh(&self) -> bool {
        self.loaded_at
            .is_some_and(|loaded| loaded.elapsed() < SITE_HOSTS_LIFETIME)
    }
}

/// The request header that carries the renderer key: host-server sends it with every page it
/// forwards to the renderer, and the renderer sends it back with the API calls of that page.
pub const RENDERER_KEY_HEADER: &str = "x-renderer-key";

/// The trusted hosts, origins and proxies of this server.
pub struct Trust {
    config: TrustConfig,
    /// A random secret of this process, known only to it and the renderer it forwards pages to:
    /// an API call that carries it relays the visitor's address in `X-Forwarded-For`.
    renderer_key: String,
    /// Its SHA-256, compared with the hash of a key a request carries (no timing to learn from).
    renderer_key_hash: String,
    /// The port the server listens on: the links' port when `PUBLIC_URL` is unset.
    listen_port: u16,
    db: Database,
    sites: RwLock<SiteHosts>,
}

/// Links to the shop's own sites (a brand's site named in another site's navigation), written
/// with the scheme and port the shop is served on, whatever the stored link says.
pub struct ShopLinks {
    hosts: HashSet<String>,
    scheme: String,
    port: Option<u16>,
}

impl ShopLinks {
    /// `link` on the shop's scheme and port when it names one of the shop's sites; any other
    /// link as it is.
    pub fn rewrite(&self, link: &str) -> String {
        let Ok(mut url) = Url::parse(link) else {
            return link.to_owned();
        };
        let own = matches!(url.scheme(), "http" | "https")
            && url
                .host_str()
                .is_some_and(|host| self.hosts.contains(&host.to_ascii_lowercase()));
        if !own || url.set_scheme(&self.scheme).is_err() || url.set_port(self.port).is_err() {
            return link.to_owned();
        }
        url.to_string()
    }
}

/// The host name of a `Host` header or URL authority, lower case, without port or brackets.
pub fn host_name(authority: &str) -> String {
    let authority = authority.trim().to_ascii_lowercase();
    if let Some(rest) = authority.strip_prefix('[') {
        return rest.split(']').next().unwrap_or_default().to_owned();
    }
    match authority.rsplit_once(':') {
        Some((host, port)) if port.chars().all(|c| c.is_ascii_digit()) => host.to_owned(),
        _ => authority,
    }
}

/// True when `host` matches a pattern of `ALLOWED_HOSTS` (`*.example.com` for subdomains).
fn matches_pattern(pattern: &str, host: &str) -> bool {
    match pattern.strip_prefix("*.") {
        Some(parent) => host
            .strip_suffix(parent)
            .is_some_and(|sub| sub.len() > 1 && sub.ends_with('.')),
        None => pattern == host,
    }
}

impl Trust {
    /// The trust of this configuration, for a server listening on `listen_port`.
    pub fn new(config: TrustConfig, listen_port: u16, db: Database) -> Trust {
        let renderer_key = crate::platform::secrets::new_token();
        Trust {
            renderer_key_hash: crate::platform::secrets::hash_token(&renderer_key),
            renderer_key,
            config,
            listen_port,
            db,
            sites: RwLock::default(),
        }
    }

    /// True when the shop is reached over https.
    pub fn https(&self) -> bool {
        self.config.https()
    }

    /// `PUBLIC_URL`, when set.
    pub fn public_url(&self) -> Option<&Url> {
        self.config.public_url.as_ref()
    }

    async fn load_sites(&self) -> Result<(), sqlx::Error> {
        let rows = store::site_domains(self.db.pool()).await?;
        let mut hosts = SiteHosts {
            loaded_at: Some(Instant::now()),
            ..SiteHosts::default()
        };
        for (site_id, domain, is_primary) in rows {
            let domain = domain.to_ascii_lowercase();
            if is_primary.into() {
                hosts.primary_of_site.insert(site_id, domain.clone());
            }
            hosts.site_of_host.insert(domain, site_id);
        }
        let keys = store::tag_manager_keys(self.db.pool()).await?;
        hosts.tag_manager_sites = keys
            .into_iter()
            .filter(|(_, key)| !key.trim().is_empty())
            .map(|(site_id, _)| site_id)
            .collect();
        *self.sites.write().await = hosts;
        Ok(())
    }

    /// The site whose domain or alias `host` is, reading the sites again when the copy is old.
    /// The site whose domain or alias the request's `Host` names, if any.
    pub async fn site_of_request(&self, headers: &HeaderMap) -> Result<Option<i64>, sqlx::Error> {
        match headers
            .get(header::HOST)
            .and_then(|value| value.to_str().ok())
        {
            Some(host) => self.site_of_host(&host_name(host)).await,
            None => Ok(None),
        }
    }

    /// True when the site the request's `Host` names has a tag manager key: only then may its
    /// pages load the tag manager (the content security policy allows its origins).
    pub async fn tag_manager_on_request(&self, headers: &HeaderMap) -> Result<bool, sqlx::Error> {
        let Some(site_id) = self.site_of_request(headers).await? else {
            return Ok(false);
        };
        Ok(self.sites.read().await.tag_manager_sites.contains(&site_id))
    }

    async fn site_of_host(&self, host: &str) -> Result<Option<i64>, sqlx::Error> {
        {
            let sites = self.sites.read().await;
            if sites.is_fresh() {
                return Ok(sites.site_of_host.get(host).copied());
            }
        }
        self.load_sites().await?;
        Ok(self.sites.read().await.site_of_host.get(host).copied())
    }

    async fn primary_domain(&self, site_id: i64) -> Result<Option<String>, sqlx::Error> {
        if !self.sites.read().await.is_fresh() {
            self.load_sites().await?;
        }
        Ok(self
            .sites
            .read()
            .await
            .primary_of_site
            .get(&site_id)
            .cloned())
    }

    /// True when the server answers for `host` (a name without port).
    pub async fn is_allowed_host(&self, host: &str) -> Result<bool, sqlx::Error> {
        let configured = self
            .config
            .allowed_hosts
            .iter()
            .any(|pattern| matches_pattern(pattern, host))
            || self
                .public_url()
                .and_then(Url::host_str)
                .is_some_and(|public| public.eq_ignore_ascii_case(host));
        Ok(configured || self.site_of_host(host).await?.is_some())
    }

    /// The origin links for this request are built on, e.g. `https://de.hoefslag.nl/`.
    ///
    /// The host is the site's: the request's own host only when it is that site's configured
    /// domain or alias, otherwise the site's primary domain; without a known site,
    /// `PUBLIC_URL`'s host, else `localhost`. Scheme and port are `PUBLIC_URL`'s, else `http`
    /// and the port this server listens on.
    pub async fn origin(&self, site_id: Option<i64>, headers: &HeaderMap) -> Result<Url, ApiError> {
        let request_host = headers
            .get(header::HOST)
            .and_then(|value| value.to_str().ok())
            .map(host_name);
        let site_of_request = match &request_host {
            Some(host) => self.site_of_host(host).await?,
            None => None,
        };
        let site_id = site_id.or(site_of_request);
        let host = match site_id {
            Some(site) if site_of_request == Some(site) => request_host,
            Some(site) => self.primary_domain(site).await?,
            None => None,
        }
        .or_else(|| self.public_url().and_then(Url::host_str).map(str::to_owned))
        .unwrap_or_else(|| "localhost".to_owned());
        let (scheme, port) = match self.public_url() {
            Some(public) => (public.scheme().to_owned(), public.port()),
            None => ("http".to_owned(), Some(self.listen_port)),
        };
        let port = port.map(|port| format!(":{port}")).unwrap_or_default();
        let host = if host.contains(':') {
            format!("[{host}]")
        } else {
            host
        };
        Url::parse(&format!("{scheme}://{host}{port}/"))
            .map_err(|error| ApiError::Internal(format!("origin of {host}: {error}")))
    }

    /// How links to the shop's own sites are written: every site is served with one scheme and
    /// port, `PUBLIC_URL`'s, else `http` and the port this server listens on.
    pub async fn shop_links(&self) -> Result<ShopLinks, sqlx::Error> {
        if !self.sites.read().await.is_fresh() {
            self.load_sites().await?;
        }
        let (scheme, port) = match self.public_url() {
            Some(public) => (public.scheme().to_owned(), public.port()),
            None => ("http".to_owned(), Some(self.listen_port)),
        };
        Ok(ShopLinks {
            hosts: self
                .sites
                .read()
                .await
                .site_of_host
                .keys()
                .cloned()
                .collect(),
            scheme,
            port,
        })
    }

    /// Where a payment provider reaches the webhook: `PUBLIC_URL`, else the link origin.
    pub fn webhook_origin<'a>(&'a self, origin: &'a Url) -> &'a Url {
        self.public_url().unwrap_or(origin)
    }

    /// The secret the renderer proves itself with (sent to it with each forwarded page).
    pub fn renderer_key(&self) -> &str {
        &self.renderer_key
    }

    /// The client's address: the visitor's, when the request is the renderer's API call for a
    /// page (it carries the renderer key); the socket's, unless the socket is a trusted proxy;
    /// then the nearest address in `X-Forwarded-For` that is not a trusted proxy itself.
    pub fn client_ip(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        if let Some(visitor) = self.visitor_of_renderer_call(headers) {
            return visitor;
        }
        let is_proxy = |ip: &IpAddr| {
            self.config
                .trusted_proxies
                .iter()
                .any(|network| network.contains(ip))
        };
        if !is_proxy(&peer) {
            return peer;
        }
        let forwarded: Vec<IpAddr> = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .filter_map(|entry| entry.trim().parse().ok())
            .collect();
        forwarded
            .into_iter()
            .rev()
            .find(|ip| !is_proxy(ip))
            .unwrap_or(peer)
    }

    /// The visitor's address the renderer relays, when the request carries this process's
    /// renderer key; the renderer relays exactly the one address it was handed.
    fn visitor_of_renderer_call(&self, headers: &HeaderMap) -> Option<IpAddr> {
        let key = headers.get(RENDERER_KEY_HEADER)?.to_str().ok()?;
        if crate::platform::secrets::hash_token(key) != self.renderer_key_hash {
            return None;
        }
        headers
            .get("x-forwarded-for")?
            .to_str()
            .ok()?
            .trim()
            .parse()
            .ok()
    }
}

/// Refuses a request whose `Host` the server does not answer for (421, Misdirected Request),
/// so nothing it builds can carry a host an attacker chose.
pub async fn refuse_unknown_hosts(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    let authority = request
        .headers()
        .get(header::HOST)
        .and_then(|value| value.to_str().ok())
        .map(str::to_owned)
        .or_else(|| {
            request
                .uri()
                .authority()
                .map(|authority| authority.as_str().to_owned())
        });
    let Some(authority) = authority else {
        return ApiError::bad_request("the Host header is missing").into_response();
    };
    match state.trust.is_allowed_host(&host_name(&authority)).await {
        Ok(true) => next.run(request).await,
        Ok(false) => {
            tracing::info!(host = %authority, "request for a host this shop does not serve refused");
            ApiError::refused(
                StatusCode::MISDIRECTED_REQUEST,
                "errors.unknownHost",
                "This server does not serve that host",
            )
            .into_response()
        }
        Err(error) => ApiError::Database(error).into_response(),
    }
}

/// A `callbackUrl` or `confirmUrl`: a path of the shop, such as `/account/confirm/`. Anything
/// else (an absolute URL, `//host`, a backslash trick) is a 400 naming the parameter.
pub fn shop_path<'a>(value: Option<&'a str>, parameter: &str) -> Result<&'a str, ApiError> {
    let path = value
        .map(str::trim)
        .filter(|path| !path.is_empty())
        .ok_or_else(|| ApiError::required(parameter))?;
    let invalid = || {
        ApiError::field(
            parameter,
            "validation.invalid",
            format!("{parameter} must be a path of this shop, such as /account/confirm/"),
        )
    };
    let safe = path.starts_with('/')
        && !path.starts_with("//")
        && !path.contains('\\')
        && !path.chars().any(char::is_control)
        && path.len() <= 500;
    if safe { Ok(path) } else { Err(invalid()) }
}

/// The link to `path` on `origin` with `token` and `userId` added, for an account mail.
pub fn link_with_token(
    origin: &Url,
    path: &str,
    token: &str,
    user_id: &str,
) -> Result<String, ApiError> {
    let mut link = origin
        .join(path)
        .map_err(|error| ApiError::Internal(format!("link {path}: {error}")))?;
    if link.origin() != origin.origin() {
        return Err(ApiError::Internal(format!("link {path} left the origin")));
    }
    link.query_pairs_mut()
        .append_pair("token", token)
        .append_pair("userId", user_id);
    Ok(link.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_names_lose_port_case_and_brackets() {
        assert_eq!(host_name("Hoefslag.Localhost:8080"), "hoefslag.localhost");
        assert_eq!(host_name("[::1]:8080"), "::1");
        assert_eq!(host_name("127.0.0.1"), "127.0.0.1");
    }

    #[test]
    fn wildcards_match_subdomains_only() {
        assert!(matches_pattern("*.localhost", "de.hoefslag.localhost"));
        assert!(!matches_pattern("*.localhost", "localhost"));
        assert!(!matches_pattern("*.localhost", "evillocalhost"));
        assert!(!matches_pattern(
            "*.localhost",
            "localhost.attacker.example"
        ));
        assert!(matches_pattern("localhost", "localhost"));
    }

    #[test]
    fn only_paths_of_the_shop_are_callbacks() {
        assert_eq!(
            shop_path(Some(" /account/confirm/ "), "callbackUrl").unwrap(),
            "/account/confirm/"
        );
        for bad in [
            "https://evil.example/",
            "//evil.example/x",
            "/\\evil.example",
            "javascript:alert(1)",
            "account/confirm/",
            "/a\nb",
        ] {
            let error = shop_path(Some(bad), "callbackUrl").unwrap_err();
            assert!(
                matches!(&error, ApiError::BadRequest { fields, .. } if fields.contains_key("callbackUrl")),
                "{bad}"
            );
        }
        assert!(
            matches!(shop_path(Some(" "), "confirmUrl"), Err(ApiError::BadRequest { fields, .. }) if fields.contains_key("confirmUrl"))
        );
    }

    #[test]
    fn links_stay_on_their_origin() {
        let origin = Url::parse("https://de.hoefslag.nl/").unwrap();
        let link = link_with_token(&origin, "/account/reset/?x=1", "t0k", "u1").unwrap();
        assert_eq!(
            link,
            "https://de.hoefslag.nl/account/reset/?x=1&token=t0k&userId=u1"
        );
    }
}
