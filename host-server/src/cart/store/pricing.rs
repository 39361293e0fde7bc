//! What pricing a cart reads besides the cart: a site's languages, VAT rates, shipping and
//! payment costs and promotions, the variants it sells with their products' names, discount
//! codes and their uses, and gift cards. Amounts come back as stored text; the engine parses
//! and computes them.

use engine::ids::{PaymentMethodId, ProductId, ProductVariantId};
use engine::locale::CalendarDate;
use sqlx::{AnyConnection, AnyPool};
use std::collections::BTreeSet;

use crate::platform::db::{Flag, placeholders};

/// The culture of a site's language and the site's fallback culture; `None` when the site has
/// not this language.
pub async fn site_language_cultures(
    pool: &AnyPool,
    site_id: i64,
    language_id: i64,
) -> Result<Option<(String, Option<String>)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT l.culture, f.culture FROM site_languages sl JOIN languages l ON l.language_id = sl.language_id \
         JOIN sites s ON s.site_id = sl.site_id LEFT JOIN languages f ON f.language_id = s.fallback_language_id \
         WHERE sl.site_id = $1 AND sl.language_id = $2",
    )
    .bind(site_id)
    .bind(language_id)
    .fetch_optional(pool)
    .await
}

/// A site's high and low VAT percentages; `None` when there is no such site.
pub async fn vat_percentages(
    pool: &AnyPool,
    site_id: i64,
) -> Result<Option<(String, String)>, sqlx::Error> {
    sqlx::query_as("SELECT vat_percentage_high, vat_percentage_low FROM sites WHERE site_id = $1")
        .bind(site_id)
        .fetch_optional(pool)
        .await
}

/// A site's shipping methods with their prices, by method.
pub async fn shipping_prices(
    pool: &AnyPool,
    site_id: i64,
) -> Result<Vec<(i64, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT shipping_method, price FROM shipping_prices WHERE site_id = $1 ORDER BY shipping_method",
    )
    .bind(site_id)
    .fetch_all(pool)
    .await
}

/// A site's free shipping threshold (if any) and the methods it makes free (a JSON list).
pub async fn free_shipping(
    pool: &AnyPool,
    site_id: i64,
) -> Result<Option<(Option<String>, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT free_shipping_threshold, free_shipping_methods_json FROM shipping_settings WHERE site_id = $1",
    )
    .bind(site_id)
    .fetch_optional(pool)
    .await
}

/// The payment methods a site offers with their costs, in the site's order.
pub async fn payment_costs(
    pool: &AnyPool,
    site_id: i64,
) -> Result<Vec<(i64, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT pm.payment_method_id, pm.cost FROM payment_methods pm \
         JOIN site_payment_methods spm ON spm.payment_method_id = pm.payment_method_id WHERE spm.site_id = $1 \
         ORDER BY spm.position",
    )
    .bind(site_id)
    .fetch_all(pool)
    .await
}

/// Whether a site offers a payment method.
pub async fn site_offers_payment_method(
    pool: &AnyPool,
    site_id: i64,
    method: PaymentMethodId,
) -> Result<bool, sqlx::Error> {
    let offered: Option<(i64,)> = sqlx::query_as(
        "SELECT payment_method_id FROM site_payment_methods WHERE site_id = $1 AND payment_method_id = $2",
    )
    .bind(site_id)
    .bind(method.get())
    .fetch_optional(pool)
    .await?;
    Ok(offered.is_some())
}

/// A variant a site sells, with what its catalog entry is made of.
#[derive(sqlx::FromRow)]
pub struct VariantRow {
    #[sqlx(try_from = "i64")]
    pub product_variant_id: ProductVariantId,
    #[sqlx(try_from = "i64")]
    pub product_id: ProductId,
    pub product_type: i64,
    pub product_group: String,
    pub brand: String,
    pub vat_type: String,
    pub price: String,
    pub stock: Option<i64>,
    pub variant_label: Option<String>,
    pub packaging: String,
    pub content_amount: String,
    pub content_unit: String,
}

/// Those of the given variants that the site sells, by variant id. `variant_ids` must not be
/// empty.
pub async fn variants_sold_on_site(
    pool: &AnyPool,
    site_id: i64,
    variant_ids: &BTreeSet<ProductVariantId>,
) -> Result<Vec<VariantRow>, sqlx::Error> {
    let sql = format!(
        "SELECT v.product_variant_id, v.product_id, p.product_type, p.product_group, p.brand, v.vat_type, v.price, v.stock, \
         v.variant_label, v.packaging, v.content_amount, v.content_unit FROM variants v \
         JOIN products p ON p.product_id = v.product_id \
         JOIN variant_sites vs ON vs.product_variant_id = v.product_variant_id AND vs.site_id = $1 \
         WHERE v.product_variant_id IN ({}) ORDER BY v.product_variant_id",
        placeholders(2, variant_ids.len())
    );
    let mut query = sqlx::query_as::<_, VariantRow>(&sql).bind(site_id);
    for id in variant_ids {
        query = query.bind(id.get());
    }
    query.fetch_all(pool).await
}

