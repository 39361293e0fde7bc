//! The hygiene scan: germ counts against orientation values (VDLUFA method, 2023 version).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{Level, SampleType};
use crate::error::EngineError;

/// A count level per germ group, and the overall quality class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
pub enum CountLevel {
    /// At or below the orientation value; as quality class: unobjectionable.
    I,
    /// Up to 5 times the orientation value; as class: questionable for young animals and horses.
    II,
    /// Over 5 and up to 10 times; as class: questionable for all animals.
    III,
    /// Over 10 times; as class: not fit to feed.
    IV,
}

impl CountLevel {
    /// The result meter's level: I good, II alert, III and IV take action.
    pub fn level(self) -> Level {
        match self {
            CountLevel::I => Level::Good,
            CountLevel::II => Level::Alert,
            CountLevel::III | CountLevel::IV => Level::TakeAction,
        }
    }
}

/// The count level of a count: I at or below the orientation value (OW), II up to 5 x OW,
/// III up to 10 x OW, IV above 10 x OW.
pub fn count_level(count: u64, orientation_value: u64) -> CountLevel {
    let count = u128::from(count);
    let orientation_value = u128::from(orientation_value);
    if count <= orientation_value {
        CountLevel::I
    } else if count <= 5 * orientation_value {
        CountLevel::II
    } else if count <= 10 * orientation_value {
        CountLevel::III
    } else {
        CountLevel::IV
    }
}

/// The default orientation values in cfu per gram of fresh matter.
///
/// Hay, VDLUFA: fieldBacteria 30,000,000; bacillusStaphylococcus 2,000,000; streptomyces
/// 150,000; fieldMoulds 200,000; aspergillusPenicillium 100,000; mucorales 5,000; yeasts
/// 150,000. Silage and haylage use the simpler limits yeasts 10,000 and spoilageMoulds 1,000,
/// taken as orientation values (a count equal to the limit is level I).
pub fn default_orientation_values(sample_type: SampleType) -> BTreeMap<String, u64> {
    let table: &[(&str, u64)] = match sample_type {
        SampleType::Hay => &[
            ("fieldBacteria", 30_000_000),
            ("bacillusStaphylococcus", 2_000_000),
            ("streptomyces", 150_000),
            ("fieldMoulds", 200_000),
            ("aspergillusPenicillium", 100_000),
            ("mucorales", 5_000),
            ("yeasts", 150_000),
        ],
        SampleType::Silage => &[("yeasts", 10_000), ("spoilageMoulds", 1_000)],
    };
    table
        .iter()
        .map(|(group, value)| ((*group).to_owned(), *value))
        .collect()
}

/// One germ group's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct GermResult {
    /// The count, cfu per gram.
    pub count: u64,
    /// The group's orientation value.
    pub orientation_value: u64,
    /// The count level.
    pub count_level: CountLevel,
}

/// The hygiene scan's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(
    feature = "typescript",
    derive(tsify::Tsify),
    tsify(missing_as_null, hashmap_as_object)
)]
#[serde(rename_all = "camelCase")]
pub struct HygieneResult {
    /// Every germ group's result.
    pub groups: BTreeMap<String, GermResult>,
    /// The overall quality class: the highest count level of any group (I when no counts).
    pub quality_class: CountLevel,
    /// The result meter's level of the quality class.
    pub level: Level,
}

/// Classifies germ counts; a count for a group without an orientation value is invalid input.
pub fn classify_hygiene(
    counts: &BTreeMap<String, u64>,
    orientation_values: &BTreeMap<String, u64>,
) -> Result<HygieneResult, EngineError> {
    let mut groups = BTreeMap::new();
    for (group, count) in counts {
        let orientation_value = *orientation_values.get(group).ok_or_else(|| {
            EngineError::InvalidInput(format!("no orientation value for germ group '{group}'"))
        })?;
        if orientation_value == 0 {
            return Err(EngineError::InvalidInput(format!(
                "orientation value of '{group}' is 0"
            )));
        }
        let count_level = count_level(*count, orientation_value);
        groups.insert(
            group.clone(),
            GermResult {
                count: *count,
                orientation_value,
                count_level,
            },
        );
    }
    let quality_class = groups
        .values()
        .map(|result| result.count_level)
        .max()
        .unwrap_or(CountLevel::I);
    Ok(HygieneResult {
        groups,
        quality_class,
        level: quality_class.level(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count_levels_at_one_five_and_ten_times_the_orientation_value() {
        let cases = [
            (0, CountLevel::I),
            (5_000, CountLevel::I),
            (5_001, CountLevel::II),
            (25_000, CountLevel::II),
            (25_001, CountLevel::III),
            (50_000, CountLevel::III),
            (50_001, CountLevel::IV),
        ];
        for (count, expected) in cases {
            assert_eq!(count_level(count, 5_000), expected, "{count}");
        }
    }

    #[test]
    fn the_quality_class_is_the_worst_count_level() {
        let orientation = default_orientation_values(SampleType::Hay);
        let counts: BTreeMap<String, u64> = [
            ("fieldBacteria", 20_000_000),
            ("mucorales", 30_000),
            ("yeasts", 150_000),
        ]
        .into_iter()
        .map(|(group, count)| (group.to_owned(), count))
        .collect();
        let result = classify_hygiene(&counts, &orientation).unwrap();
        assert_eq!(result.groups["fieldBacteria"].count_level, CountLevel::I);
        assert_eq!(result.groups["mucorales"].count_level, CountLevel::III);
        assert_eq!(result.quality_class, CountLevel::III);
        assert_eq!(result.level, Level::TakeAction);

        let clean = classify_hygiene(&BTreeMap::new(), &orientation).unwrap();
        assert_eq!(
            (clean.quality_class, clean.level),
            (CountLevel::I, Level::Good)
        );

        let unknown: BTreeMap<String, u64> = [("lactobacilli".to_owned(), 1)].into_iter().collect();
        assert!(classify_hygiene(&unknown, &orientation).is_err());
    }

    #[test]
    fn silage_uses_the_simple_limits() {
        let orientation = default_orientation_values(SampleType::Silage);
        let counts: BTreeMap<String, u64> = [
            ("yeasts".to_owned(), 10_000),
            ("spoilageMoulds".to_owned(), 1_001),
        ]
        .into_iter()
        .collect();
        let result = classify_hygiene(&counts, &orientation).unwrap();
        assert_eq!(result.groups["yeasts"].count_level, CountLevel::I);
        assert_eq!(result.quality_class, CountLevel::II);
        assert_eq!(result.level, Level::Alert);
    }
}
