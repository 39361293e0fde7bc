//! From the promotions the shop owner keeps (the fixtures' shape, stored as JSON and read back
//! as [`model::Promotion`]) to the engine's promotion input. Only data is reshaped here; every
//! rule of how promotions apply is the engine's.

use std::collections::BTreeMap;

use engine::cart::ShippingMethod;
use engine::locale::Culture;
use engine::money::Money;
use engine::promotions::{
    FreeProductOffer, OrderDiscount, Percentage, ProductDiscount, Promotion, PromotionRule,
    Reduction, ShippingDiscount, ShippingReduction, Target,
};

use crate::error::ApiError;
use crate::fixtures::model::{self, Loc, PromotionKind};

/// The language a cart is shown in, for picking localized texts.
#[derive(Clone, Copy, Debug)]
pub struct TextLanguage {
    /// The cart's culture.
    pub culture: Culture,
    /// The site's fallback culture.
    pub site_fallback: Option<Culture>,
}

/// Picks the text of a localized text by the engine's chain.
pub fn localized(texts: &Loc, language: TextLanguage) -> String {
    texts
        .pick(language.culture, language.site_fallback)
        .to_owned()
}

/// Localized texts read from `(culture, text)` rows; rows of an unknown culture are left out.
pub fn texts_of_rows(rows: impl IntoIterator<Item = (String, String)>) -> Loc {
    Loc(rows
        .into_iter()
        .filter_map(|(culture, text)| Some((culture.parse().ok()?, text)))
        .collect::<BTreeMap<_, _>>())
}

/// A shipping method by its number.
pub fn shipping_method(number: i64) -> Result<ShippingMethod, String> {
    match number {
        0 => Ok(ShippingMethod::Ordinary),
        1 => Ok(ShippingMethod::ParcelService),
        other => Err(format!("unknown shipping method {other}")),
    }
}

fn reduction(stored: &model::Promotion) -> Result<Reduction, String> {
    match (stored.percentage, stored.amount) {
        (Some(percentage), _) => Percentage::new(percentage)
            .map(Reduction::Percentage)
            .ok_or_else(|| format!("percentage {percentage} is not from 0 to 100")),
        (None, Some(amount)) => Ok(Reduction::Amount(amount)),
        (None, None) => Err("it has neither a percentage nor an amount".to_owned()),
    }
}

fn unsigned<T: TryFrom<i64>>(value: i64, name: &str) -> Result<T, String> {
    T::try_from(value).map_err(|_| format!("{name} {value} is out of range"))
}

fn required<T: Copy>(value: Option<T>, name: &str) -> Result<T, String> {
    value.ok_or_else(|| format!("it has no {name}"))
}

/// Every target of a stored promotion.
fn targets(stored: &model::Promotion) -> Result<Vec<Target>, String> {
    let Some(target) = &stored.target else {
        return Ok(Vec::new());
    };
    let ids = |ids: &Option<Vec<i64>>, make: fn(u64) -> Target| {
        ids.iter()
            .flatten()
            .map(|id| unsigned(*id, "id").map(make))
            .collect::<Result<Vec<_>, _>>()
    };
    let mut all = ids(&target.product_ids, Target::ProductId)?;
    all.extend(ids(&target.product_variant_ids, Target::ProductVariantId)?);
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
fn minimum_order_amount(stored: &model::Promotion) -> Option<Money> {
    stored.min_order_amount.filter(|amount| !amount.is_zero())
}

/// The engine rules of one stored promotion. A promotion with several targets becomes one
/// engine promotion per target (the same key), which the engine treats alike; a reduced
/// shipping price becomes the amount off each method's price.
fn rules(
    stored: &model::Promotion,
    promotion_text: String,
    shipping_price_of: &dyn Fn(ShippingMethod) -> Option<Money>,
) -> Result<Vec<PromotionRule>, String> {
    match stored.kind {
        PromotionKind::ProductDiscount => {
            let minimum_quantity = stored
                .min_quantity
                .map(|quantity| unsigned(quantity, "minQuantity"))
                .transpose()?;
            let discount = reduction(stored)?;
            Ok(targets(stored)?
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
                unsigned(required(stored.buy_quantity, "buyQuantity")?, "buyQuantity")?;
            let free_product_variant_id = unsigned(
                required(stored.free_product_variant_id, "freeProductVariantId")?,
                "freeProductVariantId",
            )?;
            let free_quantity = unsigned(
                required(stored.free_quantity, "freeQuantity")?,
                "freeQuantity",
            )?;
            Ok(targets(stored)?
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
            discount: reduction(stored)?,
            minimum_order_amount: minimum_order_amount(stored),
        })]),
        PromotionKind::ShippingDiscount => shipping_rules(stored, shipping_price_of),
    }
}

fn shipping_rules(
    stored: &model::Promotion,
    shipping_price_of: &dyn Fn(ShippingMethod) -> Option<Money>,
) -> Result<Vec<PromotionRule>, String> {
    let methods = stored
        .shipping_methods
        .iter()
        .flatten()
        .map(|method| shipping_method(*method))
        .collect::<Result<Vec<_>, _>>()?;
    let minimum_order_amount = minimum_order_amount(stored);
    let rule = |discount, shipping_methods| {
        PromotionRule::ShippingDiscount(ShippingDiscount {
            discount,
            minimum_order_amount,
            shipping_methods,
        })
    };
    match stored.shipping_price.filter(|price| !price.is_zero()) {
        Some(price) => {
            // No methods named: both.
            let methods = match stored.shipping_methods {
                Some(_) => methods,
                None => vec![ShippingMethod::Ordinary, ShippingMethod::ParcelService],
            };
            Ok(methods
                .into_iter()
                .filter_map(|method| {
                    let off = shipping_price_of(method)?
                        .checked_sub(price)
                        .ok()
                        .filter(|off| !off.is_negative() && !off.is_zero())?;
                    Some(rule(ShippingReduction::Amount(off), vec![method]))
                })
                .collect())
        }
        None => Ok(vec![rule(ShippingReduction::Free, methods)]),
    }
}

/// Converts a stored promotion into the engine's promotions; `code` is the cart's discount
/// code when this promotion is the one it unlocks.
pub fn to_engine(
    stored: &model::Promotion,
    language: TextLanguage,
    code: Option<&str>,
    shipping_price_of: &dyn Fn(ShippingMethod) -> Option<Money>,
) -> Result<Vec<Promotion>, ApiError> {
    let promotion_text = stored
        .promotion_text
        .as_ref()
        .map(|text| localized(text, language))
        .unwrap_or_default();
    let rules = rules(stored, promotion_text, shipping_price_of).map_err(|problem| {
        let key = &stored.promotion_key;
        ApiError::Internal(format!("stored promotion '{key}' is invalid: {problem}"))
    })?;
    let description = localized(&stored.description, language);
    Ok(rules
        .into_iter()
        .map(|rule| Promotion {
            promotion_key: stored.promotion_key.clone(),
            description: description.clone(),
            code: code.map(str::to_owned),
            rule,
        })
        .collect())
}
