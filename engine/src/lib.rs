//! # Hoofbeat Commerce engine
//!
//! Every rule of the shop that computes or decides lives here, once: money and VAT
//! ([`money`], [`vat`]), checkout step gates ([`checkout`]), form validation with the Dutch
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
//! let split = split_inclusive(price, rate);
//! assert_eq!(split.amount_excl_vat.to_string(), "20.62");
//! assert_eq!(split.vat_amount.to_string(), "4.33");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Callers that speak JSON (JavaScript, other languages, the shared test vectors) use
//! [`operations::run`] with an operation name.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod checkout;
pub mod error;
pub mod feed;
pub mod geo;
pub mod locale;
pub mod money;
pub mod operations;
pub mod roughage;
pub mod unit_price;
pub mod url;
pub mod validation;
pub mod vat;

pub use error::EngineError;
