//! The public feed calculator and silo delivery on the imported fixtures: the
//! fixtures' rules and doses, computed by the engine, with exact values.

use serde_json::{Value, json};

use crate::support::{TestApp, fixture_tests};

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
    let response = app
        .post_json_in(
            1,
            1,
            "/api/feedcalculator/advice",
            &horse("horse", Some(600), "average", "hay"),
        )
        .await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["determined"], true);
    assert_eq!(body["message"], Value::Null);
    assert_eq!(body["weightKg"], 600);
    assert_eq!(body["feedingsPerDay"], 3);
    let products = body["products"].as_array().unwrap();
    assert_eq!(products.len(), 2, "{body}");
    // Basis Brok: 2500 g at 600 kg, 1500 g scoops, 20 kg bag.
    assert_eq!(products[0]["productId"], 13);
    assert_eq!(products[0]["productVariantId"], 1131);
    assert_eq!(products[0]["name"], "Hoefslag Basis Brok");
    assert_eq!(products[0]["price"], "19.95");
    assert_eq!(products[0]["gramsPerDay"], 2500);
    assert_eq!(products[0]["gramsPerPortion"], 833);
    assert_eq!(products[0]["scoopsPerDay"], "1.5");
    assert_eq!(products[0]["scoopGrams"], 1500);
    assert_eq!(products[0]["daysPerPack"], 8);
    assert_eq!(products[0]["packGrams"], 20000);
    assert!(
        products[0]["url"].as_str().unwrap().starts_with('/'),
        "{body}"
    );
    // Elektrolyten poeder: 60 g, 30 g scoops, first pack 3 kg.
    assert_eq!(products[1]["productId"], 41);
    assert_eq!(products[1]["productVariantId"], 1411);
    assert_eq!(products[1]["gramsPerDay"], 60);
    assert_eq!(products[1]["gramsPerPortion"], 20);
    assert_eq!(products[1]["scoopsPerDay"], "2");
    assert_eq!(products[1]["daysPerPack"], 50);
}

