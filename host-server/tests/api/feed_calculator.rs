//! The public feed calculator and silo delivery on the imported fixtures: the
//! fixtures' rules and doses, computed by the engine, with exact values.

use serde_json::{Value, json};

use crate::support::feed::{Choice, FeedAdvice, SiloInterestRegistered};
use crate::support::{ApiErrorBody, TestApp, fixture_tests};

fn horse(horse_type: &str, weight: Option<i64>, work_load: &str, roughage: &str) -> Value {
    let mut body =
        json!({"horseType": horse_type, "workLoad": work_load, "roughageType": roughage});
    if let Some(weight) = weight {
        body["weightKg"] = json!(weight);
    }
    body
}

fixture_tests!(
    a_600_kg_horse_in_average_work_on_hay_gets_the_fixtures_doses,
    a_pony_gets_half_the_dose,
    a_weight_outside_50_to_1200_kg_cannot_be_determined,
    a_horse_without_a_rule_gets_the_undetermined_message,
    bad_input_is_a_400_naming_the_field,
    the_choices_are_the_fixtures,
    the_silo_offer_shows_from_the_sites_threshold,
    a_silo_interest_is_stored_and_mailed_to_customer_service
);

async fn a_600_kg_horse_in_average_work_on_hay_gets_the_fixtures_doses(app: TestApp) {
    let (status, body): (_, FeedAdvice) = app
        .feed_advice(1, 1, &horse("horse", Some(600), "average", "hay"))
        .await;
    assert_eq!(status, 200);
    assert!(body.determined);
    assert!(body.message.is_none(), "{body:?}");
    assert_eq!(body.weight_kg, 600);
    assert_eq!(body.feedings_per_day, 3);
    let products = &body.products;
    assert_eq!(products.len(), 2, "{body:?}");
    // Basis Brok: 2500 g at 600 kg, 1500 g scoops, 20 kg bag.
    assert_eq!(products[0].product_id, 13);
    assert_eq!(products[0].product_variant_id, 1131);
    assert_eq!(products[0].name, "Hoefslag Basis Brok");
    assert_eq!(products[0].price, "19.95");
    assert_eq!(products[0].grams_per_day, 2500);
    assert_eq!(products[0].grams_per_portion, 833);
    assert_eq!(products[0].scoops_per_day.as_deref(), Some("1.5"));
    assert_eq!(products[0].scoop_grams, Some(1500));
    assert_eq!(products[0].days_per_pack, Some(8));
    assert_eq!(products[0].pack_grams, Some(20000));
    assert!(
        products[0].url.as_deref().unwrap().starts_with('/'),
        "{body:?}"
    );
    // Elektrolyten poeder: 60 g, 30 g scoops, first pack 3 kg.
    assert_eq!(products[1].product_id, 41);
    assert_eq!(products[1].product_variant_id, 1411);
    assert_eq!(products[1].grams_per_day, 60);
    assert_eq!(products[1].grams_per_portion, 20);
    assert_eq!(products[1].scoops_per_day.as_deref(), Some("2"));
    assert_eq!(products[1].days_per_pack, Some(50));
}

async fn a_pony_gets_half_the_dose(app: TestApp) {
    // Without a weight the pony is dosed as 300 kg: half of Pony Brok's 1500 g.
    let (_, body): (_, FeedAdvice) = app
        .feed_advice(1, 1, &horse("pony", None, "average", "hay"))
        .await;
    assert_eq!(body.weight_kg, 300);
    let pony = &body.products[0];
    assert_eq!(pony.product_id, 16);
    assert_eq!(pony.grams_per_day, 750);
    assert_eq!(pony.grams_per_portion, 250);
    assert_eq!(pony.scoops_per_day.as_deref(), Some("0.5"));
    assert_eq!(pony.days_per_pack, Some(26));
    // The same product chosen for a horse and a 300 kg pony: exactly half.
    let mut chosen = horse("horse", Some(600), "average", "hay");
    chosen["productId"] = json!(16);
    let (_, full): (_, FeedAdvice) = app.feed_advice(1, 1, &chosen).await;
    assert_eq!(full.products[0].grams_per_day, 1500);
    assert_eq!(full.products.len(), 1);
    let mut half = horse("pony", Some(300), "average", "hay");
    half["productId"] = json!(16);
    let (_, half): (_, FeedAdvice) = app.feed_advice(1, 1, &half).await;
    assert_eq!(half.products[0].grams_per_day, 750);
}

