//! The balancing advice: which products make up the roughage's shortfalls, and how much of
//! each a given horse needs.
//!
//! A nutrient is short when its value is below its target minimum (alert or take action). The
//! horse eats `weight x 1.5 %` kg of roughage dry matter a day (the least a horse
//! should eat), so the daily shortfall is `(min - value) x dry-matter intake` in the
//! nutrient's unit. Each short nutrient is assigned to the first product (in the given order)
//! that supplies it; a product's grams per day are the most any of its nutrients needs,
//! `shortfall / content per kg x 1000`, rounded like feed doses (to 10 g from 100 g up, to 1 g
//! below). Nutrients no product supplies are listed as unbalanced. Dry matter is no nutrient:
//! a low dry matter gives the storage notice of `roughage.classify` instead.

use std::collections::BTreeMap;

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::{
    DRY_MATTER, Deviation, Quantity, SampleType, TargetRange, classify_analytes,
    default_target_ranges,
};
use crate::error::EngineError;
use crate::feed::{MAX_WEIGHT_KG, MIN_WEIGHT_KG, round_grams};
use crate::ids::ProductId;

/// The roughage dry matter a horse eats a day, in % of body weight.
pub const DEFAULT_DRY_MATTER_INTAKE_PERCENT: Decimal = Decimal::from_parts(15, 0, 0, false, 1);

/// A balancing product (balancer, mineral supplement) and what it supplies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(
    feature = "typescript",
    derive(tsify::Tsify),
    tsify(missing_as_null, hashmap_as_object)
)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BalancingProduct {
    /// The product.
    pub product_id: ProductId,
    /// Content per kg of product, by analyte, in the analyte's unit (g or mg).
    pub supplies: BTreeMap<String, Quantity>,
}

/// Input of `roughage.advice`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(
    feature = "typescript",
    derive(tsify::Tsify),
    tsify(missing_as_null, hashmap_as_object)
)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RoughageAdviceRequest {
    /// The kind of sample.
    pub sample_type: SampleType,
    /// Quick-scan values by analyte, per kg dry matter.
    pub values: BTreeMap<String, Quantity>,
    /// Target ranges by analyte; the defaults for the sample type when absent.
    #[serde(default)]
    pub ranges: Option<BTreeMap<String, TargetRange>>,
    /// The horse's body weight, 50 to 1200 kg.
    pub weight_kg: u32,
    /// Roughage dry matter eaten a day in % of body weight; 1.5 when absent.
    #[serde(default)]
    pub dry_matter_intake_percent: Option<Quantity>,
    /// The balancing products to choose from, in order of preference.
    pub products: Vec<BalancingProduct>,
}

/// A nutrient's shortfall.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct Deficit {
    /// Below the minimum, per kg dry matter.
    pub per_kg_dry_matter: Quantity,
    /// Below the minimum per day for this horse (the per-kg shortfall x dry-matter intake).
    pub per_day: Quantity,
}

/// An advised balancing product.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct AdvisedBalancer {
    /// The product.
    pub product_id: ProductId,
    /// Grams per day for this horse.
    pub grams_per_day: u32,
    /// The short nutrients this product makes up.
    pub balances: Vec<String>,
}

/// Output of `roughage.advice`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(
    feature = "typescript",
    derive(tsify::Tsify),
    tsify(missing_as_null, hashmap_as_object)
)]
#[serde(rename_all = "camelCase")]
pub struct RoughageAdvice {
    /// Roughage dry matter the horse eats a day, kg.
    pub dry_matter_intake_kg: Quantity,
    /// Every short nutrient.
    pub deficits: BTreeMap<String, Deficit>,
    /// The advised products, in the order given.
    pub products: Vec<AdvisedBalancer>,
    /// Short nutrients that no product supplies.
    pub unbalanced: Vec<String>,
}

