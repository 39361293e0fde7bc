//! The back office's catalog: products with their texts, variants, prices and stock, as the
//! staff find and change them. Every change is in the audit trail and shows on every server
//! within moments, search included (`catalog_events`).

pub mod barcodes;
pub mod export;
pub mod products;
pub mod scheduled_prices;
pub mod variants;
