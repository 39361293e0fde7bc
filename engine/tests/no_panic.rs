//! No panic from any input: every operation of [`engine::operations::run`] (and the cart's
//! [`CartCalculator`](engine::cart::CartCalculator)) is fed the shared vectors' inputs with their
//! numbers and texts replaced by extreme values, and must answer with an output or an error.
//!
//! The inputs are built from every case of `fixtures/vectors/` (the valid examples of each
//! operation): every JSON number, every string that holds a decimal and every other string of a
//! case is a place that a mutation can replace, with
//! - decimals at the edges of `rust_decimal` (±79228162514264337593543950335, 28 fraction
//!   digits, the smallest step 0.0000000000000000000000000001), zero and tiny values where the
//!   engine divides (VAT rates, exchange rates, content amounts, dry-matter contents), amounts
//!   just inside and outside the engine's bounds, negative numbers, malformed text;
//! - JSON numbers at the edges of `u32`, `i64` and `u64` and beyond them, negative numbers,
//!   fractions where whole numbers are expected, coordinates just outside their range;
//! - long and non-ASCII strings.
//!
//! A case changes one to four places, or sets every decimal (and every number) of the input to
//! one extreme value at once, so that related fields (a minimum and the value compared with
//! it, a price and a quantity) are extreme together. The text is spliced from the serialized
//! vector, so a case costs little more than the engine's own work. Vector inputs over 20 KB
//! (the 200-line carts) are left out to keep the run short; their lines are like the small
//! carts' lines.
//!
//! The test counts the inputs it ran and requires at least 1,000,000 in one run.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use engine::operations::{OPERATIONS, run};
use proptest::sample::Index;
use proptest::strategy::Strategy;
use proptest::test_runner::{Config, FileFailurePersistence, TestCaseError, TestError, TestRunner};
use serde_json::Value;

/// The inputs of one run, at least.
const REQUIRED_INPUTS: u64 = 1_000_000;

/// Vector inputs larger than this (serialized) are not mutated.
const MAX_TEMPLATE_BYTES: usize = 20_000;

/// Decimals as they cross JSON: strings.
const DECIMALS: &[&str] = &[
    "79228162514264337593543950335",
    "-79228162514264337593543950335",
    "7.9228162514264337593543950335",
    "-7.9228162514264337593543950335",
    "0.0000000000000000000000000001",
    "-0.0000000000000000000000000001",
    "0.1234567890123456789012345678",
    "1.0000000000000000000000000001",
    "12345678901234567890123456789",
    "39614081257132168796771975168",
    "9999999999999999999999999999.9",
    "0",
    "-0",
    "0.00",
    "-0.00",
    "0.01",
    "-0.01",
    "0.005",
    "1",
    "-1",
    "99.99",
    "100",
    "100.01",
    "-100",
    "1000000.00",
    "1000000.01",
    "999999999999.99",
    "1000000000000",
    "-999999999999.99",
    "999999999999999.99",
    "1000000000000000",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "1e28",
    "1E-28",
    " 5 ",
    "+3",
    "0.",
    ".5",
    "NaN",
    "",
];

/// JSON numbers: counts, ids, weights, grams, coordinates.
const NUMBERS: &[&str] = &[
    "0",
    "-0",
    "1",
    "-1",
    "2",
    "3",
    "49",
    "50",
    "100",
    "101",
    "255",
    "256",
    "999",
    "1000",
    "1200",
    "1201",
    "65535",
    "65536",
    "2147483647",
    "-2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "-9223372036854775808",
    "9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "100000000000000000000000000000",
    "1e308",
    "-1e308",
    "1e-308",
    "0.5",
    "-0.5",
    "90",
    "-90",
    "90.0000000001",
    "180",
    "-180",
    "-180.0000000001",
    "179.99999999999997",
];

