//! The mails that follow an order: the confirmation (sent once when an order is paid, or
//! placed for a bank transfer, then with the transfer's instructions), cancelled (its payment
//! failed or expired, or the shop cancelled it), shipped (with its track-and-trace code), its
//! invoice in the account, and the invitation to the survey about it. A mail that cannot be
//! sent is logged; the order stands.

use std::collections::BTreeMap;

use engine::locale::{
    ConversionRate, Culture, PriceDisplayRequest, display_price, format_amount, format_quantity,
};
use engine::money::Money;
use engine::shipping::ShippingMethod;
use engine::vat::VatDocument;
use rust_decimal::Decimal;

use super::blocks::{self, OrderBilling};
use super::store::OrderRow;
use super::store::mails::{self as store, OrderMailKind};
use super::view::{self, OrderView};
use crate::AppState;
use crate::platform::error::ApiError;
use crate::platform::mail::{
    self, InvoiceMail, Labelled, Mail, OrderMail, OrderMailLine, OrderNotice, Recipient,
    RefundMail, SurveyMail, TransferInstructions,
};
use crate::platform::stored_json::Seller;

/// The shop's survey page; an invitation links to it with the order number
/// and the invitation's token.
pub const SURVEY_PATH: &str = "/survey/";

/// The survey page of an order on its site's trusted origin, with the order number and its
/// signature ([`crate::platform::signed_links`]): only who has the link can answer for the order.
pub async fn survey_link(state: &AppState, order: &OrderRow) -> Result<String, ApiError> {
    let token = crate::platform::signed_links::sign(
        state,
        crate::platform::signed_links::Purpose::Survey,
        &order.order_number,
    )
    .await?;
    let page = mail::site_link(state, Some(order.site_id), SURVEY_PATH).await?;
    let mut link = url::Url::parse(&page)
        .map_err(|error| ApiError::Internal(format!("survey link: {error}")))?;
    link.query_pairs_mut()
        .append_pair("order", &order.order_number)
        .append_pair("token", &token);
    Ok(link.to_string())
}

fn recipient(order: &OrderRow) -> Recipient<'_> {
    Recipient {
        address: &order.email_address,
        site_id: Some(order.site_id),
        language_id: Some(order.language_id),
    }
}

fn first_name(order: &OrderRow) -> String {
    let billing: OrderBilling = view::document(Some(&order.billing_json)).unwrap_or_default();
    billing.first_name.unwrap_or_default()
}

/// The order's page in the account for an order with an account, else the shop's home; both
/// on the site's trusted origin.
async fn order_link(state: &AppState, order: &OrderRow) -> Result<String, ApiError> {
    let path = match &order.account_id {
        Some(_) => format!(
            "/account/orders/{}/",
            url::form_urlencoded::byte_serialize(order.order_number.as_bytes()).collect::<String>()
        ),
        None => "/".to_owned(),
    };
    mail::site_link(state, Some(order.site_id), &path).await
}

/// Sends a mail about `order` to its e-mail address and notes it in the order's mails (sent or
/// not); a mail that cannot be sent is logged, the event it follows stands.
async fn deliver_about(
    state: &AppState,
    order: &OrderRow,
    mail: &Mail,
    kind: OrderMailKind,
    reference: Option<&str>,
) {
    let delivered = mail::deliver(state, recipient(order), mail).await;
    if let Err(error) = &delivered {
        tracing::warn!(%error, mail = mail.template(), order = %order.order_number, "could not send a mail");
    }
    let noted = store::record(
        state.db.pool(),
        order.order_id,
        kind,
        reference,
        &order.email_address,
        delivered.is_ok(),
        crate::platform::clock::now_millis(),
    )
    .await;
    if let Err(error) = noted {
        tracing::warn!(%error, order = %order.order_number, "could not note a mail of the order");
    }
}

/// Sends the confirmation of `order` to its e-mail address.
pub async fn send_confirmation(state: &AppState, order: &OrderRow) {
    match confirmation(state, order).await {
        Ok(mail) => {
            deliver_about(state, order, &mail, OrderMailKind::OrderConfirmation, None).await
        }
        Err(error) => {
            tracing::warn!(%error, order = %order.order_number, "could not write the order confirmation");
        }
    }
}

