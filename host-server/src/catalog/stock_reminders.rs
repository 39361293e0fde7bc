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

use engine::ids::{ProductId, ProductVariantId};
use engine::locale::Culture;

use super::store::stock_reminders::{self as store, Claimed};
use crate::AppState;
use crate::platform::error::ApiError;
use crate::platform::mail::{self, Mail, ProductNotice, Recipient};
use crate::platform::stored_json::Loc;

/// Whether the variant can be ordered: stock not counted (`NULL`) or above 0. `None`: no such
/// variant.
async fn in_stock(state: &AppState, variant_id: i64) -> Result<Option<(i64, bool)>, ApiError> {
    let row = store::product_and_stock(state.db.pool(), variant_id).await?;
    Ok(row.map(|(product_id, stock)| (product_id, stock.is_none_or(|stock| stock > 0))))
}

/// Marks every waiting request of the variant as sent and returns them; a request is returned
/// by exactly one call, whichever server makes it.
async fn claim(state: &AppState, variant_id: i64) -> Result<Vec<Claimed>, ApiError> {
    Ok(store::claim_waiting(
        state.db.durable_pool(),
        variant_id,
        crate::platform::clock::now_millis(),
        mail::MAX_ATTEMPTS,
    )
    .await?)
}

/// Gives a request whose mail could not be sent back to the waiting ones, one attempt more.
async fn release(state: &AppState, variant_id: i64, address: &str) -> Result<(), ApiError> {
    state.mailer.count_retry();
    Ok(store::release(state.db.durable_pool(), variant_id, address).await?)
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
    let waiting = store::waiting_in_stock(state.db.pool(), mail::MAX_ATTEMPTS).await?;
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
    let fallback = store::site_fallback_culture(pool, site_id).await?;
    let site_fallback: Option<Culture> =
        fallback.flatten().and_then(|culture| culture.parse().ok());
    let names = super::store::products::product_names(pool, ProductId::new(product_id)).await?;
    let names = Loc(names
        .into_iter()
        .filter_map(|(culture, name)| Some((culture.parse().ok()?, name)))
        .collect());
    let route_key = format!("productDetail:{variant_id}:article");
    let page = crate::sites::store::route_path(pool, site_id, language_id, &route_key).await?;
    let path = page.unwrap_or_else(|| "/".to_owned());
    Ok(Mail::BackInStock(ProductNotice {
        name: String::new(),
        product: names.pick(culture, site_fallback).to_owned(),
        link: mail::site_link(state, Some(site_id), &path).await?,
    }))
}
