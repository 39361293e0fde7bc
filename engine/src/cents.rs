//! Whole-cent arithmetic for the cart calculation.
//!
//! The cart works in `i64` cents internally: every input amount is an exact [`Money`] with two
//! fraction digits, so converting it to cents loses nothing, and integer arithmetic makes the
//! calculation exact, deterministic and fast. Products are formed in `i128`, so no intermediate
//! can overflow for the bounded amounts the cart accepts. Rounding is commercial rounding
//! (half away from zero), the same as [`Money::round`]; every value rounded here is
//! non-negative, so half away from zero is half up.

use rust_decimal::Decimal;

use crate::money::Money;

/// The largest unit price, shipping price, payment cost or fixed discount the cart accepts:
/// 1,000,000.00. With at most [`MAX_LINES`](crate::cart::MAX_LINES) lines of at most
/// [`MAX_QUANTITY`](crate::cart::MAX_QUANTITY) units, every total stays far inside `i64` cents.
pub(crate) const MAX_AMOUNT_CENTS: i64 = 100_000_000;

/// One hundred percent in basis points (hundredths of a percent).
pub(crate) const FULL_PERCENT_BP: i64 = 10_000;

/// The amount in whole cents, or `None` when it does not fit an `i64`.
pub(crate) fn to_cents(amount: Money) -> Option<i64> {
    decimal_in_hundredths(amount.as_decimal())
}

/// An amount of whole cents as [`Money`].
pub(crate) fn to_money(cents: i64) -> Money {
    Money::from_cents(cents)
}

/// A decimal with at most two fraction digits in hundredths: cents for amounts, basis points
/// for percentages. `None` for more fraction digits or values beyond `i64`.
pub(crate) fn decimal_in_hundredths(value: Decimal) -> Option<i64> {
    let scale = value.scale();
    if scale > 2 {
        let normalized = value.normalize();
        if normalized.scale() > 2 {
            return None;
        }
        return decimal_in_hundredths(normalized);
    }
    let factor: i128 = if scale == 2 {
        1
    } else if scale == 1 {
        10
    } else {
        100
    };
    value
        .mantissa()
        .checked_mul(factor)
        .and_then(|hundredths| i64::try_from(hundredths).ok())
}

/// `numerator / denominator` rounded half up, for `numerator >= 0` and `denominator > 0`.
pub(crate) fn div_round(numerator: i128, denominator: i128) -> i64 {
    // Fast path: 64-bit division when everything fits (it nearly always does).
    let narrow = i64::try_from(numerator)
        .ok()
        .zip(i64::try_from(denominator).ok())
        .and_then(|(numerator, denominator)| {
            let dividend = numerator.checked_mul(2)?.checked_add(denominator)?;
            Some(dividend / denominator.checked_mul(2)?)
        });
    if let Some(quotient) = narrow {
        return quotient;
    }
    let quotient = (2 * numerator + denominator) / (2 * denominator);
    // The callers' bounds keep every quotient inside i64; saturate rather than wrap if not.
    i64::try_from(quotient).unwrap_or(i64::MAX)
}

/// The VAT inside a VAT-inclusive amount: `amount * rate / (100 + rate)`, rounded once.
/// `rate_bp` is the percentage in basis points (21 % is 2100).
pub(crate) fn vat_in_inclusive(amount: i64, rate_bp: i64) -> i64 {
    div_round(
        i128::from(amount) * i128::from(rate_bp),
        i128::from(FULL_PERCENT_BP + rate_bp),
    )
}

/// `percentage` (in basis points) of `amount`, rounded once.
pub(crate) fn percentage_of(amount: i64, percentage_bp: i64) -> i64 {
    div_round(
        i128::from(amount) * i128::from(percentage_bp),
        i128::from(FULL_PERCENT_BP),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vat::{self, VatRate};

    #[test]
    fn converts_amounts_of_any_scale_to_cents() {
        assert_eq!(to_cents("12.34".parse().unwrap()), Some(1234));
        assert_eq!(to_cents(Money::ZERO), Some(0));
        assert_eq!(decimal_in_hundredths(Decimal::new(5, 1)), Some(50));
        assert_eq!(decimal_in_hundredths(Decimal::new(21, 0)), Some(2100));
        assert_eq!(decimal_in_hundredths(Decimal::new(12_500, 3)), Some(1250));
        assert_eq!(decimal_in_hundredths(Decimal::new(12_345, 3)), None);
        assert_eq!(decimal_in_hundredths(Decimal::MAX), None);
    }

    #[test]
    fn rounds_half_up() {
        assert_eq!(div_round(5, 10), 1);
        assert_eq!(div_round(4, 10), 0);
        assert_eq!(div_round(15, 10), 2);
        assert_eq!(div_round(0, 7), 0);
    }

    #[test]
    fn agrees_with_the_decimal_vat_split() {
        for rate in ["0", "7", "9", "19", "21", "25", "5.5"] {
            let vat_rate: VatRate = rate.parse().unwrap();
            let rate_bp = decimal_in_hundredths(vat_rate.percentage()).unwrap();
            for cents in (0..5_000).chain([12_345, 99_999_999, 100_000_000]) {
                let expected = vat::vat_in_inclusive(Money::from_cents(cents), vat_rate).unwrap();
                assert_eq!(
                    vat_in_inclusive(cents, rate_bp),
                    to_cents(expected).unwrap()
                );
            }
        }
    }

    #[test]
    fn takes_percentages_rounded_once() {
        assert_eq!(percentage_of(99, 1000), 10); // 9.9 cents
        assert_eq!(percentage_of(95, 1000), 10); // 9.5 cents, half up
        assert_eq!(percentage_of(94, 1000), 9);
        assert_eq!(percentage_of(4_990, FULL_PERCENT_BP), 4_990);
    }
}
