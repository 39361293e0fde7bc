//! The engine's rules by name, over JSON text.
//!
//! This is the one door through which the WASM build, the shared test vectors under
//! `fixtures/vectors/` and the native/WASM parity tests call the engine, so that all of
//! them run exactly the same code and produce byte-identical JSON. Rust callers use the
//! typed functions of each module directly.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use crate::cart::{self, CartInput, LineChangeRequest};
use crate::checkout::{CartFacts, CheckoutState, checkout_gates};
use crate::error::EngineError;
use crate::feed::{FeedAdviceRequest, SiloRequest, feed_advice, silo_interest};
use crate::geo::{DistanceFormatRequest, DistanceRequest};
use crate::locale::{
    AmountFormatRequest, CultureRequest, CurrencyRequest, DateFormatRequest, PriceDisplayRequest,
    QuantityFormatRequest, display_price, resolve_culture,
};
use crate::order::PayableRequest;
use crate::stock::{StockStateRequest, stock_state};
use crate::url::{
    AskedCultureRequest, ComparePathRequest, Paging, PagingRequest, UrlRequest, UrlResult,
    asked_culture, normalize, read_paging, with_paging,
};
use crate::validation::{
    AddressFormRequest, CompareAddRequest, FormInput, FormRequest, Message, MessageKey,
    MessageText, NamedFormInput, add_to_comparison, address_form, form_definition, validate_form,
    validate_named_form,
};
use crate::vat::VatSplitRequest;

/// The names of every operation [`run`] knows.
pub const OPERATIONS: &[&str] = &[
    "vat.split",
    "cart.calculate",
    "cart.shippingMethods",
    "checkout.gates",
    "validation.validateForm",
    "validation.formDefinition",
    "validation.addressForm",
    "validation.validateNamedForm",
    "validation.message",
    "messages.keys",
    "compare.add",
    "feed.advice",
    "feed.siloInterest",
    #[cfg(feature = "server-operations")]
    "roughage.classify",
    #[cfg(feature = "server-operations")]
    "roughage.advice",
    "locale.currency",
    "locale.displayPrice",
    #[cfg(feature = "server-operations")]
    "locale.convert",
    "locale.formatAmount",
    "locale.formatQuantity",
    "locale.formatDate",
    "locale.fallbackLanguage",
    #[cfg(feature = "server-operations")]
    "locale.textFallback",
    "url.normalize",
    "url.readPaging",
    "url.paging",
    "url.comparePath",
    "url.askedCulture",
    #[cfg(feature = "server-operations")]
    "catalog.unitPrices",
    "catalog.stockState",
    "geo.distance",
    "geo.formatDistance",
    "cart.applyLineChange",
    "cart.removeDiscountCode",
    "cart.limits",
    "cart.totalsShown",
    "subscription.intervalLimits",
    #[cfg(feature = "server-operations")]
    "promotions.forCart",
    #[cfg(feature = "server-operations")]
    "cart.mergeGuest",
    "checkout.stateOfCart",
    "order.payable",
    #[cfg(feature = "server-operations")]
    "ration.check",
    #[cfg(feature = "server-operations")]
    "vat.reverseCharge",
    #[cfg(feature = "server-operations")]
    "vat.rows",
    #[cfg(feature = "server-operations")]
    "cart.cleanUp",
    #[cfg(feature = "server-operations")]
    "promotions.codeUsable",
    #[cfg(feature = "server-operations")]
    "promotions.shelfPrice",
    #[cfg(feature = "server-operations")]
    "giftCard.pay",
    #[cfg(feature = "server-operations")]
    "giftCard.refund",
];

/// The operations of [`run`] that only the server calls; the engine has them with the
/// `server-operations` feature (see `Cargo.toml`).
pub const SERVER_OPERATIONS: &[&str] = &[
    "roughage.classify",
    "roughage.advice",
    "locale.convert",
    "locale.textFallback",
    "catalog.unitPrices",
    "promotions.forCart",
    "cart.mergeGuest",
    "ration.check",
    "vat.reverseCharge",
    "vat.rows",
    "cart.cleanUp",
    "promotions.codeUsable",
    "promotions.shelfPrice",
    "giftCard.pay",
    "giftCard.refund",
];

