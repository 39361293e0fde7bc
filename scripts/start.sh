#!/usr/bin/env bash
# Builds everything and starts the shop with demo data on SQLite at http://localhost:8080:
# host-server (the one public address) and the server renderer (Node.js, on loopback), to which
# host-server forwards the pages. One Ctrl-C stops both. Installs what it needs when missing.
# Environment variables: see README.md.
source "$(dirname "${BASH_SOURCE[0]}")/lib/setup.sh"

prepare_build_tools

# The server builds while the engine and the storefront are built beside it: those steps leave
# a core idle for long stretches (link-time optimisation, npm, vite). The demo profile builds
# in a few minutes on a fresh machine; a production server is built with
# `cargo build --release -p host-server` (docs/operations.md).
cd "$REPO_ROOT"
mkdir -p target
server_log="$REPO_ROOT/target/demo-build.log"
step "Building host-server (demo profile) in the background: $server_log"
cargo build --profile demo -p host-server >"$server_log" 2>&1 &
server_build=$!
trap 'kill "$server_build" 2>/dev/null || true' EXIT

build_engine_wasm
ensure_npm_packages
build_storefront

step "Waiting for the host-server build"
if ! wait "$server_build"; then
  tail -n 40 "$server_log" >&2
  fail "the host-server build failed (the whole log: $server_log)"
fi
trap - EXIT

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
