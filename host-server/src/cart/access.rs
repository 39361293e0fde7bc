//! Whose cart it is. A guest's cart is reached by its unguessable id alone; a cart that belongs
//! to an account (signed in, or adopted at sign-in) only with that account's session, so its
//! id leaking (a shared screen, a log, a copied link) gives nobody else the customer's
//! addresses or choices. Everyone else gets the same 404 as for an unknown cart.

use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::AppState;
use crate::platform::error::ApiError;

/// The cart id of a path under `/api/cart/{id}` or `/api/cartcalculation/{id}`, if any.
fn cart_id_of(path: &str) -> Option<&str> {
    let mut segments = path.trim_start_matches('/').split('/');
    let area = (segments.next(), segments.next());
    let id = segments.next().filter(|id| !id.is_empty());
    match area {
        (Some("api"), Some("cart")) => id.filter(|id| *id != "impersonate"),
        (Some("api"), Some("cartcalculation")) => id.filter(|id| *id != "calculate"),
        _ => None,
    }
}

/// Middleware: refuses requests for an account's cart that do not come with that account's
/// session.
pub async fn only_its_owner(
    State(state): State<AppState>,
    client: crate::platform::session::Client,
    request: Request,
    next: Next,
) -> Response {
    let Some(cart_id) = cart_id_of(request.uri().path()).map(str::to_owned) else {
        return next.run(request).await;
    };
    match is_allowed(&state, &cart_id, client.session_id.as_deref()).await {
        Ok(true) => next.run(request).await,
        Ok(false) => ApiError::NotFound.into_response(),
        Err(error) => error.into_response(),
    }
}

async fn is_allowed(
    state: &AppState,
    cart_id: &str,
    session_id: Option<&str>,
) -> Result<bool, ApiError> {
    let Some(owner) = super::store::owner(state.db.pool(), cart_id).await? else {
        return Ok(true);
    };
    let Some(account_id) = owner.account_id else {
        return Ok(true);
    };
    let Some(session_id) = session_id else {
        return Ok(false);
    };
    Ok(
        crate::platform::session::account_of_session(state, session_id)
            .await?
            .as_deref()
            == Some(account_id.as_str()),
    )
}

#[cfg(test)]
mod tests {
    use super::cart_id_of;

    #[test]
    fn finds_the_cart_of_a_path() {
        assert_eq!(cart_id_of("/api/cart/abc/products"), Some("abc"));
        assert_eq!(cart_id_of("/api/cart/abc"), Some("abc"));
        assert_eq!(
            cart_id_of("/api/cartcalculation/abc/calculate"),
            Some("abc")
        );
        assert_eq!(cart_id_of("/api/cartcalculation/calculate"), None);
        assert_eq!(cart_id_of("/api/cart/impersonate"), None);
        assert_eq!(cart_id_of("/api/cart"), None);
        assert_eq!(cart_id_of("/api/carts/abc"), None);
    }
}
