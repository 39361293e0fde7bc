//! The cart tables: carts, their lines and the names of scan samples, with the writes that
//! take stored choices off a cart.

use engine::cart::{CartLine, RqsSample};
use engine::ids::{PaymentMethodId, ProductId, ProductVariantId};
use engine::shipping::ShippingMethod;
use sqlx::{AnyConnection, AnyPool};

use super::line_writer::{LineWrite, LineWriter};
use crate::cart::cache::{CartCache, StoredCart};
use crate::cart::rows::{CartRow, LineRow, SampleRow};
use crate::platform::db::Flag;
use crate::{platform::clock, platform::secrets};
use std::sync::Arc;

const CART_COLUMNS: &str = "cart_id, site_id, language_id, created_at, last_modified, discount_code, \
     shipping_method, payment_method_id, issuer, gift_card_number, billing_json, shipping_json, company_json, \
     alternative_shipping_address, newsletter_subscribe, mailplus_id, dealer_id, dpd_parcel_shop_id, \
     dpd_parcel_shop_zipcode_or_city";

/// What placing an order needs of a cart besides its choices: its owner and the password
/// chosen in checkout.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct CartOwner {
    pub account_id: Option<String>,
    pub password_hash: Option<String>,
    pub confirm_url: Option<String>,
}

/// The owner columns of a cart.
pub async fn owner(pool: &AnyPool, cart_id: &str) -> Result<Option<CartOwner>, sqlx::Error> {
    sqlx::query_as("SELECT account_id, password_hash, confirm_url FROM carts WHERE cart_id = $1")
        .bind(cart_id)
        .fetch_optional(pool)
        .await
}

/// Deletes a cart whose order is paid; its lines and samples go with it, in one transaction.
pub async fn delete(pool: &AnyPool, cache: &CartCache, cart_id: &str) -> Result<(), sqlx::Error> {
    let _change = cache.change(cart_id);
    let mut transaction = pool.begin().await?;
    for table in ["cart_samples", "cart_lines", "carts"] {
        sqlx::query(&format!("DELETE FROM {table} WHERE cart_id = $1"))
            .bind(cart_id)
            .execute(&mut *transaction)
            .await?;
    }
    transaction.commit().await
}

/// Creates a cart, the account's when `account_id` is given.
pub async fn create(
    pool: &AnyPool,
    site_id: i64,
    language_id: i64,
    client_ip: &str,
    account_id: Option<&str>,
) -> Result<String, sqlx::Error> {
    let cart_id = secrets::new_id();
    let now = clock::now_millis();
    sqlx::query(
        "INSERT INTO carts (cart_id, site_id, language_id, client_ip, account_id, created_at, last_modified) \
         VALUES ($1, $2, $3, $4, $5, $6, $6)",
    )
    .bind(&cart_id)
    .bind(site_id)
    .bind(language_id)
    .bind(client_ip)
    .bind(account_id)
    .bind(now)
    .execute(pool)
    .await?;
    Ok(cart_id)
}

/// A cart with its lines and samples, from the cache when it is kept there; `None` when there
/// is no such cart.
pub async fn snapshot(
    pool: &AnyPool,
    cache: &CartCache,
    cart_id: &str,
) -> Result<Option<Arc<StoredCart>>, sqlx::Error> {
    let ticket = match cache.get(cart_id) {
        Ok(cart) => return Ok(Some(cart)),
        Err(ticket) => ticket,
    };
    let Some(row) = find(pool, cart_id).await? else {
        return Ok(None);
    };
    let (lines, samples) = (lines(pool, cart_id).await?, samples(pool, cart_id).await?);
    let cart = Arc::new(StoredCart {
        row,
        lines,
        samples,
        version: ticket,
    });
    cache.keep(cart_id, ticket, Arc::clone(&cart));
    Ok(Some(cart))
}

/// The cart, read from the pool or in a transaction.
pub async fn find(
    executor: impl sqlx::Executor<'_, Database = sqlx::Any>,
    cart_id: &str,
) -> Result<Option<CartRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {CART_COLUMNS} FROM carts WHERE cart_id = $1"
    ))
    .bind(cart_id)
    .fetch_optional(executor)
    .await
}