async fn a_pony_gets_half_the_dose(app: TestApp) {
    // Without a weight the pony is dosed as 300 kg: half of Pony Brok's 1500 g.
    let body: Value = app
        .post_json_in(
            1,
            1,
            "/api/feedcalculator/advice",
            &horse("pony", None, "average", "hay"),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(body["weightKg"], 300);
    let pony = &body["products"][0];
    assert_eq!(pony["productId"], 16);
    assert_eq!(pony["gramsPerDay"], 750);
    assert_eq!(pony["gramsPerPortion"], 250);
    assert_eq!(pony["scoopsPerDay"], "0.5");
    assert_eq!(pony["daysPerPack"], 26);
    // The same product chosen for a horse and a 300 kg pony: exactly half.
    let mut chosen = horse("horse", Some(600), "average", "hay");
    chosen["productId"] = json!(16);
    let full: Value = app
        .post_json_in(1, 1, "/api/feedcalculator/advice", &chosen)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(full["products"][0]["gramsPerDay"], 1500);
    assert_eq!(full["products"].as_array().unwrap().len(), 1);
    let mut half = horse("pony", Some(300), "average", "hay");
    half["productId"] = json!(16);
    let half: Value = app
        .post_json_in(1, 1, "/api/feedcalculator/advice", &half)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(half["products"][0]["gramsPerDay"], 750);
}

async fn a_weight_outside_50_to_1200_kg_cannot_be_determined(app: TestApp) {
    for weight in [1300, 49, 0, -5] {
        let response = app
            .post_json_in(
                1,
                1,
                "/api/feedcalculator/advice",
                &horse("horse", Some(weight), "average", "hay"),
            )
            .await;
        assert_eq!(response.status(), 400, "{weight}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["code"], "feed.adviceUndetermined", "{body}");
        assert_eq!(
            body["fieldErrors"]["weightKg"][0]["key"],
            "feed.adviceUndetermined"
        );
    }
    for weight in [50, 1200] {
        let response = app
            .post_json_in(
                1,
                1,
                "/api/feedcalculator/advice",
                &horse("horse", Some(weight), "average", "hay"),
            )
            .await;
        assert_eq!(response.status(), 200, "{weight}");
    }
}

async fn a_horse_without_a_rule_gets_the_undetermined_message(app: TestApp) {
    // The Estonian site sells no young-horse feed: no rule advises one there.
    let body: Value = app
        .post_json_in(
            9,
            12,
            "/api/feedcalculator/advice",
            &horse("youngHorse", None, "none", "hay"),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(body["determined"], false);
    assert_eq!(body["message"]["key"], "feed.adviceUndetermined");
    assert_eq!(body["weightKg"], 450);
    assert_eq!(body["products"], json!([]));
    // On the Dutch site every horse type, work load and roughage has advice, a young horse
    // in heavy work too.
    let heavy: Value = app
        .post_json_in(
            1,
            1,
            "/api/feedcalculator/advice",
            &horse("youngHorse", None, "heavy", "hay"),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(heavy["determined"], true, "{heavy}");
    // A young horse in light work on pasture has a rule.
    let light: Value = app
        .post_json_in(
            1,
            1,
            "/api/feedcalculator/advice",
            &horse("youngHorse", Some(450), "light", "pasture"),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(light["determined"], true, "{light}");
    assert_eq!(light["roughageType"], "pasture");
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
        let response = app
            .post_json_in(1, 1, "/api/feedcalculator/advice", &body)
            .await;
        assert_eq!(response.status(), 400, "{body}");
        let answer: Value = response.json().await.unwrap();
        if field != "." {
            assert!(answer["fieldErrors"][field].is_array(), "{body}: {answer}");
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
    let body: Value = app
        .get_in(1, 2, "/api/feedcalculator/choices")
        .await
        .json()
        .await
        .unwrap();
    let keys = |list: &str| -> Vec<String> {
        body[list]
            .as_array()
            .unwrap()
            .iter()
            .map(|choice| choice["key"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(
        keys("horseTypes"),
        ["horse", "pony", "youngHorse", "senior", "broodmare"]
    );
    assert_eq!(keys("workLoads"), ["none", "light", "average", "heavy"]);
    assert_eq!(
        keys("roughageTypes"),
        ["hay", "haylage", "silage", "pasture"]
    );
    assert_eq!(body["horseTypes"][1]["name"], "Pony");
    assert_eq!(body["horseTypes"][1]["defaultWeightKg"], 300);
    assert_eq!(body["minWeightKg"], 50);
    assert_eq!(body["maxWeightKg"], 1200);
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
        let response = app
            .get_in(
                site,
                language,
                &format!("/api/feedcalculator/silo?horses={horses}&feedKgPerMonth={feed}"),
            )
            .await;
        assert_eq!(response.status(), 200);
        let body: Value = response.json().await.unwrap();
        assert_eq!(
            body["interested"], interested,
            "site {site} language {language} {horses} horses {feed} kg"
        );
    }
    let dutch: Value = app
        .get_in(1, 1, "/api/feedcalculator/silo?horses=15")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(dutch["horseThreshold"], 15);
    assert_eq!(dutch["byHorses"], true);
    assert_eq!(dutch["message"]["key"], "feed.siloInterest");
    let dealers: Vec<i64> = dutch["dealers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|dealer| dealer["dealerId"].as_i64().unwrap())
        .collect();
    assert_eq!(dealers, [3, 32, 1, 6, 24, 22, 18, 29, 10]);
    let weidegroen: Value = app
        .get_in(20, 1, "/api/feedcalculator/silo?horses=1")
        .await
        .json()
        .await
        .unwrap();
    let dealers: Vec<i64> = weidegroen["dealers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|dealer| dealer["dealerId"].as_i64().unwrap())
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
    let response = app
        .post_json_in(1, 1, "/api/feedcalculator/silointerest", &form)
        .await;
    assert_eq!(response.status(), 201);
    let body: Value = response.json().await.unwrap();
    assert!(body["interestId"].as_str().is_some_and(|id| !id.is_empty()));
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
        mails[0].body.contains(&format!(
            "Referentie: {}\n",
            body["interestId"].as_str().unwrap()
        )),
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
    let response = app
        .post_json_in(1, 1, "/api/feedcalculator/silointerest", &bad)
        .await;
    assert_eq!(response.status(), 400);
    let answer: Value = response.json().await.unwrap();
    assert!(answer["fieldErrors"]["emailAddress"].is_array(), "{answer}");
    let mut no_yard = form;
    no_yard["yard"] = json!("");
    let answer: Value = app
        .post_json_in(1, 1, "/api/feedcalculator/silointerest", &no_yard)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        answer["fieldErrors"]["yard"][0]["key"],
        "validation.required"
    );
}

mod result_products {
    use serde_json::Value;

    use crate::support::{TestApp, fixture_tests};

    fixture_tests!(a_result_names_the_advised_products_the_site_sells);

    async fn a_result_names_the_advised_products_the_site_sells(app: TestApp) {
        let login = app
            .post_json("/api/authentication/signin", &serde_json::json!({"emailAddress": "jan.devries@example.com", "password": "Hoefslag2024"}))
            .await;
        assert_eq!(login.status(), 200, "{}", login.text().await.unwrap());
        let result: Value = app
            .get_in(1, 1, "/api/account/results/qs-2026-0002-p3x9")
            .await
            .json()
            .await
            .unwrap();
        let products = result["products"].as_array().unwrap();
        let ids: Vec<i64> = products
            .iter()
            .map(|product| product["productId"].as_i64().unwrap())
            .collect();
        let mut advised: Vec<i64> = result["advice"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|item| {
                item["productIds"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|id| id.as_i64().unwrap())
            })
            .collect();
        advised.dedup();
        assert!(!ids.is_empty());
        assert!(
            ids.iter().all(|id| advised.contains(id)),
            "{ids:?} {advised:?}"
        );
        assert_eq!(products[0]["productId"], 26);
        assert_eq!(products[0]["productVariantId"], 1261);
        assert_eq!(products[0]["name"], "Hoefslag Balancer");
        assert_eq!(products[0]["price"], "42.95");
    }
}

mod ration {
    use serde_json::{Value, json};

    use crate::support::{TestApp, fixture_tests};

    fixture_tests!(a_ration_check_of_typical_hay_gives_need_supply_and_the_balancer);

    async fn a_ration_check_of_typical_hay_gives_need_supply_and_the_balancer(app: TestApp) {
        let response = app
            .post_json(
                "/api/feedcalculator/ration",
                &json!({"weightKg": 500, "workLoad": "light", "roughage": "hay"}),
            )
            .await;
        assert_eq!(response.status(), 200);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["roughage"], "hay");
        assert_eq!(body["dryMatterIntakeKg"], "7.5");
        // NRC: 699 g protein for 500 kg in light work; 80 g x 7.5 kg = 600 g; 99 g short.
        assert_eq!(
            body["nutrients"][1],
            json!({"nutrient": "crudeProtein", "unit": "g", "need": "699", "supply": "600", "gap": "99", "coveredPercent": 86})
        );
        assert_eq!(body["nutrients"][0]["need"], "83.6");
        // The first balancing product of roughage/targets.json: Hoefslag Balancer, 259 g protein
        // per kg: 99 / 259 = 382 g, up to 390 g.
        assert_eq!(
            body["balancer"],
            json!({"productId": 26, "gramsPerDay": 390, "balances": ["crudeProtein"]})
        );
        assert_eq!(body["unbalanced"], json!(["digestibleEnergyMj"]));
        assert_eq!(body["balancerName"], "Hoefslag Balancer");

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
