//! Carts over HTTP with the demo fixtures: the server recomputes every amount with the engine.
//! Site 1 is Hoefslag NL (VAT 21/9, home delivery 4.95, free from 50.00); variant 1011 is
//! Hoefslag Sport Muesli 20 kg at 32.95 with 10 % off (promotion winter-sport-muesli-10) and a
//! free scoop (variant 1722, 5.95) for every 2 bought (muesli-scoop-gift).

use serde_json::{Value, json};

use crate::support::cart::CartAnswer;
use crate::support::{ApiErrorBody, TestApp, fixture_tests, read, status_and};

async fn new_cart(app: &TestApp) -> String {
    app.create_cart_in(1, 1).await
}

async fn post(app: &TestApp, path: &str) -> (u16, Value) {
    let response = app.post(path).await;
    (response.status().as_u16(), response.json().await.unwrap())
}

fixture_tests!(
    a_new_cart_needs_site_and_language_and_starts_empty,
    every_change_moves_the_stored_modification_time_and_a_reread_shows_it,
    the_cart_kept_in_memory_after_changes_is_the_one_the_database_holds,
    adding_products_applies_promotions_shipping_and_vat,
    bad_quantities_and_unknown_variants_are_refused,
    discount_codes_are_checked_by_the_server_and_priced_by_the_engine,
    gift_cards_pay_part_of_the_total,
    shipping_methods_and_calculation_without_a_stored_cart,
    addresses_company_and_newsletter_are_kept_and_checked
);

async fn a_new_cart_needs_site_and_language_and_starts_empty(app: TestApp) {
    let response = app.post("/api/cart").await;
    assert_eq!(response.status(), 400);
    let body: ApiErrorBody = read(response).await;
    assert_eq!(
        (body.code.as_str(), body.message.as_str()),
        ("errors.payloadIncorrect", "Payload is incorrect")
    );

    let wrong_language = app
        .client
        .post(app.url("/api/cart"))
        .header("siteid", "1")
        .header("languageid", "3")
        .header("content-type", "application/json")
        .send()
        .await
        .unwrap();
    assert_eq!(wrong_language.status(), 400, "site 1 has no German");

    let id = new_cart(&app).await;
    assert_eq!(id.len(), 32);
    let body = app.read_cart(&id).await;
    assert!(body.cart.products.is_empty(), "{:?}", body.cart.products);
    let calculation = &body.calculation;
    assert_eq!(
        [
            &calculation.total_amount,
            &calculation.shipping_costs,
            &calculation.amount_to_pay
        ],
        ["0.00", "0.00", "0.00"]
    );
    assert_eq!(calculation.item_count, 0);

    assert_eq!(
        app.get("/api/cart/00000000000000000000000000000000")
            .await
            .status(),
        404
    );
}

async fn every_change_moves_the_stored_modification_time_and_a_reread_shows_it(app: TestApp) {
    let id = new_cart(&app).await;
    let created = app.read_cart(&id).await;
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    let (_, added): (_, CartAnswer) = app.add_cart_line(&id, 1011, Some(2)).await;
    assert!(
        added.cart.last_modified > created.cart.last_modified,
        "{added:?}"
    );
    let reread = app.read_cart(&id).await;
    assert_eq!(
        reread.cart.last_modified, added.cart.last_modified,
        "the database moved the cart's time with the line"
    );
    assert_eq!(reread.cart.products[0].count, 2);

    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    let changed: CartAnswer = read(app.change_cart_line(&id, 1011, 5).await).await;
    assert!(changed.cart.last_modified > added.cart.last_modified);
    let reread = app.read_cart(&id).await;
    assert_eq!(
        (reread.cart.last_modified, reread.cart.products[0].count),
        (changed.cart.last_modified, 5)
    );
}

