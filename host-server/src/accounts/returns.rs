//! Returns (reason, photo of the damaged item, order number, quantity, product): the
//! customer's return requests, and registering one as a multipart
//! form with an optional photo.
//!
//! The product must be a line of one of the customer's own orders and the quantity at most
//! what was ordered minus what was already returned. The photo is at most
//! [`MAX_PHOTO_BYTES`] and must be a JPEG, PNG or WebP image by its first bytes (the declared
//! content type is not trusted); it is stored under `RETURN_PHOTOS_DIR` as `<returnId>.<ext>`.

use engine::ids::ProductVariantId;
use engine::returns::{ReturnReason, ReturnStatus};
use std::collections::BTreeMap;
use std::path::PathBuf;

use axum::Extension;
use axum::extract::multipart::{Multipart, MultipartRejection};
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use engine::validation::{Message, MessageKey};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::store::returns as store;
use crate::platform::error::{ApiError, ErrorBody, FieldError};
use crate::platform::extract::{Json, Path};
use crate::platform::mail::{self, Mail, ReturnMail};
use crate::platform::session::SignedIn;
use crate::{AppState, platform::clock, platform::secrets};

/// The largest photo accepted: 5 MB.
pub const MAX_PHOTO_BYTES: usize = 5 * 1024 * 1024;
/// The largest request body of a return form: the photo plus room for the other fields.
const MAX_FORM_BYTES: usize = MAX_PHOTO_BYTES + 1024 * 1024;

/// Where return photos are stored and read.
#[derive(Clone, Debug)]
pub struct ReturnFiles {
    /// `RETURN_PHOTOS_DIR`: uploaded photos.
    pub photos_dir: PathBuf,
    /// The fixtures folder: the demo returns' photos are under its `images/`.
    pub fixtures_dir: PathBuf,
}

/// The routes of this area.
pub fn router(files: ReturnFiles) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, register))
        // The body limit covers both methods of the path; only the POST takes a body.
        .route_layer(DefaultBodyLimit::max(MAX_FORM_BYTES))
        .routes(routes!(one))
        .routes(routes!(photo))
        .layer(Extension(files))
}

/// A return request.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Return)]
#[serde(rename_all = "camelCase")]
pub struct ReturnView {
    pub return_id: String,
    pub order_number: String,
    pub product_variant_id: ProductVariantId,
    /// The order line's description of the product.
    pub description: Option<String>,
    pub quantity: i64,
    pub reason: ReturnReason,
    pub comment: Option<String>,
    #[serde(skip)]
    pub photo_path: Option<String>,
    #[serde(skip)]
    pub photo_content_type: Option<String>,
    pub has_photo: bool,
    pub status: ReturnStatus,
    #[serde(skip)]
    pub created_at: i64,
    /// ISO 8601, UTC.
    #[serde(rename = "createdAt")]
    #[schema(format = DateTime)]
    pub created: String,
}

async fn describe(
    pool: &sqlx::AnyPool,
    account_id: &str,
    row: store::ReturnRow,
) -> Result<ReturnView, sqlx::Error> {
    let description =
        store::line_description(pool, &row.order_number, account_id, row.product_variant_id)
            .await?;
    Ok(ReturnView {
        has_photo: row.photo_path.is_some(),
        created: crate::platform::time::format_utc(row.created_at),
        return_id: row.return_id,
        order_number: row.order_number,
        product_variant_id: row.product_variant_id,
        description,
        quantity: row.quantity,
        reason: row.reason.0,
        comment: row.comment,
        photo_path: row.photo_path,
        photo_content_type: row.photo_content_type,
        status: row.status.0,
        created_at: row.created_at,
    })
}

