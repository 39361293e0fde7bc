//! Placing orders at the same moment (the shop never oversells the last item under
//! concurrency), on SQLite and PostgreSQL: the last item in stock, one request sent ten times,
//! one gift card paying fifty orders, a code one customer may use once in twenty parallel
//! orders, and twenty parallel adds to one cart line.

use std::collections::BTreeSet;
use std::sync::Arc;

use serde_json::{Value, json};
use tokio::task::JoinSet;

use crate::orders::{GIFT_CARD, billing, expect_ok, ideal, ready_cart, stock_of};
use crate::support::{TestApp, fixture_tests};

/// Places each cart once, all at the same moment; (status, body) per cart.
async fn place_all(
    app: &Arc<TestApp>,
    carts: Vec<String>,
    key: Option<&'static str>,
) -> Vec<(u16, Value)> {
    let start = Arc::new(tokio::sync::Barrier::new(carts.len()));
    let mut tasks = JoinSet::new();
    for cart in carts {
        let (app, start) = (Arc::clone(app), Arc::clone(&start));
        tasks.spawn(async move {
            let mut request = app
                .client
                .post(app.url(&format!("/api/cart/{cart}/order")))
                .header("content-type", "application/json");
            if let Some(key) = key {
                request = request.header("Idempotency-Key", key);
            }
            start.wait().await;
            let response = request.send().await.unwrap();
            (
                response.status().as_u16(),
                response.json::<Value>().await.unwrap(),
            )
        });
    }
    tasks.join_all().await
}

async fn carts(app: &Arc<TestApp>, count: usize, variant: i64, payment: Value) -> Vec<String> {
    // A gift card entered on many carts at the very same moment would meet its limit on
    // guesses (SECURITY.md); the customers here enter it one after another.
    if payment.get("giftCardNumber").is_some() {
        let mut carts = Vec::with_capacity(count);
        for _ in 0..count {
            carts.push(ready_cart(app, variant, 1, payment.clone()).await);
        }
        return carts;
    }
    let mut tasks = JoinSet::new();
    for _ in 0..count {
        let (app, payment) = (Arc::clone(app), payment.clone());
        tasks.spawn(async move { ready_cart(&app, variant, 1, payment).await });
    }
    tasks.join_all().await
}

async fn count(app: &TestApp, sql: &str) -> i64 {
    let pool = sqlx::AnyPool::connect(&app.database_url()).await.unwrap();
    let (count,): (i64,) = sqlx::query_as(sql).fetch_one(&pool).await.unwrap();
    count
}

fixture_tests!(
    a_hundred_orders_for_the_last_item_give_exactly_one_order,
    the_same_order_request_sent_ten_times_at_once_gives_one_order,
    fifty_orders_paying_with_one_gift_card_never_take_it_below_zero,
    twenty_adds_of_one_to_one_line_at_once_count_twenty,
    fifty_orders_sharing_one_gift_card_charge_exactly_its_balance,
    a_code_one_customer_may_use_once_is_used_once_by_twenty_parallel_orders,
    an_idempotency_key_reused_for_another_cart_or_changed_contents_is_refused
);

async fn a_hundred_orders_for_the_last_item_give_exactly_one_order(app: TestApp) {
    sqlx::any::install_default_drivers();
    let app = Arc::new(app);
    assert_eq!(stock_of(&app, 1522).await, 1);
    let carts = carts(&app, 100, 1522, ideal()).await;
    let answers = place_all(&app, carts, None).await;
    let placed = answers.iter().filter(|(status, _)| *status == 201).count();
    let refused = answers
        .iter()
        .filter(|(status, body)| *status == 409 && body["code"] == "errors.outOfStock")
        .count();
    assert_eq!(
        (placed, refused),
        (1, 99),
        "{:?}",
        answers.iter().map(|(status, _)| status).collect::<Vec<_>>()
    );
    assert_eq!(stock_of(&app, 1522).await, 0);
    // Orders placed from carts; the fixtures' demo orders have no cart.
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM orders WHERE cart_id IS NOT NULL"
        )
        .await,
        1
    );
}

