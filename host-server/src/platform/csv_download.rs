//! CSV downloads of the back office (the accountant's orders, the catalog's prices): the text of
//! a page of rows, and the answer that streams the pages as one attachment.

use axum::body::{Body, Bytes};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use futures_util::Stream;
use futures_util::stream::{self, StreamExt};

use super::error::ApiError;

/// The CSV text of `rows` (RFC 4180: a field with a comma, quote or line break is quoted), after
/// the `header` row when one is given.
pub fn csv_bytes(header: Option<&[&str]>, rows: &[Vec<String>]) -> Result<Bytes, ApiError> {
    let failed = |error: csv::Error| ApiError::Internal(format!("csv: {error}"));
    let mut writer = csv::Writer::from_writer(Vec::new());
    if let Some(header) = header {
        writer.write_record(header).map_err(failed)?;
    }
    for row in rows {
        writer.write_record(row).map_err(failed)?;
    }
    writer
        .into_inner()
        .map(Bytes::from)
        .map_err(|error| ApiError::Internal(format!("csv: {error}")))
}

/// The pages `next` writes, each from where the one before left off (`progress`), until it
/// answers none or fails.
pub fn pages<P, F, Fut>(
    progress: P,
    next: F,
) -> impl Stream<Item = Result<Bytes, ApiError>> + Send + 'static
where
    P: Send + 'static,
    F: Fn(P) -> Fut + Copy + Send + 'static,
    Fut: Future<Output = Result<Option<(Bytes, P)>, ApiError>> + Send + 'static,
{
    // Fused: a layer of the answer (compression) may ask once more after the last page.
    stream::unfold(Some(progress), move |progress| async move {
        match next(progress?).await {
            Ok(Some((page, progress))) => Some((Ok(page), Some(progress))),
            Ok(None) => None,
            Err(error) => Some((Err(error), None)),
        }
    })
    .fuse()
}

/// A download of `pages` as the attachment `filename`, never kept by a cache. A page that fails
/// ends the download cut short (its status is sent already) and is logged.
pub fn attachment(
    pages: impl Stream<Item = Result<Bytes, ApiError>> + Send + 'static,
    filename: &'static str,
) -> Response {
    let body = pages.map(move |page| {
        page.map_err(|error| {
            tracing::error!(%error, filename, "a download stopped");
            std::io::Error::other(error.to_string())
        })
    });
    let mut response = Body::from_stream(body.boxed()).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/csv; charset=utf-8"),
    );
    if let Ok(disposition) = HeaderValue::from_str(&format!("attachment; filename=\"{filename}\""))
    {
        headers.insert(header::CONTENT_DISPOSITION, disposition);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}
