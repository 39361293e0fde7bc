//! Message keys and their Dutch source texts.
//!
//! Every failure or notice a rule reports is a [`Message`]: a stable key plus its parameters.
//! Translations per culture live outside the engine; the engine holds the Dutch source text
//! of every key (the product's source language), with parameters substituted, so server and
//! browser show the same words. Texts quoted by the specification are used verbatim; the
//! others are written here in the same tone.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::limits::InputError;

/// The key of a user-visible message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
pub enum MessageKey {
    /// A required field is empty.
    #[serde(rename = "validation.required")]
    Required,
    /// A field is longer than `{count}` characters.
    #[serde(rename = "validation.maxLength")]
    MaxLength,
    /// An address (house number) is not valid.
    #[serde(rename = "validation.invalidAddress")]
    InvalidAddress,
    /// A VAT number does not have its country's format.
    #[serde(rename = "validation.invalidVatNumber")]
    InvalidVatNumber,
    /// An e-mail address is not valid.
    #[serde(rename = "validation.invalidEmail")]
    InvalidEmail,
    /// A phone number is not valid.
    #[serde(rename = "validation.invalidPhone")]
    InvalidPhone,
    /// A postcode does not have its country's format.
    #[serde(rename = "validation.invalidPostcode")]
    InvalidPostcode,
    /// A date is not a real date written as DD-MM-YYYY.
    #[serde(rename = "validation.invalidDate")]
    InvalidDate,
    /// A password is shorter than 7 characters or lacks digits or letters.
    #[serde(rename = "validation.passwordRequirements")]
    PasswordRequirements,
    /// The API refused a password: it does not meet the requirements.
    #[serde(rename = "validation.passwordNotValid")]
    PasswordNotValid,
    /// The password and its repetition differ.
    #[serde(rename = "validation.passwordMismatch")]
    PasswordMismatch,
    /// A review text has fewer than `{count}` words.
    #[serde(rename = "validation.reviewTooShort")]
    ReviewTooShort,
    /// Not every hay sample has a name.
    #[serde(rename = "validation.sampleNameRequired")]
    SampleNameRequired,
    /// A quantity is not a whole number of at least 1.
    #[serde(rename = "validation.invalidQuantity")]
    InvalidQuantity,
    /// Fewer pieces are in stock than requested: only `{amount}`.
    #[serde(rename = "validation.stockLimited")]
    StockLimited,
    /// The comparison list already holds `{count}` products.
    #[serde(rename = "compare.limitReached")]
    CompareLimitReached,
    /// The product is already in the comparison list.
    #[serde(rename = "compare.alreadyAdded")]
    CompareAlreadyAdded,
    /// The cart holds no products.
    #[serde(rename = "checkout.cartEmpty")]
    CartEmpty,
    /// The billing address has no country.
    #[serde(rename = "checkout.billingCountryMissing")]
    BillingCountryMissing,
    /// Parcel-service delivery without a chosen parcel shop.
    #[serde(rename = "checkout.parcelShopMissing")]
    ParcelShopMissing,
    /// Parcel-service delivery without the parcel shop's zipcode or city.
    #[serde(rename = "checkout.parcelShopZipcodeOrCityMissing")]
    ParcelShopZipcodeOrCityMissing,
    /// An alternative shipping address without a country.
    #[serde(rename = "checkout.shippingCountryMissing")]
    ShippingCountryMissing,
    /// A Dutch billing or delivery address on a non-Dutch site.
    #[serde(rename = "checkout.orderOnDutchSite")]
    OrderOnDutchSite,
    /// No payment method chosen while the order needs a payment.
    #[serde(rename = "checkout.paymentMethodMissing")]
    PaymentMethodMissing,
    /// The feed advice cannot be determined.
    #[serde(rename = "feed.adviceUndetermined")]
    FeedAdviceUndetermined,
    /// Silo delivery may suit this yard.
    #[serde(rename = "feed.siloInterest")]
    SiloInterest,
    /// The roughage's sugar content is above its target: soak the hay or choose low-sugar feed.
    #[serde(rename = "roughage.highSugar")]
    RoughageHighSugar,
    /// The roughage's dry matter is below its target: take care with storage.
    #[serde(rename = "roughage.lowDryMatter")]
    RoughageLowDryMatter,
    /// The roughage's hygiene is questionable (quality class II or III).
    #[serde(rename = "roughage.hygieneQuestionable")]
    RoughageHygieneQuestionable,
    /// The roughage is not fit to feed (quality class IV).
    #[serde(rename = "roughage.notFitToFeed")]
    RoughageNotFitToFeed,
}

