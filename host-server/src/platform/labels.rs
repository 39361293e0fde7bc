//! Statuses and kinds stored as text (`pending`, `quickScan`, `activated`): read and written
//! through the enum's own serde names, so each label is spelled once, on its enum, and the
//! contract, the database and the code agree. A store row's column of such an enum is a
//! [`Label`]; a label that arrives another way is read with [`from_label`].

use serde::de::value::{Error as LabelError, StrDeserializer};
use serde::de::{DeserializeOwned, IntoDeserializer};
use serde::{Deserialize, Serialize};
use sqlx::Any;

use super::error::ApiError;

/// A column holding an enum's label, for `sqlx::FromRow` rows and binds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Label<T>(pub T);

/// The enum value a label names, by the enum's serde names.
fn parse<'a, T: Deserialize<'a>>(label: &'a str) -> Result<T, LabelError> {
    let deserializer: StrDeserializer<'a, LabelError> = label.into_deserializer();
    T::deserialize(deserializer)
}

/// The enum value a label names; an internal error names `what` when none does (the database
/// or a stored document holds a label no enum knows: a bug or a hand-edited row, not the
/// caller's fault).
pub fn from_label<'a, T: Deserialize<'a>>(what: &str, label: &'a str) -> Result<T, ApiError> {
    parse(label).map_err(|error| ApiError::Internal(format!("a stored {what} '{label}': {error}")))
}

/// The label an enum value is stored as.
pub fn label_of<T: Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(label)) => label,
        // Only unit variants of `rename_all` enums are labels; anything else is a programming
        // error that the tests of each enum's callers catch.
        other => format!("{other:?}"),
    }
}

impl<T> sqlx::Type<Any> for Label<T> {
    fn type_info() -> sqlx::any::AnyTypeInfo {
        <String as sqlx::Type<Any>>::type_info()
    }

    fn compatible(ty: &sqlx::any::AnyTypeInfo) -> bool {
        <String as sqlx::Type<Any>>::compatible(ty)
    }
}

impl<'q, T: Serialize> sqlx::Encode<'q, Any> for Label<T> {
    fn encode_by_ref(
        &self,
        buffer: &mut <Any as sqlx::Database>::ArgumentBuffer<'q>,
    ) -> Result<sqlx::encode::IsNull, sqlx::error::BoxDynError> {
        <String as sqlx::Encode<'q, Any>>::encode(label_of(&self.0), buffer)
    }
}

impl<'r, T: DeserializeOwned> sqlx::Decode<'r, Any> for Label<T> {
    fn decode(value: sqlx::any::AnyValueRef<'r>) -> Result<Label<T>, sqlx::error::BoxDynError> {
        let text = <String as sqlx::Decode<'r, Any>>::decode(value)?;
        Ok(Label(parse(&text)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::subscription::SubscriptionStatus;

    #[test]
    fn a_label_reads_back_as_the_value_it_was_written_from() {
        let label = label_of(&SubscriptionStatus::Activated);
        assert_eq!(label, "activated");
        let read: SubscriptionStatus = from_label("subscription status", &label).unwrap();
        assert_eq!(read, SubscriptionStatus::Activated);
    }

    #[test]
    fn an_unknown_label_is_an_internal_error_naming_it() {
        let error = from_label::<SubscriptionStatus>("subscription status", "running").unwrap_err();
        assert!(
            matches!(&error, ApiError::Internal(message) if message.contains("'running'")),
            "{error:?}"
        );
    }
}
