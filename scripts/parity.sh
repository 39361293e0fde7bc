#!/usr/bin/env bash
# Native/WASM parity on N random inputs (default 100,000): the seeded generator
# engine/examples/parity.rs writes N inputs of every operation with the native engine's output
# bytes or error; vitest runs each through the WASM engine's Node build and compares bytes.
#
#   bash scripts/parity.sh [N] [SEED]
source "$(dirname "${BASH_SOURCE[0]}")/lib/setup.sh"

count="${1:-100000}"
seed="${2:-$(date +%s)}"
file="$REPO_ROOT/target/parity/parity-$count.jsonl"

prepare_build_tools
build_engine_wasm
ensure_npm_packages

step "Generating $count random cases with the native engine (seed $seed)"
PARITY_PROFILE=release generate_parity_cases "$count" "$file" "$seed"

step "Running them through the WASM engine (Node build)"
cd "$REPO_ROOT/storefront"
PARITY_FILE="$file" npx vitest run src/engine/parity.test.ts --reporter=verbose --testTimeout=600000