/// The mail catalogs' text of `key` for the order's culture and brand, with its values.
fn mail_text(
    state: &AppState,
    site_type: i64,
    culture: &str,
    key: &str,
    values: &[(&str, &str)],
) -> Result<String, ApiError> {
    let catalogs = state.mailer.renderer().catalogs();
    let text = catalogs
        .text(
            mail::catalog::BrandWording::of_site_type(site_type),
            culture,
            key,
        )
        .ok_or_else(|| ApiError::Internal(format!("no mail text {key} for {culture}")))?;
    let values: Vec<(String, String)> = values
        .iter()
        .map(|(name, value)| ((*name).to_owned(), (*value).to_owned()))
        .collect();
    Ok(mail::catalog::interpolate(text, &values))
}

/// The pack of a variant as the culture writes it (`20 kg`, `2,5 l`, `S`), from the catalog.
async fn pack_of(
    pool: &sqlx::AnyPool,
    variant: engine::ids::ProductVariantId,
    culture: Culture,
) -> Result<Option<String>, ApiError> {
    let row = store::pack_of_variant(pool, variant).await?;
    let Some((amount, unit, label)) = row else {
        return Ok(None);
    };
    let label = label.filter(|label| !label.trim().is_empty());
    let content = match (unit.as_str(), amount.parse::<Decimal>()) {
        ("piece", _) | (_, Err(_)) => None,
        (unit, Ok(amount)) => Some(format!("{} {unit}", format_quantity(amount, culture))),
    };
    Ok(match (content, label) {
        (Some(content), Some(label)) => Some(format!("{content}, {label}")),
        (content, label) => content.or(label),
    })
}

/// Where an order goes: the way of delivery and the address (the alternative address, a
/// pick-up point or the billing address); nothing for laboratory scans only.
async fn delivery_of(
    state: &AppState,
    view: &OrderView,
    site_type: i64,
    culture: &str,
) -> Result<(Option<String>, Option<Vec<String>>), ApiError> {
    if view.scan_products_only {
        return Ok((None, None));
    }
    if view.shipping_method == ShippingMethod::ParcelService {
        let shop: Option<(String, String, String, String, String)> = match &view.dpd_parcel_shop_id
        {
            Some(id) => store::parcel_shop_address(state.db.pool(), id).await?,
            None => None,
        };
        let lines = shop.map(|(name, street, number, zipcode, city)| {
            vec![
                name,
                format!("{street} {number}"),
                format!("{zipcode} {city}"),
            ]
        });
        let method = mail_text(state, site_type, culture, "order.deliveryPickUpPoint", &[])?;
        return Ok((Some(method), lines));
    }
    let method = mail_text(state, site_type, culture, "order.deliveryHome", &[])?;
    let lines = match (&view.shipping, view.alternative_shipping_address) {
        (Some(shipping), true) => blocks::address_lines(
            shipping.first_name.as_deref(),
            shipping.last_name.as_deref(),
            shipping.address.as_ref(),
        ),
        _ => {
            let billing = view.billing.as_ref();
            blocks::address_lines(
                billing.and_then(|billing| billing.first_name.as_deref()),
                billing.and_then(|billing| billing.last_name.as_deref()),
                billing.and_then(|billing| billing.address.as_ref()),
            )
        }
    };
    Ok((Some(method), Some(lines)))
}

