//! Default target ranges of the quick scan: typical horse targets per kg dry matter.

use std::collections::BTreeMap;

use rust_decimal::Decimal;

use super::{Quantity, SampleType, TargetRange};

/// The analyte key of dry matter, in % of the fresh sample.
pub const DRY_MATTER: &str = "dryMatter";
/// The analyte key of sugar (water-soluble carbohydrates), g per kg dry matter.
pub const SUGAR: &str = "sugar";

fn bound(text: &str) -> Option<Quantity> {
    Decimal::from_str_exact(text).ok().map(Quantity)
}

/// The default target ranges of a sample type, by analyte key.
///
/// `dryMatter` is in % of the fresh sample; every other analyte per kg dry matter: `g` for
/// crudeProtein, sugar, crudeFibre, ash, calcium, phosphorus, magnesium, sodium and potassium,
/// `mg` for copper, zinc, manganese, selenium and iron.
///
/// | Analyte | Hay | Silage (incl. haylage) |
/// |---|---|---|
/// | dryMatter | min 86, alert margin 1 (below 85 is a mould risk) | 60-80, alert margin 15 (below 45 unsuitable) |
/// | crudeProtein | 60-100 | 60-100 |
/// | sugar | 100-150 | 100-150 |
/// | crudeFibre | 240-330 | 240-330 |
/// | ash | max 100 | max 100 |
/// | calcium | min 3 | min 3 |
/// | phosphorus | min 2.1 | min 2.1 |
/// | magnesium | min 2.5 | min 2.5 |
/// | sodium | min 0.3 | min 0.3 |
/// | potassium | 20-30 | 20-30 |
/// | copper | 10-15 | 10-15 |
/// | zinc | 30-45 | 30-45 |
/// | manganese | min 70 | min 70 |
/// | selenium | min 0.2 | min 0.2 |
/// | iron | max 800 | max 800 |
pub fn default_target_ranges(sample_type: SampleType) -> BTreeMap<String, TargetRange> {
    let dry_matter = match sample_type {
        SampleType::Hay => ("86", "", "1"),
        SampleType::Silage => ("60", "80", "15"),
    };
    let table = [
        (DRY_MATTER, dry_matter),
        ("crudeProtein", ("60", "100", "")),
        (SUGAR, ("100", "150", "")),
        ("crudeFibre", ("240", "330", "")),
        ("ash", ("", "100", "")),
        ("calcium", ("3", "", "")),
        ("phosphorus", ("2.1", "", "")),
        ("magnesium", ("2.5", "", "")),
        ("sodium", ("0.3", "", "")),
        ("potassium", ("20", "30", "")),
        ("copper", ("10", "15", "")),
        ("zinc", ("30", "45", "")),
        ("manganese", ("70", "", "")),
        ("selenium", ("0.2", "", "")),
        ("iron", ("", "800", "")),
    ];
    table
        .into_iter()
        .map(|(analyte, (min, max, margin))| {
            (
                analyte.to_owned(),
                TargetRange {
                    min: bound(min),
                    max: bound(max),
                    alert_margin: bound(margin),
                },
            )
        })
        .collect()
}
