#!/usr/bin/env bash
# Schema fuzzing of the HTTP API with schemathesis: every operation of
# /api/openapi.json, at least 50 generated examples each, against the real server with the
# demo data, a signed-in session, a real cart and the back-office and laboratory keys. Fails
# on any 5xx answer or dropped connection. Installs schemathesis (pinned, in a virtual
# environment in the user's cache) when missing.
#
# Usage: bash scripts/fuzz-api.sh [EXAMPLES]   (default 50)
# HOST_SERVER_BIN: a host-server binary already built (the test command passes the one its Rust
# tests built); without it the script builds one.
source "$(dirname "${BASH_SOURCE[0]}")/lib/setup.sh"
EXAMPLES="${1:-50}"
# No 5xx and no dropped connection, and every answer as the document says: a documented status
# code, the documented content type, a body valid against the documented schema.
CHECKS="not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance"
cd "$REPO_ROOT"
ensure_schemathesis

TARGET_DIR="${CARGO_TARGET_DIR:-$REPO_ROOT/target}"
if [ -z "${HOST_SERVER_BIN:-}" ]; then
  cargo build --quiet -p host-server
fi
BINARY="${HOST_SERVER_BIN:-$TARGET_DIR/debug/host-server}"
[ -x "$BINARY" ] || { echo "no host-server binary at $BINARY" >&2; exit 1; }
SCRATCH="$(mktemp -d)"
PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
BASE="http://127.0.0.1:$PORT"
# The fuzzed server has no renderer (RENDERER_URL empty): pages are its index.html, and
# readiness reports the renderer off rather than down.
mkdir -p "$SCRATCH/static" && echo '<!doctype html>' > "$SCRATCH/static/index.html"
export PORT DATABASE_URL="sqlite://$SCRATCH/shop.db" STATIC_DIR="$SCRATCH/static" OUTBOX_DIR="$SCRATCH/outbox" \
  RETURN_PHOTOS_DIR="$SCRATCH/returns" FIXTURES_DIR="$REPO_ROOT/fixtures" IMPORT_FIXTURES=auto \
  STAFF_SECRETS_KEY_FILE="$SCRATCH/staff-secrets.key" RUST_LOG=error PAYMENT_PROVIDER=test RENDERER_URL=
"$BINARY" > "$SCRATCH/server.log" 2>&1 &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; rm -rf "$SCRATCH"' EXIT
for _ in $(seq 1 200); do
  curl -sf "$BASE/api/health" > /dev/null && break
  sleep 0.1
done
curl -sf "$BASE/api/health" > /dev/null || { cat "$SCRATCH/server.log"; echo "the server did not start" >&2; exit 1; }
# The back office's operations are called with an integration key of every permission.
EVERY_PERMISSION="orders.read,orders.fulfil,orders.refund,returns.decide,subscriptions.manage,lab.results,reviews.moderate,customers.read,customers.edit,catalog.edit,stock.edit,prices.edit,promotions.edit,content.edit,reports.read,staff.manage,audit.read,settings.edit"
STAFF_KEY="$("$BINARY" create-integration-key --name fuzzing --permissions "$EVERY_PERMISSION")"

sign_in() {
  curl -s -i -X POST "$BASE/api/authentication/signin" -H 'content-type: application/json' \
    -d '{"emailAddress":"lisa.bakker@example.com","password":"Hoefslag2024"}' |
    sed -n 's/^[Ss]et-[Cc]ookie: hb_session=\([^;]*\);.*/\1/p'
}
CART="$(curl -s -X POST "$BASE/api/cart" -H 'siteid: 1' -H 'languageid: 1' | python3 -c 'import json, sys; print(json.load(sys.stdin)["cart"]["shoppingcartId"])')"
curl -s -o /dev/null -X POST "$BASE/api/cart/$CART/products?productVariantId=1811&quantity=2"
cat > "$SCRATCH/schemathesis.toml" <<EOF
[[operations]]
include-path-regex = "^/api/(cart|cartcalculation)/\\\\{id\\\\}"
parameters = { id = "$CART" }
EOF

# Signing out and changing the password or e-mail address end the session the other
# operations use, so they run in a pass of their own, with a session of their own.
SESSION_ENDING='^/api/(authentication/signout|account/changepassword|account/changeemailaddress)$'
fuzz() {
  local log="$1"; shift
  timeout 900 "$SCHEMATHESIS" --config-file "$SCRATCH/schemathesis.toml" run "$BASE/api/openapi.json" --url "$BASE" \
    --checks "$CHECKS" --max-examples "$EXAMPLES" --seed 16 --request-timeout 20 \
    --phases examples,fuzzing --continue-on-failure --workers 2 \
    -H "Cookie: hb_session=$(sign_in)" -H 'siteid: 1' -H 'languageid: 1' \
    -H "x-api-key: $STAFF_KEY" "$@" > "$log" 2>&1 || true
}
fuzz "$SCRATCH/main.log" --exclude-path-regex "$SESSION_ENDING"
fuzz "$SCRATCH/session.log" --include-path-regex "$SESSION_ENDING"

# The full reports stay for reading after the run.
mkdir -p "$REPO_ROOT/target/fuzz" && cp "$SCRATCH/main.log" "$SCRATCH/session.log" "$REPO_ROOT/target/fuzz/"

generated=0; failed=0
for log in "$SCRATCH/main.log" "$SCRATCH/session.log"; do
  line="$(grep -E '^\s*[0-9]+ generated' "$log" | tail -1 || true)"
  [ -n "$line" ] || { cat "$log"; echo "schemathesis did not run" >&2; exit 1; }
  generated=$((generated + $(sed -E 's/^\s*([0-9]+) generated.*/\1/' <<< "$line")))
  # "N generated, N found N unique failures" when a check failed.
  found="$(grep -oE '[0-9]+ unique failures?' <<< "$line" | grep -oE '^[0-9]+' || echo 0)"
  grep -E '^\s*⚠️' "$log" || true
  if [ "$found" -gt 0 ] || grep -qE 'Server error|Network Error|Connection (refused|reset|aborted)' "$log"; then
    sed -n '/= FAILURES =/,/= SUMMARY =/p' "$log"
    failed=$((failed + (found > 0 ? found : 1)))
  fi
done
tested="$(grep -E 'Tested: [0-9]+' "$SCRATCH/main.log" "$SCRATCH/session.log" | grep -oE '[0-9]+$' | awk '{ sum += $1 } END { print sum }')"
echo "schema fuzzing: $tested operations, $generated examples, checks: $CHECKS"
echo "fuzz: $failed failures (5xx, dropped connections, answers the document does not describe)"
[ "$failed" -eq 0 ]
