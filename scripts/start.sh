#!/usr/bin/env bash
# Builds everything and starts the shop with demo data on SQLite at http://localhost:8080.
# Installs what it needs when missing. Environment variables: see README.md.
source "$(dirname "${BASH_SOURCE[0]}")/lib/setup.sh"

prepare_build_tools
build_engine_wasm
ensure_npm_packages
build_storefront

step "Building host-server (release)"
cd "$REPO_ROOT"
cargo build --release -p host-server

# The demo takes payments with the built-in test provider; a real shop sets
# PAYMENT_PROVIDER=mollie and MOLLIE_API_KEY (SECURITY.md).
export PAYMENT_PROVIDER="${PAYMENT_PROVIDER:-test}"
step "Starting the shop at http://localhost:${PORT:-8080}"
exec "$REPO_ROOT/target/release/host-server"
