//! Content: the page content of the dynamic route with the
//! site's layout (navigation, footer, USPs, notification), news, FAQ and advice.
//!
//! Every call needs the `siteid` and `languageid` headers. Texts are picked by the engine's
//! text fallback rule; links are resolved to the paths of the request's site and language from
//! the route table the fixture import computed.
//!
//! The area by role:
//! - HTTP: [`routes`] (the router) and the handlers by area: [`pages`] (a path's page, the
//!   site's layout, the home page), [`news`], [`faq`] and [`advice`]; [`route_lookup`]
//!   (routing) and [`seo`] (alternates, robots.txt and the sitemap) are areas of their own.
//! - Types: [`api_types`] (requests and responses).
//! - Service: [`service`] (texts, links, layout parts, pages) and [`layout_cache`].
//! - Store: [`store`] (every query).

mod advice;
mod api_types;
mod faq;
mod layout_cache;
mod news;
mod pages;
pub mod route_lookup;
mod routes;
pub mod seo;
mod service;
mod store;

pub use layout_cache::LayoutCache;
pub use routes::router;
