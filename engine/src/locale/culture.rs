//! The fifteen interface cultures and the language fallback.
//!
//! The fallback language is the site's fallback, otherwise en. The default culture is nl.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One of the cultures the interface is translated into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(type = "string"))]
pub enum Culture {
    /// Czech.
    Cs,
    /// Danish.
    Da,
    /// German (Germany).
    De,
    /// German (Austria).
    DeAt,
    /// English.
    En,
    /// Spanish.
    Es,
    /// Estonian.
    Et,
    /// French (Belgium).
    FrBe,
    /// French (France).
    FrFr,
    /// Italian.
    It,
    /// Dutch (the Netherlands), the source language.
    Nl,
    /// Dutch (Belgium).
    NlBe,
    /// Polish.
    Pl,
    /// Portuguese.
    Pt,
    /// Swedish.
    Sv,
}

/// The culture used when nothing else is known.
pub const DEFAULT_CULTURE: Culture = Culture::Nl;

/// The fallback language of a site without a fallback of its own.
pub const ENGLISH: Culture = Culture::En;

/// Why a text is not one of the fifteen cultures.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not one of the shop's cultures")]
pub struct CultureError(pub String);

impl Culture {
    /// Every culture, in the order of the specification.
    pub const ALL: [Culture; 15] = [
        Culture::Cs,
        Culture::Da,
        Culture::De,
        Culture::DeAt,
        Culture::En,
        Culture::Es,
        Culture::Et,
        Culture::FrBe,
        Culture::FrFr,
        Culture::It,
        Culture::Nl,
        Culture::NlBe,
        Culture::Pl,
        Culture::Pt,
        Culture::Sv,
    ];

    /// The culture name as the API writes it, e.g. `"de-AT"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Culture::Cs => "cs",
            Culture::Da => "da",
            Culture::De => "de",
            Culture::DeAt => "de-AT",
            Culture::En => "en",
            Culture::Es => "es",
            Culture::Et => "et",
            Culture::FrBe => "fr-BE",
            Culture::FrFr => "fr-FR",
            Culture::It => "it",
            Culture::Nl => "nl",
            Culture::NlBe => "nl-BE",
            Culture::Pl => "pl",
            Culture::Pt => "pt",
            Culture::Sv => "sv",
        }
    }

    /// The language part of the culture, e.g. `"de"` for `de-AT`.
    pub fn language(self) -> &'static str {
        let name = self.as_str();
        name.split('-').next().unwrap_or(name)
    }
}

impl FromStr for Culture {
    type Err = CultureError;

    /// Parses a culture name in any letter case, with `-` or `_` (`de-at`, `de_AT`).
    fn from_str(text: &str) -> Result<Culture, CultureError> {
        let wanted = text.trim().replace('_', "-");
        Culture::ALL
            .into_iter()
            .find(|culture| culture.as_str().eq_ignore_ascii_case(&wanted))
            .ok_or_else(|| CultureError(text.to_owned()))
    }
}

impl fmt::Display for Culture {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.as_str())
    }
}

impl Serialize for Culture {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Culture {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Culture, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The fallback language: the site's fallback, otherwise English.
pub fn fallback_culture(site_fallback: Option<Culture>) -> Culture {
    site_fallback.unwrap_or(ENGLISH)
}

/// Which culture to show, from what the visitor asked for and what the site offers.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CultureRequest {
    /// The culture the visitor asked for (URL, cookie or browser), if any.
    #[serde(default)]
    pub requested: Option<Culture>,
    /// The cultures the site offers; empty when no site is known yet.
    #[serde(default)]
    pub site_cultures: Vec<Culture>,
    /// The site's fallback language, if it has one.
    #[serde(default)]
    pub site_fallback: Option<Culture>,
}

/// The culture to show and the culture to fall back to for missing translations.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct CultureResolution {
    /// The culture to show.
    pub culture: Culture,
    /// The culture whose text is shown where `culture` has no translation.
    pub fallback: Culture,
}

/// Chooses the culture to show.
///
/// 1. The requested culture when the site offers it (any culture when no site is known).
/// 2. Without a request, the default culture `nl` when the site offers it (or no site is known).
/// 3. Otherwise the fallback language: the site's fallback, otherwise `en`.
pub fn resolve_culture(request: &CultureRequest) -> CultureResolution {
    let offered = |culture: Culture| {
        request.site_cultures.is_empty() || request.site_cultures.contains(&culture)
    };
    let fallback = fallback_culture(request.site_fallback);
    let culture = match request.requested {
        Some(requested) if offered(requested) => requested,
        None if offered(DEFAULT_CULTURE) => DEFAULT_CULTURE,
        _ => fallback,
    };
    CultureResolution { culture, fallback }
}

impl Culture {
    /// The culture whose text a regional culture borrows (fixtures/README.md, text fallback
    /// step 2): `nl-BE` → `nl`, `de-AT` → `de`, `fr-BE` → `fr-FR`. Other cultures have none.
    pub fn parent(self) -> Option<Culture> {
        match self {
            Culture::NlBe => Some(Culture::Nl),
            Culture::DeAt => Some(Culture::De),
            Culture::FrBe => Some(Culture::FrFr),
            _ => None,
        }
    }
}

