#!/usr/bin/env python3
"""The order desk under a large shop's history: N generated orders on PostgreSQL.

Creates the database `hoofbeat_order_desk_bench` on the local PostgreSQL (dropped first), starts
host-server on it with the demo data, adds N orders (one in two with a provider payment, one in
fifty a laboratory scan, spread over N minutes back from now, on three sites) with one SQL
statement each, and times the back office's calls with an integration key: the work queue
unfiltered and with each filter, the searches (order number, e-mail address, postcode), paging
deep into the queue, and one order's page. Prints p50 and p95 of each and exits 1 when a budget
is missed: the queue and the search p95 under 100 ms, the order page p95 under 50 ms.

Usage: scripts/bench/order-desk.py [ORDERS] [RUNS]   (default 1000000 orders, 30 runs each)
Needs: a host-server binary (HOST_SERVER_BIN, default target/release/host-server), psql, and
PostgreSQL on 127.0.0.1:5432 (user postgres, trust authentication).
"""

import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATABASE = "hoofbeat_order_desk_bench"
ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres"
DATABASE_URL = f"postgres://postgres@127.0.0.1:5432/{DATABASE}"
QUEUE_BUDGET_MS = 100
ORDER_BUDGET_MS = 50

ORDER_ROWS = """
INSERT INTO orders (order_id, public_id, order_number, site_id, language_id, status, email_address,
    billing_json, alternative_shipping_address, shipping_method, newsletter_subscribe,
    scan_products_only, payment_method_id, order_discounts_json, shipping_discounts_json,
    sub_total_amount, original_shipping_costs, shipping_costs, payment_costs, total_amount,
    vat_amount_low, vat_amount_high, total_amount_excl_vat, gift_card_amount, amount_to_pay,
    created_at, updated_at)
SELECT 10000000 + g, md5('bench' || g), 'BM-' || lpad(g::text, 7, '0'), 1 + g % 3, 1,
    (ARRAY['open', 'paid', 'processing', 'sent', 'closed', 'cancelled'])[1 + g % 6],
    'customer' || g || '@example.com',
    '{"firstName":"Anna","lastName":"Klant' || g || '","emailAddress":"customer' || g
        || '@example.com","address":{"street":"Dorpsstraat","streetNumber":"' || g % 200
        || '","zipcode":"' || (1000 + g % 9000) || ' AB","city":"Utrecht","countryId":1}}',
    0, 1, 0, CASE WHEN g % 50 = 0 THEN 1 ELSE 0 END, 1 + g % 6, '[]', '[]',
    '29.65', '4.95', '4.95', '0.00', '34.60', '2.86', '0.00', '31.74', '0.00', '34.60',
    $NOW - g * 60000, $NOW - g * 60000
FROM generate_series(1::bigint, $COUNT) AS g;
"""

PAYMENT_ROWS = """
INSERT INTO payments (payment_id, order_id, provider, payment_method_id, amount, status,
    checkout_url, created_at, updated_at)
SELECT 'tr_bench' || g, 10000000 + g, 'mollie', 1, '34.60',
    (ARRAY['paid', 'open', 'failed', 'expired'])[1 + (g / 2) % 4], '', $NOW - g * 60000,
    $NOW - g * 60000
FROM generate_series(2::bigint, $COUNT, 2) AS g;
"""

LINE_ROWS = """
INSERT INTO order_lines (order_id, line_number, product_id, product_variant_id, product_type,
    description, quantity, unit_price, original_amount, discount_amount, total_amount, vat_type,
    vat_rate_percentage, is_free)
SELECT 10000000 + g, 1, 1, 1011, 2, 'Hoefslag Sport Muesli', 1, '32.95', '32.95', '3.30',
    '29.65', 'low', '9', 0
FROM generate_series(1::bigint, LEAST($COUNT, 10000)) AS g;
"""


def filled(sql: str, now: int, count: int) -> str:
    return sql.replace("$NOW", str(now)).replace("$COUNT", str(count))


def psql(url: str, sql: str) -> None:
    subprocess.run(["psql", "-q", "-v", "ON_ERROR_STOP=1", url, "-c", sql], check=True)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def server_environment(port: int, outbox: str) -> dict:
    environment = dict(os.environ)
    environment.update(
        {
            "DATABASE_URL": DATABASE_URL,
            "PORT": str(port),
            "FIXTURES_DIR": str(ROOT / "fixtures"),
            "OUTBOX_DIR": outbox,
            "PAYMENT_PROVIDER": "test",
            "RENDERER_URL": "",
            "RUST_LOG": "warn",
            # No housekeeping round during the run: it would cancel the generated unpaid orders.
            "HOUSEKEEPING_INTERVAL": "86400",
        }
    )
    return environment


