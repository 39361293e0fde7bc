//! Every mail the shop sends, with what its template shows. Amounts arrive formatted for the
//! culture (the engine's `format_amount` of the stored `Money`), links on the site's trusted
//! origin.

use serde::Serialize;

/// A mail and its content.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum Mail {
    /// Activate a new account.
    Activation(AccountLink),
    /// Reset a forgotten password.
    PasswordReset(AccountLink),
    /// Confirm a new e-mail address.
    EmailChange(AccountLink),
    /// An order was paid (or placed for a bank transfer).
    OrderConfirmation(Box<OrderMail>),
    /// An order was cancelled: its payment failed or expired, or the shop cancelled it.
    OrderCancelled(OrderNotice),
    /// An order was handed to the carrier.
    OrderShipped(OrderNotice),
    /// An order's invoice is in the account.
    InvoiceAvailable(InvoiceMail),
    /// Money of an order was given back, with its credit note.
    Refund(RefundMail),
    /// A return request was registered.
    ReturnReceived(ReturnMail),
    /// The laboratory's result of a scan sample is in the account.
    ScanResult(ScanResultMail),
    /// A product the customer asked about is available again.
    BackInStock(ProductNotice),
    /// Ask for a review of a bought product.
    ReviewRequest(ProductNotice),
    /// Confirm a newsletter sign-up (double opt-in).
    NewsletterOptIn(AccountLink),
    /// Invite the customer of an order to the shop's survey.
    SurveyInvitation(SurveyMail),
    /// A yard's interest in silo delivery, to the site's customer service.
    SiloInterest(SiloInterestMail),
    /// An invitation to the back office.
    StaffInvitation(AccountLink),
    /// A sign-in to the back office from a device the member had not used.
    StaffNewDevice(StaffDeviceMail),
}

/// A sign-in to the back office from a new device: the browser and address, and the page of
/// the member's sessions where it can be ended.
#[derive(Clone, Debug, Serialize)]
pub struct StaffDeviceMail {
    pub name: String,
    pub device: String,
    pub address: String,
    pub link: String,
}

/// An account mail (or the newsletter's opt-in): the first name, empty when not known, and the
/// link with its token.
#[derive(Clone, Debug, Serialize)]
pub struct AccountLink {
    pub name: String,
    pub link: String,
}

/// A product notice; `name` is empty for an address without an account.
#[derive(Clone, Debug, Serialize)]
pub struct ProductNotice {
    pub name: String,
    pub product: String,
    /// The product page, or the review form.
    pub link: String,
}

/// One product line of an order.
#[derive(Clone, Debug, Serialize)]
pub struct OrderMailLine {
    pub quantity: i64,
    pub description: String,
    /// The pack as the culture writes it (`20 kg`), when the catalog knows the variant.
    pub pack: Option<String>,
    /// The line's total, formatted.
    pub amount: String,
    /// Given free by a promotion.
    pub free: bool,
}

/// A discount or a VAT amount: a label value and a formatted amount.
#[derive(Clone, Debug, Serialize)]
pub struct Labelled {
    pub label: String,
    pub amount: String,
}

/// The order confirmation.
#[derive(Clone, Debug, Serialize)]
pub struct OrderMail {
    pub name: String,
    pub number: String,
    pub lines: Vec<OrderMailLine>,
    /// Order and shipping discounts, by promotion description.
    pub discounts: Vec<Labelled>,
    pub subtotal: String,
    pub shipping: String,
    pub payment_costs: String,
    /// VAT per rate: `label` is the rate (`21`), `amount` the VAT.
    pub vat: Vec<Labelled>,
    pub total: String,
    /// Paid with a gift card; `None` when none.
    pub gift_card: Option<String>,
    pub to_pay: String,
    /// On a site that shows converted amounts: the euro amount charged.
    pub charged_in_euro: Option<String>,
    /// The billing address, one line each (name, company, street, place).
    pub billing: Vec<String>,
    /// How the order is delivered (home or a pick-up point); `None` for laboratory scans only.
    pub delivery_method: Option<String>,
    /// Where the order is delivered: the address or the pick-up point, one line each.
    pub delivery: Option<Vec<String>>,
    /// The payment method's name in the culture.
    pub payment_method: Option<String>,
    /// The sample names of a scan order (its thank-you explains how to send them in).
    pub samples: Vec<String>,
    pub scan_order: bool,
    /// The order in the account, for an order with an account.
    pub link: Option<String>,
    /// How to pay, for an order paid by bank transfer.
    pub transfer: Option<TransferInstructions>,
    /// The survey about this order (a signed link); `None` leaves it out.
    pub survey: Option<String>,
    /// How to reach customer service (the site's phone number and e-mail address).
    pub customer_service: String,
}

