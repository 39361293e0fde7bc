//! The ration check (operation `ration.check`): a horse's daily need for energy, protein and the key
//! minerals (NRC 2007) against what its roughage supplies at the fed amount of dry matter, and
//! the dose of a balancer that closes the gap.
//!
//! # Where each figure comes from
//!
//! The shop's work loads map to NRC 2007's exercise classes: none = maintenance (average),
//! light = light exercise, average = moderate exercise, heavy = heavy exercise.
//! "NRC 2007" is National Research Council, *Nutrient Requirements of Horses*, 6th revised
//! edition (2007), Table 16-3, "Daily nutrient requirements of horses (mature body weight of 500 kg)".
//!
//! | Need per day | none | light | average | heavy | Source |
//! |---|---|---|---|---|---|
//! | Digestible energy, Mcal per kg body weight | 0.0333 | x 1.2 | x 1.4 | x 1.6 | NRC 2007 (maintenance DE, approximate DE multipliers) |
//! | Crude protein, g for 500 kg | 630 (1.26 g/kg) | 699 | **768** | **862** | 630 and 699: NRC 2007 (maintenance, light work); **768 and 862: NRC 2007 Table 16-3, rows moderate and heavy exercise, column crude protein** |
//! | Calcium, g per 100 kg | 4.0 | 6.0 | 7.0 | 8.0 | NRC 2007 |
//! | Phosphorus, g per 100 kg | 2.8 | 3.6 | 4.2 | 5.8 | NRC 2007 |
//! | Magnesium, g per 100 kg | 1.5 | 1.9 | 2.3 | 3.0 | NRC 2007 |
//!
//! Derived here, not read anywhere: energy in MJ (1 Mcal = 4.184 MJ, the thermochemical
//! calorie); protein per kg body weight as the 500 kg figure / 500 (699 / 500 = 1.398,
//! 768 / 500 = 1.536, 862 / 500 = 1.724 g per kg), so every need is linear in body weight, as
//! NRC 2007 says of maintenance energy (a 600 kg horse in average work: 921.6 g).
//! For a check against the same table: 500 kg gives 19.98, 23.31 and 26.64 Mcal for light,
//! average and heavy work, where Table 16-3 lists 20.0, 23.3 and 26.6 Mcal.
//!
//! # The check
//!
//! The roughage supplies its content per kg dry matter times the dry matter eaten: 1.5 % of
//! body weight unless given (at most 2.5 %). A balancer (content per kg as fed) is dosed to close
//! every gap it supplies, rounded up to 10 g; energy is never closed by a balancer. Amounts are
//! shown to 0.1 (half away from zero), the coverage in whole percent; gaps are computed before
//! rounding.

use std::collections::BTreeMap;

use rust_decimal::{Decimal, RoundingStrategy};
use serde::{Deserialize, Serialize};

use super::{BalancingProduct, Quantity};
use crate::error::EngineError;
use crate::feed::{MAX_WEIGHT_KG, MIN_WEIGHT_KG, WorkLoad};
use crate::ids::ProductId;

/// Digestible energy in MJ per kg dry matter.
pub const ENERGY: &str = "digestibleEnergyMj";
/// The nutrients checked, in the order shown, with their units.
pub const NUTRIENTS: [(&str, &str); 5] = [
    (ENERGY, "MJ"),
    ("crudeProtein", "g"),
    ("calcium", "g"),
    ("phosphorus", "g"),
    ("magnesium", "g"),
];

/// Input of `ration.check`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(
    feature = "typescript",
    derive(tsify::Tsify),
    tsify(missing_as_null, hashmap_as_object)
)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RationCheckRequest {
    /// Body weight, 50 to 1200 kg.
    pub weight_kg: u32,
    /// The work load.
    pub work_load: WorkLoad,
    /// The roughage's content per kg dry matter: `digestibleEnergyMj` (MJ), `crudeProtein`,
    /// `calcium`, `phosphorus`, `magnesium` (g). A missing nutrient supplies nothing.
    pub roughage: BTreeMap<String, Quantity>,
    /// Roughage dry matter eaten a day in % of body weight (above 0, at most 2.5); 1.5 when absent.
    #[serde(default)]
    pub dry_matter_intake_percent: Option<Quantity>,
    /// Balancers to choose from, in order of preference (content per kg as fed).
    #[serde(default)]
    pub balancers: Vec<BalancingProduct>,
}

