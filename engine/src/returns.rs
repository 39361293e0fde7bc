//! Returns: why a customer sends goods back, and where the return stands.

use serde::{Deserialize, Serialize};

/// Why a customer sends an item back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum ReturnReason {
    /// Arrived damaged (a photo helps).
    Damaged,
    /// Not what was ordered.
    WrongItem,
    /// No longer needed.
    NotNeeded,
    /// Another reason, told in the comment.
    Other,
}

impl ReturnReason {
    /// Every reason, in the order the form offers them.
    pub const ALL: [ReturnReason; 4] = [
        ReturnReason::Damaged,
        ReturnReason::WrongItem,
        ReturnReason::NotNeeded,
        ReturnReason::Other,
    ];

    /// The label used in JSON, forms and the database.
    pub fn as_str(self) -> &'static str {
        match self {
            ReturnReason::Damaged => "damaged",
            ReturnReason::WrongItem => "wrongItem",
            ReturnReason::NotNeeded => "notNeeded",
            ReturnReason::Other => "other",
        }
    }

    /// The reason a label names.
    pub fn from_label(label: &str) -> Option<ReturnReason> {
        ReturnReason::ALL
            .into_iter()
            .find(|reason| reason.as_str() == label)
    }
}

/// Where a return stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum ReturnStatus {
    /// Registered by the customer, not handled yet.
    New,
    /// Being handled by customer service.
    Processing,
    /// Handled.
    Closed,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_reads_back_from_its_label_and_serde_agrees() {
        for reason in ReturnReason::ALL {
            assert_eq!(ReturnReason::from_label(reason.as_str()), Some(reason));
            assert_eq!(
                serde_json::to_string(&reason).unwrap(),
                format!("\"{}\"", reason.as_str())
            );
        }
        assert_eq!(ReturnReason::from_label("broken"), None);
    }
}
