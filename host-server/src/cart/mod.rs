//! Carts (specification, sections 3, 4 and 7: /api/cart and /api/cartcalculation).
//!
//! The server owns carts and recomputes every amount with the engine on every read; nothing
//! priced by a client is trusted. Cart ids are random 128-bit values. Every answer that shows
//! a cart carries both the cart's data and its calculation, as the storefront expects.
//!
//! The area by role:
//! - HTTP: [`routes`] (the router) and the handlers by area: [`lines`] (the cart and its
//!   lines, calculations), [`details`] (discount code, addresses, company, payment,
//!   newsletter), [`checkout_choices`] (the smaller checkout choices), [`handover`] and
//!   [`recommendations`]; [`access`] keeps an account's cart to its session.
//! - Types: [`api_types`] (requests and responses) and [`bodies`] (the checkout documents).
//! - Service: [`service`] (loading, pricing and changing a cart), [`pricing`] (the engine's
//!   input), [`applicable`] (taking the stored choices the engine's clean-up drops off the stored cart), [`texts`].
//! - Store: [`store`] (every query), [`rows`] (the rows read), [`cache`] (carts kept in memory).

pub mod access;
mod admin;
mod api_types;
mod applicable;
pub mod bodies;
mod cache;
mod checkout_choices;
mod details;
mod handover;
mod lines;
mod pricing;
mod recommendations;
mod routes;
mod rows;
mod service;
pub mod store;
mod texts;

pub use cache::CartCache;
pub use pricing::{PricingCache, code_used_up_by, promotion_of_code};
pub use routes::router;
pub use rows::CartRow;
pub use service::{
    PricedCart, adopt_guest_cart, cart_of_account, delete, discount_code_used, owner, priced,
};
pub use store::CartOwner;
pub use store::line_writer::LineWriter;
