//! The product comparison list: at most 4 products, each product id once (sections 5 and 9).

use serde::{Deserialize, Serialize};

use super::messages::{Message, MessageKey};

/// The most products the comparison list holds.
pub const COMPARISON_LIMIT: usize = 4;

pub use crate::ids::ProductId;

/// Input of `compare.add`: the current list (as stored in the browser) and the product to add.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CompareAddRequest {
    /// The product ids in the list, in the order they were added.
    pub product_ids: Vec<ProductId>,
    /// The product to add.
    pub product_id: ProductId,
}

/// Output of `compare.add`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct CompareAddResult {
    /// The list after the attempt.
    pub product_ids: Vec<ProductId>,
    /// True when the product was added.
    pub added: bool,
    /// Why it was not added: `compare.alreadyAdded` or `compare.limitReached` (count 4).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<Message>,
}

/// Adds a product at the end of the list unless it is already there or the list is full.
///
/// A duplicate is reported before a full list. A stored list that already holds duplicates or
/// more than four products (edited by hand) is cleaned: duplicates dropped, the first four kept.
pub fn add_to_comparison(product_ids: &[ProductId], product_id: ProductId) -> CompareAddResult {
    let mut list: Vec<ProductId> = Vec::with_capacity(COMPARISON_LIMIT);
    for id in product_ids {
        if !list.contains(id) && list.len() < COMPARISON_LIMIT {
            list.push(*id);
        }
    }
    let refusal = if list.contains(&product_id) {
        Some(Message::plain(MessageKey::CompareAlreadyAdded))
    } else if list.len() >= COMPARISON_LIMIT {
        Message::with_count(MessageKey::CompareLimitReached, COMPARISON_LIMIT as u32)
    } else {
        None
    };
    let added = refusal.is_none();
    if added {
        list.push(product_id);
    }
    CompareAddResult {
        product_ids: list,
        added,
        message: refusal,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(keys: &[i64]) -> Vec<ProductId> {
        keys.iter().copied().map(ProductId::new).collect()
    }

    #[test]
    fn adds_up_to_four_distinct_products() {
        type Case = (&'static [i64], i64, &'static [i64], Option<MessageKey>);
        let cases: [Case; 6] = [
            (&[], 7, &[7], None),
            (&[1, 2, 3], 4, &[1, 2, 3, 4], None),
            (
                &[1, 2, 3, 4],
                5,
                &[1, 2, 3, 4],
                Some(MessageKey::CompareLimitReached),
            ),
            (&[1, 2], 2, &[1, 2], Some(MessageKey::CompareAlreadyAdded)),
            (
                &[1, 2, 3, 4],
                4,
                &[1, 2, 3, 4],
                Some(MessageKey::CompareAlreadyAdded),
            ),
            (
                &[1, 1, 2, 3, 4, 5],
                6,
                &[1, 2, 3, 4],
                Some(MessageKey::CompareLimitReached),
            ),
        ];
        for (list, id, expected, message) in cases {
            let result = add_to_comparison(&ids(list), ProductId::new(id));
            assert_eq!(result.product_ids, ids(expected), "{list:?} + {id}");
            assert_eq!(result.added, message.is_none());
            assert_eq!(result.message.map(|message| message.key()), message);
        }
        let full = add_to_comparison(&ids(&[1, 2, 3, 4]), ProductId::new(5));
        assert_eq!(
            full.message.unwrap().dutch_text(),
            "Je kunt maximaal 4 producten vergelijken"
        );
    }
}