/// Computes the balancing advice; see the module documentation.
pub fn roughage_advice(request: &RoughageAdviceRequest) -> Result<RoughageAdvice, EngineError> {
    if !(MIN_WEIGHT_KG..=MAX_WEIGHT_KG).contains(&request.weight_kg) {
        return Err(EngineError::FeedAdviceUndetermined(format!(
            "weight {} kg is outside {MIN_WEIGHT_KG} to {MAX_WEIGHT_KG} kg",
            request.weight_kg
        )));
    }
    let intake_percent = request
        .dry_matter_intake_percent
        .map_or(DEFAULT_DRY_MATTER_INTAKE_PERCENT, |q| q.0);
    if intake_percent <= Decimal::ZERO || intake_percent > Decimal::ONE_HUNDRED {
        return Err(EngineError::out_of_range(
            "dryMatterIntakePercent",
            format!(
                "the dry-matter intake must be above 0 % and at most 100 %, not {intake_percent}"
            ),
        ));
    }
    // At most 1200 kg x 100 %: no overflow.
    let intake_kg =
        (Decimal::from(request.weight_kg) * intake_percent / Decimal::ONE_HUNDRED).normalize();
    let ranges = request
        .ranges
        .clone()
        .unwrap_or_else(|| default_target_ranges(request.sample_type));

    let mut deficits = BTreeMap::new();
    for (analyte, result) in classify_analytes(&request.values, &ranges) {
        let min = result.target.and_then(|target| target.min);
        if let (Some(Deviation::Low), Some(min)) = (result.deviation, min) {
            if analyte == DRY_MATTER {
                continue;
            }
            // The value (or the minimum) so far out that the shortfall does not fit a decimal is
            // refused, naming the larger of the two.
            let field = || {
                if result.value.0.abs() >= min.0.abs() {
                    format!("values.{analyte}")
                } else {
                    format!("ranges.{analyte}.min")
                }
            };
            let per_kg = min.0.checked_sub(result.value.0).ok_or_else(|| {
                EngineError::out_of_range(
                    field(),
                    format!(
                        "the shortfall {} minus {} does not fit a decimal",
                        min.0, result.value.0
                    ),
                )
            })?;
            let per_kg = per_kg.normalize();
            let per_day = per_kg.checked_mul(intake_kg).ok_or_else(|| {
                EngineError::out_of_range(
                    field(),
                    format!("the daily shortfall {per_kg} x {intake_kg} kg does not fit a decimal"),
                )
            })?;
            deficits.insert(
                analyte,
                Deficit {
                    per_kg_dry_matter: Quantity(per_kg),
                    per_day: Quantity(per_day.normalize()),
                },
            );
        }
    }

    let mut grams: BTreeMap<usize, (Decimal, Vec<String>)> = BTreeMap::new();
    let mut unbalanced = Vec::new();
    for (analyte, deficit) in &deficits {
        let supplier = request
            .products
            .iter()
            .enumerate()
            .find_map(|(index, product)| {
                product
                    .supplies
                    .get(analyte)
                    .filter(|content| content.0 > Decimal::ZERO)
                    .map(|content| (index, content.0))
            });
        match supplier {
            Some((index, content)) => {
                let needed = deficit
                    .per_day
                    .0
                    .checked_div(content)
                    .and_then(|kg| kg.checked_mul(Decimal::ONE_THOUSAND));
                let needed = needed.ok_or_else(|| {
                    EngineError::out_of_range(
                        format!("products[{index}].supplies.{analyte}"),
                        format!("the content {content} is too small: the grams for a shortfall of {} do not fit a decimal", deficit.per_day.0),
                    )
                })?;
                let entry = grams.entry(index).or_insert((Decimal::ZERO, Vec::new()));
                entry.0 = entry.0.max(needed);
                entry.1.push(analyte.clone());
            }
            None => unbalanced.push(analyte.clone()),
        }
    }
    let products = grams
        .into_iter()
        .map(|(index, (needed, balances))| AdvisedBalancer {
            product_id: request.products[index].product_id,
            grams_per_day: round_grams(needed),
            balances,
        })
        .collect();
    Ok(RoughageAdvice {
        dry_matter_intake_kg: Quantity(intake_kg),
        deficits,
        products,
        unbalanced,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quantities(pairs: &[(&str, &str)]) -> BTreeMap<String, Quantity> {
        pairs
            .iter()
            .map(|(name, value)| {
                (
                    (*name).to_owned(),
                    Quantity(Decimal::from_str_exact(value).unwrap()),
                )
            })
            .collect()
    }

    fn request(weight_kg: u32) -> RoughageAdviceRequest {
        RoughageAdviceRequest {
            sample_type: SampleType::Hay,
            // protein 20 g/kg DM short, calcium 1 g short, sodium 0.1 g short, zinc 10 mg short,
            // dry matter low (ignored), sugar high (no deficit).
            values: quantities(&[
                ("crudeProtein", "40"),
                ("calcium", "2"),
                ("sodium", "0.2"),
                ("zinc", "20"),
                ("dryMatter", "80"),
                ("sugar", "200"),
                ("potassium", "25"),
            ]),
            ranges: None,
            weight_kg,
            dry_matter_intake_percent: None,
            products: vec![
                BalancingProduct {
                    product_id: ProductId::new(10),
                    supplies: quantities(&[("crudeProtein", "300"), ("calcium", "20")]),
                },
                BalancingProduct {
                    product_id: ProductId::new(20),
                    supplies: quantities(&[
                        ("calcium", "150"),
                        ("zinc", "3000"),
                        ("selenium", "0"),
                    ]),
                },
            ],
        }
    }

    #[test]
    fn balances_each_shortfall_with_the_first_product_that_supplies_it() {
        let advice = roughage_advice(&request(600)).unwrap();
        // 600 kg x 1.5 % = 9 kg dry matter a day.
        assert_eq!(advice.dry_matter_intake_kg, Quantity(Decimal::from(9)));
        let per_day: Vec<(&str, String)> = advice
            .deficits
            .iter()
            .map(|(name, deficit)| (name.as_str(), deficit.per_day.0.to_string()))
            .collect();
        assert_eq!(
            per_day,
            [
                ("calcium", "9".to_owned()),
                ("crudeProtein", "180".to_owned()),
                ("sodium", "0.9".to_owned()),
                ("zinc", "90".to_owned())
            ]
        );
        // Product 10: protein 180 g / 300 g/kg = 600 g; calcium 9 g / 20 g/kg = 450 g -> 600 g.
        // Product 20: zinc 90 mg / 3000 mg/kg = 30 g.
        assert_eq!(
            advice.products,
            vec![
                AdvisedBalancer {
                    product_id: ProductId::new(10),
                    grams_per_day: 600,
                    balances: vec!["calcium".into(), "crudeProtein".into()]
                },
                AdvisedBalancer {
                    product_id: ProductId::new(20),
                    grams_per_day: 30,
                    balances: vec!["zinc".into()]
                },
            ]
        );
        assert_eq!(advice.unbalanced, ["sodium"]);
    }

    #[test]
    fn scales_with_the_horse_and_refuses_weights_outside_50_to_1200_kg() {
        let pony = roughage_advice(&request(300)).unwrap();
        assert_eq!(pony.products[0].grams_per_day, 300);
        assert_eq!(pony.products[1].grams_per_day, 15);
        for (weight, ok) in [(49, false), (50, true), (1200, true), (1201, false)] {
            assert_eq!(roughage_advice(&request(weight)).is_ok(), ok, "{weight}");
        }
    }

    #[test]
    fn refuses_what_overflows_naming_the_field_instead_of_panicking() {
        // Once a panic: a shortfall divided by a tiny content.
        let mut tiny = request(600);
        tiny.products[0].supplies = quantities(&[
            ("calcium", "0.0000000000000000000000000001"),
            ("crudeProtein", "300"),
        ]);
        let error = roughage_advice(&tiny).unwrap_err();
        assert_eq!(
            (error.code(), error.field()),
            ("invalid_input", Some("products[0].supplies.calcium"))
        );

        let mut far = request(600);
        far.values = quantities(&[("zinc", "-79228162514264337593543950335")]);
        assert_eq!(
            roughage_advice(&far).unwrap_err().field(),
            Some("values.zinc")
        );

        let mut high_minimum = request(600);
        high_minimum.values = quantities(&[("zinc", "-1")]);
        high_minimum.ranges = Some(
            [(
                "zinc".to_owned(),
                TargetRange {
                    min: Some(Quantity(Decimal::MAX)),
                    max: None,
                    alert_margin: None,
                },
            )]
            .into(),
        );
        assert_eq!(
            roughage_advice(&high_minimum).unwrap_err().field(),
            Some("ranges.zinc.min")
        );

        // The shortfall fits, the daily shortfall (x 9 kg) does not.
        let mut daily = request(600);
        daily.values = quantities(&[("zinc", "-9999999999999999999999999999")]);
        assert_eq!(
            roughage_advice(&daily).unwrap_err().field(),
            Some("values.zinc")
        );
    }

    #[test]
    fn the_intake_is_above_0_and_at_most_100_percent() {
        for (percent, ok) in [
            ("0", false),
            ("-1", false),
            ("0.0000000000000000000000000001", true),
            ("100", true),
            ("100.0000000000000000000000001", false),
            ("79228162514264337593543950335", false),
        ] {
            let mut horse = request(600);
            horse.dry_matter_intake_percent =
                Some(Quantity(Decimal::from_str_exact(percent).unwrap()));
            match roughage_advice(&horse) {
                Ok(_) => assert!(ok, "{percent}"),
                Err(error) => {
                    assert!(!ok, "{percent}");
                    assert_eq!(
                        (error.code(), error.field()),
                        ("invalid_input", Some("dryMatterIntakePercent")),
                        "{percent}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_sample_without_shortfalls_needs_no_product() {
        let mut good = request(600);
        good.values = quantities(&[("crudeProtein", "80"), ("calcium", "4")]);
        let advice = roughage_advice(&good).unwrap();
        assert!(
            advice.deficits.is_empty()
                && advice.products.is_empty()
                && advice.unbalanced.is_empty()
        );
    }
}
