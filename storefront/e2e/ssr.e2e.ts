/**
 * The server-rendered shop: host-server forwards pages to the renderer, whose HTML
 * already holds the page (fetched here without JavaScript); the browser hydrates it without a
 * mismatch and without asking again for what the page brought; with the renderer stopped, the
 * shop is the client-rendered app, as before.
 */
import { describe, expect, it } from 'vitest';

import { seriousViolations } from './support/axe';
import { freshPage } from './support/browser';
import { useShop } from './support/shop';

const PRODUCT_PATH = '/muesli/hoefslag-senior-muesli/';
const PRODUCT_NAME = 'Hoefslag Senior Muesli';
const PRICE = '€ 31,95';

/** The monitoring system's key for `/metrics`. */
const METRICS_KEY = 'e2e-metrics-key';

const shop = useShop({ METRICS_KEY });

/** The `<div id="root">` of a page's HTML: what the server rendered. */
function rendered(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json" id="hb-state">');
  return start >= 0 && end > start ? html.slice(start, end) : '';
}

describe('the server-rendered shop', () => {
  it('answers a product page with its name and price in the HTML, without JavaScript', async () => {
    const response = await fetch(`${shop.origin}${PRODUCT_PATH}`, { redirect: 'manual' });
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

  it("adds the renderer's own figures, summed over its processes, to the server's metrics", async () => {
    await (await fetch(`${shop.origin}${PRODUCT_PATH}`)).text();
    const response = await fetch(`${shop.origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_KEY}` } });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.endsWith('# EOF\n')).toBe(true);
    expect(text.match(/# EOF/g)).toHaveLength(1);
    const memory = /^renderer_process_resident_memory_bytes (\d+)$/m.exec(text)?.[1];
    // Two rendering processes of at least some tens of megabytes each.
    expect(Number(memory)).toBeGreaterThan(50_000_000);
    expect(text).toMatch(/^renderer_nodejs_eventloop_lag_seconds [\d.e-]+$/m);
    expect(text).toMatch(/^hoofbeat_renders_total\{outcome="rendered"\} [1-9]/m);
  });

  it("answers the loaders' redirects and unknown pages with real status codes", async () => {
    // The trailing-slash rule: the page's one address, moved for good.
    const withoutSlash = await fetch(`${shop.origin}/muesli`, { redirect: 'manual' });
    expect(withoutSlash.status).toBe(301);
    expect(withoutSlash.headers.get('location')).toBe('/muesli/');
    const account = await fetch(`${shop.origin}/account/`, { redirect: 'manual' });
    expect(account.status).toBe(302);
    expect(account.headers.get('location')).toBe('/account/login/?i=1&returnUrl=%2Faccount%2F');
    const unknown = await fetch(`${shop.origin}/no/such/page/`, { redirect: 'manual' });
    expect(unknown.status).toBe(404);
    expect(rendered(await unknown.text())).toContain('data-testid="page-not-found"');
  });

  it('gives a product page its title, description, canonical address, alternates, Open Graph and Product JSON-LD', async () => {
    const html = await (await fetch(`${shop.origin}${PRODUCT_PATH}`)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<title>${PRODUCT_NAME} | Hoefslag</title>`);
    expect(head).toMatch(/<meta name="description" content="[^"]{20,}" \/>/);
    const canonical = /<link rel="canonical" href="([^"]+)" \/>/.exec(head)?.[1];
    expect(canonical).toBe(`${shop.origin}${PRODUCT_PATH}`);
    const alternates = [...head.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map((match) => [match[1], match[2]]);
    expect(alternates).toContainEqual(['nl-NL', `${shop.origin}${PRODUCT_PATH}`]);
    expect(alternates).toContainEqual(['en-NL', `${shop.origin}${PRODUCT_PATH}?lang=en`]);
    expect(alternates).toContainEqual(['x-default', `${shop.origin}${PRODUCT_PATH}`]);
    expect(alternates.some(([hreflang, href]) => hreflang === 'de-DE' && href?.includes('de.hoefslag.localhost'))).toBe(true);
    expect(head).toContain('<meta property="og:type" content="product" />');
    expect(head).toContain(`<meta property="og:title" content="${PRODUCT_NAME} | Hoefslag" />`);
    expect(head).not.toContain('name="robots"');
    const jsonLd = [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
    );
    const product = jsonLd.find((item) => item['@type'] === 'Product');
    expect(product).toMatchObject({ name: PRODUCT_NAME, brand: { '@type': 'Brand', name: 'Hoefslag' } });
    expect(product?.offers).toMatchObject({
      '@type': 'Offer',
      price: '31.95',
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
      url: canonical,
    });
    expect(jsonLd.find((item) => item['@type'] === 'BreadcrumbList')).toBeDefined();
  });

  it('shows a product overview with its products, prices and links without JavaScript, and hydrates it without searching again', async () => {
    const whole = await (await fetch(`${shop.origin}/muesli/?sort=priceAsc`)).text();
    // A landing page is named by the site's navigation.
    expect(whole).toContain('<title>Muesli | Hoefslag</title>');
    expect(whole).toContain('<meta name="description" content="Muesli – Hoefslag" />');
    const html = rendered(whole);
    expect(html).toContain('data-testid="result-count"');
    expect(html).toContain(PRODUCT_NAME);
    expect(html).toContain(`href="${PRODUCT_PATH}"`);
    expect(html).toMatch(/€&nbsp;\d+,\d\d|€ \d+,\d\d/);

    const { page, errors } = await freshPage(shop.chromium, shop.origin);
    const searches: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/products/search') searches.push(request.url());
    });
    await page.goto(`${shop.origin}/muesli/`);
    await page.getByTestId('result-count').waitFor();
    await page.waitForLoadState('networkidle');
    expect(searches).toEqual([]);
    expect(await seriousViolations(page), page.url()).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('renders the page in the language an alternate address asks for', async () => {
    const html = await (await fetch(`${shop.origin}${PRODUCT_PATH}?lang=en`)).text();
    expect(html).toContain('<html lang="en" data-theme="default">');
    expect(/<link rel="canonical" href="([^"]+)" \/>/.exec(html)?.[1]).toBe(`${shop.origin}${PRODUCT_PATH}?lang=en`);
  });

  it('shows the FAQ, the news and the home page without JavaScript, with their structured data', async () => {
    const home = await (await fetch(`${shop.origin}/`)).text();
    expect(home).toContain('<title>Hoefslag</title>');
    expect(home).toContain('"@type":"Organization"');

    const faq = await fetch(`${shop.origin}/klantenservice/veelgestelde-vragen/`);
    expect(faq.status).toBe(200);
    const faqHtml = await faq.text();
    expect(rendered(faqHtml)).toContain('<details');
    expect(rendered(faqHtml)).toContain('<summary>');
    expect(faqHtml).toContain('"@type":"FAQPage"');

    const news = await fetch(`${shop.origin}/media/`);
    expect(news.status).toBe(200);
    const newsHtml = rendered(await news.text());
    const itemPath = /<a href="(\/media\/\d+\/[^"]+\/)"/.exec(newsHtml)?.[1];
    expect(itemPath).toBeDefined();
    const item = await fetch(`${shop.origin}${itemPath}`);
    expect(item.status).toBe(200);
    const itemHtml = await item.text();
    expect(rendered(itemHtml)).toContain('data-testid="page-media-item"');
    expect(itemHtml).toContain('"@type":"NewsArticle"');
  });

  it('lets a visitor search the FAQ and open a question with the keyboard, and read the news', async () => {
    const { page, errors } = await freshPage(shop.chromium, shop.origin);
    await page.goto(`${shop.origin}/klantenservice/veelgestelde-vragen/`);
    await page.getByTestId('page-faq').waitFor();
    expect(await seriousViolations(page), page.url()).toEqual([]);
    const questions = page.locator('[data-testid="page-faq"] details');
    const total = await questions.count();
    expect(total).toBeGreaterThan(1);
    const first = questions.first();
    const question = (await first.locator('summary').textContent()) ?? '';
    await page.getByLabel('Zoek in de veelgestelde vragen').fill(question.split(' ').slice(0, 4).join(' '));
    await expect.poll(() => questions.count()).toBeLessThan(total);
    await first.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => first.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true);
    await page.getByLabel('Zoek in de veelgestelde vragen').fill('zzzz-geen-vraag');
    await page.getByRole('status').waitFor();

    await page.goto(`${shop.origin}/media/`);
    await page.getByTestId('page-media').waitFor();
    expect(await seriousViolations(page), page.url()).toEqual([]);
    await page.locator('[data-testid="page-media"] h2 a').first().click();
    await page.getByTestId('page-media-item').waitFor();
    expect(await seriousViolations(page), page.url()).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps private pages and unknown pages out of search engines', async () => {
    const cart = await (await fetch(`${shop.origin}/cart/`)).text();
    expect(cart).toContain('<meta name="robots" content="noindex, follow" />');
    const unknown = await (await fetch(`${shop.origin}/no/such/page/`)).text();
    expect(unknown).toContain('<meta name="robots" content="noindex, follow" />');
    expect(unknown).not.toContain('rel="canonical"');
  });

  it('answers robots.txt and the sitemap of the site at the public address', async () => {
    const robots = await fetch(`${shop.origin}/robots.txt`);
    expect(robots.status).toBe(200);
    const text = await robots.text();
    expect(text).toContain('Disallow: /checkout/');
    expect(text).toContain(`Sitemap: ${shop.origin}/sitemap.xml`);
    const sitemap = await fetch(`${shop.origin}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(await sitemap.text()).toContain(`<loc>${shop.origin}${PRODUCT_PATH}</loc>`);
  });

  it('serves the hashed assets with a year-long immutable cache', async () => {
    const html = await (await fetch(`${shop.origin}/`)).text();
    const script = /src="(\/assets\/index-[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${shop.origin}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('hydrates the product page without a mismatch and without repeating its requests', async () => {
    const { page, errors } = await freshPage(shop.chromium, shop.origin);
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
    await page.goto(`${shop.origin}${PRODUCT_PATH}`);
    await page.getByTestId('page-productDetail').waitFor();
    // Live after hydration: adding to the cart works.
    await page.getByTestId('add-to-cart').click();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');
    expect(repeated).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows the server's page before it fetches the app, which then makes it live", async () => {
    const { page, errors } = await freshPage(shop.chromium, shop.origin);
    await page.goto(`${shop.origin}${PRODUCT_PATH}`);
    const { paint, app, boot } = await page.evaluate(() => {
      const scripts = performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/assets/') && entry.name.endsWith('.js'));
      const start = (pattern: RegExp) => scripts.find((entry) => pattern.test(new URL(entry.name).pathname))?.startTime ?? null;
      return {
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        // The page's one script tag (boot.ts, named index-*.js by the build) and the app it loads.
        boot: start(/\/assets\/index-[^/]+\.js$/),
        app: start(/\/assets\/main-[^/]+\.js$/),
      };
    });
    expect(paint).not.toBeNull();
    expect(boot).not.toBeNull();
    expect(app).toBeGreaterThanOrEqual(paint ?? Number.POSITIVE_INFINITY);
    expect(await page.getByTestId('page-productDetail').textContent()).toContain(PRICE);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('hydrates before the engine module has arrived, which loads after hydration', async () => {
    const { page, errors } = await freshPage(shop.chromium, shop.origin);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) consoleErrors.push(message.text());
    });
    // The engine's .wasm is held back until the page is live.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route('**/*.wasm', async (route) => {
      asked = true;
      await released;
      await route.continue();
    });
    await page.goto(`${shop.origin}${PRODUCT_PATH}`);
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    expect(await page.getByTestId('page-productDetail').textContent()).toContain(PRICE);
    // Asked for after hydration started, and not there yet: the page went live without it.
    await expect.poll(() => asked).toBe(true);
    // The cart's preview needs the engine: the click waits for it, then counts.
    await page.getByTestId('add-to-cart').click();
    release();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');
    expect(consoleErrors).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('renders in the language the visitor chose, also one chosen before pages were server-rendered', async () => {
    const { page, errors } = await freshPage(shop.chromium, shop.origin);
    // A choice kept only in localStorage (English, language 2 of the Dutch site), no cookie yet.
    await page.evaluate(() => localStorage.setItem('hoofbeat.languageId', '2'));
    await page.context().clearCookies({ name: 'hoofbeat_language' });
    await page.goto(`${shop.origin}${PRODUCT_PATH}`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.getByTestId('page-productDetail').waitFor();
    const cookies = await page.context().cookies(shop.origin);
    expect(cookies.find((cookie) => cookie.name === 'hoofbeat_language')?.value).toBe(encodeURIComponent('1:2'));
    // The server renders the next page in English at once.
    const html = await (await fetch(`${shop.origin}${PRODUCT_PATH}`, { headers: { cookie: 'hoofbeat_language=1%3A2' } })).text();
    expect(html).toContain('<html lang="en" data-theme="default">');
    expect(errors).toEqual([]);
    // The next tests' visitor has chosen nothing.
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies({ name: 'hoofbeat_language' });
    await page.close();
  });

  it('works as the client-rendered app when the renderer is stopped', async () => {
    // A page the page cache holds is still served as rendered.
    const cached = await fetch(`${shop.origin}${PRODUCT_PATH}`);
    await cached.text();
    await shop.server.stopRenderer();
    const kept = await fetch(`${shop.origin}${PRODUCT_PATH}`);
    expect(kept.headers.get('x-page-cache')).toBe('hit');
    expect(await kept.text()).toContain(PRODUCT_NAME);
    // A page it does not hold is the client-rendered app.
    const notCached = `${PRODUCT_PATH}?renderer=stopped`;
    const html = await (await fetch(`${shop.origin}${notCached}`)).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain(PRODUCT_NAME);

    const { page, errors } = await freshPage(shop.chromium, shop.origin);
    await page.goto(`${shop.origin}${notCached}`);
    await page.getByTestId('page-productDetail').waitFor();
    expect(await page.getByTestId('page-productDetail').textContent()).toContain(PRODUCT_NAME);
    expect(await page.getByTestId('product-price').textContent()).toContain(PRICE);
    expect(errors).toEqual([]);
    await page.close();
  });
});
