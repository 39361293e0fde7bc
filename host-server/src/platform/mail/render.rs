//! Renders a mail from its template files (`host-server/templates/mail/`) with minijinja: a
//! plain-text part (`<mail>.txt` on `layout.txt`) and an HTML part (`<mail>.html` on
//! `layout.html`, autoescaped), in the brand's look, with the texts of the culture's catalog.
//!
//! The templates and catalogs are compiled into the binary (`include_str!`), so a running
//! server never reads them from disk; minijinja parses them once at start. In a template,
//! `t("order.toPay")` is a text of the catalog and `t("order.intro", number=number)` fills its
//! `{{number}}` placeholder.

use minijinja::value::{Kwargs, Value};
use minijinja::{Environment, Error, ErrorKind, State, UndefinedBehavior};
use serde::Serialize;

use super::catalog::{self, BrandWording, Catalogs};
use super::mails::Mail;

const TEMPLATES: [(&str, &str); 36] = [
    (
        "layout.html",
        include_str!("../../../templates/mail/layout.html"),
    ),
    (
        "layout.txt",
        include_str!("../../../templates/mail/layout.txt"),
    ),
    (
        "activation.html",
        include_str!("../../../templates/mail/activation.html"),
    ),
    (
        "activation.txt",
        include_str!("../../../templates/mail/activation.txt"),
    ),
    (
        "password_reset.html",
        include_str!("../../../templates/mail/password_reset.html"),
    ),
    (
        "password_reset.txt",
        include_str!("../../../templates/mail/password_reset.txt"),
    ),
    (
        "email_change.html",
        include_str!("../../../templates/mail/email_change.html"),
    ),
    (
        "email_change.txt",
        include_str!("../../../templates/mail/email_change.txt"),
    ),
    (
        "order_confirmation.html",
        include_str!("../../../templates/mail/order_confirmation.html"),
    ),
    (
        "order_confirmation.txt",
        include_str!("../../../templates/mail/order_confirmation.txt"),
    ),
    (
        "order_cancelled.html",
        include_str!("../../../templates/mail/order_cancelled.html"),
    ),
    (
        "order_cancelled.txt",
        include_str!("../../../templates/mail/order_cancelled.txt"),
    ),
    (
        "refund.html",
        include_str!("../../../templates/mail/refund.html"),
    ),
    (
        "refund.txt",
        include_str!("../../../templates/mail/refund.txt"),
    ),
    (
        "order_shipped.html",
        include_str!("../../../templates/mail/order_shipped.html"),
    ),
    (
        "order_shipped.txt",
        include_str!("../../../templates/mail/order_shipped.txt"),
    ),
    (
        "invoice_available.html",
        include_str!("../../../templates/mail/invoice_available.html"),
    ),
    (
        "invoice_available.txt",
        include_str!("../../../templates/mail/invoice_available.txt"),
    ),
    (
        "return_received.html",
        include_str!("../../../templates/mail/return_received.html"),
    ),
    (
        "return_received.txt",
        include_str!("../../../templates/mail/return_received.txt"),
    ),
    (
        "scan_result.html",
        include_str!("../../../templates/mail/scan_result.html"),
    ),
    (
        "scan_result.txt",
        include_str!("../../../templates/mail/scan_result.txt"),
    ),
    (
        "back_in_stock.html",
        include_str!("../../../templates/mail/back_in_stock.html"),
    ),
    (
        "back_in_stock.txt",
        include_str!("../../../templates/mail/back_in_stock.txt"),
    ),
    (
        "review_request.html",
        include_str!("../../../templates/mail/review_request.html"),
    ),
    (
        "review_request.txt",
        include_str!("../../../templates/mail/review_request.txt"),
    ),
    (
        "newsletter_opt_in.html",
        include_str!("../../../templates/mail/newsletter_opt_in.html"),
    ),
    (
        "newsletter_opt_in.txt",
        include_str!("../../../templates/mail/newsletter_opt_in.txt"),
    ),
    (
        "survey_invitation.html",
        include_str!("../../../templates/mail/survey_invitation.html"),
    ),
    (
        "survey_invitation.txt",
        include_str!("../../../templates/mail/survey_invitation.txt"),
    ),
    (
        "silo_interest.html",
        include_str!("../../../templates/mail/silo_interest.html"),
    ),
    (
        "silo_interest.txt",
        include_str!("../../../templates/mail/silo_interest.txt"),
    ),
    (
        "staff_invitation.html",
        include_str!("../../../templates/mail/staff_invitation.html"),
    ),
    (
        "staff_invitation.txt",
        include_str!("../../../templates/mail/staff_invitation.txt"),
    ),
    (
        "staff_new_device.html",
        include_str!("../../../templates/mail/staff_new_device.html"),
    ),
    (
        "staff_new_device.txt",
        include_str!("../../../templates/mail/staff_new_device.txt"),
    ),
];

