//! What the staff change directly: a variant's price and stock.

use engine::ids::ProductVariantId;
use engine::money::Money;
use sqlx::AnyConnection;

/// A variant's price and stock.
#[derive(sqlx::FromRow)]
pub struct PriceAndStock {
    #[sqlx(try_from = "i64")]
    pub product_variant_id: ProductVariantId,
    #[sqlx(try_from = "String")]
    pub price: Money,
    /// `None`: not counted.
    pub stock: Option<i64>,
}

/// The variant's price and stock, if the variant exists.
pub async fn price_and_stock(
    connection: &mut AnyConnection,
    variant_id: ProductVariantId,
) -> Result<Option<PriceAndStock>, sqlx::Error> {
    sqlx::query_as(
        "SELECT product_variant_id, price, stock FROM variants WHERE product_variant_id = $1",
    )
    .bind(variant_id.get())
    .fetch_optional(connection)
    .await
}

/// Sets the variant's price and stock.
pub async fn set_price_and_stock(
    connection: &mut AnyConnection,
    variant_id: ProductVariantId,
    price: Money,
    stock: Option<i64>,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE variants SET price = $1, stock = $2 WHERE product_variant_id = $3")
        .bind(price.to_string())
        .bind(stock)
        .bind(variant_id.get())
        .execute(connection)
        .await?;
    Ok(())
}
