//! From the promotions the shop owner keeps (fixtures shape, stored as JSON) to the engine's
//! promotion input. Only data is reshaped here; every rule of how promotions apply is the
//! engine's.

use engine::locale::{Culture, pick_text_culture};
use engine::promotions::Promotion;
use serde_json::{Value, json};

use crate::error::ApiError;

/// The language a cart is shown in, for picking localized texts.
#[derive(Clone, Copy, Debug)]
pub struct TextLanguage {
    /// The cart's culture.
    pub culture: Culture,
    /// The site's fallback culture.
    pub site_fallback: Option<Culture>,
}

/// Picks the text of a localized object (`{"nl": "...", "de": "..."}`) by the engine's chain.
pub fn localized(texts: &Value, language: TextLanguage) -> String {
    let Some(texts) = texts.as_object() else {
        return texts.as_str().unwrap_or_default().to_owned();
    };
    let available: Vec<Culture> = texts.keys().filter_map(|key| key.parse().ok()).collect();
    pick_text_culture(language.culture, language.site_fallback, &available)
        .and_then(|culture| texts.get(culture.as_str()))
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned()
}

fn reduction(stored: &Value) -> Value {
    match (stored.get("percentage"), stored.get("amount")) {
        (Some(percentage), _) if !percentage.is_null() => json!({ "percentage": percentage }),
        (_, Some(amount)) => json!({ "amount": amount }),
        _ => Value::Null,
    }
}

/// Every target of a stored promotion as the engine's `appliesTo` objects.
fn targets(stored: &Value) -> Vec<Value> {
    let target = &stored["target"];
    let ids = |name: &str| target[name].as_array().cloned().unwrap_or_default();
    let mut all = Vec::new();
    all.extend(
        ids("productIds")
            .into_iter()
            .map(|id| json!({ "productId": id })),
    );
    all.extend(
        ids("productVariantIds")
            .into_iter()
            .map(|id| json!({ "productVariantId": id })),
    );
    all.extend(
        ids("productGroups")
            .into_iter()
            .map(|group| json!({ "productGroup": group })),
    );
    all
}

fn minimum_order_amount(stored: &Value) -> Value {
    match stored.get("minOrderAmount").and_then(Value::as_str) {
        Some(amount) if amount != "0.00" => json!(amount),
        _ => Value::Null,
    }
}

/// The engine rules of one stored promotion. A promotion with several targets becomes one
/// engine promotion per target (the same key), which the engine treats alike; a reduced
/// shipping price becomes the amount off each method's price.
fn rules(
    stored: &Value,
    shipping_price_of: &dyn Fn(i64) -> Option<engine::money::Money>,
) -> Result<Vec<Value>, String> {
    let kind = stored["kind"].as_str().unwrap_or_default();
    let rules = match kind {
        "productDiscount" => targets(stored)
            .into_iter()
            .map(|applies_to| {
                json!({ "type": "productDiscount", "appliesTo": applies_to, "discount": reduction(stored),
                        "minimumQuantity": stored.get("minQuantity").cloned().unwrap_or(Value::Null) })
            })
            .collect(),
        "freeProduct" => targets(stored)
            .into_iter()
            .map(|applies_to| {
                json!({ "type": "freeProduct", "appliesTo": applies_to, "buyQuantity": stored["buyQuantity"],
                        "freeProductVariantId": stored["freeProductVariantId"], "freeQuantity": stored["freeQuantity"],
                        "promotionText": Value::Null })
            })
            .collect(),
        "orderDiscount" => vec![json!({ "type": "orderDiscount", "discount": reduction(stored),
                                        "minimumOrderAmount": minimum_order_amount(stored) })],
        "shippingDiscount" => shipping_rules(stored, shipping_price_of),
        other => return Err(format!("unknown promotion kind '{other}'")),
    };
    Ok(rules)
}

fn shipping_rules(
    stored: &Value,
    shipping_price_of: &dyn Fn(i64) -> Option<engine::money::Money>,
) -> Vec<Value> {
    let new_price: Option<engine::money::Money> = stored["shippingPrice"]
        .as_str()
        .and_then(|price| price.parse().ok());
    let methods: Vec<i64> = stored["shippingMethods"]
        .as_array()
        .map(|methods| methods.iter().filter_map(Value::as_i64).collect())
        .unwrap_or_else(|| vec![0, 1]);
    let minimum = minimum_order_amount(stored);
    match new_price {
        Some(price) if !price.is_zero() => methods
            .into_iter()
            .filter_map(|method| {
                let current = shipping_price_of(method)?;
                let off = current
                    .checked_sub(price)
                    .ok()
                    .filter(|off| !off.is_negative() && !off.is_zero())?;
                Some(
                    json!({ "type": "shippingDiscount", "discount": { "amount": off.to_string() },
                             "minimumOrderAmount": minimum, "shippingMethods": [method] }),
                )
            })
            .collect(),
        _ => vec![
            json!({ "type": "shippingDiscount", "discount": "free", "minimumOrderAmount": minimum,
                          "shippingMethods": stored["shippingMethods"] }),
        ],
    }
}

/// Converts a stored promotion into the engine's promotions; `code` is the cart's discount
/// code when this promotion is the one it unlocks.
pub fn to_engine(
    stored: &Value,
    language: TextLanguage,
    code: Option<&str>,
    shipping_price_of: &dyn Fn(i64) -> Option<engine::money::Money>,
) -> Result<Vec<Promotion>, ApiError> {
    let key = stored["promotionKey"].as_str().unwrap_or_default();
    let description = localized(&stored["description"], language);
    let promotion_text = localized(&stored["promotionText"], language);
    let invalid = |problem: String| {
        ApiError::Internal(format!("stored promotion '{key}' is invalid: {problem}"))
    };
    rules(stored, shipping_price_of)
        .map_err(invalid)?
        .into_iter()
        .map(|mut rule| {
            if rule["type"] == "freeProduct" {
                rule["promotionText"] = json!(promotion_text);
            }
            strip_nulls(&mut rule);
            let promotion = json!({ "promotionKey": key, "description": description, "code": code, "rule": rule });
            serde_json::from_value(promotion).map_err(|error| invalid(error.to_string()))
        })
        .collect()
}

fn strip_nulls(value: &mut Value) {
    if let Some(object) = value.as_object_mut() {
        object.retain(|_, field| !field.is_null());
    }
}