/// Other texts.
fn texts() -> Vec<String> {
    vec![
        String::new(),
        " ".to_owned(),
        "a".repeat(10_000),
        "é".repeat(3_000),
        "𝄞".repeat(2_000),
        "1".repeat(5_000),
        "-".repeat(100),
        "\u{0}".to_owned(),
        "NL".to_owned(),
        "nl-NL".to_owned(),
        "1234 AB".to_owned(),
        "30-02-2024".to_owned(),
        "9999-12-31T23:59:59".to_owned(),
        "?p=0&ps=0".to_owned(),
        "?p=4294967296&ps=18446744073709551616".to_owned(),
        format!("https://x.example/{}", "a/".repeat(2_000)),
        "%".to_owned(),
    ]
}

/// What a replaceable place in a vector input holds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Number,
    Decimal,
    Text,
}

/// A vector input cut at its replaceable places: `segments[0] place[0] segments[1] ...`.
struct Template {
    operation: &'static str,
    segments: Vec<String>,
    places: Vec<(Kind, String)>,
}

impl Template {
    fn new(operation: &'static str, input: &Value) -> Template {
        let mut places = Vec::new();
        let marked = mark(input, &mut places);
        let mut text = serde_json::to_string(&marked).expect("the input serializes");
        let mut segments = Vec::with_capacity(places.len() + 1);
        for index in 0..places.len() {
            let marker = format!("\"{}\"", marker(index));
            let at = text.find(&marker).expect("every marker is in the text");
            let rest = text.split_off(at + marker.len());
            text.truncate(at);
            segments.push(std::mem::replace(&mut text, rest));
        }
        segments.push(text);
        Template {
            operation,
            segments,
            places,
        }
    }

    /// The input with `replacements` (place, JSON text) put in; the original elsewhere.
    fn build(&self, replacements: &[(usize, &str)]) -> String {
        let mut text =
            String::with_capacity(self.segments.iter().map(String::len).sum::<usize>() + 64);
        for (index, segment) in self.segments.iter().enumerate() {
            text.push_str(segment);
            if let Some((_, original)) = self.places.get(index) {
                let replaced = replacements.iter().rev().find(|(place, _)| *place == index);
                text.push_str(replaced.map_or(original.as_str(), |(_, value)| value));
            }
        }
        text
    }
}

fn marker(index: usize) -> String {
    format!("@@place{index}@@")
}

/// The value with every number and string replaced by a marker, in document order; `places`
/// receives each one's kind and JSON text.
fn mark(value: &Value, places: &mut Vec<(Kind, String)>) -> Value {
    let mut place = |kind: Kind, value: &Value| {
        places.push((kind, value.to_string()));
        Value::String(marker(places.len() - 1))
    };
    match value {
        Value::Number(_) => place(Kind::Number, value),
        Value::String(text) => {
            let decimal = !text.trim().is_empty()
                && text
                    .trim()
                    .chars()
                    .all(|c| c.is_ascii_digit() || ".-+".contains(c));
            place(if decimal { Kind::Decimal } else { Kind::Text }, value)
        }
        Value::Array(items) => Value::Array(items.iter().map(|item| mark(item, places)).collect()),
        Value::Object(fields) => Value::Object(
            fields
                .iter()
                .map(|(name, field)| (name.clone(), mark(field, places)))
                .collect(),
        ),
        Value::Bool(_) | Value::Null => value.clone(),
    }
}

