//! E-mail: built with lettre, delivered by SMTP when `SMTP_URL` is set, otherwise written as
//! `.eml` files into the outbox folder that developers and tests read.

mod notices;
mod order_confirmation;
mod templates;

use lettre::message::{Mailbox, header::ContentType};
use lettre::transport::smtp::AsyncSmtpTransport;
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncFileTransport, AsyncTransport, Message, Tokio1Executor};

pub use notices::{Notice, NoticeKind, render_notice};
pub use order_confirmation::{OrderMail, render_order_confirmation};
pub use templates::{MailKind, render};

use crate::config::MailConfig;

/// Sends e-mail through the configured transport.
#[derive(Clone)]
pub struct Mailer {
    transport: Transport,
    from: Mailbox,
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
    pub fn new(config: &MailConfig) -> Result<Mailer, MailError> {
        let from: Mailbox = config.from.parse()?;
        let transport = match &config.smtp_url {
            Some(url) => Transport::Smtp(smtp_transport(url.expose())?),
            None => {
                std::fs::create_dir_all(&config.outbox_dir)?;
                Transport::Outbox(AsyncFileTransport::new(&config.outbox_dir))
            }
        };
        Ok(Mailer { transport, from })
    }

    /// Sends a plain-text mail.
    pub async fn send(&self, to: &str, subject: &str, body: String) -> Result<(), MailError> {
        let message = Message::builder()
            .from(self.from.clone())
            .to(to.parse()?)
            .subject(subject)
            .header(ContentType::TEXT_PLAIN)
            .body(body)?;
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
