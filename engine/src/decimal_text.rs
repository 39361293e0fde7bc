//! Fast paths for the decimals that cross JSON as strings: amounts (`"12.34"`), VAT rates
//! (`"21"`) and percentages (`"12.5"`).
//!
//! Parsing and printing these through [`rust_decimal`]'s general code (`from_str_exact`, `Display`
//! through `core::fmt`) was a large part of the JSON door's time, and each value was first
//! copied into an owned `String`. The plain forms that nearly every amount has are handled here
//! directly; everything else (signs, spaces, exponents, more digits, errors) takes the general
//! path, so the values, the text and the error messages are exactly what they were. The tests
//! check both paths against each other.

use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;

use rust_decimal::Decimal;
use serde::Deserializer;
use serde::de::{Error, Visitor};

/// The most integer digits the fast parse takes: hundredths then stay far inside `i64`.
const MAX_INTEGER_DIGITS: usize = 15;

/// `-?[0-9]{1,15}(\.[0-9]{1,2})?` in hundredths (cents, basis points); `None` for anything else.
///
/// `"12.5"` is 1250 and `"-0.05"` is -5. Text with spaces, a `+`, an exponent, underscores,
/// no digit before the point, or more than two fraction digits is left to the general parser.
pub(crate) fn plain_hundredths(text: &str) -> Option<i64> {
    let bytes = text.as_bytes();
    let (negative, digits) = match bytes.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, bytes),
    };
    let (integer, fraction) = match digits.iter().position(|byte| *byte == b'.') {
        Some(point) => (&digits[..point], Some(&digits[point + 1..])),
        None => (digits, None),
    };
    if integer.is_empty() || integer.len() > MAX_INTEGER_DIGITS {
        return None;
    }
    let mut value: i64 = 0;
    for byte in integer {
        if !byte.is_ascii_digit() {
            return None;
        }
        value = value * 10 + i64::from(byte - b'0');
    }
    value *= 100;
    match fraction {
        None => {}
        Some([tenths]) if tenths.is_ascii_digit() => value += i64::from(tenths - b'0') * 10,
        Some([tenths, hundredths]) if tenths.is_ascii_digit() && hundredths.is_ascii_digit() => {
            value += i64::from(tenths - b'0') * 10 + i64::from(hundredths - b'0');
        }
        Some(_) => return None,
    }
    Some(if negative { -value } else { value })
}

/// Room for any `i64` with a sign and a decimal point.
pub(crate) type TextBuffer = [u8; 24];

/// `value / 10^scale` with exactly `scale` fraction digits (`scale` at most 2), written into the
/// end of `buffer`: 1234 with scale 2 is `"12.34"`, -5 with scale 2 is `"-0.05"`, 21 with scale 0
/// is `"21"`. The same text as rust_decimal's `Display` for a decimal of that mantissa and scale.
pub(crate) fn write_scaled(value: i64, scale: u32, buffer: &mut TextBuffer) -> &str {
    write_digits(value.unsigned_abs(), scale, value < 0, buffer)
}

/// An unsigned integer in decimal, as `itoa` (and so serde_json) writes it.
pub(crate) fn write_unsigned(value: u64, buffer: &mut TextBuffer) -> &str {
    write_digits(value, 0, false, buffer)
}

fn write_digits(mut magnitude: u64, scale: u32, negative: bool, buffer: &mut TextBuffer) -> &str {
    debug_assert!(scale <= 2);
    let mut start = buffer.len();
    let mut digits = 0;
    loop {
        if scale > 0 && digits == scale {
            start -= 1;
            buffer[start] = b'.';
        }
        start -= 1;
        buffer[start] = b'0' + (magnitude % 10) as u8;
        magnitude /= 10;
        digits += 1;
        if magnitude == 0 && digits > scale {
            break;
        }
    }
    if negative {
        start -= 1;
        buffer[start] = b'-';
    }
    // Only ASCII digits, '.' and '-' were written.
    std::str::from_utf8(&buffer[start..]).unwrap_or_default()
}

/// The mantissa and scale of a decimal with at most two fraction digits whose mantissa fits an
/// `i64`, when it is not a negative zero (which prints with its sign). `None` for the rest.
pub(crate) fn small_parts(value: Decimal) -> Option<(i64, u32)> {
    let scale = value.scale();
    if scale > 2 || (value.is_zero() && value.is_sign_negative()) {
        return None;
    }
    i64::try_from(value.mantissa())
        .ok()
        .map(|mantissa| (mantissa, scale))
}