pub async fn lines(pool: &AnyPool, cart_id: &str) -> Result<Vec<LineRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT product_variant_id, product_id, count, added_at FROM cart_lines WHERE cart_id = $1 ORDER BY added_at, product_variant_id",
    )
    .bind(cart_id)
    .fetch_all(pool)
    .await
}

pub async fn samples(pool: &AnyPool, cart_id: &str) -> Result<Vec<SampleRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT product_variant_id, sequence, sample_name FROM cart_samples WHERE cart_id = $1 ORDER BY product_variant_id, sequence",
    )
    .bind(cart_id)
    .fetch_all(pool)
    .await
}

async fn touch(connection: &mut AnyConnection, cart_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE carts SET last_modified = $1 WHERE cart_id = $2")
        .bind(clock::now_millis())
        .bind(cart_id)
        .execute(connection)
        .await?;
    Ok(())
}

/// Writes one line of `changed`, the whole cart after a change made at `now` (inserting the line
/// when new, with its `added_at`), through the [`LineWriter`]: `added` units added to the stored
/// count (so that adds arriving together all count), or else the line's count set. Answers the
/// count the line has then. The cache then keeps `changed` when that is the count it holds,
/// unless the cart changed otherwise meanwhile.
pub async fn set_line(
    writer: &LineWriter,
    cache: &CartCache,
    changed: StoredCart,
    line: &LineRow,
    added: Option<i64>,
    now: i64,
) -> Result<i64, sqlx::Error> {
    let cart_id = changed.row.cart_id.clone();
    let change = cache.change(&cart_id);
    let LineRow {
        product_variant_id,
        product_id,
        count,
        added_at,
    } = *line;
    let write = LineWrite {
        cart_id: cart_id.clone(),
        product_variant_id,
        product_id,
        count: added.unwrap_or(count),
        added_at,
        changed_at: now,
        add: added.is_some(),
    };
    let stored = writer.write(write).await?;
    if stored == count {
        change.written(changed);
    }
    Ok(stored)
}

/// Removes a line and its sample names, in one transaction; false when the cart had no such
/// line.
pub async fn remove_line(
    pool: &AnyPool,
    cache: &CartCache,
    cart_id: &str,
    variant_id: ProductVariantId,
) -> Result<bool, sqlx::Error> {
    let _change = cache.change(cart_id);
    let mut transaction = pool.begin().await?;
    let removed =
        sqlx::query("DELETE FROM cart_lines WHERE cart_id = $1 AND product_variant_id = $2")
            .bind(cart_id)
            .bind(variant_id.get())
            .execute(&mut *transaction)
            .await?
            .rows_affected()
            > 0;
    // A refused removal (no such line) changes nothing, not even the modification time.
    if !removed {
        return Ok(false);
    }
    sqlx::query("DELETE FROM cart_samples WHERE cart_id = $1 AND product_variant_id = $2")
        .bind(cart_id)
        .bind(variant_id.get())
        .execute(&mut *transaction)
        .await?;
    touch(&mut transaction, cart_id).await?;
    transaction.commit().await?;
    Ok(true)
}

/// Sets the password chosen in checkout and the page that activates the account it makes, in
/// one statement.
pub async fn set_checkout_password(
    pool: &AnyPool,
    cache: &CartCache,
    cart_id: &str,
    password_hash: &str,
    confirm_url: &str,
) -> Result<(), sqlx::Error> {
    let _change = cache.change(cart_id);
    sqlx::query(
        "UPDATE carts SET password_hash = $1, confirm_url = $2, last_modified = $3 WHERE cart_id = $4",
    )
    .bind(password_hash)
    .bind(confirm_url)
    .bind(clock::now_millis())
    .bind(cart_id)
    .execute(pool)
    .await?;
    Ok(())
}

/// The new value of one cart column.
enum Column {
    Text(Option<String>),
    Number(Option<i64>),
}

