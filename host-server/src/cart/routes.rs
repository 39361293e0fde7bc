//! The cart's routes: every handler of the area with its OpenAPI operation, in the order of
//! the API's description.

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{checkout_choices, details, handover, lines, recommendations};
use crate::AppState;

/// The routes of this area.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(lines::create_cart))
        .routes(routes!(handover::impersonate))
        .routes(routes!(super::admin::handover_key))
        .routes(routes!(lines::get_cart))
        .routes(routes!(lines::add_product))
        .routes(routes!(lines::set_quantity, lines::remove_product))
        .routes(routes!(
            details::add_discount_code,
            details::remove_discount_code
        ))
        .routes(routes!(lines::shipping_methods))
        .routes(routes!(recommendations::recommendations))
        .routes(routes!(details::set_shipping))
        .routes(routes!(details::set_billing))
        .routes(routes!(details::set_company))
        .routes(routes!(details::set_payment))
        .routes(routes!(details::set_newsletter))
        .routes(routes!(checkout_choices::set_sample_name))
        .routes(routes!(checkout_choices::remove_sample))
        .routes(routes!(checkout_choices::set_alternative_shipping))
        .routes(routes!(checkout_choices::set_dealer))
        .routes(routes!(checkout_choices::set_pickup_point))
        .routes(routes!(checkout_choices::set_password))
        .routes(routes!(checkout_choices::report_conversion))
        .routes(routes!(lines::calculate_stored))
        .routes(routes!(lines::calculate_given))
}
