#!/usr/bin/env bash
# Builds everything and starts the shop with demo data on SQLite at http://localhost:8080:
# host-server (the one public address; the back office's build is served at /admin/) and the
# server renderer (Node.js, on loopback), to which host-server forwards the pages. One Ctrl-C
# stops both. Installs what it needs when missing.
# Environment variables: see README.md.
source "$(dirname "${BASH_SOURCE[0]}")/lib/setup.sh"

prepare_build_tools
build_engine_wasm
ensure_npm_packages
build_storefront
build_backoffice

# The demo profile builds quicker than a release build; a production server is built with
# `cargo build --release -p host-server` (docs/operations.md).
step "Building host-server (demo profile)"
cd "$REPO_ROOT"
cargo build --profile demo -p host-server

# The demo takes payments with the built-in test provider; a real shop sets
# PAYMENT_PROVIDER=mollie and MOLLIE_API_KEY (SECURITY.md).
export PAYMENT_PROVIDER="${PAYMENT_PROVIDER:-test}"
export PORT="${PORT:-8080}"
export RENDERER_PORT="${RENDERER_PORT:-8081}"
export RENDERER_URL="${RENDERER_URL-http://127.0.0.1:${RENDERER_PORT}}"
export API_URL="${API_URL:-http://127.0.0.1:${PORT}}"
step "Starting the shop at http://localhost:${PORT} (pages rendered by the renderer on :${RENDERER_PORT})"
node "$REPO_ROOT/storefront/dist-server/index.js" &
renderer=$!
"$REPO_ROOT/target/demo/host-server" &
server=$!
stop_both() {
  trap - INT TERM
  kill -TERM "$renderer" "$server" 2>/dev/null || true
  wait "$renderer" "$server" 2>/dev/null || true
}
trap 'stop_both; exit 130' INT
trap 'stop_both; exit 143' TERM
# When either stops on its own, the other is stopped too.
status=0
wait -n "$renderer" "$server" || status=$?
stop_both
exit "$status"