async fn the_cart_kept_in_memory_after_changes_is_the_one_the_database_holds(app: TestApp) {
    let id = new_cart(&app).await;
    // New lines within the same millisecond, counts changed, a line removed: each change
    // keeps the cart it wrote in memory (on SQLite), and the next change starts from it.
    for variant in [1701, 1031, 1011, 1021, 1721] {
        let (status, body): (_, Value) = app.add_cart_line(&id, variant, None).await;
        assert_eq!(status, 200, "{body}");
    }
    let _: (_, Value) = app.add_cart_line(&id, 1031, Some(2)).await;
    app.change_cart_line(&id, 1701, 4).await;
    app.remove_cart_line(&id, 1021).await;
    let _: (_, Value) = app.add_cart_line(&id, 1021, None).await;
    // The whole cart and calculation are compared, so they stay JSON values.
    let kept: Value = read(app.get(&format!("/api/cart/{id}")).await).await;

    // A second server on the same database has nothing in memory: it reads the tables.
    let url = app.database_url();
    let fresh = TestApp::spawn_with(app.backend, |config| config.database_url = url).await;
    let stored: Value = read(fresh.get(&format!("/api/cart/{id}")).await).await;
    fresh.stop().await;
    assert_eq!(kept["cart"], stored["cart"]);
    assert_eq!(kept["calculation"], stored["calculation"]);
    let kept: CartAnswer = serde_json::from_value(kept).unwrap();
    let counts: Vec<(i64, i64)> = kept
        .cart
        .products
        .iter()
        .map(|line| (line.product_variant_id, line.count))
        .collect();
    assert_eq!(counts.len(), 5, "{counts:?}");
    assert!(
        counts.contains(&(1031, 3)) && counts.contains(&(1701, 4)),
        "{counts:?}"
    );
}

async fn adding_products_applies_promotions_shipping_and_vat(app: TestApp) {
    let id = new_cart(&app).await;
    let (status, body): (_, CartAnswer) = app.add_cart_line(&id, 1011, None).await;
    assert_eq!(status, 200, "{body:?}");
    let calculation = &body.calculation;
    let line = &calculation.products[0];
    assert_eq!(
        (
            line.quantity,
            line.original_amount.as_str(),
            line.total_amount.as_str()
        ),
        (1, "32.95", "29.65")
    );
    assert_eq!(
        line.product_discounts[0].promotion_key,
        "winter-sport-muesli-10"
    );
    assert_eq!(line.description, "Hoefslag Sport Muesli");
    // The engine input comes along, for the storefront's instant preview.
    assert_eq!(
        body.input["products"],
        json!([{"productId": 1, "productVariantId": 1011, "count": 1, "rqsSamples": []}])
    );
    assert_eq!(body.input["site"]["vatPercentageLow"], "9");
    // 29.65 goods + 4.95 shipping, all at 9 %: VAT 34.60 * 9 / 109 = 2.857 -> 2.86.
    assert_eq!(
        [
            &calculation.sub_total_amount,
            &calculation.shipping_costs,
            &calculation.total_amount,
            &calculation.vat_amount_low,
            &calculation.vat_amount_high,
            &calculation.total_amount_excl_vat
        ],
        ["29.65", "4.95", "34.60", "2.86", "0.00", "31.74"]
    );

    // A second bag: 65.90 - 6.59 = 59.31, free shipping from 50.00, and a free scoop.
    let (_, body): (_, CartAnswer) = app.add_cart_line(&id, 1011, Some(1)).await;
    let calculation = &body.calculation;
    assert_eq!(body.cart.products[0].count, 2);
    assert_eq!(
        calculation.products[0].free_products[0].product_variant_id,
        1722
    );
    assert_eq!(calculation.item_count, 3, "two bags and the free scoop");
    assert_eq!(
        [
            &calculation.total_amount,
            &calculation.shipping_costs,
            &calculation.vat_amount_low
        ],
        ["59.31", "0.00", "4.90"]
    );

    let body: CartAnswer = read(app.change_cart_line(&id, 1011, 1).await).await;
    assert_eq!(body.calculation.total_amount, "34.60");

    let removed = app.remove_cart_line(&id, 1011).await;
    assert_eq!(removed.status(), 200);
    let again = app.remove_cart_line(&id, 1011).await;
    assert_eq!(again.status(), 404);
}

async fn bad_quantities_and_unknown_variants_are_refused(app: TestApp) {
    let id = new_cart(&app).await;
    let (status, body): (_, ApiErrorBody) = app.add_cart_line(&id, 1011, Some(1000)).await;
    assert_eq!((status, body.code.as_str()), (400, "quantity_out_of_range"));
    let (status, body): (_, ApiErrorBody) = status_and(
        app.post(&format!(
            "/api/cart/{id}/products?productVariantId=1011&quantity=abc"
        ))
        .await,
    )
    .await;
    assert_eq!(
        (status, body.first_key("quantity")),
        (400, Some("validation.invalidQuantity"))
    );
    let (status, _): (_, Value) = app.add_cart_line(&id, 999999, None).await;
    assert_eq!(status, 404);
    let (status, body): (_, ApiErrorBody) =
        status_and(app.post(&format!("/api/cart/{id}/products")).await).await;
    assert_eq!(
        (status, body.first_key("productVariantId")),
        (400, Some("validation.required"))
    );
    let body = app.read_cart(&id).await;
    assert!(body.cart.products.is_empty(), "nothing was stored");
}