async fn a_weight_outside_50_to_1200_kg_cannot_be_determined(app: TestApp) {
    for weight in [1300, 49, 0, -5] {
        let (status, body): (_, ApiErrorBody) = app
            .feed_advice(1, 1, &horse("horse", Some(weight), "average", "hay"))
            .await;
        assert_eq!(status, 400, "{weight}");
        assert_eq!(body.code, "feed.adviceUndetermined", "{body:?}");
        assert_eq!(body.first_key("weightKg"), Some("feed.adviceUndetermined"));
    }
    for weight in [50, 1200] {
        let (status, _): (_, FeedAdvice) = app
            .feed_advice(1, 1, &horse("horse", Some(weight), "average", "hay"))
            .await;
        assert_eq!(status, 200, "{weight}");
    }
}

async fn a_horse_without_a_rule_gets_the_undetermined_message(app: TestApp) {
    // The Estonian site sells no young-horse feed: no rule advises one there.
    let (_, body): (_, FeedAdvice) = app
        .feed_advice(9, 12, &horse("youngHorse", None, "none", "hay"))
        .await;
    assert!(!body.determined);
    assert_eq!(
        body.message.as_ref().map(|message| message.key.as_str()),
        Some("feed.adviceUndetermined")
    );
    assert_eq!(body.weight_kg, 450);
    assert!(body.products.is_empty(), "{body:?}");
    // On the Dutch site every horse type, work load and roughage has advice, a young horse
    // in heavy work too.
    let (_, heavy): (_, FeedAdvice) = app
        .feed_advice(1, 1, &horse("youngHorse", None, "heavy", "hay"))
        .await;
    assert!(heavy.determined, "{heavy:?}");
    // A young horse in light work on pasture has a rule.
    let (_, light): (_, FeedAdvice) = app
        .feed_advice(1, 1, &horse("youngHorse", Some(450), "light", "pasture"))
        .await;
    assert!(light.determined, "{light:?}");
    assert_eq!(light.roughage_type, "pasture");
}

async fn bad_input_is_a_400_naming_the_field(app: TestApp) {
    let cases = [
        (
            json!({"workLoad": "average", "roughageType": "hay"}),
            "horseType",
        ),
        (
            json!({"horseType": "zebra", "workLoad": "average", "roughageType": "hay"}),
            "horseType",
        ),
        (
            json!({"horseType": "horse", "workLoad": "daily", "roughageType": "hay"}),
            "workLoad",
        ),
        (
            json!({"horseType": "horse", "workLoad": "average"}),
            "roughageType",
        ),
        (
            json!({"horseType": "horse", "weightKg": "heavy", "workLoad": "average", "roughageType": "hay"}),
            "weightKg",
        ),
        (
            json!({"horseType": "horse", "weightKg": 600.5, "workLoad": "average", "roughageType": "hay"}),
            "weightKg",
        ),
        (
            json!({"horseType": "horse", "workLoad": "average", "roughageType": "hay", "productId": 999999}),
            "productId",
        ),
        (
            json!({"horseType": "horse", "workLoad": "average", "roughageType": "hay", "colour": "bay"}),
            ".",
        ),
    ];
    for (body, field) in cases {
        let (status, answer): (_, ApiErrorBody) = app.feed_advice(1, 1, &body).await;
        assert_eq!(status, 400, "{body}");
        if field != "." {
            assert!(answer.fields.contains_key(field), "{body}: {answer:?}");
        }
    }
    // Without a site: 400 naming the header.
    let no_site = app
        .post_json(
            "/api/feedcalculator/advice",
            &horse("horse", Some(600), "average", "hay"),
        )
        .await;
    assert_eq!(no_site.status(), 400);
}

