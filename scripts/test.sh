#!/usr/bin/env bash
# Runs every test of every layer: Rust (engine, server on SQLite and PostgreSQL), the WASM
# engine in Node (vitest), the storefront's and the back office's unit tests, and the browser tests
# in Chromium.
# Installs what it needs when missing.
source "$(dirname "${BASH_SOURCE[0]}")/lib/setup.sh"

prepare_build_tools
build_engine_wasm
ensure_npm_packages

cd "$REPO_ROOT"
step "Rust formatting and module cycles"
cargo fmt --all --check
# Modules that import each other in a circle.
python3 "$REPO_ROOT/scripts/check-module-cycles.py" engine host-server
# Every SQL statement of the server in a store module.
python3 "$REPO_ROOT/scripts/check-sql-in-stores.py"
# No two types of the HTTP contract under one OpenAPI schema name.
python3 "$REPO_ROOT/scripts/check-schema-names.py"
# Migrations only add, so the previous release keeps working during an upgrade.
python3 "$REPO_ROOT/scripts/check-migrations.py"
python3 "$REPO_ROOT/scripts/check-doc-links.py"

# From here every cargo command builds with clippy's lints as errors: clippy-driver compiles the
# workspace's own crates (lints and code in one pass; what `cargo clippy` checks, with the same
# clippy.toml), so the dependencies are compiled once for the tests instead of checked for
# clippy and built again. The WebAssembly builds above keep their own flags.
export RUSTFLAGS="${RUSTFLAGS:+$RUSTFLAGS }-D warnings"
RUSTC_WORKSPACE_WRAPPER="$(command -v clippy-driver)" || fail "clippy-driver is missing: rustup component add clippy"
export RUSTC_WORKSPACE_WRAPPER
TARGET_DIR="${CARGO_TARGET_DIR:-$REPO_ROOT/target}"

step "Rust build of every target with clippy's lints (-D warnings)"
cargo test --workspace --all-targets --no-run --quiet

# The server binary the Rust build made serves the fuzzing, the contract check and the browser
# tests: nothing is built again.
export HOST_SERVER_BIN="$TARGET_DIR/debug/host-server"
PARITY_FILE="$REPO_ROOT/target/parity/parity.jsonl"
generate_parity_cases 2000 "$PARITY_FILE"

# The server's tests spend much of their time waiting for the database's disk writes, so they
# run beside the front-end checks below, which want the processor; their output follows those.
step "Rust tests, beside the front-end checks (output below)"
RUST_TEST_LOG="$TARGET_DIR/rust-tests.log"
run_rust_tests() {
  if postgres_answers; then
    echo "PostgreSQL answers on 127.0.0.1:5432: server tests run on SQLite and PostgreSQL"
    exec cargo test --workspace -- --include-ignored
  else
    echo "No PostgreSQL on 127.0.0.1:5432: its server tests are reported as ignored (skipped)"
    exec cargo test --workspace
  fi
}
run_rust_tests > "$RUST_TEST_LOG" 2>&1 &
RUST_TESTS=$!
# Stopping the run early stops the tests too.
trap 'kill "$RUST_TESTS" 2>/dev/null || true' EXIT

step "Storefront lint and format (ESLint with 0 warnings, Prettier)"
npm run lint --silent
npm run format:check --silent

step "Back office lint, format and types (ESLint with 0 warnings, Prettier, tsc)"
npm run lint --workspace backoffice --silent
npm run format:check --workspace backoffice --silent
npm run typecheck --workspace backoffice --silent

step "Storefront and WASM engine tests (vitest), with 2,000 random native/WASM parity cases"
PARITY_FILE="$PARITY_FILE" npm test --silent

step "Back office tests (vitest, with axe-core)"
npm test --workspace backoffice --silent

# What the browser tests serve is built while the server's tests still run.
build_storefront
build_backoffice
ensure_chromium

step "Rust tests (engine, and the server on SQLite and PostgreSQL)"
rust_tests_status=0
wait "$RUST_TESTS" || rust_tests_status=$?
trap - EXIT
cat "$RUST_TEST_LOG"
[ "$rust_tests_status" -eq 0 ] || fail "the Rust tests failed (exit code $rust_tests_status)"

step "Schema fuzzing of the HTTP API (schemathesis, 50 examples per operation)"
bash "$REPO_ROOT/scripts/fuzz-api.sh" 50

step "The HTTP contract: generated OpenAPI document and TypeScript types are up to date"
bash "$REPO_ROOT/scripts/generate-api-types.sh" --check

step "Browser tests (Chromium): the storefront, and the back office at /admin/"
npm run test:e2e --silent
