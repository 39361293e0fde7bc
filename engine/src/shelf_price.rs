//! The price a variant is shown at on its product page, its cards and in search results.
//!
//! A product discount that needs no code and no quantity above one reduces the price of a
//! single unit, so the shelf shows the reduced price: the same amount a cart of one unit is
//! charged (the same rule, [`ProductDiscount`](crate::promotions::ProductDiscount), and the same choice
//! among discounts: the one that takes off most, the first of equals).
//!
//! Every such announced reduction also shows the **prior price**: by the EU price indication
//! rule (directive 98/6/EC, article 6a) the lowest price the shop charged in the
//! [`PRIOR_PRICE_DAYS`] days before the reduction began. The shop keeps each variant's list
//! prices with the day each took effect ([`PriceChange`]); the prior price is the lowest of
//! the price in effect when those 30 days began and every price that took effect within them.
//! A variant whose history starts later than that (a new product, or a shop that began
//! keeping prices later) counts its earliest known price as in effect before.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::cents;
use crate::ids::{ProductId, ProductVariantId};
use crate::locale::CalendarDate;
use crate::money::Money;
use crate::promotions::{
    InvalidPromotion, OfferedPromotion, Promotion, PromotionKind, PromotionRule, Targeted,
};
use crate::unit_price::{ContentUnit, UnitPriceRequest, UnitPrices, unit_prices};

/// How many days before a reduction its prior price is looked for.
pub const PRIOR_PRICE_DAYS: i64 = 30;

/// A variant's list price from a day on, until the next change.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PriceChange {
    /// The first day the price applied.
    pub valid_from: CalendarDate,
    /// The list price, including VAT.
    pub price: Money,
}

/// A promotion offered today, with the first day it was offered.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DatedOffer {
    /// The first day of the promotion: its reduction began then.
    pub valid_from: CalendarDate,
    /// The promotion as offered today.
    pub offer: OfferedPromotion,
}

/// A variant on a shelf: what a product promotion's target is compared with, and its price.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ShelfItem {
    /// The product.
    pub product_id: ProductId,
    /// The variant.
    pub product_variant_id: ProductVariantId,
    /// The product's group, e.g. `"muesli"`.
    #[serde(default)]
    pub product_group: Option<String>,
    /// The list price of one unit, including VAT.
    pub price: Money,
    /// What one unit holds: a reduction's unit prices follow its price. Without it a
    /// reduction has no unit prices.
    #[serde(default)]
    pub content: Option<ShelfContent>,
}

/// How much a variant holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ShelfContent {
    /// The amount, in `unit`; more than 0.
    #[cfg_attr(feature = "typescript", tsify(type = "string"))]
    pub amount: Decimal,
    /// The unit of `amount`.
    pub unit: ContentUnit,
}

impl ShelfItem {
    fn targeted(&self) -> Targeted<'_> {
        Targeted {
            product_id: self.product_id,
            product_variant_id: self.product_variant_id,
            product_group: self.product_group.as_deref(),
        }
    }
}

/// A reduction a shelf announces.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ShelfReduction {
    /// The promotion that gives it.
    pub promotion_key: String,
    /// The promotion's text, in the site's language.
    pub description: String,
    /// What one unit costs with the reduction: what a cart of one is charged.
    pub price: Money,
    /// The lowest list price of the 30 days before the reduction began, shown beside it.
    pub prior_price: Money,
    /// The unit prices of the reduced price (`catalog.unitPrices`), when the variant's
    /// content is known: the unit price shown goes with the price charged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit_price: Option<UnitPrices>,
}

/// Everything [`shelf_price`] needs for one variant: `promotions.shelfPrice`'s input.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ShelfPriceRequest {
    /// The variant.
    pub item: ShelfItem,
    /// The promotions the site offers today.
    pub offers: Vec<DatedOffer>,
    /// The variant's list prices, in any order.
    #[serde(default)]
    pub price_history: Vec<PriceChange>,
}

/// The reduction a shelf shows for one variant, if any.
pub fn shelf_price(
    request: &ShelfPriceRequest,
) -> Result<Option<ShelfReduction>, InvalidPromotion> {
    let offers = ShelfOffers::new(&request.offers)?;
    Ok(offers.reduction(&request.item, &request.price_history))
}

/// The product discounts of a site's offers that reduce a single unit, ready to price many
/// variants.
#[derive(Clone, Debug, Default)]
pub struct ShelfOffers {
    discounts: Vec<(Promotion, CalendarDate)>,
}

impl ShelfOffers {
    /// The offers' product discounts that need no code and no quantity above one.
    pub fn new(offers: &[DatedOffer]) -> Result<ShelfOffers, InvalidPromotion> {
        let mut discounts = Vec::new();
        let product_discounts = offers.iter().filter(|dated| {
            !dated.offer.requires_code && dated.offer.terms.kind == PromotionKind::ProductDiscount
        });
        for dated in product_discounts {
            for promotion in dated.offer.promotions(None, &[])? {
                promotion.validate(|_| true)?;
                if matches!(&promotion.rule, PromotionRule::ProductDiscount(rule) if rule.applies_to_one_unit())
                {
                    discounts.push((promotion, dated.valid_from));
                }
            }
        }
        Ok(ShelfOffers { discounts })
    }

