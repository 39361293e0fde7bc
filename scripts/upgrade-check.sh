#!/usr/bin/env bash
# An upgrade without downtime, checked with real binaries: a server of the previous release runs
# the demo shop on a fresh PostgreSQL database under a steady stream of shoppers; a server of
# this release starts on the same database and runs its new migrations while the old one keeps
# answering; both answer side by side; then the old one stops. Fails when the old server answers
# anything but success while the new one migrates, when the new one does not become ready, or
# when a cart made on the old server is not found on the new one.
#
# Run before a release (docs/operations.md#upgrades-without-downtime); not part of
# `scripts/test.sh`, whose 30 minutes have no room for building the previous release too.
#
# Usage: bash scripts/upgrade-check.sh [PREVIOUS_REVISION]
#   PREVIOUS_REVISION: a git revision of the previous release; default the commit before the
#   one that added the newest migration. Its server is built once into target/upgrade-previous.
# HOST_SERVER_BIN: this release's binary already built; without it the script builds one.
source "$(dirname "${BASH_SOURCE[0]}")/lib/setup.sh"
cd "$REPO_ROOT"
postgres_answers || fail "the check needs PostgreSQL on 127.0.0.1:5432"
command -v psql > /dev/null || fail "the check needs psql (Debian: postgresql-client)"

newest="$(ls host-server/migrations/postgres | sort | tail -1)"
added="$(git log --diff-filter=A --format=%H -1 -- "host-server/migrations/postgres/$newest")"
previous="$(git rev-parse --verify "${1:-$added^}^{commit}")" || fail "no such revision: ${1:-$added^}"
SCRATCH="$(mktemp -d)"
DATABASE="hoofbeat_upgrade_$$"
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  psql -q -h 127.0.0.1 -U postgres -d test -c "DROP DATABASE IF EXISTS $DATABASE WITH (FORCE)" > /dev/null 2>&1 || true
  git worktree remove --force "$SCRATCH/previous" 2>/dev/null || true
  rm -rf "$SCRATCH"
}
trap cleanup EXIT

step "Building the previous release ($(git log -1 --format='%h %s' "$previous" | cut -c1-70))"
git worktree add --quiet --detach "$SCRATCH/previous" "$previous"
(cd "$SCRATCH/previous" && CARGO_TARGET_DIR="$REPO_ROOT/target/upgrade-previous" cargo build --quiet -p host-server)
PREVIOUS_BIN="$REPO_ROOT/target/upgrade-previous/debug/host-server"
if [ -z "${HOST_SERVER_BIN:-}" ]; then
  step "Building this release"
  cargo build --quiet -p host-server
fi
CURRENT_BIN="${HOST_SERVER_BIN:-$REPO_ROOT/target/debug/host-server}"

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
psql -q -h 127.0.0.1 -U postgres -d test -c "CREATE DATABASE $DATABASE" > /dev/null
export DATABASE_URL="postgres://postgres@127.0.0.1:5432/$DATABASE" PAYMENT_PROVIDER=test RENDERER_URL= \
  FIXTURES_DIR="$REPO_ROOT/fixtures" OUTBOX_DIR="$SCRATCH/outbox" RETURN_PHOTOS_DIR="$SCRATCH/returns" \
  STAFF_SECRETS_KEY="$(python3 -c 'import secrets; print(secrets.token_hex(32))')" RUST_LOG=warn

start_server() { # BINARY PORT LOG
  PORT="$2" "$1" > "$3" 2>&1 &
  PIDS+=($!)
  for _ in $(seq 1 600); do
    curl -sf "http://127.0.0.1:$2/api/health" > /dev/null && return 0
    sleep 0.1
  done
  cat "$3"; fail "the server on port $2 did not start"
}

OLD_PORT="$(free_port)"; NEW_PORT="$(free_port)"
step "The previous release serves the demo shop on port $OLD_PORT"
IMPORT_FIXTURES=auto start_server "$PREVIOUS_BIN" "$OLD_PORT" "$SCRATCH/previous.log"

