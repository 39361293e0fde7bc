//! What the order desk adds to an order: the staff's notes, and a bank transfer registered as
//! received.

use engine::money::Money;
use sqlx::{AnyConnection, AnyPool};

/// A note on an order.
#[derive(Debug, sqlx::FromRow)]
pub struct NoteRow {
    pub note_id: i64,
    pub author_name: String,
    pub body: String,
    pub created_at: i64,
}

/// A new note, in the caller's transaction (with its audit entry).
pub struct NewNote<'a> {
    pub order_id: i64,
    pub author_id: &'a str,
    pub author_name: &'a str,
    pub body: &'a str,
    pub created_at: i64,
}

/// Adds a note; answers its id.
pub async fn insert_note(
    connection: &mut AnyConnection,
    note: &NewNote<'_>,
) -> Result<i64, sqlx::Error> {
    let (note_id,): (i64,) = sqlx::query_as(
        "UPDATE counters SET value = value + 1 WHERE name = 'order_note' RETURNING value",
    )
    .fetch_one(&mut *connection)
    .await?;
    sqlx::query(
        "INSERT INTO order_notes (note_id, order_id, author_id, author_name, body, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(note_id)
    .bind(note.order_id)
    .bind(note.author_id)
    .bind(note.author_name)
    .bind(note.body)
    .bind(note.created_at)
    .execute(connection)
    .await?;
    Ok(note_id)
}

/// An order's notes, oldest first.
pub async fn notes_of_order(pool: &AnyPool, order_id: i64) -> Result<Vec<NoteRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT note_id, author_name, body, created_at FROM order_notes \
         WHERE order_id = $1 ORDER BY created_at, note_id",
    )
    .bind(order_id)
    .fetch_all(pool)
    .await
}

/// Records a bank transfer received for an order as a paid payment of the provider `bank`.
pub async fn insert_received_transfer(
    connection: &mut AnyConnection,
    payment_id: &str,
    order_id: i64,
    amount: Money,
    received_at: i64,
    recorded_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO payments (payment_id, order_id, provider, payment_method_id, issuer, amount, \
         status, checkout_url, created_at, updated_at) \
         VALUES ($1, $2, 'bank', NULL, NULL, $3, 'paid', '', $4, $5)",
    )
    .bind(payment_id)
    .bind(order_id)
    .bind(amount.to_string())
    .bind(received_at)
    .bind(recorded_at)
    .execute(connection)
    .await?;
    Ok(())
}