impl MessageKey {
    /// Every key, for catalogs and tests.
    pub const ALL: [MessageKey; 30] = [
        MessageKey::Required,
        MessageKey::MaxLength,
        MessageKey::InvalidAddress,
        MessageKey::InvalidVatNumber,
        MessageKey::InvalidEmail,
        MessageKey::InvalidPhone,
        MessageKey::InvalidPostcode,
        MessageKey::InvalidDate,
        MessageKey::PasswordRequirements,
        MessageKey::PasswordNotValid,
        MessageKey::PasswordMismatch,
        MessageKey::ReviewTooShort,
        MessageKey::SampleNameRequired,
        MessageKey::InvalidQuantity,
        MessageKey::StockLimited,
        MessageKey::CompareLimitReached,
        MessageKey::CompareAlreadyAdded,
        MessageKey::CartEmpty,
        MessageKey::BillingCountryMissing,
        MessageKey::ParcelShopMissing,
        MessageKey::ParcelShopZipcodeOrCityMissing,
        MessageKey::ShippingCountryMissing,
        MessageKey::OrderOnDutchSite,
        MessageKey::PaymentMethodMissing,
        MessageKey::FeedAdviceUndetermined,
        MessageKey::SiloInterest,
        MessageKey::RoughageHighSugar,
        MessageKey::RoughageLowDryMatter,
        MessageKey::RoughageHygieneQuestionable,
        MessageKey::RoughageNotFitToFeed,
    ];

    /// The Dutch source text, with `{count}` or `{amount}` where a parameter goes.
    pub fn dutch_template(self) -> &'static str {
        match self {
            MessageKey::Required => "Dit is een verplicht veld",
            MessageKey::MaxLength => "Dit veld mag maximaal {count} tekens bevatten",
            MessageKey::InvalidAddress => "Dit is geen geldig adres",
            MessageKey::InvalidVatNumber => "Dit is geen geldig btw-nummer",
            MessageKey::InvalidEmail => "Dit is geen geldig e-mailadres",
            MessageKey::InvalidPhone => "Dit is geen geldig telefoonnummer",
            MessageKey::InvalidPostcode => "Dit is geen geldige postcode",
            MessageKey::InvalidDate => "Dit is geen geldige datum, gebruik DD-MM-JJJJ",
            MessageKey::PasswordRequirements => {
                "Minimaal 7 tekens, moet cijfers en letters bevatten"
            }
            MessageKey::PasswordNotValid => "Het wachtwoord voldoet niet aan de eisen",
            MessageKey::PasswordMismatch => "Wachtwoorden komen niet overeen",
            MessageKey::ReviewTooShort => "Schrijf minimaal {count} woorden",
            MessageKey::SampleNameRequired => {
                "Vul voor alle hooimonsters een naam in voordat je verdergaat"
            }
            MessageKey::InvalidQuantity => "Dit is geen geldig aantal",
            MessageKey::StockLimited => "Er zijn nog maar {amount} stuks op voorraad",
            MessageKey::CompareLimitReached => "Je kunt maximaal {count} producten vergelijken",
            MessageKey::CompareAlreadyAdded => "Dit product staat al in je vergelijking",
            MessageKey::CartEmpty => "Je winkelwagen is leeg",
            MessageKey::BillingCountryMissing => "Kies het land van je factuuradres",
            MessageKey::ParcelShopMissing => "Kies een afhaalpunt",
            MessageKey::ParcelShopZipcodeOrCityMissing => {
                "Vul de postcode of plaats van het afhaalpunt in"
            }
            MessageKey::ShippingCountryMissing => "Kies het land van je afleveradres",
            MessageKey::OrderOnDutchSite => {
                "Met een Nederlands adres bestel je via onze Nederlandse website"
            }
            MessageKey::PaymentMethodMissing => "Kies een betaalmethode",
            MessageKey::FeedAdviceUndetermined => "Het voeradvies kan niet worden bepaald",
            MessageKey::SiloInterest => {
                "Voor jouw stal is levering in een silo misschien interessant"
            }
            MessageKey::RoughageHighSugar => {
                "Het suikergehalte is hoog: week het hooi of kies een suikerarm voer"
            }
            MessageKey::RoughageLowDryMatter => {
                "Het drogestofgehalte is laag: let goed op de opslag"
            }
            MessageKey::RoughageHygieneQuestionable => "De hygiënische kwaliteit is twijfelachtig",
            MessageKey::RoughageNotFitToFeed => "Dit ruwvoer is niet geschikt om te voeren",
        }
    }

    /// The parameter the text needs, if any.
    pub fn parameter(self) -> Option<Parameter> {
        match self {
            MessageKey::MaxLength
            | MessageKey::ReviewTooShort
            | MessageKey::CompareLimitReached => Some(Parameter::Count),
            MessageKey::StockLimited => Some(Parameter::Amount),
            _ => None,
        }
    }
}

