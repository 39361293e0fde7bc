//! ISO 3166-1 alpha-2 country codes.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A country as its two-letter ISO 3166-1 code, always upper case (`NL`, `BE`, `DE`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(type = "string"))]
pub struct CountryCode([u8; 2]);

/// Why a text is not a country code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a two-letter country code")]
pub struct CountryCodeError(pub String);

impl CountryCode {
    /// The Netherlands, whose site takes every order with a Dutch address.
    pub const NL: CountryCode = CountryCode(*b"NL");

    /// The code as text, e.g. `"NL"`.
    pub fn as_str(&self) -> &str {
        // Both bytes are checked ASCII letters, so this never fails.
        std::str::from_utf8(&self.0).unwrap_or("??")
    }
}

impl FromStr for CountryCode {
    type Err = CountryCodeError;

    /// Parses a code in any letter case; surrounding white space is ignored.
    fn from_str(text: &str) -> Result<CountryCode, CountryCodeError> {
        let bytes = text.trim().as_bytes();
        match bytes {
            [first, second] if first.is_ascii_alphabetic() && second.is_ascii_alphabetic() => {
                Ok(CountryCode([
                    first.to_ascii_uppercase(),
                    second.to_ascii_uppercase(),
                ]))
            }
            _ => Err(CountryCodeError(text.to_owned())),
        }
    }
}

impl fmt::Display for CountryCode {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.as_str())
    }
}

impl Serialize for CountryCode {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for CountryCode {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<CountryCode, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_two_letters_in_any_case() {
        for (text, expected) in [("NL", "NL"), ("be", "BE"), (" dE ", "DE")] {
            assert_eq!(
                text.parse::<CountryCode>().unwrap().as_str(),
                expected,
                "{text}"
            );
        }
    }

    #[test]
    fn rejects_anything_else() {
        for text in ["", "N", "NLD", "N1", "ÖS"] {
            assert!(text.parse::<CountryCode>().is_err(), "{text}");
        }
    }
}
