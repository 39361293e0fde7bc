/**
 * The feed calculator, silo delivery and the roughage result pages in Chromium
 * against the real server and the demo data: the fixtures' doses for a 600 kg horse in average
 * work and for a pony, the 'cannot be determined' text, the advice in the cart, the silo offer
 * on the Dutch and the Belgian Dutch site, a demo result with its three meter colours, and the
 * print view. axe-core: no serious or critical violation on these pages.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seriousViolations } from './support/axe';
import { freshPage as openFreshPage, launchBrowser, type RunningBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const JAN = { email: 'jan.devries@example.com', password: 'Hoefslag2024' };
const SCREENSHOTS = fileURLToPath(new URL('../e2e-screenshots/', import.meta.url));

let server: RunningServer;
let chromium: RunningBrowser;
let origin: string;
let port: string;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  server = await startServer();
  chromium = await launchBrowser();
  origin = server.baseUrl.replace('127.0.0.1', 'localhost');
  port = new URL(server.baseUrl).port;
});

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

function freshPage(): Promise<{ page: Page; errors: string[] }> {
  return openFreshPage(chromium, origin);
}

async function expectAccessible(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
  expect(await seriousViolations(page), page.url()).toEqual([]);
}

async function openCalculator(page: Page, base = origin, query = ''): Promise<void> {
  await page.goto(`${base}/feed-calculator/${query}`);
  await page.getByTestId('page-feed-calculator').waitFor();
  await page.getByTestId('feed-calculate').waitFor();
}

/** The advised products' texts, in order. */
async function advisedProducts(page: Page) {
  const products = page.getByTestId('feed-product');
  await products.first().waitFor();
  const count = await products.count();
  const rows = [];
  for (let index = 0; index < count; index++) {
    const product = products.nth(index);
    rows.push({
      id: await product.getAttribute('data-product-id'),
      grams: await product.getByTestId('feed-grams').textContent(),
      portion: await product.getByTestId('feed-portion').textContent(),
      scoops: await product.getByTestId('feed-scoops').textContent(),
      days: await product.getByTestId('feed-days').textContent(),
    });
  }
  return rows;
}