async fn confirmation(state: &AppState, order: &OrderRow) -> Result<Mail, ApiError> {
    let pool = state.db.pool();
    let culture_text = mail::culture_of(state.db.pool(), Some(order.language_id)).await?;
    let culture: Culture = culture_text.parse().unwrap_or(Culture::Nl);
    let euro = |amount: Money| format!("€ {}", format_amount(amount.as_decimal(), culture));
    let view: OrderView = view::order_view(pool, order).await?;
    let site = store::site_of_order(pool, order.site_id).await?;
    let text = |key: &str, values: &[(&str, &str)]| {
        mail_text(state, site.site_type, &culture_text, key, values)
    };
    let rate = site
        .exchange_rate
        .clone()
        .and_then(|rate| ConversionRate::try_from(rate).ok());
    // Every amount as the site shows it (the engine's `display_price`): converted and marked
    // indicative on a krone, krona or zloty site, where the euro amount charged is stated apart.
    let display = |amount: Money| {
        display_price(&PriceDisplayRequest {
            amount_eur: amount,
            currency_symbol: Some(site.currency.clone()),
            rate,
            culture,
        })
        .map_err(|error| ApiError::from(engine::EngineError::from(error)))
    };
    let shown = |amount: Money| -> Result<String, ApiError> {
        let shown = display(amount)?;
        if shown.indicative {
            text("common.indicative", &[("amount", &shown.text)])
        } else {
            Ok(shown.text)
        }
    };
    let indicative = display(view.amount_to_pay)?.indicative;
    let vat = view::vat_rows(
        VatDocument::Summary,
        false,
        (&site.vat_percentage_low, &site.vat_percentage_high),
        &view.lines,
        (view.vat_amount_low, view.vat_amount_high),
    )?
    .into_iter()
    .map(|row| {
        Ok(Labelled {
            label: row.vat_rate_percentage.to_string(),
            amount: shown(row.vat_amount)?,
        })
    })
    .collect::<Result<Vec<_>, ApiError>>()?;
    let payment_method = match order.payment_method_id {
        Some(id) => {
            let names = store::payment_method_names(pool, id).await?;
            names.and_then(|json| {
                let names: BTreeMap<String, String> = serde_json::from_str(&json).ok()?;
                mail::catalog::chain(&culture_text)
                    .into_iter()
                    .find_map(|step| names.get(step).cloned())
                    .or_else(|| names.values().next().cloned())
            })
        }
        None => None,
    };
    let billing = view.billing.as_ref();
    let mut billing_lines = blocks::address_lines(
        billing.and_then(|billing| billing.first_name.as_deref()),
        billing.and_then(|billing| billing.last_name.as_deref()),
        billing.and_then(|billing| billing.address.as_ref()),
    );
    if let Some(company) = view
        .company
        .as_ref()
        .and_then(|company| company.company_name.as_deref())
    {
        billing_lines.insert(1, company.to_owned());
    }
    let (delivery_method, delivery) =
        delivery_of(state, &view, site.site_type, &culture_text).await?;
    let samples: Vec<String> = view
        .lines
        .iter()
        .flat_map(|line| {
            line.rqs_samples
                .iter()
                .map(|sample| sample.sample_name.clone())
        })
        .collect();
    let link = match order.account_id {
        Some(_) => Some(order_link(state, order).await?),
        None => None,
    };
    // A transfer is made in euro, whatever the site shows.
    let transfer = transfer_instructions(state, order, &euro(view.amount_to_pay)).await?;
    let survey = Some(survey_link(state, order).await?);
    let mut lines = Vec::with_capacity(view.lines.len());
    for line in &view.lines {
        lines.push(OrderMailLine {
            quantity: line.quantity,
            description: line.description.clone(),
            pack: pack_of(pool, line.product_variant_id, culture).await?,
            amount: shown(line.total_amount)?,
            free: line.is_free,
        });
    }
    let mut discounts = Vec::new();
    for discount in view.order_discounts.iter().chain(&view.shipping_discounts) {
        discounts.push(Labelled {
            label: discount.description.clone(),
            amount: shown(discount.amount)?,
        });
    }
    let customer_service = text(
        "order.customerService",
        &[
            ("phone", &site.customer_service_phone),
            ("email", &site.customer_service_email),
        ],
    )?;
    Ok(Mail::OrderConfirmation(Box::new(OrderMail {
        name: first_name(order),
        number: order.order_number.clone(),
        lines,
        discounts,
        subtotal: shown(view.sub_total_amount)?,
        shipping: shown(view.shipping_costs)?,
        payment_costs: shown(view.payment_costs)?,
        vat,
        total: shown(view.total_amount)?,
        gift_card: if view.gift_card_amount.is_zero() {
            None
        } else {
            Some(shown(view.gift_card_amount)?)
        },
        to_pay: shown(view.amount_to_pay)?,
        charged_in_euro: indicative.then(|| euro(view.amount_to_pay)),
        billing: billing_lines,
        delivery_method,
        delivery,
        payment_method,
        scan_order: view.scan_products_only || !samples.is_empty(),
        samples,
        link,
        transfer,
        survey,
        customer_service,
    })))
}

