//! Silo delivery interest: offered to larger yards.

use serde::{Deserialize, Serialize};

use crate::validation::{Message, MessageKey};

/// Silo delivery interests a yard that needs more than this many kilograms of feed.
pub const FEED_KG_THRESHOLD: u32 = 1000;

/// From how many horses a site offers silo delivery.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub enum SiloThreshold {
    /// From 15 horses: every site but the two below.
    #[default]
    Standard,
    /// From 12 horses: the Belgian Dutch (nl-BE) site and one German site variant.
    Reduced,
}

impl SiloThreshold {
    /// The number of horses from which silo delivery is offered.
    pub fn horses(self) -> u32 {
        match self {
            SiloThreshold::Standard => 15,
            SiloThreshold::Reduced => 12,
        }
    }
}

/// Input of `feed.siloInterest`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SiloRequest {
    /// The number of horses on the yard.
    #[serde(default)]
    pub horses: u32,
    /// The kilograms of feed the yard needs (per delivery).
    #[serde(default)]
    pub feed_kg: u32,
    /// The site's threshold variant.
    #[serde(default)]
    pub threshold: SiloThreshold,
}

/// Output of `feed.siloInterest`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct SiloResult {
    /// True when silo delivery should be offered.
    pub interested: bool,
    /// True when the number of horses reaches the site's threshold.
    pub by_horses: bool,
    /// True when the feed is over 1000 kg.
    pub by_feed: bool,
    /// `feed.siloInterest` when interested.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<Message>,
}

/// Offers silo delivery from the site's number of horses (15, or 12) or over 1000 kg of feed.
pub fn silo_interest(request: &SiloRequest) -> SiloResult {
    let by_horses = request.horses >= request.threshold.horses();
    let by_feed = request.feed_kg > FEED_KG_THRESHOLD;
    let interested = by_horses || by_feed;
    SiloResult {
        interested,
        by_horses,
        by_feed,
        message: interested.then(|| Message::plain(MessageKey::SiloInterest)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offers_silo_delivery_from_the_thresholds() {
        use SiloThreshold::*;
        let cases = [
            (14, 0, Standard, false, false),
            (15, 0, Standard, true, false),
            (11, 0, Reduced, false, false),
            (12, 0, Reduced, true, false),
            (14, 1000, Standard, false, false),
            (0, 1001, Standard, false, true),
            (20, 5000, Reduced, true, true),
        ];
        for (horses, feed_kg, threshold, by_horses, by_feed) in cases {
            let result = silo_interest(&SiloRequest {
                horses,
                feed_kg,
                threshold,
            });
            assert_eq!(
                (result.by_horses, result.by_feed),
                (by_horses, by_feed),
                "{horses} {feed_kg} {threshold:?}"
            );
            assert_eq!(result.interested, by_horses || by_feed);
            assert_eq!(result.message.is_some(), result.interested);
        }
    }
}
