//! The ids of the shop's records: one type per concept, shared by the engine, the server's
//! HTTP contract and its database rows, so a product id can never be passed where a variant id
//! belongs.
//!
//! An id is the database's integer key and crosses JSON as a plain number; the types add no
//! rule beyond equality and order. They hold an `i64` because that is what SQLite and
//! PostgreSQL store: the server reads and binds them without a fallible conversion.

use serde::{Deserialize, Serialize};

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
        #[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
        #[serde(transparent)]
        pub struct $name(i64);

        impl $name {
            /// The id with this database key.
            pub const fn new(key: i64) -> Self {
                Self(key)
            }

            /// The database key.
            pub const fn get(self) -> i64 {
                self.0
            }
        }

        impl From<i64> for $name {
            fn from(key: i64) -> Self {
                Self(key)
            }
        }

        impl From<$name> for i64 {
            fn from(id: $name) -> Self {
                id.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(formatter)
            }
        }

        impl std::str::FromStr for $name {
            type Err = std::num::ParseIntError;

            fn from_str(text: &str) -> Result<Self, Self::Err> {
                text.parse().map(Self)
            }
        }
    };
}

id_type!(
    /// A product's id: the article as the catalog shows it, with one or more variants.
    ProductId
);
id_type!(
    /// A product variant's id: what a cart line, an order line and the stock count.
    ProductVariantId
);
id_type!(
    /// A payment method's id.
    PaymentMethodId
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_crosses_json_as_a_plain_number() {
        let id = ProductVariantId::new(1101);
        assert_eq!(serde_json::to_string(&id).unwrap(), "1101");
        assert_eq!(
            serde_json::from_str::<ProductVariantId>("1101").unwrap(),
            id
        );
        assert_eq!(id.to_string(), "1101");
        assert_eq!("1101".parse::<ProductVariantId>().unwrap(), id);
        assert_eq!(i64::from(id), 1101);
    }

    #[test]
    fn an_id_is_not_text_or_a_fraction() {
        assert!(serde_json::from_str::<ProductId>("\"11\"").is_err());
        assert!(serde_json::from_str::<ProductId>("1.5").is_err());
        assert!("eleven".parse::<ProductId>().is_err());
    }
}
