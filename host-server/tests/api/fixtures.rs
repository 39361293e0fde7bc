//! The fixture import: every site resolves, every product is named in its sites' languages,
//! every reference holds, the import is repeatable, and a broken file is reported by file and
//! field.

use std::collections::HashMap;
use std::path::Path;

use host_server::fixtures::{self, FixtureError};
use host_server::platform::db::Database;
use sqlx::Row;

use crate::support::{TestApp, fixture_tests, fixtures_dir};

async fn count(db: &Database, sql: &str) -> i64 {
    sqlx::query(sql)
        .fetch_one(db.pool())
        .await
        .unwrap()
        .get::<i64, _>(0)
}

const TABLES: &[&str] = &[
    "languages",
    "countries",
    "country_names",
    "sites",
    "site_domains",
    "site_languages",
    "payment_methods",
    "payment_issuers",
    "shipping_prices",
    "dealers",
    "parcel_shops",
    "feed_advice_rules",
    "products",
    "product_texts",
    "variants",
    "product_facets",
    "product_nutrients",
    "product_images",
    "promotions",
    "discount_codes",
    "gift_cards",
    "reviews",
    "review_requests",
    "pages",
    "page_texts",
    "landing_pages",
    "news_items",
    "faq_items",
    "advice_articles",
    "advice_videos",
    "navigations",
    "footers",
    "usp_collections",
    "notifications",
    "redirects",
    "routes",
    "accounts",
    "account_tokens",
    "orders",
    "order_lines",
    "order_line_samples",
    "order_status_history",
    "invoices",
    "returns",
    "subscriptions",
    "roughage_results",
    "account_profiles",
];

async fn counts(db: &Database) -> HashMap<&'static str, i64> {
    let mut counts = HashMap::new();
    for table in TABLES {
        counts.insert(
            *table,
            count(db, &format!("SELECT COUNT(*) FROM {table}")).await,
        );
    }
    counts
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            if entry.file_name() != "vectors" {
                copy_dir(&entry.path(), &target);
            }
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

fixture_tests!(
    the_import_fills_every_table_and_records_the_version,
    the_import_is_repeatable_without_duplicates,
    a_repeated_import_replaces_only_the_fixtures_own_orders_and_account_data,
    every_site_resolves_by_its_domain_and_aliases,
    every_product_has_a_name_in_every_language_of_its_sites,
    every_referenced_id_exists
);

async fn the_import_fills_every_table_and_records_the_version(app: TestApp) {
    let db = Database::connect(&app.database_url()).await.unwrap();
    let counts = counts(&db).await;
    assert_eq!(counts["languages"], 15);
    assert_eq!(counts["countries"], 19);
    assert_eq!(counts["sites"], 17);
    assert_eq!(counts["products"], 84);
    assert_eq!(counts["variants"], 106);
    assert_eq!(counts["pages"], 226);
    assert_eq!(counts["promotions"], 15);
    assert_eq!(counts["discount_codes"], 8);
    assert_eq!(counts["gift_cards"], 7);
    assert_eq!(counts["dealers"], 41);
    assert_eq!(counts["parcel_shops"], 30);
    assert_eq!(counts["accounts"], 12);
    for (table, rows) in &counts {
        assert!(*rows > 0, "{table} is empty");
    }
    let version: (String,) =
        sqlx::query_as("SELECT value FROM app_meta WHERE key = 'fixtures_version'")
            .fetch_one(db.pool())
            .await
            .unwrap();
    assert_eq!(version.0, "1");
    // Gift card PINs and passwords are never stored in plain text.
    let pins: i64 = count(&db, "SELECT COUNT(*) FROM gift_cards WHERE pin_hash = '1234' OR pin_hash NOT LIKE '$argon2id$%'").await;
    assert_eq!(pins, 0);
    let activated: i64 = count(
        &db,
        "SELECT COUNT(*) FROM accounts WHERE activated_at IS NULL",
    )
    .await;
    assert_eq!(activated, 1, "only Lotte (account 7) is not activated");
}

async fn the_import_is_repeatable_without_duplicates(app: TestApp) {
    let db = Database::connect(&app.database_url()).await.unwrap();
    let before = counts(&db).await;
    let report = fixtures::import(&db, &fixtures_dir()).await.unwrap();
    assert_eq!(report.rows_of("products"), 84);
    assert_eq!(counts(&db).await, before);
}

