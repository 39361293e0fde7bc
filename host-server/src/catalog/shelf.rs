//! The reductions that product pages, cards and search results announce, each with its prior
//! price: the engine decides both ([`ShelfOffers`]) from the site's promotions of the day and
//! the variants' list price history, which this module reads.

use std::collections::{BTreeMap, BTreeSet};

use engine::ids::{ProductId, ProductVariantId};
use engine::shelf_price::{PriceChange, ShelfContent, ShelfItem, ShelfOffers, ShelfReduction};

use super::Variant;
use super::search::ProductHit;
use super::store::products;
use crate::AppState;
use crate::platform::error::ApiError;

/// The site's shelf reductions of today for a set of variants.
pub struct Shelf {
    offers: ShelfOffers,
    histories: BTreeMap<ProductVariantId, Vec<PriceChange>>,
}

impl Shelf {
    /// Reads what the reductions of these variants need: the price history only of those the
    /// day's promotions reduce.
    pub async fn of(
        state: &AppState,
        site_id: i64,
        language_id: i64,
        items: &[ShelfItem],
    ) -> Result<Shelf, ApiError> {
        let pool = state.db.pool();
        let offers = state
            .pricing
            .shelf_offers(pool, site_id, language_id)
            .await?;
        let reduced: BTreeSet<ProductVariantId> = items
            .iter()
            .filter(|item| offers.reduces(item))
            .map(|item| item.product_variant_id)
            .collect();
        let mut histories: BTreeMap<ProductVariantId, Vec<PriceChange>> = BTreeMap::new();
        if !reduced.is_empty() {
            for row in products::price_history(pool, &reduced).await? {
                histories
                    .entry(row.product_variant_id)
                    .or_default()
                    .push(PriceChange {
                        valid_from: row.valid_from,
                        price: row.price,
                    });
            }
        }
        Ok(Shelf { offers, histories })
    }

    /// The reduction the shelf announces for the item, if any.
    pub fn reduction(&self, item: &ShelfItem) -> Option<ShelfReduction> {
        let history = self
            .histories
            .get(&item.product_variant_id)
            .map_or(&[][..], Vec::as_slice);
        self.offers.reduction(item, history)
    }
}

/// The shelf item of a product card or search result.
fn item_of_hit(hit: &ProductHit) -> ShelfItem {
    ShelfItem {
        product_id: hit.product_id,
        product_variant_id: hit.product_variant_id,
        product_group: Some(hit.product_group.clone()),
        price: hit.price,
        content: Some(hit.content.clone()),
    }
}

/// Gives each of a product's variants the reduction its page announces.
pub async fn mark_variants<'a>(
    state: &AppState,
    (site_id, language_id): (i64, i64),
    (product_id, product_group): (ProductId, &str),
    variants: impl Iterator<Item = &'a mut Variant>,
) -> Result<(), ApiError> {
    let mut variants: Vec<&mut Variant> = variants.collect();
    let items: Vec<ShelfItem> = variants
        .iter()
        .map(|variant| ShelfItem {
            product_id,
            product_variant_id: variant.product_variant_id,
            product_group: Some(product_group.to_owned()),
            price: variant.price,
            content: content_of(variant),
        })
        .collect();
    let shelf = Shelf::of(state, site_id, language_id, &items).await?;
    for (variant, item) in variants.iter_mut().zip(&items) {
        variant.reduction = shelf.reduction(item);
    }
    Ok(())
}

/// Gives each product card or search result the reduction its shelf announces.
pub async fn mark_hits(
    state: &AppState,
    site_id: i64,
    language_id: i64,
    hits: &mut [ProductHit],
) -> Result<(), ApiError> {
    let items: Vec<ShelfItem> = hits.iter().map(item_of_hit).collect();
    let shelf = Shelf::of(state, site_id, language_id, &items).await?;
    for (hit, item) in hits.iter_mut().zip(&items) {
        hit.reduction = shelf.reduction(item);
    }
    Ok(())
}

/// What a variant of a product page holds, as its unit prices were computed from.
fn content_of(variant: &Variant) -> Option<ShelfContent> {
    Some(ShelfContent {
        amount: variant.content.amount.parse().ok()?,
        unit: super::load::content_unit(&variant.content.unit)?,
    })
}
