//! The texts of the mails: one catalog per culture (`templates/mail/i18n/<culture>.json`,
//! nested JSON like the storefront's catalogs, `{{name}}` placeholders), and the wording of the
//! second brand (`i18n/weidegroen/<language>.json`). They are compiled into the binary.
//!
//! A text is looked up along the culture's chain: `de-AT -> de -> nl`, `nl-BE -> nl`,
//! `fr-BE -> fr-FR -> nl`, every other culture `-> nl` (Dutch is the source language and
//! complete). At every step of the chain the brand's wording for that step's language comes
//! first, so Weidegroen's `nl` wording wins over `nl-BE` too. English is never a fallback.

use std::collections::HashMap;

/// The fifteen cultures, each with its catalog file.
pub const CULTURES: [&str; 15] = [
    "cs", "da", "de", "de-AT", "en", "es", "et", "fr-BE", "fr-FR", "it", "nl", "nl-BE", "pl", "pt",
    "sv",
];

/// The cultures whose catalog holds every key (the regional ones hold only differences).
pub const COMPLETE_CULTURES: [&str; 12] = [
    "cs", "da", "de", "en", "es", "et", "fr-FR", "it", "nl", "pl", "pt", "sv",
];

/// The source language, the last step of every chain.
const SOURCE: &str = "nl";

const FILES: [(&str, &str); 15] = [
    ("cs", include_str!("../../../templates/mail/i18n/cs.json")),
    ("da", include_str!("../../../templates/mail/i18n/da.json")),
    ("de", include_str!("../../../templates/mail/i18n/de.json")),
    (
        "de-AT",
        include_str!("../../../templates/mail/i18n/de-AT.json"),
    ),
    ("en", include_str!("../../../templates/mail/i18n/en.json")),
    ("es", include_str!("../../../templates/mail/i18n/es.json")),
    ("et", include_str!("../../../templates/mail/i18n/et.json")),
    (
        "fr-BE",
        include_str!("../../../templates/mail/i18n/fr-BE.json"),
    ),
    (
        "fr-FR",
        include_str!("../../../templates/mail/i18n/fr-FR.json"),
    ),
    ("it", include_str!("../../../templates/mail/i18n/it.json")),
    ("nl", include_str!("../../../templates/mail/i18n/nl.json")),
    (
        "nl-BE",
        include_str!("../../../templates/mail/i18n/nl-BE.json"),
    ),
    ("pl", include_str!("../../../templates/mail/i18n/pl.json")),
    ("pt", include_str!("../../../templates/mail/i18n/pt.json")),
    ("sv", include_str!("../../../templates/mail/i18n/sv.json")),
];

/// The second brand's wording, per language.
const WEIDEGROEN: [(&str, &str); 3] = [
    (
        "da",
        include_str!("../../../templates/mail/i18n/weidegroen/da.json"),
    ),
    (
        "de",
        include_str!("../../../templates/mail/i18n/weidegroen/de.json"),
    ),
    (
        "nl",
        include_str!("../../../templates/mail/i18n/weidegroen/nl.json"),
    ),
];

/// Flat texts (`order.subject` -> text) of one catalog file.
pub type Texts = HashMap<String, String>;

/// Why a catalog file cannot be read (a mistake in a file of this repository).
#[derive(Debug, thiserror::Error)]
#[error("mail catalog {file}: {message}")]
pub struct CatalogError {
    file: String,
    message: String,
}

/// Every catalog and the brand wording.
#[derive(Debug)]
pub struct Catalogs {
    cultures: HashMap<&'static str, Texts>,
    weidegroen: HashMap<&'static str, Texts>,
}

/// A nested group of texts: groups or texts.
#[derive(serde::Deserialize)]
#[serde(untagged)]
enum Node {
    Text(String),
    Group(std::collections::BTreeMap<String, Node>),
}

fn flatten(prefix: &str, node: Node, into: &mut Texts) {
    match node {
        Node::Text(text) => {
            into.insert(prefix.to_owned(), text);
        }
        Node::Group(group) => {
            for (key, child) in group {
                let path = if prefix.is_empty() {
                    key
                } else {
                    format!("{prefix}.{key}")
                };
                flatten(&path, child, into);
            }
        }
    }
}

/// The flat texts of one catalog file.
pub fn parse(file: &str, text: &str) -> Result<Texts, CatalogError> {
    let node: Node = serde_json::from_str(text).map_err(|error| CatalogError {
        file: file.to_owned(),
        message: error.to_string(),
    })?;
    let mut texts = Texts::new();
    flatten("", node, &mut texts);
    Ok(texts)
}

/// The catalogs a culture is looked up in, in order (without brand wording).
pub fn chain(culture: &str) -> Vec<&'static str> {
    let known = CULTURES.iter().copied().find(|known| *known == culture);
    let mut chain = match known {
        Some("de-AT") => vec!["de-AT", "de"],
        Some("nl-BE") => vec!["nl-BE"],
        Some("fr-BE") => vec!["fr-BE", "fr-FR"],
        Some(known) => vec![known],
        None => Vec::new(),
    };
    if chain.last() != Some(&SOURCE) {
        chain.push(SOURCE);
    }
    chain
}

