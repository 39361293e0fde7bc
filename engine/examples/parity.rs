//! Writes random engine inputs with the native engine's answers, for the native/WASM parity
//! test (`storefront/src/engine/parity.test.ts`, run by `scripts/test.sh` and
//! `scripts/parity.sh`).
//!
//! ```sh
//! cargo run -p engine --example parity -- COUNT SEED OUT.jsonl
//! ```
//!
//! Each line is `{"operation": "...", "input": "<JSON text>", "output": "<JSON text>"}` or, when
//! the engine refuses the input, `{..., "error": {"code": "...", "message": "..."}}`. `input`
//! and `output` are the exact bytes: the test feeds the same input bytes to the WASM build and
//! compares its output bytes (or error code and message) with these.
//!
//! The inputs cover every operation: carts with random lines, all four kinds of promotion,
//! discount codes, gift cards, shipping and payment methods; checkout states; forms with every
//! validation rule; messages; comparison lists; feed and silo requests; roughage scans and
//! advice; currency, conversion, number, date and language requests; URL rules — and, mixed in,
//! invalid inputs (out-of-range values, unknown variants and codes, wrong types, malformed
//! JSON, unknown operations) that must fail with the same error. The generator is a seeded
//! splitmix64, so a seed always gives the same file; the engine itself has no randomness.

use std::fmt::Write as _;
use std::io::{BufWriter, Write};

use engine::money::Money;
use engine::validation::{MessageKey, Parameter};
use serde_json::{Map, Value, json};

/// splitmix64: a tiny, good-enough, deterministic generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number from `low` to `high`, both included.
    fn range(&mut self, low: i64, high: i64) -> i64 {
        let span = (high - low) as u64 + 1;
        low + (self.next() % span) as i64
    }

    /// True with the given chance in percent.
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[(self.next() % items.len() as u64) as usize]
    }

    /// Each item with the given chance in percent, in order.
    fn some<'a>(&mut self, items: &[&'a str], percent: u64) -> Vec<&'a str> {
        items
            .iter()
            .copied()
            .filter(|_| self.chance(percent))
            .collect()
    }
}

const CULTURES: &[&str] = &[
    "cs", "da", "de", "de-AT", "en", "es", "et", "fr-BE", "fr-FR", "it", "nl", "nl-BE", "pl", "pt",
    "sv",
];
const COUNTRIES: &[&str] = &[
    "NL", "BE", "DE", "DK", "SE", "PL", "AT", "FR", "GB", "nl", " be ",
];
const TEXTS: &[&str] = &[
    "Sportmuesli",
    "Hooi & Luzerne",
    "Brok \"extra\"",
    "Müsli für Pferde",
    "Łakocie",
    "Foder – æble",
    "🐴 snack",
    "tab\there",
    "back\\slash",
    "",
];

fn amount(rng: &mut Rng, max_cents: i64) -> String {
    let cents = rng.range(0, max_cents);
    let text = Money::from_cents(cents).to_string();
    match rng.range(0, 19) {
        // Shorter spellings the engine also accepts.
        0 if cents % 100 == 0 => (cents / 100).to_string(),
        1 if cents % 10 == 0 => text.trim_end_matches('0').to_owned(),
        _ => text,
    }
}

/// Mostly a valid amount; sometimes one the engine must refuse.
fn maybe_bad_amount(rng: &mut Rng, max_cents: i64) -> Value {
    if rng.chance(2) {
        json!(
            rng.pick(&["1.005", "abc", "", "-0.01", "1e3", " 2.50 "])
                .to_owned()
        )
    } else if rng.chance(1) {
        json!(12.5)
    } else {
        json!(amount(rng, max_cents))
    }
}

fn vat_rate(rng: &mut Rng) -> Value {
    if rng.chance(2) {
        json!(rng.pick(&["101", "-1", "x", "9.125"]).to_owned())
    } else {
        json!(
            rng.pick(&[
                "21", "9", "19", "7", "25", "0", "5.5", "2.1", "21.00", "100"
            ])
            .to_owned()
        )
    }
}