describe('the feed calculator', () => {
  it('gives a 600 kg horse in average work the fixtures doses, and puts them in the cart', async () => {
    const { page, errors } = await freshPage();
    await openCalculator(page);
    // Reached from the navigation too.
    expect(await page.getByTestId('nav-feed-calculator').getAttribute('href')).toBe('/feed-calculator/');
    expect(await page.getByTestId('feed-weight').inputValue()).toBe('600');
    await page.getByTestId('feed-work-load-average').check();
    await page.getByTestId('feed-roughage').selectOption('hay');
    await page.getByTestId('feed-calculate').click();
    expect(await advisedProducts(page)).toEqual([
      { id: '13', grams: '2500 gram per dag', portion: '833 gram per portie (3 keer per dag)', scoops: '1,5 scheppen per dag', days: '8 dagen per verpakking' },
      { id: '41', grams: '60 gram per dag', portion: '20 gram per portie (3 keer per dag)', scoops: '2 scheppen per dag', days: '50 dagen per verpakking' },
    ]);
    await expectAccessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}feed-calculator-desktop.png`, fullPage: true });

    await page.getByTestId('feed-add-to-cart').click();
    await page.getByTestId('feed-message').getByText('De geadviseerde producten staan in je winkelwagen.').waitFor();
    await page.goto(`${origin}/cart/`);
    await page.getByTestId('cart-line').first().waitFor();
    const lines = await page.getByTestId('cart-line').evaluateAll((items) => items.map((item) => item.getAttribute('data-variant-id')));
    expect(lines.sort()).toEqual(['1131', '1411']);
    expect(errors).toEqual([]);
  });

  it("writes the 600 kg horse's quantities as each culture writes numbers: German, English, Belgian French", async () => {
    const cultures = [
      {
        base: `http://de.hoefslag.localhost:${port}`,
        query: '',
        title: 'Futterrechner',
        first: {
          id: '13',
          grams: '2500 Gramm pro Tag',
          portion: '833 Gramm pro Mahlzeit (3-mal täglich)',
          scoops: '1,5 Messbecher pro Tag',
          days: '8 Tage pro Packung',
        },
      },
      {
        base: origin,
        query: '?lang=en',
        title: 'Feed calculator',
        first: { id: '13', grams: '2500 grams per day', portion: '833 grams per feed (3 times a day)', scoops: '1.5 scoops per day', days: '8 days per pack' },
      },
      {
        // Belgian French reads French (fr-FR) where it has no wording of its own, not Dutch.
        base: `http://be.hoefslag.localhost:${port}`,
        query: '?lang=fr-BE',
        title: 'Calculateur de ration',
        first: {
          id: '13',
          grams: '2500 grammes par jour',
          portion: '833 grammes par repas (3 repas par jour)',
          scoops: '1,5 mesure par jour',
          days: '8 jours par conditionnement',
        },
      },
    ];
    for (const culture of cultures) {
      const { page, errors } = await freshPage();
      await openCalculator(page, culture.base, culture.query);
      expect(await page.getByTestId('page-feed-calculator').getByRole('heading', { level: 1 }).textContent()).toBe(culture.title);
      await page.getByTestId('feed-work-load-average').check();
      await page.getByTestId('feed-roughage').selectOption('hay');
      await page.getByTestId('feed-calculate').click();
      expect((await advisedProducts(page))[0], culture.base + culture.query).toEqual(culture.first);
      expect(errors).toEqual([]);
      // The language chosen by ?lang= stays in this origin's storage: leave none for later tests.
      await page.evaluate(() => localStorage.clear());
      await page.close();
    }
  });

  it('gives a pony half, and refuses 1300 kg by the field with its limits', async () => {
    const { page, errors } = await freshPage();
    await openCalculator(page);
    await page.getByTestId('feed-horse-type').selectOption('pony');
    expect(await page.getByTestId('feed-weight').inputValue()).toBe('300');
    await page.getByTestId('feed-calculate').click();
    expect(await advisedProducts(page)).toEqual([
      { id: '16', grams: '750 gram per dag', portion: '250 gram per portie (3 keer per dag)', scoops: '0,5 scheppen per dag', days: '26 dagen per verpakking' },
    ]);

    // A second horse on the same page: 1300 kg.
    await page.getByTestId('feed-add-horse').click();
    const second = page.getByTestId('feed-horse').nth(1);
    await second.getByTestId('feed-weight').fill('1300');
    await second.getByTestId('feed-calculate').click();
    await second.getByTestId('error-horse2-weightKg').waitFor();
    expect(await second.getByTestId('error-horse2-weightKg').textContent()).toBe('Vul een gewicht in van 50 tot 1200 kg');
    expect(await second.getByTestId('feed-weight').getAttribute('aria-invalid')).toBe('true');
    expect(await second.getByTestId('feed-undetermined').count()).toBe(0);
    // The first horse's advice stays.
    expect(await page.getByTestId('feed-horse').first().getByTestId('feed-grams').textContent()).toBe('750 gram per dag');
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  it('is linked from a feed product page with that product chosen', async () => {
    const { page, errors } = await freshPage();
    const answer = await fetch(`${server.baseUrl}/api/products/variant/1161`, { headers: { siteid: '1', languageid: '1' } });
    const product = (await answer.json()) as { url: string };
    await page.goto(`${origin}${product.url}`);
    await page.getByTestId('product-feed-calculator').click();
    await page.getByTestId('page-feed-calculator').waitFor();
    expect(new URL(page.url()).search).toBe('?productId=16');
    await page.getByTestId('feed-calculate').click();
    // Pony Brok for a 600 kg horse in average work: 1500 g.
    const rows = await advisedProducts(page);
    expect(rows.map((row) => [row.id, row.grams])).toEqual([['16', '1500 gram per dag']]);
    expect(errors).toEqual([]);
  });
});

describe('the ration check', () => {
  it('shows the chart of need against supply and the balancer dose for a typical hay', async () => {
    const { page, errors } = await freshPage();
    await openCalculator(page);
    await page.getByTestId('ration-weight').fill('500');
    await page.getByTestId('ration-work-load').selectOption('light');
    await page.getByTestId('ration-roughage').selectOption('hay');
    await page.getByTestId('ration-check').click();
    await page.getByTestId('ration-result').waitFor();
    expect(await page.getByTestId('ration-chart').locator('g').count()).toBe(5);
    expect(await page.getByTestId('ration-chart').getAttribute('role')).toBe('img');
    // NRC 2007: 699 g protein for 500 kg in light work, 600 g from the hay: 390 g of balancer.
    expect(await page.getByTestId('ration-balancer').textContent()).toBe('Vul aan met 390 gram Hoefslag Balancer per dag.');
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });
});