def wait_for(url: str, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.5)
    raise SystemExit(f"{url} did not answer")


def call(url: str, key: str) -> tuple[float, dict]:
    request = urllib.request.Request(url, headers={"x-api-key": key})
    started = time.perf_counter()
    with urllib.request.urlopen(request, timeout=30) as response:
        body = json.loads(response.read())
    return (time.perf_counter() - started) * 1000, body


def timed(url: str, key: str, runs: int) -> tuple[float, float]:
    call(url, key)
    times = sorted(call(url, key)[0] for _ in range(runs))
    return statistics.median(times), times[max(0, int(len(times) * 0.95) - 1)]


def deep_pages(base: str, key: str, pages: int) -> list[float]:
    times, after = [], ""
    for _ in range(pages):
        elapsed, body = call(f"{base}/api/backoffice/orders?pageSize=50{after}", key)
        times.append(elapsed)
        after = f"&after={body['next']}"
    return sorted(times)


def main() -> int:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    binary = os.environ.get("HOST_SERVER_BIN", str(ROOT / "target/release/host-server"))
    psql(ADMIN_URL, f"DROP DATABASE IF EXISTS {DATABASE}")
    psql(ADMIN_URL, f"CREATE DATABASE {DATABASE}")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as outbox:
        environment = server_environment(port, outbox)
        server = subprocess.Popen([binary], env=environment, cwd=ROOT)
        try:
            wait_for(f"{base}/api/health")
            now = int(time.time() * 1000)
            started = time.monotonic()
            for rows in (ORDER_ROWS, PAYMENT_ROWS, LINE_ROWS):
                psql(DATABASE_URL, filled(rows, now, count))
            psql(DATABASE_URL, "ANALYZE")
            print(f"{count} orders generated in {time.monotonic() - started:.0f} s")
            key = subprocess.run(
                [binary, "create-integration-key", "--name", "bench", "--permissions", "orders.read"],
                env=environment, cwd=ROOT, check=True, capture_output=True, text=True,
            ).stdout.strip().splitlines()[-1]
            return measure(base, key, count, runs)
        finally:
            server.terminate()
            server.wait()


def measure(base: str, key: str, count: int, runs: int) -> int:
    middle = time.strftime("%Y-%m-%d", time.gmtime(time.time() - count * 30))
    week_later = time.strftime("%Y-%m-%d", time.gmtime(time.time() - count * 30 + 6 * 86400))
    queue = f"{base}/api/backoffice/orders"
    cases = [
        ("queue: newest 50", f"{queue}", QUEUE_BUDGET_MS),
        ("queue: status paid", f"{queue}?status=paid", QUEUE_BUDGET_MS),
        ("queue: payment failed", f"{queue}?paymentStatus=failed", QUEUE_BUDGET_MS),
        ("queue: site 2", f"{queue}?site=2", QUEUE_BUDGET_MS),
        ("queue: one week, long ago", f"{queue}?from={middle}&to={week_later}", QUEUE_BUDGET_MS),
        ("queue: scan orders", f"{queue}?scanOrder=true", QUEUE_BUDGET_MS),
        ("search: order number", f"{queue}?q=bm-{count // 2:07d}", QUEUE_BUDGET_MS),
        ("search: e-mail address", f"{queue}?q=customer{count // 3}%40", QUEUE_BUDGET_MS),
        ("search: postcode", f"{queue}?q=4321%20ab", QUEUE_BUDGET_MS),
        ("order page", f"{base}/api/backoffice/orders/BM-{count // 2:07d}", ORDER_BUDGET_MS),
    ]
    missed = 0
    print(f"{'what':32} {'p50 ms':>8} {'p95 ms':>8}  budget")
    for name, url, budget in cases:
        p50, p95 = timed(url, key, runs)
        met = p95 < budget
        missed += 0 if met else 1
        print(f"{name:32} {p50:8.1f} {p95:8.1f}  p95 < {budget} ms: {'met' if met else 'MISSED'}")
    # Not a budget: a search every order matches reads them all (a few seconds at a million).
    p50, p95 = timed(f"{queue}?q=utrecht", key, 3)
    print(f"{'search: a city of every order':32} {p50:8.1f} {p95:8.1f}  (no budget)")
    pages = deep_pages(base, key, 40)
    print(f"{'queue: 40 pages deep, each':32} {statistics.median(pages):8.1f} {pages[-2]:8.1f}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