async fn discount_codes_are_checked_by_the_server_and_priced_by_the_engine(app: TestApp) {
    let id = new_cart(&app).await;
    let _: (_, Value) = app.add_cart_line(&id, 1011, Some(2)).await;
    let (status, body): (_, ApiErrorBody) = status_and(
        app.post(&format!("/api/cart/{id}/discountcode?code=oud2023"))
            .await,
    )
    .await;
    assert_eq!(
        (status, body.code.as_str()),
        (400, "errors.discountCodeInvalid"),
        "expired"
    );
    let (status, body): (_, CartAnswer) = status_and(
        app.post(&format!("/api/cart/{id}/discountcode?code=welkom10"))
            .await,
    )
    .await;
    assert_eq!(status, 200, "{body:?}");
    assert_eq!(body.cart.discount_code.as_deref(), Some("WELKOM10"));
    let calculation = &body.calculation;
    // 10 % of 59.31 = 5.931 -> 5.93; 53.38 is still above the free-shipping threshold.
    assert_eq!(calculation.order_discounts[0].amount, "5.93");
    assert_eq!(
        [
            &calculation.total_amount,
            &calculation.shipping_costs,
            &calculation.vat_amount_low
        ],
        ["53.38", "0.00", "4.41"]
    );

    let removed = app
        .client
        .delete(app.url(&format!("/api/cart/{id}/discountcode")))
        .header("content-type", "application/json")
        .send()
        .await
        .unwrap();
    let body: CartAnswer = read(removed).await;
    assert_eq!(body.calculation.total_amount, "59.31");
}

async fn gift_cards_pay_part_of_the_total(app: TestApp) {
    let id = new_cart(&app).await;
    let _: (_, Value) = app.add_cart_line(&id, 1011, Some(2)).await;
    let path = format!("/api/cart/{id}/payment");
    let wrong = app
        .post_json(
            &path,
            &json!({ "giftCardNumber": "6064360000000026", "giftCardPin": "0000" }),
        )
        .await;
    assert_eq!(wrong.status(), 400);
    let body: ApiErrorBody = read(wrong).await;
    assert_eq!(body.code, "errors.giftCardRejected");

    let paid = app
        .post_json(
            &path,
            &json!({
                "paymentMethodId": 1,
                "giftCardNumber": "6064360000000018",
                "giftCardPin": "1234"
            }),
        )
        .await;
    assert_eq!(paid.status(), 200);
    let body: CartAnswer = read(paid).await;
    assert_eq!(
        body.cart.payment,
        json!({ "paymentMethodId": 1, "issuer": null, "giftCardNumber": "6064360000000018" })
    );
    let calculation = &body.calculation;
    assert_eq!(
        [
            &calculation.total_amount,
            &calculation.gift_card_amount,
            &calculation.amount_to_pay
        ],
        ["59.31", "25.00", "34.31"]
    );

    let unknown_method = app
        .post_json(&path, &json!({ "paymentMethodId": 99 }))
        .await;
    assert_eq!(unknown_method.status(), 400);
}

