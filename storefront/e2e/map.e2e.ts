/**
 * In Chromium against the real server: the store locator's map. A local tile
 * server (started here on 127.0.0.1, serving one small PNG) is the shop's MAP_TILE_URL. Before
 * the visitor consents to marketing cookies there is no map and no tile request; after consent
 * the tiles come from that server, only from it, and the dealers have markers; the content
 * security policy allows that image host. Without a tile URL the list stands alone. axe-core
 * finds no serious or critical violation.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seriousViolations } from './support/axe';
import { freshPage as openFreshPage, launchBrowser, type RunningBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/** A 1×1 PNG: every tile the map asks for. */
const TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** The local tile service: answers every request with the PNG and records its path. */
async function startTileServer(): Promise<{ origin: string; paths: string[]; close(): Promise<void> }> {
  const paths: string[] = [];
  const server: Server = createServer((request, response) => {
    paths.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' });
    response.end(TILE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    paths,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let chromium: RunningBrowser;

beforeAll(async () => {
  chromium = await launchBrowser();
});

afterAll(async () => {
  await chromium?.close();
});

/** A fresh page (consent: necessary only) that records every request leaving the allowed origins. */
async function freshPage(origin: string, allowed: string[]): Promise<{ page: Page; errors: string[]; foreign: string[] }> {
  const { page, errors } = await openFreshPage(chromium, origin);
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== origin && !allowed.includes(url.origin)) foreign.push(request.url());
  });
  return { page, errors, foreign };
}

describe('the store locator with a tile service', () => {
  let server: RunningServer;
  let tiles: Awaited<ReturnType<typeof startTileServer>>;
  let origin: string;

  beforeAll(async () => {
    tiles = await startTileServer();
    server = await startServer({ MAP_TILE_URL: `${tiles.origin}/tiles/{z}/{x}/{y}.png`, MAP_TILE_ATTRIBUTION: '© Testkaart' });
    origin = server.baseUrl.replace('127.0.0.1', 'localhost');
  });

  afterAll(async () => {
    await server?.stop();
    await tiles?.close();
  });

  it('shows no map and asks the tile host nothing before consent; after consent, tiles from it and a marker per dealer', async () => {
    const { page, errors, foreign } = await freshPage(origin, [tiles.origin]);
    await page.setViewportSize({ width: 1280, height: 900 });
    const answer = await page.goto(`${origin}/store-locator/`);
    const policy = answer?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain(`; img-src 'self' data: blob: ${tiles.origin}; `);
    await page.getByTestId('page-dealer').waitFor();
    // The notice appears once the page is live and knows the visitor's choice: necessary only.
    await page.getByTestId('dealer-map-consent').waitFor();
    expect(await page.getByTestId('dealer-map-consent').textContent()).toBe(
      'De kaart komt van een externe kaartdienst. Sta marketingcookies toe om hem te zien; de lijst werkt ook zonder.Cookie-instellingen',
    );
    const dealers = await page.getByTestId('dealer').count();
    expect(dealers).toBeGreaterThan(1);
    expect(await page.locator('.leaflet-container').count()).toBe(0);
    expect(await page.getByTestId('dealer-map').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect(tiles.paths).toEqual([]);

    await page.getByTestId('dealer-map-open-consent').click();
    await page.getByTestId('cookie-consent').getByRole('button', { name: 'Alles accepteren' }).click();
    const map = page.getByRole('region', { name: 'Kaart van de verkooppunten' });
    await map.waitFor();
    await page.locator('.leaflet-tile-loaded').first().waitFor();
    expect(await page.locator('.leaflet-marker-icon').count()).toBe(dealers);
    expect(await page.locator('.leaflet-marker-icon').first().getAttribute('alt')).toBe(await page.getByTestId('dealer').first().locator('h2').textContent());
    expect(tiles.paths.length).toBeGreaterThan(0);
    expect(tiles.paths.filter((path) => !/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(path))).toEqual([]);
    expect(await page.getByTestId('dealer-map-attribution').textContent()).toBe('© Testkaart');
    expect(await page.getByRole('button', { name: 'Inzoomen' }).count()).toBe(1);
    // The map is one keyboard stop; the arrow keys move it.
    await map.focus();
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid)).toBe('dealer-map');
    expect(await seriousViolations(page)).toEqual([]);
    // A marker's click shows its dealer in the list.
    await page.locator('.leaflet-marker-icon').nth(1).dispatchEvent('click');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid)).toBe('dealer');
    // 320 px: the list first, then the map, nothing wider than the screen.
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  });
});

describe('the store locator without a tile service', () => {
  let server: RunningServer;
  let origin: string;

  beforeAll(async () => {
    server = await startServer();
    origin = server.baseUrl.replace('127.0.0.1', 'localhost');
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('shows the list alone, even to a visitor who accepted every cookie', async () => {
    const { page, errors, foreign } = await freshPage(origin, []);
    const everything = encodeURIComponent(JSON.stringify({ necessary: true, analytics: true, marketing: true, date: '2026-01-01' }));
    await page.context().addCookies([{ name: 'hoofbeat_consent', value: everything, url: origin }]);
    const answer = await page.goto(`${origin}/store-locator/`);
    expect(answer?.headers()['content-security-policy']).toContain("; img-src 'self' data: blob:; ");
    await page.getByTestId('page-dealer').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('dealer').count()).toBeGreaterThan(1);
    expect(await page.getByTestId('dealer-map').count()).toBe(0);
    expect(await page.getByTestId('dealer-map-consent').count()).toBe(0);
    expect(await page.locator('.leaflet-container').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  });
});
