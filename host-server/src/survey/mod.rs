//! The customer survey: a rating from 1 to 5 and a comment about an order,
//! linked from the order confirmation mail and the thank-you page. The link names the order
//! number with its signature ([`crate::platform::signed_links`]), so nobody can answer for another's
//! order; one answer per order (the table's primary key; a second answer is 409
//! `errors.surveyAnswered`).
//!
//! - `GET /api/survey?order=&token=`: the order's number and whether it was answered.
//! - `POST /api/survey` with `{"order", "token", "rating", "comment"}`.

mod store;

use axum::extract::State;
use axum::http::StatusCode;
use engine::validation::FormName;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::orders::Order;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Json, Query};
use crate::platform::signed_links::{self, Purpose};
use crate::platform::validation::NamedForm;
use crate::{AppState, platform::clock};

/// The routes of this area.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(survey, answer))
}

/// The survey link's order and signature.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct SurveyQuery {
    /// The order number.
    #[param(required = true, value_type = String)]
    order: Option<String>,
    /// The link's signature.
    #[param(required = true, value_type = String)]
    token: Option<String>,
}

/// The survey of an order.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Survey {
    order_number: String,
    /// Answered already: a second answer is refused.
    answered: bool,
}

/// An answer to the survey.
#[derive(Deserialize, ToSchema)]
#[schema(as = SurveyAnswerRequest)]
#[serde(rename_all = "camelCase")]
struct SurveyAnswer {
    /// The order number, from the link.
    #[serde(default)]
    #[schema(required = true)]
    order: Option<String>,
    /// The link's signature.
    #[serde(default)]
    #[schema(required = true)]
    token: Option<String>,
    /// 1 (poor) to 5 (excellent).
    #[serde(default)]
    #[schema(required = true, minimum = 1, maximum = 5)]
    rating: Option<i64>,
    /// At most 2000 characters; may be empty.
    #[serde(default)]
    comment: Option<String>,
}

/// The answer was stored.
#[derive(Serialize, ToSchema)]
#[schema(as = SurveyAnswerStatus)]
#[serde(rename_all = "camelCase")]
struct Received {
    status: SurveyReceipt,
}

/// The survey's receipt of an answer.
#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
enum SurveyReceipt {
    /// Stored.
    Received,
}

fn invalid_link() -> ApiError {
    ApiError::refused(
        StatusCode::BAD_REQUEST,
        "errors.surveyLinkInvalid",
        "This survey link is not valid",
    )
}

/// The order of a survey link; an unknown order and a wrong signature are the same answer.
async fn order_of_link(
    state: &AppState,
    order: Option<&str>,
    token: Option<&str>,
) -> Result<Order, ApiError> {
    let order = order.map(str::trim).unwrap_or_default();
    let token = token.map(str::trim).unwrap_or_default();
    if order.is_empty() {
        return Err(ApiError::required("order"));
    }
    if token.is_empty() {
        return Err(ApiError::required("token"));
    }
    if !signed_links::verify(state, Purpose::Survey, order, token).await? {
        return Err(invalid_link());
    }
    crate::orders::order_by_number(state.db.pool(), order)
        .await?
        .ok_or_else(invalid_link)
}

async fn answered(state: &AppState, order_id: i64) -> Result<bool, ApiError> {
    Ok(store::has_answer(state.db.pool(), order_id).await?)
}

/// The survey of an order's link: its number and whether it was answered.
#[utoipa::path(
    get,
    path = "/api/survey",
    tag = "survey",
    operation_id = "getSurvey",
    params(SurveyQuery),
    responses(
        (status = 200, description = "The survey", body = Survey),
        (status = 400, description = "No order or token, or `errors.surveyLinkInvalid`: the link is not valid", body = ErrorBody),
    )
)]
async fn survey(
    State(state): State<AppState>,
    Query(query): Query<SurveyQuery>,
) -> Result<Json<Survey>, ApiError> {
    let order = order_of_link(&state, query.order.as_deref(), query.token.as_deref()).await?;
    Ok(Json(Survey {
        answered: answered(&state, order.order_id).await?,
        order_number: order.order_number,
    }))
}

/// Answers the survey of an order (once).
#[utoipa::path(
    post,
    path = "/api/survey",
    tag = "survey",
    operation_id = "answerSurvey",
    request_body = SurveyAnswer,
    responses(
        (status = 201, description = "Stored", body = Received),
        (status = 400, description = "A rating outside 1 to 5, a comment too long, no order or token, or `errors.surveyLinkInvalid`", body = ErrorBody),
        (status = 403, description = "A signed-in call from another site: no JSON body or `siteid` header, or a foreign `Origin`", body = ErrorBody),
        (status = 409, description = "`errors.surveyAnswered`: this order's survey was answered already", body = ErrorBody),
        (status = 413, description = "The body is too large", body = ErrorBody),
    )
)]
async fn answer(
    State(state): State<AppState>,
    Json(body): Json<SurveyAnswer>,
) -> Result<(StatusCode, Json<Received>), ApiError> {
    let order = order_of_link(&state, body.order.as_deref(), body.token.as_deref()).await?;
    NamedForm::new(FormName::Survey)
        .value("comment", body.comment.as_deref())
        .check()?;
    let rating = match body.rating {
        None => return Err(ApiError::required("rating")),
        Some(rating) if (1..=5).contains(&rating) => rating,
        Some(_) => {
            return Err(ApiError::field(
                "rating",
                "validation.invalid",
                "rating is 1 to 5",
            ));
        }
    };
    let stored = store::insert_answer(
        state.db.pool(),
        store::NewAnswer {
            order_id: order.order_id,
            site_id: order.site_id,
            language_id: order.language_id,
            rating,
            comment: body.comment.as_deref().unwrap_or_default().trim(),
            created_at: clock::now_millis(),
        },
    )
    .await;
    match stored {
        Ok(_) => Ok((
            StatusCode::CREATED,
            Json(Received {
                status: SurveyReceipt::Received,
            }),
        )),
        Err(sqlx::Error::Database(error)) if error.is_unique_violation() => Err(ApiError::refused(
            StatusCode::CONFLICT,
            "errors.surveyAnswered",
            "This order's survey was answered already",
        )),
        Err(error) => Err(error.into()),
    }
}