/// The customer's return requests, newest first.
#[utoipa::path(
    get,
    path = "/api/account/returns",
    tag = "account",
    operation_id = "listReturns",
    responses(
        (status = 200, description = "The returns", body = Vec<ReturnView>),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn list(
    State(state): State<AppState>,
    signed_in: SignedIn,
) -> Result<Json<Vec<ReturnView>>, ApiError> {
    let pool = state.db.pool();
    let rows = store::returns_of_account(pool, &signed_in.account_id).await?;
    let mut items = Vec::with_capacity(rows.len());
    for row in rows {
        items.push(describe(pool, &signed_in.account_id, row).await?);
    }
    Ok(Json(items))
}

async fn find(state: &AppState, account_id: &str, return_id: &str) -> Result<ReturnView, ApiError> {
    let pool = state.db.pool();
    let row = store::return_of_account(pool, return_id, account_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok(describe(pool, account_id, row).await?)
}

/// One of the customer's returns.
#[utoipa::path(
    get,
    path = "/api/account/returns/{returnId}",
    tag = "account",
    operation_id = "getReturn",
    params(("returnId" = String, Path, description = "The return id")),
    responses(
        (status = 200, description = "The return", body = ReturnView),
        (status = 400, description = "The return id is not valid text", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No return of this customer has this id", body = ErrorBody),
    )
)]
async fn one(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(return_id): Path<String>,
) -> Result<Json<ReturnView>, ApiError> {
    Ok(Json(find(&state, &signed_in.account_id, &return_id).await?))
}

/// The photo of one of the customer's returns.
#[utoipa::path(
    get,
    path = "/api/account/returns/{returnId}/photo",
    tag = "account",
    operation_id = "getReturnPhoto",
    params(("returnId" = String, Path, description = "The return id")),
    responses(
        (status = 200, description = "The photo as uploaded (the demo returns' photos are SVG)",
            content(
                (super::FileBytes = "image/jpeg"),
                (super::FileBytes = "image/png"),
                (super::FileBytes = "image/webp"),
                (super::FileBytes = "image/svg+xml"),
            )),
        (status = 400, description = "The return id is not valid text", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No return of this customer has this id, or it has no photo", body = ErrorBody),
    )
)]
async fn photo(
    State(state): State<AppState>,
    Extension(files): Extension<ReturnFiles>,
    signed_in: SignedIn,
    Path(return_id): Path<String>,
) -> Result<Response, ApiError> {
    let item = find(&state, &signed_in.account_id, &return_id).await?;
    let (Some(path), Some(content_type)) = (item.photo_path, item.photo_content_type) else {
        return Err(ApiError::NotFound);
    };
    let file = match path.strip_prefix("fixtures:") {
        Some(relative) => files.fixtures_dir.join("images").join(relative),
        None => files.photos_dir.join(path),
    };
    let bytes = tokio::fs::read(&file).await.map_err(|error| {
        tracing::warn!(file = %file.display(), %error, "return photo missing");
        ApiError::NotFound
    })?;
    Ok(([(header::CONTENT_TYPE, content_type)], bytes).into_response())
}

/// The image type of a photo by its first bytes: (content type, file extension).
pub fn image_type(bytes: &[u8]) -> Option<(&'static str, &'static str)> {
    if bytes.starts_with(&[0xff, 0xd8, 0xff]) {
        Some(("image/jpeg", "jpg"))
    } else if bytes.starts_with(&[0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a]) {
        Some(("image/png", "png"))
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some(("image/webp", "webp"))
    } else {
        None
    }
}

/// The return form, as `multipart/form-data`.
#[allow(dead_code)] // Describes the form for the API document; `read_form` reads it.
#[derive(ToSchema)]
#[schema(as = ReturnRequest, rename_all = "camelCase")]
struct ReturnFormFields {
    /// The order the product is from.
    order_number: String,
    /// The product: a line of the order.
    product_variant_id: ProductVariantId,
    /// At most what was ordered minus what was returned already.
    #[schema(minimum = 1)]
    quantity: i64,
    /// `damaged`, `wrongItem`, `notNeeded` or `other`.
    reason: String,
    /// At most 1000 characters.
    comment: Option<String>,
    /// A JPEG, PNG or WebP image (by its content) of at most 5 MB; required for `damaged`.
    #[schema(value_type = Option<String>, format = Binary)]
    photo: Option<Vec<u8>>,
}

#[derive(Default)]
struct ReturnForm {
    order_number: Option<String>,
    product_variant_id: Option<String>,
    quantity: Option<String>,
    reason: Option<String>,
    comment: Option<String>,
    photo: Option<Vec<u8>>,
}

fn form_error(error: axum::extract::multipart::MultipartError) -> ApiError {
    if error.status() == StatusCode::PAYLOAD_TOO_LARGE {
        photo_too_large()
    } else {
        ApiError::bad_request(format!(
            "the multipart form could not be read: {}",
            error.body_text()
        ))
    }
}

fn photo_too_large() -> ApiError {
    ApiError::field(
        "photo",
        "validation.photoTooLarge",
        format!(
            "De foto mag maximaal {} MB groot zijn",
            MAX_PHOTO_BYTES / (1024 * 1024)
        ),
    )
}

