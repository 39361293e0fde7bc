//! Reading an answer into a typed struct, and the API's error body.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde::de::DeserializeOwned;

/// The answer's JSON body as `T`; on a mismatch the panic names the path of the field at fault
/// (`cart.products[0].count: invalid type ...`) and shows the status and the body.
pub async fn read<T: DeserializeOwned>(response: reqwest::Response) -> T {
    status_and(response).await.1
}

/// The answer's JSON body as `T` (see [`read`]), after asserting that its status is a success.
pub async fn read_ok<T: DeserializeOwned>(response: reqwest::Response) -> T {
    let status = response.status();
    let url = response.url().path().to_owned();
    let text = response.text().await.unwrap();
    assert!(status.is_success(), "{status}: {text}");
    parse(&url, status.as_u16(), &text)
}

/// The status code and the answer's JSON body as `T` (see [`read`]).
pub async fn status_and<T: DeserializeOwned>(response: reqwest::Response) -> (u16, T) {
    let status = response.status().as_u16();
    let url = response.url().path().to_owned();
    let text = response.text().await.unwrap();
    (status, parse(&url, status, &text))
}

/// `text` as `T`; on a mismatch the panic names the field's path, the call and its status.
fn parse<T: DeserializeOwned>(url: &str, status: u16, text: &str) -> T {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    match serde_path_to_error::deserialize(&mut deserializer) {
        Ok(value) => value,
        Err(error) => panic!(
            "the answer of {url} (status {status}) is not a {}: {error}\n{text}",
            std::any::type_name::<T>()
        ),
    }
}

/// The API's error body: `{status, code, message, fieldErrors?}` (the status is the answer's).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ApiErrorBody {
    pub code: String,
    pub message: String,
    /// Field name to its problems; empty (absent in the JSON) unless the request had bad fields.
    #[serde(default, rename = "fieldErrors")]
    pub fields: BTreeMap<String, Vec<FieldError>>,
}

/// One problem with a field: its message key and the text for it. Unknown fields are denied,
/// so that reading both checks as much as comparing the problem whole.
#[derive(Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct FieldError {
    pub key: String,
    pub message: String,
}

impl ApiErrorBody {
    /// The message key of the field's first problem.
    pub fn first_key(&self, field: &str) -> Option<&str> {
        self.fields
            .get(field)
            .and_then(|errors| errors.first())
            .map(|error| error.key.as_str())
    }

    /// The fields with a problem, by name.
    pub fn field_keys(&self) -> Vec<&str> {
        self.fields.keys().map(String::as_str).collect()
    }

    /// The message of the field's first problem.
    pub fn first_message(&self, field: &str) -> Option<&str> {
        self.fields
            .get(field)
            .and_then(|errors| errors.first())
            .map(|error| error.message.as_str())
    }
}
