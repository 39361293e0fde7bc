//! From the promotions a shop owner keeps (an entry of the fixtures' `promotions.json`, stored
//! as typed JSON) to the engine's [`Promotion`]s for one cart: which offers apply (those without
//! a code, and the one the cart's code unlocks), how each kind's terms become rules, and that a
//! free product the site does not sell is not given away there.
//!
//! The terms are the shop owner's vocabulary: a reduction is a `percentage` or an `amount`, a
//! reduced shipping price is the price the customer pays (`shippingPrice`), a minimum order
//! amount of zero is no minimum, and no `shippingMethods` on a reduced shipping price means
//! both methods.

use std::collections::BTreeSet;

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::{
    FreeProductOffer, InvalidPromotion, OrderDiscount, Percentage, ProductDiscount, Promotion,
    PromotionRule, Reduction, ShippingDiscount, ShippingReduction, Target,
};
use crate::catalog::CatalogEntry;
use crate::ids::{ProductId, ProductVariantId};
use crate::money::Money;
use crate::shipping::{ShippingMethod, ShippingOption};

/// The four kinds of promotion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum PromotionKind {
    /// A reduction on the lines of products, variants or product groups.
    ProductDiscount,
    /// Buy some, get a product free.
    FreeProduct,
    /// A reduction on the order.
    OrderDiscount,
    /// Free or cheaper shipping.
    ShippingDiscount,
}

impl PromotionKind {
    /// The kind's name, as in `promotions.json`.
    pub fn as_str(self) -> &'static str {
        match self {
            PromotionKind::ProductDiscount => "productDiscount",
            PromotionKind::FreeProduct => "freeProduct",
            PromotionKind::OrderDiscount => "orderDiscount",
            PromotionKind::ShippingDiscount => "shippingDiscount",
        }
    }
}

/// What a product or free-product promotion applies to: any of these ids or groups.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PromotionTarget {
    /// Products, with all their variants.
    pub product_ids: Option<Vec<ProductId>>,
    /// Single variants.
    pub product_variant_ids: Option<Vec<ProductVariantId>>,
    /// Product groups (`muesli`, ...).
    pub product_groups: Option<Vec<String>>,
}

/// A promotion's terms as the shop owner keeps them; which fields count depends on `kind`.
/// Fields of the stored entry that are not terms (key, texts, dates, sites) are ignored here.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct PromotionTerms {
    /// Which kind of promotion; it says which other fields count.
    pub kind: PromotionKind,
    /// What a product discount or free product applies to.
    #[serde(default)]
    pub target: Option<PromotionTarget>,
    /// A product discount's minimum quantity per line.
    #[serde(default)]
    pub min_quantity: Option<i64>,
    /// A reduction in percent, 0 to 100.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    #[cfg_attr(feature = "typescript", tsify(type = "string | null"))]
    pub percentage: Option<Decimal>,
    /// A reduction as an amount, when there is no percentage.
    #[serde(default)]
    pub amount: Option<Money>,
    /// How many to buy for a free product.
    #[serde(default)]
    pub buy_quantity: Option<i64>,
    /// The variant given away.
    #[serde(default)]
    pub free_product_variant_id: Option<ProductVariantId>,
    /// How many are given away.
    #[serde(default)]
    pub free_quantity: Option<i64>,
    /// The order amount from which an order or shipping discount applies; 0 is none.
    #[serde(default)]
    pub min_order_amount: Option<Money>,
    /// The reduced shipping price the customer pays; none or 0 is free shipping.
    #[serde(default)]
    pub shipping_price: Option<Money>,
    /// The shipping methods (0, 1) it applies to.
    #[serde(default)]
    pub shipping_methods: Option<Vec<i64>>,
}

/// A promotion offered on a site today, its texts already in the cart's language.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct OfferedPromotion {
    /// The promotion's key.
    pub promotion_key: String,
    /// Whether only a discount code unlocks it.
    pub requires_code: bool,
    /// What the customer reads about it.
    pub description: String,
    /// The text of a free product line.
    #[serde(default)]
    pub promotion_text: Option<String>,
    /// Its terms.
    pub terms: PromotionTerms,
}

