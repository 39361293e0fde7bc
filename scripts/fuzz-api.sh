#!/usr/bin/env bash
# Schema fuzzing: schemathesis sends generated requests for every operation of
# /api/openapi.json (at least 50 examples each, bounded in time) to a real server with the demo
# data, signed in as a demo customer with a cart, and fails on any 5xx or dropped connection.
# Usage: bash scripts/fuzz-api.sh   (needs target/debug/host-server: cargo build -p host-server)
source "$(dirname "${BASH_SOURCE[0]}")/lib/setup.sh"

ensure_schemathesis
binary="${HOST_SERVER_BIN:-$REPO_ROOT/target/debug/host-server}"
[ -x "$binary" ] || fail "$binary is missing: run cargo build -p host-server first"

scratch="$(mktemp -d)"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
base="http://127.0.0.1:$port"
PORT="$port" PAYMENT_PROVIDER=test DATABASE_URL="sqlite://$scratch/shop.sqlite?mode=rwc" \
  STATIC_DIR="$REPO_ROOT/storefront/dist" FIXTURES_DIR="$REPO_ROOT/fixtures" OUTBOX_DIR="$scratch/outbox" \
  RETURN_PHOTOS_DIR="$scratch/returns" RUST_LOG=warn "$binary" >"$scratch/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$scratch"' EXIT
for _ in $(seq 1 120); do
  curl -sf "$base/api/health" >/dev/null && break
  kill -0 "$server" 2>/dev/null || { cat "$scratch/server.log"; fail "host-server exited"; }
  sleep 0.5
done

# A demo customer's session and cart, so that signed-in operations and cart routes get past
# authentication and 404 (fixtures/accounts.json).
session="$(curl -sf -D - -o /dev/null -X POST "$base/api/authentication/signin" -H 'content-type: application/json' \
  -d '{"emailAddress":"jan.devries@example.com","password":"Hoefslag2024"}' | sed -n 's/^[Ss]et-[Cc]ookie: hb_session=\([^;]*\).*/\1/p')"
[ -n "$session" ] || fail "could not sign in the demo customer"
cart="$(curl -sf -X POST "$base/api/cart" -H 'siteid: 1' -H 'languageid: 1' -H "cookie: hb_session=$session" -H 'content-type: application/json' \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["cart"]["shoppingcartId"])')"
curl -sf -o /dev/null -X POST "$base/api/cart/$cart/products?productVariantId=1011&quantity=2" -H 'siteid: 1' -H 'languageid: 1' \
  -H "cookie: hb_session=$session" -H 'content-type: application/json' || fail "could not fill the demo cart"

cat >"$scratch/schemathesis.toml" <<TOML
headers = { siteid = "1", languageid = "1", cookie = "hb_session=$session" }
[parameters]
"path.id" = "$cart"
"path.productVariantId" = 1011
"path.productId" = 1
TOML

step "Schema fuzzing every operation of $base/api/openapi.json (schemathesis $SCHEMATHESIS_VERSION)"
# Signing out would end the session the other operations need: it is fuzzed last, alone.
status=0
# `timeout` bounds the run; without --max-time schemathesis stops after the examples.
timeout 900 "$SCHEMATHESIS" --config-file "$scratch/schemathesis.toml" run "$base/api/openapi.json" \
  --checks not_a_server_error --max-examples 50 --workers 2 --seed 20261124 \
  --phases examples,coverage,fuzzing --exclude-path /api/authentication/signout \
  --suppress-health-check all --warnings off || status=$?
timeout 300 "$SCHEMATHESIS" --config-file "$scratch/schemathesis.toml" run "$base/api/openapi.json" \
  --checks not_a_server_error --max-examples 50 --workers 1 --seed 20261124 \
  --include-path /api/authentication/signout --suppress-health-check all --warnings off || status=$?
if grep -q "panicked" "$scratch/server.log"; then
  grep -B2 -A8 "panicked" "$scratch/server.log"
  fail "the server panicked during the fuzzing"
fi
[ "$status" = 0 ] || fail "schemathesis found server errors (exit $status)"
echo "fuzz: 0 server errors, 0 dropped connections"