impl fmt::Display for MessageKey {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The key's JSON string without its quotes (keys are plain ASCII: nothing is escaped);
        // written as text rather than through `serde_json::Value`, which the WASM build then
        // does not need to carry.
        let text = serde_json::to_string(self).unwrap_or_default();
        formatter.write_str(
            text.strip_prefix('"')
                .and_then(|text| text.strip_suffix('"'))
                .unwrap_or_default(),
        )
    }
}

/// The name of a message parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parameter {
    /// `{count}`: a number of characters, words or products.
    Count,
    /// `{amount}`: a number of pieces.
    Amount,
}

/// The parameters of a message; only the one its key needs is set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MessageParams {
    /// `{count}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u32>,
    /// `{amount}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<u32>,
}

impl MessageParams {
    fn is_empty(&self) -> bool {
        self.count.is_none() && self.amount.is_none()
    }
}

/// A user-visible message: a key and exactly the parameters its text needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(try_from = "UncheckedMessage")]
pub struct Message {
    key: MessageKey,
    #[serde(skip_serializing_if = "MessageParams::is_empty")]
    #[cfg_attr(feature = "typescript", tsify(optional))]
    params: MessageParams,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UncheckedMessage {
    key: MessageKey,
    #[serde(default)]
    params: MessageParams,
}

impl TryFrom<UncheckedMessage> for Message {
    type Error = InputError;

    fn try_from(unchecked: UncheckedMessage) -> Result<Message, InputError> {
        let UncheckedMessage { key, params } = unchecked;
        let message = match (key.parameter(), params) {
            (None, params) if params.is_empty() => Message::new(key),
            (
                Some(Parameter::Count),
                MessageParams {
                    count: Some(count),
                    amount: None,
                },
            ) => Message::with_count(key, count),
            (
                Some(Parameter::Amount),
                MessageParams {
                    count: None,
                    amount: Some(amount),
                },
            ) => Message::with_amount(key, amount),
            _ => None,
        };
        message.ok_or_else(|| {
            InputError::Invalid(format!(
                "message '{key}' needs exactly the parameters of its text"
            ))
        })
    }
}

impl Message {
    /// A message without parameters; `None` when the key needs one.
    pub fn new(key: MessageKey) -> Option<Message> {
        key.parameter().is_none().then_some(Message {
            key,
            params: MessageParams::default(),
        })
    }

    /// A message with `{count}`; `None` when the key takes no count.
    pub fn with_count(key: MessageKey, count: u32) -> Option<Message> {
        (key.parameter() == Some(Parameter::Count)).then_some(Message {
            key,
            params: MessageParams {
                count: Some(count),
                amount: None,
            },
        })
    }

    /// A message with `{amount}`; `None` when the key takes no amount.
    pub fn with_amount(key: MessageKey, amount: u32) -> Option<Message> {
        (key.parameter() == Some(Parameter::Amount)).then_some(Message {
            key,
            params: MessageParams {
                count: None,
                amount: Some(amount),
            },
        })
    }

    /// A message whose key is known to take no parameter (a constant of the engine).
    pub(crate) fn plain(key: MessageKey) -> Message {
        Message {
            key,
            params: MessageParams::default(),
        }
    }