/// A rendered mail: subject, plain text and HTML.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rendered {
    pub subject: String,
    pub text: String,
    pub html: String,
}

/// Why a mail could not be rendered (a mistake in a template or catalog of this repository).
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// A catalog file does not parse.
    #[error(transparent)]
    Catalog(#[from] catalog::CatalogError),
    /// A template does not parse or render, or a text is missing.
    #[error("mail template: {0:#}")]
    Template(#[from] Error),
}

/// The look of the brand a mail comes from: the storefront's design tokens
/// (`storefront/src/theme/tokens.css`) for its theme, with fonts that fall back to ones every
/// mail client has.
#[derive(Clone, Debug, Serialize)]
pub struct Brand {
    /// The brand's name, shown as its word mark (there is no logo image yet).
    pub name: String,
    /// Whose wording the texts use.
    pub wording: BrandWording,
    /// The shop's address on the site's trusted origin, e.g. `https://hoefslag.nl/`.
    pub home: String,
    pub colors: Colors,
    /// CSS font stacks.
    pub font_body: &'static str,
    pub font_heading: &'static str,
}

/// Colours of a theme.
#[derive(Clone, Debug, Serialize)]
pub struct Colors {
    pub primary: &'static str,
    pub primary_dark: &'static str,
    pub on_primary: &'static str,
    pub text: &'static str,
    pub muted: &'static str,
    pub heading: &'static str,
    pub background: &'static str,
    pub border: &'static str,
    pub link: &'static str,
}

impl Brand {
    /// The brand of a site: its name, theme (`default` or `green`) and site type.
    pub fn new(name: &str, theme: &str, site_type: i64, home: &url::Url) -> Brand {
        let green = theme == "green";
        let colors = if green {
            Colors {
                primary: "#4f7a28",
                primary_dark: "#3a5c1c",
                on_primary: "#ffffff",
                text: "#23261f",
                muted: "#5d6356",
                heading: "#2c3f18",
                background: "#f6f5ef",
                border: "#dfe2d6",
                link: "#3a5c1c",
            }
        } else {
            Colors {
                primary: "#2e8540",
                primary_dark: "#1f6130",
                on_primary: "#ffffff",
                text: "#1f2421",
                muted: "#5c6660",
                heading: "#16301d",
                background: "#f7f8f6",
                border: "#dde3de",
                link: "#1f6130",
            }
        };
        Brand {
            name: name.to_owned(),
            wording: BrandWording::of_site_type(site_type),
            home: home.to_string(),
            colors,
            font_body: if green {
                "'PT Sans', 'Segoe UI', Arial, Helvetica, sans-serif"
            } else {
                "Poppins, 'Segoe UI', Arial, Helvetica, sans-serif"
            },
            font_heading: if green {
                "'PT Serif', Georgia, 'Times New Roman', serif"
            } else {
                "Poppins, 'Segoe UI', Arial, Helvetica, sans-serif"
            },
        }
    }
}

/// The button of a mail: where it leads and the catalog key of its label.
#[derive(Serialize)]
struct Action<'a> {
    href: &'a str,
    label: &'static str,
}

/// What every template sees.
#[derive(Serialize)]
struct Context<'a> {
    culture: &'a str,
    subject: &'a str,
    brand: &'a Brand,
    /// The customer's first name; `None` greets without a name.
    name: Option<&'a str>,
    action: Option<Action<'a>>,
    /// The recipient's newsletter unsubscribe link (a signed link), in every mail to a
    /// customer; `None` for mails to the shop's staff and previews.
    unsubscribe: Option<&'a str>,
    mail: &'a Mail,
}

