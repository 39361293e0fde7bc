// Lighthouse on the server-rendered shop, and the time to first byte of a product page under
// load (issue 18, point 7).
//
//   bash scripts/start.sh                                   (release builds, demo data, :8080)
//   node storefront/bench/lighthouse.bench.mjs [base URL] [runs]
//
// Lighthouse 12 (the npm package, a dependency of this benchmark only: storefront/bench/lighthouse
// has its own package.json and lock and is installed with `npm install` on the first run: npm 11's
// `npm ci` refuses lighthouse's lock for an optional dependency it lists twice) drives
// Debian's chromium (CHROME_PATH, default /usr/bin/chromium) with its default mobile profile and
// throttling, on the home, category, product, FAQ and news pages, `runs` times each (3), and
// prints the medians against the budget: performance at least 95; accessibility, best practices
// and SEO 100; LCP at most 2.0 s, CLS at most 0.05, total blocking time at most 100 ms. Then 50
// concurrent clients ask for the product page for 20 s and the time to its first byte is
// printed as p50 and p99. The exit code is 1 when a page misses the budget.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import http from 'node:http';

const LIGHTHOUSE_VERSION = '12.8.2';
const folder = new URL('./lighthouse/', import.meta.url);
const base = (process.argv[2] ?? 'http://localhost:8080').replace(/\/$/, '');
const runs = Number(process.argv[3] ?? 3);
// The third field marks a page kept out of search engines on purpose (`noindex`): Lighthouse's
// SEO score counts that against it, so its SEO is shown but not held to the budget.
const PAGES = [
  ['home', '/'],
  ['category', '/muesli/'],
  ['product', '/muesli/hoefslag-senior-muesli/'],
  ['FAQ', '/klantenservice/veelgestelde-vragen/'],
  ['news', '/media/'],
  ['feed calculator', '/feed-calculator/'],
  ['store locator', '/store-locator/'],
  ['cart', '/cart/', { noindex: true }],
];
const BUDGET = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100, lcpMs: 2000, cls: 0.05, tbtMs: 100 };

/** Lighthouse and chrome-launcher, installed into bench/lighthouse when missing. */
async function loadLighthouse() {
  const manifest = new URL('./node_modules/lighthouse/package.json', folder);
  const installed = existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).version;
  if (installed !== LIGHTHOUSE_VERSION) {
    console.log(`installing lighthouse ${LIGHTHOUSE_VERSION} into storefront/bench/lighthouse (npm install) ...`);
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: folder, stdio: 'inherit' });
  }
  const resolve = (name) => createRequire(new URL('./package.json', folder)).resolve(name);
  const lighthouse = (await import(resolve('lighthouse'))).default;
  const chromeLauncher = await import(resolve('chrome-launcher'));
  return { lighthouse, chromeLauncher };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

async function audit({ lighthouse, chromeLauncher }) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const rows = [];
  try {
    for (const [name, path, options] of PAGES) {
      const samples = [];
      for (let run = 0; run < runs; run += 1) {
        const result = await lighthouse(`${base}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        const { categories, audits } = result.lhr;
        samples.push({
          performance: Math.round(categories.performance.score * 100),
          accessibility: Math.round(categories.accessibility.score * 100),
          'best-practices': Math.round(categories['best-practices'].score * 100),
          seo: Math.round(categories.seo.score * 100),
          fcpMs: audits['first-contentful-paint'].numericValue,
          lcpMs: audits['largest-contentful-paint'].numericValue,
          cls: audits['cumulative-layout-shift'].numericValue,
          tbtMs: audits['total-blocking-time'].numericValue,
        });
      }
      const row = { name, path, noindex: options?.noindex === true };
      for (const key of Object.keys(samples[0])) row[key] = median(samples.map((sample) => sample[key]));
      rows.push(row);
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}

function meetsBudget(row) {
  return (
    row.performance >= BUDGET.performance &&
    row.accessibility >= BUDGET.accessibility &&
    row['best-practices'] >= BUDGET['best-practices'] &&
    (row.noindex || row.seo >= BUDGET.seo) &&
    row.lcpMs <= BUDGET.lcpMs &&
    row.cls <= BUDGET.cls &&
    row.tbtMs <= BUDGET.tbtMs
  );
}

/** Time to the first byte of `path`, from `clients` clients asking one after another for `seconds`. */
async function timeToFirstByte(path, clients = 50, seconds = 20) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const url = new URL(`${base}${path}`);
  const times = [];
  let failures = 0;
  const until = Date.now() + seconds * 1000;
  const once = () =>
    new Promise((resolve) => {
      const start = process.hrtime.bigint();
      const request = http.get(url, { agent }, (response) => {
        response.once('data', () => times.push(Number(process.hrtime.bigint() - start) / 1e6));
        response.on('end', resolve);
        response.resume();
        if (response.statusCode !== 200) failures += 1;
      });
      request.on('error', () => {
        failures += 1;
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < until) await once();
    }),
  );
  agent.destroy();
  return { count: times.length, failures, p50: percentile(times, 50), p99: percentile(times, 99) };
}

const tools = await loadLighthouse();
console.log(`Lighthouse ${LIGHTHOUSE_VERSION}, mobile profile, median of ${runs} runs, ${base}\n`);
const rows = await audit(tools);
console.log('| page | performance | accessibility | best practices | SEO | FCP | LCP | CLS | TBT | budget |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const row of rows) {
  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `| ${row.name} \`${row.path}\` | ${row.performance} | ${row.accessibility} | ${row['best-practices']} | ${row.seo}${row.noindex ? ' (noindex)' : ''} | ${seconds(row.fcpMs)} | ${seconds(row.lcpMs)} | ${row.cls.toFixed(3)} | ${Math.round(row.tbtMs)} ms | ${meetsBudget(row) ? 'met' : 'missed'} |`,
  );
}
const ttfb = await timeToFirstByte(PAGES[2][1]);
console.log(
  `\nTime to first byte of ${PAGES[2][1]}, 50 concurrent clients for 20 s: p50 ${ttfb.p50.toFixed(1)} ms, p99 ${ttfb.p99.toFixed(1)} ms (${ttfb.count} answers, ${ttfb.failures} not 200)`,
);
process.exitCode = rows.every(meetsBudget) ? 0 : 1;