async fn shipping_methods_and_calculation_without_a_stored_cart(app: TestApp) {
    let id = new_cart(&app).await;
    post(
        &app,
        &format!("/api/cart/{id}/products?productVariantId=1011"),
    )
    .await;
    let methods: Value = app
        .get(&format!("/api/cart/{id}/shippingmethods"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(methods[0]["shippingMethod"], 0);
    assert_eq!(methods[0]["price"], "4.95");
    assert_eq!(
        methods[1]["price"], "3.95",
        "29.65 is below the 30.00 from which pick-up costs 1.95 (pickup-1-95)"
    );

    let stored: Value = app
        .post(&format!("/api/cartcalculation/{id}/calculate"))
        .await
        .json()
        .await
        .unwrap();
    let given = app
        .post_json("/api/cartcalculation/calculate", &json!({ "siteId": 1, "languageId": 1, "products": [{ "productVariantId": 1011, "count": 1 }] }))
        .await;
    assert_eq!(given.status(), 200);
    let given: Value = given.json().await.unwrap();
    assert_eq!(
        given, stored,
        "the same cart gives the same calculation, stored or not"
    );

    let above_thirty = app
        .post_json("/api/cartcalculation/calculate", &json!({ "siteId": 1, "languageId": 1,
            "products": [{ "productVariantId": 1011, "count": 1 }, { "productVariantId": 1651, "count": 1 }] }))
        .await;
    let above_thirty: Value = above_thirty.json().await.unwrap();
    assert_eq!(above_thirty["subTotalAmount"], "36.60");
    assert_eq!(
        above_thirty["shippingMethods"][1]["price"], "1.95",
        "pick-up costs 1.95 from 30.00 (pickup-1-95)"
    );

    let scan_only = app
        .post_json("/api/cartcalculation/calculate", &json!({ "siteId": 1, "languageId": 1, "products": [{ "productVariantId": 1811, "count": 1 }] }))
        .await;
    let scan_only: Value = scan_only.json().await.unwrap();
    assert_eq!(
        (
            scan_only["scanProductsOnly"].clone(),
            scan_only["shippingCosts"].clone()
        ),
        (json!(true), json!("0.00"))
    );
    assert_eq!(
        scan_only["vatAmountHigh"], "6.93",
        "39.95 * 21 / 121 = 6.933"
    );
}

async fn addresses_company_and_newsletter_are_kept_and_checked(app: TestApp) {
    let id = new_cart(&app).await;
    let bad = app
        .post_json(
            &format!("/api/cart/{id}/billing"),
            &json!({ "firstName": "", "lastName": "Jansen", "emailAddress": "x" }),
        )
        .await;
    assert_eq!(bad.status(), 400);
    let body: Value = bad.json().await.unwrap();
    assert_eq!(
        body["fieldErrors"]["firstName"][0]["message"],
        "Dit is een verplicht veld"
    );
    assert_eq!(
        body["fieldErrors"]["emailAddress"][0]["key"],
        "validation.invalidEmail"
    );

    let billing = json!({ "firstName": "Anna", "lastName": "Jansen", "emailAddress": "anna@example.nl", "phoneNumber": "0612345678",
                          "address": { "zipcode": "1234 AB", "street": "Dorpsstraat", "streetNumber": "1", "city": "Utrecht", "countryId": 1 } });
    let body: Value = app
        .post_json(&format!("/api/cart/{id}/billing"), &billing)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(body["cart"]["billing"], billing);

    let company = app
        .put_json(
            &format!("/api/cart/{id}/companyinfo"),
            &json!({ "companyName": "Stal de Hoef", "vatNumber": "NL123" }),
        )
        .await;
    assert_eq!(company.status(), 400, "not a VAT number");
    let company = app
        .put_json(
            &format!("/api/cart/{id}/companyinfo"),
            &json!({ "companyName": "Stal de Hoef", "vatNumber": "NL123456789B01" }),
        )
        .await;
    assert_eq!(company.status(), 200);

    let (status, body) = post(&app, &format!("/api/cart/{id}/newsletter?subscribe=true")).await;
    assert_eq!(
        (status, body["cart"]["newsletterSubscribe"].clone()),
        (200, json!(true))
    );
    let (status, _) = post(&app, &format!("/api/cart/{id}/newsletter?subscribe=maybe")).await;
    assert_eq!(status, 400);

    let shipping = app
        .put_json(
            &format!("/api/cart/{id}/shipping"),
            &json!({ "firstName": "Anna", "lastName": "Jansen", "shippingMethod": 1 }),
        )
        .await;
    let body: Value = shipping.json().await.unwrap();
    assert_eq!(body["cart"]["shippingMethod"], 1);
    let cache = app.get(&format!("/api/cart/{id}")).await;
    assert_eq!(cache.headers()["cache-control"], "no-store");
}

mod checkout_choices {
    use super::*;

    fixture_tests!(
        scan_samples_are_named_and_removed_one_by_one,
        dealer_pick_up_point_alternative_address_and_password,
        conversions_are_recorded
    );

    async fn scan_samples_are_named_and_removed_one_by_one(app: TestApp) {
        let id = new_cart(&app).await;
        post(
            &app,
            &format!("/api/cart/{id}/products?productVariantId=1811&quantity=3"),
        )
        .await;
        for (sequence, name) in [
            (1, "Hooi perceel 1"),
            (2, "Hooi perceel 2"),
            (3, "Hooi perceel 3"),
        ] {
            let (status, _) = post(&app, &format!("/api/cart/{id}/rqssamplename?productVariantId=1811&sequence={sequence}&samplename={name}")).await;
            assert_eq!(status, 200);
        }
        let (status, _) = post(
            &app,
            &format!("/api/cart/{id}/rqssamplename?productVariantId=1811&sequence=4&samplename=x"),
        )
        .await;
        assert_eq!(status, 400, "only 3 samples");
        let (status, body) = post(
            &app,
            &format!("/api/cart/{id}/rqssamplename?productVariantId=1811&sequence=1&samplename="),
        )
        .await;
        assert_eq!(
            (status, body["fieldErrors"]["samplename"][0]["key"].clone()),
            (400, json!("validation.required"))
        );
        post(
            &app,
            &format!("/api/cart/{id}/products?productVariantId=1011"),
        )
        .await;
        let (status, _) = post(
            &app,
            &format!("/api/cart/{id}/rqssamplename?productVariantId=1011&sequence=1&samplename=x"),
        )
        .await;
        assert_eq!(status, 400, "muesli has no samples");

        let removed = app
            .client
            .delete(app.url(&format!("/api/cart/{id}/products/1811/2")))
            .header("content-type", "application/json")
            .send()
            .await
            .unwrap();
        assert_eq!(removed.status(), 200);
        let body: Value = removed.json().await.unwrap();
        let scan = body["cart"]["products"]
            .as_array()
            .unwrap()
            .iter()
            .find(|line| line["productVariantId"] == 1811)
            .unwrap()
            .clone();
        assert_eq!(scan["count"], 2);
        assert_eq!(
            scan["rqsSamples"],
            json!([{ "sequence": 1, "sampleName": "Hooi perceel 1" }, { "sequence": 2, "sampleName": "Hooi perceel 3" }])
        );
        let calculated = body["calculation"]["products"]
            .as_array()
            .unwrap()
            .iter()
            .find(|line| line["productVariantId"] == 1811)
            .unwrap()
            .clone();
        assert_eq!(calculated["rqsSamples"].as_array().map(Vec::len), Some(2));
        assert_eq!(
            calculated["totalAmount"], "69.90",
            "two quick scans of 39.95 less 5.00 each (scan-combi)"
        );
    }

    async fn dealer_pick_up_point_alternative_address_and_password(app: TestApp) {
        let id = new_cart(&app).await;
        let (status, body) = post(&app, &format!("/api/cart/{id}/setdealer?dealerId=1")).await;
        assert_eq!((status, body["cart"]["dealerId"].clone()), (200, json!(1)));
        let (status, _) = post(&app, &format!("/api/cart/{id}/setdealer?dealerId=9999")).await;
        assert_eq!(status, 400);

        let (status, body) = post(&app, &format!("/api/cart/{id}/setdpdpickuppoint?parcelShopId=NL-UT-0001&parcelShopZipcodeOrCity=Utrecht")).await;
        assert_eq!(
            (status, body["cart"]["dpdParcelShopId"].clone()),
            (200, json!("NL-UT-0001")),
            "{body}"
        );
        let (status, body) = post(
            &app,
            &format!("/api/cart/{id}/setdpdpickuppoint?parcelShopId=NL-UT-0001"),
        )
        .await;
        assert_eq!(
            (
                status,
                body["fieldErrors"]["parcelShopZipcodeOrCity"][0]["key"].clone()
            ),
            (400, json!("validation.required"))
        );

        let switched = app
            .client
            .put(app.url(&format!(
                "/api/cart/{id}/alternativeshipping?alternativeShippingAddress=true"
            )))
            .header("content-type", "application/json")
            .send()
            .await
            .unwrap();
        let body: Value = switched.json().await.unwrap();
        assert_eq!(body["cart"]["alternativeShippingAddress"], true);

        let (status, body) = post(
            &app,
            &format!("/api/cart/{id}/setpassword?password=abcdefg&confirmUrl=/account/confirm/"),
        )
        .await;
        assert_eq!(
            (status, body["fieldErrors"]["password"][0]["key"].clone()),
            (400, json!("validation.passwordRequirements"))
        );
        let (status, _) = post(
            &app,
            &format!("/api/cart/{id}/setpassword?password=Hooi2024&confirmUrl=/account/confirm/"),
        )
        .await;
        assert_eq!(status, 200);
    }

    async fn conversions_are_recorded(app: TestApp) {
        let response = app
            .client
            .post(app.url("/api/Conversion?mailplusId=abc123"))
            .header("datetime", "2026-11-22T10:00:00+01:00")
            .header("content-type", "application/json")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 204);
        let response = app
            .client
            .post(app.url("/api/Conversion?mailplusId=abc123"))
            .header("content-type", "application/json")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 400, "the datetime header is required");
        let response = app
            .client
            .post(app.url("/api/Conversion"))
            .header("datetime", "x")
            .header("content-type", "application/json")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 400);
    }
}