fn vector_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).expect("fixtures/vectors is readable") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            files.extend(vector_files(&path));
        } else if path
            .extension()
            .is_some_and(|extension| extension == "json")
        {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// The extreme values as JSON texts, by kind.
struct Pool {
    numbers: Vec<String>,
    decimals: Vec<String>,
    texts: Vec<String>,
}

impl Pool {
    fn new() -> Pool {
        let quoted = |text: &str| Value::String(text.to_owned()).to_string();
        Pool {
            numbers: NUMBERS.iter().map(|number| (*number).to_owned()).collect(),
            decimals: DECIMALS.iter().map(|decimal| quoted(decimal)).collect(),
            texts: texts().iter().map(|text| quoted(text)).collect(),
        }
    }

    fn of(&self, kind: Kind) -> &[String] {
        match kind {
            Kind::Number => &self.numbers,
            Kind::Decimal => &self.decimals,
            Kind::Text => &self.texts,
        }
    }
}

/// One generated input: which template, and what to change in it.
#[derive(Clone, Debug)]
struct Case {
    template: Index,
    /// (place, value, another kind's value): single places replaced.
    changes: Vec<(Index, Index, bool)>,
    /// Every decimal and every number set to one value.
    flood: Option<Index>,
}

fn cases() -> impl Strategy<Value = Case> {
    (
        proptest::prelude::any::<Index>(),
        proptest::collection::vec(
            (
                proptest::prelude::any::<Index>(),
                proptest::prelude::any::<Index>(),
                proptest::prelude::any::<u8>(),
            ),
            1..=4,
        ),
        proptest::option::weighted(0.15, proptest::prelude::any::<Index>()),
    )
        .prop_map(|(template, changes, flood)| Case {
            template,
            // One change in sixteen puts a value of another kind (a number for a decimal, ...).
            changes: changes
                .into_iter()
                .map(|(place, value, other)| (place, value, other % 16 == 0))
                .collect(),
            flood,
        })
}

impl Case {
    fn input(&self, templates: &[&Template], pool: &Pool) -> (&'static str, String) {
        let template = self.template.get(templates);
        let mut replacements: Vec<(usize, &str)> = Vec::new();
        if let Some(flood) = &self.flood {
            for (index, (kind, _)) in template.places.iter().enumerate() {
                if *kind != Kind::Text {
                    replacements.push((index, flood.get(pool.of(*kind)).as_str()));
                }
            }
        }
        if !template.places.is_empty() {
            for (place, value, other_kind) in &self.changes {
                let index = place.index(template.places.len());
                let kind = template.places[index].0;
                let kind = match (other_kind, kind) {
                    (false, kind) => kind,
                    (true, kind) => {
                        let others: Vec<Kind> = [Kind::Number, Kind::Decimal, Kind::Text]
                            .into_iter()
                            .filter(|other| *other != kind)
                            .collect();
                        *value.get(&others)
                    }
                };
                replacements.push((index, value.get(pool.of(kind)).as_str()));
            }
        }
        (template.operation, template.build(&replacements))
    }
}

/// `cart.calculate`'s input run through a [`CartCalculator`]: the context, then the choices.
const CART_CALCULATOR: &str = "cart.CartCalculator";

/// Runs one input and says whether it answered (Ok or Err) without a panic.
fn answers(operation: &str, input: &str) -> Result<(), String> {
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        if operation == CART_CALCULATOR {
            calculate_with_calculator(input);
        } else {
            let _: Result<String, engine::EngineError> = run(operation, input);
        }
    }));
    outcome.map_err(|panic| {
        panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|text| (*text).to_owned()))
            .unwrap_or_default()
    })
}

fn calculate_with_calculator(input: &str) {
    const CONTEXT: [&str; 3] = ["site", "catalog", "promotions"];
    let Ok(Value::Object(fields)) = serde_json::from_str::<Value>(input) else {
        return;
    };
    let (context, choices): (
        serde_json::Map<String, Value>,
        serde_json::Map<String, Value>,
    ) = fields
        .into_iter()
        .partition(|(name, _)| CONTEXT.contains(&name.as_str()));
    if let Ok(mut calculator) =
        engine::operations::cart_calculator(&Value::Object(context).to_string())
    {
        let _: Result<String, engine::EngineError> = engine::operations::calculate_with(
            &mut calculator,
            &Value::Object(choices).to_string(),
        );
    }
}

/// How many inputs each operation gets: the cheap ones many, the carts fewer.
fn budget(operation: &str) -> u32 {
    match operation {
        "cart.calculate" | "cart.shippingMethods" | CART_CALCULATOR => 20_000,
        "checkout.gates" | "validation.validateForm" | "feed.advice" => 30_000,
        _ => 45_000,
    }
}

