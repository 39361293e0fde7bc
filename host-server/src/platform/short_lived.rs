//! Answers kept in memory for a few seconds: for what many requests ask and what changes
//! rarely, where a few seconds' delay after a change (on this server or another of the same
//! database) is acceptable.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Values by key, each served for `fresh_for` after it was kept.
pub struct ShortLived<K, V> {
    fresh_for: Duration,
    entries: Mutex<HashMap<K, (Instant, V)>>,
}

impl<K: Eq + Hash, V: Clone> ShortLived<K, V> {
    pub fn new(fresh_for: Duration) -> ShortLived<K, V> {
        ShortLived {
            fresh_for,
            entries: Mutex::default(),
        }
    }

    fn entries(&self) -> MutexGuard<'_, HashMap<K, (Instant, V)>> {
        // A panic while holding the lock leaves plain data behind: it is still usable.
        self.entries
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The value of `key` when it was kept less than the freshness ago.
    pub fn fresh(&self, key: &K) -> Option<V> {
        self.entries()
            .get(key)
            .filter(|(kept_at, _)| kept_at.elapsed() < self.fresh_for)
            .map(|(_, value)| value.clone())
    }

    /// Keeps a value just read; the values that are no longer fresh, and those `keep_also`
    /// refuses, go.
    pub fn keep_where(&self, key: K, value: V, keep_also: impl Fn(&K) -> bool) {
        let mut entries = self.entries();
        let fresh_for = self.fresh_for;
        entries.retain(|kept, (kept_at, _)| kept_at.elapsed() < fresh_for && keep_also(kept));
        entries.insert(key, (Instant::now(), value));
    }

    /// Keeps a value just read; the values that are no longer fresh go.
    pub fn keep(&self, key: K, value: V) {
        self.keep_where(key, value, |_| true);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_served_while_fresh() {
        let kept: ShortLived<u8, &str> = ShortLived::new(Duration::from_secs(60));
        assert_eq!(kept.fresh(&1), None);
        kept.keep(1, "one");
        assert_eq!(kept.fresh(&1), Some("one"));
        assert_eq!(kept.fresh(&2), None);
        kept.keep_where(2, "two", |key| *key != 1);
        assert_eq!(kept.fresh(&1), None, "refused by keep_also");
        assert_eq!(kept.fresh(&2), Some("two"));
    }

    #[test]
    fn an_older_value_is_read_again() {
        let kept: ShortLived<u8, &str> = ShortLived::new(Duration::ZERO);
        kept.keep(1, "one");
        assert_eq!(kept.fresh(&1), None);
    }
}
