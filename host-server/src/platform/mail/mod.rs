//! E-mail: every mail is rendered from its template files (`host-server/templates/mail/`,
//! [`render`]) in the customer's culture and the site's brand, as a multipart/alternative
//! message (plain text and HTML) built with lettre, delivered by SMTP when `SMTP_URL` is set,
//! otherwise written as `.eml` files into the outbox folder that developers and tests read.

pub mod store;

pub mod catalog;
mod mails;
mod render;

use sqlx::AnyPool;
use std::sync::Arc;

use lettre::message::{Mailbox, MultiPart};
use lettre::transport::smtp::AsyncSmtpTransport;
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncFileTransport, AsyncTransport, Message, Tokio1Executor};

pub use mails::{
    AccountLink, InvoiceMail, Labelled, Mail, OrderMail, OrderMailLine, OrderNotice, ProductNotice,
    RefundMail, ReturnMail, ScanResultMail, SiloInterestMail, StaffDeviceMail, SurveyMail,
    TransferInstructions,
};
pub use render::{Brand, RenderError, Rendered, Renderer};

use crate::AppState;
use crate::platform::config::MailConfig;
use crate::platform::error::ApiError;

/// Sends e-mail through the configured transport.
#[derive(Clone)]
pub struct Mailer {
    transport: Transport,
    from: Mailbox,
    renderer: Arc<Renderer>,
    metrics: Arc<crate::platform::metrics::Metrics>,
}

#[derive(Clone)]
enum Transport {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Outbox(AsyncFileTransport<Tokio1Executor>),
}

