//! A calculated cart as a tape of numbers and one text, for the WASM binding.
//!
//! In WebAssembly the JSON answer of a cart calculation is half of the call: writing it, and
//! then JavaScript's `JSON.parse` of it, which alone takes longer than the calculation. The
//! binding's `CartCalculator` hands JavaScript this tape instead: the numbers go over as one
//! `Float64Array` view of WebAssembly memory, every text (names, amounts, rates) as one string,
//! and a small JavaScript decoder (`engine-wasm/src/cart-tape.js`) builds the very object
//! `JSON.parse` would give for [`json::calculated_cart`](super::json::calculated_cart): the same
//! fields in the same order, the same texts. The parity of the two is tested on every cart vector
//! (`storefront/src/engine/vectors.test.ts`) and below, in Rust, on carts with every odd text.
//!
//! The layout, in the order of the JSON fields (each struct is taken apart without `..`, so a
//! new output field does not compile until it is written here and in the decoder):
//! - a number (ids, quantities, counts, `itemCount`, a stock warning's amount) is one entry;
//! - a text (a name, an amount as the JSON writes it, a VAT rate) is its length in UTF-16 units,
//!   its characters appended to the text;
//! - `vatType` is 0 for `"high"`, 1 for `"low"`; `scanProductsOnly` 0 or 1;
//! - `freeShipping` is 0 for `null`, or 1 followed by its two amounts and `reached` (0 or 1);
//! - a list is its length followed by its items.

use super::input::RqsSample;
use super::output::{
    CalculatedCart, CalculatedProduct, Discount, FreeProduct, FreeShippingProgress,
    ShippingMethodOption, StockWarning,
};
use crate::decimal_text::{self, TextBuffer};
use crate::money::Money;
use crate::vat::{VatRate, VatType};

/// A calculated cart as numbers and text; see the [module documentation](self).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CartTape {
    /// The numbers, lengths and counts, in order.
    pub numbers: Vec<f64>,
    /// Every text, one after the other.
    pub text: String,
}

impl CartTape {
    /// Writes `cart` over this tape, keeping its memory for the next cart.
    pub fn write(&mut self, cart: &CalculatedCart) {
        self.numbers.clear();
        self.text.clear();
        self.cart(cart);
    }

    /// An integer of the JSON output. JavaScript reads a JSON integer as the nearest double,
    /// which is what `as` gives too (round to nearest, ties to even).
    #[allow(clippy::cast_precision_loss)]
    fn number(&mut self, value: u64) {
        self.numbers.push(value as f64);
    }

    /// An id of the JSON output; ids are far below 2^53, where a double is exact.
    #[allow(clippy::cast_precision_loss)]
    fn id(&mut self, value: i64) {
        self.numbers.push(value as f64);
    }

    fn count(&mut self, length: usize) {
        self.number(u64::try_from(length).unwrap_or(u64::MAX));
    }

    fn text(&mut self, text: &str) {
        let units = if text.is_ascii() {
            text.len()
        } else {
            text.encode_utf16().count()
        };
        self.count(units);
        self.text.push_str(text);
    }

    /// An amount as [`json`](super::json) writes it, without the quotes.
    fn money(&mut self, amount: Money) {
        match amount.write_plain(&mut TextBuffer::default()) {
            Some(text) => {
                // Plain amounts are ASCII.
                self.count(text.len());
                self.text.push_str(text);
            }
            None => self.text(&amount.to_string()),
        }
    }

    /// A VAT rate as [`json`](super::json) writes it, without the quotes.
    fn rate(&mut self, rate: VatRate) {
        match decimal_text::small_parts(rate.percentage()) {
            Some((mantissa, scale)) => {
                let mut buffer = TextBuffer::default();
                let text = decimal_text::write_scaled(mantissa, scale, &mut buffer);
                self.count(text.len());
                self.text.push_str(text);
            }
            None => self.text(&rate.to_string()),
        }
    }

    fn list<T>(&mut self, items: &[T], mut write: impl FnMut(&mut CartTape, &T)) {
        self.count(items.len());
        for item in items {
            write(self, item);
        }
    }

