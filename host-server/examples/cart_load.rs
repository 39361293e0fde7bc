//! Load benchmark over loopback HTTP: add to cart plus calculate, on SQLite with the demo
//! fixtures. The server runs in this process on its own runtime; `CONNECTIONS` clients each own
//! a cart and alternate `POST /api/cart/{id}/products` (one more of a variant) with
//! `POST /api/cartcalculation/{id}/calculate`. After a warm-up it reports requests per second
//! and latency percentiles of every request.
//!
//! Two ways to load the server:
//! - closed loop (no `RATE`): each connection sends its next request as soon as the answer
//!   comes, which finds the most the server can answer; latency is then connections divided by
//!   throughput (Little's law), so it says little by itself;
//! - fixed rate (`RATE` requests per second over all connections, like wrk2): each connection
//!   sends on a schedule, and a request's latency counts from when it was due, so a slow answer
//!   that delays the next request is counted too (no coordinated omission); only the up to one
//!   millisecond by which tokio's timer wakes an idle connection late is not counted.
//!
//! `cargo run --release -p host-server --example cart_load [CONNECTIONS] [SECONDS] [MIX] [RATE]`
//! (defaults 200, 15, `both` and closed loop; MIX `calculate` only calculates, after one add
//! per cart). Goals: over 5,000 requests per second, p99 under 5 ms:
//! `cart_load 200 15 both 5000`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use host_server::platform::config::{Config, ImportFixtures};
use tokio::net::TcpListener;

const VARIANTS: [i64; 5] = [1011, 1021, 1031, 1701, 1721];
const WARM_UP: Duration = Duration::from_secs(3);
/// The resolution of tokio's timer.
const TIMER_GRANULARITY: Duration = Duration::from_millis(1);

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let connections: usize = args
        .next()
        .map(|text| text.parse())
        .transpose()?
        .unwrap_or(200);
    let seconds: u64 = args
        .next()
        .map(|text| text.parse())
        .transpose()?
        .unwrap_or(15);
    let only_calculate = args.next().is_some_and(|mix| mix == "calculate");
    let rate: Option<f64> = args.next().map(|text| text.parse()).transpose()?;
    let scratch = std::env::temp_dir().join(format!("hoofbeat-load-{}", std::process::id()));
    std::fs::create_dir_all(&scratch)?;
    let base_url = start_server(&scratch)?;
    let client_runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let result = client_runtime.block_on(run_clients(
        &base_url,
        connections,
        Duration::from_secs(seconds),
        only_calculate,
        rate,
    ));
    std::fs::remove_dir_all(&scratch).ok();
    let (times, errors, elapsed) = result?;
    let all: Vec<Duration> = times.iter().map(|(_, time)| *time).collect();
    let mode = rate.map_or_else(
        || "closed loop".to_owned(),
        |rate| format!("fixed rate {rate:.0}/s"),
    );
    println!(
        "{connections} connections, {mode}, {seconds} s measured: {} requests, {:.0} requests/s, {}, {errors} errors",
        all.len(),
        all.len() as f64 / elapsed.as_secs_f64(),
        percentiles(all),
    );
    for kind in [Kind::Add, Kind::Calculate] {
        let of_kind: Vec<Duration> = times
            .iter()
            .filter(|(of, _)| *of == kind)
            .map(|(_, time)| *time)
            .collect();
        if !of_kind.is_empty() {
            println!(
                "  {kind:?}: {} requests, {}",
                of_kind.len(),
                percentiles(of_kind)
            );
        }
    }
    Ok(())
}

/// The two requests of the mix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Add,
    Calculate,
}

fn percentiles(mut times: Vec<Duration>) -> String {
    times.sort();
    let at = |share: f64| {
        times[((times.len() as f64 * share).ceil() as usize)
            .saturating_sub(1)
            .min(times.len() - 1)]
    };
    format!(
        "p50 {:?}, p90 {:?}, p99 {:?}, p99.9 {:?}, max {:?}",
        at(0.50),
        at(0.90),
        at(0.99),
        at(0.999),
        times[times.len() - 1]
    )
}

/// Starts the shop on a fresh SQLite file with the fixtures, on a runtime of its own.
fn start_server(scratch: &std::path::Path) -> Result<String, Box<dyn std::error::Error>> {
    let mut config =
        Config::from_lookup(|name| (name == "PAYMENT_PROVIDER").then(|| "test".to_owned()))?;
    config.database_url = format!(
        "sqlite://{}?mode=rwc",
        scratch.join("shop.sqlite").display()
    );
    config.mail.outbox_dir = scratch.join("outbox");
    config.staff.secrets_key_file = scratch.join("staff-secrets.key");
    config.import_fixtures = ImportFixtures::Auto;
    config.fixtures_dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let listener = runtime.block_on(TcpListener::bind("127.0.0.1:0"))?;
    let base_url = format!("http://{}", listener.local_addr()?);
    std::thread::spawn(move || {
        runtime.block_on(async move {
            if let Err(error) = host_server::serve(config, listener, std::future::pending()).await {
                eprintln!("server stopped: {error}");
            }
        });
    });
    Ok(base_url)
}