/// Why a mail could not be built or sent.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    /// An address is not a valid mailbox.
    #[error("invalid address: {0}")]
    Address(#[from] lettre::address::AddressError),
    /// The message could not be built.
    #[error("invalid message: {0}")]
    Message(#[from] lettre::error::Error),
    /// SMTP delivery failed.
    #[error("SMTP: {0}")]
    Smtp(#[from] lettre::transport::smtp::Error),
    /// Writing to the outbox failed.
    #[error("outbox: {0}")]
    Outbox(#[from] lettre::transport::file::Error),
    /// The outbox folder could not be created.
    #[error("outbox folder: {0}")]
    Folder(#[from] std::io::Error),
    /// `SMTP_URL` is not `smtp://[user:password@]host[:port]`.
    #[error("SMTP_URL must look like smtp://user:password@host:25")]
    SmtpUrl,
    /// A template or catalog is wrong.
    #[error(transparent)]
    Render(#[from] RenderError),
}

/// A plain SMTP transport for `smtp://[user:password@]host[:port]`, as a local relay offers.
fn smtp_transport(text: &str) -> Result<AsyncSmtpTransport<Tokio1Executor>, MailError> {
    let url = url::Url::parse(text).map_err(|_| MailError::SmtpUrl)?;
    let host = url
        .host_str()
        .filter(|_| url.scheme() == "smtp")
        .ok_or(MailError::SmtpUrl)?;
    let mut builder = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host)
        .port(url.port().unwrap_or(25));
    if !url.username().is_empty() {
        let password = url.password().unwrap_or_default().to_owned();
        builder = builder.credentials(Credentials::new(url.username().to_owned(), password));
    }
    Ok(builder.build())
}

impl Mailer {
    /// Sets up SMTP or the outbox folder as configured.
    pub fn new(
        config: &MailConfig,
        metrics: Arc<crate::platform::metrics::Metrics>,
    ) -> Result<Mailer, MailError> {
        let from: Mailbox = config.from.parse()?;
        let transport = match &config.smtp_url {
            Some(url) => Transport::Smtp(smtp_transport(url.expose())?),
            None => {
                std::fs::create_dir_all(&config.outbox_dir)?;
                Transport::Outbox(AsyncFileTransport::new(&config.outbox_dir))
            }
        };
        Ok(Mailer {
            transport,
            from,
            renderer: Arc::new(Renderer::new()?),
            metrics,
        })
    }

    /// The templates and catalogs.
    pub fn renderer(&self) -> &Renderer {
        &self.renderer
    }

    /// Sends a rendered mail: plain text and HTML as alternatives. Counted in the metrics as
    /// sent or failed.
    pub async fn send(&self, to: &str, mail: Rendered) -> Result<(), MailError> {
        let sent = self.hand_over(to, mail).await;
        self.metrics
            .mail(if sent.is_ok() { "sent" } else { "failed" });
        sent
    }

    /// Counts a mail that failed before and is tried again.
    pub fn count_retry(&self) {
        self.metrics.mail("retried");
    }

    async fn hand_over(&self, to: &str, mail: Rendered) -> Result<(), MailError> {
        let message = Message::builder()
            .from(self.from.clone())
            .to(to.parse()?)
            .subject(mail.subject)
            .multipart(MultiPart::alternative_plain_html(mail.text, mail.html))?;
        match &self.transport {
            Transport::Smtp(smtp) => {
                smtp.send(message).await?;
            }
            Transport::Outbox(outbox) => {
                outbox.send(message).await?;
            }
        }
        Ok(())
    }
}

/// How many times a mail the housekeeping rounds send (back in stock, review request) is tried
/// before it is given up: a relay that is down for a few rounds loses nothing.
pub const MAX_ATTEMPTS: i64 = 5;

/// Where a mail goes and in which site and language.
#[derive(Clone, Copy, Debug)]
pub struct Recipient<'a> {
    pub address: &'a str,
    /// The site whose brand and domain the mail carries (the account's or order's).
    pub site_id: Option<i64>,
    /// The customer's or order's language.
    pub language_id: Option<i64>,
}

/// The culture of a language id, for mails and documents; `nl` when unknown.
pub async fn culture_of(pool: &AnyPool, language_id: Option<i64>) -> Result<String, sqlx::Error> {
    let Some(language_id) = language_id else {
        return Ok("nl".to_owned());
    };
    let culture = store::culture(pool, language_id).await?;
    Ok(culture.unwrap_or_else(|| "nl".to_owned()))
}

/// The brand of a site, its home on the site's trusted origin ([`crate::platform::trust::Trust::origin`]).
pub async fn brand_of(state: &AppState, site_id: Option<i64>) -> Result<Brand, ApiError> {
    let origin = state
        .trust
        .origin(site_id, &axum::http::HeaderMap::new())
        .await?;
    let site: Option<(String, String, i64)> = match site_id {
        Some(site_id) => store::site_brand(state.db.pool(), site_id).await?,
        None => None,
    };
    let (name, theme, site_type) =
        site.unwrap_or_else(|| ("Hoefslag".to_owned(), "default".to_owned(), 0));
    Ok(Brand::new(&name, &theme, site_type, &origin))
}

/// Renders `mail` in the recipient's culture and site brand and sends it.
pub async fn deliver(state: &AppState, to: Recipient<'_>, mail: &Mail) -> Result<(), ApiError> {
    let culture = culture_of(state.db.pool(), to.language_id).await?;
    let brand = brand_of(state, to.site_id).await?;
    // A mail to a newsletter subscriber can end the newsletter; an address that never signed
    // up (or has left) gets no such link, nor do the shop staff's own mails.
    let unsubscribe = match mail.name() {
        Some(_) if receives_newsletter(state, to.address).await? => {
            Some(unsubscribe_link(state, to.site_id, to.address).await?)
        }
        _ => None,
    };
    let rendered = state
        .mailer
        .renderer()
        .render_with_unsubscribe(mail, &culture, &brand, unsubscribe.as_deref())
        .map_err(|error| ApiError::Internal(format!("mail: {error}")))?;
    state
        .mailer
        .send(to.address, rendered)
        .await
        .map_err(|error| ApiError::Internal(format!("mail: {error}")))
}

/// Renders `mail` in `culture` and the shop's own brand and sends it to `address`: the staff's
/// mails, which belong to no site and no customer.
pub async fn deliver_in(
    state: &AppState,
    address: &str,
    culture: &str,
    mail: &Mail,
) -> Result<(), ApiError> {
    let brand = brand_of(state, None).await?;
    let rendered = state
        .mailer
        .renderer()
        .render(mail, culture, &brand)
        .map_err(|error| ApiError::Internal(format!("mail: {error}")))?;
    state
        .mailer
        .send(address, rendered)
        .await
        .map_err(|error| ApiError::Internal(format!("mail: {error}")))
}

/// [`deliver`] for mails that follow an event (an order paid, a parcel sent): a mail that cannot
/// be sent is logged; the event stands.
pub async fn deliver_or_log(state: &AppState, to: Recipient<'_>, mail: &Mail) {
    if let Err(error) = deliver(state, to, mail).await {
        tracing::warn!(%error, mail = mail.template(), "could not send a mail");
    }
}

/// A page of the shop (`/account/returns/`) on the site's trusted origin.
pub async fn site_link(
    state: &AppState,
    site_id: Option<i64>,
    path: &str,
) -> Result<String, ApiError> {
    let origin = state
        .trust
        .origin(site_id, &axum::http::HeaderMap::new())
        .await?;
    let link = origin
        .join(path)
        .map_err(|error| ApiError::Internal(format!("link {path}: {error}")))?;
    if link.origin() != origin.origin() {
        return Err(ApiError::Internal(format!("link {path} left the origin")));
    }
    Ok(link.to_string())
}

/// The page that unsubscribes an address from the newsletter; every mail to a customer links to
/// it with the address and its signature ([`crate::platform::signed_links`]).
pub const NEWSLETTER_UNSUBSCRIBE_PATH: &str = "/newsletter/unsubscribe/";

/// Whether `address` has signed up for the newsletter on any site (waiting for its
/// confirmation, or confirmed) and not left it.
async fn receives_newsletter(state: &AppState, address: &str) -> Result<bool, ApiError> {
    let address = crate::platform::email_address::normalize_email(address);
    let count = store::newsletter_signups(state.db.pool(), &address).await?;
    Ok(count > 0)
}

/// The unsubscribe link of `address` on the site's trusted origin.
pub async fn unsubscribe_link(
    state: &AppState,
    site_id: Option<i64>,
    address: &str,
) -> Result<String, ApiError> {
    let address = crate::platform::email_address::normalize_email(address);
    let signature = crate::platform::signed_links::sign(
        state,
        crate::platform::signed_links::Purpose::Unsubscribe,
        &address,
    )
    .await?;
    let page = site_link(state, site_id, NEWSLETTER_UNSUBSCRIBE_PATH).await?;
    let mut link = url::Url::parse(&page)
        .map_err(|error| ApiError::Internal(format!("unsubscribe link: {error}")))?;
    link.query_pairs_mut()
        .append_pair("email", &address)
        .append_pair("token", &signature);
    Ok(link.to_string())
}

/// The page that confirms a newsletter sign-up; the opt-in mail links to it
/// with the sign-up's token.
pub const NEWSLETTER_CONFIRM_PATH: &str = "/newsletter/confirm/";

/// Sends the double opt-in mail of a newsletter sign-up to `to`: a link to
/// [`NEWSLETTER_CONFIRM_PATH`] on the site's trusted origin with `token`, which the caller issued
/// and stores until it is confirmed. `name` greets the subscriber when known (empty: a greeting
/// without a name). In the sign-up's site brand and language.
pub async fn send_newsletter_opt_in(
    state: &AppState,
    to: Recipient<'_>,
    name: &str,
    token: &str,
) -> Result<(), ApiError> {
    let page = site_link(state, to.site_id, NEWSLETTER_CONFIRM_PATH).await?;
    let mut link = url::Url::parse(&page)
        .map_err(|error| ApiError::Internal(format!("newsletter link: {error}")))?;
    link.query_pairs_mut().append_pair("token", token);
    let mail = Mail::NewsletterOptIn(AccountLink {
        name: name.trim().to_owned(),
        link: link.to_string(),
    });
    deliver(state, to, &mail).await
}
