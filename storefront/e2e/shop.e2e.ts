/**
 * The shopping pages in Chromium against the real server and the demo data: a category, the
 * filters, search, the comparison, the product page, the cart with a discount code, the
 * checkout up to the confirmation, another site by its host and another language. Screenshots
 * of the main pages at 375 and 1440 px go to storefront/e2e-screenshots/.
 *
 * Placing orders (paid, failed, zero total, RQS scan) uses `POST /api/cart/{id}/order`,
 * `GET /api/orders/{orderId}` and the test payment provider's hosted page; those tests are
 * skipped on a server whose OpenAPI document lacks the order API.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CONSENT, freshPage as openFreshPage, launchBrowser, type RunningBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

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

async function shoot(page: Page, name: string): Promise<void> {
  for (const [label, width] of [
    ['mobile', 375],
    ['desktop', 1440],
  ] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `${SCREENSHOTS}${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Adds a variant to a (new) cart through the product page. */
async function addToCart(page: Page, productPath: string, quantity = 1): Promise<void> {
  await page.goto(`${origin}${productPath}`);
  await page.getByTestId('page-productDetail').waitFor();
  await page.getByTestId('quantity').fill(String(quantity));
  await page.getByTestId('add-to-cart').click();
  await page.getByTestId('added-to-cart').waitFor();
}

async function productPathOf(page: Page, variantId: number): Promise<string> {
  const answer = await page.request.post(`${origin}/api/routing/geturl`, {
    headers: { siteid: '1', languageid: '1' },
    data: { type: 'productDetail', siteId: 1, languageId: 1, productVariantId: variantId, omitArticleCode: false },
  });
  return ((await answer.json()) as { url: string }).url;
}