/// Deserializes a value that crosses JSON as a string through its [`FromStr`], reading the
/// string in place where the format allows instead of copying it into a `String` first. Errors
/// are those of `String::deserialize` followed by `parse`.
pub(crate) fn deserialize_parsed<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: FromStr,
    T::Err: fmt::Display,
{
    struct Parsed<T>(PhantomData<T>);

    impl<T> Visitor<'_> for Parsed<T>
    where
        T: FromStr,
        T::Err: fmt::Display,
    {
        type Value = T;

        fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
            // What `String`'s visitor says, so the messages stay the same.
            formatter.write_str("a string")
        }

        fn visit_str<E: Error>(self, text: &str) -> Result<T, E> {
            text.parse().map_err(E::custom)
        }

        fn visit_bytes<E: Error>(self, bytes: &[u8]) -> Result<T, E> {
            // `String`'s visitor takes UTF-8 bytes too.
            match std::str::from_utf8(bytes) {
                Ok(text) => self.visit_str(text),
                Err(_) => Err(E::invalid_value(serde::de::Unexpected::Bytes(bytes), &self)),
            }
        }
    }

    deserializer.deserialize_string(Parsed(PhantomData))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn general_hundredths(text: &str) -> Option<i64> {
        let value = Decimal::from_str_exact(text).ok()?;
        crate::cents::decimal_in_hundredths(value)
    }

    #[test]
    fn parses_plain_amounts() {
        assert_eq!(plain_hundredths("12.34"), Some(1234));
        assert_eq!(plain_hundredths("12.5"), Some(1250));
        assert_eq!(plain_hundredths("12"), Some(1200));
        assert_eq!(plain_hundredths("007"), Some(700));
        assert_eq!(plain_hundredths("-0.05"), Some(-5));
        assert_eq!(plain_hundredths("-0.00"), Some(0));
        assert_eq!(
            plain_hundredths("999999999999999.99"),
            Some(99_999_999_999_999_999)
        );
    }

    #[test]
    fn leaves_every_other_form_to_the_general_parser() {
        for text in [
            "",
            "-",
            ".5",
            "5.",
            "1.005",
            "1.500",
            "+1",
            " 1",
            "1 ",
            "1e2",
            "1_000",
            "1,5",
            "--1",
            "1.-5",
            "abc",
            "1000000000000000",
            "0x10",
            "١",
        ] {
            assert_eq!(plain_hundredths(text), None, "{text:?}");
        }
    }

    #[test]
    fn writes_like_rust_decimal() {
        let mut buffer = TextBuffer::default();
        assert_eq!(write_scaled(1234, 2, &mut buffer), "12.34");
        assert_eq!(write_scaled(-5, 2, &mut buffer), "-0.05");
        assert_eq!(write_scaled(0, 2, &mut buffer), "0.00");
        assert_eq!(write_scaled(55, 1, &mut buffer), "5.5");
        assert_eq!(write_scaled(21, 0, &mut buffer), "21");
        assert_eq!(
            write_scaled(i64::MIN, 2, &mut buffer),
            "-92233720368547758.08"
        );
        assert_eq!(
            write_scaled(i64::MAX, 0, &mut buffer),
            "9223372036854775807"
        );
        assert_eq!(
            write_unsigned(u64::MAX, &mut buffer),
            "18446744073709551615"
        );
        assert_eq!(write_unsigned(0, &mut buffer), "0");
    }

    proptest! {
        #[test]
        fn plain_parse_agrees_with_rust_decimal(
            negative in any::<bool>(),
            integer in "[0-9]{1,15}",
            fraction in proptest::option::of("[0-9]{1,2}"),
        ) {
            let text = format!("{}{integer}{}", if negative { "-" } else { "" }, fraction.map(|digits| format!(".{digits}")).unwrap_or_default());
            prop_assert_eq!(plain_hundredths(&text), general_hundredths(&text));
        }

        #[test]
        fn plain_parse_takes_nothing_rust_decimal_reads_otherwise(text in "[-+ .0-9e_]{0,8}") {
            if let Some(hundredths) = plain_hundredths(&text) {
                prop_assert_eq!(Some(hundredths), general_hundredths(&text), "{:?}", text);
            }
        }

        #[test]
        fn writing_agrees_with_rust_decimal(mantissa in any::<i64>(), scale in 0_u32..=2) {
            let decimal = Decimal::new(mantissa, scale);
            let mut buffer = TextBuffer::default();
            prop_assert_eq!(write_scaled(mantissa, scale, &mut buffer), decimal.to_string());
            if let Some(hundredths) = mantissa.checked_mul(10_i64.pow(2 - scale)) {
                prop_assert_eq!(write_scaled(hundredths, 2, &mut buffer), format!("{decimal:.2}"));
            }
            prop_assert_eq!(small_parts(decimal), (mantissa != 0 || !decimal.is_sign_negative()).then_some((mantissa, scale)));
        }
    }
}