async fn a_repeated_import_replaces_only_the_fixtures_own_orders_and_account_data(app: TestApp) {
    let db = Database::connect(&app.database_url()).await.unwrap();
    assert_eq!(count(&db, "SELECT COUNT(*) FROM orders").await, 19);
    assert_eq!(
        count(
            &db,
            "SELECT COUNT(*) FROM roughage_results WHERE is_read = 0"
        )
        .await,
        3
    );
    let public_id = |db: Database| async move {
        sqlx::query_as::<_, (String,)>("SELECT public_id FROM orders WHERE order_id = 101")
            .fetch_one(db.pool())
            .await
            .unwrap()
            .0
    };
    let before = public_id(db.clone()).await;
    assert_eq!(before.len(), 32);
    // What the shop and the laboratory created stays; what the customer read is reset.
    sqlx::query("INSERT INTO returns (return_id, account_id, order_number, product_variant_id, quantity, reason, status, created_at, from_fixtures) \
                     VALUES ('shop-return', '1', 'HS-2026-000101', 1011, 1, 'other', 'new', 1, 0)")
        .execute(db.pool()).await.unwrap();
    sqlx::query("UPDATE roughage_results SET is_read = 1")
        .execute(db.pool())
        .await
        .unwrap();
    fixtures::import(&db, &fixtures_dir()).await.unwrap();
    assert_eq!(
        public_id(db.clone()).await,
        before,
        "an order keeps its public id"
    );
    assert_eq!(count(&db, "SELECT COUNT(*) FROM returns").await, 4);
    assert_eq!(count(&db, "SELECT COUNT(*) FROM orders").await, 19);
    assert_eq!(
        count(
            &db,
            "SELECT COUNT(*) FROM roughage_results WHERE is_read = 0"
        )
        .await,
        3
    );
}

async fn every_site_resolves_by_its_domain_and_aliases(app: TestApp) {
    let db = Database::connect(&app.database_url()).await.unwrap();
    let sites: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixtures_dir().join("sites.json")).unwrap())
            .unwrap();
    for site in sites["sites"].as_array().unwrap() {
        let hosts = std::iter::once(&site["domain"]).chain(site["aliases"].as_array().unwrap());
        for host in hosts {
            let row: (i64,) = sqlx::query_as("SELECT site_id FROM site_domains WHERE domain = $1")
                .bind(host.as_str().unwrap())
                .fetch_one(db.pool())
                .await
                .unwrap();
            assert_eq!(row.0, site["siteId"].as_i64().unwrap(), "{host}");
        }
    }
}

async fn every_product_has_a_name_in_every_language_of_its_sites(app: TestApp) {
    let db = Database::connect(&app.database_url()).await.unwrap();
    // The culture itself or its parent (nl-BE → nl, de-AT → de, fr-BE → fr-FR).
    let missing = count(
        &db,
        "SELECT COUNT(*) FROM product_sites ps \
             JOIN site_languages sl ON sl.site_id = ps.site_id \
             JOIN languages l ON l.language_id = sl.language_id \
             WHERE NOT EXISTS (SELECT 1 FROM product_texts t WHERE t.product_id = ps.product_id AND t.name IS NOT NULL \
                AND t.culture IN (l.culture, CASE l.culture WHEN 'nl-BE' THEN 'nl' WHEN 'de-AT' THEN 'de' WHEN 'fr-BE' THEN 'fr-FR' ELSE l.culture END))",
    )
    .await;
    assert_eq!(missing, 0);
}