/// One nutrient's need and supply per day.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct NutrientBalance {
    /// The nutrient.
    pub nutrient: String,
    /// `MJ` or `g`.
    pub unit: String,
    /// What the horse needs a day.
    pub need: Quantity,
    /// What the roughage supplies a day.
    pub supply: Quantity,
    /// Need minus supply when the roughage falls short, else 0.
    pub gap: Quantity,
    /// Supply as a whole percentage of the need.
    pub covered_percent: u32,
}

/// The advised balancer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct RationBalancer {
    /// The product.
    pub product_id: ProductId,
    /// Grams per day, rounded up to 10 g.
    pub grams_per_day: u32,
    /// The short nutrients it closes.
    pub balances: Vec<String>,
}

/// Output of `ration.check`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct RationCheck {
    /// Roughage dry matter eaten a day, kg.
    pub dry_matter_intake_kg: Quantity,
    /// Every nutrient, in the order of [`NUTRIENTS`].
    pub nutrients: Vec<NutrientBalance>,
    /// The first balancer that supplies a short nutrient; `null` when nothing is short (but
    /// energy) or no balancer helps.
    pub balancer: Option<RationBalancer>,
    /// Short nutrients the balancer does not close (energy always: more roughage or a
    /// concentrate).
    pub unbalanced: Vec<String>,
}

fn decimal(text: &str) -> Decimal {
    Decimal::from_str_exact(text).unwrap_or_default()
}

/// The daily need of a nutrient: the figures of the module documentation's table, by work load
/// (none, light, average, heavy).
fn need(nutrient: &str, weight: Decimal, work_load: WorkLoad) -> Decimal {
    let hundreds = weight / Decimal::ONE_HUNDRED;
    let by_load = |none: &str, light: &str, average: &str, heavy: &str| {
        decimal(match work_load {
            WorkLoad::None => none,
            WorkLoad::Light => light,
            WorkLoad::Average => average,
            WorkLoad::Heavy => heavy,
        })
    };
    match nutrient {
        ENERGY => decimal("0.0333") * weight * by_load("1", "1.2", "1.4", "1.6") * decimal("4.184"),
        // g per kg body weight: 630, 699, 768 and 862 g for 500 kg, divided by 500. 630 and 699
        // are NRC 2007's maintenance and light-work figures; 768 and 862 are its Table 16-3's
        // (moderate and heavy exercise).
        "crudeProtein" => weight * by_load("1.26", "1.398", "1.536", "1.724"),
        "calcium" => hundreds * by_load("4.0", "6.0", "7.0", "8.0"),
        "phosphorus" => hundreds * by_load("2.8", "3.6", "4.2", "5.8"),
        "magnesium" => hundreds * by_load("1.5", "1.9", "2.3", "3.0"),
        _ => Decimal::ZERO,
    }
}

/// `a * b`, or invalid input when it does not fit (contents far beyond any feed).
fn times(a: Decimal, b: Decimal) -> Result<Decimal, EngineError> {
    a.checked_mul(b)
        .ok_or_else(|| EngineError::InvalidInput("a content is too large".into()))
}

/// `a / b`, or invalid input when it does not fit.
fn divided(a: Decimal, b: Decimal) -> Result<Decimal, EngineError> {
    a.checked_div(b)
        .ok_or_else(|| EngineError::InvalidInput("a content is too small or too large".into()))
}

fn shown(value: Decimal) -> Quantity {
    Quantity(
        value
            .round_dp_with_strategy(1, RoundingStrategy::MidpointAwayFromZero)
            .normalize(),
    )
}