async fn the_choices_are_the_fixtures(app: TestApp) {
    let body = app.feed_choices(1, 2).await;
    let keys =
        |list: &[Choice]| -> Vec<String> { list.iter().map(|choice| choice.key.clone()).collect() };
    assert_eq!(
        keys(&body.horse_types),
        ["horse", "pony", "youngHorse", "senior", "broodmare"]
    );
    assert_eq!(
        keys(&body.work_loads),
        ["none", "light", "average", "heavy"]
    );
    assert_eq!(
        keys(&body.roughage_types),
        ["hay", "haylage", "silage", "pasture"]
    );
    assert_eq!(body.horse_types[1].name, "Pony");
    assert_eq!(body.horse_types[1].default_weight_kg, Some(300));
    assert_eq!(body.min_weight_kg, 50);
    assert_eq!(body.max_weight_kg, 1200);
}

async fn the_silo_offer_shows_from_the_sites_threshold(app: TestApp) {
    // Dutch site: 15 horses; Belgian Dutch: 12, Belgian French: 15; Weidegroen DE: 12.
    let cases = [
        (1, 1, 14, 0, false),
        (1, 1, 15, 0, true),
        (2, 6, 11, 0, false),
        (2, 6, 12, 0, true),
        (2, 7, 12, 0, false),
        (21, 3, 12, 0, true),
        (3, 3, 12, 0, false),
        (1, 1, 2, 1000, false),
        (1, 1, 2, 1001, true),
    ];
    for (site, language, horses, feed, interested) in cases {
        let (status, body) = app
            .silo_check(
                site,
                language,
                &format!("horses={horses}&feedKgPerMonth={feed}"),
            )
            .await;
        assert_eq!(status, 200);
        assert_eq!(
            body.interested, interested,
            "site {site} language {language} {horses} horses {feed} kg"
        );
    }
    let (_, dutch) = app.silo_check(1, 1, "horses=15").await;
    assert_eq!(dutch.horse_threshold, 15);
    assert!(dutch.by_horses);
    assert_eq!(
        dutch.message.as_ref().map(|message| message.key.as_str()),
        Some("feed.siloInterest")
    );
    let dealers: Vec<i64> = dutch
        .dealers
        .iter()
        .map(|dealer| dealer.dealer_id)
        .collect();
    assert_eq!(dealers, [3, 32, 1, 6, 24, 22, 18, 29, 10]);
    let (_, weidegroen) = app.silo_check(20, 1, "horses=1").await;
    let dealers: Vec<i64> = weidegroen
        .dealers
        .iter()
        .map(|dealer| dealer.dealer_id)
        .collect();
    assert_eq!(dealers, [1, 10]);
    assert_eq!(
        app.get_in(1, 1, "/api/feedcalculator/silo?horses=many")
            .await
            .status(),
        400
    );
}

async fn a_silo_interest_is_stored_and_mailed_to_customer_service(app: TestApp) {
    let form = json!({
        "yard": "Stal De Hoefijzer",
        "horses": 24,
        "feedKgPerMonth": 1800,
        "name": "Jan Jansen",
        "emailAddress": "jan@stal.example",
        "phoneNumber": "0612345678",
        "message": "Graag een offerte."
    });
    let (status, body): (_, SiloInterestRegistered) = app.register_silo_interest(1, 1, &form).await;
    assert_eq!(status, 201);
    assert!(!body.interest_id.is_empty());
    let mails = app.outbox_with(1).await;
    assert_eq!(mails[0].to, "klantenservice@hoefslag.example");
    assert!(
        mails[0].subject.contains("Stal De Hoefijzer"),
        "{}",
        mails[0].subject
    );
    assert!(
        mails[0].body.contains("24")
            && mails[0].body.contains("1800 kg")
            && mails[0].body.contains("jan@stal.example")
    );
    // From the mail templates, in the language of the form and the site's brand.
    assert_eq!(mails[0].subject, "Silo-interesse: Stal De Hoefijzer");
    assert!(
        mails[0]
            .body
            .contains("Aantal paarden: 24\nVoer per maand: 1800 kg\nContactpersoon: Jan Jansen\n"),
        "{}",
        mails[0].body
    );
    assert!(
        mails[0]
            .body
            .contains(&format!("Referentie: {}\n", body.interest_id)),
        "{}",
        mails[0].body
    );
    let html = mails[0].html.as_deref().expect("an HTML part");
    assert!(
        html.contains("<html lang=\"nl\"") && html.contains("Graag een offerte."),
        "{html}"
    );

    let mut bad = form.clone();
    bad["horses"] = json!(0);
    bad["emailAddress"] = json!("not-an-address");
    let (status, answer): (_, ApiErrorBody) = app.register_silo_interest(1, 1, &bad).await;
    assert_eq!(status, 400);
    assert!(answer.fields.contains_key("emailAddress"), "{answer:?}");
    let mut no_yard = form;
    no_yard["yard"] = json!("");
    let (_, answer): (_, ApiErrorBody) = app.register_silo_interest(1, 1, &no_yard).await;
    assert_eq!(answer.first_key("yard"), Some("validation.required"));
}

