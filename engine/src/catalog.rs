//! What the engine knows of a product variant: its kind, price, VAT type and stock
//! ([`CatalogEntry`]). The cart prices lines with it; promotions pick their products by it.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::ids::{ProductId, ProductVariantId};
use crate::money::Money;
use crate::vat::VatType;

/// What the cart needs to know about one product variant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CatalogEntry {
    /// The product.
    pub product_id: ProductId,
    /// The variant (size, package); unique within the catalog.
    pub product_variant_id: ProductVariantId,
    /// The kind of product.
    pub product_type: ProductType,
    /// Which of the site's VAT percentages applies.
    pub vat_type: VatType,
    /// The consumer price of one unit, including VAT.
    pub unit_price: Money,
    /// Units in stock; not tracked when absent.
    #[serde(default)]
    pub stock: Option<i64>,
    /// The product's name as shown in the cart.
    pub description: String,
    /// A short label such as the package size.
    #[serde(default)]
    pub product_label: String,
    /// The product group promotions can target, e.g. `"muesli"`.
    #[serde(default)]
    pub product_group: Option<String>,
}

/// The kind of a product; crosses JSON as its number (1 to 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "typescript",
    derive(tsify::Tsify),
    tsify(type = "1 | 2 | 3 | 4 | 5")
)]
pub enum ProductType {
    /// 1: a simple product.
    Simple,
    /// 2: horse feed.
    Feed,
    /// 3: merchandise.
    Merchandise,
    /// 4: a laboratory roughage scan (RQS) with named samples; a scan product.
    Rqs,
    /// 5: a laboratory quick scan; a scan product.
    Qs,
}

impl ProductType {
    /// The number the type has in JSON and in the database.
    pub fn number(self) -> u8 {
        match self {
            ProductType::Simple => 1,
            ProductType::Feed => 2,
            ProductType::Merchandise => 3,
            ProductType::Rqs => 4,
            ProductType::Qs => 5,
        }
    }

    /// The type with this number, if there is one.
    pub fn from_number(number: u64) -> Option<ProductType> {
        match number {
            1 => Some(ProductType::Simple),
            2 => Some(ProductType::Feed),
            3 => Some(ProductType::Merchandise),
            4 => Some(ProductType::Rqs),
            5 => Some(ProductType::Qs),
            _ => None,
        }
    }

    /// Every product type, in the order of their numbers.
    pub const ALL: [ProductType; 5] = [
        ProductType::Simple,
        ProductType::Feed,
        ProductType::Merchandise,
        ProductType::Rqs,
        ProductType::Qs,
    ];

    /// Whether each unit carries a sample name the customer gives: both laboratory scans (the
    /// hygiene scan and the quick scan), whose samples the laboratory reports by name.
    pub fn takes_sample_names(self) -> bool {
        self.is_scan_product()
    }

    /// Laboratory scan products (types 4 and 5) are services: nothing is shipped.
    pub fn is_scan_product(self) -> bool {
        matches!(self, ProductType::Rqs | ProductType::Qs)
    }
}

impl Serialize for ProductType {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.number())
    }
}

impl<'de> Deserialize<'de> for ProductType {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ProductType, D::Error> {
        let number = u64::deserialize(deserializer)?;
        ProductType::from_number(number)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown product type {number}")))
    }
}

/// A product's rating from its approved reviews' ratings (1 to 5): the count and the average
/// with one decimal, rounded half away from zero (`4.5`, `4.3`); `None` without reviews.
pub fn rating_summary(ratings: &[i64]) -> (Option<String>, i64) {
    let count = i64::try_from(ratings.len()).unwrap_or(i64::MAX);
    if ratings.is_empty() {
        return (None, 0);
    }
    let sum: i128 = ratings.iter().map(|rating| i128::from(*rating)).sum();
    let average = rust_decimal::Decimal::from_i128_with_scale(sum, 0)
        .checked_div(rust_decimal::Decimal::from(count))
        .map(|average| {
            average.round_dp_with_strategy(1, rust_decimal::RoundingStrategy::MidpointAwayFromZero)
        });
    (average.map(|average| format!("{average:.1}")), count)
}

#[cfg(test)]
mod rating_tests {
    use super::rating_summary;

    #[test]
    fn the_average_has_one_decimal_rounded_half_away_from_zero() {
        assert_eq!(rating_summary(&[]), (None, 0));
        assert_eq!(rating_summary(&[5]), (Some("5.0".to_owned()), 1));
        assert_eq!(rating_summary(&[4, 5]), (Some("4.5".to_owned()), 2));
        assert_eq!(rating_summary(&[5, 4, 4]), (Some("4.3".to_owned()), 3));
        assert_eq!(
            rating_summary(&[5, 5, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 5]).0,
            Some("4.2".to_owned())
        );
        assert_eq!(rating_summary(&[1, 2, 2, 2]), (Some("1.8".to_owned()), 4));
        assert_eq!(
            rating_summary(&[3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]).0,
            Some("3.9".to_owned())
        );
    }
}
