//! The laboratory's door (results are entered by the laboratory
//! through an API-key protected endpoint or a CSV import command, never by hand in the
//! database). Both go through [`record_result`]:
//!
//! - `POST /api/laboratory/results` with one result as JSON, by the laboratory's integration
//!   key (`x-api-key`) or a staff member, either with lab.results (`platform::access`).
//! - `host-server import-lab-results FILE.csv`: every row in one transaction; a bad row
//!   stops the import, names the row and writes nothing.
//!
//! A result belongs to one sample of a scan order line (product type 5 quick scan: analyte
//! values; product type 4 hygiene scan: germ counts), found by order number, variant and the
//! sample's sequence. The customer who placed the order sees it in the account, unread. A
//! second result for the same sample replaces the first and is unread again.
//!
//! CSV: a header row, then one row per sample. The columns `orderNumber`, `productVariantId`,
//! `sequence`, `sampleType` (`hay` or `silage`), `receiptDate` and `resultDate`
//! (`YYYY-MM-DD`) are required; every other column is an analyte (quick scan, e.g. `dryMatterPercent`,
//! `crudeProtein`, `sugar`) or a germ group (hygiene scan, e.g. `yeasts`); empty cells are left
//! out. Fields are separated by `,` or, when the header has a `;`, by `;` (then a decimal
//! comma is read as a point). Fields may be enclosed in double quotes.

pub mod results;
mod store;

use engine::ids::ProductVariantId;
use std::collections::BTreeMap;
use std::path::Path;

use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::StatusCode;
use engine::locale::CalendarDate;
use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, Type};
use utoipa::{PartialSchema, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::audit::{self, Event};
use crate::laboratory::results::{classify, parse_sample_type};
use crate::platform::access::{Authorized, permission};
use crate::platform::config::Config;
use crate::platform::db::Database;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::Json;
use crate::platform::mail::{self, Mail, ScanResultMail};
use crate::{AppState, platform::clock, platform::secrets};

/// The routes of this area.
///
/// The type is opaque so that `app::api`'s `.into()` is no conversion to the same type,
/// which clippy refuses.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(receive))
        // A day's batch of results from the laboratory is larger than a shopper's request.
        .layer(axum::extract::DefaultBodyLimit::max(4 * 1024 * 1024))
}

/// One result as the laboratory sends it.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LabResult {
    pub order_number: String,
    pub product_variant_id: ProductVariantId,
    /// The sample's number within its order line.
    pub sequence: i64,
    /// `hay` or `silage`.
    pub sample_type: String,
    /// `YYYY-MM-DD`.
    #[schema(format = Date)]
    pub receipt_date: String,
    /// `YYYY-MM-DD`, not before the receipt date.
    #[schema(format = Date)]
    pub result_date: String,
    /// Quick-scan values by analyte (e.g. `dryMatterPercent`, `crudeProtein`).
    #[serde(default)]
    pub values: Option<BTreeMap<String, LabValue>>,
    /// Hygiene-scan counts by germ group, colony-forming units per gram.
    #[serde(default)]
    pub germ_counts: Option<BTreeMap<String, u64>>,
}

/// A measured value: a JSON number or a decimal string. Anything else is kept only to be
/// refused with the analyte's name.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum LabValue {
    /// A JSON number, e.g. `40.5`.
    Number(serde_json::Number),
    /// A decimal string, e.g. `"40.5"`.
    Text(String),
    /// Not a number (`true`, `null`, an object).
    Other(serde::de::IgnoredAny),
}

impl PartialSchema for LabValue {
    fn schema() -> RefOr<Schema> {
        OneOfBuilder::new()
            .item(ObjectBuilder::new().schema_type(Type::Number))
            .item(ObjectBuilder::new().schema_type(Type::String))
            .description(Some("A number, or a decimal string"))
            .into()
    }
}

impl ToSchema for LabValue {}

