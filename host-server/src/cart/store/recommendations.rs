//! The candidates for a cart's recommendations and their names.

use engine::ids::{ProductId, ProductVariantId};
use sqlx::AnyPool;

/// A variant the site sells and has in stock, of a product that goes with the cart.
#[derive(Debug, sqlx::FromRow)]
pub struct CandidateRow {
    #[sqlx(try_from = "i64")]
    pub product_id: ProductId,
    #[sqlx(try_from = "i64")]
    pub product_variant_id: ProductVariantId,
    /// The consumer price including VAT, as stored.
    pub price: String,
    pub image: Option<String>,
}

/// The variants the site sells and has in stock of other products of the product groups of
/// `in_cart` (not empty), best rated first, then by product and variant.
pub async fn candidates(
    pool: &AnyPool,
    site_id: i64,
    in_cart: &[ProductId],
) -> Result<Vec<CandidateRow>, sqlx::Error> {
    let list = |start: usize| {
        (start..start + in_cart.len())
            .map(|index| format!("${index}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    // Ratings are stored as text from 0.0 to 5.0, which sorts correctly as text; products
    // without a rating come last on both databases.
    let sql = format!(
        "SELECT p.product_id, v.product_variant_id, v.price, p.image \
         FROM products p JOIN variants v ON v.product_id = p.product_id \
         JOIN variant_sites vs ON vs.product_variant_id = v.product_variant_id AND vs.site_id = $1 \
         WHERE (v.stock IS NULL OR v.stock > 0) \
           AND p.product_group IN (SELECT product_group FROM products WHERE product_id IN ({})) \
           AND p.product_id NOT IN ({}) \
         ORDER BY (p.rating_average IS NULL), p.rating_average DESC, p.product_id, v.product_variant_id",
        list(2),
        list(2 + in_cart.len()),
    );
    let mut query = sqlx::query_as::<_, CandidateRow>(&sql).bind(site_id);
    for product_id in in_cart.iter().chain(in_cart.iter()) {
        query = query.bind(product_id.get());
    }
    query.fetch_all(pool).await
}