    /// The key.
    pub fn key(&self) -> MessageKey {
        self.key
    }

    /// The parameters.
    pub fn params(&self) -> MessageParams {
        self.params
    }

    /// The Dutch source text with its parameter substituted.
    pub fn dutch_text(&self) -> String {
        let template = self.key.dutch_template();
        match (self.params.count, self.params.amount) {
            (Some(count), _) => template.replace("{count}", &count.to_string()),
            (_, Some(amount)) => template.replace("{amount}", &amount.to_string()),
            _ => template.to_owned(),
        }
    }
}

/// Output of `validation.message`: the message and its Dutch text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct MessageText {
    /// The key of the message.
    pub key: MessageKey,
    /// The Dutch source text with parameters substituted.
    pub text: String,
}

impl From<Message> for MessageText {
    fn from(message: Message) -> MessageText {
        MessageText {
            key: message.key,
            text: message.dutch_text(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_the_specification_and_substitutes_parameters() {
        let cases = [
            (
                Message::plain(MessageKey::Required),
                "Dit is een verplicht veld",
            ),
            (
                Message::with_count(MessageKey::MaxLength, 50).unwrap(),
                "Dit veld mag maximaal 50 tekens bevatten",
            ),
            (
                Message::plain(MessageKey::PasswordRequirements),
                "Minimaal 7 tekens, moet cijfers en letters bevatten",
            ),
            (
                Message::plain(MessageKey::PasswordMismatch),
                "Wachtwoorden komen niet overeen",
            ),
            (
                Message::with_amount(MessageKey::StockLimited, 3).unwrap(),
                "Er zijn nog maar 3 stuks op voorraad",
            ),
            (
                Message::with_count(MessageKey::ReviewTooShort, 5).unwrap(),
                "Schrijf minimaal 5 woorden",
            ),
            (
                Message::with_count(MessageKey::CompareLimitReached, 4).unwrap(),
                "Je kunt maximaal 4 producten vergelijken",
            ),
            (
                Message::plain(MessageKey::FeedAdviceUndetermined),
                "Het voeradvies kan niet worden bepaald",
            ),
        ];
        for (message, text) in cases {
            assert_eq!(message.dutch_text(), text);
        }
    }

    #[test]
    fn every_key_has_a_text_and_a_namespaced_name() {
        for key in MessageKey::ALL {
            assert!(!key.dutch_template().is_empty());
            let name = key.to_string();
            assert!(name.contains('.'), "{name}");
            let placeholders = key.dutch_template().matches('{').count();
            assert_eq!(
                placeholders,
                usize::from(key.parameter().is_some()),
                "{name}"
            );
        }
    }

    #[test]
    fn every_key_displays_as_its_json_string() {
        for key in MessageKey::ALL {
            assert_eq!(
                serde_json::to_value(key).unwrap(),
                serde_json::Value::String(key.to_string())
            );
        }
    }

    #[test]
    fn refuses_missing_or_extra_parameters() {
        assert_eq!(Message::new(MessageKey::MaxLength), None);
        assert_eq!(Message::with_count(MessageKey::Required, 1), None);
        assert_eq!(Message::with_amount(MessageKey::MaxLength, 1), None);
        for json in [
            r#"{"key":"validation.maxLength"}"#,
            r#"{"key":"validation.required","params":{"count":1}}"#,
            r#"{"key":"validation.stockLimited","params":{"count":1}}"#,
            r#"{"key":"validation.nope"}"#,
        ] {
            assert!(serde_json::from_str::<Message>(json).is_err(), "{json}");
        }
    }

    #[test]
    fn crosses_json_as_key_and_params() {
        let message = Message::with_count(MessageKey::MaxLength, 7).unwrap();
        let json = serde_json::to_string(&message).unwrap();
        assert_eq!(
            json,
            r#"{"key":"validation.maxLength","params":{"count":7}}"#
        );
        assert_eq!(serde_json::from_str::<Message>(&json).unwrap(), message);
        let plain = serde_json::to_string(&Message::plain(MessageKey::Required)).unwrap();
        assert_eq!(plain, r#"{"key":"validation.required"}"#);
    }
}
