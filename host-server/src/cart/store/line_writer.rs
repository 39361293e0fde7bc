//! Writing cart lines, the busiest write of the shop, with group commit on SQLite.
//!
//! SQLite lets one connection write at a time. When several requests each write their line on
//! a connection of their own, all but one find the database locked and SQLite's busy handler
//! puts them to sleep for 1, 2, 5, 10 ms and more: the slowest requests of a busy shop. Here
//! one task writes every line: whatever lines arrived while it wrote the last batch go into the
//! database together, as one statement (one round trip to the connection's thread, one
//! commit). A batch that fails is written again line by line, so each request gets its own
//! answer and one bad line cannot fail the others.
//!
//! Adding to a cart adds to the stored count in the statement itself (`count = count + n`), so
//! that adds arriving together all count; setting a count writes it. A batch holds each line
//! once (a second change of a line waits for the next batch), so every write learns the count
//! it left from the statement's `RETURNING`.
//!
//! On PostgreSQL, whose rows are locked one by one, each line is written directly.

use engine::ids::{ProductId, ProductVariantId};
use std::collections::{BTreeMap, HashSet};

use sqlx::{AnyPool, Row};
use tokio::sync::{mpsc, oneshot};

use crate::platform::db::Backend;

/// The most lines written in one statement (six parameters each).
const MAX_BATCH: usize = 64;

/// One line's count to set (inserting the line when new) at a time.
#[derive(Clone, Debug)]
pub struct LineWrite {
    pub cart_id: String,
    pub product_variant_id: ProductVariantId,
    pub product_id: ProductId,
    pub count: i64,
    /// When the line was added, for a new line.
    pub added_at: i64,
    /// When this change was made.
    pub changed_at: i64,
    /// Adds `count` to the stored count (kept within 1 to [`engine::cart::MAX_QUANTITY`])
    /// rather than replacing it.
    pub add: bool,
}

impl LineWrite {
    fn key(&self) -> (String, ProductVariantId) {
        (self.cart_id.clone(), self.product_variant_id)
    }
}

/// The counts lines have after a write, by cart and variant.
type Counts = BTreeMap<(String, ProductVariantId), i64>;

struct Job {
    write: LineWrite,
    done: oneshot::Sender<Result<i64, sqlx::Error>>,
}

/// See the module documentation.
pub struct LineWriter {
    pool: AnyPool,
    /// The writing task's queue, on SQLite.
    queue: Option<mpsc::UnboundedSender<Job>>,
}

impl LineWriter {
    /// A writer for this database; on SQLite it starts its task, which ends with the writer.
    pub fn start(pool: AnyPool, backend: Backend) -> LineWriter {
        let queue = (backend == Backend::Sqlite).then(|| {
            let (sender, receiver) = mpsc::unbounded_channel();
            tokio::spawn(write_batches(pool.clone(), receiver));
            sender
        });
        LineWriter { pool, queue }
    }

    /// Writes one line; done when it is committed, with the line's count then.
    pub async fn write(&self, write: LineWrite) -> Result<i64, sqlx::Error> {
        let Some(queue) = &self.queue else {
            return write_one(&self.pool, &write).await;
        };
        let (done, answer) = oneshot::channel();
        queue.send(Job { write, done }).map_err(|_| stopped())?;
        answer.await.map_err(|_| stopped())?
    }
}

fn stopped() -> sqlx::Error {
    sqlx::Error::PoolClosed
}

/// The writing task: takes every job waiting (up to [`MAX_BATCH`]) and writes them together.
async fn write_batches(pool: AnyPool, mut receiver: mpsc::UnboundedReceiver<Job>) {
    let mut waiting: Vec<Job> = Vec::with_capacity(MAX_BATCH);
    loop {
        if waiting.is_empty() {
            if receiver.recv_many(&mut waiting, MAX_BATCH).await == 0 {
                return;
            }
        } else {
            while waiting.len() < MAX_BATCH {
                let Ok(job) = receiver.try_recv() else { break };
                waiting.push(job);
            }
        }
        let jobs = one_change_per_line(&mut waiting);
        write_batch(&pool, jobs).await;
    }
}