fn text(
    columns: &mut Vec<(&'static str, Column)>,
    name: &'static str,
    old: &Option<String>,
    new: &Option<String>,
) {
    if old != new {
        columns.push((name, Column::Text(new.clone())));
    }
}

fn number(
    columns: &mut Vec<(&'static str, Column)>,
    name: &'static str,
    old: Option<i64>,
    new: Option<i64>,
) {
    if old != new {
        columns.push((name, Column::Number(new)));
    }
}

/// The choice columns in which `new` differs from `old`.
fn changed_columns(old: &CartRow, new: &CartRow) -> Vec<(&'static str, Column)> {
    let mut columns = Vec::new();
    text(
        &mut columns,
        "discount_code",
        &old.discount_code,
        &new.discount_code,
    );
    number(
        &mut columns,
        "shipping_method",
        Some(i64::from(old.shipping_method)),
        Some(i64::from(new.shipping_method)),
    );
    number(
        &mut columns,
        "payment_method_id",
        old.payment_method_id.map(i64::from),
        new.payment_method_id.map(i64::from),
    );
    text(&mut columns, "issuer", &old.issuer, &new.issuer);
    text(
        &mut columns,
        "gift_card_number",
        &old.gift_card_number,
        &new.gift_card_number,
    );
    text(
        &mut columns,
        "billing_json",
        &old.billing_json,
        &new.billing_json,
    );
    text(
        &mut columns,
        "shipping_json",
        &old.shipping_json,
        &new.shipping_json,
    );
    text(
        &mut columns,
        "company_json",
        &old.company_json,
        &new.company_json,
    );
    let flag = |flag: Flag| Some(i64::from(flag.0));
    number(
        &mut columns,
        "alternative_shipping_address",
        flag(old.alternative_shipping_address),
        flag(new.alternative_shipping_address),
    );
    number(
        &mut columns,
        "newsletter_subscribe",
        flag(old.newsletter_subscribe),
        flag(new.newsletter_subscribe),
    );
    text(
        &mut columns,
        "mailplus_id",
        &old.mailplus_id,
        &new.mailplus_id,
    );
    number(&mut columns, "dealer_id", old.dealer_id, new.dealer_id);
    text(
        &mut columns,
        "dpd_parcel_shop_id",
        &old.dpd_parcel_shop_id,
        &new.dpd_parcel_shop_id,
    );
    let (old_place, new_place) = (
        &old.dpd_parcel_shop_zipcode_or_city,
        &new.dpd_parcel_shop_zipcode_or_city,
    );
    text(
        &mut columns,
        "dpd_parcel_shop_zipcode_or_city",
        old_place,
        new_place,
    );
    columns
}

/// Writes the choices in which `new` differs from `old` (only those, so that a concurrent
/// change of another choice stays) in one statement, and moves the modification time to `now`.
/// False when the cart no longer exists.
pub async fn write_row(
    connection: &mut AnyConnection,
    cache: &CartCache,
    old: &CartRow,
    new: &CartRow,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let _change = cache.change(&old.cart_id);
    let columns = changed_columns(old, new);
    let assignments: Vec<String> = columns
        .iter()
        .enumerate()
        .map(|(index, (name, _))| format!("{name} = ${}", index + 3))
        .collect();
    let sql = format!(
        "UPDATE carts SET last_modified = $1{} WHERE cart_id = $2",
        assignments
            .iter()
            .map(|set| format!(", {set}"))
            .collect::<String>()
    );
    let mut query = sqlx::query(&sql).bind(now).bind(&old.cart_id);
    for (_, value) in columns {
        query = match value {
            Column::Text(text) => query.bind(text),
            Column::Number(number) => query.bind(number),
        };
    }
    Ok(query.execute(connection).await?.rows_affected() > 0)
}

/// Names one sample of a scan line.
pub async fn set_sample(
    pool: &AnyPool,
    cache: &CartCache,
    cart_id: &str,
    variant_id: ProductVariantId,
    sequence: i64,
    name: &str,
) -> Result<(), sqlx::Error> {
    let _change = cache.change(cart_id);
    let mut transaction = pool.begin().await?;
    sqlx::query(
        "INSERT INTO cart_samples (cart_id, product_variant_id, sequence, sample_name) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (cart_id, product_variant_id, sequence) DO UPDATE SET sample_name = $4",
    )
    .bind(cart_id)
    .bind(variant_id.get())
    .bind(sequence)
    .bind(name.trim())
    .execute(&mut *transaction)
    .await?;
    touch(&mut transaction, cart_id).await?;
    transaction.commit().await
}

/// Removes one unit of a scan line with its sample, shifting the later samples down by one,
/// in one transaction with the modification time.
pub async fn remove_sample(
    pool: &AnyPool,
    cache: &CartCache,
    cart_id: &str,
    variant_id: ProductVariantId,
    sequence: i64,
    count: i64,
) -> Result<(), sqlx::Error> {
    let _change = cache.change(cart_id);
    let mut transaction = pool.begin().await?;
    sqlx::query(
        "DELETE FROM cart_samples WHERE cart_id = $1 AND product_variant_id = $2 AND sequence = $3",
    )
    .bind(cart_id)
    .bind(variant_id.get())
    .bind(sequence)
    .execute(&mut *transaction)
    .await?;
    for later in sequence + 1..=count {
        sqlx::query("UPDATE cart_samples SET sequence = $1 WHERE cart_id = $2 AND product_variant_id = $3 AND sequence = $4")
            .bind(later - 1)
            .bind(cart_id)
            .bind(variant_id.get())
            .bind(later)
            .execute(&mut *transaction)
            .await?;
    }
    if count <= 1 {
        sqlx::query("DELETE FROM cart_lines WHERE cart_id = $1 AND product_variant_id = $2")
            .bind(cart_id)
            .bind(variant_id.get())
            .execute(&mut *transaction)
            .await?;
    } else {
        sqlx::query(
            "UPDATE cart_lines SET count = $1 WHERE cart_id = $2 AND product_variant_id = $3",
        )
        .bind(count - 1)
        .bind(cart_id)
        .bind(variant_id.get())
        .execute(&mut *transaction)
        .await?;
    }
    touch(&mut transaction, cart_id).await?;
    transaction.commit().await
}

/// The count and product type of a line of the cart; `None` when the cart has no such line.
pub async fn line_count_and_type(
    pool: &AnyPool,
    cart_id: &str,
    variant_id: ProductVariantId,
) -> Result<Option<(i64, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT cl.count, p.product_type FROM cart_lines cl JOIN products p ON p.product_id = cl.product_id \
         WHERE cl.cart_id = $1 AND cl.product_variant_id = $2",
    )
    .bind(cart_id)
    .bind(variant_id.get())
    .fetch_optional(pool)
    .await
}

// Taking stored choices off a cart (`applicable::persist`): each write changes the cart only
// where it still holds the value taken off, so a choice made meanwhile stays. They run on the
// caller's transaction, which holds the cart's change in the cache.

/// Takes the discount code off, while the cart still has `code`.
pub async fn clear_discount_code(
    connection: &mut AnyConnection,
    cart_id: &str,
    code: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE carts SET discount_code = NULL WHERE cart_id = $1 AND discount_code = $2")
        .bind(cart_id)
        .bind(code.to_owned())
        .execute(connection)
        .await?;
    Ok(())
}

/// Takes the gift card off, while the cart still has card `number`.
pub async fn clear_gift_card(
    connection: &mut AnyConnection,
    cart_id: &str,
    number: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE carts SET gift_card_number = NULL WHERE cart_id = $1 AND gift_card_number = $2",
    )
    .bind(cart_id)
    .bind(number.to_owned())
    .execute(connection)
    .await?;
    Ok(())
}

