//! What products supply per kg, from their nutrient tables: the balancing products of the
//! roughage result pages and of the ration check.

use engine::ids::ProductId;
use std::collections::BTreeMap;

use engine::roughage::{BalancingProduct, Quantity};
use rust_decimal::Decimal;
use sqlx::AnyPool;

use crate::platform::error::ApiError;

/// What each product supplies per kg, the nutrients named by `name`; products without a
/// nutrient table are left out.
pub async fn supplies_of(
    pool: &AnyPool,
    product_ids: Vec<ProductId>,
    name: fn(&str) -> &str,
) -> Result<Vec<BalancingProduct>, ApiError> {
    let mut products = Vec::with_capacity(product_ids.len());
    for product_id in product_ids {
        let rows = super::store::products::nutrients(pool, product_id).await?;
        let supplies: BTreeMap<String, Quantity> = rows
            .into_iter()
            .filter_map(|(nutrient, amount)| {
                let value = Decimal::from_str_exact(&format!("{amount}")).ok()?;
                (value > Decimal::ZERO).then(|| (name(&nutrient).to_owned(), Quantity(value)))
            })
            .collect();
        if !supplies.is_empty() {
            products.push(BalancingProduct {
                product_id,
                supplies,
            });
        }
    }
    Ok(products)
}
