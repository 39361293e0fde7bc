//! One cart calculated again and again while the visitor changes it.
//!
//! A storefront recalculates a cart on every change (a quantity, a discount code, a shipping
//! method), but the site's prices, the catalog entries and the promotions stay the same between
//! those changes. A [`CartCalculator`] is given that [`CartContext`] once and afterwards only
//! the visitor's [`CartChoices`], so a caller that pays for every byte it hands over (the WASM
//! build, where the input crosses the JavaScript boundary as JSON text) hands over the cart
//! lines only.
//!
//! It computes exactly what [`calculate`](super::calculate) computes for the [`CartInput`] that
//! the context and the choices make together: it *is* that call.
//!
//! ```
//! use engine::cart::{CartCalculator, CartChoices, CartContext, CartInput};
//!
//! # let input: CartInput = serde_json::from_str(r#"{
//! #   "site": {"vatPercentageHigh": "21", "vatPercentageLow": "9",
//! #            "shippingOptions": [{"shippingMethod": 0, "price": "6.95"}]},
//! #   "catalog": [{"productId": 1, "productVariantId": 11, "productType": 2, "vatType": "low",
//! #                "unitPrice": "24.95", "description": "Sportmuesli"}],
//! #   "products": [{"productVariantId": 11, "count": 1}]
//! # }"#)?;
//! let (context, choices) = input.clone().into_parts();
//! let mut calculator = CartCalculator::new(context);
//! assert_eq!(calculator.calculate(choices.clone())?, engine::cart::calculate(&input)?);
//!
//! // Two more bags: only the lines change.
//! let mut more = choices;
//! more.products[0].count = 3;
//! assert_eq!(calculator.calculate(more)?.sub_total_amount.to_string(), "74.85");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use serde::{Deserialize, Serialize};

use super::CartError;
use super::input::{CartInput, CartLine, CatalogEntry, GiftCard, PricingContext, ShippingMethod};
use super::output::CalculatedCart;
use crate::ids::PaymentMethodId;
use crate::promotions::Promotion;

/// What stays the same while a visitor changes a cart: the fields of [`CartInput`] that the
/// server decides.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CartContext {
    /// As [`CartInput::site`].
    pub site: PricingContext,
    /// As [`CartInput::catalog`].
    pub catalog: Vec<CatalogEntry>,
    /// As [`CartInput::promotions`].
    #[serde(default)]
    pub promotions: Vec<Promotion>,
}

/// What the visitor chooses: the other fields of [`CartInput`].
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CartChoices {
    /// As [`CartInput::products`].
    #[serde(default)]
    pub products: Vec<CartLine>,
    /// As [`CartInput::discount_code`].
    #[serde(default)]
    pub discount_code: Option<String>,
    /// As [`CartInput::shipping_method`].
    #[serde(default)]
    pub shipping_method: ShippingMethod,
    /// As [`CartInput::payment_method_id`].
    #[serde(default)]
    pub payment_method_id: Option<PaymentMethodId>,
    /// As [`CartInput::gift_card`].
    #[serde(default)]
    pub gift_card: Option<GiftCard>,
}

impl CartInput {
    /// The input made of a context and choices.
    pub fn from_parts(context: CartContext, choices: CartChoices) -> CartInput {
        let CartContext {
            site,
            catalog,
            promotions,
        } = context;
        let CartChoices {
            products,
            discount_code,
            shipping_method,
            payment_method_id,
            gift_card,
        } = choices;
        CartInput {
            site,
            catalog,
            promotions,
            products,
            discount_code,
            shipping_method,
            payment_method_id,
            gift_card,
        }
    }

    /// The input taken apart into what the server decides and what the visitor chooses.
    pub fn into_parts(self) -> (CartContext, CartChoices) {
        let CartInput {
            site,
            catalog,
            promotions,
            products,
            discount_code,
            shipping_method,
            payment_method_id,
            gift_card,
        } = self;
        (
            CartContext {
                site,
                catalog,
                promotions,
            },
            CartChoices {
                products,
                discount_code,
                shipping_method,
                payment_method_id,
                gift_card,
            },
        )
    }
}

/// Calculates carts that share one [`CartContext`]; see the [module documentation](self).
#[derive(Clone, Debug)]
pub struct CartCalculator {
    // The context and the last choices, as one input, so that a calculation moves the new
    // choices in rather than copying the catalog.
    input: CartInput,
}

impl CartCalculator {
    /// A calculator for carts of this context.
    pub fn new(context: CartContext) -> CartCalculator {
        CartCalculator {
            input: CartInput::from_parts(context, CartChoices::default()),
        }
    }

