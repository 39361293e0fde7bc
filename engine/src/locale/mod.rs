//! Locale rules: cultures and the language fallback, countries, the display currency, number
//! and date formatting.
//!
//! Euro prices are authoritative; other currencies are indicative conversions shown next to the
//! conversion disclaimer. Every amount is shown with exactly two fraction digits; a quantity
//! (scoops, grams, a measured value) with the digits its rule gave it.

mod country;
mod culture;
mod currency;
mod date;
mod number;

pub use country::{CountryCode, CountryCodeError};
pub use culture::{
    Culture, CultureError, CultureRequest, CultureResolution, DEFAULT_CULTURE, ENGLISH,
    TextFallbackRequest, TextFallbackResult, fallback_culture, pick_text_culture,
    reads_in_own_language, resolve_culture, text_fallback_chain,
};
pub use currency::{
    ConversionRate, ConversionRequest, ConversionResult, Currency, CurrencyRequest, CurrencyResult,
    PriceDisplay, PriceDisplayRequest, convert_from_euro, currency_from_symbol, display_price,
};
pub use date::{CalendarDate, DateError, DateFormatRequest, DateFormatResult};
pub use number::{
    AmountFormatRequest, AmountFormatResult, QuantityFormatRequest, format_amount, format_quantity,
};

pub(crate) use number::decimal_string;