/// How to pay an order by bank transfer: the amount, the seller's account and the order number
/// as the payment's reference.
#[derive(Clone, Debug, Serialize)]
pub struct TransferInstructions {
    /// The amount to transfer, formatted.
    pub amount: String,
    pub iban: String,
    /// Empty when the site names none.
    pub bic: String,
    pub holder: String,
    /// The order number.
    pub reference: String,
}

/// A notice about an order: cancelled or shipped.
#[derive(Clone, Debug, Serialize)]
pub struct OrderNotice {
    pub name: String,
    pub number: String,
    /// Cancelled because the payment failed or expired (not by the shop).
    pub payment_failed: bool,
    /// The parcel's track-and-trace code, when the order has one.
    pub track_and_trace: Option<String>,
    /// The order in the account, or the shop.
    pub link: String,
}

/// An invoice in the account.
#[derive(Clone, Debug, Serialize)]
pub struct InvoiceMail {
    pub name: String,
    pub number: String,
    pub invoice: String,
    pub link: String,
}

/// A refund: the amount, the gift card's part, and the credit note's number.
#[derive(Clone, Debug, Serialize)]
pub struct RefundMail {
    pub name: String,
    pub number: String,
    /// Everything given back, formatted.
    pub amount: String,
    /// What went back onto the gift card, formatted; `None` when nothing did.
    pub gift_card: Option<String>,
    /// Whether some of it goes back through the payment (the bank or card), not only the card.
    pub to_payment: bool,
    pub credit_note: String,
    /// The order in the account, or the shop.
    pub link: String,
}

/// A registered return.
#[derive(Clone, Debug, Serialize)]
pub struct ReturnMail {
    pub name: String,
    pub number: String,
    pub quantity: i64,
    pub product: String,
    pub link: String,
}

/// An invitation to the survey about an order.
#[derive(Clone, Debug, Serialize)]
pub struct SurveyMail {
    pub name: String,
    pub number: String,
    /// The survey page for this order, on the site's trusted origin.
    pub link: String,
}

/// A yard's silo interest, as the form gave it; empty texts are left out of the mail.
#[derive(Clone, Debug, Serialize)]
pub struct SiloInterestMail {
    pub yard: String,
    pub horses: i64,
    pub feed_kg_per_month: i64,
    /// The contact person.
    pub name: String,
    pub email_address: String,
    pub phone_number: String,
    pub message: String,
    /// The stored interest's id.
    pub reference: String,
}

/// A scan result.
#[derive(Clone, Debug, Serialize)]
pub struct ScanResultMail {
    pub name: String,
    pub number: String,
    pub sample: String,
    /// The results page of the account.
    pub link: String,
}