async fn the_same_order_request_sent_ten_times_at_once_gives_one_order(app: TestApp) {
    sqlx::any::install_default_drivers();
    let app = Arc::new(app);
    let cart = ready_cart(&app, 1011, 1, ideal()).await;
    let answers = place_all(&app, vec![cart.clone(); 10], Some("checkout-click-1")).await;
    let ids: BTreeSet<String> = answers
        .iter()
        .map(|(status, body)| {
            assert!(*status == 200 || *status == 201, "{status}: {body}");
            body["order"]["orderId"].as_str().unwrap().to_owned()
        })
        .collect();
    assert_eq!(ids.len(), 1);
    assert_eq!(
        answers.iter().filter(|(status, _)| *status == 201).count(),
        1
    );

    // Without a key the cart itself is the key.
    let other = ready_cart(&app, 1011, 1, ideal()).await;
    let answers = place_all(&app, vec![other; 10], None).await;
    let ids: BTreeSet<&str> = answers
        .iter()
        .map(|(_, body)| body["order"]["orderId"].as_str().unwrap())
        .collect();
    assert_eq!(ids.len(), 1);
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM orders WHERE cart_id IS NOT NULL"
        )
        .await,
        2
    );
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM payments").await,
        2,
        "one payment per order"
    );
}

async fn fifty_orders_paying_with_one_gift_card_never_take_it_below_zero(app: TestApp) {
    sqlx::any::install_default_drivers();
    let app = Arc::new(app);
    // Each cart is 34.60 (Sport Muesli 29.65 + shipping 4.95): more than the card's 25.00,
    // so the rest goes to iDEAL.
    let payment = json!({"paymentMethodId": 1, "issuer": "ideal_RABONL2U", "giftCardNumber": GIFT_CARD, "giftCardPin": "1234"});
    let carts = carts(&app, 50, 1011, payment).await;
    let answers = place_all(&app, carts, None).await;
    // The first order takes the whole balance; for every other cart the card is empty by
    // the time it is priced again, which the engine refuses ('Card details are incorrect or
    // the balance is 0'), so those customers choose again.
    let placed: Vec<&Value> = answers
        .iter()
        .filter(|(status, _)| *status == 201)
        .map(|(_, body)| body)
        .collect();
    assert_eq!(
        placed.len(),
        1,
        "{:?}",
        answers.iter().map(|(s, _)| s).collect::<Vec<_>>()
    );
    assert_eq!(
        (
            &placed[0]["order"]["giftCardAmount"],
            &placed[0]["order"]["amountToPay"]
        ),
        (&json!("25.00"), &json!("9.60"))
    );
    let refused = answers
        .iter()
        .filter(|(status, body)| *status == 400 && body["code"] == "errors.giftCardRejected")
        .count();
    assert_eq!(refused, 49);
    let pool = sqlx::AnyPool::connect(&app.database_url()).await.unwrap();
    let (balance,): (String,) =
        sqlx::query_as("SELECT balance FROM gift_cards WHERE card_number = $1")
            .bind(GIFT_CARD)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(balance, "0.00");
}