/// Takes the jobs to write together out of `waiting`, in order: each line's first change; a
/// later change of the same line stays for the next batch.
fn one_change_per_line(waiting: &mut Vec<Job>) -> Vec<Job> {
    let mut lines = HashSet::new();
    let (batch, later): (Vec<Job>, Vec<Job>) = waiting
        .drain(..)
        .partition(|job| lines.insert(job.write.key()));
    *waiting = later;
    batch
}

async fn write_batch(pool: &AnyPool, jobs: Vec<Job>) {
    if jobs.len() > 1 {
        let writes: Vec<LineWrite> = jobs.iter().map(|job| job.write.clone()).collect();
        if let Ok(counts) = write_lines(pool, &writes).await {
            for job in jobs {
                let count = counts
                    .get(&job.write.key())
                    .copied()
                    .ok_or(sqlx::Error::RowNotFound);
                let _gone = job.done.send(count);
            }
            return;
        }
    }
    for job in jobs {
        let result = write_one(pool, &job.write).await;
        let _gone = job.done.send(result);
    }
}

async fn write_one(pool: &AnyPool, write: &LineWrite) -> Result<i64, sqlx::Error> {
    let counts = write_lines(pool, std::slice::from_ref(write)).await?;
    counts
        .get(&write.key())
        .copied()
        .ok_or(sqlx::Error::RowNotFound)
}

/// Writes the lines (each line once) in one transaction: one statement for the counts set and
/// one for the counts added; the database moves each cart's modification time with its line
/// (migration 0026).
async fn write_lines(pool: &AnyPool, writes: &[LineWrite]) -> Result<Counts, sqlx::Error> {
    let (added, set): (Vec<&LineWrite>, Vec<&LineWrite>) =
        writes.iter().partition(|write| write.add);
    let mut counts = Counts::new();
    if added.is_empty() || set.is_empty() {
        let mut connection = pool.acquire().await?;
        upsert(&mut connection, &added, true, &mut counts).await?;
        upsert(&mut connection, &set, false, &mut counts).await?;
        return Ok(counts);
    }
    let mut transaction = pool.begin().await?;
    upsert(&mut transaction, &added, true, &mut counts).await?;
    upsert(&mut transaction, &set, false, &mut counts).await?;
    transaction.commit().await?;
    Ok(counts)
}