async fn every_referenced_id_exists(app: TestApp) {
    let db = Database::connect(&app.database_url()).await.unwrap();
    let orphans = [
        "SELECT COUNT(*) FROM sites s WHERE NOT EXISTS (SELECT 1 FROM countries c WHERE c.country_id = s.country_id)",
        "SELECT COUNT(*) FROM site_languages s WHERE NOT EXISTS (SELECT 1 FROM languages l WHERE l.language_id = s.language_id)",
        "SELECT COUNT(*) FROM sites s WHERE NOT EXISTS (SELECT 1 FROM pages p WHERE p.page_id = s.not_found_page_id AND p.site_id = s.site_id)",
        "SELECT COUNT(*) FROM sites s WHERE NOT EXISTS (SELECT 1 FROM footers f WHERE f.footer_id = s.footer_id)",
        "SELECT COUNT(*) FROM sites s WHERE NOT EXISTS (SELECT 1 FROM navigations n WHERE n.navigation_id = s.primary_navigation_id)",
        "SELECT COUNT(*) FROM site_payment_methods s WHERE NOT EXISTS (SELECT 1 FROM payment_methods p WHERE p.payment_method_id = s.payment_method_id)",
        "SELECT COUNT(*) FROM product_sites p WHERE NOT EXISTS (SELECT 1 FROM sites s WHERE s.site_id = p.site_id)",
        "SELECT COUNT(*) FROM variants v WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.product_id = v.product_id)",
        "SELECT COUNT(*) FROM product_facets f WHERE NOT EXISTS (SELECT 1 FROM facet_values v WHERE v.facet_key = f.facet_key AND v.value_key = f.value_key)",
        "SELECT COUNT(*) FROM discount_codes d WHERE NOT EXISTS (SELECT 1 FROM promotions p WHERE p.promotion_key = d.promotion_key AND p.requires_code = 1)",
        "SELECT COUNT(*) FROM reviews r WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.product_id = r.product_id)",
        "SELECT COUNT(*) FROM reviews r WHERE r.account_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.account_id = r.account_id)",
        "SELECT COUNT(*) FROM dealers d WHERE NOT EXISTS (SELECT 1 FROM countries c WHERE c.country_id = d.country_id)",
        "SELECT COUNT(*) FROM pages p WHERE NOT EXISTS (SELECT 1 FROM sites s WHERE s.site_id = p.site_id)",
        "SELECT COUNT(*) FROM routes r WHERE NOT EXISTS (SELECT 1 FROM site_languages s WHERE s.site_id = r.site_id AND s.language_id = r.language_id)",
        "SELECT COUNT(*) FROM orders o WHERE o.account_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.account_id = o.account_id)",
        "SELECT COUNT(*) FROM orders o WHERE NOT EXISTS (SELECT 1 FROM sites s WHERE s.site_id = o.site_id)",
        "SELECT COUNT(*) FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.order_id)",
        "SELECT COUNT(*) FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_status_history h WHERE h.order_id = o.order_id AND h.status = o.status)",
        "SELECT COUNT(*) FROM order_lines l WHERE NOT EXISTS (SELECT 1 FROM variants v WHERE v.product_variant_id = l.product_variant_id AND v.product_id = l.product_id)",
        "SELECT COUNT(*) FROM order_line_samples s WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = s.order_id AND l.line_number = s.line_number AND l.product_type IN (4, 5))",
        "SELECT COUNT(*) FROM invoices i WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.order_number = i.order_number AND (o.account_id = i.account_id OR (o.account_id IS NULL AND i.account_id IS NULL)) AND o.total_amount = i.total_amount)",
        "SELECT COUNT(*) FROM returns r WHERE NOT EXISTS (SELECT 1 FROM orders o JOIN order_lines l ON l.order_id = o.order_id WHERE o.order_number = r.order_number AND o.account_id = r.account_id AND l.product_variant_id = r.product_variant_id AND l.quantity >= r.quantity)",
        "SELECT COUNT(*) FROM subscriptions s WHERE NOT EXISTS (SELECT 1 FROM variant_sites v WHERE v.product_variant_id = s.product_variant_id AND v.site_id = s.site_id)",
        "SELECT COUNT(*) FROM subscriptions s WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.account_id = s.account_id)",
        "SELECT COUNT(*) FROM roughage_results r WHERE NOT EXISTS (SELECT 1 FROM orders o JOIN order_lines l ON l.order_id = o.order_id JOIN order_line_samples s ON s.order_id = l.order_id AND s.line_number = l.line_number WHERE o.order_number = r.order_number AND o.account_id = r.account_id AND l.product_variant_id = r.product_variant_id AND s.sequence = r.sequence AND s.sample_name = r.sample_name)",
        "SELECT COUNT(*) FROM review_requests r WHERE NOT EXISTS (SELECT 1 FROM orders o JOIN order_lines l ON l.order_id = o.order_id WHERE o.order_number = r.order_number AND l.product_id = r.product_id)",
        "SELECT COUNT(*) FROM account_profiles p WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.account_id = p.account_id)",
    ];
    for sql in orphans {
        assert_eq!(count(&db, sql).await, 0, "{sql}");
    }
}

mod broken_files {
    use super::*;

    async fn import_copy(app: &TestApp, change: impl FnOnce(&Path)) -> FixtureError {
        let dir = app.scratch().join("fixtures-copy");
        copy_dir(&fixtures_dir(), &dir);
        change(&dir);
        let db = Database::connect(&app.database_url()).await.unwrap();
        fixtures::import(&db, &dir).await.unwrap_err()
    }

