//! The feed calculator and the silo
//! delivery interest.
//!
//! Each feed product carries a daily dose in grams per work load for the 600 kg reference
//! horse. The dose scales linearly with body weight; a pony without a weight is dosed as a
//! 300 kg horse, which gives half the dose. The advice rules (which products for which horse
//! type, work load and roughage type) are data, passed in from the fixtures.

mod silo;

use rust_decimal::{Decimal, RoundingStrategy};
use serde::{Deserialize, Serialize};

use crate::error::EngineError;
use crate::ids::ProductId;

pub use silo::{FEED_KG_THRESHOLD, SiloRequest, SiloResult, SiloThreshold, silo_interest};

/// The weight every product's dose is given for.
pub const REFERENCE_WEIGHT_KG: u32 = 600;
/// The lightest horse the calculator advises for.
pub const MIN_WEIGHT_KG: u32 = 50;
/// The heaviest horse the calculator advises for.
pub const MAX_WEIGHT_KG: u32 = 1200;
/// Feedings a day: the daily amount is split into this many portions.
pub const FEEDINGS_PER_DAY: u32 = 3;

/// The kind of animal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub enum HorseType {
    /// A horse; 600 kg when no weight is given.
    Horse,
    /// A pony; 300 kg when no weight is given (half the reference dose).
    Pony,
    /// A foal or young horse; 450 kg when no weight is given.
    YoungHorse,
    /// A senior horse; 550 kg when no weight is given.
    Senior,
    /// A broodmare; 600 kg when no weight is given.
    Broodmare,
}

impl HorseType {
    /// The weight used when the visitor gives none.
    pub fn default_weight_kg(self) -> u32 {
        match self {
            HorseType::Horse | HorseType::Broodmare => REFERENCE_WEIGHT_KG,
            HorseType::Pony => 300,
            HorseType::YoungHorse => 450,
            HorseType::Senior => 550,
        }
    }
}

/// How hard the horse works.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub enum WorkLoad {
    /// No work.
    None,
    /// Light work, under 5 hours a week.
    Light,
    /// Average work.
    Average,
    /// Heavy work, over 5 hours a week.
    Heavy,
}

/// The roughage the horse eats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub enum RoughageType {
    /// Hay.
    Hay,
    /// Haylage.
    Haylage,
    /// (Pre-wilted) silage.
    Silage,
    /// Pasture grass.
    Grass,
}

/// Which products to advise for which horses. An empty list matches every value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AdviceRule {
    /// The horse types the rule is for.
    #[serde(default)]
    pub horse_types: Vec<HorseType>,
    /// The work loads the rule is for.
    #[serde(default)]
    pub work_loads: Vec<WorkLoad>,
    /// The roughage types the rule is for.
    #[serde(default)]
    pub roughage_types: Vec<RoughageType>,
    /// The products to advise, in the order to show them.
    pub product_ids: Vec<ProductId>,
}

impl AdviceRule {
    /// True when the rule is for this horse.
    pub fn applies(
        &self,
        horse_type: HorseType,
        work_load: WorkLoad,
        roughage_type: RoughageType,
    ) -> bool {
        fn any_or<T: PartialEq>(list: &[T], value: &T) -> bool {
            list.is_empty() || list.contains(value)
        }
        any_or(&self.horse_types, &horse_type)
            && any_or(&self.work_loads, &work_load)
            && any_or(&self.roughage_types, &roughage_type)
    }
}

/// Grams per day per work load for the 600 kg reference horse.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Dosage {
    /// Without work.
    pub none: u32,
    /// In light work.
    pub light: u32,
    /// In average work.
    pub average: u32,
    /// In heavy work.
    pub heavy: u32,
}

impl Dosage {
    /// The dose for a work load.
    pub fn for_work_load(self, work_load: WorkLoad) -> u32 {
        match work_load {
            WorkLoad::None => self.none,
            WorkLoad::Light => self.light,
            WorkLoad::Average => self.average,
            WorkLoad::Heavy => self.heavy,
        }
    }
}

/// A feed product's dosing data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FeedProduct {
    /// The product.
    pub product_id: ProductId,
    /// Grams per day per work load for the 600 kg reference horse.
    pub dosage: Dosage,
    /// The grams one scoop holds, if the product comes with a scoop.
    #[serde(default)]
    pub scoop_grams: Option<u32>,
    /// The grams in one pack, if sold in packs.
    #[serde(default)]
    pub pack_grams: Option<u32>,
}

