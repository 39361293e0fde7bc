//! The JSON text of a calculated cart, written directly.
//!
//! [`operations::run`](crate::operations::run) answers `cart.calculate` and
//! `cart.shippingMethods` with exactly the bytes `serde_json::to_string` gives for
//! [`CalculatedCart`] and `Vec<ShippingMethodOption>` (compact, fields in declaration order, the
//! same string escapes); the tests compare the two on every cart vector and on random carts. Written
//! by hand because serde's generic writing was the largest part of a cart calculation in
//! WebAssembly, where the engine is built for size and that code is not inlined: here each
//! field name with its punctuation is one copy.
//!
//! Every struct is taken apart without `..`, so a field added to an output type does not
//! compile until it is written here too.

use super::input::RqsSample;
use super::output::{
    CalculatedCart, CalculatedProduct, Discount, FreeProduct, FreeShippingProgress,
    ShippingMethodOption, StockWarning,
};
use crate::decimal_text::{self, TextBuffer};
use crate::money::Money;
use crate::vat::VatRate;

/// `serde_json::to_string(cart)`.
pub(crate) fn calculated_cart(cart: &CalculatedCart) -> String {
    let mut json = Json::with_capacity(1024 + cart.products.len() * 512);
    json.cart(cart);
    json.0
}

/// `serde_json::to_string(options)`.
pub(crate) fn shipping_method_options(options: &[ShippingMethodOption]) -> String {
    let mut json = Json::with_capacity(64 + options.len() * 96);
    json.list(options, Json::shipping_method_option);
    json.0
}

struct Json(String);

impl Json {
    fn with_capacity(capacity: usize) -> Json {
        Json(String::with_capacity(capacity))
    }

    fn raw(&mut self, text: &str) {
        self.0.push_str(text);
    }

    #[inline(never)]
    fn unsigned(&mut self, value: u64) {
        self.raw(decimal_text::write_unsigned(
            value,
            &mut TextBuffer::default(),
        ));
    }

    fn signed(&mut self, value: i64) {
        if value < 0 {
            self.raw("-");
        }
        self.unsigned(value.unsigned_abs());
    }

    fn boolean(&mut self, value: bool) {
        self.raw(if value { "true" } else { "false" });
    }

    #[inline(never)]
    fn money(&mut self, amount: Money) {
        self.raw("\"");
        match amount.write_plain(&mut TextBuffer::default()) {
            Some(text) => self.raw(text),
            None => self.raw(&amount.to_string()),
        }
        self.raw("\"");
    }

    #[inline(never)]
    fn rate(&mut self, rate: VatRate) {
        match decimal_text::small_parts(rate.percentage()) {
            Some((mantissa, scale)) => {
                self.raw("\"");
                self.raw(decimal_text::write_scaled(
                    mantissa,
                    scale,
                    &mut TextBuffer::default(),
                ));
                self.raw("\"");
            }
            None => self.string(&rate.to_string()),
        }
    }

    /// A JSON string with serde_json's escapes: `\"`, `\\`, `\b`, `\t`, `\n`, `\f`, `\r`, and
    /// `\u00XX` (lower-case hex) for the other control characters; everything else as it is.
    #[inline(never)]
    fn string(&mut self, text: &str) {
        self.raw("\"");
        let bytes = text.as_bytes();
        let mut start = 0;
        for (index, byte) in bytes.iter().enumerate() {
            let escape = match byte {
                b'"' => "\\\"",
                b'\\' => "\\\\",
                0x08 => "\\b",
                b'\t' => "\\t",
                b'\n' => "\\n",
                0x0c => "\\f",
                b'\r' => "\\r",
                0x00..=0x1f => "",
                _ => continue,
            };
            // Only ASCII bytes are escaped, so these are character boundaries.
            self.raw(&text[start..index]);
            if escape.is_empty() {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                self.raw("\\u00");
                self.0.push(char::from(HEX[usize::from(byte >> 4)]));
                self.0.push(char::from(HEX[usize::from(byte & 0x0f)]));
            } else {
                self.raw(escape);
            }
            start = index + 1;
        }
        self.raw(&text[start..]);
        self.raw("\"");
    }

