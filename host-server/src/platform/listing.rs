//! The query of a paged list, and of a list searched by a text: `q`, `p` and `ps`, read the
//! same way by every list of the API.

use serde::Deserialize;
use utoipa::IntoParams;

use crate::platform::error::ApiError;

/// The most characters of a list's search text.
const SEARCH_MAX_CHARACTERS: usize = 100;

/// `p` and `ps` of a paged list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// Page, from 1 (default 1).
    #[param(value_type = Option<u32>, minimum = 1)]
    p: Option<String>,
    /// Page size, 1 to 100 (default 24).
    #[param(value_type = Option<u32>, minimum = 1, maximum = 100)]
    ps: Option<String>,
}

impl PageQuery {
    /// The paging asked for; a value that is not a valid page is a 400 naming it.
    pub fn paging(&self) -> Result<engine::url::Paging, ApiError> {
        paging_of(self.p.as_deref(), self.ps.as_deref())
    }
}

/// `p` and `ps` of a query: absent gives the defaults, anything else must be a valid page.
pub fn paging_of(p: Option<&str>, ps: Option<&str>) -> Result<engine::url::Paging, ApiError> {
    let number = |value: Option<&str>, name: &str| -> Result<Option<i64>, ApiError> {
        value
            .filter(|value| !value.trim().is_empty())
            .map(|value| {
                value.trim().parse::<i64>().map_err(|_| {
                    ApiError::field(
                        name,
                        "validation.invalid",
                        format!("{name} must be a whole number"),
                    )
                })
            })
            .transpose()
    };
    let page = number(p, "p")?;
    let size = number(ps, "ps")?;
    engine::url::Paging::from_request(page, size).map_err(|error| {
        let field = if page.is_some_and(|page| page < 1) {
            "p"
        } else {
            "ps"
        };
        ApiError::field(field, "validation.invalid", error.to_string())
    })
}

/// `q`, `p` and `ps` of a list searched by a text.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// The search text (at most 100 characters); empty lists everything.
    q: Option<String>,
    /// Page, from 1 (default 1).
    #[param(value_type = Option<u32>, minimum = 1)]
    p: Option<String>,
    /// Page size, 1 to 100 (default 24).
    #[param(value_type = Option<u32>, minimum = 1, maximum = 100)]
    ps: Option<String>,
}

impl SearchQuery {
    /// The search text, trimmed; a 400 naming `q` when it is too long.
    pub fn text(&self) -> Result<&str, ApiError> {
        let text = self.q.as_deref().unwrap_or_default().trim();
        if text.chars().count() > SEARCH_MAX_CHARACTERS {
            return Err(ApiError::field(
                "q",
                "validation.maxLength",
                format!("q is at most {SEARCH_MAX_CHARACTERS} characters"),
            ));
        }
        Ok(text)
    }

    /// The paging asked for; a value that is not a valid page is a 400 naming it.
    pub fn paging(&self) -> Result<engine::url::Paging, ApiError> {
        paging_of(self.p.as_deref(), self.ps.as_deref())
    }
}