fn percentage(rng: &mut Rng) -> String {
    match rng.range(0, 9) {
        0 => "100".to_owned(),
        1 => "0".to_owned(),
        2 => format!("{}.{}", rng.range(0, 99), rng.range(0, 99)),
        3 if rng.chance(10) => "100.01".to_owned(),
        _ => rng.range(1, 50).to_string(),
    }
}

fn target(rng: &mut Rng, variants: i64) -> Value {
    match rng.range(0, 2) {
        0 => json!({"productId": rng.range(1, variants / 2 + 1)}),
        1 => json!({"productVariantId": rng.range(1, variants)}),
        _ => json!({"productGroup": rng.pick(&["muesli", "brok", "snoep", "nope"]).to_owned()}),
    }
}

fn reduction(rng: &mut Rng) -> Value {
    if rng.chance(50) {
        json!({"percentage": percentage(rng)})
    } else {
        json!({"amount": amount(rng, 2_000)})
    }
}

fn promotion(rng: &mut Rng, index: usize, variants: i64) -> Value {
    let rule = match rng.range(0, 3) {
        0 => {
            let mut rule = json!({"type": "productDiscount", "appliesTo": target(rng, variants), "discount": reduction(rng)});
            if rng.chance(30) {
                rule["minimumQuantity"] = json!(rng.range(1, 5));
            }
            rule
        }
        1 => json!({
            "type": "freeProduct", "appliesTo": target(rng, variants), "buyQuantity": rng.range(1, 4),
            "freeProductVariantId": rng.range(1, variants), "freeQuantity": rng.range(1, 2),
            "promotionText": format!("{} + 1 gratis", rng.range(1, 4)),
        }),
        2 => {
            let mut rule = json!({"type": "orderDiscount", "discount": reduction(rng)});
            if rng.chance(50) {
                rule["minimumOrderAmount"] = json!(amount(rng, 20_000));
            }
            rule
        }
        _ => {
            let discount = match rng.range(0, 2) {
                0 => json!("free"),
                1 => json!({"percentage": percentage(rng)}),
                _ => json!({"amount": amount(rng, 1_000)}),
            };
            let mut rule = json!({"type": "shippingDiscount", "discount": discount});
            if rng.chance(50) {
                rule["minimumOrderAmount"] = json!(amount(rng, 20_000));
            }
            if rng.chance(40) {
                rule["shippingMethods"] = json!([rng.range(0, 1)]);
            }
            rule
        }
    };
    let mut promotion = json!({
        "promotionKey": format!("PROMO-{index}"), "description": rng.pick(TEXTS).to_owned(), "rule": rule,
    });
    if rng.chance(35) {
        promotion["code"] = json!(format!("CODE{index}"));
    }
    promotion
}