/// Runs the named operation on a JSON input and returns its JSON output.
///
/// ```
/// let output = engine::operations::run(
///     "vat.split",
///     r#"{"amountInclVat":"121.00","vatRatePercentage":"21"}"#,
/// ).unwrap();
/// assert_eq!(
///     output,
///     r#"{"amountInclVat":"121.00","amountExclVat":"100.00","vatAmount":"21.00","vatRatePercentage":"21"}"#,
/// );
/// ```
pub fn run(operation: &str, input: &str) -> Result<String, EngineError> {
    match operation {
        "vat.split" => apply(input, |request: VatSplitRequest| Ok(request.split()?)),
        "cart.calculate" => calculate_cart(input),
        "cart.shippingMethods" => cart_shipping_methods(input),
        "checkout.gates" => apply(input, |state: CheckoutState| checkout_gates(&state)),
        "order.payable" => apply(input, |request: PayableRequest| Ok(request.payability())),
        "checkout.stateOfCart" => {
            apply(input, |facts: CartFacts| Ok(CheckoutState::of_cart(&facts)))
        }
        "validation.validateForm" => apply(input, |form: FormInput| Ok(validate_form(&form)?)),
        "validation.formDefinition" => apply(input, |request: FormRequest| {
            Ok(form_definition(request.form))
        }),
        "validation.addressForm" => apply(input, |request: AddressFormRequest| {
            Ok(address_form(request.country))
        }),
        "validation.validateNamedForm" => apply(input, |form: NamedFormInput| {
            Ok(validate_named_form(&form)?)
        }),
        "validation.message" => apply(input, |message: Message| Ok(MessageText::from(message))),
        "messages.keys" => apply(input, |_: serde::de::IgnoredAny| Ok(MessageKeys::all())),
        "compare.add" => apply(input, |request: CompareAddRequest| {
            Ok(add_to_comparison(&request.product_ids, request.product_id))
        }),
        "feed.advice" => apply(input, |request: FeedAdviceRequest| feed_advice(&request)),
        "feed.siloInterest" => apply(input, |request: SiloRequest| Ok(silo_interest(&request))),
        "locale.currency" => apply(input, |request: CurrencyRequest| Ok(request.resolve())),
        "locale.displayPrice" => apply(input, |request: PriceDisplayRequest| {
            Ok(display_price(&request)?)
        }),
        "locale.formatAmount" => apply(input, |request: AmountFormatRequest| Ok(request.format())),
        "locale.formatQuantity" => {
            apply(input, |request: QuantityFormatRequest| Ok(request.format()))
        }
        "locale.formatDate" => apply(input, |request: DateFormatRequest| {
            request
                .format()
                .map_err(|error| EngineError::InvalidInput(error.to_string()))
        }),
        "locale.fallbackLanguage" => apply(input, |request: CultureRequest| {
            Ok(resolve_culture(&request))
        }),
        "url.normalize" => apply(input, |request: UrlRequest| {
            Ok(UrlResult {
                url: normalize(&request.url),
            })
        }),
        "url.readPaging" => apply(input, |request: UrlRequest| Ok(read_paging(&request.url))),
        "url.paging" => apply(input, |request: PagingRequest| {
            let paging = Paging {
                page: request.page,
                page_size: request.page_size,
            };
            Ok(UrlResult {
                url: with_paging(&request.url, paging)?,
            })
        }),
        "url.comparePath" => apply(input, |request: ComparePathRequest| Ok(request.resolve())),
        "url.askedCulture" => apply(input, |request: AskedCultureRequest| {
            Ok(asked_culture(&request))
        }),
        "catalog.stockState" => apply(input, |request: StockStateRequest| stock_state(&request)),
        "geo.distance" => apply(input, |request: DistanceRequest| request.resolve()),
        "geo.formatDistance" => apply(input, |request: DistanceFormatRequest| Ok(request.format())),
        "cart.applyLineChange" => apply(input, |request: LineChangeRequest| Ok(request.apply())),
        "cart.removeDiscountCode" => apply(input, |cart: CartInput| {
            Ok(cart::without_discount_code(&cart))
        }),
        "cart.limits" => apply(input, |_: serde::de::IgnoredAny| Ok(cart::cart_limits())),
        "cart.totalsShown" => apply(input, |amounts: cart::TotalsAmounts| {
            Ok(cart::totals_shown(&amounts))
        }),
        "subscription.intervalLimits" => apply(input, |_: serde::de::IgnoredAny| {
            Ok(crate::subscription::interval_limits())
        }),
        other => server_side::run(other, input),
    }
}

