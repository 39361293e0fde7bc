//! Small explicit parsers for the formats fields must have: e-mail address, phone number,
//! postcode per country, VAT number per country, house number, password, review text.

use crate::locale::CountryCode;

/// The shortest password: 7 characters.
pub const PASSWORD_MIN_CHARACTERS: usize = 7;

/// The fewest words of a review text.
pub const REVIEW_MIN_WORDS: usize = 5;

/// True when `text` matches `pattern` character by character: `9` is an ASCII digit, `A` an
/// ASCII letter, `X` either, and any other character stands for itself.
fn fits(text: &str, pattern: &str) -> bool {
    text.chars().count() == pattern.chars().count()
        && text
            .chars()
            .zip(pattern.chars())
            .all(|(character, expected)| match expected {
                '9' => character.is_ascii_digit(),
                'A' => character.is_ascii_alphabetic(),
                'X' => character.is_ascii_alphanumeric(),
                literal => character == literal,
            })
}

fn all_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit())
}

/// An e-mail address of the form `local@domain.tld`.
///
/// The local part is 1 to 64 characters of letters, digits and ``!#$%&'*+/=?^_`{|}~.-``, without
/// a dot at either end or two dots in a row. The domain has at least two labels of letters,
/// digits and hyphens (1 to 63 characters, no hyphen at either end) and ends in a top-level
/// domain of at least two letters. At most 254 characters; ASCII only (international domains
/// in their `xn--` form).
pub fn is_email(text: &str) -> bool {
    const LOCAL_SPECIALS: &str = "!#$%&'*+/=?^_`{|}~.-";
    let Some((local, domain)) = text.split_once('@') else {
        return false;
    };
    let local_ok = (1..=64).contains(&local.len())
        && local
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || LOCAL_SPECIALS.contains(c))
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..");
    let labels: Vec<&str> = domain.split('.').collect();
    let domain_ok = labels.len() >= 2
        && labels.iter().all(|label| {
            (1..=63).contains(&label.len())
                && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                && !label.starts_with('-')
                && !label.ends_with('-')
        })
        && labels
            .last()
            .is_some_and(|tld| tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic()));
    text.len() <= 254 && local_ok && domain_ok
}

/// A phone number: 7 to 15 digits (the E.164 maximum), optionally starting with `+`, with
/// spaces, `-`, `.`, `/` and parentheses allowed between the digits.
pub fn is_phone(text: &str) -> bool {
    let body = text.strip_prefix('+').unwrap_or(text);
    let digits = body.chars().filter(char::is_ascii_digit).count();
    body.chars()
        .all(|c| c.is_ascii_digit() || " -./()".contains(c))
        && body.starts_with(|c: char| c.is_ascii_digit() || c == '(')
        && (7..=15).contains(&digits)
}