/// What decides a cart's promotions besides the offers: `promotions.forCart`'s input.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct CartPromotionsRequest {
    /// The promotions the site offers today.
    pub offers: Vec<OfferedPromotion>,
    /// The cart's discount code, as the visitor entered it.
    #[serde(default)]
    pub code: Option<String>,
    /// The promotion that code unlocks today (the server looks the code up), if any.
    #[serde(default)]
    pub unlocked_promotion_key: Option<String>,
    /// The site's shipping prices, for a reduced shipping price.
    pub shipping_options: Vec<ShippingOption>,
    /// The variants the site sells among those the offers give away.
    pub sold_variant_ids: Vec<ProductVariantId>,
}

impl OfferedPromotion {
    /// True when the promotion applies to a cart whose code unlocks `unlocked_key`.
    pub fn is_active(&self, unlocked_key: Option<&str>) -> bool {
        !self.requires_code || self.is_unlocked(unlocked_key)
    }

    fn is_unlocked(&self, unlocked_key: Option<&str>) -> bool {
        unlocked_key == Some(self.promotion_key.as_str())
    }
}

/// The offers that apply to a cart whose code unlocks `unlocked_key`.
pub fn active_offers<'a>(
    offers: &'a [OfferedPromotion],
    unlocked_key: Option<&'a str>,
) -> impl Iterator<Item = &'a OfferedPromotion> {
    offers
        .iter()
        .filter(move |offer| offer.is_active(unlocked_key))
}

/// The variants the active offers give away: the catalog must be asked whether the site sells
/// them before [`cart_promotions`].
pub fn free_variant_ids(
    offers: &[OfferedPromotion],
    unlocked_key: Option<&str>,
) -> BTreeSet<ProductVariantId> {
    active_offers(offers, unlocked_key)
        .filter_map(|offer| offer.terms.free_product_variant_id)
        .collect()
}

/// The engine promotions of a cart: every active offer converted (the unlocked one carries the
/// cart's code), without free products the site does not sell.
pub fn cart_promotions(
    request: &CartPromotionsRequest,
) -> Result<Vec<Promotion>, InvalidPromotion> {
    let unlocked_key = request.unlocked_promotion_key.as_deref();
    let mut promotions = Vec::new();
    for offer in active_offers(&request.offers, unlocked_key) {
        let code = offer
            .is_unlocked(unlocked_key)
            .then(|| request.code.clone())
            .flatten();
        promotions.extend(offer.promotions(code, &request.shipping_options)?);
    }
    promotions.retain(|promotion| match &promotion.rule {
        PromotionRule::FreeProduct(offer) => request
            .sold_variant_ids
            .contains(&offer.free_product_variant_id),
        _ => true,
    });
    Ok(promotions)
}

/// [`cart_promotions`] with the catalog entries the server loaded as what the site sells.
pub fn cart_promotions_in_catalog(
    offers: Vec<OfferedPromotion>,
    code: Option<&str>,
    unlocked_key: Option<&str>,
    shipping_options: &[ShippingOption],
    catalog: &[CatalogEntry],
) -> Result<Vec<Promotion>, InvalidPromotion> {
    cart_promotions(&CartPromotionsRequest {
        offers,
        code: code.map(str::to_owned),
        unlocked_promotion_key: unlocked_key.map(str::to_owned),
        shipping_options: shipping_options.to_vec(),
        sold_variant_ids: catalog
            .iter()
            .map(|entry| entry.product_variant_id)
            .collect(),
    })
}

impl OfferedPromotion {
    /// The engine promotions of this offer: one per target (the same key), which the engine
    /// treats alike.
    pub fn promotions(
        &self,
        code: Option<String>,
        shipping_options: &[ShippingOption],
    ) -> Result<Vec<Promotion>, InvalidPromotion> {
        let rules = self
            .rules(shipping_options)
            .map_err(|reason| InvalidPromotion {
                promotion_key: self.promotion_key.clone(),
                reason,
            })?;
        Ok(rules
            .into_iter()
            .map(|rule| Promotion {
                promotion_key: self.promotion_key.clone(),
                description: self.description.clone(),
                code: code.clone(),
                rule,
            })
            .collect())
    }