/// The bank transfer's instructions for an order paid by transfer (a payment method of the
/// `offline` flow) that has something to pay: the amount, the seller's account from the site's
/// seller block, and the order number as the reference. `None` for any other order, and for a
/// site whose seller block names no account (logged: the customer is not told where to pay).
async fn transfer_instructions(
    state: &AppState,
    order: &OrderRow,
    amount: &str,
) -> Result<Option<TransferInstructions>, ApiError> {
    let Some(method) = order.payment_method_id else {
        return Ok(None);
    };
    let pool = state.db.pool();
    if !engine::order::payment_due(order.amount_to_pay)
        || super::placement::payment_flow(pool, method).await?
            != Some(engine::payment::PaymentFlow::Offline)
    {
        return Ok(None);
    }
    let seller = store::seller_of_site(pool, order.site_id).await?;
    let seller: Option<Seller> = seller
        .flatten()
        .and_then(|json| serde_json::from_str(&json).ok());
    let Some(seller) = seller.filter(|seller| !seller.iban.trim().is_empty()) else {
        tracing::warn!(order = %order.order_number, site = order.site_id, "the site's seller has no bank account for a bank transfer");
        return Ok(None);
    };
    let holder = if seller.account_holder.trim().is_empty() {
        seller.legal_name
    } else {
        seller.account_holder
    };
    Ok(Some(TransferInstructions {
        amount: amount.to_owned(),
        iban: seller.iban,
        bic: seller.bic,
        holder,
        reference: order.order_number.clone(),
    }))
}

/// Tells the customer that `order` was cancelled: because its payment failed or expired
/// (`payment_failed`), or by the shop.
pub async fn send_cancelled(state: &AppState, order: &OrderRow, payment_failed: bool) {
    let link = match order_link(state, order).await {
        Ok(link) => link,
        Err(error) => {
            tracing::warn!(%error, order = %order.order_number, "could not write the cancellation mail");
            return;
        }
    };
    let mail = Mail::OrderCancelled(OrderNotice {
        name: first_name(order),
        number: order.order_number.clone(),
        payment_failed,
        track_and_trace: None,
        link,
    });
    let kind = if payment_failed {
        OrderMailKind::CancelledPaymentFailed
    } else {
        OrderMailKind::CancelledByShop
    };
    deliver_about(state, order, &mail, kind, None).await;
}

/// Tells the customer that `order` is on its way, with its track-and-trace code if it has one.
pub async fn send_shipped(state: &AppState, order: &OrderRow) {
    let link = match order_link(state, order).await {
        Ok(link) => link,
        Err(error) => {
            tracing::warn!(%error, order = %order.order_number, "could not write the shipping mail");
            return;
        }
    };
    let mail = Mail::OrderShipped(OrderNotice {
        name: first_name(order),
        number: order.order_number.clone(),
        payment_failed: false,
        track_and_trace: order
            .track_and_trace
            .clone()
            .filter(|code| !code.trim().is_empty()),
        link,
    });
    deliver_about(state, order, &mail, OrderMailKind::OrderShipped, None).await;
}

/// What a refund mail tells.
pub struct RefundNotice<'a> {
    /// Everything given back.
    pub total: Money,
    /// What went back onto the gift card.
    pub gift_card: Money,
    /// Whether some of it goes back through a payment.
    pub to_payment: bool,
    pub credit_note: &'a str,
}

/// Tells the customer that money of `order` was given back, with the gift card's part and the
/// credit note's number; amounts in the order's culture.
pub async fn send_refund(state: &AppState, order: &OrderRow, refund: &RefundNotice<'_>) {
    let mail = async {
        let culture_text = mail::culture_of(state.db.pool(), Some(order.language_id)).await?;
        let culture: Culture = culture_text.parse().unwrap_or(Culture::Nl);
        let euro = |amount: Money| format!("€ {}", format_amount(amount.as_decimal(), culture));
        Ok::<_, ApiError>(Mail::Refund(RefundMail {
            name: first_name(order),
            number: order.order_number.clone(),
            amount: euro(refund.total),
            gift_card: (refund.gift_card > Money::ZERO).then(|| euro(refund.gift_card)),
            to_payment: refund.to_payment,
            credit_note: refund.credit_note.to_owned(),
            link: order_link(state, order).await?,
        }))
    };
    match mail.await {
        Ok(mail) => {
            let reference = Some(refund.credit_note);
            deliver_about(state, order, &mail, OrderMailKind::Refund, reference).await
        }
        Err(error) => {
            tracing::warn!(%error, order = %order.order_number, "could not write the refund mail")
        }
    }
}