/// Input of `feed.advice`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FeedAdviceRequest {
    /// The kind of animal.
    pub horse_type: HorseType,
    /// The body weight in kg; the horse type's default weight when absent.
    #[serde(default)]
    pub weight_kg: Option<u32>,
    /// The work load.
    pub work_load: WorkLoad,
    /// The roughage fed.
    pub roughage_type: RoughageType,
    /// The advice rules, in priority order: the first rule that applies is used.
    pub rules: Vec<AdviceRule>,
    /// The dosing data of (at least) every product the rules name.
    pub products: Vec<FeedProduct>,
}

/// One advised product.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct AdvisedProduct {
    /// The product.
    pub product_id: ProductId,
    /// Grams per day: to 10 g from 100 g up, to 1 g below.
    pub grams_per_day: u32,
    /// Grams per feeding at 3 feedings a day, to 1 g.
    pub grams_per_portion: u32,
    /// Scoops per day, to a half scoop (`"2.5"`); `null` without a scoop size.
    pub scoops_per_day: Option<String>,
    /// Whole days one pack lasts; `null` without a pack size.
    pub days_per_pack: Option<u32>,
}

/// Output of `feed.advice`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct FeedAdvice {
    /// The weight the advice was computed for.
    pub weight_kg: u32,
    /// The advised products, in the rule's order.
    pub products: Vec<AdvisedProduct>,
}

/// Rounds grams: to 10 g from 100 g up, to 1 g below (half away from zero). Amounts beyond
/// `u32` give `u32::MAX`.
pub fn round_grams(grams: Decimal) -> u32 {
    let strategy = RoundingStrategy::MidpointAwayFromZero;
    let rounded = if grams >= Decimal::ONE_HUNDRED {
        // Near the end of the decimal range the tens, times ten, do not fit: far beyond u32.
        match (grams / Decimal::TEN)
            .round_dp_with_strategy(0, strategy)
            .checked_mul(Decimal::TEN)
        {
            Some(rounded) => rounded,
            None => return u32::MAX,
        }
    } else {
        grams.round_dp_with_strategy(0, strategy)
    };
    u32::try_from(rounded.normalize().mantissa()).unwrap_or(u32::MAX)
}

/// The daily grams of a product for a weight: `dose * weight / 600`, rounded by [`round_grams`].
pub fn grams_per_day(reference_dose: u32, weight_kg: u32) -> u32 {
    round_grams(
        Decimal::from(reference_dose) * Decimal::from(weight_kg)
            / Decimal::from(REFERENCE_WEIGHT_KG),
    )
}

/// Scoops for a daily amount, to the nearest half scoop (half away from zero), e.g. `"2.5"`.
pub fn scoops(grams: u32, scoop_grams: u32) -> Option<String> {
    if scoop_grams == 0 {
        return None;
    }
    let halves = (Decimal::from(grams) * Decimal::TWO / Decimal::from(scoop_grams))
        .round_dp_with_strategy(0, RoundingStrategy::MidpointAwayFromZero);
    Some((halves / Decimal::TWO).normalize().to_string())
}