    fn rules(&self, shipping_options: &[ShippingOption]) -> Result<Vec<PromotionRule>, String> {
        let terms = &self.terms;
        match terms.kind {
            PromotionKind::ProductDiscount => {
                let minimum_quantity = terms
                    .min_quantity
                    .map(|quantity| unsigned(quantity, "minQuantity"))
                    .transpose()?;
                let discount = terms.reduction()?;
                Ok(terms
                    .targets()?
                    .into_iter()
                    .map(|applies_to| {
                        PromotionRule::ProductDiscount(ProductDiscount {
                            applies_to,
                            discount: discount.clone(),
                            minimum_quantity,
                        })
                    })
                    .collect())
            }
            PromotionKind::FreeProduct => {
                let buy_quantity =
                    unsigned(required(terms.buy_quantity, "buyQuantity")?, "buyQuantity")?;
                let free_product_variant_id =
                    required(terms.free_product_variant_id, "freeProductVariantId")?;
                let free_quantity = unsigned(
                    required(terms.free_quantity, "freeQuantity")?,
                    "freeQuantity",
                )?;
                let promotion_text = self.promotion_text.clone().unwrap_or_default();
                Ok(terms
                    .targets()?
                    .into_iter()
                    .map(|applies_to| {
                        PromotionRule::FreeProduct(FreeProductOffer {
                            applies_to,
                            buy_quantity,
                            free_product_variant_id,
                            free_quantity,
                            promotion_text: promotion_text.clone(),
                        })
                    })
                    .collect())
            }
            PromotionKind::OrderDiscount => Ok(vec![PromotionRule::OrderDiscount(OrderDiscount {
                discount: terms.reduction()?,
                minimum_order_amount: terms.minimum_order_amount(),
            })]),
            PromotionKind::ShippingDiscount => terms.shipping_rules(shipping_options),
        }
    }
}

impl PromotionTerms {
    fn reduction(&self) -> Result<Reduction, String> {
        match (self.percentage, self.amount) {
            (Some(percentage), _) => Percentage::new(percentage)
                .map(Reduction::Percentage)
                .ok_or_else(|| format!("percentage {percentage} is not from 0 to 100")),
            (None, Some(amount)) => Ok(Reduction::Amount(amount)),
            (None, None) => Err("it has neither a percentage nor an amount".to_owned()),
        }
    }

    fn targets(&self) -> Result<Vec<Target>, String> {
        let Some(target) = &self.target else {
            return Ok(Vec::new());
        };
        let mut all: Vec<Target> = target
            .product_ids
            .iter()
            .flatten()
            .copied()
            .map(Target::ProductId)
            .collect();
        all.extend(
            target
                .product_variant_ids
                .iter()
                .flatten()
                .copied()
                .map(Target::ProductVariantId),
        );
        all.extend(
            target
                .product_groups
                .iter()
                .flatten()
                .map(|group| Target::ProductGroup(group.clone())),
        );
        Ok(all)
    }

    /// A minimum order amount of zero is no minimum.
    fn minimum_order_amount(&self) -> Option<Money> {
        self.min_order_amount.filter(|amount| !amount.is_zero())
    }

    /// A free-shipping promotion names its methods (none named: none get it); a reduced
    /// shipping price takes off, per method it names (none named: both), the difference to the
    /// site's price, when there is one.
    fn shipping_rules(
        &self,
        shipping_options: &[ShippingOption],
    ) -> Result<Vec<PromotionRule>, String> {
        let named = self
            .shipping_methods
            .iter()
            .flatten()
            .map(|number| {
                ShippingMethod::from_number(*number)
                    .ok_or_else(|| format!("unknown shipping method {number}"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let minimum_order_amount = self.minimum_order_amount();
        let rule = |discount, shipping_methods| {
            PromotionRule::ShippingDiscount(ShippingDiscount {
                discount,
                minimum_order_amount,
                shipping_methods,
            })
        };
        let Some(price) = self.shipping_price.filter(|price| !price.is_zero()) else {
            return Ok(vec![rule(ShippingReduction::Free, named)]);
        };
        let methods = match self.shipping_methods {
            Some(_) => named,
            None => ShippingMethod::ALL.to_vec(),
        };
        Ok(methods
            .into_iter()
            .filter_map(|method| {
                let site_price = shipping_options
                    .iter()
                    .find(|option| option.shipping_method == method)?
                    .price;
                let off = site_price
                    .checked_sub(price)
                    .ok()
                    .filter(|off| !off.is_negative() && !off.is_zero())?;
                Some(rule(ShippingReduction::Amount(off), vec![method]))
            })
            .collect())
    }
}

fn unsigned<T: TryFrom<i64>>(value: i64, name: &str) -> Result<T, String> {
    T::try_from(value).map_err(|_| format!("{name} {value} is out of range"))
}

fn required<T: Copy>(value: Option<T>, name: &str) -> Result<T, String> {
    value.ok_or_else(|| format!("it has no {name}"))
}