/// A valid cart; a quarter of them then get one fault the engine must refuse (or, for some
/// faults such as an unknown discount code, handle).
fn cart(rng: &mut Rng) -> Value {
    let variants = if rng.chance(3) {
        rng.range(50, 200)
    } else {
        rng.range(1, 12)
    };
    let mut site = json!({
        "vatPercentageHigh": rng.pick(&["21", "19", "25", "21.00", "5.5", "0"]).to_owned(),
        "vatPercentageLow": rng.pick(&["9", "7", "25", "0", "2.1", "6"]).to_owned(),
        "shippingOptions": [{"shippingMethod": 0, "price": amount(rng, 1_500)}],
        "paymentMethods": (1..=rng.range(0, 3)).map(|id| json!({"paymentMethodId": id, "costs": amount(rng, 500)})).collect::<Vec<_>>(),
    });
    let parcel_service = rng.chance(60);
    if parcel_service {
        let price = amount(rng, 1_000);
        if let Some(options) = site["shippingOptions"].as_array_mut() {
            options.push(json!({"shippingMethod": 1, "price": price}));
        }
    }
    if rng.chance(40) {
        let mut rule = json!({"minimumAmount": amount(rng, 15_000)});
        if rng.chance(50) {
            rule["shippingMethod"] = json!(rng.range(0, 1));
        }
        site["freeShippingRules"] = json!([rule]);
    }
    if rng.chance(30) {
        site["currency"] = json!(rng.pick(&["EUR", "DKK", "SEK", "PLN"]).to_owned());
    }
    let mut catalog: Vec<Value> = (0..variants)
        .map(|index| {
            let mut entry = json!({
                "productId": index / 2 + 1, "productVariantId": index + 1, "productType": rng.range(1, 5),
                "vatType": if rng.chance(50) { "low" } else { "high" }, "unitPrice": amount(rng, 8_000),
                "description": rng.pick(TEXTS).to_owned(),
            });
            if rng.chance(30) {
                entry["stock"] = json!(rng.range(-2, 30));
            }
            if rng.chance(50) {
                entry["productGroup"] = json!(rng.pick(&["muesli", "brok", "snoep"]).to_owned());
            }
            if rng.chance(40) {
                entry["productLabel"] = json!(format!("{} kg", rng.range(1, 25)));
            }
            entry
        })
        .collect();
    let mut lines = Vec::new();
    for variant in 1..=variants {
        if !rng.chance(60) {
            continue;
        }
        let mut line = json!({"productVariantId": variant, "count": rng.range(1, 12)});
        if rng.chance(30) {
            line["productId"] = json!((variant - 1) / 2 + 1);
        }
        if rng.chance(10) {
            line["rqsSamples"] = json!([{"sequence": 1, "sampleName": rng.pick(TEXTS).to_owned()}]);
        }
        lines.push(line);
    }
    let mut promotions: Vec<Value> = (0..rng.range(0, 4))
        .map(|index| promotion(rng, index as usize, variants))
        .collect();
    let codes: Vec<String> = promotions
        .iter()
        .filter_map(|promotion| promotion["code"].as_str().map(str::to_owned))
        .collect();
    let mut cart = json!({"site": site, "catalog": [], "promotions": [], "products": []});
    if !codes.is_empty() && rng.chance(60) {
        let code = rng.pick(&codes).clone();
        cart["discountCode"] = json!(if rng.chance(30) {
            format!(" {} ", code.to_lowercase())
        } else {
            code
        });
    } else if rng.chance(10) {
        cart["discountCode"] = json!("");
    }
    if rng.chance(50) {
        cart["shippingMethod"] = json!(if parcel_service { rng.range(0, 1) } else { 0 });
    }
    let payment_methods = cart["site"]["paymentMethods"]
        .as_array()
        .map_or(0, Vec::len) as i64;
    if payment_methods > 0 && rng.chance(60) {
        cart["paymentMethodId"] = json!(rng.range(1, payment_methods));
    }
    if rng.chance(25) {
        cart["giftCard"] = json!({"balance": amount(rng, 10_000)});
    }
    if rng.chance(25) {
        match rng.range(0, 13) {
            0 => cart["site"]["vatPercentageHigh"] = vat_rate(rng),
            1 => catalog[rng.range(0, variants - 1) as usize]["unitPrice"] = maybe_bad_amount(rng, 100),
            2 => cart["site"]["shippingOptions"][0]["price"] = json!("-1.00"),
            3 => lines.push(json!({"productVariantId": variants + 7, "count": 1})),
            4 => lines.push(json!({"productVariantId": 1, "count": 1})),
            5 => lines.push(json!({"productVariantId": rng.range(1, variants), "count": *rng.pick(&[0, -1, 1000, 999])})),
            6 => cart["discountCode"] = json!("UNKNOWN"),
            7 => cart["paymentMethodId"] = json!(payment_methods + 1),
            8 => cart["shippingMethod"] = json!(rng.range(1, 2)),
            9 => cart["giftCard"] = json!({"balance": amount(rng, 5_000), "valid": false}),
            10 => lines.push(json!({"productId": 999, "productVariantId": 1, "count": 1})),
            11 => cart["unexpected"] = json!(true),
            12 => promotions.push(match rng.range(0, 3) {
                0 => json!({"promotionKey": "BAD", "description": "", "rule": {"type": "orderDiscount", "discount": {"percentage": "100.01"}}}),
                1 => json!({"promotionKey": "BAD", "description": "", "rule": {"type": "freeProduct", "appliesTo": {"productId": 1},
                    "buyQuantity": 1, "freeProductVariantId": variants + 1, "freeQuantity": 1, "promotionText": "gratis"}}),
                2 => json!({"promotionKey": "BAD", "description": "", "code": "CODE0", "rule": {"type": "shippingDiscount", "discount": "free"}}),
                _ => json!({"promotionKey": "BAD", "description": "", "rule": {"type": "bogus"}}),
            }),
            _ => catalog.push(catalog[0].clone()),
        }
    }
    cart["catalog"] = json!(catalog);
    cart["promotions"] = json!(promotions);
    cart["products"] = json!(lines);
    cart
}

