// How long a cart calculation takes through the JavaScript boundary of the WASM engine, in Node:
// object in, object out (JSON.stringify, the copy into WebAssembly, parse + calculate + write in
// Rust, the copy back, JSON.parse) — what the storefront's `calculateCart` costs — and the same
// cart through a `CartCalculator` that holds the site, catalog and promotions (what the
// storefront's cart preview costs).
//
// The carts are the first 10 and 200 lines of fixtures/vectors/cart/large.json (five
// promotions) with the catalog entries they use, like the native criterion benchmark
// (engine/benches/cart.rs). Prints the median of many timed batches.
//
//   node storefront/bench/engine.bench.mjs            (after the WASM build)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { measure } from './timing.mjs';

const require = createRequire(import.meta.url);
const engine = require('../../engine-wasm/pkg-node/engine_wasm.js');
const large = JSON.parse(readFileSync(new URL('../../fixtures/vectors/cart/large.json', import.meta.url), 'utf8')).cases[0].input;

function cart(lines) {
  const products = large.products.slice(0, lines);
  const used = new Set([...products.map((line) => line.productVariantId), 701]);
  return { ...large, products, catalog: large.catalog.filter((entry) => used.has(entry.productVariantId)) };
}

console.log(`node ${process.version}, ${engine.operations().length} operations`);
for (const lines of [1, 10, 200]) {
  const input = cart(lines);
  const json = JSON.stringify(input);
  const typed = measure(() => engine.calculateCart(input));
  const door = measure(() => JSON.parse(engine.run('cart.calculate', JSON.stringify(input))));
  const text = measure(() => engine.run('cart.calculate', json));
  // The storefront's preview: the context is read once, each call crosses with the choices.
  const { site, catalog, promotions, ...choices } = input;
  const calculator = new engine.CartCalculator({ site, catalog, promotions });
  const held = measure(() => calculator.calculate(choices));
  calculator.free();
  console.log(
    `cart.calculate ${String(lines).padStart(3)} lines: calculateCart(object) ${typed.toFixed(1)} µs, ` +
      `CartCalculator.calculate(choices) ${held.toFixed(1)} µs, ` +
      `JSON.parse(run(op, JSON.stringify(object))) ${door.toFixed(1)} µs, run(op, text) ${text.toFixed(1)} µs (median)`,
  );
}
