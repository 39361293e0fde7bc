//! Roughage scan results: the nutrient quick scan and the hygiene scan of hay and silage
//! samples, and the balancing advice.
//!
//! Target ranges and orientation values are data: defaults (typical horse targets, VDLUFA) are
//! given by [`default_target_ranges`] and [`default_orientation_values`], and every request may
//! pass its own (the fixtures hold them).

mod advice;
mod hygiene;
mod ranges;
mod ration;

use std::collections::BTreeMap;

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::error::EngineError;
use crate::locale::decimal_string;
use crate::validation::{Message, MessageKey};

pub use advice::{
    AdvisedBalancer, BalancingProduct, DEFAULT_DRY_MATTER_INTAKE_PERCENT, Deficit, RoughageAdvice,
    RoughageAdviceRequest, roughage_advice,
};
pub use hygiene::{
    CountLevel, GermResult, HygieneResult, classify_hygiene, count_level,
    default_orientation_values,
};
pub use ranges::{DRY_MATTER, SUGAR, default_target_ranges};
pub use ration::{
    ENERGY, NUTRIENTS, NutrientBalance, RationBalancer, RationCheck, RationCheckRequest,
    ration_check,
};

/// The share of a bound by which a value may miss it and still be "just outside" (alert):
/// 10 %, unless the range gives its own absolute `alertMargin`.
pub const ALERT_MARGIN_PERCENT: u32 = 10;

/// The kind of sample.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub enum SampleType {
    /// Hay.
    Hay,
    /// Silage, including haylage.
    Silage,
}

/// The three colour levels of the result meter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub enum Level {
    /// Inside the target range.
    Good,
    /// Just outside the target range.
    Alert,
    /// Far outside the target range.
    TakeAction,
}

/// A decimal that crosses JSON as a string (`"85.2"`).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(type = "string"))]
#[serde(transparent)]
pub struct Quantity(#[serde(with = "decimal_string")] pub Decimal);

/// The target range of an analyte; either bound may be open.
///
/// A value below `min` or above `max` is *just outside* (alert) while it misses the bound by
/// at most the alert margin, and *far outside* (take action) beyond it. The alert margin is
/// `alertMargin` when given, otherwise 10 % of the bound that is missed. Values exactly on a
/// bound are inside; values exactly on the margin are alert.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TargetRange {
    /// The lowest good value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<Quantity>,
    /// The highest good value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<Quantity>,
    /// How far outside a bound a value is still only an alert (absolute, same unit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alert_margin: Option<Quantity>,
}

/// Which side of its range a value misses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub enum Deviation {
    /// Below the minimum.
    Low,
    /// Above the maximum.
    High,
}

impl TargetRange {
    fn margin(&self, bound: Decimal) -> Decimal {
        self.alert_margin
            .map(|margin| margin.0.abs())
            .unwrap_or_else(|| {
                // 10 % of the bound; for a bound near the decimal range, where ten times it does not
                // fit, the same value divided by ten.
                let bound = bound.abs();
                bound
                    .checked_mul(Decimal::from(ALERT_MARGIN_PERCENT))
                    .map_or_else(
                        || bound / Decimal::TEN,
                        |tenfold| tenfold / Decimal::ONE_HUNDRED,
                    )
            })
    }

    /// Classifies a value against this range.
    ///
    /// Any decimals can be compared: a value so far outside that its distance to the bound
    /// does not fit a decimal is further away than any margin (take action).
    pub fn classify(&self, value: Decimal) -> (Level, Option<Deviation>) {
        let level = |distance: Option<Decimal>, bound: Decimal| match distance {
            Some(distance) if distance <= self.margin(bound) => Level::Alert,
            _ => Level::TakeAction,
        };
        match (self.min, self.max) {
            (Some(min), _) if value < min.0 => {
                (level(min.0.checked_sub(value), min.0), Some(Deviation::Low))
            }
            (_, Some(max)) if value > max.0 => (
                level(value.checked_sub(max.0), max.0),
                Some(Deviation::High),
            ),
            _ => (Level::Good, None),
        }
    }
}

