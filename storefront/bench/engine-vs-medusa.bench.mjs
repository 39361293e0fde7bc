// Our WASM engine against Medusa v2's cart totals, in one Node process (issue 18, point 8).
//
// Two carts, defined by the issue; prices include VAT (21 % and 9 %), amounts in cents here:
//   A  10 lines, fixed discounts of 10.00 on line 0 and 3.00 on line 1, shipping 6.95 at 21 %;
//   B  200 lines, line i: price ((i * 7919) mod 20000 + 199) cents, quantity 1 + i mod 4, 21 % for
//      even i and 9 % for odd, fixed discounts of 5, 2.50, 1, 7.50 and 3 on lines 0, 40, 80,
//      120 and 160 (all of quantity 1), shipping 6.95 at 21 %.
//
// Each cart is expressed for both engines:
//   ours    a catalog entry per line (the line's VAT type: high 21, low 9), one product-discount
//           promotion per discounted line (a fixed amount per unit off that variant: 10.00 on two
//           units is 5.00 a unit), the site's shipping option 6.95; timed through
//           `CartCalculator.calculate(choices)` (context read once: the storefront's preview) and
//           `calculateCart(input)` (the whole input every call);
//   Medusa  `decorateCartTotals` of `@medusajs/utils` 2.0.0: items with unit_price, quantity,
//           is_tax_inclusive, one tax line (rate in %) and the discount as an adjustment, one
//           shipping method with amount 6.95 and a 21 % tax line. Medusa 2.0.0 subtracts an
//           adjustment's amount *before* tax (line total = (subtotal - amount) * (1 + rate)), so
//           a discount of 10.00 including VAT is the adjustment 10.00 / 1.21.
//
// One difference of definition: line 0 of cart B costs 1.99, less than its 5.00 discount. Our
// engine never takes more than the unit price off a unit (engine/src/promotions), so it takes
// 1.99; Medusa 2.0.0 would take the line below zero with no tax (its tax stops at zero), a total
// that matches no VAT-inclusive discount. Medusa is therefore given the 1.99 the line can take.
//
// Before timing, both engines' totals are printed and compared; the run fails (exit code 1) when
// a total differs by a cent. The VAT differs by method, not by mistake: Medusa charges 21 % on
// all of shipping, our engine spreads shipping over the rates like the goods (the Dutch rule,
// decisions.md), so the comparison takes the goods' VAT (total VAT less shipping's VAT).
//
// `decorateCartTotals` writes its results into its input, so every call gets a fresh Medusa cart;
// building it is timed on its own and subtracted. Timing as in engine.bench.mjs: 300 ms warm-up,
// then the median of 200 batches of about 5 ms.
//
//   node storefront/bench/engine-vs-medusa.bench.mjs     (after the WASM build; the first run
//                                                         installs bench/medusa with `npm ci`)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { measure } from './timing.mjs';

const MEDUSA_VERSION = '2.0.0';
const medusaFolder = new URL('./medusa/', import.meta.url);
const require = createRequire(import.meta.url);
const engine = require('../../engine-wasm/pkg-node/engine_wasm.js');

/** Medusa's package, installed into bench/medusa (its own package.json and lock) when missing. */
function loadMedusa() {
  const manifest = new URL('./node_modules/@medusajs/utils/package.json', medusaFolder);
  const installed = existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).version;
  if (installed !== MEDUSA_VERSION) {
    console.log(`installing @medusajs/utils ${MEDUSA_VERSION} into storefront/bench/medusa (npm ci) ...`);
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: medusaFolder,
      stdio: 'inherit',
    });
  }
  return createRequire(new URL('./package.json', medusaFolder))('@medusajs/utils');
}

const { decorateCartTotals } = loadMedusa();

// ---- The carts: lines of [unit price in cents, quantity, VAT %, discount in cents] -------------

const SHIPPING_CENTS = 695;
const SHIPPING_RATE = 21;

const cartA = [
  [6050, 2, 21, 1000],
  [3270, 1, 9, 300],
  [1999, 3, 21, 0],
  [495, 1, 9, 0],
  [14900, 1, 21, 0],
  [1250, 4, 9, 0],
  [799, 2, 21, 0],
  [8990, 1, 9, 0],
  [99, 10, 21, 0],
  [25000, 1, 9, 0],
];

const cartBDiscounts = new Map([
  [0, 500],
  [40, 250],
  [80, 100],
  [120, 750],
  [160, 300],
]);
const cartB = Array.from({ length: 200 }, (_, i) => [((i * 7919) % 20000) + 199, 1 + (i % 4), i % 2 === 0 ? 21 : 9, cartBDiscounts.get(i) ?? 0]);

const euros = (cents) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

// ---- Our engine's input ------------------------------------------------------------------------

function engineInput(lines) {
  const catalog = lines.map(([price], index) => ({
    productId: 1000 + index,
    productVariantId: 1 + index,
    productType: 1,
    vatType: lines[index][2] === 21 ? 'high' : 'low',
    unitPrice: euros(price),
    description: `Artikel ${index + 1}`,
  }));
  const promotions = lines.flatMap(([, quantity, , discount], index) => {
    if (discount === 0) return [];
    if (discount % quantity !== 0) throw new Error(`line ${index}: ${discount} cents do not split over ${quantity} units`);
    return [
      {
        promotionKey: `LINE-${index}`,
        description: `${euros(discount)} korting op regel ${index}`,
        rule: {
          type: 'productDiscount',
          appliesTo: { productVariantId: 1 + index },
          discount: { amount: euros(discount / quantity) },
        },
      },
    ];
  });
  return {
    site: {
      vatPercentageHigh: '21',
      vatPercentageLow: '9',
      shippingOptions: [{ shippingMethod: 0, price: euros(SHIPPING_CENTS) }],
    },
    catalog,
    promotions,
    products: lines.map(([, quantity], index) => ({ productVariantId: 1 + index, count: quantity })),
    shippingMethod: 0,
  };
}