fn optional_country(rng: &mut Rng) -> Value {
    if rng.chance(20) {
        Value::Null
    } else if rng.chance(2) {
        json!("NLD")
    } else {
        json!(rng.pick(COUNTRIES).to_owned())
    }
}

fn checkout_state(rng: &mut Rng) -> Value {
    json!({
        "productCount": rng.range(0, 3), "scanProductsOnly": rng.chance(20),
        "billingCountry": optional_country(rng), "shippingMethod": if rng.chance(2) { 3 } else { rng.range(0, 1) },
        "parcelShopId": if rng.chance(50) { json!(rng.pick(&["", " ", "PS-1"]).to_owned()) } else { Value::Null },
        "parcelShopZipcodeOrCity": if rng.chance(50) { json!(rng.pick(&["", "1234 AB", "Utrecht"]).to_owned()) } else { Value::Null },
        "alternativeShippingAddress": rng.chance(40), "shippingCountry": optional_country(rng),
        "totalAmount": if rng.chance(20) { json!("0.00") } else if rng.chance(1) { json!("-1.00") } else { json!(amount(rng, 50_000)) },
        "paymentMethodChosen": rng.chance(50), "siteCountry": rng.pick(COUNTRIES).to_owned(),
    })
}

const FIELD_VALUES: &[&str] = &[
    "",
    "  ",
    "jan@example.nl",
    "jan@",
    "a@b.c",
    "+31 6 12345678",
    "0612345678",
    "12ab",
    "1234 AB",
    "1234AB",
    "12345",
    "1000",
    "DK-1234",
    "NL123456789B01",
    "BE0123456789",
    "DE123456789",
    "12",
    "12a",
    "12-3",
    "31-12-2024",
    "29-02-2023",
    "29-02-2024",
    "2024-01-01",
    "geheim1",
    "abcdefg",
    "1234567",
    "kort",
    "Dit is een prima product hoor",
    "Te kort",
    "0",
    "3",
    "15",
    "999999999999",
    "Ééntje 🐴",
    "x\u{0}y",
];

fn rule(rng: &mut Rng, others: &[String]) -> Value {
    match rng.range(0, 12) {
        0 => json!({"rule": "required"}),
        1 => json!({"rule": "maxLength", "count": rng.range(0, 30)}),
        2 => json!({"rule": "email"}),
        3 => json!({"rule": "phone"}),
        4 => json!({"rule": "postcode", "country": rng.pick(COUNTRIES).to_owned()}),
        5 => {
            if rng.chance(50) {
                json!({"rule": "vatNumber"})
            } else {
                json!({"rule": "vatNumber", "country": rng.pick(COUNTRIES).to_owned()})
            }
        }
        6 => json!({"rule": "houseNumber"}),
        7 => json!({"rule": "date"}),
        8 => json!({"rule": "password"}),
        9 => {
            let field = if others.is_empty() || rng.chance(3) {
                "missing".to_owned()
            } else {
                rng.pick(others).clone()
            };
            json!({"rule": "passwordRepeat", "field": field})
        }
        10 => json!({"rule": "reviewText"}),
        11 => json!({"rule": "sampleNames"}),
        _ => json!({"rule": "stock", "available": rng.range(0, 20)}),
    }
}

