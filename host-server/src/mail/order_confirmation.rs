//! The order confirmation mail, per culture. Cultures without their own text use English;
//! regional cultures use their base language first, as the account mails do.

/// What the confirmation shows; amounts arrive formatted for the culture.
pub struct OrderMail<'a> {
    /// The customer's first name.
    pub name: &'a str,
    /// The order number.
    pub order_number: &'a str,
    /// One line per product: quantity, description and formatted amount.
    pub lines: Vec<(i64, &'a str, String)>,
    /// Shipping costs, formatted.
    pub shipping_costs: String,
    /// Payment costs, formatted.
    pub payment_costs: String,
    /// The total, formatted.
    pub total: String,
    /// Paid with a gift card, formatted; empty when none.
    pub gift_card: String,
    /// Left to pay, formatted.
    pub to_pay: String,
}

struct Texts {
    subject: &'static str,
    greeting: &'static str,
    intro: &'static str,
    shipping: &'static str,
    payment_costs: &'static str,
    total: &'static str,
    gift_card: &'static str,
    to_pay: &'static str,
    closing: &'static str,
}

fn texts(language: &str) -> Option<Texts> {
    let texts = match language {
        "nl" => Texts {
            subject: "Bevestiging van je bestelling {number} bij {brand}",
            greeting: "Hallo {name},",
            intro: "Bedankt voor je bestelling {number}. Dit heb je besteld:",
            shipping: "Verzendkosten",
            payment_costs: "Betaalkosten",
            total: "Totaal (incl. btw)",
            gift_card: "Betaald met cadeaukaart",
            to_pay: "Te betalen",
            closing: "Met vriendelijke groet,",
        },
        "de" => Texts {
            subject: "Bestätigung Ihrer Bestellung {number} bei {brand}",
            greeting: "Hallo {name},",
            intro: "vielen Dank für Ihre Bestellung {number}. Sie haben bestellt:",
            shipping: "Versandkosten",
            payment_costs: "Zahlungskosten",
            total: "Gesamt (inkl. MwSt.)",
            gift_card: "Mit Geschenkkarte bezahlt",
            to_pay: "Zu zahlen",
            closing: "Mit freundlichen Grüßen",
        },
        "da" => Texts {
            subject: "Bekræftelse af din ordre {number} hos {brand}",
            greeting: "Hej {name},",
            intro: "Tak for din ordre {number}. Du har bestilt:",
            shipping: "Forsendelse",
            payment_costs: "Betalingsgebyr",
            total: "I alt (inkl. moms)",
            gift_card: "Betalt med gavekort",
            to_pay: "At betale",
            closing: "Venlig hilsen",
        },
        "fr" => Texts {
            subject: "Confirmation de votre commande {number} chez {brand}",
            greeting: "Bonjour {name},",
            intro: "Merci pour votre commande {number}. Vous avez commandé :",
            shipping: "Frais de livraison",
            payment_costs: "Frais de paiement",
            total: "Total (TVA comprise)",
            gift_card: "Payé par carte cadeau",
            to_pay: "À payer",
            closing: "Cordialement,",
        },
        "en" => Texts {
            subject: "Confirmation of your order {number} at {brand}",
            greeting: "Hello {name},",
            intro: "Thank you for your order {number}. You ordered:",
            shipping: "Shipping",
            payment_costs: "Payment costs",
            total: "Total (VAT included)",
            gift_card: "Paid with gift card",
            to_pay: "To pay",
            closing: "Kind regards,",
        },
        _ => return None,
    };
    Some(texts)
}

/// The subject and body of the confirmation in `culture`, with the fallbacks of this module.
pub fn render_order_confirmation(
    culture: &str,
    brand: &str,
    order: &OrderMail<'_>,
) -> (String, String) {
    let base = culture.split('-').next().unwrap_or(culture);
    let Some(texts) = texts(culture)
        .or_else(|| texts(base))
        .or_else(|| texts("en"))
    else {
        return (order.order_number.to_owned(), String::new());
    };
    let fill = |text: &str| {
        text.replace("{brand}", brand)
            .replace("{name}", order.name)
            .replace("{number}", order.order_number)
    };
    let mut body = format!("{}\n\n{}\n\n", fill(texts.greeting), fill(texts.intro));
    for (quantity, description, amount) in &order.lines {
        body.push_str(&format!("{quantity} x {description}  {amount}\n"));
    }
    body.push_str(&format!(
        "\n{}: {}\n{}: {}\n",
        texts.shipping, order.shipping_costs, texts.payment_costs, order.payment_costs
    ));
    body.push_str(&format!("{}: {}\n", texts.total, order.total));
    if !order.gift_card.is_empty() {
        body.push_str(&format!("{}: {}\n", texts.gift_card, order.gift_card));
    }
    body.push_str(&format!(
        "{}: {}\n\n{}\n{brand}\n",
        texts.to_pay, order.to_pay, texts.closing
    ));
    (fill(texts.subject), body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_the_lines_and_totals_in_the_culture() {
        let order = OrderMail {
            name: "Anna",
            order_number: "HS-2026-001001",
            lines: vec![(2, "Sport Muesli", "€ 59,31".to_owned())],
            shipping_costs: "€ 0,00".to_owned(),
            payment_costs: "€ 0,00".to_owned(),
            total: "€ 59,31".to_owned(),
            gift_card: String::new(),
            to_pay: "€ 59,31".to_owned(),
        };
        let (subject, body) = render_order_confirmation("nl-BE", "Hoefslag", &order);
        assert_eq!(
            subject,
            "Bevestiging van je bestelling HS-2026-001001 bij Hoefslag"
        );
        assert!(body.starts_with("Hallo Anna,\n\nBedankt voor je bestelling HS-2026-001001."));
        assert!(body.contains("2 x Sport Muesli  € 59,31\n"));
        assert!(body.contains("Te betalen: € 59,31\n"));
        assert!(!body.contains("cadeaukaart"));
        let (subject, _) = render_order_confirmation("sv", "Hoefslag", &order);
        assert_eq!(
            subject,
            "Confirmation of your order HS-2026-001001 at Hoefslag"
        );
    }
}
