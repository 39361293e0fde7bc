/**
 * The back office in Chromium against the real server: each demo member signs in with the
 * password and the code of an authenticator app (computed here), sees the menu of their role,
 * and the owner finds an order with the command palette by keyboard and erases a customer’s data
 * on request; the accountant keeps a note, registers a bank transfer and refunds part of an
 * order. axe-core checks every screen visited.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { seriousViolations } from './support/axe';
import { placeTransferOrder, useShop } from './support/shop';
import { totpCode } from './support/totp';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const shop = useShop({ BACKOFFICE_DIR: `${repoRoot}backoffice/dist` });

interface DemoMember {
  emailAddress: string;
  role: string;
  totpSecret: string;
}
const staffFile = JSON.parse(readFileSync(`${repoRoot}fixtures/staff.json`, 'utf8')) as { password: string; members: DemoMember[] };
const member = (role: string): DemoMember => {
  const found = staffFile.members.find((candidate) => candidate.role === role);
  if (!found) throw new Error(`no demo member has the role ${role}`);
  return found;
};

/** The menu's pages of each role (paths under /admin), as its permissions allow. */
const MENUS: Record<string, string[]> = {
  owner: ['/admin', '/admin/orders', '/admin/customers', '/admin/catalog', '/admin/reviews', '/admin/staff', '/admin/keys', '/admin/audit', '/admin/profile'],
  customerService: ['/admin', '/admin/orders', '/admin/customers', '/admin/reviews', '/admin/profile'],
  warehouse: ['/admin', '/admin/orders', '/admin/catalog', '/admin/profile'],
  labTechnician: ['/admin', '/admin/customers', '/admin/profile'],
  contentEditor: ['/admin', '/admin/catalog', '/admin/reviews', '/admin/profile'],
  accountant: ['/admin', '/admin/orders', '/admin/customers', '/admin/audit', '/admin/profile'],
};

async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
}

/** A new page of the browser, without the cookies of earlier tests. */
async function newPage(): Promise<Page> {
  const page = await shop.chromium.newPage();
  await page.context().clearCookies();
  return page;
}

/** A code of the next 30-second step, which the server takes as clock drift: for a member whose current code a test used already. */
const NEXT_STEP = 30_000;

/** Signs the demo member of `role` in through the sign-in screens, with the code of now plus `ahead` milliseconds. */
async function signIn(page: Page, role: string, ahead = 0): Promise<void> {
  const { emailAddress, totpSecret } = member(role);
  await page.goto(`${shop.origin}/admin/`);
  await page.locator('input[name="emailAddress"]').waitFor();
  await expectAccessible(page);
  await page.locator('input[name="emailAddress"]').fill(emailAddress);
  await page.locator('input[name="password"]').fill(staffFile.password);
  await page.locator('input[name="password"]').press('Enter');
  const code = page.locator('input[autocomplete="one-time-code"]');
  await code.waitFor();
  await expectAccessible(page);
  await code.fill(totpCode(totpSecret, Date.now() + ahead));
  await code.press('Enter');
  // Signed in: the shell's menu is there (behind its button on a narrow screen).
  await page.locator('nav#main-menu').waitFor({ state: 'attached' });
}

async function menuOf(page: Page): Promise<string[]> {
  return page.locator('nav#main-menu a').evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
}

