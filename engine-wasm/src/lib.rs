//! The Hoofbeat Commerce engine compiled to WebAssembly.
//!
//! A thin binding over [`engine::operations::run`], the engine's one JSON door, so the browser
//! runs exactly the code the server runs and gets byte-identical JSON:
//!
//! - [`run`] takes an operation name and JSON text and returns JSON text (the door itself;
//!   the parity and vector tests compare its bytes with the native engine's);
//! - one typed function per operation (`calculateCart`, `checkoutGates`, `validateForm`, ...)
//!   takes a plain object and returns a plain object. It is `run` with `JSON.stringify` before
//!   and `JSON.parse` after, so it cannot answer differently (`calculateCart` decodes the
//!   engine's cart tape instead of parsing JSON: the same value, tested on every cart vector).
//!   Amounts are strings.
//!
//! The TypeScript declarations of every input and output come from the engine's own types
//! (the engine's `typescript` feature derives them with tsify), so the package's `.d.ts` cannot
//! drift from the Rust code. Every error is thrown as a JavaScript `Error` named `EngineError`
//! with the engine's stable `code` and, when the visitor is shown a message, its `messageKey`
//! ([`to_js_error`]). The panic hook is installed when the module starts; the engine is written
//! and property-tested not to panic.

use engine::EngineError;
use js_sys::{JSON, JsString, Reflect};
use wasm_bindgen::prelude::*;

/// Installs the panic hook so that a panic shows in the console instead of vanishing.
/// The engine is written not to panic; this is the safety net.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// Runs a named engine operation on JSON input and returns its JSON output.
///
/// Errors are thrown as described in [`to_js_error`]; an `input` that is not a string is
/// `invalid_input`.
#[wasm_bindgen]
pub fn run(operation: &str, input: &JsString) -> Result<String, JsValue> {
    // Taken as a JavaScript string and copied with `encodeInto` ([`rust_string`]).
    if !input.is_string() {
        return Err(to_js_error(EngineError::InvalidInput(
            "the input is not JSON text".to_owned(),
        )));
    }
    engine::operations::run(operation, &rust_string(input)).map_err(to_js_error)
}

/// The names of every operation [`run`] knows.
#[wasm_bindgen(js_name = operations)]
pub fn operation_names() -> Vec<String> {
    engine::operations::OPERATIONS
        .iter()
        .map(|name| (*name).to_owned())
        .collect()
}

/// The one place where an engine error becomes a JavaScript value: an `Error` named
/// `EngineError` whose `message` is the English developer message, with the properties
/// `code` (stable, e.g. `invalid_input`) and `messageKey` (the key of the text the visitor is
/// shown, e.g. `feed.adviceUndetermined`, or `null`).
pub fn to_js_error(error: EngineError) -> JsValue {
    let js_error = js_sys::Error::new(&error.to_string());
    js_error.set_name("EngineError");
    let message_key = error
        .message_key()
        .map_or(JsValue::NULL, |key| JsValue::from(key.to_string()));
    // Setting a property on a fresh, ordinary Error object cannot fail.
    let _ = Reflect::set(
        &js_error,
        &JsValue::from_str("code"),
        &JsValue::from_str(error.code()),
    );
    let _ = Reflect::set(&js_error, &JsValue::from_str("messageKey"), &message_key);
    js_error.into()
}

#[wasm_bindgen]
extern "C" {
    /// The host's `TextEncoder` (browsers and Node both have one).
    type TextEncoder;
    #[wasm_bindgen(constructor)]
    fn new() -> TextEncoder;
    /// Writes `source` as UTF-8 into `destination` (a view of this module's memory) in one
    /// native call, as far as it fits.
    #[wasm_bindgen(method, js_name = encodeInto)]
    fn encode_into(
        this: &TextEncoder,
        source: &JsString,
        destination: &mut [u8],
    ) -> EncodeIntoResult;

    /// What `encodeInto` answers.
    type EncodeIntoResult;
    /// UTF-16 code units of the source taken.
    #[wasm_bindgen(method, getter)]
    fn read(this: &EncodeIntoResult) -> u32;
    /// Bytes written.
    #[wasm_bindgen(method, getter)]
    fn written(this: &EncodeIntoResult) -> u32;
}

thread_local! {
    static ENCODER: TextEncoder = TextEncoder::new();
}