async fn read_form(mut multipart: Multipart) -> Result<ReturnForm, ApiError> {
    let mut form = ReturnForm::default();
    while let Some(field) = multipart.next_field().await.map_err(form_error)? {
        let name = field.name().unwrap_or_default().to_owned();
        if name == "photo" {
            let bytes = field.bytes().await.map_err(form_error)?;
            if bytes.len() > MAX_PHOTO_BYTES {
                return Err(photo_too_large());
            }
            if !bytes.is_empty() {
                form.photo = Some(bytes.to_vec());
            }
            continue;
        }
        let text = field.text().await.map_err(form_error)?;
        let text = Some(text.trim().to_owned()).filter(|text| !text.is_empty());
        match name.as_str() {
            "orderNumber" => form.order_number = text,
            "productVariantId" => form.product_variant_id = text,
            "quantity" => form.quantity = text,
            "reason" => form.reason = text,
            "comment" => form.comment = text,
            _ => {}
        }
    }
    Ok(form)
}

fn add(errors: &mut BTreeMap<String, Vec<FieldError>>, field: &str, key: MessageKey) {
    let message = Message::new(key)
        .map(|message| message.dutch_text())
        .unwrap_or_default();
    errors
        .entry(field.to_owned())
        .or_default()
        .push(FieldError {
            key: key.to_string(),
            message,
        });
}

fn add_text(
    errors: &mut BTreeMap<String, Vec<FieldError>>,
    field: &str,
    key: &str,
    message: impl Into<String>,
) {
    errors
        .entry(field.to_owned())
        .or_default()
        .push(FieldError {
            key: key.to_owned(),
            message: message.into(),
        });
}