/// A postcode in the format of `country`; letters in any case.
///
/// | Country | Format |
/// |---|---|
/// | NL | `1234 AB` or `1234AB`, first digit not 0, letters not SA, SD or SS |
/// | BE, AT | 4 digits, 1000-9999 |
/// | DK, LU | 4 digits |
/// | DE | 5 digits, not starting with 00 |
/// | SE | `123 45` or `12345`, first digit not 0 |
/// | CZ | `123 45` or `12345`, first digit 1-7 |
/// | PL | `12-345` (or `12345`) |
/// | EE | 5 digits, first digit not 0 |
/// | ES | 5 digits, province 01-52 |
/// | FR | 5 digits, not starting with 00 |
/// | IT | 5 digits |
/// | PT | `1234-567`, first digit not 0 |
/// | others | 1 to 10 letters, digits, spaces or dashes, at least one digit |
pub fn is_postcode(text: &str, country: CountryCode) -> bool {
    let code = text.to_ascii_uppercase();
    let first_digit = code
        .chars()
        .next()
        .and_then(|c| c.to_digit(10))
        .unwrap_or(0);
    match country.as_str() {
        "NL" => {
            let compact: String = code.replacen(' ', "", 1);
            (fits(&code, "9999 AA") || fits(&code, "9999AA"))
                && first_digit != 0
                && !matches!(&compact[4..], "SA" | "SD" | "SS")
        }
        "BE" | "AT" => fits(&code, "9999") && first_digit != 0,
        "DK" | "LU" => fits(&code, "9999"),
        "DE" | "FR" => fits(&code, "99999") && !code.starts_with("00"),
        "SE" => (fits(&code, "999 99") || fits(&code, "99999")) && first_digit != 0,
        "CZ" => (fits(&code, "999 99") || fits(&code, "99999")) && (1..=7).contains(&first_digit),
        "PL" => fits(&code, "99-999") || fits(&code, "99999"),
        "EE" => fits(&code, "99999") && first_digit != 0,
        "ES" => {
            fits(&code, "99999")
                && code[..2]
                    .parse::<u8>()
                    .is_ok_and(|province| (1..=52).contains(&province))
        }
        "IT" => fits(&code, "99999"),
        "PT" => fits(&code, "9999-999") && first_digit != 0,
        _ => {
            (1..=10).contains(&code.len())
                && code
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == ' ' || c == '-')
                && code.chars().any(|c| c.is_ascii_digit())
        }
    }
}

/// A VAT number in the EU format (VIES) of its country prefix: format only, no check digits.
///
/// Spaces, dots and dashes are ignored and letters may be in any case. With `country` the
/// number must carry that country's prefix (`AT` for Austria, `EL` for Greece).
///
/// | Prefix | Format after the prefix |
/// |---|---|
/// | NL | 9 digits, `B`, 2 digits (`NL123456789B01`) |
/// | BE | 10 digits starting with 0 or 1 (`BE0123456789`) |
/// | DE, EE, PT, EL | 9 digits |
/// | AT | `U` and 8 digits (`ATU12345678`) |
/// | DK, LU, FI, HU, MT, SI | 8 digits |
/// | SE | 12 digits ending in `01` |
/// | PL, SK | 10 digits |
/// | CZ | 8, 9 or 10 digits |
/// | ES | a letter or digit, 7 digits, a letter or digit (`ESX1234567X`) |
/// | FR | 2 letters or digits (not `I` or `O`), then 9 digits (`FR12345678901`) |
/// | IT, LV | 11 digits |
/// | IE | 7 digits and 1 or 2 letters, or digit, letter, 5 digits, letter |
/// | other two-letter prefixes | 2 to 12 letters or digits |
pub fn is_vat_number(text: &str, country: Option<CountryCode>) -> bool {
    let compact: String = text
        .chars()
        .filter(|c| !matches!(c, ' ' | '.' | '-'))
        .map(|c| c.to_ascii_uppercase())
        .collect();
    if compact.len() < 4 || !compact.is_char_boundary(2) {
        return false;
    }
    let (prefix, body) = compact.split_at(2);
    let expected_prefix = match country.map(|country| country.as_str().to_owned()) {
        Some(code) if code == "GR" => Some("EL".to_owned()),
        other => other,
    };
    if expected_prefix.is_some_and(|expected| expected != prefix) {
        return false;
    }
    let digits = |count: usize| body.len() == count && all_digits(body);
    match prefix {
        "NL" => fits(body, "999999999B99"),
        "BE" => digits(10) && (body.starts_with('0') || body.starts_with('1')),
        "DE" | "EE" | "PT" | "EL" => digits(9),
        "AT" => fits(body, "U99999999"),
        "DK" | "LU" | "FI" | "HU" | "MT" | "SI" => digits(8),
        "SE" => digits(12) && body.ends_with("01"),
        "PL" | "SK" => digits(10),
        "CZ" => (8..=10).contains(&body.len()) && all_digits(body),
        "ES" => fits(body, "X9999999X"),
        "FR" => {
            let key_ok = body
                .chars()
                .take(2)
                .all(|c| c.is_ascii_alphanumeric() && c != 'I' && c != 'O');
            body.len() == 11 && key_ok && all_digits(&body[2..])
        }
        "IT" | "LV" => digits(11),
        "IE" => fits(body, "9999999A") || fits(body, "9999999AA") || fits(body, "9A99999A"),
        _ => {
            prefix.chars().all(|c| c.is_ascii_alphabetic())
                && (2..=12).contains(&body.len())
                && body.chars().all(|c| c.is_ascii_alphanumeric())
        }
    }
}