    fn list<T>(&mut self, items: &[T], mut write: impl FnMut(&mut Json, &T)) {
        self.raw("[");
        for (index, item) in items.iter().enumerate() {
            if index > 0 {
                self.raw(",");
            }
            write(self, item);
        }
        self.raw("]");
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
        self.raw("{\"products\":");
        self.list(products, Json::product);
        self.raw(",\"shippingDiscounts\":");
        self.list(shipping_discounts, Json::discount);
        self.raw(",\"orderDiscounts\":");
        self.list(order_discounts, Json::discount);
        self.raw(",\"originalShippingCosts\":");
        self.money(*original_shipping_costs);
        self.raw(",\"shippingCosts\":");
        self.money(*shipping_costs);
        self.raw(",\"paymentCosts\":");
        self.money(*payment_costs);
        self.raw(",\"totalAmount\":");
        self.money(*total_amount);
        self.raw(",\"vatAmountLow\":");
        self.money(*vat_amount_low);
        self.raw(",\"vatAmountHigh\":");
        self.money(*vat_amount_high);
        self.raw(",\"subTotalAmount\":");
        self.money(*sub_total_amount);
        self.raw(",\"totalAmountExclVat\":");
        self.money(*total_amount_excl_vat);
        self.raw(",\"shippingCostsExclVat\":");
        self.money(*shipping_costs_excl_vat);
        self.raw(",\"amountToPay\":");
        self.money(*amount_to_pay);
        self.raw(",\"giftCardAmount\":");
        self.money(*gift_card_amount);
        self.raw(",\"itemCount\":");
        self.unsigned(*item_count);
        self.raw(",\"stockWarnings\":");
        self.list(stock_warnings, Json::stock_warning);
        self.raw(",\"scanProductsOnly\":");
        self.boolean(*scan_products_only);
        self.raw(",\"shippingMethods\":");
        self.list(shipping_methods, Json::shipping_method_option);
        self.raw(",\"freeShipping\":");
        match free_shipping {
            Some(progress) => self.free_shipping(progress),
            None => self.raw("null"),
        }
        self.raw("}");
    }

    fn free_shipping(&mut self, progress: &FreeShippingProgress) {
        let FreeShippingProgress {
            minimum_amount,
            remaining_amount,
            reached,
        } = progress;
        self.raw("{\"minimumAmount\":");
        self.money(*minimum_amount);
        self.raw(",\"remainingAmount\":");
        self.money(*remaining_amount);
        self.raw(",\"reached\":");
        self.boolean(*reached);
        self.raw("}");
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
        self.raw("{\"productId\":");
        self.signed(product_id.get());
        self.raw(",\"productVariantId\":");
        self.signed(product_variant_id.get());
        self.raw(",\"productType\":");
        self.unsigned(product_type.number().into());
        self.raw(",\"quantity\":");
        self.unsigned((*quantity).into());
        self.raw(",\"description\":");
        self.string(description);
        self.raw(",\"productLabel\":");
        self.string(product_label);
        self.raw(",\"originalAmount\":");
        self.money(*original_amount);
        self.raw(",\"totalAmount\":");
        self.money(*total_amount);
        self.raw(",\"vatRatePercentage\":");
        self.rate(*vat_rate_percentage);
        self.raw(",\"vatAmount\":");
        self.money(*vat_amount);
        self.raw(",\"vatType\":");
        self.raw(match vat_type {
            crate::vat::VatType::High => "\"high\"",
            crate::vat::VatType::Low => "\"low\"",
        });
        self.raw(",\"productDiscounts\":");
        self.list(product_discounts, Json::discount);
        self.raw(",\"freeProducts\":");
        self.list(free_products, Json::free_product);
        self.raw(",\"rqsSamples\":");
        self.list(rqs_samples, Json::rqs_sample);
        self.raw("}");
    }

    fn discount(&mut self, discount: &Discount) {
        let Discount {
            description,
            promotion_key,
            amount,
        } = discount;
        self.raw("{\"description\":");
        self.string(description);
        self.raw(",\"promotionKey\":");
        self.string(promotion_key);
        self.raw(",\"amount\":");
        self.money(*amount);
        self.raw("}");
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
        self.raw("{\"productId\":");
        self.signed(product_id.get());
        self.raw(",\"productVariantId\":");
        self.signed(product_variant_id.get());
        self.raw(",\"description\":");
        self.string(description);
        self.raw(",\"productLabel\":");
        self.string(product_label);
        self.raw(",\"promotionText\":");
        self.string(promotion_text);
        self.raw(",\"quantity\":");
        self.unsigned((*quantity).into());
        self.raw(",\"originalAmount\":");
        self.money(*original_amount);
        self.raw("}");
    }

    fn rqs_sample(&mut self, sample: &RqsSample) {
        let RqsSample {
            sequence,
            sample_name,
        } = sample;
        self.raw("{\"sequence\":");
        self.unsigned((*sequence).into());
        self.raw(",\"sampleName\":");
        self.string(sample_name);
        self.raw("}");
    }

    fn stock_warning(&mut self, warning: &StockWarning) {
        let StockWarning {
            message_key,
            product_variant_id,
            amount,
        } = warning;
        self.raw("{\"messageKey\":");
        self.string(message_key);
        self.raw(",\"productVariantId\":");
        self.signed(product_variant_id.get());
        self.raw(",\"amount\":");
        self.unsigned(*amount);
        self.raw("}");
    }