fn form(rng: &mut Rng) -> Value {
    let names: Vec<String> = (0..rng.range(1, 5))
        .map(|index| format!("field{index}"))
        .collect();
    let mut fields = Map::new();
    for name in &names {
        let rules: Vec<Value> = (0..rng.range(0, 3)).map(|_| rule(rng, &names)).collect();
        let sample_names = rules.iter().any(|rule| rule["rule"] == "sampleNames");
        let mut field = json!({"rules": rules});
        if sample_names && !rng.chance(5) {
            let names: Vec<&str> = (0..rng.range(0, 3))
                .map(|_| *rng.pick(&["Hooi 1", "", " ", "Kuil"]))
                .collect();
            field["value"] = json!(names);
        } else if rng.chance(85) {
            field["value"] = json!(rng.pick(FIELD_VALUES).to_owned());
        } else if rng.chance(3) {
            field["value"] = json!(["a"]);
        }
        fields.insert(name.clone(), field);
    }
    json!({"fields": fields})
}

fn message(rng: &mut Rng) -> Value {
    let message_key = *rng.pick(&MessageKey::ALL);
    let key = serde_json::to_value(message_key).unwrap_or(Value::Null);
    if rng.chance(70) {
        return match message_key.parameter() {
            Some(Parameter::Count) => json!({"key": key, "params": {"count": rng.range(0, 100)}}),
            Some(Parameter::Amount) => json!({"key": key, "params": {"amount": rng.range(0, 100)}}),
            None => json!({"key": key}),
        };
    }
    match rng.range(0, 4) {
        0 => json!({"key": key, "params": {"count": rng.range(0, 100)}}),
        1 => json!({"key": key, "params": {"amount": rng.range(0, 100)}}),
        2 => json!({"key": key, "params": {}}),
        3 if rng.chance(10) => json!({"key": "validation.nope"}),
        _ => json!({"key": key}),
    }
}

fn feed_request(rng: &mut Rng) -> Value {
    const HORSES: &[&str] = &["horse", "pony"];
    const LOADS: &[&str] = &["none", "light", "average", "heavy"];
    const ROUGHAGE: &[&str] = &["hay", "haylage", "silage", "grass"];
    let fewest = if rng.chance(5) { 0 } else { 1 };
    let rules: Vec<Value> = (0..rng.range(fewest, 3))
        .map(|_| {
            json!({
                "horseTypes": rng.some(HORSES, 85), "workLoads": rng.some(LOADS, 85),
                "roughageTypes": rng.some(ROUGHAGE, 85), "productIds": (0..rng.range(1, 3)).map(|_| if rng.chance(2) { 104 } else { rng.range(100, 103) }).collect::<Vec<_>>(),
            })
        })
        .collect();
    let products: Vec<Value> = (100..=103)
        .map(|id| {
            let mut product = json!({"productId": id, "dosage": {
                "none": rng.range(0, 3_000), "light": rng.range(0, 3_000), "average": rng.range(0, 3_000), "heavy": rng.range(0, 4_000)}});
            if rng.chance(60) {
                let low = if rng.chance(3) { 0 } else { 50 };
                product["scoopGrams"] = json!(rng.range(low, 1_000));
            }
            if rng.chance(60) {
                let low = if rng.chance(3) { 0 } else { 1_000 };
                product["packGrams"] = json!(rng.range(low, 25_000));
            }
            product
        })
        .collect();
    let mut request = json!({
        "horseType": rng.pick(HORSES).to_owned(), "workLoad": rng.pick(LOADS).to_owned(),
        "roughageType": if rng.chance(2) { "straw" } else { rng.pick(ROUGHAGE) }.to_owned(), "rules": rules, "products": products,
    });
    if rng.chance(60) {
        request["weightKg"] = json!(rng.range(40, 1_250));
    }
    request
}

