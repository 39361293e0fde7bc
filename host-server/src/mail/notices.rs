//! The texts of the product notices: back in stock (specification section 4, "Back-in-stock")
//! and the review request sent after an order. Same fallbacks as the account mails: the
//! culture, its base language, English.

/// Which notice to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoticeKind {
    /// A product the customer asked about is available again.
    BackInStock,
    /// Ask for a review of a bought product (reviews may take up to 24 hours to appear).
    ReviewRequest,
}

/// What a notice is about.
#[derive(Clone, Copy, Debug)]
pub struct Notice<'a> {
    /// The brand sending it.
    pub brand: &'a str,
    /// The customer's first name; empty for an address without an account.
    pub name: &'a str,
    /// The product's name in the customer's language.
    pub product: &'a str,
    /// The product page, or the review form.
    pub link: &'a str,
}

struct Texts {
    subject: &'static str,
    body: &'static str,
}

/// `{name}`, `{brand}`, `{product}` and `{link}` are filled in by [`render_notice`].
fn texts(kind: NoticeKind, language: &str) -> Option<Texts> {
    use NoticeKind::*;
    let texts = match (kind, language) {
        (BackInStock, "nl") => Texts {
            subject: "{product} is weer op voorraad",
            body: "Hallo{name},\n\nGoed nieuws: {product} is weer op voorraad. Bestel via deze link:\n\n{link}\n\nJe krijgt deze e-mail eenmalig, omdat je om een bericht vroeg.\n\nMet vriendelijke groet,\n{brand}",
        },
        (BackInStock, "de") => Texts {
            subject: "{product} ist wieder vorrätig",
            body: "Hallo{name},\n\ngute Nachrichten: {product} ist wieder vorrätig. Bestellen Sie über diesen Link:\n\n{link}\n\nSie erhalten diese E-Mail einmalig, weil Sie um eine Nachricht gebeten haben.\n\nMit freundlichen Grüßen\n{brand}",
        },
        (BackInStock, "da") => Texts {
            subject: "{product} er på lager igen",
            body: "Hej{name},\n\nGode nyheder: {product} er på lager igen. Bestil via dette link:\n\n{link}\n\nDu får denne e-mail én gang, fordi du bad om besked.\n\nVenlig hilsen\n{brand}",
        },
        (BackInStock, "fr") => Texts {
            subject: "{product} est de nouveau en stock",
            body: "Bonjour{name},\n\nBonne nouvelle : {product} est de nouveau en stock. Commandez via ce lien :\n\n{link}\n\nVous recevez cet e-mail une seule fois, car vous avez demandé à être prévenu.\n\nCordialement,\n{brand}",
        },
        (BackInStock, "en") => Texts {
            subject: "{product} is back in stock",
            body: "Hello{name},\n\nGood news: {product} is back in stock. Order it here:\n\n{link}\n\nYou receive this e-mail once, because you asked to be told.\n\nKind regards,\n{brand}",
        },
        (ReviewRequest, "nl") => Texts {
            subject: "Wat vind je van {product}?",
            body: "Hallo{name},\n\nJe hebt onlangs {product} bij {brand} gekocht. Wil je in een paar woorden vertellen wat je ervan vindt? Andere paardenliefhebbers helpen je er graag mee.\n\n{link}\n\nJe review verschijnt binnen 24 uur op de site.\n\nMet vriendelijke groet,\n{brand}",
        },
        (ReviewRequest, "de") => Texts {
            subject: "Wie gefällt Ihnen {product}?",
            body: "Hallo{name},\n\nSie haben kürzlich {product} bei {brand} gekauft. Möchten Sie in ein paar Worten sagen, wie es Ihnen gefällt? Andere Pferdefreunde danken es Ihnen.\n\n{link}\n\nIhre Bewertung erscheint innerhalb von 24 Stunden auf der Website.\n\nMit freundlichen Grüßen\n{brand}",
        },
        (ReviewRequest, "da") => Texts {
            subject: "Hvad synes du om {product}?",
            body: "Hej{name},\n\nDu har for nylig købt {product} hos {brand}. Vil du fortælle med nogle få ord, hvad du synes? Andre hesteejere vil sætte pris på det.\n\n{link}\n\nDin anmeldelse vises på siden inden for 24 timer.\n\nVenlig hilsen\n{brand}",
        },
        (ReviewRequest, "fr") => Texts {
            subject: "Que pensez-vous de {product} ?",
            body: "Bonjour{name},\n\nVous avez récemment acheté {product} chez {brand}. Voulez-vous nous dire en quelques mots ce que vous en pensez ? D'autres cavaliers vous en remercieront.\n\n{link}\n\nVotre avis apparaîtra sur le site sous 24 heures.\n\nCordialement,\n{brand}",
        },
        (ReviewRequest, "en") => Texts {
            subject: "What do you think of {product}?",
            body: "Hello{name},\n\nYou recently bought {product} from {brand}. Would you tell other horse owners in a few words what you think of it?\n\n{link}\n\nYour review appears on the site within 24 hours.\n\nKind regards,\n{brand}",
        },
        _ => return None,
    };
    Some(texts)
}

/// The subject and body of a notice in the given culture.
pub fn render_notice(kind: NoticeKind, culture: &str, notice: Notice<'_>) -> (String, String) {
    let base = culture.split('-').next().unwrap_or(culture);
    let chosen = texts(kind, culture)
        .or_else(|| texts(kind, base))
        .or_else(|| texts(kind, "en"))
        .unwrap_or(Texts {
            subject: "{product}",
            body: "{link}",
        });
    // "Hallo{name}," reads "Hallo Anna," with a name and "Hallo," without one.
    let name = if notice.name.trim().is_empty() {
        String::new()
    } else {
        format!(" {}", notice.name.trim())
    };
    let fill = |text: &str| {
        text.replace("{brand}", notice.brand)
            .replace("{name}", &name)
            .replace("{product}", notice.product)
            .replace("{link}", notice.link)
    };
    (fill(chosen.subject), fill(chosen.body))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn notice(name: &str) -> Notice<'_> {
        Notice {
            brand: "Hoefslag",
            name,
            product: "Hoefslag Sport Muesli",
            link: "https://hoefslag.localhost/p/1/",
        }
    }

    #[test]
    fn back_in_stock_in_the_culture_with_or_without_a_name() {
        let (subject, body) = render_notice(NoticeKind::BackInStock, "nl-BE", notice("Anna"));
        assert_eq!(subject, "Hoefslag Sport Muesli is weer op voorraad");
        assert!(body.starts_with("Hallo Anna,\n"));
        assert!(body.contains("https://hoefslag.localhost/p/1/"));
        let (_, body) = render_notice(NoticeKind::BackInStock, "de-AT", notice(""));
        assert!(body.starts_with("Hallo,\n"));
    }

    #[test]
    fn review_requests_fall_back_to_english() {
        let (subject, body) = render_notice(NoticeKind::ReviewRequest, "sv", notice("Sven"));
        assert_eq!(subject, "What do you think of Hoefslag Sport Muesli?");
        assert!(body.contains("within 24 hours"));
        let (subject, _) = render_notice(NoticeKind::ReviewRequest, "fr-BE", notice("Luc"));
        assert_eq!(subject, "Que pensez-vous de Hoefslag Sport Muesli ?");
    }
}