// ---- Medusa's input (a fresh one per call: decorateCartTotals writes into it) ------------------

function medusaCart(lines) {
  return {
    id: 'cart_bench',
    currency_code: 'eur',
    items: lines.map(([price, quantity, rate, discount], index) => ({
      id: `item_${index}`,
      unit_price: price / 100,
      quantity,
      is_tax_inclusive: true,
      tax_lines: [{ rate, code: rate === 21 ? 'NL-high' : 'NL-low' }],
      // Medusa subtracts an adjustment before tax; a line never goes below zero (see the top).
      adjustments: discount === 0 ? [] : [{ amount: Math.min(discount, price) / 100 / (1 + rate / 100) }],
    })),
    shipping_methods: [
      {
        id: 'ship_0',
        amount: SHIPPING_CENTS / 100,
        is_tax_inclusive: true,
        tax_lines: [{ rate: SHIPPING_RATE, code: 'NL-high' }],
      },
    ],
  };
}

// ---- The totals, compared ----------------------------------------------------------------------

const cents = (text) => Math.round(Number(text) * 100);
const medusaCents = (value) => Math.round(value.numeric * 100);

function ourTotals(out) {
  const vat = cents(out.vatAmountHigh) + cents(out.vatAmountLow);
  const shippingVat = cents(out.shippingCosts) - cents(out.shippingCostsExclVat);
  const discounts = out.products.flatMap((line) => line.productDiscounts).reduce((sum, discount) => sum + cents(discount.amount), 0);
  return {
    total: cents(out.totalAmount),
    'goods after discounts': cents(out.subTotalAmount),
    discounts,
    shipping: cents(out.shippingCosts),
    'VAT of the goods': vat - shippingVat,
    'VAT (all)': vat,
  };
}

function medusaTotals(cart) {
  return {
    total: medusaCents(cart.total),
    'goods after discounts': medusaCents(cart.item_total),
    // What the discounts took off the goods. (Medusa 2.0.0's own discount_total adds up the
    // adjustment amounts, 10.00 / 1.21 and so on: the discount before VAT.)
    discounts: medusaCents(cart.original_item_total) - medusaCents(cart.item_total),
    shipping: medusaCents(cart.shipping_total),
    'VAT of the goods': medusaCents(cart.item_tax_total),
    'VAT (all)': medusaCents(cart.tax_total),
  };
}

/** Prints both engines' totals; throws when one that both define the same way differs. */
function compare(name, ours, theirs) {
  const mismatches = [];
  console.log(`cart ${name}:`);
  for (const key of Object.keys(ours)) {
    const same = ours[key] === theirs[key];
    // Only the VAT of shipping is defined differently (see the top of this file).
    const compared = key !== 'VAT (all)';
    if (compared && !same) mismatches.push(key);
    const note = same ? '' : compared ? '   <-- DIFFERENT' : '   (shipping VAT: 21 % in Medusa, spread over the rates in ours)';
    console.log(`  ${key.padEnd(22)} ours ${euros(ours[key]).padStart(9)}   Medusa ${euros(theirs[key]).padStart(9)}${note}`);
  }
  if (mismatches.length > 0) {
    throw new Error(`cart ${name}: the engines disagree on ${mismatches.join(', ')}`);
  }
}

// ---- Run ---------------------------------------------------------------------------------------

const wasm = new URL('../../engine-wasm/pkg/engine_wasm_bg.wasm', import.meta.url);
const wasmBytes = existsSync(wasm) ? readFileSync(wasm) : null;
const wasmNote = wasmBytes
  ? `browser .wasm ${wasmBytes.length} bytes, ${gzipSync(wasmBytes, { level: 9 }).length} gzipped (zlib -9)`
  : 'browser .wasm not built';
console.log(`node ${process.version}, @medusajs/utils ${MEDUSA_VERSION}, ${wasmNote}\n`);

const rows = [];
for (const [name, lines] of [
  ['A (10 lines)', cartA],
  ['B (200 lines)', cartB],
]) {
  const input = engineInput(lines);
  const { site, catalog, promotions, ...choices } = input;
  const calculator = new engine.CartCalculator({ site, catalog, promotions });

  const viaCalculator = calculator.calculate(choices);
  const viaCalculate = engine.calculateCart(input);
  if (JSON.stringify(viaCalculator) !== JSON.stringify(viaCalculate)) {
    throw new Error(`cart ${name}: CartCalculator and calculateCart disagree`);
  }
  compare(name, ourTotals(viaCalculate), medusaTotals(decorateCartTotals(medusaCart(lines))));

  const held = measure(() => calculator.calculate(choices));
  const whole = measure(() => engine.calculateCart(input));
  const medusaWithBuild = measure(() => decorateCartTotals(medusaCart(lines)));
  const build = measure(() => medusaCart(lines));
  calculator.free();
  rows.push({ name, held, whole, medusa: medusaWithBuild - build, build });
}

console.log('\nµs per call (median):');
console.log('cart            CartCalculator  calculateCart   Medusa   Medusa/CartCalculator  Medusa/calculateCart');
for (const { name, held, whole, medusa, build } of rows) {
  console.log(
    `${name.padEnd(15)} ${held.toFixed(1).padStart(14)} ${whole.toFixed(1).padStart(14)} ${medusa.toFixed(1).padStart(8)}` +
      ` ${`${(medusa / held).toFixed(1)}x`.padStart(22)} ${`${(medusa / whole).toFixed(1)}x`.padStart(21)}` +
      `   (Medusa's input built in ${build.toFixed(1)} µs, not counted)`,
  );
}
