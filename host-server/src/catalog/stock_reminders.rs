//! Back-in-stock mails: a shopper asked to be told when a variant is
//! available again (`POST /api/products/variant/{productVariantId}/stockreminder`, table
//! `stock_reminders`). When the variant's stock goes from 0 to more (the back office's
//! `PUT /api/backoffice/variants/{productVariantId}`), every waiting request gets its mail once,
//! in the site and language it was asked in, and is marked sent. The housekeeping task also
//! sends the waiting requests of variants that are in stock (stock changed by a fixtures import,
//! which runs without the mailer, or a server that stopped between marking and sending).
//!
//! Once: the requests are claimed with one `UPDATE ... WHERE notified_at IS NULL RETURNING`, so
//! two servers or two concurrent stock changes never mail the same request twice. A mail that
//! cannot be sent (the SMTP relay is down) releases its claim and counts the attempt; the next
//! housekeeping rounds try again, [`mail::MAX_ATTEMPTS`] times in all.

use engine::ids::ProductVariantId;
use engine::locale::Culture;

use crate::AppState;
use crate::platform::error::ApiError;
use crate::platform::mail::{self, Mail, ProductNotice, Recipient};
use crate::platform::stored_json::Loc;

/// A claimed request: who to mail, in which site and language.
#[derive(sqlx::FromRow)]
struct Claimed {
    email_address: String,
    site_id: i64,
    language_id: i64,
}

/// Whether the variant can be ordered: stock not counted (`NULL`) or above 0. `None`: no such
/// variant.
async fn in_stock(state: &AppState, variant_id: i64) -> Result<Option<(i64, bool)>, ApiError> {
    let row: Option<(i64, Option<i64>)> =
        sqlx::query_as("SELECT product_id, stock FROM variants WHERE product_variant_id = $1")
            .bind(variant_id)
            .fetch_optional(state.db.pool())
            .await?;
    Ok(row.map(|(product_id, stock)| (product_id, stock.is_none_or(|stock| stock > 0))))
}

/// Marks every waiting request of the variant as sent and returns them; a request is returned
/// by exactly one call, whichever server makes it.
async fn claim(state: &AppState, variant_id: i64) -> Result<Vec<Claimed>, ApiError> {
    Ok(sqlx::query_as(
        "UPDATE stock_reminders SET notified_at = $1 \
         WHERE product_variant_id = $2 AND notified_at IS NULL AND mail_attempts < $3 \
         RETURNING email_address, site_id, language_id",
    )
    .bind(crate::platform::clock::now_millis())
    .bind(variant_id)
    .bind(mail::MAX_ATTEMPTS)
    .fetch_all(state.db.durable_pool())
    .await?)
}

/// Gives a request whose mail could not be sent back to the waiting ones, one attempt more.
async fn release(state: &AppState, variant_id: i64, address: &str) -> Result<(), ApiError> {
    sqlx::query(
        "UPDATE stock_reminders SET notified_at = NULL, mail_attempts = mail_attempts + 1 \
         WHERE product_variant_id = $1 AND email_address = $2",
    )
    .bind(variant_id)
    .bind(address)
    .execute(state.db.durable_pool())
    .await?;
    Ok(())
}

/// Claims the waiting requests of a variant that is in stock and sends their mails in the
/// background; returns how many were claimed. A variant out of stock claims nothing.
pub async fn notify(state: &AppState, variant_id: ProductVariantId) -> Result<usize, ApiError> {
    let variant_id = variant_id.get();
    let Some((product_id, true)) = in_stock(state, variant_id).await? else {
        return Ok(0);
    };
    let claimed = claim(state, variant_id).await?;
    let count = claimed.len();
    if count > 0 {
        let state = state.clone();
        tokio::spawn(async move {
            send_all(&state, product_id, variant_id, claimed).await;
        });
    }
    Ok(count)
}

