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
//! Only one server process may use the cache: another process changing the same carts would
//! not make this one forget them. It is on for SQLite (one process owns the file) and off for
//! PostgreSQL, where several servers may share the database.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::store::{CartRow, LineRow, SampleRow};

/// How many carts are kept at most; when full, the cache starts over.
const CAPACITY: usize = 50_000;

/// A cart as stored: its row, lines and sample names.
#[derive(Clone, Debug)]
pub struct StoredCart {
    pub row: CartRow,
    pub lines: Vec<LineRow>,
    pub samples: Vec<SampleRow>,
}

/// Where a read started: the cache's epoch and the cart's generation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadTicket {
    epoch: u64,
    generation: u64,
}

#[derive(Default)]
struct Slot {
    generation: u64,
    cart: Option<Arc<StoredCart>>,
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
        CartCache { enabled, slots: Mutex::default() }
    }

    /// The cart when it is kept, else a ticket to keep it with after loading it.
    pub fn get(&self, cart_id: &str) -> Result<Arc<StoredCart>, ReadTicket> {
        let Ok(slots) = self.slots.lock() else { return Err(ReadTicket { epoch: u64::MAX, generation: u64::MAX }) };
        let slot = slots.carts.get(cart_id);
        if let Some(cart) = slot.and_then(|slot| slot.cart.as_ref()).filter(|_| self.enabled) {
            return Ok(Arc::clone(cart));
        }
        Err(ReadTicket { epoch: slots.epoch, generation: slot.map_or(0, |slot| slot.generation) })
    }

    /// Keeps a loaded cart, unless it changed (or the cache was cleared) since the read started.
    pub fn keep(&self, cart_id: &str, ticket: ReadTicket, cart: Arc<StoredCart>) {
        if !self.enabled {
            return;
        }
        let Ok(mut slots) = self.slots.lock() else { return };
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

    /// Forgets a cart that is being changed: call after the change is written (or failed).
    pub fn forget(&self, cart_id: &str) {
        let Ok(mut slots) = self.slots.lock() else { return };
        slots.next_generation += 1;
        let generation = slots.next_generation;
        let slot = slots.carts.entry(cart_id.to_owned()).or_default();
        slot.generation = generation;
        slot.cart = None;
        if slots.carts.len() > CAPACITY {
            slots.clear();
        }
    }

    /// Starts a change of a cart: the returned guard forgets the cart when dropped, after the
    /// change is written, however it ends.
    pub fn change<'a>(&'a self, cart_id: &'a str) -> CartChange<'a> {
        CartChange { cache: self, cart_id }
    }
}

impl Slots {
    fn clear(&mut self) {
        self.carts.clear();
        self.epoch += 1;
    }
}

/// See [`CartCache::change`].
pub struct CartChange<'a> {
    cache: &'a CartCache,
    cart_id: &'a str,
}

impl Drop for CartChange<'_> {
    fn drop(&mut self) {
        self.cache.forget(self.cart_id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cart(id: &str, count: i64) -> Arc<StoredCart> {
        Arc::new(StoredCart {
            row: CartRow {
                cart_id: id.to_owned(),
                site_id: 1,
                language_id: 1,
                created_at: 0,
                last_modified: 0,
                discount_code: None,
                shipping_method: 0,
                payment_method_id: None,
                issuer: None,
                gift_card_number: None,
                billing_json: None,
                shipping_json: None,
                company_json: None,
                alternative_shipping_address: 0,
                newsletter_subscribe: 0,
                mailplus_id: None,
                dealer_id: None,
                dpd_parcel_shop_id: None,
                dpd_parcel_shop_zipcode_or_city: None,
            },
            lines: vec![LineRow { product_variant_id: 1011, product_id: 101, count }],
            samples: Vec::new(),
        })
    }

    #[test]
    fn a_loaded_cart_is_kept_until_it_changes() {
        let cache = CartCache::new(true);
        let ticket = cache.get("a").unwrap_err();
        cache.keep("a", ticket, cart("a", 1));
        assert_eq!(cache.get("a").unwrap().lines[0].count, 1);
        cache.forget("a");
        assert!(cache.get("a").is_err());
    }

    #[test]
    fn a_read_that_overlapped_a_change_is_not_kept() {
        let cache = CartCache::new(true);
        let ticket = cache.get("a").unwrap_err();
        cache.forget("a"); // a change was written while the read loaded the old cart
        cache.keep("a", ticket, cart("a", 1));
        assert!(cache.get("a").is_err(), "the old cart must not be kept");
        let ticket = cache.get("a").unwrap_err();
        cache.keep("a", ticket, cart("a", 2));
        assert_eq!(cache.get("a").unwrap().lines[0].count, 2);
    }

    #[test]
    fn a_read_from_before_a_clear_is_not_kept() {
        let cache = CartCache::new(true);
        let ticket = cache.get("a").unwrap_err();
        cache.forget("a");
        cache.slots.lock().unwrap().clear();
        cache.keep("a", ticket, cart("a", 1));
        assert!(cache.get("a").is_err());
    }

    #[test]
    fn a_disabled_cache_keeps_nothing() {
        let cache = CartCache::new(false);
        let ticket = cache.get("a").unwrap_err();
        cache.keep("a", ticket, cart("a", 1));
        assert!(cache.get("a").is_err());
    }
}