async fn twenty_adds_of_one_to_one_line_at_once_count_twenty(app: TestApp) {
    let app = Arc::new(app);
    let cart = crate::orders::new_cart_on(&app, 1, 1).await;
    let start = Arc::new(tokio::sync::Barrier::new(20));
    let mut tasks = JoinSet::new();
    for _ in 0..20 {
        let (app, start, cart) = (Arc::clone(&app), Arc::clone(&start), cart.clone());
        tasks.spawn(async move {
            let request = app.client.post(app.url(&format!(
                "/api/cart/{cart}/products?productVariantId=1701&quantity=1"
            )));
            start.wait().await;
            request.send().await.unwrap().status().as_u16()
        });
    }
    assert_eq!(tasks.join_all().await, vec![200; 20]);
    let shown: Value = app
        .get(&format!("/api/cart/{cart}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(shown["cart"]["products"][0]["count"], 20);
    assert_eq!(shown["calculation"]["products"][0]["quantity"], 20);
    assert_eq!(
        count(
            &app,
            &format!("SELECT count FROM cart_lines WHERE cart_id = '{cart}'")
        )
        .await,
        20
    );
}

async fn fifty_orders_sharing_one_gift_card_charge_exactly_its_balance(app: TestApp) {
    sqlx::any::install_default_drivers();
    let app = Arc::new(app);
    // Each cart is 9.90 (treats 4.95 + shipping 4.95): the 25.00 card pays two whole
    // orders and 5.20 of a third, whose rest goes to iDEAL; then it is empty.
    let payment = json!({"paymentMethodId": 1, "issuer": "ideal_RABONL2U", "giftCardNumber": GIFT_CARD, "giftCardPin": "1234"});
    let carts = carts(&app, 50, 1701, payment).await;
    let answers = place_all(&app, carts, None).await;
    assert!(
        answers.iter().all(|(status, _)| *status < 500),
        "{:?}",
        answers.iter().map(|(s, _)| s).collect::<Vec<_>>()
    );
    let mut charged: Vec<String> = answers
        .iter()
        .filter(|(status, _)| *status == 201)
        .map(|(_, body)| body["order"]["giftCardAmount"].as_str().unwrap().to_owned())
        .collect();
    charged.sort();
    assert_eq!(charged, ["5.20", "9.90", "9.90"]);
    let refused = answers
        .iter()
        .filter(|(status, body)| *status == 400 && body["code"] == "errors.giftCardRejected")
        .count();
    assert_eq!(refused, 47);
    let pool = sqlx::AnyPool::connect(&app.database_url()).await.unwrap();
    let (balance,): (String,) =
        sqlx::query_as("SELECT balance FROM gift_cards WHERE card_number = $1")
            .bind(GIFT_CARD)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(balance, "0.00");
    let taken: Vec<(String,)> = sqlx::query_as(
        "SELECT gift_card_amount FROM orders WHERE gift_card_number = $1 ORDER BY gift_card_amount",
    )
    .bind(GIFT_CARD)
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(
        taken,
        [
            ("5.20".to_owned(),),
            ("9.90".to_owned(),),
            ("9.90".to_owned(),)
        ],
        "5.20 + 9.90 + 9.90 = 25.00"
    );
}

async fn a_code_one_customer_may_use_once_is_used_once_by_twenty_parallel_orders(app: TestApp) {
    sqlx::any::install_default_drivers();
    let app = Arc::new(app);
    let carts = carts(&app, 20, 1011, ideal()).await;
    for cart in &carts {
        expect_ok(
            app.post_json(
                &format!("/api/cart/{cart}/billing"),
                &billing("once@example.com", 1),
            )
            .await,
        )
        .await;
        expect_ok(
            app.post(&format!("/api/cart/{cart}/discountcode?code=WELKOM10"))
                .await,
        )
        .await;
    }
    let answers = place_all(&app, carts, None).await;
    let placed = answers.iter().filter(|(status, _)| *status == 201).count();
    let refused = answers
        .iter()
        .filter(|(status, body)| *status == 409 && body["code"] == "errors.discountCodeUsed")
        .count();
    assert_eq!(
        (placed, refused),
        (1, 19),
        "{:?}",
        answers
            .iter()
            .map(|(status, body)| (status, &body["code"]))
            .collect::<Vec<_>>()
    );
    let used = count(&app, "SELECT COUNT(*) FROM orders WHERE email_address = 'once@example.com' AND discount_code = 'WELKOM10'").await;
    assert_eq!(used, 1);
    assert_eq!(
        count(
            &app,
            "SELECT times_used FROM discount_codes WHERE code = 'WELKOM10'"
        )
        .await,
        38,
        "37 before"
    );
}

async fn an_idempotency_key_reused_for_another_cart_or_changed_contents_is_refused(app: TestApp) {
    sqlx::any::install_default_drivers();
    let app = Arc::new(app);
    let cart = ready_cart(&app, 1011, 1, ideal()).await;
    let answers = place_all(&app, vec![cart.clone(); 10], Some("checkout-click-7")).await;
    let placed: BTreeSet<&str> = answers
        .iter()
        .map(|(_, body)| body["order"]["orderId"].as_str().unwrap())
        .collect();
    assert_eq!(placed.len(), 1);

    let other = ready_cart(&app, 1021, 1, ideal()).await;
    let answers = place_all(&app, vec![other; 10], Some("checkout-click-7")).await;
    for (status, body) in &answers {
        assert_eq!(
            (*status, &body["code"]),
            (422, &json!("errors.idempotencyKeyReused")),
            "{body}"
        );
    }

    expect_ok(
        app.post(&format!("/api/cart/{cart}/products?productVariantId=1701"))
            .await,
    )
    .await;
    let answers = place_all(&app, vec![cart.clone()], Some("checkout-click-7")).await;
    assert_eq!(
        (answers[0].0, &answers[0].1["code"]),
        (422, &json!("errors.idempotencyKeyReused"))
    );
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM orders WHERE cart_id IS NOT NULL"
        )
        .await,
        1
    );
}
