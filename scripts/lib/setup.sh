# shellcheck shell=bash
# Set-up shared by scripts/start.sh and scripts/test.sh: each step installs what is missing
# and does nothing when it is already there. Sourced, not run.

set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export PATH="$HOME/.cargo/bin:$PATH"

# Each step says how long the run has taken so far, so slow steps show in CI's log.
step() { printf '\n==> [%dm%02ds] %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*"; }
fail() { printf 'error: %s\n' "$*" >&2; exit 1; }

require_toolchains() {
  command -v cargo >/dev/null || fail "cargo is missing: install the Rust toolchain (https://rustup.rs)"
  command -v rustup >/dev/null || fail "rustup is missing: it adds the wasm32 target"
  command -v node >/dev/null || fail "node is missing: install Node.js 20.19 or newer"
  command -v npm >/dev/null || fail "npm is missing: install Node.js with npm"
}

ensure_wasm_target() {
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    step "Adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown || fail "could not add the wasm32 target with rustup"
  fi
}

# The wasm-bindgen version the engine-wasm crate is locked to.
locked_wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$REPO_ROOT/Cargo.lock"
}

ensure_wasm_bindgen_cli() {
  local wanted installed
  wanted="$(locked_wasm_bindgen_version)"
  [ -n "$wanted" ] || fail "Cargo.lock names no wasm-bindgen version"
  installed="$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)"
  if [ "$installed" != "$wanted" ]; then
    step "Installing wasm-bindgen-cli $wanted (found: ${installed:-none})"
    # --locked first; its lock file has at times named a dependency version the registry no
    # longer serves, so fall back to a fresh resolution of the same wasm-bindgen-cli version.
    cargo install wasm-bindgen-cli --version "$wanted" --locked \
      || cargo install wasm-bindgen-cli --version "$wanted" \
      || fail "could not install wasm-bindgen-cli $wanted from crates.io"
  fi
}

# Shrinks a wasm-bindgen output in place: drops the function-name and producers sections, then
# runs `wasm-opt -Oz` when it is installed (Debian's binaryen; not installed by these scripts,
# because bookworm's version cannot help, see below, and binaryen 132 from npm makes this file
# larger gzipped: engine/README.md) and keeps its output only if it still loads and is smaller
# gzipped (bookworm's binaryen 108 predates externref and breaks wasm-bindgen's externref table;
# scripts/lib/wasm-size.mjs checks that).
optimize_wasm() {
  local file="$1"
  node "$REPO_ROOT/scripts/lib/wasm-size.mjs" strip "$file"
  command -v wasm-opt >/dev/null || return 0
  if wasm-opt -Oz --enable-bulk-memory --enable-mutable-globals --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-reference-types --enable-multivalue \
    --strip-debug --strip-producers "$file" -o "$file.opt" 2>/dev/null; then
    node "$REPO_ROOT/scripts/lib/wasm-size.mjs" pick "$file" "$file.opt"
  else
    rm -f "$file.opt"
    echo "note: wasm-opt failed on $file: it stays as it is"
  fi
}

# Compiles engine-wasm for wasm32 with `cargo build` and binds it with wasm-bindgen into
# engine-wasm/<out_dir> for a JavaScript `target` (web or nodejs), with the package.json of the
# npm workspace package @hoofbeat/engine-wasm; the .wasm is then shrunk by optimize_wasm, so
# the tests run what ships. Further arguments go to cargo (e.g. --features).
bind_engine_wasm() {
  local target="$1" out_dir="$2"
  shift 2
  # A target folder of its own: the wasm32 build and its profile never invalidate the server's.
  local target_dir="${CARGO_TARGET_DIR:-$REPO_ROOT/target}/wasm"
  CARGO_TARGET_DIR="$target_dir" cargo build --quiet -p engine-wasm --lib --target wasm32-unknown-unknown \
    --profile wasm-release "$@"
  rm -rf "engine-wasm/$out_dir"
  wasm-bindgen --target "$target" --out-dir "engine-wasm/$out_dir" \
    "$target_dir/wasm32-unknown-unknown/wasm-release/engine_wasm.wasm"
  node "$REPO_ROOT/scripts/lib/wasm-package.mjs" "engine-wasm/$out_dir" "$target"
  optimize_wasm "engine-wasm/$out_dir/engine_wasm_bg.wasm"
}