/// Registers a return of a product of one of the customer's orders.
#[utoipa::path(
    post,
    path = "/api/account/returns",
    tag = "account",
    operation_id = "registerReturn",
    request_body(content = ReturnFormFields, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "Registered", body = ReturnView),
        (status = 400, description = "Not a multipart form, or a field is missing or invalid (`fieldErrors` names it; `photo` when the photo is too large or not an image)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A signed-in call from another site: no `siteid` header, or a foreign `Origin`", body = ErrorBody),
    )
)]
async fn register(
    State(state): State<AppState>,
    Extension(files): Extension<ReturnFiles>,
    signed_in: SignedIn,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<(StatusCode, Json<ReturnView>), ApiError> {
    let multipart = multipart.map_err(|rejection| {
        ApiError::bad_request(format!(
            "expected a multipart form: {}",
            rejection.body_text()
        ))
    })?;
    let form = read_form(multipart).await?;
    let pool = state.db.pool();
    let mut errors = BTreeMap::new();

    // The order and its line: the customer's own only.
    let mut ordered: Option<i64> = None;
    let variant_id = match form.product_variant_id.as_deref() {
        None => {
            add(&mut errors, "productVariantId", MessageKey::Required);
            None
        }
        Some(text) => match text.parse::<i64>() {
            Ok(id) => Some(id),
            Err(_) => {
                add_text(
                    &mut errors,
                    "productVariantId",
                    "validation.invalid",
                    "productVariantId must be a whole number",
                );
                None
            }
        },
    };
    match form.order_number.as_deref() {
        None => add(&mut errors, "orderNumber", MessageKey::Required),
        Some(order_number) => {
            let order = store::order_of_account(pool, order_number, &signed_in.account_id).await?;
            match (order, variant_id) {
                (None, _) => add_text(
                    &mut errors,
                    "orderNumber",
                    "validation.unknownOrder",
                    "Deze bestelling is niet gevonden",
                ),
                (Some(order_id), Some(variant_id)) => {
                    let (lines, quantity) =
                        store::paid_quantity_of_variant(pool, order_id, variant_id).await?;
                    match (lines > 0).then_some((quantity,)) {
                        None => add_text(
                            &mut errors,
                            "productVariantId",
                            "validation.notInOrder",
                            "Dit product zit niet in deze bestelling",
                        ),
                        Some((quantity,)) => {
                            let returned = store::returned_quantity(
                                pool,
                                &signed_in.account_id,
                                order_number,
                                variant_id,
                            )
                            .await?;
                            ordered = Some(quantity - returned);
                        }
                    }
                }
                (Some(_), None) => {}
            }
        }
    }
    let quantity = match form.quantity.as_deref() {
        None => {
            add(&mut errors, "quantity", MessageKey::Required);
            0
        }
        Some(text) => match text.parse::<i64>() {
            Ok(quantity) if quantity >= 1 => {
                if let Some(left) = ordered {
                    if quantity > left {
                        add_text(
                            &mut errors,
                            "quantity",
                            "validation.returnQuantityTooHigh",
                            format!("Je kunt hiervan maximaal {} stuks retourneren", left.max(0)),
                        );
                    }
                }
                quantity
            }
            _ => {
                add(&mut errors, "quantity", MessageKey::InvalidQuantity);
                0
            }
        },
    };
    match form.reason.as_deref() {
        None => add(&mut errors, "reason", MessageKey::Required),
        Some(reason) if ReturnReason::from_label(reason).is_none() => add_text(
            &mut errors,
            "reason",
            "validation.invalid",
            format!(
                "reason is one of {}",
                ReturnReason::ALL.map(ReturnReason::as_str).join(", ")
            ),
        ),
        Some(_) => {}
    }
    if form
        .comment
        .as_deref()
        .is_some_and(|comment| comment.chars().count() > 1000)
    {
        let message = Message::with_count(MessageKey::MaxLength, 1000)
            .map(|message| message.dutch_text())
            .unwrap_or_default();
        add_text(
            &mut errors,
            "comment",
            &MessageKey::MaxLength.to_string(),
            message,
        );
    }
    let photo_type = match &form.photo {
        None if form.reason.as_deref() == Some("damaged") => {
            add_text(
                &mut errors,
                "photo",
                "validation.photoRequired",
                "Voeg een foto van het beschadigde artikel toe",
            );
            None
        }
        None => None,
        Some(bytes) => match image_type(bytes) {
            Some(found) => Some(found),
            None => {
                add_text(
                    &mut errors,
                    "photo",
                    "validation.photoType",
                    "De foto moet een JPEG-, PNG- of WebP-afbeelding zijn",
                );
                None
            }
        },
    };
    if !errors.is_empty() {
        return Err(ApiError::fields(errors));
    }

    let return_id = secrets::new_id();
    let mut photo_path = None;
    if let (Some(bytes), Some((_, extension))) = (&form.photo, photo_type) {
        let name = format!("{return_id}.{extension}");
        tokio::fs::create_dir_all(&files.photos_dir)
            .await
            .map_err(|error| ApiError::Internal(format!("return photos folder: {error}")))?;
        tokio::fs::write(files.photos_dir.join(&name), bytes)
            .await
            .map_err(|error| ApiError::Internal(format!("return photo: {error}")))?;
        photo_path = Some(name);
    }
    store::insert(
        pool,
        store::NewReturn {
            return_id: &return_id,
            account_id: &signed_in.account_id,
            order_number: form.order_number.as_deref().unwrap_or_default(),
            product_variant_id: variant_id.unwrap_or_default(),
            quantity,
            reason: form.reason.as_deref().unwrap_or_default(),
            comment: form.comment.as_deref(),
            photo_path: photo_path.as_deref(),
            photo_content_type: photo_type.map(|(content_type, _)| content_type),
            created_at: clock::now(),
        },
    )
    .await?;
    let registered = find(&state, &signed_in.account_id, &return_id).await?;
    send_return_received(&state, &signed_in.account_id, &registered).await;
    Ok((StatusCode::CREATED, Json(registered)))
}

/// Confirms a registered return to the customer; a mail that cannot be sent is logged.
async fn send_return_received(state: &AppState, account_id: &str, item: &ReturnView) {
    let account = match crate::accounts::store::by_id(state.db.pool(), account_id).await {
        Ok(Some(account)) => account,
        Ok(None) => return,
        Err(error) => {
            tracing::warn!(%error, "could not read the account for the return mail");
            return;
        }
    };
    let link = match mail::site_link(state, account.site_id, "/account/returns/").await {
        Ok(link) => link,
        Err(error) => {
            tracing::warn!(%error, "could not build the returns link");
            return;
        }
    };
    let notice = Mail::ReturnReceived(ReturnMail {
        name: account.first_name.clone(),
        number: item.order_number.clone(),
        quantity: item.quantity,
        product: item.description.clone().unwrap_or_default(),
        link,
    });
    let recipient = mail::Recipient {
        address: &account.email_address,
        site_id: account.site_id,
        language_id: account.language_id,
    };
    mail::deliver_or_log(state, recipient, &notice).await;
}