/// Sends the waiting requests of every variant in stock (the housekeeping round); returns how
/// many mails were sent. The mails are sent before it returns.
pub async fn notify_all_in_stock(state: &AppState) -> Result<usize, ApiError> {
    let waiting: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT DISTINCT v.product_variant_id, v.product_id FROM stock_reminders r \
         JOIN variants v ON v.product_variant_id = r.product_variant_id \
         WHERE r.notified_at IS NULL AND r.mail_attempts < $1 AND (v.stock IS NULL OR v.stock > 0) \
         ORDER BY v.product_variant_id",
    )
    .bind(mail::MAX_ATTEMPTS)
    .fetch_all(state.db.pool())
    .await?;
    let mut total = 0;
    for (variant_id, product_id) in waiting {
        let claimed = claim(state, variant_id).await?;
        total += send_all(state, product_id, variant_id, claimed).await;
    }
    Ok(total)
}

/// Mails the claimed requests; returns how many were sent. A request whose mail fails is
/// released for the next round.
async fn send_all(
    state: &AppState,
    product_id: i64,
    variant_id: i64,
    claimed: Vec<Claimed>,
) -> usize {
    let mut sent = 0;
    for request in claimed {
        match send_one(state, product_id, variant_id, &request).await {
            Ok(()) => sent += 1,
            Err(error) => {
                tracing::warn!(%error, variant_id, "could not send a back-in-stock mail; tried again later");
                if let Err(error) = release(state, variant_id, &request.email_address).await {
                    tracing::warn!(%error, variant_id, "could not release a back-in-stock request");
                }
            }
        }
    }
    sent
}

async fn send_one(
    state: &AppState,
    product_id: i64,
    variant_id: i64,
    request: &Claimed,
) -> Result<(), ApiError> {
    let mail = back_in_stock_mail(
        state,
        product_id,
        variant_id,
        request.site_id,
        request.language_id,
    )
    .await?;
    let to = Recipient {
        address: &request.email_address,
        site_id: Some(request.site_id),
        language_id: Some(request.language_id),
    };
    mail::deliver(state, to, &mail).await
}

/// The mail: the product's name in the request's language (by the engine's fallback chain) and
/// a link to its page on the request's site, or to the site's home when the page is not known
/// there.
async fn back_in_stock_mail(
    state: &AppState,
    product_id: i64,
    variant_id: i64,
    site_id: i64,
    language_id: i64,
) -> Result<Mail, ApiError> {
    let pool = state.db.pool();
    let culture: Culture = mail::culture_of(state.db.pool(), Some(language_id))
        .await?
        .parse()
        .unwrap_or(Culture::Nl);
    let fallback: Option<(Option<String>,)> = sqlx::query_as(
        "SELECT l.culture FROM sites s LEFT JOIN languages l ON l.language_id = s.fallback_language_id \
         WHERE s.site_id = $1",
    )
    .bind(site_id)
    .fetch_optional(pool)
    .await?;
    let site_fallback: Option<Culture> = fallback
        .and_then(|(culture,)| culture)
        .and_then(|culture| culture.parse().ok());
    let names: Vec<(String, String)> = sqlx::query_as(
        "SELECT culture, name FROM product_texts WHERE product_id = $1 AND name IS NOT NULL",
    )
    .bind(product_id)
    .fetch_all(pool)
    .await?;
    let names = Loc(names
        .into_iter()
        .filter_map(|(culture, name)| Some((culture.parse().ok()?, name)))
        .collect());
    let page: Option<(String,)> = sqlx::query_as(
        "SELECT path FROM routes WHERE site_id = $1 AND language_id = $2 AND route_key = $3",
    )
    .bind(site_id)
    .bind(language_id)
    .bind(format!("productDetail:{variant_id}:article"))
    .fetch_optional(pool)
    .await?;
    let path = page.map_or_else(|| "/".to_owned(), |(path,)| path);
    Ok(Mail::BackInStock(ProductNotice {
        name: String::new(),
        product: names.pick(culture, site_fallback).to_owned(),
        link: mail::site_link(state, Some(site_id), &path).await?,
    }))
}