# Shoppers: each round makes a cart, adds a product and searches, and writes one line per
# answer: the port, the status and whether the new server was ready yet.
cat > "$SCRATCH/shoppers.py" <<'EOF'
import json, os, sys, threading, time, urllib.request, urllib.error
ports, stop_file, out = sys.argv[1].split(","), sys.argv[2], open(sys.argv[3], "w")
lock = threading.Lock()
def call(port, method, path, body=None):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"siteid": "1", "languageid": "1", "content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, b""
    except Exception as error:
        return 0, str(error).encode()
def shopper(port):
    while not os.path.exists(stop_file):
        status, body = call(port, "POST", "/api/cart")
        cart = json.loads(body)["cart"]["shoppingcartId"] if status in (200, 201) else None
        results = [status]
        if cart:
            results.append(call(port, "POST", f"/api/cart/{cart}/products?productVariantId=1701&quantity=1")[0])
        results.append(call(port, "POST", "/api/products/search",
            {"filter": {"searchTerm": "muesli"}, "pageInfo": {"page": 1, "pageSize": 12}})[0])
        with lock:
            for result in results:
                out.write(f"{port} {result} {cart or '-'}\n")
            out.flush()
threads = [threading.Thread(target=shopper, args=(port,)) for port in ports for _ in range(2)]
[thread.start() for thread in threads]
[thread.join() for thread in threads]
EOF
python3 "$SCRATCH/shoppers.py" "$OLD_PORT" "$SCRATCH/stop-old" "$SCRATCH/old.answers" &
OLD_SHOPPERS=$!
sleep 2

step "This release starts on the same database and migrates while the previous one serves"
IMPORT_FIXTURES=never start_server "$CURRENT_BIN" "$NEW_PORT" "$SCRATCH/current.log"
for _ in $(seq 1 300); do
  [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$NEW_PORT/api/health/ready")" = 200 ] && break
  sleep 0.1
done
curl -sf "http://127.0.0.1:$NEW_PORT/api/health/ready" || { cat "$SCRATCH/current.log"; fail "this release did not become ready"; }
echo
python3 "$SCRATCH/shoppers.py" "$NEW_PORT" "$SCRATCH/stop-new" "$SCRATCH/new.answers" &
NEW_SHOPPERS=$!
sleep 3

step "The previous release stops; this one serves alone"
touch "$SCRATCH/stop-old"; wait "$OLD_SHOPPERS"
kill -TERM "${PIDS[0]}"; wait "${PIDS[0]}" || fail "the previous release did not stop cleanly"
sleep 1
touch "$SCRATCH/stop-new"; wait "$NEW_SHOPPERS"

old_total="$(wc -l < "$SCRATCH/old.answers")"
old_failed="$(awk '$2 < 200 || $2 > 299' "$SCRATCH/old.answers" | wc -l)"
new_total="$(wc -l < "$SCRATCH/new.answers")"
new_failed="$(awk '$2 < 200 || $2 > 299' "$SCRATCH/new.answers" | wc -l)"
echo "previous release: $old_total answers, $old_failed not successful; this release: $new_total answers, $new_failed not successful"
[ "$old_total" -gt 0 ] && [ "$new_total" -gt 0 ] || fail "no shopper got an answer"
[ "$old_failed" -eq 0 ] || { awk '$2 < 200 || $2 > 299' "$SCRATCH/old.answers" | head; fail "the previous release failed while this one migrated"; }
[ "$new_failed" -eq 0 ] || { awk '$2 < 200 || $2 > 299' "$SCRATCH/new.answers" | head; fail "this release failed beside the previous one"; }
cart="$(awk '$3 != "-" {print $3}' "$SCRATCH/old.answers" | tail -1)"
status="$(curl -s -o /dev/null -w '%{http_code}' -H 'siteid: 1' -H 'languageid: 1' "http://127.0.0.1:$NEW_PORT/api/cart/$cart")"
[ "$status" = 200 ] || fail "a cart made on the previous release is not found on this one ($status)"
grep -qi "panic\|error" "$SCRATCH/current.log" && { cat "$SCRATCH/current.log"; fail "this release logged an error"; }
echo "upgrade check passed: $(git log -1 --format=%h "$previous") → $(git rev-parse --short HEAD) on one PostgreSQL, no failed answer"
