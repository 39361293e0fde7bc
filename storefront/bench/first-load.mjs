#!/usr/bin/env node
/**
 * Performance budget of the first load of a product page (not a test; prints the figures):
 * - the JavaScript the browser downloads, gzipped (goal: under 200 KB), and the WebAssembly
 *   engine besides it;
 * - the time to first contentful paint and to the rendered product page, in headless Chromium.
 *
 * Needs the built storefront (`npm run build -w storefront`) and the server binary
 * (`cargo build -p host-server`); starts the server on a free port with a fresh SQLite database.
 *
 *   node storefront/bench/first-load.mjs [runs=5]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('../../', import.meta.url));
const runs = Number(process.argv[2] ?? 5);
const BUDGET_KB = 200;

const port = await new Promise((resolve, reject) => {
  const probe = createServer();
  probe.once('error', reject);
  probe.listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const scratch = mkdtempSync(join(tmpdir(), 'hoofbeat-bench-'));
const server = spawn(process.env.HOST_SERVER_BIN ?? join(root, 'target/debug/host-server'), [], {
  env: {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: `sqlite://${join(scratch, 'shop.sqlite')}?mode=rwc`,
    STATIC_DIR: join(root, 'storefront/dist'),
    FIXTURES_DIR: join(root, 'fixtures'),
    RUST_LOG: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const origin = `http://localhost:${port}`;
for (let tries = 0; ; tries += 1) {
  try {
    if ((await fetch(`${origin}/api/health`)).ok) break;
  } catch {
    // not up yet
  }
  if (tries > 600) throw new Error('the server did not start');
  await new Promise((resolve) => setTimeout(resolve, 100));
}

const route = await (
  await fetch(`${origin}/api/routing/geturl`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', siteid: '1', languageid: '1' },
    body: JSON.stringify({ type: 'productDetail', siteId: 1, languageId: 1, productVariantId: 1011 }),
  })
).json();
const productUrl = `${origin}${route.url}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});
const results = [];
try {
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const scripts = new Map();
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && !response.url().endsWith('.wasm')) return;
      try {
        const body = await response.body();
        scripts.set(response.url(), { wasm: response.url().endsWith('.wasm'), raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
      } catch {
        // a redirect or an aborted response has no body
      }
    });
    const start = Date.now();
    await page.goto(productUrl, { waitUntil: 'commit' });
    await page.getByTestId('page-productDetail').waitFor({ timeout: 30_000 });
    const rendered = Date.now() - start;
    await page.waitForLoadState('networkidle');
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
    const js = [...scripts.values()].filter((entry) => !entry.wasm);
    const wasm = [...scripts.values()].filter((entry) => entry.wasm);
    const sum = (list, field) => list.reduce((total, entry) => total + entry[field], 0);
    results.push({ rendered, fcp, jsFiles: js.length, jsRaw: sum(js, 'raw'), jsGzip: sum(js, 'gzip'), wasmGzip: sum(wasm, 'gzip') });
    await context.close();
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(scratch, { recursive: true, force: true });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes) => (bytes / 1024).toFixed(1);
const last = results.at(-1);
console.log(`First load of ${route.url} (${runs} runs, headless Chromium, debug server)`);
console.log(
  `JavaScript: ${last.jsFiles} files, ${kb(last.jsRaw)} KB raw, ${kb(last.jsGzip)} KB gzipped (budget ${BUDGET_KB} KB: ${last.jsGzip / 1024 < BUDGET_KB ? 'within' : 'OVER'})`,
);
console.log(`WebAssembly engine: ${kb(last.wasmGzip)} KB gzipped`);
console.log(`First contentful paint: median ${Math.round(median(results.map((entry) => entry.fcp ?? 0)))} ms`);
console.log(
  `Product page rendered: median ${median(results.map((entry) => entry.rendered))} ms (min ${Math.min(...results.map((entry) => entry.rendered))}, max ${Math.max(...results.map((entry) => entry.rendered))})`,
);
