//! The layout of each site and language (navigation, footer, USPs, notification) kept for a
//! few seconds: every page of every visitor asks for it with its content, and it changes
//! rarely. A notification's validity is by the day, so the day is part of the key.

use std::time::Duration;

use super::api_types::Layout;
use crate::platform::short_lived::ShortLived;

/// How long a layout is served without reading it again: a change (on this server or another
/// of the same database) shows within this time.
pub const LAYOUT_FRESH_FOR: Duration = Duration::from_secs(10);

/// A site, a language and the day (`YYYY-MM-DD`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LayoutKey {
    pub site_id: i64,
    pub language_id: i64,
    pub day: String,
}

/// The layouts read in the last [`LAYOUT_FRESH_FOR`].
pub struct LayoutCache(ShortLived<LayoutKey, Layout>);

impl Default for LayoutCache {
    fn default() -> LayoutCache {
        LayoutCache::new(LAYOUT_FRESH_FOR)
    }
}

impl LayoutCache {
    pub fn new(fresh_for: Duration) -> LayoutCache {
        LayoutCache(ShortLived::new(fresh_for))
    }

    /// The layout of `key` when it was read less than the freshness ago.
    pub fn fresh(&self, key: &LayoutKey) -> Option<Layout> {
        self.0.fresh(key)
    }

    /// Keeps a layout just read; the layouts of other days go.
    pub fn keep(&self, key: LayoutKey, layout: Layout) {
        let day = key.day.clone();
        self.0.keep_where(key, layout, |kept| kept.day == day);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::api_types::{Footer, Navigation};

    fn layout(navigation_id: i64) -> Layout {
        Layout {
            navigation: Navigation {
                navigation_id,
                items: Vec::new(),
            },
            footer: Footer {
                footer_id: 1,
                columns: Vec::new(),
            },
            header_usps: Vec::new(),
            cart_usps: Vec::new(),
            notification: None,
        }
    }

    fn key(site_id: i64, day: &str) -> LayoutKey {
        LayoutKey {
            site_id,
            language_id: 1,
            day: day.to_owned(),
        }
    }

    #[test]
    fn a_layout_is_served_while_fresh_per_site_language_and_day() {
        let cache = LayoutCache::new(Duration::from_secs(60));
        assert!(cache.fresh(&key(1, "2026-11-27")).is_none());
        cache.keep(key(1, "2026-11-27"), layout(7));
        let kept = cache
            .fresh(&key(1, "2026-11-27"))
            .map(|layout| layout.navigation.navigation_id);
        assert_eq!(kept, Some(7));
        assert!(cache.fresh(&key(2, "2026-11-27")).is_none());
        assert!(cache.fresh(&key(1, "2026-11-28")).is_none());
        cache.keep(key(1, "2026-11-28"), layout(8));
        assert!(
            cache.fresh(&key(1, "2026-11-27")).is_none(),
            "yesterday's layouts go"
        );
    }

    #[test]
    fn an_older_layout_is_read_again() {
        let cache = LayoutCache::new(Duration::ZERO);
        cache.keep(key(1, "2026-11-27"), layout(7));
        assert!(cache.fresh(&key(1, "2026-11-27")).is_none());
    }
}
