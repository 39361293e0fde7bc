//! Stored carts kept in memory between requests, so that showing and calculating a cart reads
//! nothing from the database while it is unchanged.
//!
//! The database stays the truth: every change is written there first (write-through) and then
//! forgets the cart here, so the next read loads it again. Every function of [`super::store`]
//! that changes a cart takes the cache, which makes forgetting impossible to leave out.
//!
//! A read that loads a cart while a change is being written must not keep what it read: each
//! cart has a generation, bumped when it is forgotten, and a loaded cart is kept only when the
//! generation it started from is still current (and no [`CartCache::clear`] happened between).
//!
//! A change that knows the whole cart it wrote (a line's count set: the busiest write of the
//! shop) keeps that cart instead of forgetting it ([`CartChange::written`]), so the next read
//! needs no database either. That is right only when nothing else changed the cart between the
//! read the change started from and the end of its write: the cart's generation must still be
//! the one of that read, and no other change of the cart may be under way.
//!
//! Only one server process may use the cache: another process changing the same carts would
//! not make this one forget them. It is on for SQLite (one process owns the file) and off for
//! PostgreSQL, where several servers may share the database.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::rows::{CartRow, LineRow, SampleRow};

/// How many carts are kept at most; when full, the cache starts over.
const CAPACITY: usize = 50_000;

/// A cart as stored: its row, lines and sample names, and which version of it this is.
#[derive(Clone, Debug)]
pub struct StoredCart {
    pub row: CartRow,
    pub lines: Vec<LineRow>,
    pub samples: Vec<SampleRow>,
    /// Where the read that gave this copy started.
    pub version: ReadTicket,
}

/// Where a read started: the cache's epoch and the cart's generation. It is also the version of
/// the copy the read gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadTicket {
    epoch: u64,
    generation: u64,
}

#[derive(Default)]
struct Slot {
    generation: u64,
    cart: Option<Arc<StoredCart>>,
    /// Changes of the cart under way.
    changing: u32,
}

#[derive(Default)]
struct Slots {
    /// Bumped by every clear, so that a read from before a clear is not kept after it.
    epoch: u64,
    /// Source of generations: unique over the cache's life.
    next_generation: u64,
    carts: HashMap<String, Slot>,
}

/// See the module documentation.
#[derive(Default)]
pub struct CartCache {
    enabled: bool,
    slots: Mutex<Slots>,
}

impl CartCache {
    /// A cache that keeps carts when `enabled`, and otherwise always sends reads to the database.
    pub fn new(enabled: bool) -> CartCache {
        CartCache {
            enabled,
            slots: Mutex::default(),
        }
    }

    /// The cart when it is kept, else a ticket to keep it with after loading it.
    pub fn get(&self, cart_id: &str) -> Result<Arc<StoredCart>, ReadTicket> {
        let Ok(slots) = self.slots.lock() else {
            return Err(ReadTicket {
                epoch: u64::MAX,
                generation: u64::MAX,
            });
        };
        let slot = slots.carts.get(cart_id);
        if let Some(cart) = slot
            .and_then(|slot| slot.cart.as_ref())
            .filter(|_| self.enabled)
        {
            return Ok(Arc::clone(cart));
        }
        Err(ReadTicket {
            epoch: slots.epoch,
            generation: slot.map_or(0, |slot| slot.generation),
        })
    }

    /// Keeps a loaded cart, unless it changed (or the cache was cleared) since the read started.
    pub fn keep(&self, cart_id: &str, ticket: ReadTicket, cart: Arc<StoredCart>) {
        if !self.enabled {
            return;
        }
        let Ok(mut slots) = self.slots.lock() else {
            return;
        };
        let current = slots.carts.get(cart_id).map_or(0, |slot| slot.generation);
        if ticket.epoch != slots.epoch || ticket.generation != current {
            return;
        }
        if slots.carts.len() >= CAPACITY {
            slots.clear();
            return;
        }
        slots.carts.entry(cart_id.to_owned()).or_default().cart = Some(cart);
    }

    /// Forgets a cart that was changed; see [`CartCache::change`].
    pub fn forget(&self, cart_id: &str) {
        self.finish(cart_id, None, 0);
    }

    /// Ends a change: the cart gets a new generation, and keeps `written` (the cart as the
    /// change stored it) only when no other change came since the read it started from.
    fn finish(&self, cart_id: &str, written: Option<StoredCart>, ending: u32) {
        let Ok(mut slots) = self.slots.lock() else {
            return;
        };
        slots.next_generation += 1;
        let (generation, epoch) = (slots.next_generation, slots.epoch);
        let slot = slots.carts.entry(cart_id.to_owned()).or_default();
        slot.changing = slot.changing.saturating_sub(ending);
        let read_from = ReadTicket {
            epoch,
            generation: slot.generation,
        };
        let alone = slot.changing == 0 && self.enabled;
        slot.generation = generation;
        slot.cart = written
            .filter(|cart| alone && cart.version == read_from)
            .map(|mut cart| {
                cart.version = ReadTicket { epoch, generation };
                Arc::new(cart)
            });
        if slots.carts.len() > CAPACITY {
            slots.clear();
        }
    }

    /// Starts a change of a cart: the returned guard forgets the cart when dropped, after the
    /// change is written, however it ends (or keeps what [`CartChange::written`] gave it).
    pub fn change<'a>(&'a self, cart_id: &'a str) -> CartChange<'a> {
        if let Ok(mut slots) = self.slots.lock() {
            slots.carts.entry(cart_id.to_owned()).or_default().changing += 1;
        }
        CartChange {
            cache: self,
            cart_id,
            written: None,
        }
    }
}

