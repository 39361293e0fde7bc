/**
 * The order-confirmation mail as a customer's mail client shows it: an order placed through the
 * API (bank transfer, so the confirmation goes out at once), its HTML part read from the real
 * outbox, opened in Chromium, checked with axe-core and photographed
 * (storefront/test-results/order-confirmation-mail.png, not committed).
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { seriousViolations } from './support/axe';
import { readOutbox } from './support/mail';
import { placeTransferOrder, useShop } from './support/shop';

const shop = useShop();

describe('the order-confirmation mail', () => {
  it('opens in Chromium as the customer sees it, accessible and on the brand', async () => {
    const number = await placeTransferOrder(shop, {
      productVariantId: 1011,
      quantity: 2,
      firstName: 'Łukasz',
      lastName: 'Wójcik',
      emailAddress: 'lukasz@example.com',
    });

    const mail = readOutbox(shop.server.outboxDir).find((candidate) => candidate.subject.includes(number));
    expect(mail?.to).toBe('lukasz@example.com');
    expect(mail?.body).toContain('2 x Hoefslag Sport Muesli');
    const html = mail?.html ?? '';
    expect(html).toContain('<html lang="nl"');

    const page = await shop.chromium.newPage();
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