/// Takes the payment method and its issuer off, while the cart still has `method`.
pub async fn clear_payment_method(
    connection: &mut AnyConnection,
    cart_id: &str,
    method: PaymentMethodId,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE carts SET payment_method_id = NULL, issuer = NULL WHERE cart_id = $1 AND payment_method_id = $2")
        .bind(cart_id)
        .bind(method.get())
        .execute(connection)
        .await?;
    Ok(())
}

/// Replaces shipping method `from` by `to`, while the cart still has `from`.
pub async fn replace_shipping_method(
    connection: &mut AnyConnection,
    cart_id: &str,
    from: ShippingMethod,
    to: ShippingMethod,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE carts SET shipping_method = $3 WHERE cart_id = $1 AND shipping_method = $2",
    )
    .bind(cart_id)
    .bind(i64::from(from))
    .bind(i64::from(to))
    .execute(connection)
    .await?;
    Ok(())
}

/// Removes a line with its sample names.
pub async fn drop_line(
    connection: &mut AnyConnection,
    cart_id: &str,
    variant_id: ProductVariantId,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM cart_samples WHERE cart_id = $1 AND product_variant_id = $2")
        .bind(cart_id)
        .bind(variant_id.get())
        .execute(&mut *connection)
        .await?;
    sqlx::query("DELETE FROM cart_lines WHERE cart_id = $1 AND product_variant_id = $2")
        .bind(cart_id)
        .bind(variant_id.get())
        .execute(&mut *connection)
        .await?;
    Ok(())
}

