/**
 * The account area in Chromium against the real server, its demo accounts
 * (fixtures/accounts.json) and its real mail outbox: registration and activation, forgot and
 * reset password, the guards, orders, invoices, a return with a photo, personal data, e-mail
 * and password changes, subscriptions, a review from a review request, and sign-out. axe-core
 * checks every account page visited: no serious or critical violation.
 */
import { deflateSync } from 'node:zlib';

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { seriousViolations } from './support/axe';
import { freshPage as openFreshPage } from './support/browser';
import { readOutbox, waitForMailLink } from './support/mail';
import { useShop } from './support/shop';

const JAN = { email: 'jan.devries@example.com', password: 'Hoefslag2024' };

const shop = useShop();

function freshPage(): Promise<{ page: Page; errors: string[] }> {
  return openFreshPage(shop.chromium, shop.origin);
}

/** At 320 px wide the page fits: nothing scrolls sideways. */
async function expectFitsAt320(page: Page): Promise<void> {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.waitForTimeout(100);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(width, page.url()).toBeLessThanOrEqual(320);
}

/** Runs axe-core on the page as it is: no serious or critical violation. */
async function expectAccessible(page: Page): Promise<void> {
  // The page as it rests: no pointer over a link (the theme's hover colour is not the subject).
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
  expect(await seriousViolations(page), page.url()).toEqual([]);
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByTestId('login-form');
  await form.getByLabel('E-mailadres').fill(email);
  await form.getByLabel('Wachtwoord').fill(password);
  await form.getByRole('button', { name: 'Inloggen' }).click();
}