/// The analysis a roughage sample gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ScanType {
    /// Nutrients measured by near-infrared spectroscopy.
    QuickScan,
    /// Germ counts: moulds, yeasts and bacteria.
    HygieneScan,
}

/// What was stored.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = LabResultRecorded)]
#[serde(rename_all = "camelCase")]
pub struct Recorded {
    pub result_key: String,
    pub order_number: String,
    pub product_variant_id: ProductVariantId,
    pub sequence: i64,
    pub scan_type: ScanType,
    pub sample_name: String,
}

/// Why a result was refused.
#[derive(Debug, thiserror::Error)]
pub enum LabError {
    /// A field is wrong: the field and what is wrong.
    #[error("{0}: {1}")]
    Field(&'static str, String),
    /// The database failed.
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
}

impl From<LabError> for ApiError {
    fn from(error: LabError) -> ApiError {
        match error {
            LabError::Field(field, message) => {
                ApiError::field(field, "validation.invalid", message)
            }
            LabError::Database(error) => ApiError::Database(error),
        }
    }
}

fn field(name: &'static str, message: impl Into<String>) -> LabError {
    LabError::Field(name, message.into())
}

/// Checks one result against its order line and the engine's rules and stores it.
pub async fn record_result(
    connection: &mut AnyConnection,
    result: &LabResult,
) -> Result<Recorded, LabError> {
    let sample_type = parse_sample_type(result.sample_type.trim())
        .ok_or_else(|| field("sampleType", "must be hay or silage"))?;
    let receipt = CalendarDate::parse_iso(result.receipt_date.trim())
        .map_err(|_| field("receiptDate", "must be a date YYYY-MM-DD"))?;
    let done = CalendarDate::parse_iso(result.result_date.trim())
        .map_err(|_| field("resultDate", "must be a date YYYY-MM-DD"))?;
    if done < receipt {
        return Err(field("resultDate", "must not be before the receipt date"));
    }
    let line = store::sample_of_order(
        &mut *connection,
        result.order_number.trim(),
        result.product_variant_id,
        result.sequence,
    )
    .await?;
    let (account_id, product_id, product_type, sample_name) = line.ok_or_else(|| {
        field(
            "sequence",
            format!(
                "order {} has no scan sample {} of variant {}",
                result.order_number.trim(),
                result.sequence,
                result.product_variant_id
            ),
        )
    })?;
    let values: Option<BTreeMap<String, String>> = match &result.values {
        None => None,
        Some(values) => {
            let mut texts = BTreeMap::new();
            for (name, value) in values {
                let text = match value {
                    LabValue::Number(number) => number.to_string(),
                    LabValue::Text(text) => text.trim().to_owned(),
                    LabValue::Other(_) => {
                        return Err(field("values", format!("{name} must be a number")));
                    }
                };
                texts.insert(name.clone(), text);
            }
            Some(texts).filter(|texts| !texts.is_empty())
        }
    };
    let germ_counts = result
        .germ_counts
        .clone()
        .filter(|counts| !counts.is_empty());
    let scan_type = match product_type {
        5 if germ_counts.is_some() => {
            return Err(field(
                "germCounts",
                "a quick scan has values, not germ counts",
            ));
        }
        5 if values.is_none() => {
            return Err(field("values", "a quick scan needs its analyte values"));
        }
        5 => ScanType::QuickScan,
        4 if values.is_some() => {
            return Err(field(
                "values",
                "a hygiene scan has germ counts, not values",
            ));
        }
        4 if germ_counts.is_none() => {
            return Err(field("germCounts", "a hygiene scan needs its germ counts"));
        }
        4 => ScanType::HygieneScan,
        _ => {
            return Err(field(
                "productVariantId",
                "the order line is not a roughage scan",
            ));
        }
    };
    classify(sample_type, values.as_ref(), germ_counts.as_ref()).map_err(|error| {
        field(
            if scan_type == ScanType::QuickScan {
                "values"
            } else {
                "germCounts"
            },
            error.to_string(),
        )
    })?;

    let prefix = if scan_type == ScanType::QuickScan {
        "qs"
    } else {
        "rqs"
    };
    let new_key = format!("{prefix}-{}", &secrets::new_id()[..16]);
    let values_json = values
        .as_ref()
        .map(|values| serde_json::to_string(values).unwrap_or_default());
    let germ_counts_json = germ_counts
        .as_ref()
        .map(|counts| serde_json::to_string(counts).unwrap_or_default());
    store::upsert_result(
        &mut *connection,
        store::NewResult {
            result_key: &new_key,
            account_id,
            order_number: result.order_number.trim(),
            product_id,
            product_variant_id: result.product_variant_id,
            sequence: result.sequence,
            scan_type,
            sample_type,
            sample_name: &sample_name,
            receipt_date: receipt.to_iso(),
            result_date: done.to_iso(),
            values_json,
            germ_counts_json,
            created_at: clock::now(),
        },
    )
    .await?;
    let result_key = store::result_key_of_sample(
        &mut *connection,
        result.order_number.trim(),
        result.product_variant_id,
        result.sequence,
    )
    .await?;
    Ok(Recorded {
        result_key,
        order_number: result.order_number.trim().to_owned(),
        product_variant_id: result.product_variant_id,
        sequence: result.sequence,
        scan_type,
        sample_name,
    })
}

/// The laboratory enters one scan result.
///
/// A second result for the same sample replaces the first and is unread again.
#[utoipa::path(
    post,
    path = "/api/laboratory/results",
    tag = "laboratory",
    operation_id = "recordLabResult",
    request_body = LabResult,
    security(("staffSession" = ["lab.results"]), ("integrationKey" = ["lab.results"])),
    responses(
        (status = 201, description = "Stored", body = Recorded),
        (status = 400, description = "The body is not a result, or a field is wrong (`fieldErrors` names it)", body = ErrorBody),
        (status = 401, description = "`errors.staffSignInRequired`: no or a wrong `x-api-key`, no staff session", body = ErrorBody),
        (status = 403, description = "`errors.permissionDenied`: without lab.results; or `errors.crossSiteRequest`", body = ErrorBody),
        (status = 413, description = "The body is larger than 4 MB", body = ErrorBody),
    )
)]
async fn receive(
    State(state): State<AppState>,
    caller: Authorized<permission::LabResults>,
    body: Result<Bytes, BytesRejection>,
) -> Result<(StatusCode, Json<Recorded>), ApiError> {
    let body = body.map_err(|rejection| {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::refused(
                rejection.status(),
                "errors.payloadTooLarge",
                "The request body is larger than this call accepts",
            )
        } else {
            ApiError::bad_request(rejection.body_text())
        }
    })?;
    let result: LabResult = crate::platform::extract::parse_json(&body)?;
    let mut transaction = state.db.begin_change().await?;
    let recorded = record_result(&mut transaction, &result).await?;
    let event = Event::new("lab.result", "sample", &recorded.result_key)
        .field("order", None::<&str>, Some(&result.order_number))
        .field("sequence", None::<i64>, Some(result.sequence));
    audit::record(&mut transaction, &caller, event).await?;
    transaction.commit().await?;
    send_result_available(&state, &recorded).await;
    Ok((StatusCode::CREATED, Json(recorded)))
}

