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
//! On PostgreSQL, whose rows are locked one by one, each line is written directly.

use sqlx::AnyPool;
use tokio::sync::{mpsc, oneshot};

use crate::db::Backend;

/// The most lines written in one statement (six parameters each).
const MAX_BATCH: usize = 64;

/// One line's count to set (inserting the line when new) at a time.
#[derive(Clone, Debug)]
pub struct LineWrite {
    pub cart_id: String,
    pub product_variant_id: i64,
    pub product_id: i64,
    pub count: i64,
    /// When the line was added, for a new line.
    pub added_at: i64,
    /// When this change was made.
    pub changed_at: i64,
}

struct Job {
    write: LineWrite,
    done: oneshot::Sender<Result<(), sqlx::Error>>,
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

    /// Writes one line; done when it is committed.
    pub async fn write(&self, write: LineWrite) -> Result<(), sqlx::Error> {
        let Some(queue) = &self.queue else { return write_lines(&self.pool, std::slice::from_ref(&write)).await };
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
    let mut jobs = Vec::with_capacity(MAX_BATCH);
    while receiver.recv_many(&mut jobs, MAX_BATCH).await > 0 {
        let writes: Vec<LineWrite> = jobs.iter().map(|job| job.write.clone()).collect();
        if jobs.len() > 1 && write_lines(&pool, &writes).await.is_ok() {
            for job in jobs.drain(..) {
                let _gone = job.done.send(Ok(()));
            }
            continue;
        }
        for job in jobs.drain(..) {
            let result = write_lines(&pool, std::slice::from_ref(&job.write)).await;
            let _gone = job.done.send(result);
        }
    }
}

/// Sets the lines in one statement; the database moves each cart's modification time with its
/// line (migration 0026). Lines of one cart and variant are set in the order given.
async fn write_lines(pool: &AnyPool, writes: &[LineWrite]) -> Result<(), sqlx::Error> {
    let rows: Vec<String> = (0..writes.len())
        .map(|row| {
            let first = row * 6;
            format!("(${}, ${}, ${}, ${}, ${}, ${})", first + 1, first + 2, first + 3, first + 4, first + 5, first + 6)
        })
        .collect();
    let sql = format!(
        "INSERT INTO cart_lines (cart_id, product_variant_id, product_id, count, added_at, changed_at) VALUES {} \
         ON CONFLICT (cart_id, product_variant_id) DO UPDATE SET count = excluded.count, changed_at = excluded.changed_at",
        rows.join(", ")
    );
    let mut query = sqlx::query(&sql);
    for write in writes {
        query = query
            .bind(write.cart_id.clone())
            .bind(write.product_variant_id)
            .bind(write.product_id)
            .bind(write.count)
            .bind(write.added_at)
            .bind(write.changed_at);
    }
    query.execute(pool).await.map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::Database;

    fn write(cart_id: &str, variant: i64, count: i64, at: i64) -> LineWrite {
        LineWrite { cart_id: cart_id.to_owned(), product_variant_id: variant, product_id: 1, count, added_at: at, changed_at: at }
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
        let folder = std::env::temp_dir().join(format!("hoofbeat-line-writer-{}", uuid::Uuid::new_v4().simple()));
        let db = Database::connect(&format!("sqlite://{}?mode=rwc", folder.join("shop.sqlite").display())).await.unwrap();
        let pool = db.pool();
        for cart in ["a", "b"] {
            sqlx::query("INSERT INTO carts (cart_id, site_id, language_id, created_at, last_modified) VALUES ($1, 1, 1, 0, 0)")
                .bind(cart)
                .execute(pool)
                .await
                .unwrap();
        }

        // One statement; the same line set twice keeps the later count.
        let written = one_batch(pool, vec![write("a", 1, 1, 10), write("a", 2, 5, 10), write("b", 1, 3, 20), write("a", 1, 2, 30)]).await;
        assert_eq!(written, [true; 4]);
        let a = ("a".to_owned(), 1, 2);
        assert_eq!(lines(pool).await, [a.clone(), ("a".to_owned(), 2, 5), ("b".to_owned(), 1, 3)]);
        let touched: Vec<(i64,)> = sqlx::query_as("SELECT last_modified FROM carts ORDER BY cart_id").fetch_all(pool).await.unwrap();
        assert_eq!(touched, [(30,), (20,)], "the trigger of migration 0026 moved each cart's time");

        // A line of a cart that does not exist fails the statement: written again one by one,
        // it fails alone.
        let written = one_batch(pool, vec![write("none", 1, 1, 40), write("a", 2, 6, 40)]).await;
        assert_eq!(written, [false, true]);
        assert_eq!(lines(pool).await, [a, ("a".to_owned(), 2, 6), ("b".to_owned(), 1, 3)]);

        pool.close().await;
        std::fs::remove_dir_all(folder).ok();
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_writer_whose_task_stopped_answers_an_error() {
        let (queue, receiver) = mpsc::unbounded_channel();
        drop(receiver);
        sqlx::any::install_default_drivers();
        let pool = sqlx::any::AnyPoolOptions::new().connect_lazy("sqlite::memory:").unwrap();
        let writer = LineWriter { pool, queue: Some(queue) };
        assert!(matches!(writer.write(write("a", 1, 1, 0)).await, Err(sqlx::Error::PoolClosed)));
    }
}
