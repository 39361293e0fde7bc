//! Barcodes: a variant's EAN-13 (GS1's 13-digit trade item number) is 13 digits, the last a
//! check digit computed from the other twelve (GS1's modulo 10: weights 1 and 3 from the left),
//! so a mistyped barcode is refused before it reaches a label, a scanner or a marketplace feed.

/// How many digits an EAN-13 has.
pub const EAN13_DIGITS: usize = 13;

/// Why a text is not an EAN-13.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EanError {
    /// Something other than 13 digits.
    #[error("an EAN-13 is 13 digits")]
    NotThirteenDigits,
    /// The last digit does not follow from the others.
    #[error("the check digit is {found}; the other digits give {expected}")]
    CheckDigit {
        /// The check digit the first twelve give.
        expected: u32,
        /// The last digit as written.
        found: u32,
    },
}

/// Checks an EAN-13: 13 digits whose last is the check digit of the first twelve.
pub fn check_ean13(text: &str) -> Result<(), EanError> {
    let digits: Vec<u32> = text
        .chars()
        .map(|c| c.to_digit(10))
        .collect::<Option<_>>()
        .ok_or(EanError::NotThirteenDigits)?;
    let [body @ .., found] = digits.as_slice() else {
        return Err(EanError::NotThirteenDigits);
    };
    if digits.len() != EAN13_DIGITS {
        return Err(EanError::NotThirteenDigits);
    }
    let expected = check_digit(body);
    if expected == *found {
        Ok(())
    } else {
        Err(EanError::CheckDigit {
            expected,
            found: *found,
        })
    }
}

/// GS1's check digit of the digits before it: weights 1 and 3 alternate from the left of a
/// 12-digit body.
fn check_digit(body: &[u32]) -> u32 {
    let sum: u32 = body
        .iter()
        .enumerate()
        .map(|(index, digit)| if index % 2 == 0 { *digit } else { digit * 3 })
        .sum();
    (10 - sum % 10) % 10
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_barcode_with_its_check_digit_is_an_ean() {
        assert_eq!(check_ean13("8719870001018"), Ok(()));
        // GS1's own example.
        assert_eq!(check_ean13("4006381333931"), Ok(()));
    }

    #[test]
    fn a_mistyped_digit_is_found() {
        assert_eq!(
            check_ean13("8719870001019"),
            Err(EanError::CheckDigit {
                expected: 8,
                found: 9
            })
        );
        // Two neighbouring digits swapped.
        assert!(check_ean13("8719870010018").is_err());
    }

    #[test]
    fn only_thirteen_digits_are_an_ean() {
        for text in [
            "",
            "871987000101",
            "87198700010180",
            "87198700010 8",
            "871987000101X",
            "８７１９８７０００１０１８",
        ] {
            assert_eq!(
                check_ean13(text),
                Err(EanError::NotThirteenDigits),
                "{text}"
            );
        }
    }
}