/// Tells the customer whose account holds the result that it is there, with a link to the
/// results page on the order's site; a mail that cannot be sent is logged.
async fn send_result_available(state: &AppState, recorded: &Recorded) {
    let found = store::recipient_of_result(state.db.pool(), &recorded.result_key).await;
    let (address, name, site_id, language_id) = match found {
        Ok(Some(found)) => found,
        Ok(None) => return,
        Err(error) => {
            tracing::warn!(%error, "could not find whom to tell about a scan result");
            return;
        }
    };
    let link = match mail::site_link(state, Some(site_id), "/account/rqs-results/").await {
        Ok(link) => link,
        Err(error) => {
            tracing::warn!(%error, "could not build the results link");
            return;
        }
    };
    let notice = Mail::ScanResult(ScanResultMail {
        name,
        number: recorded.order_number.clone(),
        sample: recorded.sample_name.clone(),
        link,
    });
    let recipient = mail::Recipient {
        address: &address,
        site_id: Some(site_id),
        language_id: Some(language_id),
    };
    mail::deliver_or_log(state, recipient, &notice).await;
}

/// Why a CSV import failed.
#[derive(Debug, thiserror::Error)]
pub enum CsvImportError {
    /// The file could not be read.
    #[error("cannot read {0}: {1}")]
    Io(String, std::io::Error),
    /// The database could not be opened.
    #[error(transparent)]
    Database(#[from] crate::platform::db::DatabaseError),
    /// Writing failed.
    #[error("database: {0}")]
    Sql(#[from] sqlx::Error),
    /// A row (1 = the header) is wrong; nothing was written.
    #[error("row {row}: {message}")]
    Row {
        /// The row number in the file, the header being row 1.
        row: usize,
        /// What is wrong.
        message: String,
    },
}

/// Splits one CSV line, with optional double quotes around fields.
fn split_line(line: &str, separator: char) -> Vec<String> {
    let mut fields = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                current.push('"');
                chars.next();
            }
            '"' => quoted = !quoted,
            c if c == separator && !quoted => fields.push(std::mem::take(&mut current)),
            c => current.push(c),
        }
    }
    fields.push(current);
    fields
        .into_iter()
        .map(|field| field.trim().to_owned())
        .collect()
}