/// Checks the ration; see the module documentation.
pub fn ration_check(request: &RationCheckRequest) -> Result<RationCheck, EngineError> {
    if !(MIN_WEIGHT_KG..=MAX_WEIGHT_KG).contains(&request.weight_kg) {
        return Err(EngineError::FeedAdviceUndetermined(format!(
            "weight {} kg is outside {MIN_WEIGHT_KG} to {MAX_WEIGHT_KG} kg",
            request.weight_kg
        )));
    }
    let percent = request
        .dry_matter_intake_percent
        .map_or(decimal("1.5"), |quantity| quantity.0);
    if percent <= Decimal::ZERO || percent > decimal("2.5") {
        return Err(EngineError::InvalidInput(format!(
            "dryMatterIntakePercent {percent} is outside (0, 2.5]"
        )));
    }
    if let Some((name, _)) = request
        .roughage
        .iter()
        .chain(
            request
                .balancers
                .iter()
                .flat_map(|product| &product.supplies),
        )
        .find(|(_, value)| value.0 < Decimal::ZERO)
    {
        return Err(EngineError::InvalidInput(format!(
            "the content of {name} is negative"
        )));
    }
    let weight = Decimal::from(request.weight_kg);
    let intake = weight * percent / Decimal::ONE_HUNDRED;
    let mut nutrients = Vec::with_capacity(NUTRIENTS.len());
    let mut gaps: BTreeMap<&str, Decimal> = BTreeMap::new();
    for (nutrient, unit) in NUTRIENTS {
        let need = need(nutrient, weight, request.work_load);
        let supply = match request.roughage.get(nutrient) {
            Some(content) => times(content.0, intake)?,
            None => Decimal::ZERO,
        };
        let gap = (need - supply).max(Decimal::ZERO);
        if gap > Decimal::ZERO {
            gaps.insert(nutrient, gap);
        }
        let covered = divided(times(supply, Decimal::ONE_HUNDRED)?, need)?
            .round_dp_with_strategy(0, RoundingStrategy::MidpointAwayFromZero);
        nutrients.push(NutrientBalance {
            nutrient: nutrient.to_owned(),
            unit: unit.to_owned(),
            need: shown(need),
            supply: shown(supply),
            gap: shown(gap),
            covered_percent: u32::try_from(covered.mantissa()).unwrap_or(u32::MAX),
        });
    }
    let closable = |product: &BalancingProduct| -> Vec<&str> {
        gaps.keys()
            .copied()
            .filter(|nutrient| *nutrient != ENERGY)
            .filter(|nutrient| {
                product
                    .supplies
                    .get(*nutrient)
                    .is_some_and(|content| content.0 > Decimal::ZERO)
            })
            .collect()
    };
    let chosen = request
        .balancers
        .iter()
        .find(|product| !closable(product).is_empty());
    let balancer = match chosen {
        None => None,
        Some(product) => {
            let balances = closable(product);
            let mut grams = Decimal::ZERO;
            for nutrient in &balances {
                let content = product
                    .supplies
                    .get(*nutrient)
                    .map_or(Decimal::ONE, |q| q.0);
                let gap = gaps.get(nutrient).copied().unwrap_or_default();
                grams = grams.max(divided(times(gap, Decimal::ONE_THOUSAND)?, content)?);
            }
            let tens =
                (grams / Decimal::TEN).round_dp_with_strategy(0, RoundingStrategy::AwayFromZero);
            Some(RationBalancer {
                product_id: product.product_id,
                grams_per_day: u32::try_from(times(tens, Decimal::TEN)?.normalize().mantissa())
                    .unwrap_or(u32::MAX),
                balances: balances.iter().map(|name| (*name).to_owned()).collect(),
            })
        }
    };
    let unbalanced = gaps
        .keys()
        .filter(|nutrient| {
            balancer
                .as_ref()
                .is_none_or(|chosen| !chosen.balances.iter().any(|name| name == *nutrient))
        })
        .map(|nutrient| (*nutrient).to_owned())
        .collect();
    Ok(RationCheck {
        dry_matter_intake_kg: shown(intake),
        nutrients,
        balancer,
        unbalanced,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quantity(text: &str) -> Quantity {
        Quantity(decimal(text))
    }

    fn hay() -> BTreeMap<String, Quantity> {
        [
            (ENERGY, "8.5"),
            ("crudeProtein", "80"),
            ("calcium", "4.0"),
            ("phosphorus", "2.5"),
            ("magnesium", "1.6"),
        ]
        .into_iter()
        .map(|(name, value)| (name.to_owned(), quantity(value)))
        .collect()
    }

    fn balancer() -> BalancingProduct {
        BalancingProduct {
            product_id: ProductId::new(26),
            supplies: [
                ("crudeProtein", "259"),
                ("calcium", "41.3"),
                ("phosphorus", "14.8"),
            ]
            .into_iter()
            .map(|(name, value)| (name.to_owned(), quantity(value)))
            .collect(),
        }
    }

    #[test]
    fn needs_follow_the_nrc_figures() {
        // 500 kg at maintenance: 16.65 Mcal = 69.6636 MJ, 630 g protein, Ca 20, P 14, Mg 7.5.
        let weight = Decimal::from(500);
        assert_eq!(need(ENERGY, weight, WorkLoad::None), decimal("69.6636"));
        assert_eq!(need("crudeProtein", weight, WorkLoad::None), decimal("630"));
        // NRC 2007 Table 16-3 (500 kg): 699 g light, 768 g
        // moderate and 862 g heavy exercise.
        assert_eq!(
            need("crudeProtein", weight, WorkLoad::Light),
            decimal("699")
        );
        assert_eq!(
            need("crudeProtein", weight, WorkLoad::Average),
            decimal("768")
        );
        assert_eq!(
            need("crudeProtein", weight, WorkLoad::Heavy),
            decimal("862")
        );
        // Linear in weight: 600 kg in average and heavy work.
        assert_eq!(
            need("crudeProtein", Decimal::from(600), WorkLoad::Average),
            decimal("921.6")
        );
        assert_eq!(
            need("crudeProtein", Decimal::from(600), WorkLoad::Heavy),
            decimal("1034.4")
        );
        // The DE multipliers against Table 16-3's 20.0, 23.3 and 26.6 Mcal for 500 kg.
        for (load, mcal) in [
            (WorkLoad::Light, "19.98"),
            (WorkLoad::Average, "23.31"),
            (WorkLoad::Heavy, "26.64"),
        ] {
            assert_eq!(need(ENERGY, weight, load) / decimal("4.184"), decimal(mcal));
        }
        assert_eq!(need("calcium", weight, WorkLoad::None), decimal("20"));
        assert_eq!(need("phosphorus", weight, WorkLoad::None), decimal("14"));
        assert_eq!(need("magnesium", weight, WorkLoad::Heavy), decimal("15"));
        // 600 kg: 19.98 Mcal at maintenance.
        assert_eq!(
            need(ENERGY, Decimal::from(600), WorkLoad::None) / decimal("4.184"),
            decimal("19.98")
        );
    }

    #[test]
    fn a_balancer_closes_the_protein_gap_of_typical_hay() {
        let check = ration_check(&RationCheckRequest {
            weight_kg: 500,
            work_load: WorkLoad::Light,
            roughage: hay(),
            dry_matter_intake_percent: None,
            balancers: vec![balancer()],
        })
        .unwrap();
        assert_eq!(check.dry_matter_intake_kg, quantity("7.5"));
        let protein = &check.nutrients[1];
        assert_eq!(
            (
                protein.need,
                protein.supply,
                protein.gap,
                protein.covered_percent
            ),
            (quantity("699"), quantity("600"), quantity("99"), 86)
        );
        // 99 g / 259 g per kg = 382.2 g: 390 g.
        let chosen = check.balancer.unwrap();
        assert_eq!(chosen.grams_per_day, 390);
        assert_eq!(chosen.balances, ["crudeProtein"]);
        assert_eq!(check.unbalanced, [ENERGY]);
    }

    #[test]
    fn bad_input_is_refused() {
        let mut request = RationCheckRequest {
            weight_kg: 1300,
            work_load: WorkLoad::None,
            roughage: hay(),
            dry_matter_intake_percent: None,
            balancers: Vec::new(),
        };
        assert_eq!(
            ration_check(&request).unwrap_err().code(),
            "feed_advice_undetermined"
        );
        request.weight_kg = 600;
        request.dry_matter_intake_percent = Some(quantity("3"));
        assert_eq!(ration_check(&request).unwrap_err().code(), "invalid_input");
        request.dry_matter_intake_percent = None;
        request.roughage.insert("calcium".into(), quantity("-1"));
        assert_eq!(ration_check(&request).unwrap_err().code(), "invalid_input");
    }
}

#[cfg(test)]
mod overflow {
    use super::*;

    #[test]
    fn tiny_contents_are_refused_not_a_panic() {
        let request: RationCheckRequest = serde_json::from_str(r#"{"balancers":[{"productId":26,"supplies":{"calcium":"41.3","crudeProtein":"0.0000000000000000000000000001","phosphorus":"0.1234567890123456789012345678"}}],"roughage":{"calcium":"4.0","crudeProtein":"80","digestibleEnergyMj":"8.5","magnesium":"1.6","phosphorus":"2.5"},"weightKg":500,"workLoad":"light"}"#).unwrap();
        assert_eq!(ration_check(&request).unwrap_err().code(), "invalid_input");
    }
}
