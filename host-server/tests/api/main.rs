//! Integration tests: the real server on a random port, over real HTTP, with a fresh database
//! per test. Every test runs on SQLite, and on PostgreSQL when one answers (see `support`).
//!
//! The stand-ins for outside services (payment provider, captcha) are small axum servers of
//! their own, not the API, so they may use axum's own extractors.
#![allow(clippy::disallowed_types)]

mod support;

mod account_data;
mod accounts;
mod audit;
mod authorization;
mod back_in_stock;
mod backoffice;
mod backups;
mod captcha;
mod cart_bodies;
mod cart_invariant;
mod carts;
mod catalog_admin;
mod catalog_read;
mod catalog_search;
mod content;
mod content_policy;
mod customers;
mod feed_calculator;
mod fixtures;
mod health;
mod housekeeping;
mod invoice_pdf;
mod mails;
mod metrics;
mod mollie;
mod newsletter;
mod openapi;
mod order_concurrency;
mod order_desk;
mod order_tracking;
mod orders;
mod overview;
mod page_cache;
mod pay_unpaid_orders;
mod price_reductions;
mod process;
mod refunds;
mod renderer;
mod review_moderation;
mod security;
mod seo;
mod staff;
mod storefront;
mod survey;
mod two_servers;
mod unpaid_orders;
mod vat;
mod vectors;