/// Sets a line's count from `from` to `to`, while it still is `from`.
pub async fn replace_count(
    connection: &mut AnyConnection,
    cart_id: &str,
    variant_id: ProductVariantId,
    from: i64,
    to: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE cart_lines SET count = $4 WHERE cart_id = $1 AND product_variant_id = $2 AND count = $3",
    )
    .bind(cart_id)
    .bind(variant_id.get())
    .bind(from)
    .bind(to)
    .execute(connection)
    .await?;
    Ok(())
}

/// Moves the cart's modification time to `now`.
pub async fn set_last_modified(
    connection: &mut AnyConnection,
    cart_id: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE carts SET last_modified = $1 WHERE cart_id = $2")
        .bind(now)
        .bind(cart_id)
        .execute(connection)
        .await?;
    Ok(())
}

/// The newest cart of an account, if it has one.
pub async fn cart_of_account(
    pool: &AnyPool,
    account_id: &str,
) -> Result<Option<String>, sqlx::Error> {
    let cart: Option<(String,)> =
        sqlx::query_as("SELECT cart_id FROM carts WHERE account_id = $1 ORDER BY last_modified DESC, cart_id LIMIT 1")
            .bind(account_id)
            .fetch_optional(pool)
            .await?;
    Ok(cart.map(|(cart_id,)| cart_id))
}

/// Gives a guest cart to an account: when the account already has a cart, the guest cart's
/// lines join it by the engine's rule (`engine::cart::merge_guest_lines`) and the guest cart is
/// removed. Returns the account's cart id.
pub async fn adopt_guest_cart(
    pool: &AnyPool,
    cache: &CartCache,
    account_id: &str,
    guest_cart_id: &str,
) -> Result<String, sqlx::Error> {
    let _change = cache.change(guest_cart_id);
    let mut transaction = pool.begin().await?;
    let guest: Option<(Option<String>,)> =
        sqlx::query_as("SELECT account_id FROM carts WHERE cart_id = $1")
            .bind(guest_cart_id)
            .fetch_optional(&mut *transaction)
            .await?;
    let existing: Option<(String,)> = sqlx::query_as(
        "SELECT cart_id FROM carts WHERE account_id = $1 AND cart_id <> $2 ORDER BY last_modified DESC, cart_id LIMIT 1",
    )
    .bind(account_id)
    .bind(guest_cart_id)
    .fetch_optional(&mut *transaction)
    .await?;
    // Only a guest cart (or the account's own) can be adopted; another customer's cart is left alone.
    let adoptable = matches!(&guest, Some((None,)))
        || matches!(&guest, Some((Some(owner),)) if owner == account_id);
    let result = match (adoptable, existing) {
        (false, Some((existing,))) => existing,
        (false, None) => {
            transaction.commit().await?;
            return Ok(String::new());
        }
        (true, None) => {
            sqlx::query("UPDATE carts SET account_id = $1 WHERE cart_id = $2")
                .bind(account_id)
                .bind(guest_cart_id)
                .execute(&mut *transaction)
                .await?;
            guest_cart_id.to_owned()
        }
        (true, Some((existing,))) => {
            merge_guest_cart(&mut transaction, &existing, guest_cart_id).await?;
            sqlx::query("DELETE FROM carts WHERE cart_id = $1")
                .bind(guest_cart_id)
                .execute(&mut *transaction)
                .await?;
            sqlx::query("UPDATE carts SET last_modified = $1 WHERE cart_id = $2")
                .bind(clock::now_millis())
                .bind(&existing)
                .execute(&mut *transaction)
                .await?;
            existing
        }
    };
    transaction.commit().await?;
    // The account's cart may have taken the guest's lines.
    cache.forget(&result);
    Ok(result)
}

