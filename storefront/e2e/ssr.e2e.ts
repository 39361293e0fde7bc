/**
 * The server-rendered shop (issue 18): host-server forwards pages to the renderer, whose HTML
 * already holds the page (fetched here without JavaScript); the browser hydrates it without a
 * mismatch and without asking again for what the page brought; with the renderer stopped, the
 * shop is the client-rendered app, as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { freshPage, launchBrowser, type RunningBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const PRODUCT_PATH = '/muesli/hoefslag-senior-muesli/';
const PRODUCT_NAME = 'Hoefslag Senior Muesli';
const PRICE = '€ 31,95';

let server: RunningServer;
let chromium: RunningBrowser;
let origin: string;

beforeAll(async () => {
  server = await startServer();
  chromium = await launchBrowser();
  origin = server.baseUrl.replace('127.0.0.1', 'localhost');
});

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

/** The `<div id="root">` of a page's HTML: what the server rendered. */
function rendered(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json" id="hb-state">');
  return start >= 0 && end > start ? html.slice(start, end) : '';
}

describe('the server-rendered shop', () => {
  it('answers a product page with its name and price in the HTML, without JavaScript', async () => {
    const response = await fetch(`${origin}${PRODUCT_PATH}`, { redirect: 'manual' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    const page = rendered(html);
    expect(page).toContain(`<h1 class="`);
    expect(page).toContain(PRODUCT_NAME);
    expect(page).toContain(PRICE);
    expect(page).toContain('data-amount="31.95"');
    expect(html).toContain('<html lang="nl" data-theme="default">');
    // The catalog of the culture is in the page: the browser fetches no catalog.
    expect(html).toContain('"culture":"nl"');
  });

  it("answers the loaders' redirects and unknown pages with real status codes", async () => {
    const withoutSlash = await fetch(`${origin}/muesli`, { redirect: 'manual' });
    expect(withoutSlash.status).toBe(302);
    expect(withoutSlash.headers.get('location')).toBe('/muesli/');
    const account = await fetch(`${origin}/account/`, { redirect: 'manual' });
    expect(account.status).toBe(302);
    expect(account.headers.get('location')).toBe('/account/login/?i=1&returnUrl=%2Faccount%2F');
    const unknown = await fetch(`${origin}/no/such/page/`, { redirect: 'manual' });
    expect(unknown.status).toBe(404);
    expect(rendered(await unknown.text())).toContain('data-testid="page-not-found"');
  });

  it('serves the hashed assets with a year-long immutable cache', async () => {
    const html = await (await fetch(`${origin}/`)).text();
    const script = /src="(\/assets\/index-[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${origin}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('hydrates the product page without a mismatch and without repeating its requests', async () => {
    const { page, errors } = await freshPage(chromium, origin);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) consoleErrors.push(message.text());
    });
    const repeated: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/api\/(sites\/getbydomain|routing\/getbyurl|content\/page|products\/variant\/)/.test(pathname) || /\/assets\/(nl|en)-.*\.js$/.test(pathname)) {
        repeated.push(pathname);
      }
    });
    await page.goto(`${origin}${PRODUCT_PATH}`);
    await page.getByTestId('page-productDetail').waitFor();
    // Live after hydration: adding to the cart works.
    await page.getByTestId('add-to-cart').click();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');
    expect(repeated).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('renders in the language the visitor chose, also one chosen before pages were server-rendered', async () => {
    const { page, errors } = await freshPage(chromium, origin);
    // A choice kept only in localStorage (English, language 2 of the Dutch site), no cookie yet.
    await page.evaluate(() => localStorage.setItem('hoofbeat.languageId', '2'));
    await page.context().clearCookies({ name: 'hoofbeat_language' });
    await page.goto(`${origin}${PRODUCT_PATH}`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.getByTestId('page-productDetail').waitFor();
    const cookies = await page.context().cookies(origin);
    expect(cookies.find((cookie) => cookie.name === 'hoofbeat_language')?.value).toBe(encodeURIComponent('1:2'));
    // The server renders the next page in English at once.
    const html = await (await fetch(`${origin}${PRODUCT_PATH}`, { headers: { cookie: 'hoofbeat_language=1%3A2' } })).text();
    expect(html).toContain('<html lang="en" data-theme="default">');
    expect(errors).toEqual([]);
    // The next tests' visitor has chosen nothing.
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies({ name: 'hoofbeat_language' });
    await page.close();
  });

  it('works as the client-rendered app when the renderer is stopped', async () => {
    await server.stopRenderer();
    const html = await (await fetch(`${origin}${PRODUCT_PATH}`)).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain(PRODUCT_NAME);

    const { page, errors } = await freshPage(chromium, origin);
    await page.goto(`${origin}${PRODUCT_PATH}`);
    await page.getByTestId('page-productDetail').waitFor();
    expect(await page.getByTestId('page-productDetail').textContent()).toContain(PRODUCT_NAME);
    expect(await page.getByTestId('product-price').textContent()).toContain(PRICE);
    expect(errors).toEqual([]);
    await page.close();
  });
});