    /// [`calculate`](super::calculate) of the context with these choices.
    pub fn calculate(&mut self, choices: CartChoices) -> Result<CalculatedCart, CartError> {
        let CartChoices {
            products,
            discount_code,
            shipping_method,
            payment_method_id,
            gift_card,
        } = choices;
        let input = &mut self.input;
        (input.products, input.discount_code, input.shipping_method) =
            (products, discount_code, shipping_method);
        (input.payment_method_id, input.gift_card) = (payment_method_id, gift_card);
        super::calculate(input)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::EngineError;
    use crate::cart::CartTape;
    use crate::operations::run;

    fn vectors() -> Vec<serde_json::Value> {
        let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures/vectors/cart");
        let mut inputs = Vec::new();
        for entry in std::fs::read_dir(folder).unwrap() {
            let entry = entry.unwrap();
            if entry
                .path()
                .extension()
                .is_none_or(|extension| extension != "json")
            {
                continue;
            }
            let file: serde_json::Value =
                serde_json::from_slice(&std::fs::read(entry.path()).unwrap()).unwrap();
            for case in file["cases"].as_array().unwrap() {
                inputs.push(case["input"].clone());
            }
        }
        assert!(inputs.len() > 100, "the cart vectors were not found");
        inputs
    }

    /// The JSON text of one part of an input: the named fields, when present.
    fn part(input: &serde_json::Value, fields: &[&str]) -> String {
        let object = input.as_object().expect("an object");
        let kept: serde_json::Map<_, _> = object
            .iter()
            .filter(|(name, _)| fields.contains(&name.as_str()))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        serde_json::Value::Object(kept).to_string()
    }

    const CONTEXT: [&str; 3] = ["site", "catalog", "promotions"];
    const CHOICES: [&str; 5] = [
        "products",
        "discountCode",
        "shippingMethod",
        "paymentMethodId",
        "giftCard",
    ];

    #[test]
    fn every_cart_vector_gives_the_bytes_of_the_whole_input() {
        let mut compared = 0;
        for input in vectors() {
            let whole = run("cart.calculate", &input.to_string());
            let splits = input.as_object().is_some_and(|object| {
                object.keys().all(|name| {
                    CONTEXT.contains(&name.as_str()) || CHOICES.contains(&name.as_str())
                })
            });
            let context =
                splits.then(|| serde_json::from_str::<CartContext>(&part(&input, &CONTEXT)));
            let Some(Ok(context)) = context else {
                // Not an input of two parts, or an invalid context: the whole input fails too.
                assert!(whole.is_err(), "{input}");
                continue;
            };
            let held = crate::operations::calculate_with(
                &mut CartCalculator::new(context),
                &part(&input, &CHOICES),
            );
            match (&held, &whole) {
                // A JSON error's message names a position in the text, which differs.
                (Err(EngineError::InvalidInput(_)), Err(EngineError::InvalidInput(_))) => {}
                _ => assert_eq!(held, whole, "{input}"),
            }
            compared += 1;
        }
        assert!(compared > 100, "only {compared} vectors compared");
    }

    #[test]
    fn one_calculator_gives_each_cart_what_a_fresh_one_gives() {
        let large = vectors()
            .into_iter()
            .max_by_key(|input| input["products"].as_array().map_or(0, Vec::len))
            .unwrap();
        let (context, choices) = serde_json::from_value::<CartInput>(large)
            .unwrap()
            .into_parts();
        let mut calculator = CartCalculator::new(context.clone());
        for lines in [10, 1, 0, 200, 3] {
            let mut fewer = choices.clone();
            fewer.products.truncate(lines);
            fewer.discount_code = (lines % 2 == 0).then(|| "anything".to_owned());
            let fresh =
                super::super::calculate(&CartInput::from_parts(context.clone(), fewer.clone()));
            assert_eq!(calculator.calculate(fewer), fresh, "{lines} lines");
        }
    }

    #[test]
    fn parts_make_the_input_again() {
        for input in vectors() {
            if let Ok(whole) = serde_json::from_value::<CartInput>(input) {
                let (context, choices) = whole.clone().into_parts();
                assert_eq!(CartInput::from_parts(context, choices), whole);
            }
        }
    }

    #[test]
    fn choices_that_are_not_json_are_invalid_input() {
        let context = CartContext {
            site: serde_json::from_str(r#"{"vatPercentageHigh": "21", "vatPercentageLow": "9"}"#)
                .unwrap(),
            catalog: Vec::new(),
            promotions: Vec::new(),
        };
        let mut calculator = CartCalculator::new(context);
        assert!(matches!(
            crate::operations::calculate_with(&mut calculator, "{"),
            Err(EngineError::InvalidInput(_))
        ));
        assert!(matches!(
            crate::operations::calculate_with(&mut calculator, r#"{"site": 1}"#),
            Err(EngineError::InvalidInput(_))
        ));
        assert!(crate::operations::calculate_with(&mut calculator, "{}").is_ok());
        assert!(matches!(
            crate::operations::cart_calculator(r#"{"catalog": []}"#),
            Err(EngineError::InvalidInput(_))
        ));
    }

    /// What `calculateCart` of the WASM binding answers, and what `cart.calculate` answers.
    fn both(
        remembered: &mut crate::operations::RememberedCartContext,
        input: &str,
    ) -> (Result<CartTape, EngineError>, Result<CartTape, EngineError>) {
        let mut held = CartTape::default();
        let mut whole = CartTape::default();
        let held = remembered
            .calculate_into_tape(input, &mut held)
            .map(|()| held);
        let whole = crate::operations::calculate_cart_into_tape(input, &mut whole).map(|()| whole);
        (held, whole)
    }

    fn same(
        held: &Result<CartTape, EngineError>,
        whole: &Result<CartTape, EngineError>,
        input: &str,
    ) {
        match (held, whole) {
            (Ok(held), Ok(whole)) => {
                assert_eq!(held.numbers, whole.numbers, "{input}");
                assert_eq!(held.text, whole.text, "{input}");
            }
            _ => assert_eq!(held.as_ref().err(), whole.as_ref().err(), "{input}"),
        }
    }

    #[test]
    fn a_remembered_context_answers_every_input_as_the_whole_input_does() {
        let mut remembered = crate::operations::RememberedCartContext::default();
        let mut read_again = 0;
        for input in vectors() {
            let mut variants = vec![input.clone(), input.clone()];
            if let Some(object) = input.as_object() {
                // Other choices on the same context, and inputs the whole reading refuses.
                let mut fewer = object.clone();
                if let Some(products) = fewer.get_mut("products").and_then(|p| p.as_array_mut()) {
                    products.truncate(1);
                }
                fewer.insert("discountCode".into(), "ANYTHING".into());
                variants.push(fewer.into());
                let mut null_promotions = object.clone();
                null_promotions.insert("promotions".into(), serde_json::Value::Null);
                variants.push(null_promotions.into());
                let mut unknown = object.clone();
                unknown.insert("unknownField".into(), 1.into());
                variants.push(unknown.into());
                let mut bad_choice = object.clone();
                bad_choice.insert("shippingMethod".into(), "by air".into());
                variants.push(bad_choice.into());
                variants.push(input.clone());
            }
            for variant in variants {
                let text = variant.to_string();
                let (held, whole) = both(&mut remembered, &text);
                same(&held, &whole, &text);
                read_again += usize::from(whole.is_ok());
            }
        }
        assert!(read_again > 200, "only {read_again} answers compared");
    }

    #[test]
    fn a_remembered_context_is_read_again_when_its_text_changes() {
        let input = r#"{"site": {"vatPercentageHigh": "21", "vatPercentageLow": "9",
                     "shippingOptions": [{"shippingMethod": 0, "price": "6.95"}]},
            "catalog": [{"productId": 1, "productVariantId": 11, "productType": 2, "vatType": "low",
                         "unitPrice": "24.95", "description": "Sportmuesli"}],
            "products": [{"productVariantId": 11, "count": 2}]}"#;
        let mut remembered = crate::operations::RememberedCartContext::default();
        let (first, _) = both(&mut remembered, input);
        assert!(first.unwrap().text.contains("49.90"));
        // A new price for the same product: the new catalog counts, not the remembered one.
        let cheaper = input.replace("24.95", "19.95");
        let (held, whole) = both(&mut remembered, &cheaper);
        same(&held, &whole, &cheaper);
        assert!(held.unwrap().text.contains("39.90"));
        // Promotions given as null are refused as `cart.calculate` refuses them, not taken as none.
        let null_promotions = input.replace(r#""products""#, r#""promotions": null, "products""#);
        let (held, whole) = both(&mut remembered, &null_promotions);
        assert!(matches!(held, Err(EngineError::InvalidInput(_))));
        same(&held, &whole, &null_promotions);
    }
}