const ANALYTES: &[&str] = &[
    "dryMatter",
    "crudeProtein",
    "sugar",
    "crudeFibre",
    "ash",
    "calcium",
    "phosphorus",
    "magnesium",
    "sodium",
    "potassium",
    "copper",
    "zinc",
    "manganese",
    "selenium",
    "iron",
    "unknownAnalyte",
];
const GERMS: &[&str] = &[
    "fieldBacteria",
    "bacillusStaphylococcus",
    "streptomyces",
    "fieldMoulds",
    "aspergillusPenicillium",
    "mucorales",
    "yeasts",
    "spoilageMoulds",
    "otherGerms",
];

fn quantity(rng: &mut Rng, max: i64) -> String {
    match rng.range(0, 9) {
        0 => format!("{}.{}", rng.range(0, max), rng.range(0, 999)),
        1 if rng.chance(5) => "abc".to_owned(),
        2 if rng.chance(5) => "-1".to_owned(),
        _ => rng.range(0, max).to_string(),
    }
}

fn analyte_values(rng: &mut Rng) -> Map<String, Value> {
    rng.some(ANALYTES, 50)
        .into_iter()
        .map(|name| (name.to_owned(), json!(quantity(rng, 1_000))))
        .collect()
}

fn ranges(rng: &mut Rng) -> Value {
    let mut ranges = Map::new();
    for name in rng.some(ANALYTES, 30) {
        let mut range = json!({});
        if rng.chance(70) {
            range["min"] = json!(quantity(rng, 100));
        }
        if rng.chance(70) {
            range["max"] = json!(quantity(rng, 1_000));
        }
        if rng.chance(30) {
            range["alertMargin"] = json!(quantity(rng, 50));
        }
        ranges.insert(name.to_owned(), range);
    }
    Value::Object(ranges)
}

fn classify_request(rng: &mut Rng) -> Value {
    let sample_type = *rng.pick(&["hay", "silage"]);
    let mut request = json!({"sampleType": sample_type, "values": analyte_values(rng)});
    if rng.chance(30) {
        request["ranges"] = ranges(rng);
    }
    if rng.chance(50) {
        let mut counts = Map::new();
        let groups = if rng.chance(3) {
            GERMS
        } else if sample_type == "hay" {
            &GERMS[..7]
        } else {
            &GERMS[6..8]
        };
        for germ in rng.some(groups, 50) {
            let digits = rng.range(0, 9) as u32;
            counts.insert(germ.to_owned(), json!(rng.next() % 10_u64.pow(digits)));
        }
        request["germCounts"] = Value::Object(counts);
    }
    if rng.chance(20) {
        let values: Map<String, Value> = rng
            .some(GERMS, 50)
            .into_iter()
            .map(|germ| (germ.to_owned(), json!(rng.range(0, 1_000_000))))
            .collect();
        request["orientationValues"] = Value::Object(values);
    }
    request
}

fn roughage_advice_request(rng: &mut Rng) -> Value {
    let products: Vec<Value> = (0..rng.range(0, 3))
        .map(|index| {
            let supplies: Map<String, Value> = rng
                .some(ANALYTES, 30)
                .into_iter()
                .map(|name| (name.to_owned(), json!(quantity(rng, 3_000))))
                .collect();
            json!({"productId": index + 10, "supplies": supplies})
        })
        .collect();
    let mut request = json!({
        "sampleType": rng.pick(&["hay", "silage"]).to_owned(), "values": analyte_values(rng),
        "weightKg": rng.range(40, 1_250), "products": products,
    });
    if rng.chance(20) {
        request["ranges"] = ranges(rng);
    }
    if rng.chance(30) {
        request["dryMatterIntakePercent"] = json!(quantity(rng, 4));
    }
    request
}

