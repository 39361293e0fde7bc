//! The cart invariant: after any sequence of cart calls, accepted or
//! refused, the cart reads and calculates with 200, and a refused call changes nothing.
//!
//! Random call sequences against the real server, from a fixed seed so that a failure can be
//! replayed: every call of the cart API with valid and invalid arguments (lines, samples,
//! discount codes of this and other sites, expired and used up, gift cards, billing, shipping,
//! alternative address, company, payment, dealer, pick-up point, newsletter, password).

use serde_json::{Value, json};

use crate::support::{TestApp, fixture_tests};

/// Sequences per backend and calls per sequence.
const SEQUENCES: u64 = 30;
const CALLS: usize = 25;

/// A small deterministic generator (xorshift64*), enough to pick calls and arguments.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn pick<T: Clone>(&mut self, choices: &[T]) -> T {
        let index = usize::try_from(self.next() % choices.len() as u64).unwrap();
        choices[index].clone()
    }
}

/// One call: method, path (after `/api/cart/{id}`) and body.
#[derive(Debug, Clone)]
struct Call {
    method: reqwest::Method,
    path: String,
    body: Option<Value>,
}

fn call(method: reqwest::Method, path: String, body: Option<Value>) -> Call {
    Call { method, path, body }
}

const VARIANTS: &[i64] = &[
    1011, 1021, 1031, 1522, 1651, 1701, 1721, 1811, 1821, 2011, 999_999,
];
const CODES: &[&str] = &[
    "WELKOM10",
    "ZOMER5",
    "GRATISVERZENDING",
    "WEIDE15",
    "OUD2023",
    "TOEKOMST20",
    "OP",
    "WELKOMTERUG",
    "NOPE",
    "",
];

fn billing(random: &mut Random) -> Value {
    let valid = json!({"firstName": "Anna", "lastName": "de Vries", "phoneNumber": "0612345678", "emailAddress": "anna@example.nl",
                       "address": {"zipcode": "3511 AZ", "street": "Oudegracht", "streetNumber": "1", "city": "Utrecht", "countryId": 1}});
    random.pick(&[
        valid.clone(),
        json!({"firstName": "Hans", "lastName": "Müller", "emailAddress": "hans@example.de", "address": {"countryId": 3}}),
        json!({"firstName": "", "lastName": "x", "emailAddress": "not an e-mail"}),
        json!({"firstName": "Anna", "lastName": "de Vries", "emailAddress": "anna@example.nl", "phoneNumber": "phone!"}),
        json!("not an object"),
    ])
}

