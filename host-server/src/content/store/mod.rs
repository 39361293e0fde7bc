//! The content's SQL: every query of the content domain, per area. Handlers and services call
//! these functions and never write a query themselves.
//!
//! [`routes`] holds the route table the fixture import computed (and the redirects), [`layout`]
//! the parts of every page's frame and the home pages, [`pages`] content pages, [`news`],
//! [`faq`] and [`advice`] their items, and [`seo`] what search engines are told about sites.

pub mod advice;
pub mod faq;
pub mod layout;
pub mod news;
pub mod pages;
pub mod routes;
pub mod seo;
