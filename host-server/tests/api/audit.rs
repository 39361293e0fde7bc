//! The audit trail: staff changes are recorded with the fields before and after, listed,
//! exported as CSV, and chained so that a changed stored entry is found.

use serde::Deserialize;
use serde_json::json;

use crate::support::{TestApp, fixture_tests, read};

fixture_tests!(
    a_price_change_is_in_the_trail_and_the_export,
    a_changed_entry_breaks_the_chain,
    a_change_whose_entry_cannot_be_written_is_not_made,
);

#[derive(Debug, Deserialize)]
struct AuditPage {
    entries: Vec<AuditEntry>,
    total: i64,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct AuditEntry {
    actor: Actor,
    action: String,
    entity_type: String,
    entity_id: String,
    changes: Vec<Change>,
}

#[derive(Debug, Deserialize)]
struct Actor {
    kind: String,
    name: String,
}

#[derive(Debug, Deserialize, PartialEq, Eq)]
struct Change {
    field: String,
    before: Option<String>,
    after: Option<String>,
}

async fn change_price(app: &TestApp, browser: &reqwest::Client, price: &str) {
    let response = browser
        .put(app.url("/api/backoffice/variants/1101"))
        .json(&json!({"price": price}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
}

async fn a_price_change_is_in_the_trail_and_the_export(app: TestApp) {
    let owner = app.signed_in_staff("owner").await;
    change_price(&app, &owner, "27.50").await;
    let page: AuditPage = read(
        owner
            .get(app.url("/api/backoffice/audit?entityType=variant&entityId=1101"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(page.total, 1);
    let entry = &page.entries[0];
    assert_eq!(
        (
            entry.actor.kind.as_str(),
            entry.actor.name.as_str(),
            entry.action.as_str(),
            entry.entity_type.as_str(),
            entry.entity_id.as_str()
        ),
        (
            "staff",
            "Eva de Eigenaar",
            "variant.changed",
            "variant",
            "1101"
        )
    );
    assert_eq!(
        entry.changes,
        [Change {
            field: "price".to_owned(),
            before: Some("27.95".to_owned()),
            after: Some("27.50".to_owned()),
        }]
    );

    let csv = owner
        .get(app.url("/api/backoffice/audit.csv?entityType=variant"))
        .send()
        .await
        .unwrap();
    assert_eq!(csv.headers()["content-type"], "text/csv; charset=utf-8");
    let text = csv.text().await.unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "entryId,at,actorKind,actorId,actorName,address,action,entityType,entityId,field,before,after"
    );
    assert!(
        lines[1].ends_with(",variant.changed,variant,1101,price,27.95,27.50"),
        "{}",
        lines[1]
    );

    // The warehouse may not read the trail.
    let warehouse = app.signed_in_staff("warehouse").await;
    let refused = warehouse
        .get(app.url("/api/backoffice/audit"))
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), 403);
}

async fn a_changed_entry_breaks_the_chain(app: TestApp) {
    let owner = app.signed_in_staff("owner").await;
    change_price(&app, &owner, "11.00").await;
    change_price(&app, &owner, "12.00").await;
    change_price(&app, &owner, "13.00").await;
    let state = app.state().await;
    let pool = state.db.pool();
    let verdict = host_server::audit::verify_command(pool).await.unwrap();
    assert_eq!(verdict, Ok(3));

    // The table refuses changes; someone with the database's own rights removes that guard and
    // lowers a price in the second entry.
    let update = "UPDATE audit_entries SET changes = REPLACE(changes, '12.00', '2.00') \
                  WHERE entry_id = 2";
    assert!(
        sqlx::query(update).execute(pool).await.is_err(),
        "append-only"
    );
    let unguard = match app.backend {
        crate::support::Backend::Sqlite => "DROP TRIGGER audit_entries_are_not_changed",
        crate::support::Backend::Postgres => {
            "DROP TRIGGER audit_entries_are_not_changed ON audit_entries"
        }
    };
    sqlx::query(unguard).execute(pool).await.unwrap();
    sqlx::query(update).execute(pool).await.unwrap();
    let verdict = host_server::audit::verify_command(pool).await.unwrap();
    assert_eq!(
        verdict,
        Err(host_server::audit::chain::ChainBreak::Changed(2))
    );
}

async fn price_of_variant_1101(pool: &sqlx::AnyPool) -> String {
    let (price,): (String,) =
        sqlx::query_as("SELECT price FROM variants WHERE product_variant_id = 1101")
            .fetch_one(pool)
            .await
            .unwrap();
    price
}

async fn a_change_whose_entry_cannot_be_written_is_not_made(app: TestApp) {
    let owner = app.signed_in_staff("owner").await;
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&app.database_url()).await.unwrap();
    let before = price_of_variant_1101(&pool).await;
    // The trail cannot be written to while its table has another name.
    sqlx::query("ALTER TABLE audit_entries RENAME TO audit_entries_away")
        .execute(&pool)
        .await
        .unwrap();
    let refused = owner
        .put(app.url("/api/backoffice/variants/1101"))
        .json(&json!({"price": "27.50"}))
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), 500);
    assert_eq!(
        price_of_variant_1101(&pool).await,
        before,
        "the price is unchanged"
    );
    sqlx::query("ALTER TABLE audit_entries_away RENAME TO audit_entries")
        .execute(&pool)
        .await
        .unwrap();
    change_price(&app, &owner, "27.50").await;
    assert_eq!(price_of_variant_1101(&pool).await, "27.50");
    pool.close().await;
}
