//! Placing orders at the same moment (decisions.md: "never oversells the last item under
//! concurrency"), on SQLite and PostgreSQL: the last item in stock, one request sent ten times,
//! and one gift card paying fifty orders.

use std::collections::BTreeSet;
use std::sync::Arc;

use serde_json::{Value, json};
use tokio::task::JoinSet;

use crate::orders::{GIFT_CARD, ideal, ready_cart, stock_of};
use crate::support::{TestApp, fixture_tests};

/// Places each cart once, all at the same moment; (status, body) per cart.
async fn place_all(app: &Arc<TestApp>, carts: Vec<String>, key: Option<&'static str>) -> Vec<(u16, Value)> {
    let start = Arc::new(tokio::sync::Barrier::new(carts.len()));
    let mut tasks = JoinSet::new();
    for cart in carts {
        let (app, start) = (Arc::clone(app), Arc::clone(&start));
        tasks.spawn(async move {
            let mut request = app.client.post(app.url(&format!("/api/cart/{cart}/order"))).header("content-type", "application/json");
            if let Some(key) = key {
                request = request.header("Idempotency-Key", key);
            }
            start.wait().await;
            let response = request.send().await.unwrap();
            (response.status().as_u16(), response.json::<Value>().await.unwrap())
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

fixture_tests! {
    async fn a_hundred_orders_for_the_last_item_give_exactly_one_order(app) {
        sqlx::any::install_default_drivers();
        let app = Arc::new(app);
        assert_eq!(stock_of(&app, 1522).await, 1);
        let carts = carts(&app, 100, 1522, ideal()).await;
        let answers = place_all(&app, carts, None).await;
        let placed = answers.iter().filter(|(status, _)| *status == 201).count();
        let refused = answers.iter().filter(|(status, body)| *status == 409 && body["code"] == "errors.outOfStock").count();
        assert_eq!((placed, refused), (1, 99), "{:?}", answers.iter().map(|(status, _)| status).collect::<Vec<_>>());
        assert_eq!(stock_of(&app, 1522).await, 0);
        // Orders placed from carts; the fixtures' demo orders have no cart.
        assert_eq!(count(&app, "SELECT COUNT(*) FROM orders WHERE cart_id IS NOT NULL").await, 1);
    }

    async fn the_same_order_request_sent_ten_times_at_once_gives_one_order(app) {
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
        assert_eq!(answers.iter().filter(|(status, _)| *status == 201).count(), 1);

        // Without a key the cart itself is the key.
        let other = ready_cart(&app, 1011, 1, ideal()).await;
        let answers = place_all(&app, vec![other; 10], None).await;
        let ids: BTreeSet<&str> = answers.iter().map(|(_, body)| body["order"]["orderId"].as_str().unwrap()).collect();
        assert_eq!(ids.len(), 1);
        assert_eq!(count(&app, "SELECT COUNT(*) FROM orders WHERE cart_id IS NOT NULL").await, 2);
        assert_eq!(count(&app, "SELECT COUNT(*) FROM payments").await, 2, "one payment per order");
    }

    async fn fifty_orders_paying_with_one_gift_card_never_take_it_below_zero(app) {
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
        let placed: Vec<&Value> = answers.iter().filter(|(status, _)| *status == 201).map(|(_, body)| body).collect();
        assert_eq!(placed.len(), 1, "{:?}", answers.iter().map(|(s, _)| s).collect::<Vec<_>>());
        assert_eq!((&placed[0]["order"]["giftCardAmount"], &placed[0]["order"]["amountToPay"]), (&json!("25.00"), &json!("9.60")));
        let refused = answers.iter().filter(|(status, body)| *status == 400 && body["code"] == "errors.giftCardRejected").count();
        assert_eq!(refused, 49);
        let pool = sqlx::AnyPool::connect(&app.database_url()).await.unwrap();
        let (balance,): (String,) =
            sqlx::query_as("SELECT balance FROM gift_cards WHERE card_number = $1").bind(GIFT_CARD).fetch_one(&pool).await.unwrap();
        assert_eq!(balance, "0.00");
    }
}