/// The lines of a cart with their samples, in the order they were added, as the engine takes
/// them.
async fn engine_lines(
    connection: &mut AnyConnection,
    cart_id: &str,
) -> Result<Vec<CartLine>, sqlx::Error> {
    let lines: Vec<(i64, i64, i64)> = sqlx::query_as(
        "SELECT product_variant_id, product_id, count FROM cart_lines WHERE cart_id = $1 \
         ORDER BY added_at, product_variant_id",
    )
    .bind(cart_id)
    .fetch_all(&mut *connection)
    .await?;
    let samples: Vec<(i64, i64, String)> = sqlx::query_as(
        "SELECT product_variant_id, sequence, sample_name FROM cart_samples WHERE cart_id = $1 \
         ORDER BY product_variant_id, sequence",
    )
    .bind(cart_id)
    .fetch_all(&mut *connection)
    .await?;
    Ok(lines
        .into_iter()
        .map(|(variant_id, product_id, count)| CartLine {
            product_id: Some(ProductId::new(product_id)),
            product_variant_id: ProductVariantId::new(variant_id),
            count,
            rqs_samples: samples
                .iter()
                .filter(|(sample_variant, _, _)| *sample_variant == variant_id)
                .map(|(_, sequence, sample_name)| RqsSample {
                    sequence: u32::try_from(*sequence).unwrap_or_default(),
                    sample_name: sample_name.clone(),
                })
                .collect(),
        })
        .collect())
}

/// Writes the guest cart's lines into the account's cart as the engine merges them: every line
/// the guest had is written with its merged units and samples; the account's other lines stay.
async fn merge_guest_cart(
    connection: &mut AnyConnection,
    account_cart_id: &str,
    guest_cart_id: &str,
) -> Result<(), sqlx::Error> {
    let account = engine_lines(connection, account_cart_id).await?;
    let guest = engine_lines(connection, guest_cart_id).await?;
    let merged = engine::cart::merge_guest_lines(&account, &guest);
    let added_at = clock::now_millis();
    for line in merged.iter().filter(|line| {
        guest
            .iter()
            .any(|guest_line| guest_line.product_variant_id == line.product_variant_id)
    }) {
        let variant_id = line.product_variant_id.get();
        let product_id = line.product_id.map(i64::from);
        sqlx::query(
            "INSERT INTO cart_lines (cart_id, product_variant_id, product_id, count, added_at) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (cart_id, product_variant_id) DO UPDATE SET count = $4",
        )
        .bind(account_cart_id)
        .bind(variant_id)
        .bind(product_id)
        .bind(line.count)
        .bind(added_at)
        .execute(&mut *connection)
        .await?;
        sqlx::query("DELETE FROM cart_samples WHERE cart_id = $1 AND product_variant_id = $2")
            .bind(account_cart_id)
            .bind(variant_id)
            .execute(&mut *connection)
            .await?;
        for sample in &line.rqs_samples {
            sqlx::query(
                "INSERT INTO cart_samples (cart_id, product_variant_id, sequence, sample_name) VALUES ($1, $2, $3, $4)",
            )
            .bind(account_cart_id)
            .bind(variant_id)
            .bind(i64::from(sample.sequence))
            .bind(&sample.sample_name)
            .execute(&mut *connection)
            .await?;
        }
    }
    Ok(())
}