type Outcome = (Vec<(Kind, Duration)>, usize, Duration);

async fn run_clients(
    base_url: &str,
    connections: usize,
    measured: Duration,
    only_calculate: bool,
    rate: Option<f64>,
) -> Result<Outcome, Box<dyn std::error::Error>> {
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(connections)
        .build()?;
    wait_until_healthy(&client, base_url).await?;
    let started = Instant::now();
    let measure_from = started + WARM_UP;
    let stop_at = measure_from + measured;
    let mut tasks = tokio::task::JoinSet::new();
    // At a fixed rate each connection sends every `interval`, the connections spread evenly.
    let interval = rate.map(|rate| Duration::from_secs_f64(connections as f64 / rate));
    for connection in 0..connections {
        let (client, base_url) = (client.clone(), Arc::<str>::from(base_url));
        let schedule = interval.map(|interval| Schedule {
            first: started + interval.mul_f64(connection as f64 / connections as f64),
            interval,
        });
        let window = (measure_from, stop_at);
        tasks.spawn(async move {
            one_connection(
                client,
                &base_url,
                connection,
                only_calculate,
                window,
                schedule,
            )
            .await
        });
    }
    let mut times = Vec::new();
    let mut errors = 0;
    for result in tasks.join_all().await {
        let (connection_times, connection_errors) = result?;
        times.extend(connection_times);
        errors += connection_errors;
    }
    if times.is_empty() {
        return Err("no request was measured".into());
    }
    Ok((times, errors, measured))
}

async fn wait_until_healthy(
    client: &reqwest::Client,
    base_url: &str,
) -> Result<(), Box<dyn std::error::Error>> {
    for _ in 0..600 {
        if client
            .get(format!("{base_url}/api/health"))
            .send()
            .await
            .is_ok_and(|response| response.status().is_success())
        {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Err("the server did not start".into())
}

/// When a fixed-rate connection's requests are due.
#[derive(Clone, Copy)]
struct Schedule {
    first: Instant,
    interval: Duration,
}

async fn one_connection(
    client: reqwest::Client,
    base_url: &str,
    connection: usize,
    only_calculate: bool,
    (measure_from, stop_at): (Instant, Instant),
    schedule: Option<Schedule>,
) -> Result<(Vec<(Kind, Duration)>, usize), String> {
    let created = client
        .post(format!("{base_url}/api/cart"))
        .header("siteid", "1")
        .header("languageid", "1")
        .send()
        .await
        .map_err(|error| error.to_string())?;
    let body: serde_json::Value = created.json().await.map_err(|error| error.to_string())?;
    let cart = body["cart"]["shoppingcartId"]
        .as_str()
        .ok_or("no cart id")?
        .to_owned();
    let add = |round: usize| {
        format!(
            "{base_url}/api/cart/{cart}/products?productVariantId={}&quantity=1",
            VARIANTS[round % VARIANTS.len()]
        )
    };
    let calculate = format!("{base_url}/api/cartcalculation/{cart}/calculate");
    let (mut times, mut errors) = (Vec::new(), 0);
    let mut round = connection;
    if only_calculate {
        client
            .post(add(round))
            .send()
            .await
            .map_err(|error| error.to_string())?;
    }
    let mut due = schedule.map(|schedule| schedule.first);
    let mut previous_answered = Instant::now();
    while Instant::now() < stop_at {
        let requests = if only_calculate {
            vec![(Kind::Calculate, calculate.clone())]
        } else {
            vec![
                (Kind::Add, add(round)),
                (Kind::Calculate, calculate.clone()),
            ]
        };
        for (kind, url) in requests {
            let sent = match (due, schedule) {
                (Some(at), Some(schedule)) => {
                    due = Some(at + schedule.interval);
                    if previous_answered > at {
                        // The previous answer came after this request was due: it counts from
                        // when it was due, the wait for that answer included.
                        at
                    } else {
                        // The connection was idle. tokio's timer counts whole milliseconds and
                        // wakes up to one late: that much is the client's delay, not the
                        // server's; any later wake-up counts.
                        tokio::time::sleep_until(at.into()).await;
                        Instant::now().min(at + TIMER_GRANULARITY)
                    }
                }
                _ => Instant::now(),
            };
            let ok = match client.post(&url).send().await {
                Ok(response) => response.status().is_success() && response.bytes().await.is_ok(),
                Err(_) => false,
            };
            previous_answered = Instant::now();
            if sent >= measure_from && sent < stop_at {
                times.push((kind, sent.elapsed()));
                errors += usize::from(!ok);
            }
        }
        round += 1;
    }
    Ok((times, errors))
}