/// The language part of a culture (`nl-BE` -> `nl`).
fn language(culture: &str) -> &str {
    culture.split('-').next().unwrap_or(culture)
}

impl Catalogs {
    /// Reads every catalog compiled into the binary.
    pub fn load() -> Result<Catalogs, CatalogError> {
        let mut cultures = HashMap::new();
        for (culture, text) in FILES {
            cultures.insert(culture, parse(&format!("{culture}.json"), text)?);
        }
        let mut weidegroen = HashMap::new();
        for (language, text) in WEIDEGROEN {
            weidegroen.insert(
                language,
                parse(&format!("weidegroen/{language}.json"), text)?,
            );
        }
        Ok(Catalogs {
            cultures,
            weidegroen,
        })
    }

    /// The catalog of one culture as written (no chain), for checks.
    pub fn own(&self, culture: &str) -> Option<&Texts> {
        self.cultures.get(culture)
    }

    /// The text of `key` for `culture`, with the brand's wording first at every step.
    pub fn text(&self, brand: BrandWording, culture: &str, key: &str) -> Option<&str> {
        chain(culture).into_iter().find_map(|step| {
            let branded = match brand {
                BrandWording::Weidegroen => self
                    .weidegroen
                    .get(language(step))
                    .and_then(|texts| texts.get(key)),
                BrandWording::Standard => None,
            };
            branded
                .or_else(|| self.cultures.get(step).and_then(|texts| texts.get(key)))
                .map(String::as_str)
        })
    }
}

/// Whose wording a mail uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BrandWording {
    /// The catalogs as they are (Hoefslag, the corporate site).
    Standard,
    /// The second brand's overrides first (site type 1).
    Weidegroen,
}

impl BrandWording {
    /// The wording of a site type (`sites.site_type`).
    pub fn of_site_type(site_type: i64) -> BrandWording {
        if site_type == 1 {
            BrandWording::Weidegroen
        } else {
            BrandWording::Standard
        }
    }
}

/// Fills `{{name}}` placeholders with `values`; a placeholder without a value stays as it is.
pub fn interpolate(text: &str, values: &[(String, String)]) -> String {
    let mut out = text.to_owned();
    for (name, value) in values {
        out = out.replace(&format!("{{{{{name}}}}}"), value);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chains_end_in_dutch_and_never_in_english() {
        assert_eq!(chain("de-AT"), ["de-AT", "de", "nl"]);
        assert_eq!(chain("nl-BE"), ["nl-BE", "nl"]);
        assert_eq!(chain("fr-BE"), ["fr-BE", "fr-FR", "nl"]);
        assert_eq!(chain("sv"), ["sv", "nl"]);
        assert_eq!(chain("nl"), ["nl"]);
        assert_eq!(chain("xx"), ["nl"]);
    }

    #[test]
    fn complete_catalogs_hold_every_key_of_dutch_with_the_same_placeholders() {
        let catalogs = Catalogs::load().unwrap();
        let dutch = catalogs.own("nl").unwrap();
        let placeholders = |text: &str| {
            let mut names: Vec<String> = text
                .split("{{")
                .skip(1)
                .filter_map(|part| part.split_once("}}").map(|(name, _)| name.to_owned()))
                .collect();
            names.sort();
            names
        };
        for culture in COMPLETE_CULTURES {
            let own = catalogs.own(culture).unwrap();
            let mut missing: Vec<&String> =
                dutch.keys().filter(|key| !own.contains_key(*key)).collect();
            missing.sort();
            assert!(missing.is_empty(), "{culture} lacks {missing:?}");
            assert_eq!(own.len(), dutch.len(), "{culture} has keys Dutch lacks");
            for (key, text) in own {
                assert_eq!(
                    placeholders(text),
                    placeholders(&dutch[key]),
                    "{culture} {key}"
                );
            }
        }
        for culture in ["de-AT", "nl-BE", "fr-BE"] {
            for key in catalogs.own(culture).unwrap().keys() {
                assert!(dutch.contains_key(key), "{culture} has unknown {key}");
            }
        }
    }

    #[test]
    fn regional_and_brand_wording_win_along_the_chain() {
        let catalogs = Catalogs::load().unwrap();
        let standard = BrandWording::Standard;
        assert_eq!(
            catalogs.text(standard, "de-AT", "order.vat"),
            Some("USt. {{rate}} %")
        );
        assert_eq!(
            catalogs.text(standard, "de-AT", "order.toPay"),
            Some("Zu zahlen")
        );
        assert_eq!(
            catalogs.text(standard, "fr-BE", "order.toPay"),
            Some("À payer")
        );
        assert_eq!(
            catalogs.text(BrandWording::Weidegroen, "nl-BE", "common.closing"),
            Some("Hartelijke groet uit de wei,")
        );
        assert_eq!(
            catalogs.text(standard, "nl-BE", "common.closing"),
            Some("Met vriendelijke groet,")
        );
        assert_eq!(catalogs.text(standard, "sv", "no.such.key"), None);
        assert_eq!(
            interpolate(
                "Hallo {{name}}, {{other}}",
                &[("name".into(), "Anna".into())]
            ),
            "Hallo Anna, {{other}}"
        );
    }
}
