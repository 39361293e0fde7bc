/**
 * The order-confirmation mail as a customer's mail client shows it: an order placed through the
 * API (bank transfer, so the confirmation goes out at once), its HTML part read from the real
 * outbox, opened in Chromium, checked with axe-core and photographed
 * (storefront/test-results/order-confirmation-mail.png, not committed).
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seriousViolations } from './support/axe';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { readOutbox } from './support/mail';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let chromium: RunningBrowser;

beforeAll(async () => {
  server = await startServer();
  chromium = await launchBrowser();
});

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

/** A call to the API as the storefront of site 1 (Hoefslag NL, Dutch) makes it. */
async function api(path: string, method: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', siteid: '1', languageid: '1' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

describe('the order-confirmation mail', () => {
  it('opens in Chromium as the customer sees it, accessible and on the brand', async () => {
    const created = (await api('/api/cart', 'POST')) as { cart: { shoppingcartId: string } };
    const cart = created.cart.shoppingcartId;
    await api(`/api/cart/${cart}/products?productVariantId=1011&quantity=2`, 'POST');
    await api(`/api/cart/${cart}/billing`, 'POST', {
      firstName: 'Łukasz',
      lastName: 'Wójcik',
      emailAddress: 'lukasz@example.com',
      phoneNumber: '0612345678',
      address: { street: 'Oudegracht', streetNumber: '12', zipcode: '3511 AP', city: 'Utrecht', countryId: 1 },
    });
    await api(`/api/cart/${cart}/payment`, 'POST', { paymentMethodId: 6 });
    const placed = (await api(`/api/cart/${cart}/order`, 'POST')) as { order: { orderNumber: string } };
    const number = placed.order.orderNumber;

    const mail = readOutbox(server.outboxDir).find((candidate) => candidate.subject.includes(number));
    expect(mail?.to).toBe('lukasz@example.com');
    expect(mail?.body).toContain('2 x Hoefslag Sport Muesli');
    const html = mail?.html ?? '';
    expect(html).toContain('<html lang="nl"');

    const page = await chromium.newPage();
    await page.setViewportSize({ width: 700, height: 900 });
    await page.setContent(html, { waitUntil: 'load' });
    expect(await page.title()).toBe(`Bevestiging van je bestelling ${number} bij Hoefslag`);
    expect(await page.getByText('Hallo Łukasz,').count()).toBe(1);
    expect(await page.getByRole('columnheader', { name: 'Product' }).count()).toBe(1);
    expect(await page.getByRole('cell', { name: 'Hoefslag Sport Muesli' }).first().isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Hoefslag' }).getAttribute('href')).toMatch(/^http:\/\/hoefslag\.localhost:\d+\/$/);
    expect(await seriousViolations(page)).toEqual([]);

    const folder = fileURLToPath(new URL('../test-results/', import.meta.url));
    mkdirSync(folder, { recursive: true });
    await page.screenshot({ path: `${folder}order-confirmation-mail.png`, fullPage: true });
    await page.close();
  });
});