/// A JavaScript string as a Rust `String`, copied into WebAssembly memory by the host's
/// `TextEncoder.encodeInto` in one native call. (wasm-bindgen's own copy of a `&str` argument
/// walks the string one UTF-16 unit at a time in JavaScript, which was a tenth of a cart
/// calculation.) Lone surrogates become U+FFFD, as with wasm-bindgen's copy.
fn rust_string(text: &JsString) -> String {
    let units = text.length() as usize;
    // One byte per unit is exact for ASCII, the usual case; what does not fit is taken after.
    let mut bytes = vec![0_u8; units];
    let (mut read, mut written) = ENCODER.with(|encoder| {
        let result = encoder.encode_into(text, &mut bytes);
        (result.read() as usize, result.written() as usize)
    });
    while read < units {
        // Each UTF-16 unit left takes at most 3 bytes.
        bytes.resize(written + (units - read) * 3, 0);
        let rest = text.slice(read as u32, units as u32);
        let more = ENCODER.with(|encoder| encoder.encode_into(&rest, &mut bytes[written..]));
        read += more.read() as usize;
        written += more.written() as usize;
    }
    bytes.truncate(written);
    // encodeInto writes well-formed UTF-8 only; the check is cheap next to the parse that follows.
    String::from_utf8(bytes)
        .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned())
}

/// Runs `operation` on a JavaScript value: `JSON.stringify`, the JSON door, `JSON.parse`.
/// `cart.calculate` answers through the cart tape instead of JSON text (see
/// [`CartCalculator::calculate`]): the same value, without the `JSON.parse` of a large answer;
/// and it reads the site, catalog and promotions of an input only when their JSON text differs
/// from the last input's ([`engine::operations::RememberedCartContext`]): a storefront hands
/// the same context over with every change of the cart.
fn call(operation: &str, input: &JsValue) -> Result<JsValue, JsValue> {
    let input = json_text(input)?;
    if operation == "cart.calculate" {
        return LAST_CART.with_borrow_mut(|(remembered, tape)| {
            remembered
                .calculate_into_tape(&input, tape)
                .map_err(to_js_error)?;
            Ok(decode_cart(&tape.numbers, &tape.text))
        });
    }
    let output = engine::operations::run(operation, &input).map_err(to_js_error)?;
    JSON::parse(&output)
}

thread_local! {
    /// `calculateCart`'s last context and the tape of its answers, their memory kept for the next.
    static LAST_CART: std::cell::RefCell<(engine::operations::RememberedCartContext, engine::cart::CartTape)> =
        std::cell::RefCell::default();
}

/// JavaScript's JSON text of a value: `JSON.stringify`, copied into WebAssembly memory.
fn json_text(input: &JsValue) -> Result<String, JsValue> {
    match JSON::stringify(input) {
        // `undefined` and functions stringify to `undefined`: no JSON, so no input.
        Ok(text) if text.is_string() => Ok(rust_string(&text)),
        Ok(_) => Ok("null".to_owned()),
        Err(cause) => {
            let reason = cause
                .dyn_ref::<js_sys::Error>()
                .and_then(|error| error.message().as_string())
                .unwrap_or_else(|| "not representable as JSON".to_owned());
            Err(to_js_error(EngineError::InvalidInput(format!(
                "the input is not JSON: {reason}"
            ))))
        }
    }
}

/// Calculates many versions of one cart: the site's prices, the catalog and the promotions
/// (a `CartContext`) are read once, and each calculation is given only the visitor's choices
/// (a `CartChoices`: lines, discount code, shipping and payment method, gift card). The
/// answer is what `calculateCart` gives for the whole input (the engine's
/// `engine::operations::calculate_with` writes the same bytes); only less crosses the boundary.
/// Call `free()` when done with it.
#[wasm_bindgen(js_name = CartCalculator)]
pub struct CartCalculator {
    calculator: engine::cart::CartCalculator,
    /// The last answer as numbers and text, its memory kept for the next.
    tape: engine::cart::CartTape,
}

#[wasm_bindgen(module = "/src/cart-tape.js")]
extern "C" {
    /// The calculated cart's object from its tape (`engine::cart::CartTape`): what
    /// `JSON.parse` gives for its JSON text.
    #[wasm_bindgen(js_name = decodeCart)]
    fn decode_cart(numbers: &[f64], text: &str) -> JsValue;
}