# The engine for the browser (engine-wasm/pkg, an npm workspace package): only the operations
# the storefront calls, within the size budget.
build_browser_engine_wasm() {
  step "Building the engine for WebAssembly (browser)"
  cd "$REPO_ROOT"
  bind_engine_wasm web pkg
  local wasm=engine-wasm/pkg/engine_wasm_bg.wasm gzipped
  gzipped="$(gzip -9c "$wasm" | wc -c)"
  echo "browser engine: $(wc -c <"$wasm") bytes, $gzipped gzipped"
  # The size budget of the browser build (engine/README.md, "WebAssembly"). The .wasm is off
  # the critical path (loaded after hydration), so size is traded for speed up to it.
  if [ "$gzipped" -ge 250000 ]; then
    fail "the browser engine is $gzipped bytes gzipped, over its budget of 250,000"
  fi
}

# The engine for Node (engine-wasm/pkg-node) with every operation: the vector and parity tests
# run it.
build_node_engine_wasm() {
  step "Building the engine for WebAssembly (Node, every operation)"
  cd "$REPO_ROOT"
  bind_engine_wasm nodejs pkg-node --features all-operations
}

build_engine_wasm() {
  build_browser_engine_wasm
  build_node_engine_wasm
}

# Writes N random engine inputs with the native engine's answers (engine/examples/parity.rs)
# for the native/WASM parity test (storefront/src/engine/parity.test.ts). PARITY_PROFILE=release
# for large runs (scripts/parity.sh); the test suite uses the debug build it already has.
# The example is built with the whole workspace's features, as the test build has them:
# `cargo run -p engine` alone would select other features of the shared dependencies and
# compile dozens of them again.
generate_parity_cases() {
  local count="$1" file="$2" seed="${3:-20240601}"
  local profile=() profile_dir=debug
  [ "${PARITY_PROFILE:-dev}" = release ] && profile=(--release) && profile_dir=release
  cd "$REPO_ROOT"
  mkdir -p "$(dirname "$file")"
  cargo build --quiet "${profile[@]}" --workspace --example parity
  "${CARGO_TARGET_DIR:-$REPO_ROOT/target}/$profile_dir/examples/parity" "$count" "$seed" "$file"
}

ensure_npm_packages() {
  cd "$REPO_ROOT"
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    step "Installing npm packages"
    npm ci --no-audit --no-fund || fail "npm ci failed"
  fi
}

build_storefront() {
  step "Building the storefront"
  cd "$REPO_ROOT"
  npm run build --silent
}

# The back office, the staff's client-only app (type check and Vite build into backoffice/dist/),
# which host-server serves at /admin/.
build_backoffice() {
  step "Building the back office"
  cd "$REPO_ROOT"
  npm run build --workspace backoffice --silent
}

ensure_chromium() {
  if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
    return
  fi
  step "Installing Debian's chromium for the browser tests"
  command -v apt-get >/dev/null || fail "chromium is missing and apt-get is not available: set CHROMIUM_PATH"
  local sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq || fail "apt-get update failed"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends chromium \
    || fail "could not install chromium with apt-get"
}

# schemathesis, at a pinned version, in a virtual environment in the user's cache (PyPI), so a
# fresh checkout on the same machine does not install it again.
SCHEMATHESIS_VERSION=4.32.5
ensure_schemathesis() {
  local venv="${XDG_CACHE_HOME:-$HOME/.cache}/hoofbeat-commerce/schemathesis-$SCHEMATHESIS_VERSION"
  if ! "$venv/bin/st" --version 2>/dev/null | grep -q "$SCHEMATHESIS_VERSION"; then
    step "Installing schemathesis $SCHEMATHESIS_VERSION (Python) for the API fuzzing"
    command -v python3 >/dev/null || fail "python3 is missing: the API fuzzing needs it"
    python3 -m venv "$venv" || fail "could not create a Python virtual environment"
    "$venv/bin/pip" install --quiet "schemathesis==$SCHEMATHESIS_VERSION" || fail "could not install schemathesis from PyPI"
  fi
  SCHEMATHESIS="$venv/bin/st"
}

postgres_answers() {
  (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null
}

prepare_build_tools() {
  require_toolchains
  ensure_wasm_target
  ensure_wasm_bindgen_cli
}
