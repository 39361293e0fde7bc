//! `GET /api/cart/{id}/recommendations`: products that go with the cart: other products of
//! the product groups in the cart that the site sells and has in stock, best rated first.

use crate::platform::extract::Json as JsonResponse;
use crate::platform::extract::Path;
use axum::extract::State;
use engine::ids::{ProductId, ProductVariantId};
use serde::Serialize;

use super::{existing_cart, store, texts};
use crate::AppState;
use crate::platform::error::{ApiError, ErrorBody};

/// How many products to recommend.
pub const RECOMMENDATIONS: usize = 4;

/// One recommended product, with its first variant the site sells.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[schema(as = CartRecommendation)]
#[serde(rename_all = "camelCase")]
pub struct Recommendation {
    #[sqlx(try_from = "i64")]
    pub product_id: ProductId,
    #[sqlx(try_from = "i64")]
    pub product_variant_id: ProductVariantId,
    #[sqlx(skip)]
    pub name: String,
    /// The consumer price including VAT, as stored (amounts are never computed here).
    pub price: String,
    pub image: Option<String>,
}

/// Products that go with the cart, at most four.
#[utoipa::path(
    get,
    path = "/api/cart/{id}/recommendations",
    tag = "cart",
    operation_id = "cart_recommendations",
    params(("id" = String, Path, description = "The cart")),
    responses(
        (status = 200, description = "The recommendations, best first", body = Vec<Recommendation>),
        (status = 400, description = "The cart's site no longer offers its language", body = ErrorBody),
        (status = 404, description = "No such cart, or an account's cart without its session", body = ErrorBody),
    )
)]
pub(super) async fn recommendations(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<JsonResponse<Vec<Recommendation>>, ApiError> {
    let cart = existing_cart(&state, &id).await?;
    let pool = state.db.pool();
    let in_cart: Vec<ProductId> = store::lines(pool, &id)
        .await?
        .into_iter()
        .map(|line| line.product_id)
        .collect();
    if in_cart.is_empty() {
        return Ok(JsonResponse(Vec::new()));
    }
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
    let mut query = sqlx::query_as::<_, Recommendation>(&sql).bind(cart.site_id);
    for product_id in in_cart.iter().chain(in_cart.iter()) {
        query = query.bind(product_id.get());
    }
    let mut found: Vec<Recommendation> = Vec::new();
    for candidate in query.fetch_all(pool).await? {
        // The first variant of each product (the smallest pack) stands for the product.
        if found.len() < RECOMMENDATIONS
            && found
                .iter()
                .all(|chosen| chosen.product_id != candidate.product_id)
        {
            found.push(candidate);
        }
    }
    let language = state
        .pricing
        .text_language(pool, cart.site_id, cart.language_id)
        .await?;
    for recommendation in &mut found {
        let names: Vec<(String, String)> = sqlx::query_as(
            "SELECT culture, name FROM product_texts WHERE product_id = $1 AND name IS NOT NULL",
        )
        .bind(recommendation.product_id.get())
        .fetch_all(pool)
        .await?;
        let texts = texts::texts_of_rows(names);
        recommendation.name = texts::localized(&texts, language);
    }
    Ok(JsonResponse(found))
}