/// One analyte's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct AnalyteResult {
    /// The measured value.
    pub value: Quantity,
    /// The target range it was compared with; `null` when there is none.
    pub target: Option<TargetRange>,
    /// The meter level; `null` when the analyte has no target range.
    pub level: Option<Level>,
    /// Which side of the range the value misses, if it does.
    pub deviation: Option<Deviation>,
}

/// The dry-matter score shown on the results page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct DryMatterScore {
    /// Dry matter, % of the fresh sample.
    pub dry_matter_percentage: Quantity,
    /// Moisture, 100 minus the dry matter.
    pub moisture_percentage: Quantity,
    /// The dry matter's level against its target range.
    pub level: Level,
}

/// Input of `roughage.classify`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(
    feature = "typescript",
    derive(tsify::Tsify),
    tsify(missing_as_null, hashmap_as_object)
)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ClassifyRequest {
    /// The kind of sample.
    pub sample_type: SampleType,
    /// Quick-scan values by analyte (`dryMatter` in %, nutrients per kg dry matter).
    #[serde(default)]
    pub values: BTreeMap<String, Quantity>,
    /// Target ranges by analyte; the defaults for the sample type when absent.
    #[serde(default)]
    pub ranges: Option<BTreeMap<String, TargetRange>>,
    /// Hygiene-scan counts by germ group, in colony-forming units per gram of fresh matter.
    #[serde(default)]
    pub germ_counts: Option<BTreeMap<String, u64>>,
    /// Orientation values by germ group; the defaults for the sample type when absent.
    #[serde(default)]
    pub orientation_values: Option<BTreeMap<String, u64>>,
}

/// Output of `roughage.classify`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(
    feature = "typescript",
    derive(tsify::Tsify),
    tsify(missing_as_null, hashmap_as_object)
)]
#[serde(rename_all = "camelCase")]
pub struct ClassifyResult {
    /// Every analyte's result.
    pub analytes: BTreeMap<String, AnalyteResult>,
    /// The dry-matter score, when dry matter was measured and has a target range.
    pub dry_matter: Option<DryMatterScore>,
    /// The hygiene result, when germ counts were given.
    pub hygiene: Option<HygieneResult>,
    /// Advice notices: `roughage.highSugar`, `roughage.lowDryMatter`,
    /// `roughage.hygieneQuestionable`, `roughage.notFitToFeed`.
    pub messages: Vec<Message>,
}

/// Classifies every analyte of a quick scan against its target range.
pub fn classify_analytes(
    values: &BTreeMap<String, Quantity>,
    ranges: &BTreeMap<String, TargetRange>,
) -> BTreeMap<String, AnalyteResult> {
    values
        .iter()
        .map(|(analyte, value)| {
            let target = ranges.get(analyte).copied();
            let (level, deviation) = match target {
                Some(range) => {
                    let (level, deviation) = range.classify(value.0);
                    (Some(level), deviation)
                }
                None => (None, None),
            };
            (
                analyte.clone(),
                AnalyteResult {
                    value: *value,
                    target,
                    level,
                    deviation,
                },
            )
        })
        .collect()
}