fn templates() -> Vec<Template> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/vectors");
    let mut templates = Vec::new();
    for file in vector_files(&root) {
        let vector: Value =
            serde_json::from_str(&std::fs::read_to_string(&file).expect("readable")).expect("JSON");
        let name = vector["operation"]
            .as_str()
            .expect("vector has an operation");
        let operation = *OPERATIONS
            .iter()
            .find(|known| **known == name)
            .expect("a known operation");
        for case in vector["cases"].as_array().expect("vector has cases") {
            let input = &case["input"];
            if input.to_string().len() > MAX_TEMPLATE_BYTES {
                continue;
            }
            templates.push(Template::new(operation, input));
            if operation == "cart.calculate" {
                templates.push(Template::new(CART_CALCULATOR, input));
            }
        }
    }
    // `messages.keys` ignores its input; it has no vectors.
    templates.push(Template::new(
        "messages.keys",
        &serde_json::json!({"any": ["thing", 1, "2.5"]}),
    ));
    templates
}

#[test]
fn no_operation_panics_on_extreme_inputs() {
    let templates = templates();
    let pool = Pool::new();
    let mut operations: Vec<&str> = OPERATIONS.to_vec();
    operations.push(CART_CALCULATOR);
    for operation in &operations {
        assert!(
            templates
                .iter()
                .any(|template| template.operation == *operation),
            "no inputs for {operation}"
        );
    }
    // Panics are caught and reported as failures with their input; the default hook's message
    // for each (many while proptest shrinks) would only bury the report.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let started = Instant::now();
    let count = AtomicU64::new(0);
    let failures = std::sync::Mutex::new(Vec::new());
    // Two workers (the development machine has two cores), each with its share of operations.
    std::thread::scope(|scope| {
        for worker in 0..2 {
            let (templates, pool, count, failures, operations) =
                (&templates, &pool, &count, &failures, &operations);
            scope.spawn(move || {
                for operation in operations.iter().skip(worker).step_by(2) {
                    let own: Vec<&Template> = templates
                        .iter()
                        .filter(|template| template.operation == *operation)
                        .collect();
                    let config = Config {
                        cases: budget(operation),
                        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
                            "proptest-regressions/no_panic.txt",
                        ))),
                        source_file: Some(file!()),
                        ..Config::default()
                    };
                    let mut runner = TestRunner::new(config);
                    let (ran, started) = (AtomicU64::new(0), Instant::now());
                    let result = runner.run(&cases(), |case| {
                        let (operation, input) = case.input(&own, pool);
                        ran.fetch_add(1, Ordering::Relaxed);
                        answers(operation, &input).map_err(|panic| {
                            TestCaseError::fail(format!(
                                "{operation} panicked ({panic}) on {}",
                                shorten(&input)
                            ))
                        })
                    });
                    let ran = ran.load(Ordering::Relaxed);
                    count.fetch_add(ran, Ordering::Relaxed);
                    eprintln!(
                        "no_panic: {operation}: {ran} inputs in {:.1?}",
                        started.elapsed()
                    );
                    match result {
                        Ok(()) => {}
                        Err(TestError::Fail(reason, case)) => {
                            failures
                                .lock()
                                .unwrap()
                                .push(format!("{reason} [{case:?}]"));
                        }
                        Err(error) => failures
                            .lock()
                            .unwrap()
                            .push(format!("{operation}: {error}")),
                    }
                }
            });
        }
    });
    let elapsed = started.elapsed();
    std::panic::set_hook(hook);
    let count = count.load(Ordering::Relaxed);
    eprintln!(
        "no_panic: {count} inputs over {} operations in {elapsed:.1?}",
        operations.len()
    );
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} operations panicked:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        count >= REQUIRED_INPUTS,
        "only {count} inputs were generated"
    );
}

fn shorten(input: &str) -> String {
    if input.len() <= 600 {
        return input.to_owned();
    }
    let mut end = 600;
    while !input.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}... ({} bytes)", &input[..end], input.len())
}