    /// True when a unit of the item is reduced today: its price history is then needed.
    pub fn reduces(&self, item: &ShelfItem) -> bool {
        self.best(item).is_some()
    }

    /// The reduction of one unit of the item, with its prior price from the item's history.
    pub fn reduction(&self, item: &ShelfItem, history: &[PriceChange]) -> Option<ShelfReduction> {
        let (promotion, began, discount) = self.best(item)?;
        let unit = cents::to_cents(item.price)?;
        let price = Money::from_cents(unit - discount.min(unit));
        let unit_price = item.content.as_ref().and_then(|content| {
            unit_prices(&UnitPriceRequest {
                price,
                amount: content.amount,
                unit: content.unit,
            })
            .ok()
        });
        Some(ShelfReduction {
            promotion_key: promotion.promotion_key.clone(),
            description: promotion.description.clone(),
            price,
            prior_price: lowest_prior_price(history, item.price, began),
            unit_price,
        })
    }

    /// The discount that takes off most from one unit (the first of equals), with the day it
    /// began and its amount in cents.
    fn best(&self, item: &ShelfItem) -> Option<(&Promotion, CalendarDate, i64)> {
        let unit = cents::to_cents(item.price)?;
        let mut best: Option<(&Promotion, CalendarDate, i64)> = None;
        for (promotion, began) in &self.discounts {
            let PromotionRule::ProductDiscount(rule) = &promotion.rule else {
                continue;
            };
            let amount = rule.discount_on_units(item.targeted(), 1, unit);
            if amount > best.map_or(0, |(_, _, most)| most) {
                best = Some((promotion, *began, amount));
            }
        }
        best
    }
}

/// The lowest list price of the [`PRIOR_PRICE_DAYS`] days before `reduction_began`: the price
/// in effect when they began (the earliest known when the history starts later) and every
/// price that took effect within them. `current` when the history is empty.
pub fn lowest_prior_price(
    history: &[PriceChange],
    current: Money,
    reduction_began: CalendarDate,
) -> Money {
    let window_opens = reduction_began
        .plus_days(-PRIOR_PRICE_DAYS)
        .unwrap_or(reduction_began);
    let mut before: Vec<&PriceChange> = history
        .iter()
        .filter(|change| change.valid_from < reduction_began)
        .collect();
    before.sort_by_key(|change| change.valid_from);
    let in_effect_when_opened = before
        .iter()
        .rev()
        .find(|change| change.valid_from <= window_opens)
        .or_else(|| before.first());
    let within = before
        .iter()
        .filter(|change| change.valid_from > window_opens);
    in_effect_when_opened
        .into_iter()
        .chain(within)
        .map(|change| change.price)
        .min()
        .or_else(|| earliest_known(history))
        .unwrap_or(current)
}

