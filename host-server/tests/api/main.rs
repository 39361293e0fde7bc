//! Integration tests: the real server on a random port, over real HTTP, with a fresh database
//! per test. Every test runs on SQLite, and on PostgreSQL when one answers (see `support`).

mod support;

mod accounts;
mod captcha;
mod carts;
mod catalog_read;
mod catalog_search;
mod content;
mod fixtures;
mod health;
mod openapi;
mod storefront;
mod vat;
mod vectors;
