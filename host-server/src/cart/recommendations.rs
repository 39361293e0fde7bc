//! `GET /api/cart/{id}/recommendations`: products that go with the cart: other products of
//! the product groups in the cart that the site sells and has in stock, best rated first.

use crate::platform::extract::Json as JsonResponse;
use crate::platform::extract::Path;
use axum::extract::State;
use engine::ids::{ProductId, ProductVariantId};
use serde::Serialize;

use super::service::existing_cart;
use super::{store, texts};
use crate::AppState;
use crate::platform::error::{ApiError, ErrorBody};

/// How many products to recommend.
pub const RECOMMENDATIONS: usize = 4;

/// One recommended product, with its first variant the site sells.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = CartRecommendation)]
#[serde(rename_all = "camelCase")]
pub struct Recommendation {
    pub product_id: ProductId,
    pub product_variant_id: ProductVariantId,
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
    let mut found: Vec<Recommendation> = Vec::new();
    for candidate in store::recommendations::candidates(pool, cart.site_id, &in_cart).await? {
        // The first variant of each product (the smallest pack) stands for the product.
        if found.len() < RECOMMENDATIONS
            && found
                .iter()
                .all(|chosen| chosen.product_id != candidate.product_id)
        {
            found.push(Recommendation {
                product_id: candidate.product_id,
                product_variant_id: candidate.product_variant_id,
                name: String::new(),
                price: candidate.price,
                image: candidate.image,
            });
        }
    }
    let language = state
        .pricing
        .text_language(pool, cart.site_id, cart.language_id)
        .await?;
    for recommendation in &mut found {
        let names =
            crate::catalog::store::products::product_names(pool, recommendation.product_id).await?;
        let texts = texts::texts_of_rows(names);
        recommendation.name = texts::localized(&texts, language);
    }
    Ok(JsonResponse(found))
}
