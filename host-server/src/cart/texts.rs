//! The texts of a cart in its language: product names and promotion texts are kept in every
//! culture and picked by the engine's fallback chain.

use std::collections::BTreeMap;

use engine::locale::Culture;

use crate::platform::stored_json::Loc;

/// The language a cart is shown in, for picking localized texts.
#[derive(Clone, Copy, Debug)]
pub struct TextLanguage {
    /// The cart's culture.
    pub culture: Culture,
    /// The site's fallback culture.
    pub site_fallback: Option<Culture>,
}

/// Picks the text of a localized text by the engine's chain.
pub fn localized(texts: &Loc, language: TextLanguage) -> String {
    texts
        .pick(language.culture, language.site_fallback)
        .to_owned()
}

/// Localized texts read from `(culture, text)` rows; rows of an unknown culture are left out.
pub fn texts_of_rows(rows: impl IntoIterator<Item = (String, String)>) -> Loc {
    Loc(rows
        .into_iter()
        .filter_map(|(culture, text)| Some((culture.parse().ok()?, text)))
        .collect::<BTreeMap<_, _>>())
}