    fn cart(&mut self, cart: &CalculatedCart) {
        let CalculatedCart {
            products,
            shipping_discounts,
            order_discounts,
            original_shipping_costs,
            shipping_costs,
            payment_costs,
            total_amount,
            vat_amount_low,
            vat_amount_high,
            sub_total_amount,
            total_amount_excl_vat,
            shipping_costs_excl_vat,
            amount_to_pay,
            gift_card_amount,
            item_count,
            stock_warnings,
            scan_products_only,
            shipping_methods,
            free_shipping,
        } = cart;
        self.list(products, CartTape::product);
        self.list(shipping_discounts, CartTape::discount);
        self.list(order_discounts, CartTape::discount);
        for amount in [
            original_shipping_costs,
            shipping_costs,
            payment_costs,
            total_amount,
            vat_amount_low,
            vat_amount_high,
            sub_total_amount,
            total_amount_excl_vat,
            shipping_costs_excl_vat,
            amount_to_pay,
            gift_card_amount,
        ] {
            self.money(*amount);
        }
        self.number(*item_count);
        self.list(stock_warnings, CartTape::stock_warning);
        self.number(u64::from(*scan_products_only));
        self.list(shipping_methods, CartTape::shipping_method_option);
        match free_shipping {
            Some(FreeShippingProgress {
                minimum_amount,
                remaining_amount,
                reached,
            }) => {
                self.number(1);
                self.money(*minimum_amount);
                self.money(*remaining_amount);
                self.number(u64::from(*reached));
            }
            None => self.number(0),
        }
    }

    fn product(&mut self, product: &CalculatedProduct) {
        let CalculatedProduct {
            product_id,
            product_variant_id,
            product_type,
            quantity,
            description,
            product_label,
            original_amount,
            total_amount,
            vat_rate_percentage,
            vat_amount,
            vat_type,
            product_discounts,
            free_products,
            rqs_samples,
        } = product;
        self.id(product_id.get());
        self.id(product_variant_id.get());
        self.number(product_type.number().into());
        self.number((*quantity).into());
        self.text(description);
        self.text(product_label);
        self.money(*original_amount);
        self.money(*total_amount);
        self.rate(*vat_rate_percentage);
        self.money(*vat_amount);
        self.number(match vat_type {
            VatType::High => 0,
            VatType::Low => 1,
        });
        self.list(product_discounts, CartTape::discount);
        self.list(free_products, CartTape::free_product);
        self.list(rqs_samples, CartTape::rqs_sample);
    }

    fn discount(&mut self, discount: &Discount) {
        let Discount {
            description,
            promotion_key,
            amount,
        } = discount;
        self.text(description);
        self.text(promotion_key);
        self.money(*amount);
    }

    fn free_product(&mut self, free: &FreeProduct) {
        let FreeProduct {
            product_id,
            product_variant_id,
            description,
            product_label,
            promotion_text,
            quantity,
            original_amount,
        } = free;
        self.id(product_id.get());
        self.id(product_variant_id.get());
        self.text(description);
        self.text(product_label);
        self.text(promotion_text);
        self.number((*quantity).into());
        self.money(*original_amount);
    }

    fn rqs_sample(&mut self, sample: &RqsSample) {
        let RqsSample {
            sequence,
            sample_name,
        } = sample;
        self.number((*sequence).into());
        self.text(sample_name);
    }

    fn stock_warning(&mut self, warning: &StockWarning) {
        let StockWarning {
            message_key,
            product_variant_id,
            amount,
        } = warning;
        self.text(message_key);
        self.id(product_variant_id.get());
        self.number(*amount);
    }

    fn shipping_method_option(&mut self, option: &ShippingMethodOption) {
        let ShippingMethodOption {
            shipping_method,
            price,
            price_ex_vat,
        } = option;
        self.number(shipping_method.number().into());
        self.money(*price);
        self.money(*price_ex_vat);
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Map, Value, json};

    use super::*;
    use crate::cart::json::tests::{odd_texts, sample_cart};

    /// A field of a decoded object: its name and how to read its value.
    type Field<R> = (&'static str, fn(&mut R) -> Value);

    /// The decoder of `engine-wasm/src/cart-tape.js`, in Rust: the tape back to the JSON value.
    struct Reader<'a> {
        numbers: &'a [f64],
        units: Vec<u16>,
        at: usize,
        text_at: usize,
    }

    impl Reader<'_> {
        fn number(&mut self) -> Value {
            let value = self.numbers[self.at];
            self.at += 1;
            // Whole numbers, as JSON integers (u64 when they fit, as serde_json reads them).
            if value < 0.0 {
                json!(value as i64)
            } else {
                json!(value as u64)
            }
        }

        fn count(&mut self) -> usize {
            let value = self.numbers[self.at];
            self.at += 1;
            value as usize
        }

        fn text(&mut self) -> Value {
            let length = self.count();
            let text =
                String::from_utf16(&self.units[self.text_at..self.text_at + length]).unwrap();
            self.text_at += length;
            Value::String(text)
        }

        fn list(&mut self, mut item: impl FnMut(&mut Self) -> Value) -> Value {
            let count = self.count();
            Value::Array((0..count).map(|_| item(self)).collect())
        }

        fn object(&mut self, fields: &[Field<Self>]) -> Value {
            let mut map = Map::new();
            for (name, read) in fields {
                map.insert((*name).to_owned(), read(self));
            }
            Value::Object(map)
        }

