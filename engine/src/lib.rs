//! # Hoofbeat Commerce engine
//!
//! Every rule of the shop that computes or decides lives here, once: money and VAT
//! ([`money`], [`vat`]), the [cart calculation](cart) with [promotions], shipping, payment
//! costs and gift cards (a card's balance as it pays and is refunded: [`gift_card`]), checkout step gates ([`checkout`]), order statuses ([`order`]), subscription statuses ([`subscription`]), form validation with the Dutch
//! message texts and the comparison list ([`validation`]), feed dosing and silo interest
//! ([`feed`]), roughage scan results and balancing advice ([`roughage`]), currency, number,
//! date and language rules ([`locale`]) and URL rules ([`url`]). The crate does no I/O, reads no clock and has no randomness: inputs in,
//! outputs out. The same code runs natively in `host-server`, as WebAssembly in the browser
//! (`engine-wasm`), and inside any program that embeds it.
//!
//! Amounts are [`Money`](money::Money): euro with exactly two fraction digits, rounded half away
//! from zero, crossing JSON as strings.
//!
//! ```
//! use engine::money::Money;
//! use engine::vat::{split_inclusive, VatRate};
//!
//! let price: Money = "24.95".parse()?;
//! let rate: VatRate = "21".parse()?;
//! let split = split_inclusive(price, rate)?;
//! assert_eq!(split.amount_excl_vat.to_string(), "20.62");
//! assert_eq!(split.vat_amount.to_string(), "4.33");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A cart is calculated with [`cart::calculate`]; the [`cart`] module's documentation is the
//! manual, with a complete example that builds a cart and checks its totals and VAT:
//!
//! ```
//! let input: engine::cart::CartInput = serde_json::from_str(r#"{
//!     "site": {"vatPercentageHigh": "21", "vatPercentageLow": "9",
//!              "shippingOptions": [{"shippingMethod": 0, "price": "6.95"}]},
//!     "catalog": [{"productId": 1, "productVariantId": 11, "productType": 2, "vatType": "low",
//!                  "unitPrice": "24.95", "description": "Sportmuesli"}],
//!     "products": [{"productVariantId": 11, "count": 2}]
//! }"#)?;
//! let cart = engine::cart::calculate(&input)?;
//! assert_eq!(cart.total_amount.to_string(), "56.85"); // 2 x 24.95 + 6.95 shipping
//! assert_eq!(cart.vat_amount_low.to_string(), "4.69"); // 56.85 * 9 / 109, rounded once
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Callers that speak JSON (JavaScript, other languages, the shared test vectors) use
//! [`operations::run`] with an operation name.
// The engine's own code has no `unsafe`; the `typescript` feature's derived declarations
// expand to wasm-bindgen glue, which may use it.
#![cfg_attr(not(feature = "typescript"), forbid(unsafe_code))]
#![warn(missing_docs)]

pub mod allocation;
pub mod cart;
pub mod catalog;
mod cents;
pub mod checkout;
mod decimal_text;
pub mod ean;
pub mod erasure;
pub mod error;
pub mod feed;
pub mod geo;
pub mod gift_card;
pub mod ids;
pub mod limits;
pub mod locale;
pub mod money;
#[cfg(feature = "openapi")]
mod openapi;
pub mod operations;
pub mod order;
pub mod payment;
pub mod promotions;
pub mod refund;
pub mod returns;
pub mod roughage;
pub mod shelf_price;
pub mod shipping;
pub mod staff;
pub mod stock;
pub mod subscription;
pub mod unit_price;
pub mod url;
pub mod validation;
pub mod vat;

pub use error::EngineError;