    fn edit(dir: &Path, file: &str, from: &str, to: &str) {
        let path = dir.join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(from), "{file} contains {from}");
        std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_bad_field_is_reported_with_its_file_and_path() {
        let app = TestApp::spawn(crate::support::Backend::Sqlite).await;
        let error = import_copy(&app, |dir| {
            edit(
                dir,
                "catalog/products/muesli.json",
                "\"price\": \"32.95\",",
                "\"price\": 32.95,",
            )
        })
        .await;
        let text = error.to_string();
        assert!(
            text.contains("catalog/products/muesli.json: products[0].variants[0].price"),
            "{text}"
        );
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn an_unknown_field_is_refused() {
        let app = TestApp::spawn(crate::support::Backend::Sqlite).await;
        let error = import_copy(&app, |dir| {
            edit(
                dir,
                "sites.json",
                "\"theme\": \"default\",",
                "\"theme\": \"default\", \"colour\": \"red\",",
            )
        })
        .await;
        let text = error.to_string();
        assert!(text.contains("sites.json: sites[0]"), "{text}");
        assert!(text.contains("colour"), "{text}");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn broken_order_data_is_reported_by_file_and_field() {
        let app = TestApp::spawn(crate::support::Backend::Sqlite).await;
        let error = import_copy(&app, |dir| {
            edit(
                dir,
                "invoices.json",
                "\"orderNumber\": \"HS-2026-000101\"",
                "\"orderNumber\": \"HS-2026-999999\"",
            );
            edit(
                dir,
                "roughage/results.json",
                "\"sequence\": 2,",
                "\"sequence\": 5,",
            );
            edit(
                dir,
                "subscriptions.json",
                "\"intervalWeeks\": 4,",
                "\"intervalWeeks\": 40,",
            );
        })
        .await;
        let text = error.to_string();
        assert!(
            text.contains(
                "invoices.json: invoices[0].orderNumber: orderNumber HS-2026-999999 does not exist"
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "roughage/results.json: results[1].sequence: the order line has no sample 5"
            ),
            "{text}"
        );
        assert!(
            text.contains("subscriptions.json: subscriptions[0].intervalWeeks"),
            "{text}"
        );
        let error = import_copy(&app, |dir| {
            edit(
                dir,
                "orders.json",
                "\"status\": \"closed\"",
                "\"status\": \"lost\"",
            )
        })
        .await;
        assert!(
            error.to_string().contains("orders.json: orders[1].status"),
            "{error}"
        );
        let error = import_copy(&app, |dir| {
            edit(
                dir,
                "orders.json",
                "\"totalAmount\": \"129.85\"",
                "\"totalAmount\": \"129.95\"",
            )
        })
        .await;
        let text = error.to_string();
        assert!(
            text.contains(
                "orders.json: orders[1].totalAmount: is 129.95 but the amounts add up to 129.85"
            ),
            "{text}"
        );
        assert!(
            text.contains("orders.json: orders[1].amountToPay"),
            "{text}"
        );
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_gallery_picture_that_is_missing_or_shown_twice_is_reported() {
        let app = TestApp::spawn(crate::support::Backend::Sqlite).await;
        let error = import_copy(&app, |dir| {
            edit(
                dir,
                "catalog/products/balancers.json",
                "\"gallery\": [\"hs-balancer-back.svg\", \"hs-balancer-feed.svg\"]",
                "\"gallery\": [\"hs-balancer-side.svg\", \"hs-balancer.svg\"]",
            )
        })
        .await;
        let text = error.to_string();
        assert!(
            text.contains("catalog/products/balancers.json: products[0].gallery[0]: image hs-balancer-side.svg is not in images/"),
            "{text}"
        );
        assert!(
            text.contains("catalog/products/balancers.json: products[0].gallery[1]: image hs-balancer.svg is shown twice"),
            "{text}"
        );
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_broken_reference_is_reported_and_nothing_is_written() {
        let app = TestApp::spawn(crate::support::Backend::Sqlite).await;
        let error = import_copy(&app, |dir| {
            edit(dir, "sites.json", "\"countryId\": 1,", "\"countryId\": 99,")
        })
        .await;
        let text = error.to_string();
        assert!(
            text.contains("sites.json: sites[0].countryId: countryId 99 does not exist"),
            "{text}"
        );
        let db = Database::connect(&app.database_url()).await.unwrap();
        assert_eq!(count(&db, "SELECT COUNT(*) FROM sites").await, 0);
    }
}