describe('browsing', () => {
  it('a category with filters, sorting and paging', async () => {
    const { page, errors } = await freshPage();
    await page.goto(`${origin}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shoot(page, 'home');
    // The site's own navigation (content API) leads to the category.
    await page.getByTestId('primary-navigation').getByRole('link', { name: 'Muesli' }).click();
    await page.waitForURL(/\/muesli\/$/);
    await page.getByTestId('result-count').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Muesli');
    const before = await page.getByTestId('product-card').count();
    expect(before).toBeGreaterThan(0);
    await shoot(page, 'category');
    const facet = page.getByTestId('facet-horseType').locator('input[type=checkbox]:not([disabled])').first();
    await facet.click();
    await page.waitForURL(/horseType=/);
    await page.getByTestId('facet-horseType').locator('input:checked').waitFor();
    expect(new URL(page.url()).searchParams.has('p')).toBe(false);
    await page.getByTestId('sort').selectOption('priceAsc');
    await page.waitForURL(/sort=priceAsc/);
    await page.getByTestId('product-card').first().waitFor();
    const prices = await page
      .getByTestId('product-card')
      .locator('[data-amount]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-amount')));
    expect(prices.length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('search from the header shows the count and the term', async () => {
    const { page } = await freshPage();
    await page.goto(`${origin}/`);
    await page.getByRole('searchbox').fill('muesli');
    await page.getByRole('searchbox').press('Enter');
    await page.waitForURL(/\/search\/\?q=muesli/);
    const count = page.getByTestId('result-count');
    await count.waitFor();
    expect(await count.textContent()).toContain('‘muesli’');
    await shoot(page, 'search');
    await page.close();
  });

  it('compares products from the overview on the localized comparison page', async () => {
    const { page } = await freshPage();
    await page.goto(`${origin}/muesli/`);
    await page.getByTestId('product-card').first().waitFor();
    const boxes = page.getByTestId('product-card').locator('input[type=checkbox]');
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page.goto(`${origin}/vergelijken/`);
    await page.getByTestId('compare-table').waitFor();
    expect(await page.getByTestId('compare-product').count()).toBe(2);
    await shoot(page, 'compare');
    await page.close();
  });

  it('the product page: unit prices, nutrients, stock, reviews, add to cart', async () => {
    const { page, errors } = await freshPage();
    const path = await productPathOf(page, 1011);
    await page.goto(`${origin}${path}`);
    await page.getByTestId('page-productDetail').waitFor();
    expect(await page.getByTestId('unit-prices').textContent()).toMatch(/per kg/);
    await page.getByTestId('nutrients').waitFor();
    expect(await page.getByTestId('stock-state').first().getAttribute('data-state')).toBe('inStock');
    await page.getByTestId('reviews').waitFor();
    await page.getByTestId('review-form').getByRole('button').click();
    expect(await page.getByTestId('review-form').getByRole('alert').count()).toBeGreaterThan(0);
    await shoot(page, 'product');
    await page.getByTestId('quantity').fill('2');
    await page.getByTestId('add-to-cart').click();
    await page.getByTestId('added-to-cart').waitFor();
    // Two muesli and the scoop a promotion gives with them.
    expect(await page.getByTestId('cart-count').textContent()).toBe('3');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('cart', () => {
  it('changes a quantity, applies and removes a discount code', async () => {
    const { page, errors } = await freshPage();
    await addToCart(page, await productPathOf(page, 1011), 1);
    await page.goto(`${origin}/cart/`);
    await page.getByTestId('cart-line').waitFor();
    const total = page.getByTestId('total');
    const first = await total.textContent();
    await page.getByTestId('quantity-1011').fill('2');
    await page.getByTestId('quantity-1011').press('Enter');
    await page.waitForFunction((previous) => document.querySelector('[data-testid=total]')?.textContent !== previous, first);
    // Two muesli give a free scoop: a free product line, counted in the header.
    await page.getByTestId('free-product').waitFor();
    expect(await page.getByTestId('cart-count').textContent()).toBe('3');
    await page.getByTestId('discount-code').locator('input').fill('BESTAATNIET');
    await page.getByTestId('discount-code').getByRole('button').click();
    await page.getByTestId('discount-code').getByRole('alert').waitFor();
    await page.getByTestId('discount-code').locator('input').fill('WELKOM10');
    await page.getByTestId('discount-code').getByRole('button').click();
    await page.getByText('WELKOM10').waitFor();
    expect(await page.getByTestId('cart-totals').textContent()).toContain('-');
    await shoot(page, 'cart');
    await page.getByRole('button', { name: 'Kortingscode verwijderen' }).click();
    await page.getByTestId('discount-code').locator('input').waitFor();
    expect(await page.getByTestId('cart-mismatch').count()).toBe(0);
    await page.getByTestId('remove-1011').click();
    await page.getByTestId('cart-empty').waitFor();
    expect(await page.getByTestId('cart-count').textContent()).toBe('0');
    expect(errors).toEqual([]);
    await page.close();
  });
});

async function guestCheckoutToConfirmation(
  page: Page,
  options: { pickup?: boolean; method?: 'ideal' | 'none'; giftCard?: [string, string]; password?: string; email?: string } = {},
): Promise<void> {
  await page.goto(`${origin}/cart/`);
  await page.getByTestId('to-checkout').click();
  await page.getByTestId('continue-as-guest').click();
  await page.getByTestId('billing-form').waitFor();
  const form = page.getByTestId('billing-form');
  await form.locator('[name=firstName]').fill('Anna');
  await form.locator('[name=lastName]').fill('de Vries');
  await form.locator('[name=emailAddress]').fill(options.email ?? 'anna@example.nl');
  await form.locator('[name=zipcode]').fill('3511 AZ');
  await form.locator('[name=streetNumber]').fill('150');
  await form.locator('[name=street]').fill('Oudegracht');
  await form.locator('[name=city]').fill('Utrecht');
  if (options.password) {
    await page.getByTestId('create-account').check();
    await form.locator('[name=password]').fill(options.password);
    await form.locator('[name=passwordRepeat]').fill(options.password);
  }
  await page.getByTestId('billing-submit').click();
  await page.locator('[data-testid=delivery-form], [data-testid=payment-form], [data-testid=confirm-step]').first().waitFor();
  if (await page.getByTestId('delivery-form').count()) {
    if (options.pickup) {
      await page.getByTestId('delivery-pickup').check();
      await page.getByTestId('pickup-query').fill('Utrecht');
      await page.getByTestId('pickup-search').click();
      await page.getByTestId('pickup-choose').first().click();
      await page.getByTestId('pickup-chosen').waitFor();
    }
    await page.getByTestId('delivery-submit').click();
  }
  if (options.giftCard) {
    await page.getByTestId('payment-form').waitFor();
    await page.getByTestId('use-gift-card').check();
    await page.locator('[name=giftCardNumber]').fill(options.giftCard[0]);
    await page.locator('[name=giftCardPin]').fill(options.giftCard[1]);
    await page.getByTestId('gift-card-apply').click();
  }
  if (options.method === 'ideal') {
    await page.getByTestId('payment-form').waitFor();
    await page.getByTestId('payment-ideal').check();
    await page.getByTestId('issuer').selectOption('ideal_INGBNL2A');
    await page.getByTestId('payment-submit').click();
  }
  await page.getByTestId('confirm-step').waitFor();
}

describe('checkout', () => {
  it('closed steps send a guest back with the reasons', async () => {
    const { page } = await freshPage();
    await page.goto(`${origin}/checkout/payment/`);
    await page.waitForURL(/\/cart\/$/);
    await addToCart(page, await productPathOf(page, 1721), 1);
    await page.goto(`${origin}/checkout/complete/`);
    await page.waitForURL(/\/checkout\/billing\/$/);
    expect(await page.getByTestId('gate-reasons').textContent()).toContain('Kies het land van je factuuradres');
    await page.close();
  });

  it('a guest reaches the confirmation with a pick-up point and iDEAL', async () => {
    const { page, errors } = await freshPage();
    await addToCart(page, await productPathOf(page, 1011), 1);
    await guestCheckoutToConfirmation(page, { pickup: true, method: 'ideal' });
    // The method's name and bank come from GET /api/paymentmethods: wait until they are shown.
    await page.getByTestId('summary-payment').getByText('iDEAL (ING)').waitFor();
    expect(await page.getByTestId('summary-payment').textContent()).toContain('iDEAL (ING)');
    // The pick-up point by its name and address, never its code.
    await page
      .getByTestId('summary-delivery')
      .getByText(/Gekozen afhaalpunt: .+, 3511 [A-Z]{2} Utrecht/)
      .waitFor();
    expect(await page.getByTestId('summary-delivery').textContent()).not.toContain('NL-UT');
    await shoot(page, 'checkout-confirmation');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a customer signs in at the first step and keeps the cart', async () => {
    const { page } = await freshPage();
    await addToCart(page, await productPathOf(page, 1721), 2);
    await page.goto(`${origin}/cart/`);
    await page.getByTestId('to-checkout').click();
    const login = page.getByTestId('checkout-login');
    await login.locator('[name=emailAddress]').fill('jan.devries@example.com');
    await login.locator('[name=password]').fill('niet-het-wachtwoord1');
    await login.getByRole('button', { name: 'Inloggen' }).click();
    await login.getByRole('alert').waitFor();
    await login.locator('[name=password]').fill('Hoefslag2024');
    await login.getByRole('button', { name: 'Inloggen' }).click();
    await page.getByTestId('billing-form').waitFor();
    // The account's name and e-mail are filled in.
    expect(await page.getByTestId('billing-form').locator('[name=emailAddress]').inputValue()).toBe('jan.devries@example.com');
    expect(await page.getByTestId('billing-form').locator('[name=firstName]').inputValue()).not.toBe('');
    expect(await page.getByTestId('cart-count').textContent()).toBe('2');
    await page.close();
  });

  it('a wrong gift card PIN is refused next to the field', async () => {
    const { page } = await freshPage();
    await addToCart(page, await productPathOf(page, 1721), 1);
    await page.goto(`${origin}/cart/`);
    await page.getByTestId('to-checkout').click();
    await page.getByTestId('continue-as-guest').click();
    const form = page.getByTestId('billing-form');
    for (const [name, value] of [
      ['firstName', 'Bo'],
      ['lastName', 'Jansen'],
      ['emailAddress', 'bo@example.nl'],
      ['zipcode', '3511 AZ'],
      ['streetNumber', '1'],
      ['street', 'Oudegracht'],
      ['city', 'Utrecht'],
    ]) {
      await form.locator(`[name=${name}]`).fill(value as string);
    }
    await page.getByTestId('billing-submit').click();
    await page.getByTestId('delivery-submit').click();
    await page.getByTestId('use-gift-card').check();
    await page.locator('[name=giftCardNumber]').fill('6064360000000026');
    await page.locator('[name=giftCardPin]').fill('0000');
    await page.getByTestId('gift-card-apply').click();
    expect(await page.getByTestId('error-giftCardNumber').textContent()).toContain('De kaartgegevens zijn onjuist of het saldo is 0.');
    await page.close();
  });
});

describe('placing orders', () => {
  async function pay(page: Page, outcome: 'paid' | 'failed'): Promise<void> {
    await page.getByTestId('accept-terms').check();
    await page.getByTestId('place-order').click();
    await page.waitForURL(/\/payments\/test\//);
    const issuer = page.locator('select[name=issuer]');
    if (await issuer.count()) await issuer.selectOption({ index: 1 });
    await page.locator(`#outcome-${outcome}`).click();
  }

  it('a guest pays with iDEAL and sees the thank-you page', async () => {
    const { page } = await freshPage();
    await addToCart(page, await productPathOf(page, 1011), 1);
    await guestCheckoutToConfirmation(page, { method: 'ideal' });
    await pay(page, 'paid');
    await page.getByTestId('page-thank-you').waitFor();
    expect(await page.getByTestId('order-number').textContent()).not.toBe('');
    await shoot(page, 'thank-you');
    expect(await page.getByTestId('cart-count').textContent()).toBe('0');
    await page.close();
  });

  it('a failed payment keeps the cart and offers to try again', async () => {
    const { page } = await freshPage();
    await addToCart(page, await productPathOf(page, 1141), 1);
    await guestCheckoutToConfirmation(page, { method: 'ideal' });
    await pay(page, 'failed');
    await page.getByTestId('page-payment-failed').waitFor();
    await shoot(page, 'payment-failed');
    await page.getByTestId('retry-payment').click();
    await page.getByTestId('payment-form').waitFor();
    expect(await page.getByTestId('cart-count').textContent()).toBe('1');
    await page.close();
  });

  it('a zero-total order with a gift card needs no payment', async () => {
    const { page } = await freshPage();
    await addToCart(page, await productPathOf(page, 1721), 1);
    // The guest also chooses a password: placing the order creates an account.
    await guestCheckoutToConfirmation(page, { giftCard: ['6064360000000018', '1234'], password: 'Paard2026', email: 'nieuw.account@example.nl' });
    expect(await page.getByTestId('place-order').textContent()).toBe('Bestelling plaatsen');
    await page.getByTestId('accept-terms').check();
    await page.getByTestId('place-order').click();
    await page.getByTestId('page-thank-you').waitFor();
    await page.getByTestId('order-number').waitFor();
    await page.close();
  });

  it('an RQS scan with sample names: no delivery step, the scan thank-you page', async () => {
    const { page } = await freshPage();
    await addToCart(page, await productPathOf(page, 1831), 2);
    await page.goto(`${origin}/cart/`);
    await page.getByTestId('to-checkout').click();
    expect(await page.getByTestId('cart-error').textContent()).toContain('Vul voor alle hooimonsters een naam in');
    await page.getByTestId('sample-1831-1').fill('Hooi perceel 1');
    await page.getByTestId('sample-1831-1').blur();
    await page.getByTestId('sample-1831-2').fill('Hooi perceel 2');
    await page.getByTestId('sample-1831-2').blur();
    await page.waitForFunction(() => !document.querySelector('[data-testid=to-checkout]')?.hasAttribute('disabled'));
    await guestCheckoutToConfirmation(page, { method: 'ideal' });
    await pay(page, 'paid');
    await page.getByTestId('rqs-instructions').waitFor();
    expect(await page.getByTestId('order-sample').count()).toBe(2);
    await page.close();
  });
});

describe('sites and languages', () => {
  it('the German site by its host, then English by the language switch', async () => {
    const { page, errors } = await freshPage();
    const german = `http://de.hoefslag.localhost:${port}`;
    await page.context().addCookies([
      { name: 'hoofbeat_consent', value: CONSENT, url: german },
      { name: 'hoofbeat_localization', value: encodeURIComponent(new Date().toISOString()), url: german },
    ]);
    await page.goto(`${german}/`);
    await page.getByTestId('brand-name').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await page.getByRole('searchbox').fill('muesli');
    await page.getByRole('searchbox').press('Enter');
    await page.getByTestId('result-count').waitFor();
    expect(await page.getByTestId('result-count').textContent()).toMatch(/Ergebnis/);
    await page.getByTestId('language-switch').selectOption({ label: 'English' });
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await page.getByTestId('result-count').waitFor();
    expect(await page.getByTestId('result-count').textContent()).toMatch(/result/);
    expect(errors).toEqual([]);
    await page.close();
  });
});