mod recommendations {
    use super::*;

    fixture_tests!(other_products_of_the_same_groups_best_rated_first);

    async fn other_products_of_the_same_groups_best_rated_first(app: TestApp) {
        let id = new_cart(&app).await;
        let empty: Value = app
            .get(&format!("/api/cart/{id}/recommendations"))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(empty, json!([]));
        post(
            &app,
            &format!("/api/cart/{id}/products?productVariantId=1011"),
        )
        .await;
        let found: Value = app
            .get(&format!("/api/cart/{id}/recommendations"))
            .await
            .json()
            .await
            .unwrap();
        let found = found.as_array().unwrap();
        assert_eq!(found.len(), 4);
        assert!(
            found.iter().all(|product| product["productId"] != 1),
            "not what is in the cart"
        );
        assert!(found.iter().all(|product| {
            product["name"]
                .as_str()
                .is_some_and(|name| !name.is_empty())
        }));
        assert_eq!(
            app.get("/api/cart/nope/recommendations").await.status(),
            404
        );
    }
}

mod following_the_customer {
    use super::*;

    async fn activated_account(app: &TestApp, email: &str) {
        let registered = app
            .post_json("/api/account?callbackUrl=/account/confirm/", &json!({ "emailAddress": email, "password": "Hooi2024", "firstName": "A", "lastName": "B" }))
            .await;
        assert_eq!(registered.status(), 201);
        let link = app.outbox().last().unwrap().link();
        let (user, token) = (
            crate::support::query_param(&link, "userId"),
            crate::support::query_param(&link, "token"),
        );
        assert_eq!(
            app.post(&format!("/api/account/{user}/confirm?token={token}"))
                .await
                .status(),
            204
        );
    }