fn decimal_text(rng: &mut Rng) -> String {
    let mut text = String::new();
    if rng.chance(20) {
        text.push('-');
    }
    let _ = write!(text, "{}", rng.next() % 10_u64.pow(rng.range(0, 12) as u32));
    if rng.chance(60) {
        let _ = write!(text, ".{}", rng.range(0, 999));
    }
    if rng.chance(2) {
        text = rng.pick(&["", "1,5", "abc", "1e5"]).to_string();
    }
    text
}

fn culture(rng: &mut Rng) -> Value {
    if rng.chance(3) {
        json!(rng.pick(&["de-CH", "xx", "NL"]).to_owned())
    } else {
        json!(rng.pick(CULTURES).to_owned())
    }
}

const URL_SEGMENTS: &[&str] = &[
    "hooi",
    "Paarden",
    "voer",
    "müsli",
    "porównaj",
    "a b",
    "%20",
    "logo.PNG",
    ".",
    "",
];

fn url(rng: &mut Rng) -> String {
    let mut url = String::new();
    for _ in 0..rng.range(0, 3) {
        url.push('/');
        let segment = rng.pick(URL_SEGMENTS);
        url.push_str(segment);
    }
    if rng.chance(50) {
        url.push('/');
    }
    if rng.chance(50) {
        url.push('?');
        let pairs: Vec<String> = (0..rng.range(0, 3))
            .map(|_| {
                let key = rng.pick(&["p", "ps", "q", "sort"]);
                let value = rng.pick(&["1", "2", "48", "0", "101", "x", "", "-3", "4294967296"]);
                format!("{key}={value}")
            })
            .collect();
        url.push_str(&pairs.join("&"));
    }
    if rng.chance(10) {
        url.push_str("#top");
    }
    if rng.chance(10) {
        url = format!("https://www.example.nl{url}");
    }
    url
}

fn date_text(rng: &mut Rng) -> String {
    match rng.range(0, 5) {
        0 => rng
            .pick(&[
                "2024-02-29",
                "2023-02-29",
                "2024-13-01",
                "24-01-01",
                "",
                "2024-1-1",
                "2024-04-31T10:00:00",
            ])
            .to_string(),
        _ => {
            let mut text = format!(
                "{:04}-{:02}-{:02}",
                rng.range(900, 10_000),
                rng.range(0, 13),
                rng.range(0, 32)
            );
            if rng.chance(20) {
                text.push_str("T12:34:56Z");
            }
            text
        }
    }
}

/// A discount code's dates and counts, sometimes with a customer's uses.
fn code_use(rng: &mut Rng) -> Value {
    let mut request = json!({"validFrom": date_text(rng), "validUntil": date_text(rng),
        "today": date_text(rng), "timesUsed": rng.range(0, 120)});
    if rng.chance(70) {
        request["usageLimit"] = json!(rng.range(0, 120));
    }
    if rng.chance(50) {
        request["perCustomerLimit"] = json!(rng.range(0, 3));
        request["customerUses"] = json!(rng.range(0, 4));
    }
    request
}

