//! The cart's SQL: every query of the cart domain, per area. Handlers and services call these
//! functions and never write a query themselves.
//!
//! [`carts`] holds the cart tables (carts, lines, sample names; re-exported here, as most
//! callers use them), [`line_writer`] the batched writes of line counts, [`pricing`] what a
//! calculation reads besides the cart, [`checkout`] the smaller checkout choices' lookups,
//! [`handover`] the handover keys, [`recommendations`] the products that go with a cart and
//! [`expiry`] the carts and keys the clean-up removes.

pub mod carts;
pub mod checkout;
pub mod expiry;
pub mod handover;
pub mod line_writer;
pub mod pricing;
pub mod recommendations;

pub use carts::{
    CartOwner, adopt_guest_cart, cart_of_account, clear_discount_code, clear_gift_card,
    clear_payment_method, create, delete, drop_line, find, line_count_and_type, lines, owner,
    remove_line, remove_sample, replace_count, replace_shipping_method, samples,
    set_checkout_password, set_last_modified, set_line, set_sample, snapshot, write_row,
};