/// The names of the given products in every culture that has one, as (product, culture,
/// name). `product_ids` must not be empty.
pub async fn product_names(
    pool: &AnyPool,
    product_ids: &BTreeSet<ProductId>,
) -> Result<Vec<(i64, String, String)>, sqlx::Error> {
    let sql = format!(
        "SELECT product_id, culture, name FROM product_texts WHERE name IS NOT NULL AND product_id IN ({})",
        placeholders(1, product_ids.len())
    );
    let mut query = sqlx::query_as::<_, (i64, String, String)>(&sql);
    for id in product_ids {
        query = query.bind(id.get());
    }
    query.fetch_all(pool).await
}

/// A discount code as the shop keeps it: the promotion it unlocks, its dates and its usage
/// limit with how often it was used. Whether it may be used is the engine's rule
/// ([`engine::promotions::CodeUseRequest`]).
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct DiscountCodeRow {
    pub promotion_key: String,
    #[sqlx(try_from = "String")]
    pub valid_from: CalendarDate,
    #[sqlx(try_from = "String")]
    pub valid_until: CalendarDate,
    pub usage_limit: Option<i64>,
    pub times_used: i64,
}

/// A discount code by its normal form; `None` when there is no such code.
pub async fn discount_code(
    pool: &AnyPool,
    code: &str,
) -> Result<Option<DiscountCodeRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT promotion_key, valid_from, valid_until, usage_limit, times_used \
         FROM discount_codes WHERE code = $1",
    )
    .bind(code)
    .fetch_optional(pool)
    .await
}

/// A promotion of a site as stored: its key, whether a code is needed, its first day and the
/// promotion as the shop owner keeps it (`rule_json`).
#[derive(sqlx::FromRow)]
pub struct PromotionRow {
    pub promotion_key: String,
    pub requires_code: Flag,
    #[sqlx(try_from = "String")]
    pub valid_from: CalendarDate,
    pub rule_json: String,
}

/// The promotions of a site valid on `day`, by key.
pub async fn promotions_of_site(
    pool: &AnyPool,
    site_id: i64,
    day: &str,
) -> Result<Vec<PromotionRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT p.promotion_key, p.requires_code, p.valid_from, p.rule_json FROM promotions p \
         JOIN promotion_sites ps ON ps.promotion_key = p.promotion_key AND ps.site_id = $1 \
         WHERE p.valid_from <= $2 AND p.valid_until >= $2 ORDER BY p.promotion_key",
    )
    .bind(site_id)
    .bind(day)
    .fetch_all(pool)
    .await
}

/// A gift card's balance; `None` when there is no such card.
pub async fn gift_card_balance(
    pool: &AnyPool,
    card_number: &str,
) -> Result<Option<String>, sqlx::Error> {
    let balance: Option<(String,)> =
        sqlx::query_as("SELECT balance FROM gift_cards WHERE card_number = $1")
            .bind(card_number)
            .fetch_optional(pool)
            .await?;
    Ok(balance.map(|(balance,)| balance))
}

/// A gift card's PIN hash and balance; `None` when there is no such card.
pub async fn gift_card_pin_and_balance(
    pool: &AnyPool,
    card_number: &str,
) -> Result<Option<(String, String)>, sqlx::Error> {
    sqlx::query_as("SELECT pin_hash, balance FROM gift_cards WHERE card_number = $1")
        .bind(card_number)
        .fetch_optional(pool)
        .await
}

/// A discount code's per-customer limit: the outer `None` when there is no such code, the
/// inner one when it has no such limit.
pub async fn per_customer_limit(
    connection: &mut AnyConnection,
    code: &str,
) -> Result<Option<Option<i64>>, sqlx::Error> {
    let limit: Option<(Option<i64>,)> =
        sqlx::query_as("SELECT per_customer_limit FROM discount_codes WHERE code = $1")
            .bind(code)
            .fetch_optional(connection)
            .await?;
    Ok(limit.map(|(limit,)| limit))
}

/// How many orders that are not cancelled used `code`, placed with the e-mail address `email`
/// (in any case) or by the account `account_id`.
pub async fn orders_with_code_by(
    connection: &mut AnyConnection,
    code: &str,
    email: &str,
    account_id: &str,
) -> Result<i64, sqlx::Error> {
    let (used,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM orders WHERE discount_code = $1 AND status <> 'cancelled' \
         AND ((email_address IS NOT NULL AND LOWER(email_address) = LOWER($2)) \
         OR (account_id IS NOT NULL AND account_id = $3))",
    )
    .bind(code)
    .bind(email)
    .bind(account_id)
    .fetch_one(connection)
    .await?;
    Ok(used)
}