const CSV_COLUMNS: [&str; 6] = [
    "orderNumber",
    "productVariantId",
    "sequence",
    "sampleType",
    "receiptDate",
    "resultDate",
];

/// Reads the CSV text into results, naming the first bad row.
pub fn parse_csv(text: &str) -> Result<Vec<(usize, LabResult)>, CsvImportError> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty());
    let Some((_, header)) = lines.next() else {
        return Err(CsvImportError::Row {
            row: 1,
            message: "the file is empty".to_owned(),
        });
    };
    let header = header.trim_start_matches('\u{feff}');
    let separator = if header.contains(';') { ';' } else { ',' };
    let columns = split_line(header, separator);
    for required in CSV_COLUMNS {
        if !columns.iter().any(|column| column == required) {
            return Err(CsvImportError::Row {
                row: 1,
                message: format!("the header has no column {required}"),
            });
        }
    }
    let mut results = Vec::new();
    for (index, line) in lines {
        let row = index + 1;
        let cells = split_line(line, separator);
        if cells.len() != columns.len() {
            return Err(CsvImportError::Row {
                row,
                message: format!("{} fields, the header has {}", cells.len(), columns.len()),
            });
        }
        let cell = |name: &str| {
            columns
                .iter()
                .position(|column| column == name)
                .map(|at| cells[at].clone())
                .unwrap_or_default()
        };
        let number = |name: &str| {
            cell(name).parse::<i64>().map_err(|_| CsvImportError::Row {
                row,
                message: format!("{name} must be a whole number"),
            })
        };
        let mut measured = BTreeMap::new();
        for (column, value) in columns.iter().zip(&cells) {
            if CSV_COLUMNS.contains(&column.as_str()) || value.is_empty() {
                continue;
            }
            let value = if separator == ';' {
                value.replace(',', ".")
            } else {
                value.clone()
            };
            measured.insert(column.clone(), value);
        }
        let result = LabResult {
            order_number: cell("orderNumber"),
            product_variant_id: ProductVariantId::new(number("productVariantId")?),
            sequence: number("sequence")?,
            sample_type: cell("sampleType"),
            receipt_date: cell("receiptDate"),
            result_date: cell("resultDate"),
            values: None,
            germ_counts: None,
        };
        results.push((row, result, measured));
    }
    Ok(results
        .into_iter()
        .map(|(row, mut result, measured)| {
            result.values = Some(
                measured
                    .into_iter()
                    .map(|(name, value)| (name, LabValue::Text(value)))
                    .collect(),
            );
            (row, result)
        })
        .collect())
}