/// One statement for the given lines, adding to or replacing their counts.
async fn upsert(
    connection: &mut sqlx::AnyConnection,
    writes: &[&LineWrite],
    add: bool,
    counts: &mut Counts,
) -> Result<(), sqlx::Error> {
    if writes.is_empty() {
        return Ok(());
    }
    let rows: Vec<String> = (0..writes.len())
        .map(|row| {
            let first = row * 6;
            format!(
                "(${}, ${}, ${}, ${}, ${}, ${})",
                first + 1,
                first + 2,
                first + 3,
                first + 4,
                first + 5,
                first + 6
            )
        })
        .collect();
    let count = if add {
        let max = engine::cart::MAX_QUANTITY;
        format!(
            "CASE WHEN cart_lines.count + excluded.count > {max} THEN {max} \
             WHEN cart_lines.count + excluded.count < 1 THEN 1 ELSE cart_lines.count + excluded.count END"
        )
    } else {
        "excluded.count".to_owned()
    };
    let sql = format!(
        "INSERT INTO cart_lines (cart_id, product_variant_id, product_id, count, added_at, changed_at) VALUES {} \
         ON CONFLICT (cart_id, product_variant_id) DO UPDATE SET count = {count}, changed_at = excluded.changed_at \
         RETURNING cart_id, product_variant_id, count",
        rows.join(", ")
    );
    let mut query = sqlx::query(&sql);
    for write in writes {
        query = query
            .bind(write.cart_id.clone())
            .bind(write.product_variant_id.get())
            .bind(write.product_id.get())
            .bind(write.count)
            .bind(write.added_at)
            .bind(write.changed_at);
    }
    for row in query.fetch_all(&mut *connection).await? {
        let variant: i64 = row.try_get(1)?;
        counts.insert(
            (row.try_get(0)?, ProductVariantId::new(variant)),
            row.try_get(2)?,
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::db::Database;

    fn write(cart_id: &str, variant: i64, count: i64, at: i64) -> LineWrite {
        LineWrite {
            cart_id: cart_id.to_owned(),
            product_variant_id: ProductVariantId::new(variant),
            product_id: ProductId::new(1),
            count,
            added_at: at,
            changed_at: at,
            add: false,
        }
    }

    /// Queues the writes before the writing task starts, so that it takes them as one batch,
    /// and answers whether each was written.
    async fn one_batch(pool: &AnyPool, writes: Vec<LineWrite>) -> Vec<bool> {
        let (queue, receiver) = mpsc::unbounded_channel();
        let mut answers = Vec::new();
        for write in writes {
            let (done, answer) = oneshot::channel();
            queue.send(Job { write, done }).unwrap();
            answers.push(answer);
        }
        drop(queue);
        write_batches(pool.clone(), receiver).await;
        let mut written = Vec::new();
        for answer in answers {
            written.push(answer.await.unwrap().is_ok());
        }
        written
    }

    async fn lines(pool: &AnyPool) -> Vec<(String, i64, i64)> {
        sqlx::query_as("SELECT cart_id, product_variant_id, count FROM cart_lines ORDER BY cart_id, product_variant_id")
            .fetch_all(pool)
            .await
            .unwrap()
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn lines_written_together_each_get_their_own_answer() {
        let folder = std::env::temp_dir().join(format!(
            "hoofbeat-line-writer-{}",
            uuid::Uuid::new_v4().simple()
        ));
        let db = Database::connect(&format!(
            "sqlite://{}?mode=rwc",
            folder.join("shop.sqlite").display()
        ))
        .await
        .unwrap();
        let pool = db.pool();
        for cart in ["a", "b"] {
            sqlx::query("INSERT INTO carts (cart_id, site_id, language_id, created_at, last_modified) VALUES ($1, 1, 1, 0, 0)")
                .bind(cart)
                .execute(pool)
                .await
                .unwrap();
        }

        // One statement; the same line set twice keeps the later count.
        let written = one_batch(
            pool,
            vec![
                write("a", 1, 1, 10),
                write("a", 2, 5, 10),
                write("b", 1, 3, 20),
                write("a", 1, 2, 30),
            ],
        )
        .await;
        assert_eq!(written, [true; 4]);
        let a = ("a".to_owned(), 1, 2);
        assert_eq!(
            lines(pool).await,
            [a.clone(), ("a".to_owned(), 2, 5), ("b".to_owned(), 1, 3)]
        );
        let touched: Vec<(i64,)> =
            sqlx::query_as("SELECT last_modified FROM carts ORDER BY cart_id")
                .fetch_all(pool)
                .await
                .unwrap();
        assert_eq!(
            touched,
            [(30,), (20,)],
            "the trigger of migration 0026 moved each cart's time"
        );

        // A line of a cart that does not exist fails the statement: written again one by one,
        // it fails alone.
        let written = one_batch(pool, vec![write("none", 1, 1, 40), write("a", 2, 6, 40)]).await;
        assert_eq!(written, [false, true]);
        assert_eq!(
            lines(pool).await,
            [a, ("a".to_owned(), 2, 6), ("b".to_owned(), 1, 3)]
        );

        pool.close().await;
        std::fs::remove_dir_all(folder).ok();
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_writer_whose_task_stopped_answers_an_error() {
        let (queue, receiver) = mpsc::unbounded_channel();
        drop(receiver);
        sqlx::any::install_default_drivers();
        let pool = sqlx::any::AnyPoolOptions::new()
            .connect_lazy("sqlite::memory:")
            .unwrap();
        let writer = LineWriter {
            pool,
            queue: Some(queue),
        };
        assert!(matches!(
            writer.write(write("a", 1, 1, 0)).await,
            Err(sqlx::Error::PoolClosed)
        ));
    }
}