fn random_call(random: &mut Random) -> Call {
    use reqwest::Method;
    let variant = random.pick(VARIANTS);
    match random.next() % 17 {
        0 | 1 => {
            let quantity = random.pick(&["1", "2", "5", "-1", "0", "500", "999", "x"]);
            call(
                Method::POST,
                format!("/products?productVariantId={variant}&quantity={quantity}"),
                None,
            )
        }
        2 => call(
            Method::PUT,
            format!(
                "/products/{variant}?quantity={}",
                random.pick(&["0", "1", "3", "999", "1000", "-2"])
            ),
            None,
        ),
        3 => call(Method::DELETE, format!("/products/{variant}"), None),
        4 => {
            let (sequence, name) = (
                random.next() % 4 + 1,
                random.pick(&["Hooi perceel 1", "", "Kuil"]),
            );
            call(
                Method::POST,
                format!(
                    "/rqssamplename?productVariantId={}&sequence={sequence}&samplename={name}",
                    random.pick(&[1811, 1011])
                ),
                None,
            )
        }
        5 => call(
            Method::DELETE,
            format!("/products/1811/{}", random.next() % 3 + 1),
            None,
        ),
        6 => call(
            Method::POST,
            format!("/discountcode?code={}", random.pick(CODES)),
            None,
        ),
        7 => call(Method::DELETE, "/discountcode".to_owned(), None),
        8 => {
            let (number, pin) = random.pick(&[
                ("6064360000000018", "1234"),
                ("6064360000000026", "0000"),
                ("6064360000000034", "1111"),
                ("1", "1"),
            ]);
            call(
                Method::POST,
                "/payment".to_owned(),
                Some(
                    json!({"paymentMethodId": 1, "issuer": "ideal_RABONL2U", "giftCardNumber": number, "giftCardPin": pin}),
                ),
            )
        }
        9 => call(Method::POST, "/billing".to_owned(), Some(billing(random))),
        10 => {
            let method = random.pick(&[0, 1, 2]);
            call(
                Method::PUT,
                "/shipping".to_owned(),
                Some(
                    json!({"firstName": "Anna", "lastName": "de Vries", "address": {"countryId": 1}, "shippingMethod": method}),
                ),
            )
        }
        11 => call(
            Method::PUT,
            format!(
                "/alternativeshipping?alternativeShippingAddress={}",
                random.pick(&["true", "false", "maybe"])
            ),
            None,
        ),
        12 => {
            let body = random.pick(&[
                json!({"companyName": "Stal de Hoef", "vatNumber": "NL123456789B01"}),
                json!({"companyName": "x", "vatNumber": "nonsense"}),
            ]);
            call(Method::PUT, "/companyinfo".to_owned(), Some(body))
        }
        13 => {
            let method = random.pick(&[
                json!(null),
                json!(1),
                json!(2),
                json!(3),
                json!(5),
                json!(6),
                json!(99),
            ]);
            call(
                Method::POST,
                "/payment".to_owned(),
                Some(json!({"paymentMethodId": method, "issuer": "ideal_INGBNL2A"})),
            )
        }
        14 => call(
            Method::POST,
            format!(
                "/setdealer?dealerId={}",
                random.pick(&["1", "2", "9999", "abc"])
            ),
            None,
        ),
        15 => {
            let (shop, place) = random.pick(&[
                ("NL-UT-0001", "Utrecht"),
                ("NL-UT-0002", "3511"),
                ("XX-0", "Utrecht"),
                ("NL-UT-0001", ""),
            ]);
            call(
                Method::POST,
                format!("/setdpdpickuppoint?parcelShopId={shop}&parcelShopZipcodeOrCity={place}"),
                None,
            )
        }
        _ => match random.next() % 4 {
            0 => call(
                Method::POST,
                format!(
                    "/setpassword?password={}&confirmUrl=/account/confirm/",
                    random.pick(&["geheim123", "short"])
                ),
                None,
            ),
            _ => call(
                Method::POST,
                format!(
                    "/newsletter?subscribe={}",
                    random.pick(&["true", "false", "maybe"])
                ),
                None,
            ),
        },
    }
}

async fn send(app: &TestApp, cart: &str, call: &Call) -> (u16, String) {
    let mut request = app.client.request(
        call.method.clone(),
        app.url(&format!("/api/cart/{cart}{}", call.path)),
    );
    if let Some(body) = &call.body {
        request = request.json(body);
    }
    let response = request.send().await.unwrap();
    (response.status().as_u16(), response.text().await.unwrap())
}

/// The cart as GET shows it, after it has taken off any choice that no longer applies (whose
/// notice shows once), and its stored calculation: both must answer 200.
async fn settled_cart(app: &TestApp, cart: &str, trace: &[String]) -> String {
    for _ in 0..2 {
        let response = app.get(&format!("/api/cart/{cart}")).await;
        let status = response.status().as_u16();
        let body = response.text().await.unwrap();
        assert_eq!(status, 200, "GET after {trace:#?}: {body}");
        let calculated = app
            .post(&format!("/api/cartcalculation/{cart}/calculate"))
            .await;
        let calculated_status = calculated.status().as_u16();
        assert_eq!(
            calculated_status,
            200,
            "calculate after {trace:#?}: {}",
            calculated.text().await.unwrap()
        );
        let notices = serde_json::from_str::<Value>(&body).unwrap()["notices"]
            .as_array()
            .map_or(0, Vec::len);
        if notices == 0 {
            return body;
        }
    }
    panic!("notices shown twice after {trace:#?}");
}

