/**
 * The walking skeleton end to end, now the diagnostics page /engine-check/: the storefront
 * served by the real server, in Chromium, shows the VAT split computed by the WASM engine in the
 * browser and the one from the server, and they are identical.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, type RunningBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let chromium: RunningBrowser;
/** localhost, an alias of the demo site Hoefslag NL: the storefront starts the site of its host. */
const origin = () => server.baseUrl.replace('127.0.0.1', 'localhost');

beforeAll(async () => {
  server = await startServer();
  chromium = await launchBrowser();
});

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

describe('VAT preview in the browser', () => {
  it('shows the same split from the WASM engine and from the server', async () => {
    const page = await chromium.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${origin()}/engine-check/`);

    await page.getByTestId('vat-server-vat').waitFor();
    expect(await page.getByTestId('vat-browser-excl').textContent()).toBe('20.62');
    expect(await page.getByTestId('vat-browser-vat').textContent()).toBe('4.33');
    expect(await page.getByTestId('vat-server-excl').textContent()).toBe('20.62');
    expect(await page.getByTestId('vat-server-vat').textContent()).toBe('4.33');
    expect(await page.getByTestId('vat-agreement').getAttribute('role')).toBe('status');

    const inputs = page.getByTestId('page-engine-check').locator('input');
    const amount = inputs.first();
    await amount.fill('0.50');
    await inputs.nth(1).fill('19');
    await page.getByTestId('vat-server-vat').filter({ hasText: '0.08' }).waitFor();
    expect(await page.getByTestId('vat-browser-vat').textContent()).toBe('0.08');
    expect(await page.getByTestId('vat-browser-excl').textContent()).toBe('0.42');
    expect(await page.getByTestId('vat-server-excl').textContent()).toBe('0.42');

    expect(errors).toEqual([]);
    await page.close();
  });

  it('serves index.html for client-side routes', async () => {
    const page = await chromium.newPage();
    const response = await page.goto(`${origin()}/engine-check`);
    expect(response?.status()).toBe(200);
    await page.getByTestId('vat-browser-vat').waitFor();
    expect(new URL(page.url()).pathname).toBe('/engine-check/');
    await page.close();
  });
});