mod result_products {
    use crate::support::{TestApp, fixture_tests};

    fixture_tests!(a_result_names_the_advised_products_the_site_sells);

    async fn a_result_names_the_advised_products_the_site_sells(app: TestApp) {
        let login = app
            .post_json("/api/authentication/signin", &serde_json::json!({"emailAddress": "jan.devries@example.com", "password": "Hoefslag2024"}))
            .await;
        assert_eq!(login.status(), 200, "{}", login.text().await.unwrap());
        let result = app.lab_result(1, 1, "qs-2026-0002-p3x9").await;
        let products = &result.products;
        let ids: Vec<i64> = products.iter().map(|product| product.product_id).collect();
        let mut advised: Vec<i64> = result
            .advice
            .iter()
            .flat_map(|item| item.product_ids.iter().copied())
            .collect();
        advised.dedup();
        assert!(!ids.is_empty());
        assert!(
            ids.iter().all(|id| advised.contains(id)),
            "{ids:?} {advised:?}"
        );
        assert_eq!(products[0].product_id, 26);
        assert_eq!(products[0].product_variant_id, 1261);
        assert_eq!(products[0].name, "Hoefslag Balancer");
        assert_eq!(products[0].price, "42.95");
    }
}

mod ration {
    use serde_json::json;

    use crate::support::{TestApp, fixture_tests};

    fixture_tests!(a_ration_check_of_typical_hay_gives_need_supply_and_the_balancer);

    async fn a_ration_check_of_typical_hay_gives_need_supply_and_the_balancer(app: TestApp) {
        let (status, body) = app
            .ration_check(&json!({"weightKg": 500, "workLoad": "light", "roughage": "hay"}))
            .await;
        assert_eq!(status, 200);
        assert_eq!(body.roughage, "hay");
        assert_eq!(body.dry_matter_intake_kg, "7.5");
        // NRC: 699 g protein for 500 kg in light work; 80 g x 7.5 kg = 600 g; 99 g short.
        assert_eq!(
            body.nutrients[1],
            json!({"nutrient": "crudeProtein", "unit": "g", "need": "699", "supply": "600", "gap": "99", "coveredPercent": 86})
        );
        assert_eq!(body.nutrients[0]["need"], "83.6");
        // The first balancing product of roughage/targets.json: Hoefslag Balancer, 259 g protein
        // per kg: 99 / 259 = 382 g, up to 390 g.
        assert_eq!(
            body.balancer,
            json!({"productId": 26, "gramsPerDay": 390, "balances": ["crudeProtein"]})
        );
        assert_eq!(body.unbalanced, ["digestibleEnergyMj"]);
        assert_eq!(body.balancer_name.as_deref(), Some("Hoefslag Balancer"));

        let bad = app
            .post_json(
                "/api/feedcalculator/ration",
                &json!({"weightKg": 1300, "workLoad": "light"}),
            )
            .await;
        assert_eq!(bad.status(), 400);
        let unknown = app
            .post_json(
                "/api/feedcalculator/ration",
                &json!({"weightKg": 600, "workLoad": "light", "roughage": "straw"}),
            )
            .await;
        assert_eq!(unknown.status(), 400);
        let foreign = app
            .post_json(
                "/api/feedcalculator/ration",
                &json!({"weightKg": 600, "workLoad": "light", "resultKey": "qs-2026-0002-p3x9"}),
            )
            .await;
        assert_eq!(
            foreign.status(),
            404,
            "not signed in: not this visitor's result"
        );
    }
}