impl Mail {
    /// The template files' name (`<name>.txt`, `<name>.html`).
    pub fn template(&self) -> &'static str {
        match self {
            Mail::Activation(_) => "activation",
            Mail::PasswordReset(_) => "password_reset",
            Mail::EmailChange(_) => "email_change",
            Mail::OrderConfirmation(_) => "order_confirmation",
            Mail::OrderCancelled(_) => "order_cancelled",
            Mail::OrderShipped(_) => "order_shipped",
            Mail::InvoiceAvailable(_) => "invoice_available",
            Mail::Refund(_) => "refund",
            Mail::ReturnReceived(_) => "return_received",
            Mail::ScanResult(_) => "scan_result",
            Mail::BackInStock(_) => "back_in_stock",
            Mail::ReviewRequest(_) => "review_request",
            Mail::NewsletterOptIn(_) => "newsletter_opt_in",
            Mail::SurveyInvitation(_) => "survey_invitation",
            Mail::SiloInterest(_) => "silo_interest",
            Mail::StaffInvitation(_) => "staff_invitation",
            Mail::StaffNewDevice(_) => "staff_new_device",
        }
    }

    /// The catalog group of its texts (`<group>.subject`, ...).
    pub fn group(&self) -> &'static str {
        match self {
            Mail::Activation(_) => "activation",
            Mail::PasswordReset(_) => "passwordReset",
            Mail::EmailChange(_) => "emailChange",
            Mail::OrderConfirmation(_) => "order",
            Mail::OrderCancelled(_) => "cancelled",
            Mail::OrderShipped(_) => "shipped",
            Mail::InvoiceAvailable(_) => "invoice",
            Mail::Refund(_) => "refund",
            Mail::ReturnReceived(_) => "return",
            Mail::ScanResult(_) => "scanResult",
            Mail::BackInStock(_) => "backInStock",
            Mail::ReviewRequest(_) => "reviewRequest",
            Mail::NewsletterOptIn(_) => "newsletterOptIn",
            Mail::SurveyInvitation(_) => "survey",
            Mail::SiloInterest(_) => "siloInterest",
            Mail::StaffInvitation(_) => "staffInvitation",
            Mail::StaffNewDevice(_) => "staffNewDevice",
        }
    }

    /// The customer's first name; `None` for a mail to the shop's own staff.
    pub fn name(&self) -> Option<&str> {
        Some(match self {
            Mail::Activation(mail)
            | Mail::PasswordReset(mail)
            | Mail::EmailChange(mail)
            | Mail::NewsletterOptIn(mail) => &mail.name,
            Mail::OrderConfirmation(mail) => &mail.name,
            Mail::OrderCancelled(mail) | Mail::OrderShipped(mail) => &mail.name,
            Mail::InvoiceAvailable(mail) => &mail.name,
            Mail::Refund(mail) => &mail.name,
            Mail::ReturnReceived(mail) => &mail.name,
            Mail::ScanResult(mail) => &mail.name,
            Mail::BackInStock(mail) | Mail::ReviewRequest(mail) => &mail.name,
            Mail::SurveyInvitation(mail) => &mail.name,
            Mail::SiloInterest(_) => return None,
            Mail::StaffInvitation(mail) => &mail.name,
            Mail::StaffNewDevice(mail) => &mail.name,
        })
    }

    /// The values of the subject's placeholders (besides `brand`).
    pub fn subject_values(&self) -> Vec<(String, String)> {
        let pair = |name: &str, value: &str| (name.to_owned(), value.to_owned());
        match self {
            Mail::Activation(_)
            | Mail::PasswordReset(_)
            | Mail::EmailChange(_)
            | Mail::NewsletterOptIn(_) => Vec::new(),
            Mail::OrderConfirmation(mail) => vec![pair("number", &mail.number)],
            Mail::OrderCancelled(mail) | Mail::OrderShipped(mail) => {
                vec![pair("number", &mail.number)]
            }
            Mail::InvoiceAvailable(mail) => {
                vec![pair("number", &mail.number), pair("invoice", &mail.invoice)]
            }
            Mail::ReturnReceived(mail) => vec![pair("number", &mail.number)],
            Mail::Refund(mail) => vec![pair("number", &mail.number)],
            Mail::ScanResult(mail) => vec![pair("number", &mail.number)],
            Mail::BackInStock(mail) | Mail::ReviewRequest(mail) => {
                vec![pair("product", &mail.product)]
            }
            Mail::SurveyInvitation(mail) => vec![pair("number", &mail.number)],
            Mail::SiloInterest(mail) => vec![pair("yard", &mail.yard)],
            Mail::StaffInvitation(_) | Mail::StaffNewDevice(_) => Vec::new(),
        }
    }

    /// The button: its link and the catalog key of its label.
    pub fn action(&self) -> Option<(&str, &'static str)> {
        match self {
            Mail::Activation(mail) => Some((&mail.link, "activation.button")),
            Mail::PasswordReset(mail) => Some((&mail.link, "passwordReset.button")),
            Mail::EmailChange(mail) => Some((&mail.link, "emailChange.button")),
            Mail::OrderConfirmation(mail) => mail.link.as_deref().map(|link| (link, "order.view")),
            Mail::OrderCancelled(_) => None,
            Mail::OrderShipped(mail) => Some((&mail.link, "shipped.button")),
            Mail::InvoiceAvailable(mail) => Some((&mail.link, "invoice.button")),
            Mail::Refund(mail) => Some((&mail.link, "refund.button")),
            Mail::ReturnReceived(mail) => Some((&mail.link, "return.button")),
            Mail::ScanResult(mail) => Some((&mail.link, "scanResult.button")),
            Mail::BackInStock(mail) => Some((&mail.link, "backInStock.button")),
            Mail::ReviewRequest(mail) => Some((&mail.link, "reviewRequest.button")),
            Mail::NewsletterOptIn(mail) => Some((&mail.link, "newsletterOptIn.button")),
            Mail::SurveyInvitation(mail) => Some((&mail.link, "survey.button")),
            Mail::SiloInterest(_) => None,
            Mail::StaffInvitation(mail) => Some((&mail.link, "staffInvitation.button")),
            Mail::StaffNewDevice(mail) => Some((&mail.link, "staffNewDevice.button")),
        }
    }
}