/// A house number: 1 to 5 digits, not starting with 0 (the addition is a separate field).
pub fn is_house_number(text: &str) -> bool {
    (1..=5).contains(&text.len()) && all_digits(text) && !text.starts_with('0')
}

/// A password of at least 7 characters with at least one digit and at least one letter.
pub fn is_password(text: &str) -> bool {
    text.chars().count() >= PASSWORD_MIN_CHARACTERS
        && text.chars().any(|c| c.is_numeric())
        && text.chars().any(char::is_alphabetic)
}

/// The number of words: runs of non-white-space that contain at least one letter or digit
/// (so a lone dash or emoji is no word).
pub fn word_count(text: &str) -> usize {
    text.split_whitespace()
        .filter(|word| word.chars().any(char::is_alphanumeric))
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn country(code: &str) -> CountryCode {
        code.parse().unwrap()
    }

    #[test]
    fn e_mail_addresses() {
        let valid = [
            "jan@example.nl",
            "a.b+c@sub.example.com",
            "x_y@a-b.de",
            "o'brien@mail.ie",
            "1@2.io",
        ];
        let invalid = [
            "",
            "jan",
            "jan@",
            "@example.nl",
            "jan@example",
            "jan@@example.nl",
            "jan@example.n",
            "jan@-example.nl",
            "jan@example-.nl",
            ".jan@example.nl",
            "jan.@example.nl",
            "ja..n@example.nl",
            "jan @example.nl",
            "jan@exa mple.nl",
            "jän@example.nl",
            "jan@example.123",
            "jan@example..nl",
        ];
        for text in valid {
            assert!(is_email(text), "{text} should be valid");
        }
        for text in invalid {
            assert!(!is_email(text), "{text} should be invalid");
        }
        let long_local = format!("{}@example.nl", "a".repeat(65));
        assert!(!is_email(&long_local));
        assert!(is_email(&format!("{}@example.nl", "a".repeat(64))));
    }

    #[test]
    fn phone_numbers() {
        let valid = [
            "0612345678",
            "+31 6 12345678",
            "+49 (0)30 123456",
            "030-1234567",
            "5123 4567",
            "1234567",
            "+123456789012345",
        ];
        let invalid = [
            "",
            "123456",
            "+1234567890123456",
            "06-1234567a",
            "++31612345678",
            "31+612345678",
            "-0612345678",
        ];
        for text in valid {
            assert!(is_phone(text), "{text} should be valid");
        }
        for text in invalid {
            assert!(!is_phone(text), "{text} should be invalid");
        }
    }

    #[test]
    fn postcodes_per_country() {
        let cases: &[(&str, &[&str], &[&str])] = &[
            (
                "NL",
                &["1234 AB", "1234ab", "9999ZZ"],
                &[
                    "0123 AB", "1234 SA", "1234SS", "1234 SD", "12345", "1234  AB", "1234-AB",
                ],
            ),
            ("BE", &["1000", "9999"], &["0999", "10000", "B-1000"]),
            (
                "DE",
                &["01067", "10115", "99998"],
                &["00123", "1011", "101155"],
            ),
            ("AT", &["1010", "6020"], &["0101", "10101"]),
            ("DK", &["0800", "2100"], &["210", "21000"]),
            ("SE", &["114 55", "11455"], &["014 55", "114-55", "1145"]),
            (
                "PL",
                &["00-950", "31-000", "00950"],
                &["00 950", "0-0950", "009500"],
            ),
            ("CZ", &["110 00", "79001"], &["810 00", "011 00", "110-00"]),
            ("EE", &["10111", "90502"], &["01111", "1011"]),
            (
                "ES",
                &["28013", "01001", "52001"],
                &["53001", "00001", "2801"],
            ),
            (
                "FR",
                &["75008", "97400", "20000"],
                &["00100", "7500", "2A000"],
            ),
            ("IT", &["00118", "20121"], &["2012", "I-20121"]),
            (
                "PT",
                &["1000-001", "4000-123"],
                &["0100-001", "1000001", "1000 001"],
            ),
            ("GB", &["SW1A 1AA", "12345"], &["", "ABCDE", "12345678901"]),
        ];
        for (code, valid, invalid) in cases {
            for text in *valid {
                assert!(
                    is_postcode(text, country(code)),
                    "{code} {text} should be valid"
                );
            }
            for text in *invalid {
                assert!(
                    !is_postcode(text, country(code)),
                    "{code} {text} should be invalid"
                );
            }
        }
    }

    #[test]
    fn vat_numbers_per_country() {
        let valid = [
            "NL123456789B01",
            "nl 1234.56.789.b01",
            "BE0123456789",
            "BE1123456789",
            "DE123456789",
            "ATU12345678",
            "DK12345678",
            "SE123456789001",
            "PL1234567890",
            "CZ12345678",
            "CZ1234567890",
            "EE100931558",
            "ESX1234567X",
            "ES12345678Z",
            "FR12345678901",
            "FRAB123456789",
            "IT12345678901",
            "PT123456789",
            "LU12345678",
            "EL123456789",
            "IE1234567T",
            "IE1234567WA",
        ];
        let invalid = [
            "",
            "NL",
            "NL123456789",
            "NL123456789B1",
            "NL12345678B01",
            "BE2123456789",
            "BE012345678",
            "DE12345678",
            "DE1234567890",
            "AT12345678",
            "ATU1234567",
            "DK1234567",
            "SE123456789012",
            "PL123456789",
            "CZ1234567",
            "CZ12345678901",
            "EE12345678",
            "ES1234567",
            "FRIO123456789",
            "FR1234567890",
            "IT1234567890",
            "PT12345678",
            "123456789",
            "N1234567",
        ];
        for text in valid {
            assert!(is_vat_number(text, None), "{text} should be valid");
        }
        for text in invalid {
            assert!(!is_vat_number(text, None), "{text} should be invalid");
        }
        assert!(is_vat_number("NL123456789B01", Some(country("NL"))));
        assert!(!is_vat_number("DE123456789", Some(country("NL"))));
        assert!(is_vat_number("EL123456789", Some(country("GR"))));
    }

    #[test]
    fn house_numbers() {
        for text in ["1", "12", "99999"] {
            assert!(is_house_number(text), "{text}");
        }
        for text in ["", "0", "012", "12a", "123456", "1 2"] {
            assert!(!is_house_number(text), "{text}");
        }
    }

    #[test]
    fn passwords_need_seven_characters_with_digits_and_letters() {
        let cases = [
            ("abc123", false), // 6 characters
            ("abc1234", true), // 7 characters
            ("abcdefg", false),
            ("1234567", false),
            ("abcdef1", true),
            ("ábcdéf1", true),
            ("!!!!!a1", true),
            ("", false),
        ];
        for (text, valid) in cases {
            assert_eq!(is_password(text), valid, "{text}");
        }
    }

    #[test]
    fn counts_words() {
        let cases = [
            ("Goed voer voor mijn paard", 5),
            ("Goed voer voor mijn", 4),
            ("  Goed   voer\nvoor\tmijn  paard  ", 5),
            ("Goed - voer - voor", 3),
            ("", 0),
            ("5 sterren!", 2),
        ];
        for (text, words) in cases {
            assert_eq!(word_count(text), words, "{text}");
        }
    }
}