/// Classifies a sample's quick scan and hygiene scan.
pub fn classify(request: &ClassifyRequest) -> Result<ClassifyResult, EngineError> {
    let ranges = request
        .ranges
        .clone()
        .unwrap_or_else(|| default_target_ranges(request.sample_type));
    let analytes = classify_analytes(&request.values, &ranges);
    let dry_matter = match analytes.get(DRY_MATTER) {
        Some(AnalyteResult {
            value,
            level: Some(level),
            ..
        }) => {
            let moisture = Decimal::ONE_HUNDRED.checked_sub(value.0).ok_or_else(|| {
                let reason = format!(
                    "the moisture, 100 minus {}, does not fit a decimal",
                    value.0
                );
                EngineError::out_of_range(format!("values.{DRY_MATTER}"), reason)
            })?;
            Some(DryMatterScore {
                dry_matter_percentage: *value,
                moisture_percentage: Quantity(moisture),
                level: *level,
            })
        }
        _ => None,
    };
    let hygiene = match &request.germ_counts {
        Some(counts) => {
            let orientation = request
                .orientation_values
                .clone()
                .unwrap_or_else(|| default_orientation_values(request.sample_type));
            Some(classify_hygiene(counts, &orientation)?)
        }
        None => None,
    };
    let mut messages = Vec::new();
    let missed = |analyte: &str, side: Deviation| {
        analytes
            .get(analyte)
            .is_some_and(|result| result.deviation == Some(side))
    };
    if missed(SUGAR, Deviation::High) {
        messages.push(Message::plain(MessageKey::RoughageHighSugar));
    }
    if missed(DRY_MATTER, Deviation::Low) {
        messages.push(Message::plain(MessageKey::RoughageLowDryMatter));
    }
    match hygiene.as_ref().map(|hygiene| hygiene.quality_class) {
        Some(CountLevel::II | CountLevel::III) => {
            messages.push(Message::plain(MessageKey::RoughageHygieneQuestionable))
        }
        Some(CountLevel::IV) => messages.push(Message::plain(MessageKey::RoughageNotFitToFeed)),
        _ => {}
    }
    Ok(ClassifyResult {
        analytes,
        dry_matter,
        hygiene,
        messages,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quantity(text: &str) -> Quantity {
        Quantity(Decimal::from_str_exact(text).unwrap())
    }

    fn range(min: Option<&str>, max: Option<&str>) -> TargetRange {
        TargetRange {
            min: min.map(quantity),
            max: max.map(quantity),
            alert_margin: None,
        }
    }

    #[test]
    fn good_inside_alert_just_outside_take_action_far_outside() {
        use Level::*;
        let protein = range(Some("60"), Some("100"));
        let cases = [
            ("60", Good, None),
            ("100", Good, None),
            ("80", Good, None),
            ("59.9", Alert, Some(Deviation::Low)),
            ("54", Alert, Some(Deviation::Low)), // 60 - 10 %
            ("53.9", TakeAction, Some(Deviation::Low)),
            ("110", Alert, Some(Deviation::High)), // 100 + 10 %
            ("110.1", TakeAction, Some(Deviation::High)),
        ];
        for (value, level, deviation) in cases {
            assert_eq!(
                protein.classify(quantity(value).0),
                (level, deviation),
                "{value}"
            );
        }
        let with_margin = TargetRange {
            alert_margin: Some(quantity("1")),
            ..range(Some("86"), None)
        };
        assert_eq!(
            with_margin.classify(quantity("85").0),
            (Alert, Some(Deviation::Low))
        );
        assert_eq!(
            with_margin.classify(quantity("84.9").0),
            (TakeAction, Some(Deviation::Low))
        );
        assert_eq!(with_margin.classify(quantity("99").0), (Good, None));
    }

    #[test]
    fn classifies_a_hay_quick_scan_with_default_ranges() {
        let values = [
            ("dryMatter", "84.5"),
            ("crudeProtein", "58"),
            ("sugar", "160"),
            ("calcium", "2.5"),
            ("lignin", "50"),
        ]
        .into_iter()
        .map(|(name, value)| (name.to_owned(), quantity(value)))
        .collect();
        let request = ClassifyRequest {
            sample_type: SampleType::Hay,
            values,
            ranges: None,
            germ_counts: None,
            orientation_values: None,
        };
        let result = classify(&request).unwrap();
        let level = |name: &str| result.analytes[name].level;
        assert_eq!(level("dryMatter"), Some(Level::TakeAction)); // below 85: mould risk
        assert_eq!(level("crudeProtein"), Some(Level::Alert));
        assert_eq!(level("sugar"), Some(Level::Alert)); // 150 + 10 % = 165
        assert_eq!(level("calcium"), Some(Level::TakeAction)); // 3 - 10 % = 2.7
        assert_eq!(level("lignin"), None);
        let dry_matter = result.dry_matter.unwrap();
        assert_eq!(dry_matter.moisture_percentage, quantity("15.5"));
        let keys: Vec<MessageKey> = result.messages.iter().map(Message::key).collect();
        assert_eq!(
            keys,
            [
                MessageKey::RoughageHighSugar,
                MessageKey::RoughageLowDryMatter
            ]
        );
    }

    #[test]
    fn values_at_the_ends_of_the_decimal_range_are_classified_not_a_panic() {
        use Level::*;
        let protein = range(Some("60"), Some("100"));
        // Once a panic: the distance to the bound does not fit a decimal.
        assert_eq!(
            protein.classify(Decimal::MIN),
            (TakeAction, Some(Deviation::Low))
        );
        assert_eq!(
            protein.classify(Decimal::MAX),
            (TakeAction, Some(Deviation::High))
        );
        let far = range(
            Some("79228162514264337593543950335"),
            Some("79228162514264337593543950335"),
        );
        // Ten times the bound does not fit: the margin is a tenth of it all the same.
        assert_eq!(
            far.classify(quantity("71305346262837903834189555302").0),
            (Alert, Some(Deviation::Low))
        );
        assert_eq!(
            far.classify(quantity("71305346262837903834189555301").0),
            (TakeAction, Some(Deviation::Low))
        );
        assert_eq!(
            far.classify(Decimal::MIN),
            (TakeAction, Some(Deviation::Low))
        );
        let negative = range(
            Some("-79228162514264337593543950335"),
            Some("-79228162514264337593543950335"),
        );
        assert_eq!(
            negative.classify(Decimal::MAX),
            (TakeAction, Some(Deviation::High))
        );
        let tiny = TargetRange {
            alert_margin: Some(quantity("0.0000000000000000000000000001")),
            ..range(Some("0"), None)
        };
        assert_eq!(
            tiny.classify(quantity("-0.0000000000000000000000000001").0),
            (Alert, Some(Deviation::Low))
        );
        assert_eq!(
            tiny.classify(quantity("-0.0000000000000000000000000002").0),
            (TakeAction, Some(Deviation::Low))
        );
    }

    #[test]
    fn a_dry_matter_whose_moisture_overflows_is_refused_naming_it() {
        let request = |value: &str| ClassifyRequest {
            sample_type: SampleType::Hay,
            values: [(DRY_MATTER.to_owned(), quantity(value))]
                .into_iter()
                .collect(),
            ranges: None,
            germ_counts: None,
            orientation_values: None,
        };
        let error = classify(&request("-79228162514264337593543950335")).unwrap_err();
        assert_eq!(
            (error.code(), error.field()),
            ("invalid_input", Some("values.dryMatter"))
        );
        // The other end fits: 100 minus the largest decimal.
        let result = classify(&request("79228162514264337593543950335")).unwrap();
        assert_eq!(
            result.dry_matter.unwrap().moisture_percentage,
            quantity("-79228162514264337593543950235")
        );
        assert_eq!(
            classify(&request("-79228162514264337593543950235"))
                .unwrap()
                .analytes[DRY_MATTER]
                .level,
            Some(Level::TakeAction)
        );
    }

    #[test]
    fn silage_under_45_percent_dry_matter_needs_action() {
        let cases = [
            ("60", Level::Good),
            ("45", Level::Alert),
            ("44.9", Level::TakeAction),
            ("80", Level::Good),
        ];
        let ranges = default_target_ranges(SampleType::Silage);
        for (value, level) in cases {
            assert_eq!(
                ranges[DRY_MATTER].classify(quantity(value).0).0,
                level,
                "{value}"
            );
        }
    }
}