/// Computes the feed advice; [`EngineError::FeedAdviceUndetermined`] when the weight is outside
/// 50 to 1200 kg, no rule applies, or every advised product has no dose for the work load.
/// Products with a dose of 0 g for the work load are left out.
pub fn feed_advice(request: &FeedAdviceRequest) -> Result<FeedAdvice, EngineError> {
    let weight_kg = request
        .weight_kg
        .unwrap_or(request.horse_type.default_weight_kg());
    if !(MIN_WEIGHT_KG..=MAX_WEIGHT_KG).contains(&weight_kg) {
        return Err(EngineError::FeedAdviceUndetermined(format!(
            "weight {weight_kg} kg is outside {MIN_WEIGHT_KG} to {MAX_WEIGHT_KG} kg"
        )));
    }
    let rule = request
        .rules
        .iter()
        .find(|rule| rule.applies(request.horse_type, request.work_load, request.roughage_type))
        .ok_or_else(|| EngineError::FeedAdviceUndetermined("no advice rule applies".into()))?;
    let mut products = Vec::with_capacity(rule.product_ids.len());
    for product_id in &rule.product_ids {
        let product = request
            .products
            .iter()
            .find(|product| product.product_id == *product_id)
            .ok_or_else(|| {
                EngineError::InvalidInput(format!("no dosage for advised product {product_id}"))
            })?;
        let grams = grams_per_day(product.dosage.for_work_load(request.work_load), weight_kg);
        if grams == 0 {
            continue;
        }
        products.push(AdvisedProduct {
            product_id: *product_id,
            grams_per_day: grams,
            grams_per_portion: round_grams_to_one(
                Decimal::from(grams) / Decimal::from(FEEDINGS_PER_DAY),
            ),
            scoops_per_day: product.scoop_grams.and_then(|scoop| scoops(grams, scoop)),
            days_per_pack: product.pack_grams.map(|pack| pack / grams),
        });
    }
    if products.is_empty() {
        return Err(EngineError::FeedAdviceUndetermined(
            "no advised product has a dose for this work load".into(),
        ));
    }
    Ok(FeedAdvice {
        weight_kg,
        products,
    })
}

