//! Spreading an amount over parts in proportion to their weights, to the cent.
//!
//! This is the largest-remainder method: every part first gets
//! the floor of its exact share, then the cents that are left are handed out one at a time to
//! the parts with the largest remainders. Ties go to the earlier part, so the result depends
//! only on the order the caller gives; the cart passes its lines in a canonical order (by
//! product variant id) so that its results do not depend on the order of the cart lines.
//!
//! The parts always add up exactly to the amount, and no part is negative.
//!
//! ```
//! use engine::allocation::allocate;
//!
//! // A 10 % order discount of 0.10 over three lines of 0.33: 0.03 each, and the cent left
//! // over goes to the first line because all remainders are equal.
//! assert_eq!(allocate(10, &[33, 33, 33]), Some(vec![4, 3, 3]));
//! // Proportional parts: 1.00 over 1.00 and 3.00.
//! assert_eq!(allocate(100, &[100, 300]), Some(vec![25, 75]));
//! ```

/// Spreads `total` cents over parts weighted by `weights` (in any unit, usually cents).
///
/// Returns `None` when `total` or a weight is negative, or when the weights add up to zero
/// while `total` is not zero (there is nothing to be proportional to). A total of zero gives
/// zero parts.
pub fn allocate(total: i64, weights: &[i64]) -> Option<Vec<i64>> {
    if total < 0 || weights.iter().any(|weight| *weight < 0) {
        return None;
    }
    let weight_sum: i128 = weights.iter().map(|weight| i128::from(*weight)).sum();
    if total == 0 {
        return Some(vec![0; weights.len()]);
    }
    if weight_sum == 0 {
        return None;
    }
    let total = i128::from(total);
    let mut parts = Vec::with_capacity(weights.len());
    let mut remainders = Vec::with_capacity(weights.len());
    let mut handed_out: i128 = 0;
    // 64-bit arithmetic when every product fits (nearly always); 128-bit otherwise.
    let largest = weights.iter().copied().max().unwrap_or(0);
    let narrow = i64::try_from(weight_sum)
        .ok()
        .zip(i64::try_from(total).ok())
        .filter(|(_, total)| total.checked_mul(largest).is_some());
    for (index, weight) in weights.iter().enumerate() {
        let (floor, remainder) = match narrow {
            Some((sum, total)) => {
                let exact = total * weight;
                (i128::from(exact / sum), i128::from(exact % sum))
            }
            None => {
                let exact = total * i128::from(*weight);
                (exact / weight_sum, exact % weight_sum)
            }
        };
        handed_out += floor;
        parts.push(i64::try_from(floor).ok()?);
        remainders.push((remainder, index));
    }
    let left = usize::try_from(total - handed_out).ok()?;
    if left > 0 {
        // Largest remainder first; equal remainders keep the caller's order. Only the first
        // `left` places matter, so a selection is enough (fewer than one cent per part is left).
        let by_largest = |a: &(i128, usize), b: &(i128, usize)| b.0.cmp(&a.0).then(a.1.cmp(&b.1));
        if left < remainders.len() {
            remainders.select_nth_unstable_by(left - 1, by_largest);
        }
        for (_, index) in remainders.iter().take(left) {
            parts[*index] += 1;
        }
    }
    Some(parts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_add_up_and_follow_the_weights() {
        assert_eq!(allocate(100, &[1, 1, 1]), Some(vec![34, 33, 33]));
        assert_eq!(allocate(200, &[1, 1, 1]), Some(vec![67, 67, 66]));
        assert_eq!(allocate(7, &[0, 5, 0]), Some(vec![0, 7, 0]));
        assert_eq!(allocate(1, &[10, 30]), Some(vec![0, 1]));
        assert_eq!(allocate(0, &[]), Some(vec![]));
        assert_eq!(allocate(0, &[0, 0]), Some(vec![0, 0]));
    }

    #[test]
    fn largest_remainder_wins_not_the_first_part() {
        // Exact shares 1.4, 1.6 -> floors 1, 1, the cent goes to the 0.6 remainder.
        assert_eq!(allocate(3, &[7, 8]), Some(vec![1, 2]));
    }

    #[test]
    fn refuses_what_cannot_be_spread() {
        assert_eq!(allocate(5, &[0, 0]), None);
        assert_eq!(allocate(5, &[]), None);
        assert_eq!(allocate(-1, &[1]), None);
        assert_eq!(allocate(1, &[1, -1]), None);
    }

    #[test]
    fn handles_large_amounts_without_overflow() {
        let total = 99_900_000_000_000;
        let parts = allocate(total, &[total, 1, total]).unwrap();
        assert_eq!(parts.iter().sum::<i64>(), total);
    }
}