        fn discount(&mut self) -> Value {
            self.object(&[
                ("description", Self::text),
                ("promotionKey", Self::text),
                ("amount", Self::text),
            ])
        }

        fn product(&mut self) -> Value {
            self.object(&[
                ("productId", Self::number),
                ("productVariantId", Self::number),
                ("productType", Self::number),
                ("quantity", Self::number),
                ("description", Self::text),
                ("productLabel", Self::text),
                ("originalAmount", Self::text),
                ("totalAmount", Self::text),
                ("vatRatePercentage", Self::text),
                ("vatAmount", Self::text),
                ("vatType", |reader| {
                    json!(if reader.count() == 0 { "high" } else { "low" })
                }),
                ("productDiscounts", |reader| reader.list(Self::discount)),
                ("freeProducts", |reader| {
                    reader.list(|reader| {
                        reader.object(&[
                            ("productId", Self::number),
                            ("productVariantId", Self::number),
                            ("description", Self::text),
                            ("productLabel", Self::text),
                            ("promotionText", Self::text),
                            ("quantity", Self::number),
                            ("originalAmount", Self::text),
                        ])
                    })
                }),
                ("rqsSamples", |reader| {
                    reader.list(|reader| {
                        reader.object(&[("sequence", Self::number), ("sampleName", Self::text)])
                    })
                }),
            ])
        }

        fn cart(&mut self) -> Value {
            self.object(&[
                ("products", |reader| reader.list(Self::product)),
                ("shippingDiscounts", |reader| reader.list(Self::discount)),
                ("orderDiscounts", |reader| reader.list(Self::discount)),
                ("originalShippingCosts", Self::text),
                ("shippingCosts", Self::text),
                ("paymentCosts", Self::text),
                ("totalAmount", Self::text),
                ("vatAmountLow", Self::text),
                ("vatAmountHigh", Self::text),
                ("subTotalAmount", Self::text),
                ("totalAmountExclVat", Self::text),
                ("shippingCostsExclVat", Self::text),
                ("amountToPay", Self::text),
                ("giftCardAmount", Self::text),
                ("itemCount", Self::number),
                ("stockWarnings", |reader| {
                    reader.list(|reader| {
                        reader.object(&[
                            ("messageKey", Self::text),
                            ("productVariantId", Self::number),
                            ("amount", Self::number),
                        ])
                    })
                }),
                ("scanProductsOnly", |reader| json!(reader.count() == 1)),
                ("shippingMethods", |reader| {
                    reader.list(|reader| {
                        reader.object(&[
                            ("shippingMethod", Self::number),
                            ("price", Self::text),
                            ("priceExVat", Self::text),
                        ])
                    })
                }),
                ("freeShipping", |reader| {
                    if reader.count() == 0 {
                        return Value::Null;
                    }
                    reader.object(&[
                        ("minimumAmount", Self::text),
                        ("remainingAmount", Self::text),
                        ("reached", |reader| json!(reader.count() == 1)),
                    ])
                }),
            ])
        }
    }

    fn decoded(tape: &CartTape) -> Value {
        let mut reader = Reader {
            numbers: &tape.numbers,
            units: tape.text.encode_utf16().collect(),
            at: 0,
            text_at: 0,
        };
        let value = reader.cart();
        assert_eq!(reader.at, tape.numbers.len(), "numbers left over");
        assert_eq!(reader.text_at, reader.units.len(), "text left over");
        value
    }

    #[test]
    fn decodes_to_the_json_output_with_every_odd_text() {
        let mut tape = CartTape::default();
        for text in odd_texts() {
            let cart = sample_cart(&text);
            tape.write(&cart);
            let json: Value =
                serde_json::from_str(&crate::cart::json::calculated_cart(&cart)).unwrap();
            assert_eq!(decoded(&tape), json, "text {text:?}");
        }
    }

    #[test]
    fn decodes_to_the_json_output_on_every_cart_vector() {
        let mut tape = CartTape::default();
        let mut checked = 0;
        for entry in std::fs::read_dir(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../fixtures/vectors/cart"
        ))
        .unwrap()
        {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|extension| extension != "json") {
                continue;
            }
            let vector: Value =
                serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            if vector["operation"] != "cart.calculate" {
                continue;
            }
            for case in vector["cases"].as_array().unwrap() {
                let Ok(input) =
                    serde_json::from_value::<crate::cart::CartInput>(case["input"].clone())
                else {
                    continue;
                };
                let Ok(cart) = crate::cart::calculate(&input) else {
                    continue;
                };
                tape.write(&cart);
                let json: Value =
                    serde_json::from_str(&crate::cart::json::calculated_cart(&cart)).unwrap();
                assert_eq!(decoded(&tape), json, "{} {}", path.display(), case["name"]);
                checked += 1;
            }
        }
        assert!(checked > 20, "only {checked} carts checked");
    }
}