/// One random case: an operation and its JSON input text.
fn case(rng: &mut Rng) -> (String, String) {
    let operation = *rng.pick(engine::operations::OPERATIONS);
    let input = match operation {
        "vat.split" => {
            json!({"amountInclVat": maybe_bad_amount(rng, 100_000), "vatRatePercentage": vat_rate(rng)})
        }
        "cart.calculate" | "cart.shippingMethods" => cart(rng),
        "checkout.gates" => checkout_state(rng),
        "validation.validateForm" => form(rng),
        "validation.message" => message(rng),
        "compare.add" => json!({
            "productIds": (0..rng.range(0, 5)).map(|_| rng.range(1, 8)).collect::<Vec<_>>(), "productId": rng.range(1, 8)}),
        "feed.advice" => feed_request(rng),
        "feed.siloInterest" => {
            let mut request = json!({});
            if rng.chance(80) {
                request["horses"] = json!(rng.range(0, 30));
            }
            if rng.chance(60) {
                request["feedKg"] = json!(rng.range(0, 2_000));
            }
            if rng.chance(50) {
                request["threshold"] = json!(rng.pick(&["standard", "reduced"]).to_owned());
            }
            request
        }
        "roughage.classify" => classify_request(rng),
        "roughage.advice" => roughage_advice_request(rng),
        "locale.currency" => {
            if rng.chance(20) {
                json!({})
            } else {
                json!({"currencySymbol": rng.pick(&["€", "Kr.", "KR", "kr", "zł", "zl", " Kr. ", ""]).to_owned()})
            }
        }
        "locale.convert" => {
            let mut request = json!({"amountEur": maybe_bad_amount(rng, 1_000_000),
                "currency": if rng.chance(3) { "USD" } else { rng.pick(&["EUR", "DKK", "SEK", "PLN"]) }.to_owned()});
            if request["currency"] != "EUR" || rng.chance(30) {
                let rate = if rng.chance(10) {
                    rng.pick(&["0", "-1", "abc", "0.000001", "1.005"])
                } else {
                    rng.pick(&["7.4604", "11.2", "4.3", "1", "0.2345"])
                };
                request["rate"] = json!(rate.to_owned());
            }
            request
        }
        "locale.formatAmount" => json!({"amount": decimal_text(rng), "culture": culture(rng)}),
        "locale.formatQuantity" => {
            json!({"quantity": decimal_text(rng), "culture": culture(rng)})
        }
        "locale.formatDate" => json!({"date": date_text(rng)}),
        "locale.fallbackLanguage" => {
            let mut request = json!({});
            if rng.chance(70) {
                request["requested"] = culture(rng);
            }
            if rng.chance(70) {
                request["siteCultures"] = json!(
                    (0..rng.range(0, 3))
                        .map(|_| rng.pick(CULTURES).to_owned())
                        .collect::<Vec<_>>()
                );
            }
            if rng.chance(50) {
                request["siteFallback"] = culture(rng);
            }
            request
        }
        "url.normalize" | "url.readPaging" => json!({"url": url(rng)}),
        "url.paging" => {
            json!({"url": url(rng), "page": rng.range(0, 1_000), "pageSize": rng.range(0, 120)})
        }
        "url.comparePath" => json!({"culture": culture(rng)}),
        "cart.cleanUp" => cart(rng),
        "promotions.codeUsable" => code_use(rng),
        "giftCard.pay" | "giftCard.refund" => json!({
            "balance": maybe_bad_amount(rng, 50_000), "amount": maybe_bad_amount(rng, 50_000)}),
        other => json!({"operation": other}),
    };
    let text = serde_json::to_string(&input).unwrap_or_default();
    // Now and then: not JSON, the wrong JSON, or an operation that does not exist.
    match rng.range(0, 99) {
        0 => (
            operation.to_owned(),
            text.chars().take(text.chars().count() / 2).collect(),
        ),
        1 => (
            operation.to_owned(),
            rng.pick(&["null", "[]", "42", "\"text\"", "{}", ""])
                .to_string(),
        ),
        2 => (format!("{operation}X"), text),
        _ => (operation.to_owned(), text),
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let arguments: Vec<String> = std::env::args().collect();
    let [_, count, seed, path] = arguments.as_slice() else {
        return Err("usage: parity COUNT SEED OUT.jsonl".into());
    };
    let count: u64 = count.parse()?;
    let mut rng = Rng(seed.parse()?);
    let mut out = BufWriter::new(std::fs::File::create(path)?);
    for _ in 0..count {
        let (operation, input) = case(&mut rng);
        let record = match engine::operations::run(&operation, &input) {
            Ok(output) => json!({"operation": operation, "input": input, "output": output}),
            Err(error) => json!({"operation": operation, "input": input,
                "error": {"code": error.code(), "message": error.to_string()}}),
        };
        serde_json::to_writer(&mut out, &record)?;
        out.write_all(b"\n")?;
    }
    out.flush()?;
    Ok(())
}