describe('the back office', () => {
  it('signs each role in with password and TOTP and shows the menu its permissions allow', async () => {
    for (const [role, menu] of Object.entries(MENUS)) {
      const page = await newPage();
      await signIn(page, role);
      expect(await menuOf(page), role).toEqual(menu);
      await expectAccessible(page);
      await page.close();
    }
  });

  it('refuses a wrong code and keeps the visitor on the second step', async () => {
    const page = await newPage();
    const { emailAddress } = member('owner');
    await page.goto(`${shop.origin}/admin/`);
    await page.locator('input[name="emailAddress"]').fill(emailAddress);
    await page.locator('input[name="password"]').fill(staffFile.password);
    await page.locator('input[name="password"]').press('Enter');
    const code = page.locator('input[autocomplete="one-time-code"]');
    await code.waitFor();
    await code.fill('000000');
    await code.press('Enter');
    await page.locator('input[autocomplete="one-time-code"][aria-invalid="true"]').waitFor();
    expect(await page.locator('nav#main-menu').count()).toBe(0);
    await expectAccessible(page);
    await page.close();
  });

  it('finds an order with the command palette by keyboard, and erases a customer’s data on request', async () => {
    const page = await newPage();
    // The owner's current code was used by the first test.
    await signIn(page, 'owner', NEXT_STEP);

    await page.keyboard.press('Control+k');
    const search = page.getByRole('combobox');
    await search.waitFor();
    await search.fill('HS-2026-000111');
    await page.getByRole('option').first().waitFor();
    expect(await page.getByRole('option').first().getAttribute('aria-selected')).toBe('true');
    await expectAccessible(page);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/orders\/HS-2026-000111$/);
    await page.locator('h1', { hasText: 'HS-2026-000111' }).waitFor();
    await page.locator('#order-amounts').waitFor();
    await expectAccessible(page);

    // Claire Dubois's only order is cancelled: nothing keeps her data. The owner's screens are in Dutch.
    await page.goto(`${shop.origin}/admin/customers?q=dubois`);
    await page.getByRole('link', { name: 'Claire Dubois' }).click();
    await page.locator('h1', { hasText: 'Claire Dubois' }).waitFor();
    await page.getByRole('button', { name: 'Persoonsgegevens wissen…' }).click();
    const question = page.getByRole('alertdialog', { name: 'De persoonsgegevens van Claire Dubois wissen?' });
    await question.waitFor();
    await expectAccessible(page);
    await question.getByRole('button', { name: 'Definitief wissen' }).click();
    await page.locator('h1', { hasText: 'Gewiste klant' }).waitFor();
    await page.getByText('De persoonsgegevens van Claire Dubois zijn gewist; 1 bestelling bewaard voor de factuur.').waitFor();
    expect(await page.getByText('claire.dubois@example.com').count()).toBe(0);
    await expectAccessible(page);
    await page.close();
  });

  it('the customers desk: finds a customer by name and opens their orders', async () => {
    const page = await newPage();
    // The customer service member's current code was used by the first test; their screens are in Dutch.
    await signIn(page, 'customerService', NEXT_STEP);
    await page.goto(`${shop.origin}/admin/customers`);
    await page.getByRole('table', { name: 'Klanten' }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('Naam of e-mailadres').fill('de vries');
    await page.getByLabel('Naam of e-mailadres').press('Enter');
    await page.waitForURL(/\/admin\/customers\?q=de\+vries$/);
    await page.getByRole('status').filter({ hasText: '1 klant' }).waitFor();
    await page.getByRole('link', { name: 'Jan de Vries' }).click();
    await page.locator('h1', { hasText: 'Jan de Vries' }).waitFor();
    const orders = page.getByRole('table', { name: 'Bestellingen van deze klant' });
    await orders.waitFor();
    expect(await orders.getByRole('row').count()).toBe(6);
    expect(await page.getByText('1 × Hoefslag Light Muesli, elke 4 weken · Levert · volgende levering 2026-12-01').count()).toBe(1);
    await expectAccessible(page);
    await page.goBack();
    await page.getByRole('link', { name: 'Jan de Vries' }).waitFor();
    expect(await page.getByLabel('Naam of e-mailadres').inputValue()).toBe('de vries');
    await page.close();
  });

  it('the catalog: finds a product by article number, shows what each language lacks, and its German name changed is in the German shop at once', async () => {
    const page = await newPage();
    // The content editor's current code was used by the first test; their screens are in German.
    await signIn(page, 'contentEditor', NEXT_STEP);
    await page.locator('nav#main-menu a[href="/admin/catalog"]').click();
    await page.getByRole('table', { name: 'Produkte' }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('Name, Schlüssel, Artikelnummer oder EAN').fill('HS-001-1');
    await page.getByLabel('Name, Schlüssel, Artikelnummer oder EAN').press('Enter');
    await page.waitForURL(/\/admin\/catalog\?q=HS-001-1$/);
    await page.getByRole('link', { name: 'Hoefslag Sport Muesli' }).click();
    await page.locator('h1', { hasText: 'Hoefslag Sport Muesli' }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('Sprache der Texte').selectOption('de');
    const name = page.getByLabel('Name', { exact: true });
    await name.fill('Hoefslag Sport Müsli Galopp');
    await page.getByRole('button', { name: 'Texte speichern' }).click();
    await page.getByText('Die Texte auf Deutsch sind gespeichert.').waitFor();
    await expectAccessible(page);
    // The German shop shows it at once, search included.
    const found = (await (
      await fetch(`${shop.origin}/api/products/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', siteid: '3', languageid: '3' },
        body: JSON.stringify({ filter: { searchTerm: 'galopp' } }),
      })
    ).json()) as { results: { name: string }[] };
    expect(found.results.map((result) => result.name)).toEqual(['Hoefslag Sport Müsli Galopp']);
    await page.close();
  });

  it('the order desk: finds an order in the queue, keeps a note, comes back to the list as it was, and refunds part of a paid order', async () => {
    const page = await newPage();
    // The accountant's current code was used by the first test.
    await signIn(page, 'accountant', NEXT_STEP);
    await page.goto(`${shop.origin}/admin/orders`);
    await page.locator('table tbody tr').first().waitFor();
    await expectAccessible(page);

    await page.locator('input[name="q"]').fill('HS-2026-000111');
    await page.locator('input[name="q"]').press('Enter');
    await page.waitForURL(/\/admin\/orders\?q=HS-2026-000111$/);
    // The search's answer replaces the newest orders (among which this order is too).
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 1);
    const link = page.locator('table tbody a', { hasText: 'HS-2026-000111' });
    await link.waitFor();
    await link.click();
    await page.waitForURL(/\/admin\/orders\/HS-2026-000111$/);
    await page.locator('#order-amounts').waitFor();

    await page.locator('textarea[name="note"]').fill('Called: delivery on Monday is fine.');
    await page.locator('form:has(textarea[name="note"]) button[type="submit"]').click();
    await page.locator('#order-notes ~ ul li', { hasText: 'Called: delivery on Monday is fine.' }).waitFor();
    await expectAccessible(page);

    await page.goBack();
    await page.waitForURL(/\/admin\/orders\?q=HS-2026-000111$/);
    expect(await page.locator('input[name="q"]').inputValue()).toBe('HS-2026-000111');

    // A bank transfer arrives for a new order, which the accountant registers, then refunds one
    // of its two bags after the confirmation shows where the money goes.
    const number = await placeTransferOrder(shop, {
      productVariantId: 1011,
      quantity: 2,
      firstName: 'Rik',
      lastName: 'Visser',
      emailAddress: 'rik@example.com',
    });
    await page.goto(`${shop.origin}/admin/orders/${number}`);
    await page.locator('#order-transfer').waitFor();
    await page.locator('form[aria-labelledby="order-transfer"] button[type="submit"]').click();
    await page.locator('#order-refund').waitFor();
    // Paid: its invoice is listed, with its PDF.
    await page.locator('#order-invoices ~ ul a[download]').waitFor();
    await expectAccessible(page);
    await page.locator('form[aria-labelledby="order-refund"] input[type="number"]').first().fill('1');
    await page.locator('form[aria-labelledby="order-refund"] input:not([type])').last().fill('Bag arrived torn');
    await page.locator('form[aria-labelledby="order-refund"] button[type="submit"]').click();
    const dialog = page.locator('[role="alertdialog"]');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('€ 29,66');
    await expectAccessible(page);
    await dialog.locator('button').last().click();
    const creditNote = page.locator('#order-refunds ~ ul a[download]');
    await creditNote.waitFor();
    const pdf = await page.request.get(new URL((await creditNote.getAttribute('href')) ?? '', shop.origin).toString());
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await expectAccessible(page);
    await page.close();
  });

  it('fits the warehouse’s phone: 390 px wide, no screen wider than that', async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    // The warehouse member's current code was used by the first test.
    await signIn(page, 'warehouse', NEXT_STEP);
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await width()).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    // The menu opens from its button and offers the role's screens.
    await page.locator('button[aria-controls="main-menu"]').click();
    await page.locator('nav#main-menu a').first().waitFor();
    expect(await menuOf(page)).toEqual(MENUS.warehouse);
    expect(await width()).toBeLessThanOrEqual(390);
    await page.goto(`${shop.origin}/admin/profile`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await width()).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    // The order queue's table scrolls sideways inside its own region.
    await page.goto(`${shop.origin}/admin/orders`);
    await page.locator('table tbody tr').first().waitFor();
    expect(await width()).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await page.close();
  });

  it('registers a passkey in the profile and signs in with it, through a virtual authenticator', async () => {
    const page = await newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
    // This member's current code was used by the first test.
    await signIn(page, 'labTechnician', NEXT_STEP);
    const { emailAddress } = member('labTechnician');

    await page.goto(`${shop.origin}/admin/profile`);
    await page.locator('input[name="passkeyName"]').fill('Laptop');
    await page.locator('input[name="passkeyName"]').press('Enter');
    await page.locator('#profile-passkeys ~ ul li', { hasText: 'Laptop' }).waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.locator('input[name="emailAddress"]').waitFor();
    await page.locator('input[name="emailAddress"]').fill(emailAddress);
    await page.locator('input[name="password"]').fill(staffFile.password);
    await page.locator('input[name="password"]').press('Enter');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.locator('nav#main-menu').waitFor();
    expect(await menuOf(page)).toEqual(MENUS.labTechnician);
    await page.close();
  });
});