async fn run_sequence(app: &TestApp, seed: u64) -> (usize, usize) {
    let mut random = Random(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let (site, language) = random.pick(&[(1, 1), (20, 1), (2, 6)]);
    let created = app
        .client
        .post(app.url("/api/cart"))
        .header("siteid", site.to_string())
        .header("languageid", language.to_string());
    let created: Value = created.send().await.unwrap().json().await.unwrap();
    let cart = created["cart"]["shoppingcartId"]
        .as_str()
        .unwrap()
        .to_owned();
    let mut trace = vec![format!("seed {seed}: cart on site {site}")];
    let mut before = settled_cart(app, &cart, &trace).await;
    let (mut accepted, mut refused) = (0, 0);
    for _ in 0..CALLS {
        let call = random_call(&mut random);
        let (status, body) = send(app, &cart, &call).await;
        trace.push(format!(
            "{} {} {} -> {status}",
            call.method,
            call.path,
            call.body.as_ref().map(Value::to_string).unwrap_or_default()
        ));
        assert!(status < 500, "{trace:#?}: {body}");
        let after = settled_cart(app, &cart, &trace).await;
        if (400..500).contains(&status) {
            assert_eq!(after, before, "a refused call changed the cart: {trace:#?}");
            refused += 1;
        } else {
            accepted += 1;
        }
        before = after;
    }
    (accepted, refused)
}

fixture_tests!(
    after_any_sequence_of_calls_a_cart_reads_and_calculates_and_refusals_change_nothing,
    a_code_of_a_promotion_another_site_runs_is_refused_and_changes_nothing,
    a_code_that_expires_while_in_the_cart_is_taken_off_with_a_notice_once
);

async fn after_any_sequence_of_calls_a_cart_reads_and_calculates_and_refusals_change_nothing(
    app: TestApp,
) {
    let (mut accepted, mut refused) = (0, 0);
    for seed in 1..=SEQUENCES {
        let (yes, no) = run_sequence(&app, seed).await;
        accepted += yes;
        refused += no;
    }
    // Both kinds of calls were exercised (the figures are fixed by the seeds).
    assert_eq!(accepted + refused, (SEQUENCES as usize) * CALLS);
    assert!(
        accepted > 100 && refused > 100,
        "accepted {accepted}, refused {refused}"
    );
    eprintln!("cart invariant: {accepted} calls accepted, {refused} refused");
}

async fn a_code_of_a_promotion_another_site_runs_is_refused_and_changes_nothing(app: TestApp) {
    let created: Value = app
        .client
        .post(app.url("/api/cart"))
        .header("siteid", "1")
        .header("languageid", "1")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let cart = created["cart"]["shoppingcartId"]
        .as_str()
        .unwrap()
        .to_owned();
    app.post(&format!("/api/cart/{cart}/products?productVariantId=1011"))
        .await;
    let before = app
        .get(&format!("/api/cart/{cart}"))
        .await
        .text()
        .await
        .unwrap();
    // WEIDE15 is valid, but only on the Weidegroen sites.
    let response = app
        .post(&format!("/api/cart/{cart}/discountcode?code=WEIDE15"))
        .await;
    assert_eq!(response.status(), 400);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["code"], "errors.discountCodeInvalid");
    assert_eq!(
        app.get(&format!("/api/cart/{cart}"))
            .await
            .text()
            .await
            .unwrap(),
        before
    );
}

async fn a_code_that_expires_while_in_the_cart_is_taken_off_with_a_notice_once(app: TestApp) {
    sqlx::any::install_default_drivers();
    let created: Value = app
        .client
        .post(app.url("/api/cart"))
        .header("siteid", "1")
        .header("languageid", "1")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let cart = created["cart"]["shoppingcartId"]
        .as_str()
        .unwrap()
        .to_owned();
    app.post(&format!("/api/cart/{cart}/products?productVariantId=1011"))
        .await;
    let with_code: Value = app
        .post(&format!("/api/cart/{cart}/discountcode?code=welkom10"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(with_code["cart"]["discountCode"], "WELKOM10");
    assert_eq!(
        with_code["calculation"]["orderDiscounts"][0]["promotionKey"],
        "welkom10"
    );

    let pool = sqlx::AnyPool::connect(&app.database_url()).await.unwrap();
    sqlx::query("UPDATE discount_codes SET valid_until = '2025-12-31' WHERE code = 'WELKOM10'")
        .execute(&pool)
        .await
        .unwrap();
    let shown: Value = app
        .get(&format!("/api/cart/{cart}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        shown["notices"],
        json!([{"code": "errors.discountCodeInvalid", "message": "The discount code no longer applies and was taken off the cart"}])
    );
    assert_eq!(
        (
            &shown["cart"]["discountCode"],
            &shown["calculation"]["orderDiscounts"]
        ),
        (&json!(null), &json!([]))
    );
    let again: Value = app
        .get(&format!("/api/cart/{cart}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        (&again["notices"], &again["cart"]["discountCode"]),
        (&json!([]), &json!(null))
    );
    let (stored,): (Option<String>,) =
        sqlx::query_as("SELECT discount_code FROM carts WHERE cart_id = $1")
            .bind(&cart)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(stored, None);
    assert_eq!(
        app.post(&format!("/api/cartcalculation/{cart}/calculate"))
            .await
            .status(),
        200
    );
}
