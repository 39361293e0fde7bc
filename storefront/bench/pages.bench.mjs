// Pages under load, against a running shop: the page cache, the renderer and a static file of
// the same server as the reference, each at 50 connections (keep-alive) for a number of seconds.
//
//   bash scripts/start.sh                                   (demo data, :8080)
//   node storefront/bench/pages.bench.mjs [base URL] [seconds per target]
//
// Targets, on the Dutch Hoefslag site:
// - the main script of the storefront build (a file the server answers from disk): the reference;
// - a product page from the page cache (a visitor without a session);
// - the same page rendered every time: a session cookie no session has keeps it out of the cache,
//   so the renderer renders it as for a visitor who is not signed in;
// - the account page of a signed-in demo customer (rendered every time, with its API calls);
// - the API: a content page as the renderer asks for it (`GET /api/content/page`), and a cart
//   line's quantity set with the cart's totals in the answer (`PUT /api/cart/{id}/products/{v}`),
//   one cart per connection.
//
// Budgets: the cached page at least half the file's rate with p99 under 50 ms; a render at
// least 200 pages/s; the account page at least 100/s with p99 under 500 ms; the content API at
// least 3,000/s; the cart change at least 10,000/s. The exit code is 1 when one is missed. Run it
// on a quiet machine: client and servers share its cores, and this client's own work counts
// against the server's rate.
import http from 'node:http';

const base = (process.argv[2] ?? 'http://localhost:8080').replace(/\/$/, '');
const seconds = Number(process.argv[3] ?? 10);
const CONNECTIONS = 50;
const HOST = new URL(base).host.replace(/^localhost/, 'hoefslag.localhost');
const PRODUCT = '/muesli/hoefslag-senior-muesli/';
const DEMO = { emailAddress: 'jan.devries@example.com', password: 'Hoefslag2024' };

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

/** One request; resolves with the status and the milliseconds it took. */
function request(path, headers = {}, method = 'GET', body = null) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const outgoing = http.request(`${base}${path}`, { method, agent, headers: { host: HOST, 'accept-encoding': 'br', ...headers } }, (answer) => {
      const chunks = [];
      answer.on('data', (chunk) => chunks.push(chunk));
      answer.on('end', () =>
        resolve({
          status: answer.statusCode,
          headers: answer.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          ms: Number(process.hrtime.bigint() - started) / 1e6,
        }),
      );
      answer.on('error', reject);
    });
    outgoing.on('error', reject);
    if (body) outgoing.write(body);
    outgoing.end();
  });
}

/**
 * `CONNECTIONS` clients asking for `path` for `seconds`: requests per second, p50 and p99. `path`
 * may be a function of the client's number and its request count, `method` another method.
 */
async function load(path, headers, method = 'GET') {
  const times = [];
  let failures = 0;
  const until = Date.now() + seconds * 1000;
  const client = async (number) => {
    for (let count = 0; Date.now() < until; count += 1) {
      const target = typeof path === 'function' ? path(number, count) : path;
      const answer = await request(target, headers, method).catch(() => null);
      if (answer && answer.status === 200) times.push(answer.ms);
      else failures += 1;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, number) => client(number)));
  const elapsed = (Date.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (share) => times[Math.min(times.length - 1, Math.floor(times.length * share))] ?? NaN;
  return { rate: times.length / elapsed, p50: at(0.5), p99: at(0.99), failures };
}

async function mainScript() {
  const html = (await request('/', { 'accept-encoding': 'identity' })).body;
  const script = /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1];
  if (!script) throw new Error('no module script in the home page');
  return script;
}

async function sessionCookie() {
  const answer = await request(
    '/api/authentication/signin',
    { 'content-type': 'application/json', 'accept-encoding': 'identity', siteid: '1', languageid: '1', captcha: 'bench', origin: `http://${HOST}` },
    'POST',
    JSON.stringify(DEMO),
  );
  const cookie = (answer.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).find((pair) => pair.includes('hb_session='));
  if (!cookie) throw new Error(`signing in failed (${answer.status}): ${answer.body}`);
  return cookie;
}

const SITE = { siteid: '1', languageid: '1', 'accept-encoding': 'identity' };
const VARIANT = 1011;

/** One cart per connection, each with a line of the product whose quantity the load changes. */
async function carts() {
  const ids = [];
  for (let index = 0; index < CONNECTIONS; index += 1) {
    const created = await request('/api/cart', { ...SITE, 'content-type': 'application/json' }, 'POST', '{}');
    const id = JSON.parse(created.body).cart?.shoppingcartId;
    if (!id) throw new Error(`no cart (${created.status}): ${created.body}`);
    const added = await request(`/api/cart/${id}/products?productVariantId=${VARIANT}`, SITE, 'POST');
    if (added.status !== 200) throw new Error(`adding to the cart failed (${added.status}): ${added.body}`);
    ids.push(id);
  }
  return ids;
}

const fixed = (value, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

const script = await mainScript();
await request(PRODUCT); // into the page cache
const signedIn = await sessionCookie();
const cartIds = await carts();
const rows = [
  ['main script (a file)', await load(script)],
  ['product page, page cache', await load(PRODUCT)],
  ['product page, rendered', await load(PRODUCT, { cookie: 'hb_session=no-such-session' })],
  ['account page, signed in', await load('/account/', { cookie: signedIn })],
  ['API: content page', await load(`/api/content/page?path=${encodeURIComponent(PRODUCT)}`, SITE)],
  [
    'API: cart quantity with totals',
    await load((number, count) => `/api/cart/${cartIds[number]}/products/${VARIANT}?quantity=${(count % 3) + 1}`, SITE, 'PUT'),
  ],
];
console.log(`${CONNECTIONS} connections, ${seconds} s each, ${base} as ${HOST}\n`);
console.log('| what | requests/s | p50 ms | p99 ms | failed |\n|---|---|---|---|---|');
for (const [name, result] of rows) {
  console.log(`| ${name} | ${fixed(result.rate)} | ${fixed(result.p50, 1)} | ${fixed(result.p99, 1)} | ${result.failures} |`);
}
const [file, cached, rendered, account, content, cart] = rows.map(([, result]) => result);
const missed = [
  cached.rate < file.rate / 2 && 'the cached page under half the file’s rate',
  cached.p99 >= 50 && 'the cached page’s p99 at 50 ms or more',
  rendered.rate < 200 && 'fewer than 200 renders per second',
  account.rate < 100 && 'fewer than 100 account pages per second',
  account.p99 >= 500 && 'the account page’s p99 at 500 ms or more',
  content.rate < 3000 && 'fewer than 3,000 content pages per second from the API',
  cart.rate < 10000 && 'fewer than 10,000 cart changes per second',
].filter(Boolean);
console.log(missed.length ? `\nbudget missed: ${missed.join('; ')}` : '\nevery budget met');
agent.destroy();
process.exit(missed.length ? 1 : 0);