describe('silo delivery', () => {
  async function siloCheck(page: Page, horses: number): Promise<'offer' | 'none'> {
    await page.getByTestId('silo-horses').fill(String(horses));
    await page.getByTestId('silo-check').click();
    await page.locator('[data-testid=silo-offer], [data-testid=silo-no-offer]').first().waitFor();
    return (await page.getByTestId('silo-offer').count()) > 0 ? 'offer' : 'none';
  }

  it('shows from 15 horses on the Dutch site, with the silo dealers and the interest form', async () => {
    const { page, errors } = await freshPage();
    await openCalculator(page);
    expect(await siloCheck(page, 14)).toBe('none');
    expect(await siloCheck(page, 15)).toBe('offer');
    expect(await page.getByTestId('silo-offer').textContent()).toContain('15 paarden');
    expect(await page.getByTestId('silo-dealers').locator('li').count()).toBe(9);
    await page.getByTestId('silo-yard').fill('Stal De Hoefijzer');
    await page.getByTestId('silo-name').fill('Jan de Vries');
    await page.getByTestId('silo-emailAddress').fill('jan@stal.example');
    await expectAccessible(page);
    await page.getByTestId('silo-send').click();
    await page.getByTestId('silo-sent').waitFor();
    expect(errors).toEqual([]);
  });

  it('shows from 12 horses on the Belgian Dutch site', async () => {
    const { page, errors } = await freshPage();
    await openCalculator(page, `http://be.hoefslag.localhost:${port}`);
    expect(await siloCheck(page, 11)).toBe('none');
    expect(await siloCheck(page, 12)).toBe('offer');
    expect(await page.getByTestId('silo-offer').textContent()).toContain('12');
    expect(errors).toEqual([]);
  });
});

describe('a roughage result page', () => {
  it('shows the three meter colours and the advice, lowers the unread count, and prints without header and footer', async () => {
    const { page, errors } = await freshPage();
    await page.goto(`${origin}/account/login/`);
    await page.getByTestId('page-login').waitFor();
    const form = page.getByTestId('login-form');
    await form.getByLabel('E-mailadres').fill(JAN.email);
    await form.getByLabel('Wachtwoord').fill(JAN.password);
    await form.getByRole('button', { name: 'Inloggen' }).click();
    await page.getByTestId('header-greeting').waitFor();
    expect(await page.getByTestId('header-unread').textContent()).toContain('2');

    await page.goto(`${origin}/quick-scan-result/qs-2026-0002-p3x9/`);
    await page.getByTestId('page-scan-result').waitFor();
    const levels = await page
      .getByTestId('result-analyte')
      .getByTestId('result-meter')
      .evaluateAll((meters) => [...new Set(meters.map((meter) => meter.getAttribute('data-level')))].sort());
    expect(levels).toEqual(['alert', 'good', 'takeAction']);
    // Every analyte has its name (iron too), and values are written as Dutch writes numbers.
    const unnamed = await page
      .getByTestId('result-analyte')
      .evaluateAll((items) =>
        items.filter((item) => item.querySelector('h3')?.textContent === item.getAttribute('data-analyte')).map((item) => item.getAttribute('data-analyte')),
      );
    expect(unnamed).toEqual([]);
    expect(await page.locator('[data-testid=result-analyte][data-analyte=iron] h3').textContent()).toBe('IJzer');
    expect(await page.locator('[data-testid=result-analyte][data-analyte=dryMatter] [data-testid=result-value]').textContent()).toBe('84,6 %');
    // The level is a word, not only a colour.
    const words = await page.getByTestId('result-meter').allTextContents();
    expect(words).toEqual(expect.arrayContaining(['Goed', 'Let op', 'Actie nodig']));
    expect(await page.getByTestId('result-advice').locator('li').count()).toBeGreaterThan(0);
    await page.getByTestId('result-products').waitFor();
    await expect.poll(async () => (await page.getByTestId('header-unread').textContent()) ?? '').toContain('1');
    await expectAccessible(page);

    expect(await page.getByTestId('result-print-heading').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('header').first().isVisible()).toBe(false);
    expect(await page.locator('footer').first().isVisible()).toBe(false);
    expect(await page.getByTestId('notification-bar').isVisible()).toBe(false);
    expect(await page.getByTestId('result-print').isVisible()).toBe(false);
    // The printed page's own heading: the brand, the customer and the sample.
    const heading = page.getByTestId('result-print-heading');
    expect(await heading.isVisible()).toBe(true);
    expect(await heading.textContent()).toContain('Hoefslag');
    expect(await heading.textContent()).toContain('Jan de Vries');
    const columns = await page
      .getByTestId('result-analyte')
      .first()
      .evaluate((item) => getComputedStyle(item.parentElement as HTMLElement).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(3);
    await page.pdf({ path: `${SCREENSHOTS}scan-result.pdf`, format: 'A4' });
    await page.emulateMedia({ media: 'screen' });
    expect(await page.locator('header').first().isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });
});