/// The order in which the cultures of a localized text are tried for `culture` on a site:
/// the culture itself, its parent, the site's fallback language and its parent, `en`, and
/// finally `nl` (the source language, always written). No culture appears twice.
pub fn text_fallback_chain(culture: Culture, site_fallback: Option<Culture>) -> Vec<Culture> {
    let mut chain = Vec::with_capacity(6);
    let mut push = |candidate: Option<Culture>| {
        if let Some(candidate) = candidate.filter(|candidate| !chain.contains(candidate)) {
            chain.push(candidate);
        }
    };
    push(Some(culture));
    push(culture.parent());
    push(site_fallback);
    push(site_fallback.and_then(Culture::parent));
    push(Some(ENGLISH));
    push(Some(DEFAULT_CULTURE));
    chain
}

/// The culture whose text to show from a localized text that has `available` cultures, or
/// `None` when none of the chain is available (a text without `nl`).
pub fn pick_text_culture(
    culture: Culture,
    site_fallback: Option<Culture>,
    available: &[Culture],
) -> Option<Culture> {
    text_fallback_chain(culture, site_fallback)
        .into_iter()
        .find(|candidate| available.contains(candidate))
}

/// Whether a visitor in `culture` reads a text in their own language when the fallback chain
/// shows it from `shown_from`: the culture itself or one of its language (`de` for `de-AT`).
/// `false` when no culture has the text.
pub fn reads_in_own_language(culture: Culture, shown_from: Option<Culture>) -> bool {
    shown_from.is_some_and(|shown| shown.language() == culture.language())
}

/// Input of `locale.textFallback`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct TextFallbackRequest {
    /// The culture the text is wanted in.
    pub culture: Culture,
    /// The site's fallback language, if any.
    #[serde(default)]
    pub site_fallback: Option<Culture>,
    /// The cultures the localized text has.
    #[serde(default)]
    pub available: Vec<Culture>,
}

/// Output of `locale.textFallback`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct TextFallbackResult {
    /// The cultures tried, in order.
    pub chain: Vec<Culture>,
    /// The first of them the text has, if any.
    pub culture: Option<Culture>,
}

impl TextFallbackRequest {
    /// Applies [`text_fallback_chain`] and [`pick_text_culture`].
    pub fn resolve(&self) -> TextFallbackResult {
        TextFallbackResult {
            chain: text_fallback_chain(self.culture, self.site_fallback),
            culture: pick_text_culture(self.culture, self.site_fallback, &self.available),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_of_the_same_language_is_read_in_ones_own() {
        assert!(reads_in_own_language(Culture::DeAt, Some(Culture::De)));
        assert!(reads_in_own_language(Culture::Pl, Some(Culture::Pl)));
        assert!(!reads_in_own_language(Culture::Pl, Some(Culture::En)));
        assert!(!reads_in_own_language(Culture::Pl, None));
    }

    #[test]
    fn every_culture_round_trips_through_its_name() {
        for culture in Culture::ALL {
            assert_eq!(culture.as_str().parse::<Culture>(), Ok(culture));
        }
        assert_eq!("DE_at".parse::<Culture>(), Ok(Culture::DeAt));
        assert!("de-CH".parse::<Culture>().is_err());
        assert_eq!(Culture::FrBe.language(), "fr");
    }

    #[test]
    fn falls_back_to_the_site_fallback_then_english() {
        assert_eq!(fallback_culture(Some(Culture::De)), Culture::De);
        assert_eq!(fallback_culture(None), Culture::En);
    }

    #[test]
    fn resolves_the_culture_to_show() {
        use Culture::*;
        type Case = (
            Option<Culture>,
            &'static [Culture],
            Option<Culture>,
            Culture,
            Culture,
        );
        let cases: [Case; 7] = [
            (Some(De), &[De, En], Some(De), De, De),
            (Some(FrFr), &[De, En], Some(De), De, De),
            (Some(FrFr), &[De, En], None, En, En),
            (None, &[], None, Nl, En),
            (None, &[Nl, En], Some(Nl), Nl, Nl),
            (None, &[Da], Some(Da), Da, Da),
            (Some(Sv), &[], None, Sv, En),
        ];
        for (requested, site, fallback, culture, fallback_expected) in cases {
            let request = CultureRequest {
                requested,
                site_cultures: site.to_vec(),
                site_fallback: fallback,
            };
            let resolution = resolve_culture(&request);
            assert_eq!(
                (resolution.culture, resolution.fallback),
                (culture, fallback_expected)
            );
        }
    }
    #[test]
    fn text_falls_back_through_parent_site_fallback_english_and_dutch() {
        use Culture::*;
        assert_eq!(
            text_fallback_chain(FrBe, Some(NlBe)),
            vec![FrBe, FrFr, NlBe, Nl, En]
        );
        assert_eq!(text_fallback_chain(Sv, Some(Sv)), vec![Sv, En, Nl]);
        assert_eq!(text_fallback_chain(DeAt, None), vec![DeAt, De, En, Nl]);
        assert_eq!(text_fallback_chain(Nl, Some(Nl)), vec![Nl, En]);
        assert_eq!(pick_text_culture(DeAt, Some(DeAt), &[Nl, De]), Some(De));
        assert_eq!(pick_text_culture(Pl, Some(Pl), &[Nl, En]), Some(En));
        assert_eq!(pick_text_culture(Pl, Some(Pl), &[]), None);
    }
}