/// The operations only the server (and the Node build the tests run) calls. The browser build
/// of the engine leaves them out (engine-wasm without `all-operations`): what the storefront
/// never runs is not downloaded, which keeps that file within its size budget.
#[cfg(feature = "server-operations")]
mod server_side {
    use super::apply;
    use crate::cart::{self, CartError, CartInput, CartMergeRequest};
    use crate::error::EngineError;
    use crate::gift_card::GiftCardMovement;
    use crate::locale::{ConversionRequest, TextFallbackRequest};
    use crate::promotions::{CartPromotionsRequest, CodeUseRequest, cart_promotions};
    use crate::roughage::{ClassifyRequest, RoughageAdviceRequest, classify, roughage_advice};
    use crate::shelf_price::{ShelfPriceRequest, shelf_price};
    use crate::unit_price::{UnitPriceRequest, unit_prices};
    use crate::vat::{ReverseChargeRequest, VatRowsRequest, reverse_charge, vat_rows};

    pub fn run(operation: &str, input: &str) -> Result<String, EngineError> {
        match operation {
            "roughage.classify" => apply(input, |request: ClassifyRequest| classify(&request)),
            "roughage.advice" => apply(input, |request: RoughageAdviceRequest| {
                roughage_advice(&request)
            }),
            "locale.convert" => apply(input, |request: ConversionRequest| Ok(request.convert()?)),
            "locale.textFallback" => {
                apply(input, |request: TextFallbackRequest| Ok(request.resolve()))
            }
            "catalog.unitPrices" => apply(input, |request: UnitPriceRequest| unit_prices(&request)),
            "cart.mergeGuest" => apply(input, |request: CartMergeRequest| Ok(request.merge())),
            "promotions.forCart" => apply(input, |request: CartPromotionsRequest| {
                Ok(cart_promotions(&request).map_err(CartError::from)?)
            }),
            "ration.check" => apply(input, |request: crate::roughage::RationCheckRequest| {
                crate::roughage::ration_check(&request)
            }),
            "vat.reverseCharge" => apply(input, |request: ReverseChargeRequest| {
                Ok(reverse_charge(&request))
            }),
            "vat.rows" => apply(input, |request: VatRowsRequest| Ok(vat_rows(&request))),
            "cart.cleanUp" => apply(input, |cart: CartInput| Ok(cart::cleaned_up(cart))),
            "promotions.codeUsable" => {
                apply(input, |request: CodeUseRequest| Ok(request.usability()))
            }
            "promotions.shelfPrice" => apply(input, |request: ShelfPriceRequest| {
                Ok(shelf_price(&request).map_err(CartError::from)?)
            }),
            "giftCard.pay" => apply(input, |movement: GiftCardMovement| Ok(movement.pay()?)),
            "giftCard.refund" => apply(input, |movement: GiftCardMovement| Ok(movement.refund()?)),
            unknown => Err(EngineError::UnknownOperation(unknown.to_owned())),
        }
    }
}

#[cfg(not(feature = "server-operations"))]
mod server_side {
    use crate::error::EngineError;

    pub fn run(operation: &str, _input: &str) -> Result<String, EngineError> {
        Err(EngineError::UnknownOperation(operation.to_owned()))
    }
}

/// `cart.calculate`, the operation a storefront runs on every change of the cart. The output is
/// written by [`cart::json`], byte for byte what serde_json writes for the typed result.
fn calculate_cart(input: &str) -> Result<String, EngineError> {
    let cart: CartInput = parse(input)?;
    Ok(cart::json::calculated_cart(&cart::calculate(&cart)?))
}