    async fn sign_in_with_cart(app: &TestApp, email: &str, cart: &str) -> Value {
        let response = app
            .post_json(
                "/api/authentication/signin",
                &json!({ "emailAddress": email, "password": "Hooi2024", "shoppingcartId": cart }),
            )
            .await;
        assert_eq!(response.status(), 200);
        response.json().await.unwrap()
    }

    fixture_tests!(a_guest_cart_becomes_the_accounts_and_later_ones_merge_into_it);

    async fn a_guest_cart_becomes_the_accounts_and_later_ones_merge_into_it(app: TestApp) {
        activated_account(&app, "volg@example.nl").await;
        let first = new_cart(&app).await;
        post(
            &app,
            &format!("/api/cart/{first}/products?productVariantId=1011"),
        )
        .await;
        let account = sign_in_with_cart(&app, "volg@example.nl", &first).await;
        assert_eq!(account["shoppingcartId"], json!(first));
        let account: Value = app.get("/api/account").await.json().await.unwrap();
        assert_eq!(account["shoppingcartId"], json!(first));
        app.post("/api/authentication/signout").await;

        let second = new_cart(&app).await;
        post(
            &app,
            &format!("/api/cart/{second}/products?productVariantId=1011&quantity=2"),
        )
        .await;
        post(
            &app,
            &format!("/api/cart/{second}/products?productVariantId=1651"),
        )
        .await;
        let account = sign_in_with_cart(&app, "volg@example.nl", &second).await;
        assert_eq!(
            account["shoppingcartId"],
            json!(first),
            "the account keeps its cart"
        );
        let merged: Value = app
            .get(&format!("/api/cart/{first}"))
            .await
            .json()
            .await
            .unwrap();
        let counts: Vec<(Value, Value)> = merged["cart"]["products"]
            .as_array()
            .unwrap()
            .iter()
            .map(|line| (line["productVariantId"].clone(), line["count"].clone()))
            .collect();
        assert_eq!(
            counts,
            vec![(json!(1011), json!(3)), (json!(1651), json!(1))]
        );
        assert_eq!(
            app.get(&format!("/api/cart/{second}")).await.status(),
            404,
            "the guest cart is gone"
        );

        let third = new_cart(&app).await;
        let owned: Value = app
            .get(&format!("/api/cart/{third}"))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(owned["cart"]["shoppingcartId"], json!(third));
        let account: Value = app.get("/api/account").await.json().await.unwrap();
        assert_eq!(
            account["shoppingcartId"],
            json!(third),
            "a cart made while signed in is the account's newest"
        );
    }
}