/// The templates and catalogs, parsed once.
pub struct Renderer {
    environment: Environment<'static>,
    catalogs: std::sync::Arc<Catalogs>,
}

impl std::fmt::Debug for Renderer {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("Renderer")
    }
}

/// The `t(key, **values)` function of the templates: the text along the culture's chain.
fn translate(
    catalogs: &Catalogs,
    state: &State,
    key: &str,
    values: Kwargs,
) -> Result<String, Error> {
    let culture = state
        .lookup("culture")
        .and_then(|value| value.as_str().map(str::to_owned))
        .unwrap_or_default();
    let wording = match state
        .lookup("brand")
        .and_then(|brand| brand.get_attr("wording").ok())
    {
        Some(value) if value.as_str() == Some("weidegroen") => BrandWording::Weidegroen,
        _ => BrandWording::Standard,
    };
    let text = catalogs.text(wording, &culture, key).ok_or_else(|| {
        Error::new(
            ErrorKind::UndefinedError,
            format!("no text '{key}' for {culture}"),
        )
    })?;
    let mut filled = Vec::new();
    for name in values.args().map(str::to_owned).collect::<Vec<_>>() {
        let value: Value = values.get(&name)?;
        filled.push((name, value.to_string()));
    }
    values.assert_all_used()?;
    Ok(catalog::interpolate(text, &filled))
}

impl Renderer {
    /// Parses every template and catalog.
    pub fn new() -> Result<Renderer, RenderError> {
        let catalogs = std::sync::Arc::new(Catalogs::load()?);
        let mut environment = Environment::new();
        environment.set_undefined_behavior(UndefinedBehavior::Strict);
        environment.set_syntax(
            minijinja::syntax::SyntaxConfig::builder()
                .trim_blocks(true)
                .lstrip_blocks(true)
                .build()?,
        );
        for (name, source) in TEMPLATES {
            environment.add_template(name, source)?;
        }
        let for_templates = std::sync::Arc::clone(&catalogs);
        environment.add_function(
            "t",
            move |state: &State, key: &str, values: Kwargs| -> Result<String, Error> {
                translate(&for_templates, state, key, values)
            },
        );
        Ok(Renderer {
            environment,
            catalogs,
        })
    }

    /// The catalogs the templates use.
    pub fn catalogs(&self) -> &Catalogs {
        &self.catalogs
    }

    /// Renders `mail` in `culture` for `brand`.
    pub fn render(
        &self,
        mail: &Mail,
        culture: &str,
        brand: &Brand,
    ) -> Result<Rendered, RenderError> {
        self.render_with_unsubscribe(mail, culture, brand, None)
    }

    /// [`Renderer::render`] with the recipient's unsubscribe link in the footer.
    pub fn render_with_unsubscribe(
        &self,
        mail: &Mail,
        culture: &str,
        brand: &Brand,
        unsubscribe: Option<&str>,
    ) -> Result<Rendered, RenderError> {
        let key = format!("{}.subject", mail.group());
        let subject_text = self
            .catalogs
            .text(brand.wording, culture, &key)
            .ok_or_else(|| {
                Error::new(
                    ErrorKind::UndefinedError,
                    format!("no text '{key}' for {culture}"),
                )
            })?;
        let mut values = mail.subject_values();
        values.push(("brand".to_owned(), brand.name.clone()));
        let subject = catalog::interpolate(subject_text, &values);
        let action = mail.action().map(|(href, label)| Action { href, label });
        let context = Context {
            culture,
            subject: &subject,
            brand,
            name: mail.name().filter(|name| !name.trim().is_empty()),
            action,
            unsubscribe,
            mail,
        };
        let value = Value::from(minijinja::value::Serde(&context));
        let name = mail.template();
        let text = self
            .environment
            .get_template(&format!("{name}.txt"))?
            .render(&value)?;
        let html = self
            .environment
            .get_template(&format!("{name}.html"))?
            .render(&value)?;
        Ok(Rendered {
            subject,
            text: format!("{}\n", text.trim_end()),
            html,
        })
    }
}