/// `cart.calculate` for the WASM binding's `calculateCart`: the calculated cart written over
/// `tape` ([`cart::CartTape`]) instead of as JSON text; decoded in JavaScript it is the value of
/// the JSON text `run("cart.calculate", input)` answers, and errors are the same.
pub fn calculate_cart_into_tape(input: &str, tape: &mut cart::CartTape) -> Result<(), EngineError> {
    let cart: CartInput = parse(input)?;
    tape.write(&cart::calculate(&cart)?);
    Ok(())
}

/// `cart.calculate` for a caller that hands over the whole input on every change of one cart
/// (the WASM binding's `calculateCart`): the site, catalog and promotions of the last input
/// are remembered with their [`cart::CartCalculator`], and an input with the very same JSON text
/// for them is read for its choices only. Answers and errors are those of
/// [`calculate_cart_into_tape`]: an input that is not read this way (a new context, anything
/// the split reading refuses) is read whole, as `cart.calculate` reads it.
#[derive(Debug, Default)]
pub struct RememberedCartContext {
    last: Option<(ContextText, cart::CartCalculator)>,
}

/// The JSON texts of an input's context fields, as they were written.
#[derive(Debug, PartialEq, Eq)]
struct ContextText {
    site: String,
    catalog: String,
    promotions: Option<String>,
}

impl ContextText {
    fn of(input: &SplitCartInput<'_>) -> ContextText {
        ContextText {
            site: input.site.get().to_owned(),
            catalog: input.catalog.get().to_owned(),
            promotions: input.promotions.map(|raw| raw.get().to_owned()),
        }
    }

    fn matches(&self, input: &SplitCartInput<'_>) -> bool {
        self.site == input.site.get()
            && self.catalog == input.catalog.get()
            && self.promotions.as_deref() == input.promotions.map(RawValue::get)
    }
}

/// A [`CartInput`] with its context left as JSON text and its choices read: the fields and
/// rules of [`CartInput`], so whatever it accepts `CartInput` accepts too.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SplitCartInput<'a> {
    #[serde(borrow)]
    site: &'a RawValue,
    #[serde(borrow)]
    catalog: &'a RawValue,
    #[serde(borrow, default, deserialize_with = "present")]
    promotions: Option<&'a RawValue>,
    #[serde(default)]
    products: Vec<cart::CartLine>,
    #[serde(default)]
    discount_code: Option<String>,
    #[serde(default)]
    shipping_method: cart::ShippingMethod,
    #[serde(default)]
    payment_method_id: Option<crate::ids::PaymentMethodId>,
    #[serde(default)]
    gift_card: Option<cart::GiftCard>,
}

impl SplitCartInput<'_> {
    fn into_choices(self) -> cart::CartChoices {
        cart::CartChoices {
            products: self.products,
            discount_code: self.discount_code,
            shipping_method: self.shipping_method,
            payment_method_id: self.payment_method_id,
            gift_card: self.gift_card,
        }
    }
}

/// A field's JSON text when the field is there, `null` included (which `CartInput` refuses for
/// `promotions`: it must not be taken for a missing field).
fn present<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<&'de RawValue>, D::Error> {
    <&RawValue>::deserialize(deserializer).map(Some)
}

impl RememberedCartContext {
    /// [`calculate_cart_into_tape`], reading a remembered context's fields no further.
    pub fn calculate_into_tape(
        &mut self,
        input: &str,
        tape: &mut cart::CartTape,
    ) -> Result<(), EngineError> {
        let Ok(split) = serde_json::from_str::<SplitCartInput<'_>>(input) else {
            return calculate_cart_into_tape(input, tape);
        };
        if let Some((text, calculator)) = &mut self.last {
            if text.matches(&split) {
                tape.write(&calculator.calculate(split.into_choices())?);
                return Ok(());
            }
        }
        let text = ContextText::of(&split);
        let (context, choices) = parse::<CartInput>(input)?.into_parts();
        let mut calculator = cart::CartCalculator::new(context);
        let calculated = calculator.calculate(choices);
        self.last = Some((text, calculator));
        tape.write(&calculated?);
        Ok(())
    }
}