/// Imports a CSV file of results into the database, all rows or none; returns what was stored.
pub async fn import_csv(db: &Database, text: &str) -> Result<Vec<Recorded>, CsvImportError> {
    let results = parse_csv(text)?;
    let mut transaction = db.pool().begin().await?;
    let mut recorded = Vec::with_capacity(results.len());
    for (row, mut result) in results {
        // A hygiene-scan line reads the measured columns as germ counts.
        let product_type = store::product_type_of_order_line(
            &mut transaction,
            result.order_number.trim(),
            result.product_variant_id,
        )
        .await?;
        if product_type == Some(4) {
            let mut counts = BTreeMap::new();
            for (name, value) in result.values.take().into_iter().flatten() {
                let text = match &value {
                    LabValue::Text(text) => text.as_str(),
                    LabValue::Number(_) | LabValue::Other(_) => "",
                };
                let count = text.parse::<u64>().map_err(|_| CsvImportError::Row {
                    row,
                    message: format!("{name}: a germ count is a whole number, not '{text}'"),
                })?;
                counts.insert(name, count);
            }
            result.germ_counts = Some(counts);
        }
        let stored =
            record_result(&mut transaction, &result)
                .await
                .map_err(|error| match error {
                    LabError::Field(field, message) => CsvImportError::Row {
                        row,
                        message: format!("{field}: {message}"),
                    },
                    LabError::Database(error) => CsvImportError::Sql(error),
                })?;
        recorded.push(stored);
    }
    transaction.commit().await?;
    Ok(recorded)
}

/// `host-server import-lab-results FILE.csv` against the configured database.
pub async fn import_csv_command(
    config: &Config,
    file: &Path,
) -> Result<Vec<Recorded>, CsvImportError> {
    let text = std::fs::read_to_string(file)
        .map_err(|error| CsvImportError::Io(file.display().to_string(), error))?;
    let db = Database::connect(&config.database_url).await?;
    import_csv(&db, &text).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_comma_and_semicolon_files_with_quotes() {
        let text = "orderNumber,productVariantId,sequence,sampleType,receiptDate,resultDate,sugar,crudeProtein\n\
                    \"HS-2026-000102\",1811,2,hay,2026-03-12,2026-03-21,176,\n";
        let rows = parse_csv(text).unwrap();
        assert_eq!(rows.len(), 1);
        let (row, result) = &rows[0];
        assert_eq!(*row, 2);
        assert_eq!(result.order_number, "HS-2026-000102");
        assert_eq!(
            result.values.as_ref().unwrap().len(),
            1,
            "empty cells are left out"
        );
        let text = "orderNumber;productVariantId;sequence;sampleType;receiptDate;resultDate;calcium\nHS-1;1811;1;hay;2026-03-12;2026-03-21;4,4\n";
        let rows = parse_csv(text).unwrap();
        assert!(matches!(
            &rows[0].1.values.as_ref().unwrap()["calcium"],
            LabValue::Text(text) if text == "4.4"
        ));
    }

    #[test]
    fn names_the_bad_row() {
        let missing = parse_csv("orderNumber,sequence\nHS-1,1\n").unwrap_err();
        assert_eq!(
            missing.to_string(),
            "row 1: the header has no column productVariantId"
        );
        let text = "orderNumber,productVariantId,sequence,sampleType,receiptDate,resultDate\nHS-1,x,1,hay,2026-01-01,2026-01-02\n";
        assert_eq!(
            parse_csv(text).unwrap_err().to_string(),
            "row 2: productVariantId must be a whole number"
        );
        let text =
            "orderNumber,productVariantId,sequence,sampleType,receiptDate,resultDate\nHS-1,1,1\n";
        assert_eq!(
            parse_csv(text).unwrap_err().to_string(),
            "row 2: 3 fields, the header has 6"
        );
    }
}