fn round_grams_to_one(grams: Decimal) -> u32 {
    let rounded = grams.round_dp_with_strategy(0, RoundingStrategy::MidpointAwayFromZero);
    u32::try_from(rounded.normalize().mantissa()).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn product(product_id: i64, dose: u32, scoop: Option<u32>, pack: Option<u32>) -> FeedProduct {
        FeedProduct {
            product_id: ProductId::new(product_id),
            dosage: Dosage {
                none: dose / 2,
                light: dose,
                average: dose * 3 / 2,
                heavy: dose * 2,
            },
            scoop_grams: scoop,
            pack_grams: pack,
        }
    }

    fn request(horse_type: HorseType, weight_kg: Option<u32>) -> FeedAdviceRequest {
        FeedAdviceRequest {
            horse_type,
            weight_kg,
            work_load: WorkLoad::Light,
            roughage_type: RoughageType::Hay,
            rules: vec![
                AdviceRule {
                    horse_types: vec![HorseType::Horse, HorseType::Pony],
                    work_loads: vec![WorkLoad::Light],
                    roughage_types: vec![RoughageType::Hay],
                    product_ids: vec![ProductId::new(1), ProductId::new(2)],
                },
                AdviceRule {
                    horse_types: vec![],
                    work_loads: vec![],
                    roughage_types: vec![RoughageType::Grass],
                    product_ids: vec![ProductId::new(2)],
                },
            ],
            products: vec![
                product(1, 1000, Some(500), Some(20_000)),
                product(2, 100, None, Some(3_000)),
            ],
        }
    }

    #[test]
    fn rounds_to_ten_grams_from_one_hundred_and_to_one_gram_below() {
        let cases = [
            ("99.4", 99),
            ("99.5", 100),
            ("100", 100),
            ("104.9", 100),
            ("105", 110),
            ("1234.5", 1230),
            ("1235", 1240),
            ("0.4", 0),
            ("0.5", 1),
            ("55.5", 56),
        ];
        for (grams, expected) in cases {
            assert_eq!(
                round_grams(Decimal::from_str_exact(grams).unwrap()),
                expected,
                "{grams}"
            );
        }
        // Once a panic: the tens of the largest decimal, rounded up, times ten.
        assert_eq!(round_grams(Decimal::MAX), u32::MAX);
        assert_eq!(round_grams(Decimal::from(u32::MAX)), u32::MAX);
        assert_eq!(
            round_grams(Decimal::from_str_exact("4294967290").unwrap()),
            4_294_967_290
        );
    }

    #[test]
    fn scales_linearly_with_weight() {
        let cases = [
            (1000, 600, 1000),
            (1000, 300, 500),
            (1000, 450, 750),
            (1000, 50, 83),
            (1000, 1200, 2000),
            (100, 500, 83),
            (250, 575, 240),
        ];
        for (dose, weight, expected) in cases {
            assert_eq!(
                grams_per_day(dose, weight),
                expected,
                "{dose} g at {weight} kg"
            );
        }
    }

    #[test]
    fn counts_scoops_to_a_half() {
        let cases = [
            (1000, 500, "2"),
            (750, 500, "1.5"),
            (870, 500, "1.5"),
            (880, 500, "2"),
            (875, 500, "2"),
            (1125, 500, "2.5"),
            (100, 500, "0"),
            (125, 500, "0.5"),
        ];
        for (grams, scoop, expected) in cases {
            assert_eq!(
                scoops(grams, scoop).as_deref(),
                Some(expected),
                "{grams} / {scoop}"
            );
        }
        assert_eq!(scoops(100, 0), None);
    }

    #[test]
    fn advises_every_product_of_the_first_rule_that_applies() {
        let advice = feed_advice(&request(HorseType::Horse, Some(600))).unwrap();
        assert_eq!(advice.weight_kg, 600);
        assert_eq!(
            advice.products,
            vec![
                AdvisedProduct {
                    product_id: ProductId::new(1),
                    grams_per_day: 1000,
                    grams_per_portion: 333,
                    scoops_per_day: Some("2".into()),
                    days_per_pack: Some(20)
                },
                AdvisedProduct {
                    product_id: ProductId::new(2),
                    grams_per_day: 100,
                    grams_per_portion: 33,
                    scoops_per_day: None,
                    days_per_pack: Some(30)
                },
            ]
        );
    }

    #[test]
    fn doses_a_pony_as_a_300_kg_horse_by_default() {
        let advice = feed_advice(&request(HorseType::Pony, None)).unwrap();
        assert_eq!(advice.weight_kg, 300);
        assert_eq!(advice.products[0].grams_per_day, 500);
        assert_eq!(advice.products[0].grams_per_portion, 167);
        assert_eq!(advice.products[0].scoops_per_day.as_deref(), Some("1"));
        assert_eq!(advice.products[0].days_per_pack, Some(40));
        assert_eq!(advice.products[1].grams_per_day, 50);
        assert_eq!(advice.products[1].days_per_pack, Some(60));
        let young = feed_advice(&request(HorseType::YoungHorse, None));
        assert_eq!(young.unwrap_err().code(), "feed_advice_undetermined"); // no rule for it
        let weighed = feed_advice(&request(HorseType::Pony, Some(250))).unwrap();
        assert_eq!(weighed.products[0].grams_per_day, 420); // 416.67
    }

    #[test]
    fn every_horse_type_has_its_default_weight() {
        let weights = [
            (HorseType::Horse, 600),
            (HorseType::Pony, 300),
            (HorseType::YoungHorse, 450),
            (HorseType::Senior, 550),
            (HorseType::Broodmare, 600),
        ];
        for (horse_type, weight) in weights {
            assert_eq!(horse_type.default_weight_kg(), weight, "{horse_type:?}");
        }
        let json = serde_json::to_string(&HorseType::YoungHorse).unwrap();
        assert_eq!(json, "\"youngHorse\"");
    }

    #[test]
    fn weight_must_be_50_to_1200_kg() {
        let cases = [
            (49, false),
            (50, true),
            (1200, true),
            (1201, false),
            (0, false),
        ];
        for (weight, ok) in cases {
            let outcome = feed_advice(&request(HorseType::Horse, Some(weight)));
            match outcome {
                Ok(_) => assert!(ok, "{weight}"),
                Err(error) => {
                    assert!(!ok, "{weight}");
                    assert_eq!(error.code(), "feed_advice_undetermined");
                }
            }
        }
    }

    #[test]
    fn no_rule_or_no_dose_is_undetermined() {
        let mut no_rule = request(HorseType::Horse, None);
        no_rule.roughage_type = RoughageType::Silage;
        assert_eq!(
            feed_advice(&no_rule).unwrap_err().code(),
            "feed_advice_undetermined"
        );

        let mut grass = request(HorseType::Horse, None);
        grass.roughage_type = RoughageType::Grass;
        grass.work_load = WorkLoad::Heavy;
        assert_eq!(
            feed_advice(&grass).unwrap().products[0].product_id,
            ProductId::new(2)
        );

        let mut no_dose = grass.clone();
        no_dose.products[1].dosage.heavy = 0;
        assert_eq!(
            feed_advice(&no_dose).unwrap_err().code(),
            "feed_advice_undetermined"
        );

        let mut unknown = grass;
        unknown.products.clear();
        assert_eq!(feed_advice(&unknown).unwrap_err().code(), "invalid_input");
    }
}
