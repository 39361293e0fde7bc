//! A guest's cart given to an account on signing in, when the account already has a cart
//! too: the guest's lines join the account's. `cart.mergeGuest` of the
//! JSON door; the server stores what it answers.
//!
//! - A variant in both carts gets the sum of the units, at most [`MAX_QUANTITY`].
//! - A variant only the guest had becomes a new line after the account's lines, in the guest's
//!   order, with at most [`MAX_QUANTITY`] units.
//! - The guest's scan samples follow the units already in the account's line (sample 1 of the
//!   guest becomes sample `n + 1` of an account line of `n` units); samples beyond the merged
//!   units are dropped.
//! - The account's own lines and samples stay as they are.

use serde::{Deserialize, Serialize};

use super::{CartLine, RqsSample};
use crate::limits::MAX_QUANTITY;

/// Input of `cart.mergeGuest`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CartMergeRequest {
    /// The lines of the account's cart.
    pub account_lines: Vec<CartLine>,
    /// The lines of the guest's cart.
    pub guest_lines: Vec<CartLine>,
}

/// Output of `cart.mergeGuest`: the account's cart after the merge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct CartMergeResult {
    /// Every line of the account's cart.
    pub lines: Vec<CartLine>,
}

impl CartMergeRequest {
    /// Applies [`merge_guest_lines`].
    pub fn merge(&self) -> CartMergeResult {
        CartMergeResult {
            lines: merge_guest_lines(&self.account_lines, &self.guest_lines),
        }
    }
}

/// The account's lines with the guest's merged in, by the rules of the [module](self).
pub fn merge_guest_lines(account: &[CartLine], guest: &[CartLine]) -> Vec<CartLine> {
    let mut merged = account.to_vec();
    for guest_line in guest {
        match merged
            .iter_mut()
            .find(|line| line.product_variant_id == guest_line.product_variant_id)
        {
            Some(line) => join(line, guest_line),
            None => {
                let mut line = CartLine {
                    count: 0,
                    rqs_samples: Vec::new(),
                    ..guest_line.clone()
                };
                join(&mut line, guest_line);
                merged.push(line);
            }
        }
    }
    merged
}

/// Adds the guest's units and samples to one line.
fn join(line: &mut CartLine, guest: &CartLine) {
    let before = line.count.max(0);
    line.count = before.saturating_add(guest.count.max(0)).min(MAX_QUANTITY);
    let shift = u32::try_from(before).unwrap_or(u32::MAX);
    let limit = u32::try_from(line.count).unwrap_or(u32::MAX);
    line.rqs_samples
        .extend(guest.rqs_samples.iter().filter_map(|sample| {
            let sequence = sample.sequence.checked_add(shift)?;
            (sequence <= limit).then(|| RqsSample {
                sequence,
                sample_name: sample.sample_name.clone(),
            })
        }));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::{ProductId, ProductVariantId};

    fn line(variant: i64, count: i64, samples: &[(u32, &str)]) -> CartLine {
        CartLine {
            product_id: Some(ProductId::new(variant / 10)),
            product_variant_id: ProductVariantId::new(variant),
            count,
            rqs_samples: samples
                .iter()
                .map(|(sequence, name)| RqsSample {
                    sequence: *sequence,
                    sample_name: (*name).to_owned(),
                })
                .collect(),
        }
    }

    #[test]
    fn counts_of_a_shared_variant_add_up_to_the_maximum() {
        let merged = merge_guest_lines(&[line(1011, 990, &[])], &[line(1011, 20, &[])]);
        assert_eq!(merged, vec![line(1011, 999, &[])]);
    }

    #[test]
    fn new_variants_follow_the_account_lines_in_the_guest_order() {
        let merged = merge_guest_lines(
            &[line(1011, 2, &[])],
            &[line(1701, 1, &[]), line(1011, 1, &[]), line(1201, 3, &[])],
        );
        assert_eq!(
            merged,
            vec![line(1011, 3, &[]), line(1701, 1, &[]), line(1201, 3, &[])]
        );
    }

    #[test]
    fn guest_samples_follow_the_account_units_and_stop_at_the_merged_count() {
        let merged = merge_guest_lines(
            &[line(4001, 998, &[(1, "Wei 1")])],
            &[line(
                4001,
                3,
                &[(1, "Hooi A"), (2, "Hooi B"), (3, "Hooi C")],
            )],
        );
        assert_eq!(
            merged,
            vec![line(4001, 999, &[(1, "Wei 1"), (999, "Hooi A")])]
        );
    }
}
