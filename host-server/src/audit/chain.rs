//! The audit trail's chain: each entry's hash covers its content and the hash of the entry
//! before it, so changing, inserting or removing a stored entry shows when the chain is
//! checked.

use serde::Serialize;
use sha2::{Digest, Sha256};

use super::Change;

/// The `previous_hash` of the first entry.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// What an entry's hash covers, in a fixed order.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Hashed<'a> {
    pub entry_id: i64,
    pub at: i64,
    pub actor_kind: &'a str,
    pub actor_id: &'a str,
    pub actor_name: &'a str,
    pub address: &'a str,
    pub action: &'a str,
    pub entity_type: &'a str,
    pub entity_id: &'a str,
    pub changes: &'a [Change],
    pub previous_hash: &'a str,
}

impl Hashed<'_> {
    /// The entry's hash: SHA-256 of its JSON, as hexadecimal text.
    pub fn hash(&self) -> String {
        // Serializing plain strings, numbers and lists cannot fail.
        let json = serde_json::to_vec(self).unwrap_or_default();
        hex::encode(Sha256::digest(json))
    }
}

/// Where the chain is broken.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChainBreak {
    /// An entry's content does not give its stored hash: it was changed.
    #[error("entry {0} was changed after it was written")]
    Changed(i64),
    /// An entry does not name the hash of the one before it, or ids skip: entries were
    /// removed or inserted.
    #[error("the chain is broken before entry {0}: an entry was removed or inserted")]
    Unlinked(i64),
}

/// Checks stored entries in id order, given as (entry, its stored hash); answers how many.
pub fn verify<'a>(
    entries: impl IntoIterator<Item = (Hashed<'a>, &'a str)>,
) -> Result<u64, ChainBreak> {
    let mut previous = (0_i64, GENESIS.to_owned());
    let mut count = 0;
    for (entry, stored_hash) in entries {
        if entry.entry_id != previous.0 + 1 || entry.previous_hash != previous.1 {
            return Err(ChainBreak::Unlinked(entry.entry_id));
        }
        if entry.hash() != stored_hash {
            return Err(ChainBreak::Changed(entry.entry_id));
        }
        previous = (entry.entry_id, stored_hash.to_owned());
        count += 1;
    }
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry<'a>(entry_id: i64, previous_hash: &'a str, changes: &'a [Change]) -> Hashed<'a> {
        Hashed {
            entry_id,
            at: 1_764_000_000_000,
            actor_kind: "staff",
            actor_id: "s1",
            actor_name: "Anna",
            address: "127.0.0.1",
            action: "variant.changed",
            entity_type: "variant",
            entity_id: "1101",
            changes,
            previous_hash,
        }
    }

    #[test]
    fn a_chain_of_untouched_entries_verifies_and_a_changed_or_missing_one_does_not() {
        let price = [Change {
            field: "price".to_owned(),
            before: Some("29.95".to_owned()),
            after: Some("27.50".to_owned()),
        }];
        let first_hash = entry(1, GENESIS, &price).hash();
        let second_hash = entry(2, &first_hash, &[]).hash();
        let chain = || {
            vec![
                (entry(1, GENESIS, &price), first_hash.as_str()),
                (entry(2, &first_hash, &[]), second_hash.as_str()),
            ]
        };
        assert_eq!(verify(chain()), Ok(2));

        let cheaper = [Change {
            after: Some("1.00".to_owned()),
            ..price[0].clone()
        }];
        let mut changed = chain();
        changed[0].0 = entry(1, GENESIS, &cheaper);
        assert_eq!(verify(changed), Err(ChainBreak::Changed(1)));

        let mut removed = chain();
        removed.remove(0);
        assert_eq!(verify(removed), Err(ChainBreak::Unlinked(2)));
    }
}
