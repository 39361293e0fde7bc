//! The texts of the account e-mails, per culture. Cultures without their own text use English;
//! regional cultures use their base language first (`de-AT` -> `de`, `nl-BE` -> `nl`).

/// Which e-mail to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MailKind {
    /// Activate a new account.
    Activation,
    /// Reset a forgotten password.
    PasswordReset,
    /// Confirm a new e-mail address.
    EmailChange,
}

struct Texts {
    subject: &'static str,
    body: &'static str,
}

/// `{name}`, `{brand}` and `{link}` are filled in by [`render`].
fn texts(kind: MailKind, language: &str) -> Option<Texts> {
    use MailKind::*;
    let texts = match (kind, language) {
        (Activation, "nl") => Texts {
            subject: "Activeer je account bij {brand}",
            body: "Hallo {name},\n\nWelkom bij {brand}! Activeer je account via deze link:\n\n{link}\n\nDe link is 7 dagen geldig. Heb je geen account aangemaakt? Dan kun je deze e-mail negeren.\n\nMet vriendelijke groet,\n{brand}",
        },
        (Activation, "de") => Texts {
            subject: "Aktivieren Sie Ihr Konto bei {brand}",
            body: "Hallo {name},\n\nwillkommen bei {brand}! Bitte aktivieren Sie Ihr Konto über diesen Link:\n\n{link}\n\nDer Link ist 7 Tage gültig. Wenn Sie kein Konto angelegt haben, können Sie diese E-Mail ignorieren.\n\nMit freundlichen Grüßen\n{brand}",
        },
        (Activation, "da") => Texts {
            subject: "Aktivér din konto hos {brand}",
            body: "Hej {name},\n\nVelkommen hos {brand}! Aktivér din konto via dette link:\n\n{link}\n\nLinket er gyldigt i 7 dage. Har du ikke oprettet en konto, kan du se bort fra denne e-mail.\n\nVenlig hilsen\n{brand}",
        },
        (Activation, "fr") => Texts {
            subject: "Activez votre compte {brand}",
            body: "Bonjour {name},\n\nBienvenue chez {brand} ! Activez votre compte via ce lien :\n\n{link}\n\nLe lien est valable 7 jours. Si vous n'avez pas créé de compte, ignorez cet e-mail.\n\nCordialement,\n{brand}",
        },
        (Activation, "en") => Texts {
            subject: "Activate your {brand} account",
            body: "Hello {name},\n\nWelcome to {brand}! Activate your account with this link:\n\n{link}\n\nThe link is valid for 7 days. If you did not create an account, you can ignore this e-mail.\n\nKind regards,\n{brand}",
        },
        (PasswordReset, "nl") => Texts {
            subject: "Nieuw wachtwoord instellen bij {brand}",
            body: "Hallo {name},\n\nJe hebt gevraagd om een nieuw wachtwoord. Stel het in via deze link:\n\n{link}\n\nDe link is 1 uur geldig. Heb je dit niet gevraagd? Dan blijft je wachtwoord ongewijzigd.\n\nMet vriendelijke groet,\n{brand}",
        },
        (PasswordReset, "de") => Texts {
            subject: "Neues Passwort für {brand}",
            body: "Hallo {name},\n\nSie haben ein neues Passwort angefordert. Legen Sie es über diesen Link fest:\n\n{link}\n\nDer Link ist 1 Stunde gültig. Wenn Sie das nicht angefordert haben, bleibt Ihr Passwort unverändert.\n\nMit freundlichen Grüßen\n{brand}",
        },
        (PasswordReset, "da") => Texts {
            subject: "Ny adgangskode hos {brand}",
            body: "Hej {name},\n\nDu har bedt om en ny adgangskode. Vælg den via dette link:\n\n{link}\n\nLinket er gyldigt i 1 time. Har du ikke bedt om det, forbliver din adgangskode uændret.\n\nVenlig hilsen\n{brand}",
        },
        (PasswordReset, "fr") => Texts {
            subject: "Nouveau mot de passe {brand}",
            body: "Bonjour {name},\n\nVous avez demandé un nouveau mot de passe. Choisissez-le via ce lien :\n\n{link}\n\nLe lien est valable 1 heure. Si vous n'avez rien demandé, votre mot de passe reste inchangé.\n\nCordialement,\n{brand}",
        },
        (PasswordReset, "en") => Texts {
            subject: "Set a new password for {brand}",
            body: "Hello {name},\n\nYou asked for a new password. Set it with this link:\n\n{link}\n\nThe link is valid for 1 hour. If you did not ask for this, your password stays unchanged.\n\nKind regards,\n{brand}",
        },
        (EmailChange, "nl") => Texts {
            subject: "Bevestig je nieuwe e-mailadres bij {brand}",
            body: "Hallo {name},\n\nBevestig je nieuwe e-mailadres via deze link:\n\n{link}\n\nTot je bevestigt, blijft je oude adres in gebruik.\n\nMet vriendelijke groet,\n{brand}",
        },
        (EmailChange, "de") => Texts {
            subject: "Bestätigen Sie Ihre neue E-Mail-Adresse bei {brand}",
            body: "Hallo {name},\n\nbitte bestätigen Sie Ihre neue E-Mail-Adresse über diesen Link:\n\n{link}\n\nBis dahin bleibt Ihre bisherige Adresse aktiv.\n\nMit freundlichen Grüßen\n{brand}",
        },
        (EmailChange, "da") => Texts {
            subject: "Bekræft din nye e-mailadresse hos {brand}",
            body: "Hej {name},\n\nBekræft din nye e-mailadresse via dette link:\n\n{link}\n\nIndtil da bruges din gamle adresse.\n\nVenlig hilsen\n{brand}",
        },
        (EmailChange, "fr") => Texts {
            subject: "Confirmez votre nouvelle adresse e-mail {brand}",
            body: "Bonjour {name},\n\nConfirmez votre nouvelle adresse e-mail via ce lien :\n\n{link}\n\nD'ici là, votre ancienne adresse reste active.\n\nCordialement,\n{brand}",
        },
        (EmailChange, "en") => Texts {
            subject: "Confirm your new e-mail address for {brand}",
            body: "Hello {name},\n\nConfirm your new e-mail address with this link:\n\n{link}\n\nUntil then your old address stays in use.\n\nKind regards,\n{brand}",
        },
        _ => return None,
    };
    Some(texts)
}