/// The lowest price of the first day the history knows.
fn earliest_known(history: &[PriceChange]) -> Option<Money> {
    history
        .iter()
        .min_by_key(|change| (change.valid_from, change.price))
        .map(|change| change.price)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> CalendarDate {
        CalendarDate::parse_iso(text).unwrap()
    }

    fn change(valid_from: &str, price: &str) -> PriceChange {
        PriceChange {
            valid_from: day(valid_from),
            price: price.parse().unwrap(),
        }
    }

    fn money(text: &str) -> Money {
        text.parse().unwrap()
    }

    #[test]
    fn the_prior_price_is_the_lowest_of_the_thirty_days_before() {
        let history = [
            change("2026-01-01", "34.95"),
            change("2026-02-20", "31.95"),
            change("2026-03-05", "32.95"),
        ];
        // The reduction began 2026-03-10: the 30 days are 2026-02-08 .. 2026-03-09.
        assert_eq!(
            lowest_prior_price(&history, money("32.95"), day("2026-03-10")),
            money("31.95")
        );
    }

    #[test]
    fn a_price_that_ended_before_the_thirty_days_does_not_count() {
        let history = [change("2026-01-01", "29.95"), change("2026-02-01", "32.95")];
        // The 30 days before 2026-03-10 begin 2026-02-08: 32.95 all along.
        assert_eq!(
            lowest_prior_price(&history, money("32.95"), day("2026-03-10")),
            money("32.95")
        );
        // The 30 days before 2026-03-02 begin 2026-01-31, when 29.95 still applied.
        assert_eq!(
            lowest_prior_price(&history, money("32.95"), day("2026-03-02")),
            money("29.95")
        );
    }

    #[test]
    fn a_price_raised_on_the_day_the_reduction_began_is_not_a_prior_price() {
        let history = [change("2026-01-01", "32.95"), change("2026-03-10", "39.95")];
        assert_eq!(
            lowest_prior_price(&history, money("39.95"), day("2026-03-10")),
            money("32.95")
        );
    }

    #[test]
    fn a_history_that_starts_later_counts_its_earliest_price() {
        let history = [change("2026-11-29", "32.95"), change("2026-12-05", "33.95")];
        assert_eq!(
            lowest_prior_price(&history, money("33.95"), day("2026-01-01")),
            money("32.95")
        );
        assert_eq!(
            lowest_prior_price(&[], money("33.95"), day("2026-01-01")),
            money("33.95")
        );
        // Two prices on that first day: the lower counts.
        let same_day = [change("2026-11-29", "34.95"), change("2026-11-29", "32.95")];
        assert_eq!(
            lowest_prior_price(&same_day, money("34.95"), day("2026-01-01")),
            money("32.95")
        );
    }

    fn offer(json: serde_json::Value) -> DatedOffer {
        serde_json::from_value(json).unwrap()
    }

    fn muesli(price: &str) -> ShelfItem {
        ShelfItem {
            product_id: ProductId::new(1),
            product_variant_id: ProductVariantId::new(101),
            product_group: Some("muesli".to_owned()),
            price: money(price),
            content: None,
        }
    }

    fn ten_percent_off_product_1(min_quantity: i64) -> DatedOffer {
        offer(serde_json::json!({
            "validFrom": "2026-01-01",
            "offer": {
                "promotionKey": "winter-sport-muesli-10", "requiresCode": false,
                "description": "10% korting op alle Sport Muesli",
                "terms": {"kind": "productDiscount", "target": {"productIds": [1]},
                          "minQuantity": min_quantity, "percentage": "10"}
            }
        }))
    }

    #[test]
    fn a_discount_on_one_unit_is_shown_with_its_prior_price() {
        let offers = ShelfOffers::new(&[ten_percent_off_product_1(1)]).unwrap();
        let history = [change("2025-11-01", "31.95"), change("2025-12-15", "32.95")];
        let reduction = offers.reduction(&muesli("32.95"), &history).unwrap();
        // 10 % of 32.95 = 3.295 -> 3.30, as a cart of one is charged.
        assert_eq!(reduction.price, money("29.65"));
        // The 30 days before 2026-01-01 begin 2025-12-02, when 31.95 applied.
        assert_eq!(reduction.prior_price, money("31.95"));
        assert_eq!(reduction.promotion_key, "winter-sport-muesli-10");
        assert_eq!(reduction.description, "10% korting op alle Sport Muesli");
        assert_eq!(reduction.unit_price, None);
        // 20 kg: 29.65 / 20 = 1.4825 -> 1.48 per kg, of the price charged.
        let bag = ShelfItem {
            content: Some(ShelfContent {
                amount: Decimal::from(20),
                unit: ContentUnit::Kg,
            }),
            ..muesli("32.95")
        };
        let per_kg = offers
            .reduction(&bag, &history)
            .unwrap()
            .unit_price
            .unwrap();
        assert_eq!(per_kg.per_kilogram, Some(money("1.48")));
    }

    #[test]
    fn quantity_discounts_and_code_promotions_leave_the_shelf_price_alone() {
        let by_two = ShelfOffers::new(&[ten_percent_off_product_1(2)]).unwrap();
        assert!(!by_two.reduces(&muesli("32.95")));
        let mut with_code = ten_percent_off_product_1(1);
        with_code.offer.requires_code = true;
        let with_code = ShelfOffers::new(&[with_code]).unwrap();
        assert!(!with_code.reduces(&muesli("32.95")));
    }

    #[test]
    fn the_discount_that_takes_off_most_is_shown() {
        let two_euro = offer(serde_json::json!({
            "validFrom": "2026-02-01",
            "offer": {
                "promotionKey": "muesli-2-euro", "requiresCode": false,
                "description": "2 euro korting op muesli",
                "terms": {"kind": "productDiscount", "target": {"productGroups": ["muesli"]},
                          "amount": "2.00"}
            }
        }));
        let offers = ShelfOffers::new(&[two_euro, ten_percent_off_product_1(1)]).unwrap();
        let reduction = offers.reduction(&muesli("32.95"), &[]).unwrap();
        assert_eq!(reduction.promotion_key, "winter-sport-muesli-10");
        let reduction = offers.reduction(&muesli("14.95"), &[]).unwrap();
        assert_eq!(reduction.promotion_key, "muesli-2-euro");
        assert_eq!(reduction.price, money("12.95"));
        assert_eq!(reduction.prior_price, money("14.95"));
        let other = ShelfItem {
            product_group: Some("hay".to_owned()),
            product_id: ProductId::new(9),
            ..muesli("10.00")
        };
        assert_eq!(offers.reduction(&other, &[]), None);
    }
}