/// A cart calculator for the context given as JSON text: the JSON door of
/// [`CartCalculator::new`](cart::CartCalculator::new).
pub fn cart_calculator(context: &str) -> Result<cart::CartCalculator, EngineError> {
    Ok(cart::CartCalculator::new(parse(context)?))
}

/// The JSON door of [`CartCalculator::calculate`](cart::CartCalculator::calculate): choices as
/// JSON text in, the calculated cart as JSON text out, byte for byte what `cart.calculate`
/// answers for the whole input.
pub fn calculate_with(
    calculator: &mut cart::CartCalculator,
    choices: &str,
) -> Result<String, EngineError> {
    let choices: cart::CartChoices = parse(choices)?;
    Ok(cart::json::calculated_cart(&calculator.calculate(choices)?))
}

/// [`calculate_with`] for the WASM binding: the calculated cart written over `tape` (numbers and
/// one text, [`cart::CartTape`]) instead of as JSON text; decoded in JavaScript it is the value
/// of the JSON text `calculate_with` answers.
pub fn calculate_into_tape(
    calculator: &mut cart::CartCalculator,
    choices: &str,
    tape: &mut cart::CartTape,
) -> Result<(), EngineError> {
    let choices: cart::CartChoices = parse(choices)?;
    tape.write(&calculator.calculate(choices)?);
    Ok(())
}

/// `cart.shippingMethods`; see [`calculate_cart`].
fn cart_shipping_methods(input: &str) -> Result<String, EngineError> {
    let cart: CartInput = parse(input)?;
    Ok(cart::json::shipping_method_options(
        &cart::shipping_methods(&cart)?,
    ))
}

/// Output of `messages.keys`: every message key the engine can report, so that translation
/// catalogs can be checked against it (the input is ignored; send `null` or `{}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct MessageKeys {
    /// The keys in declaration order, e.g. `validation.required`.
    pub keys: Vec<MessageKey>,
}

impl MessageKeys {
    fn all() -> MessageKeys {
        MessageKeys {
            keys: MessageKey::ALL.to_vec(),
        }
    }
}

fn apply<I, O>(
    input: &str,
    rule: impl FnOnce(I) -> Result<O, EngineError>,
) -> Result<String, EngineError>
where
    I: DeserializeOwned,
    O: Serialize,
{
    let output = rule(parse(input)?)?;
    serde_json::to_string(&output).map_err(|error| EngineError::InvalidInput(error.to_string()))
}

fn parse<I: DeserializeOwned>(input: &str) -> Result<I, EngineError> {
    serde_json::from_str(input).map_err(|error| EngineError::InvalidInput(error.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_operations_are_an_error_not_a_panic() {
        assert_eq!(
            run("nope", "{}"),
            Err(EngineError::UnknownOperation("nope".into()))
        );
    }

    #[test]
    fn every_listed_operation_is_known() {
        for operation in OPERATIONS {
            if let Err(error) = run(operation, "null") {
                assert_ne!(error.code(), "unknown_operation", "{operation}");
            }
        }
    }

    #[test]
    fn lists_every_message_key() {
        let output: serde_json::Value =
            serde_json::from_str(&run("messages.keys", "null").unwrap()).unwrap();
        let keys: Vec<&str> = output["keys"]
            .as_array()
            .unwrap()
            .iter()
            .map(|key| key.as_str().unwrap())
            .collect();
        assert_eq!(keys.len(), MessageKey::ALL.len());
        assert_eq!(keys[0], "validation.required");
        assert!(keys.contains(&"roughage.notFitToFeed"));
        let unique: std::collections::BTreeSet<&str> = keys.iter().copied().collect();
        assert_eq!(unique.len(), keys.len());
        assert_eq!(
            run("messages.keys", "{}").unwrap(),
            run("messages.keys", "null").unwrap()
        );
    }

    #[test]
    fn malformed_input_is_invalid_input() {
        let error = run("vat.split", "{").unwrap_err();
        assert_eq!(error.code(), "invalid_input");
        let error = run(
            "vat.split",
            r#"{"amountInclVat":"1.001","vatRatePercentage":"21"}"#,
        )
        .unwrap_err();
        assert_eq!(error.code(), "invalid_input");
    }
}