#[wasm_bindgen(js_class = CartCalculator)]
impl CartCalculator {
    /// A calculator for carts of this context.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "CartContext")] context: JsValue,
    ) -> Result<CartCalculator, JsValue> {
        engine::operations::cart_calculator(&json_text(&context)?)
            .map(|calculator| CartCalculator {
                calculator,
                tape: engine::cart::CartTape::default(),
            })
            .map_err(to_js_error)
    }

    /// The cart of the context with these choices, calculated.
    ///
    /// The answer crosses as a tape of numbers and one text that `src/cart-tape.js` turns into
    /// the object (`engine::cart::CartTape`), rather than as JSON text for `JSON.parse`: the
    /// same value, in a fraction of the time.
    #[wasm_bindgen(unchecked_return_type = "CalculatedCart")]
    pub fn calculate(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "CartChoices")] choices: JsValue,
    ) -> Result<JsValue, JsValue> {
        engine::operations::calculate_into_tape(
            &mut self.calculator,
            &json_text(&choices)?,
            &mut self.tape,
        )
        .map_err(to_js_error)?;
        Ok(decode_cart(&self.tape.numbers, &self.tape.text))
    }
}

/// Declares one typed export per operation and the `Operations` map of the `.d.ts`
/// (operation name -> input and output type), from one table so they cannot disagree. The
/// `server` part exists only with the `all-operations` feature (the Node build the tests run):
/// the browser build carries what the storefront calls (`engine::operations`, feature
/// `server-operations`).
macro_rules! typed_operations {
    (
        browser { $($(#[doc = $doc:literal])* $js_name:ident / $rust_name:ident = $operation:literal ($input:literal) -> $output:literal;)* }
        server { $($(#[doc = $server_doc:literal])* $server_js_name:ident / $server_rust_name:ident = $server_operation:literal ($server_input:literal) -> $server_output:literal;)* }
    ) => {
        $(
            typed_export!($(#[doc = $doc])* $js_name / $rust_name = $operation ($input) -> $output);
        )*
        $(
            #[cfg(feature = "all-operations")]
            typed_export!($(#[doc = $server_doc])* $server_js_name / $server_rust_name = $server_operation ($server_input) -> $server_output);
        )*

        /// The operations that have a typed export, in the order of the table.
        pub const TYPED_OPERATIONS: &[&str] = &[
            $($operation,)*
            $(#[cfg(feature = "all-operations")] $server_operation,)*
        ];

        #[wasm_bindgen(typescript_custom_section)]
        const OPERATIONS_MAP: &'static str = concat!(
            "/** Every operation of `run`: its input and output types. */\n",
            "export interface Operations {\n",
            $("    \"", $operation, "\": { input: ", $input, "; output: ", $output, " };\n",)*
            "}\n\n",
            "/** The name of an operation of `run`. */\n",
            "export type OperationName = keyof Operations;\n\n",
            "/** What every error the engine throws carries: an `Error` named `EngineError`. */\n",
            "export interface EngineErrorFields {\n",
            "    name: \"EngineError\";\n",
            "    /** The engine's stable error code, e.g. `invalid_input`. */\n",
            "    code: string;\n",
            "    /** The key of the message the visitor is shown, or null. */\n",
            "    messageKey: MessageKey | null;\n",
            "    /** A message in English for developers. */\n",
            "    message: string;\n",
            "}\n",
        );

        #[cfg(feature = "all-operations")]
        #[wasm_bindgen(typescript_custom_section)]
        const SERVER_OPERATIONS_MAP: &'static str = concat!(
            "/** The operations of the build with every operation (feature `all-operations`). */\n",
            "export interface Operations {\n",
            $("    \"", $server_operation, "\": { input: ", $server_input, "; output: ", $server_output, " };\n",)*
            "}\n",
        );
    };
}

/// One typed export: `run` over plain objects for one operation.
macro_rules! typed_export {
    ($(#[doc = $doc:literal])* $js_name:ident / $rust_name:ident = $operation:literal ($input:literal) -> $output:literal) => {
        $(#[doc = $doc])*
        #[doc = ""]
        #[doc = concat!("`", $operation, "` of [`engine::operations::run`] over plain objects.")]
        #[wasm_bindgen(js_name = $js_name, unchecked_return_type = $output)]
        pub fn $rust_name(#[wasm_bindgen(unchecked_param_type = $input)] input: JsValue) -> Result<JsValue, JsValue> {
            call($operation, &input)
        }
    };
}

typed_operations! {
    browser {
        /// Splits a VAT-inclusive amount into the amount excluding VAT and the VAT.
        splitVat / split_vat = "vat.split" ("VatSplitRequest") -> "VatSplit";
        /// Calculates a cart: lines, promotions, shipping, payment costs, gift card, VAT.
        calculateCart / calculate_cart = "cart.calculate" ("CartInput") -> "CalculatedCart";
        /// The shipping methods the customer can choose, priced for this cart.
        shippingMethods / shipping_methods = "cart.shippingMethods" ("CartInput") -> "ShippingMethodOption[]";
        /// Which checkout steps the visitor may open, and why the others are closed.
        checkoutGates / checkout_gates = "checkout.gates" ("CheckoutState") -> "CheckoutGates";
        /// The checkout state of a cart from its facts, as the server builds it when placing the order.
        checkoutStateOfCart / checkout_state_of_cart = "checkout.stateOfCart" ("CartFacts") -> "CheckoutState";
        /// Checks every field of a form against its rules.
        validateForm / validate_form = "validation.validateForm" ("FormInput") -> "FormResult";
        /// A named form's fields with their rules, in the order shown.
        formDefinition / form_definition = "validation.formDefinition" ("FormRequest") -> "FormDefinition";
        /// The address form for a country: its fields in the country's order, with their rules.
        addressForm / address_form = "validation.addressForm" ("AddressFormRequest") -> "AddressForm";
        /// Checks a named form's values with its definition.
        validateNamedForm / validate_named_form = "validation.validateNamedForm" ("NamedFormInput") -> "FormResult";
        /// The Dutch source text of a message, with its parameters filled in.
        messageText / message_text = "validation.message" ("Message") -> "MessageText";
        /// Adds a product to the comparison list, within its limit.
        addToComparison / add_to_comparison = "compare.add" ("CompareAddRequest") -> "CompareAddResult";
        /// The daily feed advice for a horse.
        feedAdvice / feed_advice = "feed.advice" ("FeedAdviceRequest") -> "FeedAdvice";
        /// Whether silo delivery may interest this yard.
        siloInterest / silo_interest = "feed.siloInterest" ("SiloRequest") -> "SiloResult";
        /// The display currency of a site and whether its prices are indicative.
        resolveCurrency / resolve_currency = "locale.currency" ("CurrencyRequest") -> "CurrencyResult";
        /// A euro amount as a site shows it: converted at its rate and marked indicative, or euro.
        displayPrice / display_price = "locale.displayPrice" ("PriceDisplayRequest") -> "PriceDisplay";
        /// Formats an amount the way a culture writes numbers.
        formatAmount / format_amount = "locale.formatAmount" ("AmountFormatRequest") -> "AmountFormatResult";
        /// Formats a quantity (scoops, grams, a measured value) the way a culture writes numbers, with its own digits.
        formatQuantity / format_quantity = "locale.formatQuantity" ("QuantityFormatRequest") -> "AmountFormatResult";
        /// Formats an ISO date as DD-MM-YYYY.
        formatDate / format_date = "locale.formatDate" ("DateFormatRequest") -> "DateFormatResult";
        /// The culture to show, and the fallback for missing translations.
        fallbackLanguage / fallback_language = "locale.fallbackLanguage" ("CultureRequest") -> "CultureResolution";
        /// The canonical form of a URL.
        normalizeUrl / normalize_url = "url.normalize" ("UrlRequest") -> "UrlResult";
        /// The page and page size a URL asks for.
        readPaging / read_paging = "url.readPaging" ("UrlRequest") -> "Paging";
        /// A URL with the page and page size set.
        withPaging / with_paging = "url.paging" ("PagingRequest") -> "UrlResult";
        /// The path and link of a culture's comparison page.
        comparePath / compare_path = "url.comparePath" ("ComparePathRequest") -> "ComparePathResult";
        askedCulture / asked_culture = "url.askedCulture" ("AskedCultureRequest") -> "AskedCulture";
        /// Every message key the engine can report (the input is ignored).
        messageKeys / message_keys = "messages.keys" ("unknown") -> "MessageKeys";
        /// In stock, low or out of stock, and whether a back-in-stock reminder is offered.
        stockState / stock_state = "catalog.stockState" ("StockStateRequest") -> "StockStateResult";
        /// The distance between two points in metres.
        distance / distance = "geo.distance" ("DistanceRequest") -> "DistanceResult";
        /// A distance in kilometres with two decimals, as the culture writes numbers.
        formatDistance / format_distance = "geo.formatDistance" ("DistanceFormatRequest") -> "AmountFormatResult";
        /// The visitor's choices after a change of one cart line, to preview before the server answers.
        applyLineChange / apply_line_change = "cart.applyLineChange" ("LineChangeRequest") -> "LineChangeResult";
        /// The visitor's choices with the discount code taken off, to preview before the server answers.
        removeDiscountCode / remove_discount_code = "cart.removeDiscountCode" ("CartInput") -> "CartChoices";
        /// The bounds of a cart: units per line, lines, which product types take sample names (the input is ignored).
        cartLimits / cart_limits = "cart.limits" ("unknown") -> "CartLimits";
        /// Which rows a summary of a cart's or an order's amounts shows.
        totalsShown / totals_shown = "cart.totalsShown" ("TotalsAmounts") -> "TotalsShown";
        /// The delivery intervals a subscription may have, in weeks (the input is ignored).
        subscriptionIntervalLimits / subscription_interval_limits = "subscription.intervalLimits" ("unknown") -> "IntervalLimits";
        /// Whether the customer can still pay an order.
        orderPayable / order_payable = "order.payable" ("PayableRequest") -> "Payability";
    }
    server {
        /// Classifies a roughage scan's results (nutrients and hygiene) for the result meter.
        classifyRoughage / classify_roughage = "roughage.classify" ("ClassifyRequest") -> "ClassifyResult";
        /// Balancing products for a roughage analysis.
        roughageAdvice / roughage_advice = "roughage.advice" ("RoughageAdviceRequest") -> "RoughageAdvice";
        /// Converts a euro amount into a display currency.
        convertCurrency / convert_currency = "locale.convert" ("ConversionRequest") -> "ConversionResult";
        /// The culture whose text to show from a localized text, by the fallback chain.
        textFallback / text_fallback = "locale.textFallback" ("TextFallbackRequest") -> "TextFallbackResult";
        /// Unit prices per unit, kilogram, liter, 100 g and 100 ml.
        unitPrices / unit_prices = "catalog.unitPrices" ("UnitPriceRequest") -> "UnitPrices";
        /// The account's cart after a guest's cart joins it on signing in.
        mergeGuestCart / merge_guest_cart = "cart.mergeGuest" ("CartMergeRequest") -> "CartMergeResult";
        /// The promotions of a cart from the site's offers, its code and what the site sells.
        promotionsForCart / promotions_for_cart = "promotions.forCart" ("CartPromotionsRequest") -> "Promotion[]";
        /// A horse's daily need against its roughage's supply, and the balancer dose that closes the gap.
        rationCheck / ration_check = "ration.check" ("RationCheckRequest") -> "RationCheck";
        /// Whether an invoice says its VAT is reverse-charged, and why.
        reverseCharge / reverse_charge = "vat.reverseCharge" ("ReverseChargeRequest") -> "ReverseCharge";
        /// The VAT rows a summary or an invoice shows, each with the rate it is labelled with.
        vatRows / vat_rows = "vat.rows" ("VatRowsRequest") -> "VatRow[]";
        /// A stored cart without the choices its calculation would refuse, and what was taken off.
        cleanUpCart / clean_up_cart = "cart.cleanUp" ("CartInput") -> "CleanedCart";
        /// Whether a discount code may be used today, or the first reason it may not.
        codeUsable / code_usable = "promotions.codeUsable" ("CodeUseRequest") -> "CodeUsability";
        /// The reduction a product page, card or search result shows for a variant, with its prior price.
        shelfPrice / shelf_price = "promotions.shelfPrice" ("ShelfPriceRequest") -> "ShelfReduction | null";
        /// A gift card's balance after it pays an amount; never more than the balance.
        payWithGiftCard / pay_with_gift_card = "giftCard.pay" ("GiftCardMovement") -> "GiftCardBalance";
        /// A gift card's balance after an amount is given back to it.
        refundGiftCard / refund_gift_card = "giftCard.refund" ("GiftCardMovement") -> "GiftCardBalance";
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_operation_has_exactly_one_typed_export() {
        let mut typed = TYPED_OPERATIONS.to_vec();
        // The browser build has no server operations (feature `all-operations`).
        let mut all: Vec<&str> = engine::operations::OPERATIONS
            .iter()
            .copied()
            .filter(|operation| {
                cfg!(feature = "all-operations")
                    || !engine::operations::SERVER_OPERATIONS.contains(operation)
            })
            .collect();
        typed.sort_unstable();
        all.sort_unstable();
        assert_eq!(
            typed, all,
            "add the missing operations to typed_operations! in engine-wasm/src/lib.rs"
        );
    }
}