/// Sends a mail about `order` again, as it would be sent now (a link, a status or an invoice
/// that changed since shows as it is). A review request is not sent again (its product's page
/// is the housekeeping task's to find).
pub async fn send_again(
    state: &AppState,
    order: &OrderRow,
    kind: OrderMailKind,
    reference: Option<&str>,
) -> Result<(), ApiError> {
    match kind {
        OrderMailKind::OrderConfirmation => send_confirmation(state, order).await,
        OrderMailKind::CancelledPaymentFailed => send_cancelled(state, order, true).await,
        OrderMailKind::CancelledByShop => send_cancelled(state, order, false).await,
        OrderMailKind::OrderShipped => send_shipped(state, order).await,
        OrderMailKind::InvoiceAvailable => send_invoice_available(state, order).await,
        OrderMailKind::Refund => {
            let credit_note = reference.unwrap_or_default();
            let refund = super::store::refunds::by_credit_note(state.db.pool(), credit_note)
                .await?
                .ok_or(ApiError::NotFound)?;
            let notice = RefundNotice {
                total: refund.total_amount,
                gift_card: refund.gift_card_amount,
                to_payment: refund.total_amount > refund.gift_card_amount,
                credit_note,
            };
            send_refund(state, order, &notice).await;
        }
        OrderMailKind::ReviewRequest => {
            return Err(ApiError::refused(
                axum::http::StatusCode::CONFLICT,
                "errors.mailNotResendable",
                "A review request is not sent again",
            ));
        }
    }
    Ok(())
}

/// Tells the customer of an order with an account that its invoice is in the account (orders
/// without an account have no invoice list to point at).
pub async fn send_invoice_available(state: &AppState, order: &OrderRow) {
    if order.account_id.is_none() {
        return;
    }
    let invoice = store::latest_invoice_of_order(state.db.pool(), &order.order_number).await;
    let invoice = match invoice {
        Ok(Some(invoice)) => invoice,
        Ok(None) => return,
        Err(error) => {
            tracing::warn!(%error, order = %order.order_number, "could not find the invoice to announce");
            return;
        }
    };
    let link = match mail::site_link(state, Some(order.site_id), "/account/invoices/").await {
        Ok(link) => link,
        Err(error) => {
            tracing::warn!(%error, "could not build the invoice link");
            return;
        }
    };
    let mail = Mail::InvoiceAvailable(InvoiceMail {
        name: first_name(order),
        number: order.order_number.clone(),
        invoice,
        link,
    });
    deliver_about(state, order, &mail, OrderMailKind::InvoiceAvailable, None).await;
}

/// Invites the customer of an order to the shop's survey about it: a link to the survey page
/// ([`SURVEY_PATH`], on the site's trusted origin) with the order number and `token`, which the
/// caller issued and stores to accept one answer per order. In the order's language and brand.
pub async fn send_survey_invitation(
    state: &AppState,
    order_number: &str,
    token: &str,
) -> Result<(), ApiError> {
    let order = super::store::by_order_number(state.db.pool(), order_number)
        .await?
        .ok_or(ApiError::NotFound)?;
    let page = mail::site_link(state, Some(order.site_id), SURVEY_PATH).await?;
    let mut link = url::Url::parse(&page)
        .map_err(|error| ApiError::Internal(format!("survey link: {error}")))?;
    link.query_pairs_mut()
        .append_pair("order", &order.order_number)
        .append_pair("token", token);
    let mail = Mail::SurveyInvitation(SurveyMail {
        name: first_name(&order),
        number: order.order_number.clone(),
        link: link.to_string(),
    });
    mail::deliver(state, recipient(&order), &mail).await
}

/// Asks the customer of a sent order for a review of `product` (its name as ordered): a link to
/// the review form on the product's page (`#review`) in the order's site and language, or the
/// shop's home when the page is not known there.
pub async fn send_review_request(
    state: &AppState,
    order: &OrderRow,
    product: &str,
    variant_id: i64,
) -> Result<(), ApiError> {
    let page = crate::sites::store::route_path(
        state.db.pool(),
        order.site_id,
        order.language_id,
        &format!("productDetail:{variant_id}:article"),
    )
    .await?;
    let path = page.map_or_else(|| "/".to_owned(), |path| format!("{path}#review"));
    let mail = Mail::ReviewRequest(mail::ProductNotice {
        name: first_name(order),
        product: product.to_owned(),
        link: mail::site_link(state, Some(order.site_id), &path).await?,
    });
    let delivered = mail::deliver(state, recipient(order), &mail).await;
    store::record(
        state.db.pool(),
        order.order_id,
        OrderMailKind::ReviewRequest,
        Some(product),
        &order.email_address,
        delivered.is_ok(),
        crate::platform::clock::now_millis(),
    )
    .await?;
    delivered
}