    fn shipping_method_option(&mut self, option: &ShippingMethodOption) {
        let ShippingMethodOption {
            shipping_method,
            price,
            price_ex_vat,
        } = option;
        self.raw("{\"shippingMethod\":");
        self.unsigned(shipping_method.number().into());
        self.raw(",\"price\":");
        self.money(*price);
        self.raw(",\"priceExVat\":");
        self.money(*price_ex_vat);
        self.raw("}");
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::cart::{ProductType, ShippingMethod};
    use crate::ids::{ProductId, ProductVariantId};
    use crate::vat::VatType;

    fn money(text: &str) -> Money {
        text.parse().unwrap()
    }

    /// Every text a visitor or a shop can put in a name, including every control character.
    pub(crate) fn odd_texts() -> Vec<String> {
        let mut texts: Vec<String> = [
            "",
            "plain",
            "quote \" and \\ backslash",
            "é ü ß € 😀",
            "tab\tnew\nline\r\u{8}\u{c}",
            "\u{7f}/<>&'",
        ]
        .iter()
        .map(|text| (*text).to_owned())
        .collect();
        texts.push((0_u8..0x20).map(char::from).collect());
        texts
    }

    pub(crate) fn sample_cart(text: &str) -> CalculatedCart {
        let discount = Discount {
            description: text.to_owned(),
            promotion_key: format!("{text}-key"),
            amount: money("1.50"),
        };
        CalculatedCart {
            products: vec![CalculatedProduct {
                // The largest id a JavaScript number holds exactly, and a negative one.
                product_id: ProductId::new(1 << 53),
                product_variant_id: ProductVariantId::new(-7),
                product_type: ProductType::Rqs,
                quantity: u32::MAX,
                description: text.to_owned(),
                product_label: text.to_owned(),
                original_amount: money("1234567.89"),
                total_amount: Money::ZERO,
                vat_rate_percentage: "5.5".parse().unwrap(),
                vat_amount: money("-0.05"),
                vat_type: VatType::Low,
                product_discounts: vec![discount.clone()],
                free_products: vec![FreeProduct {
                    product_id: ProductId::new(1),
                    product_variant_id: ProductVariantId::new(2),
                    description: text.to_owned(),
                    product_label: String::new(),
                    promotion_text: text.to_owned(),
                    quantity: 3,
                    original_amount: money("7.5"),
                }],
                rqs_samples: vec![RqsSample {
                    sequence: 1,
                    sample_name: text.to_owned(),
                }],
            }],
            shipping_discounts: vec![discount.clone()],
            order_discounts: vec![discount.clone(), discount],
            original_shipping_costs: money("6.95"),
            shipping_costs: Money::default(),
            payment_costs: money("0.29"),
            total_amount: money("100"),
            vat_amount_low: money("0.1"),
            vat_amount_high: money("21.00"),
            sub_total_amount: money("99999999999"),
            total_amount_excl_vat: money("78.9"),
            shipping_costs_excl_vat: money("0"),
            amount_to_pay: money("100.00"),
            gift_card_amount: money("0.00"),
            item_count: 42,
            stock_warnings: vec![StockWarning {
                message_key: text.to_owned(),
                product_variant_id: ProductVariantId::new(7),
                amount: 0,
            }],
            scan_products_only: true,
            shipping_methods: vec![
                ShippingMethodOption {
                    shipping_method: ShippingMethod::Ordinary,
                    price: money("6.95"),
                    price_ex_vat: money("5.74"),
                },
                ShippingMethodOption {
                    shipping_method: ShippingMethod::ParcelService,
                    price: Money::ZERO,
                    price_ex_vat: Money::ZERO,
                },
            ],
            free_shipping: Some(FreeShippingProgress {
                minimum_amount: money("75.00"),
                remaining_amount: money("0.5"),
                reached: false,
            }),
        }
    }

    #[test]
    fn writes_what_serde_json_writes() {
        for text in odd_texts() {
            let cart = sample_cart(&text);
            assert_eq!(
                calculated_cart(&cart),
                serde_json::to_string(&cart).unwrap(),
                "{text:?}"
            );
            assert_eq!(
                shipping_method_options(&cart.shipping_methods),
                serde_json::to_string(&cart.shipping_methods).unwrap()
            );
        }
        let empty = CalculatedCart {
            products: Vec::new(),
            shipping_methods: Vec::new(),
            free_shipping: None,
            ..sample_cart("")
        };
        assert_eq!(
            calculated_cart(&empty),
            serde_json::to_string(&empty).unwrap()
        );
        assert_eq!(shipping_method_options(&[]), "[]");
    }

    #[test]
    fn writes_every_vat_rate_as_serde_json_does() {
        for rate in ["0", "9", "21", "5.5", "2.10", "100", "0.01"] {
            let rate: VatRate = rate.parse().unwrap();
            let mut json = Json::with_capacity(8);
            json.rate(rate);
            assert_eq!(json.0, serde_json::to_string(&rate).unwrap());
        }
    }
}