async function signInFromLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${shop.origin}/account/login/`);
  await page.getByTestId('page-login').waitFor();
  await signIn(page, email, password);
  await page.getByTestId('header-greeting').waitFor();
}

describe('visitors who are not signed in', () => {
  it('register → activation mail → the link → login/?a=1 → sign in → greeting', async () => {
    const { page, errors } = await freshPage();
    const email = `paard.${Date.now()}@example.com`;
    await page.goto(`${shop.origin}/account/register/`);
    await page.getByTestId('register-form').waitFor();
    await expectAccessible(page);
    await expectFitsAt320(page);
    // The engine's rules first: an empty form names its required fields.
    await page.getByRole('button', { name: 'Account aanmaken' }).click();
    await expect.poll(() => page.getByTestId('error-firstName').textContent()).toBe('Dit is een verplicht veld');
    // The error summary at the top takes the focus; its first line leads to the first field.
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'error-summary');
    const firstError = page.getByTestId('error-summary').getByRole('link').first();
    expect(await firstError.textContent()).toBe('Voornaam: Dit is een verplicht veld');
    await expectAccessible(page);
    await firstError.click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('firstName');
    await page.getByLabel('Voornaam').fill('Roos');
    await page.getByLabel('Achternaam').fill('Hoefijzer');
    await page.getByLabel('E-mailadres').fill(email);
    await page.getByLabel('Wachtwoord', { exact: true }).fill('kort');
    await page.getByLabel('Herhaal wachtwoord').fill('anders1');
    await page.getByRole('button', { name: 'Account aanmaken' }).click();
    await expect.poll(() => page.getByTestId('error-password').textContent()).toBe('Minimaal 7 tekens, moet cijfers en letters bevatten');
    expect(await page.getByTestId('error-passwordRepeat').textContent()).toBe('De wachtwoorden komen niet overeen');
    await page.getByLabel('Wachtwoord', { exact: true }).fill('Stalvoer2026');
    await page.getByLabel('Herhaal wachtwoord').fill('Stalvoer2026');
    await page.getByLabel('Ik wil de nieuwsbrief ontvangen').check();
    await page.getByRole('button', { name: 'Account aanmaken' }).click();
    await page.getByTestId('register-done').waitFor();
    expect(await page.getByTestId('register-done').textContent()).toContain(email);
    await expectAccessible(page);

    const { path } = await waitForMailLink(shop.server.outboxDir, email);
    expect(path.startsWith('/account/confirm/?')).toBe(true);
    await page.goto(`${shop.origin}${path}`);
    await page.getByTestId('login-activated').waitFor();
    expect(new URL(page.url()).search).toBe('?a=1');
    await expectAccessible(page);
    await signIn(page, email, 'Stalvoer2026');
    await page.getByTestId('page-account-home').waitFor();
    expect(await page.getByTestId('header-greeting').textContent()).toBe('Welkom Roos');
    expect(await page.getByTestId('account-greeting').textContent()).toBe('Welkom Roos');
    await expectAccessible(page);

    // The same link again: used, so the page says so and offers a new mail.
    await page.getByTestId('account-sign-out').click();
    await page.getByTestId('header-login').waitFor();
    await page.goto(`${shop.origin}${path}`);
    await page.getByTestId('confirm-error').waitFor();
    expect(await page.getByTestId('confirm-error').textContent()).toContain('Deze activatielink is niet meer geldig');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Activatiemail opnieuw versturen' }).click();
    await page.getByTestId('page-resend-confirmation').waitFor();
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  it('forgot → mail → reset → login/?r=1 → sign in with the new password', async () => {
    const { page, errors } = await freshPage();
    const email = 'nieuw.wachtwoord@example.com';
    await page.goto(`${shop.origin}/account/login/`);
    await signIn(page, email, 'niet-het-wachtwoord1');
    await page.getByTestId('form-error').waitFor();
    expect(await page.getByTestId('form-error').textContent()).toContain('De combinatie van e-mailadres en wachtwoord is niet bij ons bekend');
    await expectAccessible(page);
    await page.getByTestId('form-error').getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
    await page.getByTestId('forgot-form').waitFor();
    await expectAccessible(page);
    await page.getByLabel('E-mailadres').fill(email);
    await page.getByRole('button', { name: 'Verstuur link' }).click();
    await page.getByTestId('forgot-sent').waitFor();

    const { path } = await waitForMailLink(shop.server.outboxDir, email);
    expect(path.startsWith('/account/reset/?')).toBe(true);
    await page.goto(`${shop.origin}${path}`);
    await page.getByTestId('reset-form').waitFor();
    await expectAccessible(page);
    await page.getByLabel('Nieuw wachtwoord').fill('Haverzak77');
    await page.getByLabel('Herhaal wachtwoord').fill('Haverzak77');
    await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
    await page.getByTestId('login-reset').waitFor();
    expect(new URL(page.url()).search).toBe('?r=1');
    await signIn(page, email, 'Haverzak77');
    await page.getByTestId('page-account-home').waitFor();
    expect(await page.getByTestId('header-greeting').textContent()).toContain('Welkom');

    // The used link has expired: the page says so and links to forgot password.
    await page.getByTestId('account-sign-out').click();
    await page.getByTestId('header-login').waitFor();
    await page.goto(`${shop.origin}${path}`);
    await page.getByLabel('Nieuw wachtwoord').fill('Haverzak78');
    await page.getByLabel('Herhaal wachtwoord').fill('Haverzak78');
    await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
    await page.getByTestId('form-error').getByRole('link', { name: 'Wachtwoord vergeten' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('a visitor who opens /account/orders/ signs in and comes back; a signed-in visitor at login/ goes to /account/', async () => {
    const { page, errors } = await freshPage();
    await page.goto(`${shop.origin}/account/orders/?ps=2`);
    await page.getByTestId('page-login').waitFor();
    expect(new URL(page.url()).pathname).toBe('/account/login/');
    await signIn(page, JAN.email, JAN.password);
    await page.getByTestId('page-account-orders').waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/account/orders/?ps=2');

    // Two at a time, then load more.
    await page.getByTestId('order-item').first().waitFor();
    expect(await page.getByTestId('order-item').count()).toBe(2);
    await expectAccessible(page);
    await page.getByTestId('orders-load-more').click();
    await expect.poll(() => page.getByTestId('order-item').count()).toBe(4);
    // The focus moves to the first order that was added.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(await page.getByTestId('order-item').nth(2).getByRole('link').textContent());
    await page.getByTestId('orders-load-more').click();
    await expect.poll(() => page.getByTestId('order-item').count()).toBe(5);
    expect(await page.getByTestId('orders-load-more').count()).toBe(0);

    const orderNumber = (await page.getByTestId('order-item').last().getByRole('link').textContent()) ?? '';
    await page.getByTestId('order-item').last().getByRole('link').click();
    await page.getByTestId('order-detail').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(orderNumber);
    expect(await page.getByTestId('order-line').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('order-amounts').textContent()).toContain('Totaal incl. btw');
    expect(await page.getByTestId('order-history').locator('li').count()).toBeGreaterThan(0);
    await expectAccessible(page);
    await expectFitsAt320(page);

    await page.goto(`${shop.origin}/account/login/`);
    await page.getByTestId('page-account-home').waitFor();
    expect(new URL(page.url()).pathname).toBe('/account/');
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });
});

describe('a demo customer', () => {
  it('downloads an invoice PDF', async () => {
    const { page, errors } = await freshPage();
    await signInFromLogin(page, JAN.email, JAN.password);
    await page.goto(`${shop.origin}/account/invoices/`);
    await page.getByTestId('invoice-item').first().waitFor();
    await expectAccessible(page);
    const href = (await page.getByTestId('invoice-pdf').first().getAttribute('href')) ?? '';
    const start = await page.evaluate(async (url) => {
      const response = await fetch(url, { credentials: 'include' });
      const bytes = new Uint8Array(await response.arrayBuffer());
      return { type: response.headers.get('content-type'), head: String.fromCharCode(...bytes.slice(0, 4)) };
    }, href);
    expect(start).toEqual({ type: 'application/pdf', head: '%PDF' });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('invoice-pdf').first().click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(errors).toEqual([]);
  });

  it('registers a return with a photo, checked before upload', async () => {
    const { page, errors } = await freshPage();
    await signInFromLogin(page, JAN.email, JAN.password);
    await page.goto(`${shop.origin}/account/returns/`);
    await page.getByTestId('return-form').waitFor();
    await expectAccessible(page);
    const form = page.getByTestId('return-form');
    const orderSelect = form.getByLabel('Bestelnummer');
    const orderValue = await orderSelect.locator('option').nth(1).getAttribute('value');
    await orderSelect.selectOption(orderValue ?? '');
    await expect.poll(() => form.getByLabel('Kies het product dat je wilt retourneren').locator('option').count()).toBeGreaterThan(1);
    await form.getByLabel('Kies het product dat je wilt retourneren').selectOption({ index: 1 });
    await form.getByLabel('Reden van retour').selectOption('damaged');
    // Not an image: refused before anything is sent.
    await form.getByTestId('return-photo').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('no photo') });
    await expect.poll(() => page.getByTestId('error-photo').textContent()).toBe('De foto moet een JPEG-, PNG- of WebP-afbeelding zijn');
    await form.getByTestId('return-photo').setInputFiles({ name: 'zak.png', mimeType: 'image/png', buffer: tinyPng() });
    await form.getByTestId('return-photo-preview').waitFor();
    await form.getByLabel('Toelichting').fill('De zak was gescheurd.');
    await expectAccessible(page);
    const before = await page.getByTestId('return-item').count();
    await form.getByRole('button', { name: 'Retour aanmelden' }).click();
    await page.getByTestId('return-received').waitFor();
    expect(await page.getByTestId('return-received').textContent()).toContain('We hebben je retourmelding ontvangen');
    expect(await page.getByTestId('return-item').count()).toBe(before + 1);
    expect(errors).toEqual([]);
  });

  it('changes personal data and sees it after a reload; visits company and delivery data', async () => {
    const { page, errors } = await freshPage();
    await signInFromLogin(page, JAN.email, JAN.password);
    await page.goto(`${shop.origin}/account/information/`);
    const form = page.getByTestId('personal-form');
    await form.waitFor();
    await expectAccessible(page);
    await expectFitsAt320(page);
    await form.getByLabel('Voornaam').fill('');
    await form.getByRole('button', { name: 'Opslaan' }).click();
    await expect.poll(() => page.getByTestId('error-firstName').textContent()).toBe('Dit is een verplicht veld');
    await form.getByLabel('Voornaam').fill('Johannes');
    await form.getByLabel('Telefoonnummer (optioneel)').fill('+31301234567');
    await form.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByTestId('form-saved').getByText('Je gegevens zijn gewijzigd.').waitFor();
    expect(await page.getByTestId('header-greeting').textContent()).toBe('Welkom Johannes');
    await page.reload();
    await page.getByTestId('personal-form').waitFor();
    expect(await page.getByLabel('Voornaam').inputValue()).toBe('Johannes');
    expect(await page.getByLabel('Telefoonnummer (optioneel)').inputValue()).toBe('+31301234567');

    // The billing address and mobile number: changed, and kept after a reload.
    await page.getByRole('link', { name: 'Factuuradres' }).click();
    const billing = page.getByTestId('billing-form');
    await billing.waitFor();
    await expectAccessible(page);
    await billing.getByLabel('Straat').fill('Kerkstraat');
    await billing.getByLabel('Mobiel nummer (optioneel)').fill('+31687654321');
    await billing.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByTestId('form-saved').getByText('Je gegevens zijn gewijzigd.').waitFor();
    await page.reload();
    await page.getByTestId('billing-form').waitFor();
    expect(await page.getByLabel('Straat').inputValue()).toBe('Kerkstraat');
    expect(await page.getByLabel('Mobiel nummer (optioneel)').inputValue()).toBe('+31687654321');

    await page.getByRole('link', { name: 'Bedrijfsgegevens' }).click();
    await page.getByTestId('company-form').waitFor();
    // The focus moved to the new page's heading.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Bezorgadres' }).click();
    await page.getByTestId('delivery-form').waitFor();
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  it('asks to change the e-mail address: pending, and the confirmation mail goes to the new address', async () => {
    const { page, errors } = await freshPage();
    await signInFromLogin(page, JAN.email, JAN.password);
    await page.goto(`${shop.origin}/account/information/email/`);
    const form = page.getByTestId('email-form');
    await form.waitFor();
    await expectAccessible(page);
    const newAddress = `jan.${Date.now()}@example.com`;
    await form.getByLabel('Nieuw e-mailadres').fill(newAddress);
    await form.getByLabel('Huidig wachtwoord').fill('fout-wachtwoord1');
    await form.getByRole('button', { name: 'Bevestigingslink versturen' }).click();
    await expect.poll(() => page.getByTestId('error-password').textContent()).toBe('Het huidige wachtwoord klopt niet');
    await form.getByLabel('Huidig wachtwoord').fill(JAN.password);
    await form.getByRole('button', { name: 'Bevestigingslink versturen' }).click();
    await page.getByTestId('email-pending').getByText(newAddress).waitFor();
    const { path } = await waitForMailLink(shop.server.outboxDir, newAddress);
    expect(path.startsWith('/account/information/email/?')).toBe(true);
    expect(readOutbox(shop.server.outboxDir).some((mail) => mail.to.includes(newAddress))).toBe(true);
    expect(errors).toEqual([]);
  });

  it('pauses and resumes a subscription as the engine allows', async () => {
    const { page, errors } = await freshPage();
    await signInFromLogin(page, JAN.email, JAN.password);
    await page.goto(`${shop.origin}/account/subscriptions/`);
    const item = page.getByTestId('subscription-item').first();
    await item.waitFor();
    await expectAccessible(page);
    expect(await item.getByTestId('subscription-status').textContent()).toBe('Geactiveerd');
    // The product by its name, not its number.
    expect(await item.getByRole('heading').textContent()).not.toMatch(/^Artikel \d+$/);
    expect(await item.getByTestId('subscription-resume').count()).toBe(0);
    // A change that moves or stops deliveries is asked first.
    await item.getByTestId('subscription-pause').click();
    await item.getByTestId('subscription-confirm-yes').click();
    await expect.poll(() => item.getByTestId('subscription-status').textContent()).toBe('Gepauzeerd');
    expect(await item.getByTestId('subscription-pause').count()).toBe(0);
    await item.getByTestId('subscription-resume').click();
    await item.getByTestId('subscription-confirm-yes').click();
    await expect.poll(() => item.getByTestId('subscription-status').textContent()).toBe('Geactiveerd');
    await page.reload();
    await page.getByTestId('subscription-item').first().waitFor();
    expect(await page.getByTestId('subscription-item').first().getByTestId('subscription-status').textContent()).toBe('Geactiveerd');
    expect(errors).toEqual([]);
  });

  it('writes a review from a review request (5 words at least) and is told about the 24 hours', async () => {
    const { page, errors } = await freshPage();
    await signInFromLogin(page, JAN.email, JAN.password);
    await page.goto(`${shop.origin}/account/information/reviews/`);
    const request = page.getByTestId('review-request').first();
    await request.waitFor();
    await expectAccessible(page);
    await request.getByTestId('write-review').click();
    const form = request.getByTestId('review-form');
    await form.getByLabel('Titel').fill('Prima brok');
    await form.getByLabel('Beoordeling').selectOption('4');
    await form.getByLabel('Je review').fill('Te kort');
    await form.getByLabel('Naam').fill('Jan');
    await form.getByRole('button', { name: 'Review plaatsen' }).click();
    await expect.poll(() => form.getByText('Je review moet minimaal 5 woorden bevatten', { exact: true }).count()).toBe(1);
    expect(await form.getByTestId('error-summary').getByRole('link', { name: 'Je review: Je review moet minimaal 5 woorden bevatten' }).count()).toBe(1);
    await form.getByLabel('Je review').fill('Mijn paarden eten dit met veel plezier');
    await form.getByRole('button', { name: 'Review plaatsen' }).click();
    await request.getByTestId('review-received').getByText('Het kan tot 24 uur duren').waitFor();
    await expectAccessible(page);
    await page.reload();
    await page.getByTestId('review-item').first().waitFor();
    expect(await page.getByTestId('page-account-information-reviews').textContent()).toContain('Prima brok');
    expect(errors).toEqual([]);
  });

  it('sees unread results in the header and the results list, then signs out', async () => {
    const { page, errors } = await freshPage();
    await signInFromLogin(page, JAN.email, JAN.password);
    expect(await page.getByTestId('header-unread').textContent()).toContain('nieuwe resultaten');
    await page.goto(`${shop.origin}/account/rqs-results/`);
    await page.getByTestId('page-account-rqs-results').waitFor();
    await page.locator('[data-testid=result-item], [data-testid=results-empty]').first().waitFor();
    await expectAccessible(page);
    // The account menu in the header: closed, opened, the way out.
    await page.getByTestId('account-menu-button').click();
    expect(await page.getByTestId('account-menu-button').getAttribute('aria-expanded')).toBe('true');
    await expectAccessible(page);
    await page.getByTestId('header-sign-out').click();
    await page.getByTestId('header-login').waitFor();
    await page.goto(`${shop.origin}/account/`);
    await page.getByTestId('page-login').waitFor();
    expect(new URL(page.url()).pathname).toBe('/account/login/');
    expect(errors).toEqual([]);
  });

  it('changes the password and signs in with the new one', async () => {
    const { page, errors } = await freshPage();
    await signInFromLogin(page, 'inkoop@stal-de-hoefijzer.example', 'Hoefslag2024');
    await page.goto(`${shop.origin}/account/information/password/`);
    const form = page.getByTestId('password-form');
    await form.waitFor();
    await expectAccessible(page);
    await form.getByLabel('Huidig wachtwoord').fill('Hoefslag2024');
    await form.getByLabel('Nieuw wachtwoord', { exact: true }).fill('Paddock2027');
    await form.getByLabel('Herhaal nieuw wachtwoord').fill('Paddock2027');
    await form.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByTestId('form-saved').getByText('Je wachtwoord is gewijzigd.').waitFor();
    await page.getByTestId('account-sign-out').click();
    await page.getByTestId('page-login').waitFor();
    await signIn(page, 'inkoop@stal-de-hoefijzer.example', 'Paddock2027');
    await page.getByTestId('page-account-home').waitFor();
    expect(errors).toEqual([]);
  });
});

/** A call to the shop's API from the page, as the storefront makes it (its cookies, its site). */
async function callApi<T>(page: Page, method: string, path: string, body: unknown = {}): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ([method, path, body]) => {
      const response = await fetch(path, {
        method,
        credentials: 'include',
        headers: { 'content-type': 'application/json', siteid: '1', languageid: '1' },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
    },
    [method, path, body] as const,
  );
}

async function addToCart(page: Page, variantId: number, quantity = 1): Promise<void> {
  const answer = await callApi<{ url: string }>(page, 'POST', '/api/routing/geturl', {
    type: 'productDetail',
    siteId: 1,
    languageId: 1,
    productVariantId: variantId,
    omitArticleCode: false,
  });
  await page.goto(`${shop.origin}${answer.body.url}`);
  await page.getByTestId('page-productDetail').waitFor();
  await page.getByTestId('quantity').fill(String(quantity));
  await page.getByTestId('add-to-cart').click();
  await page.getByTestId('added-to-cart').waitFor();
}

describe('a demo customer, further', () => {
  it('orders again: the order’s lines go into the cart', async () => {
    const { page, errors } = await freshPage();
    await signInFromLogin(page, JAN.email, JAN.password);
    await page.goto(`${shop.origin}/account/orders/HS-2026-000101/`);
    await page.getByTestId('order-detail').waitFor();
    await expectAccessible(page);
    // A sent order: nothing to pay.
    expect(await page.getByTestId('order-pay').count()).toBe(0);
    await page.getByTestId('order-again').click();
    await page.getByTestId('page-cart').waitFor();
    await page.getByTestId('cart-line').first().waitFor();
    const variants = await page.getByTestId('cart-line').evaluateAll((lines) => lines.map((line) => line.getAttribute('data-variant-id')));
    // 2 × Sport Muesli and 1 × 1411; the free scoop is the promotion's, not a line of its own.
    expect(variants).toEqual(['1011', '1411']);
    expect(await page.getByTestId('quantity-1011').inputValue()).toBe('2');
    expect(await page.getByTestId('quantity-1411').inputValue()).toBe('1');
    expect(await page.getByTestId('cart-count').textContent()).toBe('4');
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  it('pays an unpaid order from its page at the test provider and sees it paid', async () => {
    const { page, errors } = await freshPage();
    await signInFromLogin(page, JAN.email, JAN.password);
    // An iDEAL order whose payment page was left without paying.
    const cart = await callApi<{ cart: { shoppingcartId: string } }>(page, 'POST', '/api/cart');
    const cartId = cart.body.cart.shoppingcartId;
    expect((await callApi(page, 'POST', `/api/cart/${cartId}/products?productVariantId=1141&quantity=1`)).status).toBe(200);
    const billing = {
      firstName: 'Jan',
      lastName: 'de Vries',
      emailAddress: JAN.email,
      phoneNumber: '0612345678',
      address: { street: 'Oudegracht', streetNumber: '12', zipcode: '3511 AP', city: 'Utrecht', countryId: 1 },
    };
    expect((await callApi(page, 'POST', `/api/cart/${cartId}/billing`, billing)).status).toBe(200);
    expect((await callApi(page, 'POST', `/api/cart/${cartId}/payment`, { paymentMethodId: 1, issuer: 'ideal_INGBNL2A' })).status).toBe(200);
    const placed = await callApi<{ order: { orderNumber: string }; redirectUrl: string }>(page, 'POST', `/api/cart/${cartId}/order`);
    expect(placed.status).toBe(201);
    const number = placed.body.order.orderNumber;

    await page.goto(`${shop.origin}/account/orders/${number}/`);
    await page.getByTestId('order-unpaid').waitFor();
    expect(await page.getByTestId('order-detail').getByTestId('order-status').textContent()).toBe('Open');
    await expectAccessible(page);
    await expectFitsAt320(page);
    await page.getByTestId('order-pay').click();
    await page.waitForURL(/\/payments\/test\//);
    expect(page.url()).toBe(placed.body.redirectUrl.replace('127.0.0.1', 'localhost'));
    await page.locator('#outcome-paid').click();
    await page.getByTestId('page-thank-you').waitFor();

    await page.goto(`${shop.origin}/account/orders/${number}/`);
    await page.getByTestId('order-detail').waitFor();
    expect(await page.getByTestId('order-detail').getByTestId('order-status').textContent()).toBe('Betaald');
    expect(await page.getByTestId('order-unpaid').count()).toBe(0);
    expect(await page.getByTestId('order-history').textContent()).toContain('Betaald');
    await expectAccessible(page);

    // A bank transfer awaits the transfer: no button, the way to pay instead.
    await page.goto(`${shop.origin}/account/orders/HS-2026-000105/`);
    await page.getByTestId('order-unpaid').waitFor();
    expect(await page.getByTestId('order-pay').count()).toBe(0);
    expect(await page.getByTestId('order-unpaid').textContent()).toContain('per bankoverschrijving');
    expect(errors).toEqual([]);
  });

  it('changes a subscription’s interval and closes it', async () => {
    const { page, errors } = await freshPage();
    await signInFromLogin(page, JAN.email, JAN.password);
    await page.goto(`${shop.origin}/account/subscriptions/`);
    const item = page.getByTestId('subscription-item').first();
    await item.waitFor();
    await expectAccessible(page);
    await item.getByLabel('Leveren om de zoveel weken').fill('6');
    await item.getByRole('button', { name: 'Interval wijzigen' }).click();
    await item.getByTestId('subscription-confirm-yes').click();
    await item.getByTestId('subscription-message').getByText('Je abonnementen zijn gewijzigd').waitFor();
    expect(await item.getByText('Elke 6 weken').count()).toBe(1);
    await page.reload();
    await page.getByTestId('subscription-item').first().getByText('Elke 6 weken').waitFor();

    // Closing asks first; no keeps it, yes closes it for good.
    const again = page.getByTestId('subscription-item').first();
    await again.getByTestId('subscription-close').click();
    await again
      .getByRole('alertdialog', { name: 'Weet je zeker dat je dit abonnement wilt opzeggen?' })
      .getByRole('button', { name: 'Niets wijzigen' })
      .click();
    expect(await again.getByTestId('subscription-status').textContent()).toBe('Geactiveerd');
    await again.getByTestId('subscription-close').click();
    await expectAccessible(page);
    await again.getByTestId('subscription-confirm-yes').click();
    await expect.poll(() => again.getByTestId('subscription-status').textContent()).toBe('Afgesloten');
    expect(await again.getByTestId('subscription-close').count()).toBe(0);
    expect(await again.getByTestId('subscription-pause').count()).toBe(0);
    await page.reload();
    await page.getByTestId('subscription-item').first().waitFor();
    expect(await page.getByTestId('subscription-item').first().getByTestId('subscription-status').textContent()).toBe('Afgesloten');
    expect(errors).toEqual([]);
  });
});

describe('resend the activation mail by e-mail address', () => {
  it('login failure → resend page → the address → a new activation mail → activated', async () => {
    const { page, errors } = await freshPage();
    const email = 'lotte.visser@example.com';
    await page.goto(`${shop.origin}/account/login/`);
    await signIn(page, email, 'Hoefslag2024');
    await page.getByTestId('form-error').getByRole('link', { name: 'Activatiemail opnieuw versturen' }).click();
    await page.getByTestId('resend-form').waitFor();
    await expectAccessible(page);
    await page.getByTestId('resend-form').getByLabel('E-mailadres').fill(email);
    await page.getByRole('button', { name: 'Opnieuw versturen' }).click();
    await page.getByTestId('resend-sent').getByText('Als er bij dit e-mailadres een account hoort').waitFor();
    await expectAccessible(page);
    const { path } = await waitForMailLink(shop.server.outboxDir, email);
    expect(path.startsWith('/account/confirm/?')).toBe(true);
    await page.goto(`${shop.origin}${path}`);
    await page.getByTestId('login-activated').waitFor();
    expect(errors).toEqual([]);
  });
});

describe('the checkout’s password steps', () => {
  it('forgot → mail → the checkout’s reset step → the checkout’s login with ?r=1 → signed in at billing', async () => {
    const { page, errors } = await freshPage();
    const email = 'sophie.peeters@example.com';
    await addToCart(page, 1011, 1);
    await page.goto(`${shop.origin}/cart/`);
    await page.getByTestId('to-checkout').click();
    const login = page.getByTestId('checkout-login');
    await login.waitFor();
    await expectAccessible(page);
    await login.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
    await page.getByTestId('page-checkout-passwordForgot').waitFor();
    expect(new URL(page.url()).pathname).toBe('/checkout/password-forgot/');
    await expectAccessible(page);
    await page.getByTestId('forgot-form').getByLabel('E-mailadres').fill(email);
    await page.getByRole('button', { name: 'Verstuur link' }).click();
    await page.getByTestId('forgot-sent').waitFor();

    // The mail's link opens the checkout's reset step, not the account's.
    const { path } = await waitForMailLink(shop.server.outboxDir, email);
    expect(path.startsWith('/checkout/password-reset/?')).toBe(true);
    await page.goto(`${shop.origin}${path}`);
    await page.getByTestId('page-checkout-passwordReset').waitFor();
    await page.getByTestId('reset-form').waitFor();
    await expectAccessible(page);
    await page.getByLabel('Nieuw wachtwoord').fill('kort');
    await page.getByLabel('Herhaal wachtwoord').fill('kort');
    await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
    await expect.poll(() => page.getByTestId('error-newPassword').textContent()).toBe('Minimaal 7 tekens, moet cijfers en letters bevatten');
    await page.getByLabel('Nieuw wachtwoord').fill('Weide2027');
    await page.getByLabel('Herhaal wachtwoord').fill('Weide2027');
    await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
    await page.getByTestId('checkout-reset-done').waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/checkout/login/?r=1');
    await expectAccessible(page);

    await login.locator('[name=emailAddress]').fill(email);
    await login.locator('[name=password]').fill('Weide2027');
    await login.getByRole('button', { name: 'Inloggen' }).click();
    await page.getByTestId('billing-form').waitFor();
    expect(await page.getByTestId('billing-form').locator('[name=emailAddress]').inputValue()).toBe(email);
    expect(await page.getByTestId('cart-count').textContent()).toBe('1');
    expect(errors).toEqual([]);
  });
});

/** A 2×2 PNG built in memory (the server checks the image type by its bytes). */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header[8] = 8;
  header[9] = 2;
  const rows = Buffer.from([0, 200, 30, 30, 200, 30, 30, 0, 200, 30, 30, 200, 30, 30]);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