impl Slots {
    fn clear(&mut self) {
        // The slots of changes under way stay (without their carts), so that those changes
        // are still counted when another change of the same cart ends.
        self.carts.retain(|_, slot| slot.changing > 0);
        self.carts.values_mut().for_each(|slot| slot.cart = None);
        self.epoch += 1;
    }
}

/// See [`CartCache::change`].
pub struct CartChange<'a> {
    cache: &'a CartCache,
    cart_id: &'a str,
    written: Option<StoredCart>,
}

impl CartChange<'_> {
    /// The change is written, and `cart` is the whole cart as it is now stored, made from the
    /// copy whose `version` it carries: the cache keeps it if nothing else changed the cart.
    pub fn written(mut self, cart: StoredCart) {
        self.written = Some(cart);
    }
}

impl Drop for CartChange<'_> {
    fn drop(&mut self) {
        self.cache.finish(self.cart_id, self.written.take(), 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stored(count: i64, version: ReadTicket) -> StoredCart {
        StoredCart {
            row: CartRow {
                cart_id: "a".to_owned(),
                site_id: 1,
                language_id: 1,
                created_at: 0,
                last_modified: 0,
                discount_code: None,
                shipping_method: engine::shipping::ShippingMethod::Ordinary,
                payment_method_id: None,
                issuer: None,
                gift_card_number: None,
                billing_json: None,
                shipping_json: None,
                company_json: None,
                alternative_shipping_address: crate::platform::db::Flag(false),
                newsletter_subscribe: crate::platform::db::Flag(false),
                mailplus_id: None,
                dealer_id: None,
                dpd_parcel_shop_id: None,
                dpd_parcel_shop_zipcode_or_city: None,
            },
            lines: vec![LineRow {
                product_variant_id: engine::ids::ProductVariantId::new(1011),
                product_id: engine::ids::ProductId::new(101),
                count,
                added_at: 0,
            }],
            samples: Vec::new(),
            version,
        }
    }

    /// Loads cart "a" with `count` the way `store::snapshot` does, and answers the copy read.
    fn load(cache: &CartCache, count: i64) -> Arc<StoredCart> {
        let ticket = cache.get("a").unwrap_err();
        let cart = Arc::new(stored(count, ticket));
        cache.keep("a", ticket, Arc::clone(&cart));
        cart
    }

    fn kept_count(cache: &CartCache) -> Option<i64> {
        cache.get("a").ok().map(|cart| cart.lines[0].count)
    }

    #[test]
    fn a_loaded_cart_is_kept_until_it_changes() {
        let cache = CartCache::new(true);
        load(&cache, 1);
        assert_eq!(kept_count(&cache), Some(1));
        cache.forget("a");
        assert_eq!(kept_count(&cache), None);
    }

    #[test]
    fn a_read_that_overlapped_a_change_is_not_kept() {
        let cache = CartCache::new(true);
        let ticket = cache.get("a").unwrap_err();
        cache.forget("a"); // a change was written while the read loaded the old cart
        cache.keep("a", ticket, Arc::new(stored(1, ticket)));
        assert_eq!(kept_count(&cache), None, "the old cart must not be kept");
        load(&cache, 2);
        assert_eq!(kept_count(&cache), Some(2));
    }

    #[test]
    fn a_read_from_before_a_clear_is_not_kept() {
        let cache = CartCache::new(true);
        let ticket = cache.get("a").unwrap_err();
        cache.forget("a");
        cache.slots.lock().unwrap().clear();
        cache.keep("a", ticket, Arc::new(stored(1, ticket)));
        assert_eq!(kept_count(&cache), None);
    }

    #[test]
    fn a_disabled_cache_keeps_nothing() {
        let cache = CartCache::new(false);
        load(&cache, 1);
        assert_eq!(kept_count(&cache), None);
        let change = cache.change("a");
        change.written(stored(2, cache.get("a").unwrap_err()));
        assert_eq!(kept_count(&cache), None);
    }

    #[test]
    fn a_change_keeps_the_cart_it_wrote_and_the_next_change_too() {
        let cache = CartCache::new(true);
        let read = load(&cache, 1);
        cache.change("a").written(stored(2, read.version));
        let read = cache.get("a").unwrap();
        assert_eq!(read.lines[0].count, 2);
        cache.change("a").written(stored(3, read.version));
        assert_eq!(kept_count(&cache), Some(3));
    }

    #[test]
    fn a_change_made_from_an_older_read_is_not_kept() {
        let cache = CartCache::new(true);
        let read = load(&cache, 1);
        cache.forget("a"); // another change ended after the read
        cache.change("a").written(stored(2, read.version));
        assert_eq!(kept_count(&cache), None);
    }

    #[test]
    fn changes_under_way_together_keep_nothing() {
        let cache = CartCache::new(true);
        let read = load(&cache, 1);
        let (first, second) = (cache.change("a"), cache.change("a"));
        first.written(stored(2, read.version));
        assert_eq!(
            kept_count(&cache),
            None,
            "the second change may have written after the read"
        );
        second.written(stored(3, read.version));
        assert_eq!(
            kept_count(&cache),
            None,
            "the first change ended after the read"
        );
    }

    #[test]
    fn a_change_under_way_is_still_counted_after_a_clear() {
        let cache = CartCache::new(true);
        let old = cache.change("a");
        cache.slots.lock().unwrap().clear();
        let read = load(&cache, 1);
        cache.change("a").written(stored(2, read.version));
        assert_eq!(
            kept_count(&cache),
            None,
            "the change from before the clear may write after the read"
        );
        drop(old);
    }

    #[test]
    fn a_failed_change_forgets_the_cart() {
        let cache = CartCache::new(true);
        load(&cache, 1);
        drop(cache.change("a"));
        assert_eq!(kept_count(&cache), None);
    }
}
