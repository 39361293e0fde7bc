//! The address of a page in one of a site's languages, for search engines: a site
//! shows one language without a choice (the one `resolve_culture` picks without a request);
//! its other languages share the site's paths and are asked for with `?lang=<culture>`, which
//! the server renderer honours. `hreflang` names a language and the site's country.

use serde::{Deserialize, Serialize};

use super::query_value;
use crate::locale::{Culture, CultureRequest, resolve_culture};

/// The query parameter that asks for a page in one of the site's languages.
pub const LANGUAGE_PARAMETER: &str = "lang";

/// The culture a site shows a visitor who has chosen none.
pub fn default_culture(site_cultures: &[Culture], site_fallback: Option<Culture>) -> Culture {
    resolve_culture(&CultureRequest {
        requested: None,
        site_cultures: site_cultures.to_vec(),
        site_fallback,
    })
    .culture
}

/// The path and query of a page in `culture`: the path itself in the site's default culture,
/// otherwise with `?lang=<culture>` (after the path's own query, if it has one).
pub fn language_path(path: &str, culture: Culture, default: Culture) -> String {
    if culture == default {
        return path.to_owned();
    }
    let separator = if path.contains('?') { '&' } else { '?' };
    format!("{path}{separator}{LANGUAGE_PARAMETER}={}", culture.as_str())
}

/// Input of `url.askedCulture`: a page's address and the cultures of its site.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AskedCultureRequest {
    /// A path or absolute URL, optionally with query and fragment.
    pub url: String,
    /// The cultures the site shows.
    pub site_cultures: Vec<Culture>,
}

/// Output of `url.askedCulture`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct AskedCulture {
    /// The site's culture the address asks for with `?lang=`; none when it asks for none or
    /// for one the site does not show.
    pub culture: Option<Culture>,
}

/// The culture an address asks for (`?lang=<culture>`, the first such parameter), when the
/// site shows it: [`language_path`] read back.
pub fn asked_culture(request: &AskedCultureRequest) -> AskedCulture {
    let culture = query_value(&request.url, LANGUAGE_PARAMETER)
        .and_then(|name| name.parse::<Culture>().ok())
        .filter(|culture| request.site_cultures.contains(culture));
    AskedCulture { culture }
}

/// The `hreflang` of a culture on a site of a country: a regional culture names its own
/// region (`de-AT`), a plain language takes the site's country (`nl` on a Dutch site is
/// `nl-NL`, `en` on a Danish site `en-DK`).
pub fn hreflang(culture: Culture, region_code: &str) -> String {
    let name = culture.as_str();
    let region = region_code.trim();
    if name.contains('-') || region.is_empty() {
        name.to_owned()
    } else {
        format!("{name}-{}", region.to_ascii_uppercase())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_site_without_a_choice_shows_dutch_when_it_has_it_else_its_fallback() {
        assert_eq!(
            default_culture(&[Culture::Nl, Culture::En], Some(Culture::En)),
            Culture::Nl
        );
        assert_eq!(
            default_culture(&[Culture::De, Culture::En], Some(Culture::De)),
            Culture::De
        );
        assert_eq!(
            default_culture(&[Culture::NlBe, Culture::FrBe], Some(Culture::NlBe)),
            Culture::NlBe
        );
    }

    #[test]
    fn an_address_asks_for_one_of_the_sites_cultures_with_lang() {
        let asked = |url: &str| {
            asked_culture(&AskedCultureRequest {
                url: url.to_owned(),
                site_cultures: vec![Culture::NlBe, Culture::FrBe],
            })
            .culture
        };
        assert_eq!(asked("/muesli/?p=2&lang=fr-BE"), Some(Culture::FrBe));
        assert_eq!(
            asked("https://www.hoefslag.be/?lang=fr-BE#top"),
            Some(Culture::FrBe)
        );
        assert_eq!(asked("/muesli/?lang=de"), None);
        assert_eq!(asked("/muesli/?lang="), None);
        assert_eq!(asked("/muesli/"), None);
        assert_eq!(
            asked(&language_path("/muesli/", Culture::FrBe, Culture::NlBe)),
            Some(Culture::FrBe)
        );
    }

    #[test]
    fn other_languages_are_asked_for_with_lang() {
        assert_eq!(
            language_path("/muesli/", Culture::Nl, Culture::Nl),
            "/muesli/"
        );
        assert_eq!(
            language_path("/muesli/", Culture::En, Culture::Nl),
            "/muesli/?lang=en"
        );
        assert_eq!(
            language_path("/muesli/?p=2", Culture::FrBe, Culture::NlBe),
            "/muesli/?p=2&lang=fr-BE"
        );
    }

    #[test]
    fn hreflang_names_the_sites_country_unless_the_culture_has_a_region() {
        assert_eq!(hreflang(Culture::Nl, "NL"), "nl-NL");
        assert_eq!(hreflang(Culture::En, "dk"), "en-DK");
        assert_eq!(hreflang(Culture::DeAt, "AT"), "de-AT");
        assert_eq!(hreflang(Culture::FrBe, "BE"), "fr-BE");
        assert_eq!(hreflang(Culture::Pl, ""), "pl");
    }
}