/// The subject and body of a mail in the given culture, with the fallbacks of this module.
pub fn render(
    kind: MailKind,
    culture: &str,
    brand: &str,
    name: &str,
    link: &str,
) -> (String, String) {
    let base = culture.split('-').next().unwrap_or(culture);
    let chosen = texts(kind, culture)
        .or_else(|| texts(kind, base))
        .or_else(|| texts(kind, "en"))
        .unwrap_or(Texts {
            subject: "{brand}",
            body: "{link}",
        });
    let fill = |text: &str| {
        text.replace("{brand}", brand)
            .replace("{name}", name)
            .replace("{link}", link)
    };
    (fill(chosen.subject), fill(chosen.body))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_in_the_culture_then_its_base_language_then_english() {
        let (subject, body) = render(
            MailKind::Activation,
            "nl-BE",
            "Hoefslag",
            "Anna",
            "https://x/confirm",
        );
        assert_eq!(subject, "Activeer je account bij Hoefslag");
        assert!(body.starts_with("Hallo Anna,"));
        assert!(body.contains("https://x/confirm"));
        let (subject, _) = render(MailKind::PasswordReset, "sv", "Hoefslag", "Sven", "l");
        assert_eq!(subject, "Set a new password for Hoefslag");
        let (subject, _) = render(MailKind::EmailChange, "fr-BE", "Hoefslag", "Luc", "l");
        assert_eq!(subject, "Confirmez votre nouvelle adresse e-mail Hoefslag");
    }
}
