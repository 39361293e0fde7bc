/**
 * The shopping pages in Chromium against the real server and the demo data: a category, the
 * filters, search, the comparison, the product page, the cart with a discount code, the
 * checkout up to the confirmation, another site by its host and another language, the corporate
 * site. Screenshots of the main pages at 390 and 1280 px go to storefront/e2e-screenshots/.
 *
 * Placing orders (paid, failed, zero total, RQS scan) uses `POST /api/cart/{id}/order`,
 * `GET /api/orders/{orderId}` and the test payment provider's hosted page; those tests are
 * skipped on a server whose OpenAPI document lacks the order API.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seriousViolations } from './support/axe';
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
  for (const [label, width, height] of [
    ['phone', 390, 844],
    ['desktop', 1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
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

/** The visitor's cart as the server answers it: the amounts every screen must show. */
async function serverCart(page: Page): Promise<{
  calculation: {
    totalAmount: string;
    itemCount: number | string;
    products: { productVariantId: number | string; quantity: number | string; totalAmount: string }[];
  };
}> {
  const cartId = await page.evaluate(() => JSON.parse(localStorage.getItem('hoofbeat.cartId') ?? 'null') as string | null);
  expect(cartId).not.toBeNull();
  const answer = await page.request.get(`${origin}/api/cart/${cartId}`, { headers: { siteid: '1', languageid: '1' } });
  return (await answer.json()) as Awaited<ReturnType<typeof serverCart>>;
}

/** An amount below 1000 as the Dutch site writes it (the engine's formatting): `44.91` is `€ 44,91`. */
const euro = (amount: string) => `€ ${amount.replace('.', ',')}`;

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
    const facet = page.getByTestId('facet-horseType').locator('input[type=checkbox]').first();
    // A filter narrows the same list: the page stays where it was scrolled to.
    await page.evaluate(() => window.scrollTo(0, 300));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    await facet.click();
    await page.waitForURL(/horseType=/);
    await page.getByTestId('facet-horseType').locator('input:checked').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
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
    // A typo, the first part of a compound word and a synonym of the catalog find too.
    const found = [
      ['musli', 'Hoefslag Sport Muesli'],
      ['zout', 'Hoefslag Zoutliksteen'],
      ['alfalfa', 'Hoefslag Luzerne Brok'],
    ] as const;
    for (const [term, product] of found) {
      await page.goto(`${origin}/search/?q=${term}`);
      await page.getByTestId('result-count').waitFor();
      expect(await page.getByTestId('product-card').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining(product)]));
    }
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
    // Sport Muesli's 10 % off, as the law asks it shown: the price charged (32.95 less 3.30) and,
    // struck through, the lowest price of the 30 days before the reduction.
    const price = page.getByTestId('product-price');
    expect(await price.getByTestId('shelf-reduction').getAttribute('data-promotion')).toBe('winter-sport-muesli-10');
    expect(await price.textContent()).toBe('€ 29,65Van € 32,95Doorgestreepte prijs: de laagste prijs van de 30 dagen vóór deze actie');
    expect(await price.locator('s').textContent()).toBe('€ 32,95');
    // The unit price goes with the price charged: 29.65 for 20 kg.
    expect(await page.getByTestId('unit-prices').textContent()).toContain('€ 1,48 per kg');
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

  it('adds from a list: the card’s button opens the cart drawer with that product, and the focus comes back to it', async () => {
    const { page, errors } = await freshPage();
    await page.goto(`${origin}/muesli/`);
    const card = page.getByTestId('product-card').first();
    const variantId = await card.getAttribute('data-variant-id');
    const name = (await card.getByRole('heading', { level: 2 }).textContent()) ?? '';
    const button = card.getByRole('button', { name: `In winkelwagen – ${name}` });
    await button.click();
    const drawer = page.getByRole('dialog', { name: 'Toegevoegd aan je winkelwagen' });
    await drawer.waitFor();
    const line = drawer.locator(`[data-testid=cart-drawer-line][data-variant-id="${variantId}"]`);
    expect(await line.getByTestId('cart-drawer-quantity').textContent()).toBe('1');
    const cart = await serverCart(page);
    expect(await drawer.getByTestId('cart-drawer-total').textContent()).toBe(euro(cart.calculation.totalAmount));
    expect(await seriousViolations(page), 'drawer over a list').toEqual([]);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('card-add-to-cart');
    expect(await page.getByTestId('cart-count').textContent()).toBe('1');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the chosen weight is marked; adding opens the cart drawer with the line and the total the server calculated', async () => {
    const { page, errors } = await freshPage();
    // The supplement in 3 kg and 1 kg: the variant shown is marked by its state and a check, not by colour alone.
    await page.goto(`${origin}${await productPathOf(page, 1411)}`);
    await page.getByTestId('page-productDetail').waitFor();
    const choice = page.getByTestId('variant-choice');
    const marked = () =>
      choice
        .locator('a')
        .evaluateAll((links) =>
          links.map((link) => [link.textContent, link.getAttribute('aria-current'), link.querySelectorAll('svg[aria-hidden="true"]').length]),
        );
    expect(await marked()).toEqual([
      ['3 kg', 'true', 1],
      ['1 kg', null, 0],
    ]);
    await choice.getByRole('link', { name: '1 kg' }).click();
    await page.waitForFunction(() => document.querySelector('[data-variant-id="1412"][aria-current="true"]') !== null);
    expect(await marked()).toEqual([
      ['3 kg', null, 0],
      ['1 kg', 'true', 1],
    ]);
    await page.goto(`${origin}${await productPathOf(page, 1011)}`);
    await page.getByTestId('page-productDetail').waitFor();
    await page.getByTestId('quantity').fill('2');
    await page.getByTestId('add-to-cart').click();
    const drawer = page.getByRole('dialog', { name: 'Toegevoegd aan je winkelwagen' });
    await drawer.waitFor();
    expect(await drawer.getAttribute('aria-modal')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('added-to-cart');
    const cart = await serverCart(page);
    const muesli = cart.calculation.products.find((line) => Number(line.productVariantId) === 1011)!;
    const line = drawer.locator('[data-testid=cart-drawer-line][data-variant-id="1011"]');
    expect(await line.getByTestId('cart-drawer-quantity').textContent()).toBe('2');
    expect(await line.getByTestId('cart-drawer-amount').locator('[data-amount]').getAttribute('data-amount')).toBe(muesli.totalAmount);
    expect(await line.getByTestId('cart-drawer-amount').textContent()).toBe(euro(muesli.totalAmount));
    expect(await line.getByTestId('cart-drawer-free').count()).toBe(1);
    expect(await drawer.getByTestId('cart-drawer-total').textContent()).toBe(euro(cart.calculation.totalAmount));
    expect(await seriousViolations(page), 'drawer').toEqual([]);
    await shoot(page, 'cart-drawer');
    // Tab stays in the drawer; Escape closes it and the focus is back on the button.
    for (let step = 0; step < 6; step++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role=dialog]')))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('add-to-cart');
    await shoot(page, 'product-added');
    // Again, then on to the checkout from the drawer.
    await page.getByTestId('quantity').fill('1');
    await page.getByTestId('add-to-cart').click();
    await drawer.waitFor();
    await drawer.getByTestId('cart-drawer-checkout').click();
    await page.waitForURL(/\/checkout\/login\/$/);
    await page.getByTestId('checkout-login').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
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
  it('is focused: brand, steps, help and the order summary; an empty form’s errors are summarized and lead to their fields', async () => {
    const { page, errors } = await freshPage();
    await addToCart(page, await productPathOf(page, 1721), 2);
    await page.goto(`${origin}/cart/`);
    await page.getByTestId('to-checkout').click();
    await page.getByTestId('continue-as-guest').click();
    const form = page.getByTestId('billing-form');
    await form.waitFor();
    // No shop navigation, search, footer or newsletter; the brand leads home, the help line to customer service.
    expect(await page.getByTestId('primary-navigation').count()).toBe(0);
    expect(await page.getByRole('search').count()).toBe(0);
    expect(await page.getByTestId('footer').count()).toBe(0);
    expect(await page.getByTestId('newsletter-signup').count()).toBe(0);
    expect(await page.getByTestId('checkout-header').getByRole('link', { name: 'Hoefslag', exact: true }).getAttribute('href')).toBe('/');
    expect(await page.getByTestId('customer-service-phone').getAttribute('href')).toBe('tel:+31881234500');
    // The order summary beside the steps: the server's amounts.
    const cart = await serverCart(page);
    const summary = page.getByTestId('order-summary');
    expect(await summary.getByTestId('order-summary-total').textContent()).toBe(euro(cart.calculation.totalAmount));
    expect(await summary.getByTestId('cart-count').textContent()).toBe('2');
    const [formBox, summaryBox] = [await form.boundingBox(), await summary.boundingBox()];
    expect(summaryBox!.x).toBeGreaterThan(formBox!.x + formBox!.width - 1);
    expect(await seriousViolations(page), 'checkout').toEqual([]);

    await page.getByTestId('billing-submit').click();
    const errorSummary = form.getByTestId('error-summary');
    await errorSummary.waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'error-summary');
    expect(await errorSummary.getByRole('heading', { level: 2 }).textContent()).toBe('Er is een probleem');
    const targets = await errorSummary.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    const invalid = await form.locator('[aria-invalid="true"]').evaluateAll((fields) => fields.map((field) => `#${field.id}`));
    expect(targets).toEqual(invalid);
    expect(targets[0]).toBe('#field-firstName');
    expect(await seriousViolations(page), 'checkout with errors').toEqual([]);
    await errorSummary.getByRole('link').first().click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('field-firstName');
    await shoot(page, 'checkout-errors');

    // On a phone the summary is closed above the steps, its button showing the total.
    await page.setViewportSize({ width: 375, height: 812 });
    const toggle = summary.getByTestId('order-summary-toggle');
    expect(await toggle.isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.textContent()).toContain(euro(cart.calculation.totalAmount));
    expect(await summary.getByTestId('order-summary-panel').isVisible()).toBe(false);
    expect((await summary.boundingBox())!.y).toBeLessThan((await form.boundingBox())!.y);
    expect(await seriousViolations(page), 'checkout at 375 px').toEqual([]);
    await toggle.click();
    expect(await summary.getByTestId('order-summary-panel').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('on a phone the cart’s checkout button is in view without scrolling', async () => {
    const { page } = await freshPage();
    await addToCart(page, await productPathOf(page, 1721), 1);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${origin}/cart/`);
    await page.getByTestId('cart-line').waitFor();
    const button = page.getByTestId('to-checkout-top');
    const box = (await button.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(812);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await button.click();
    await page.waitForURL(/\/checkout\/login\/$/);
    await page.close();
  });

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

describe('the corporate site', () => {
  it('shows the group, its brands linking to their shops and its news, with no cart, search or account', async () => {
    const { page, errors } = await freshPage();
    const group = `http://hoofbeat.localhost:${port}`;
    await page.context().addCookies([
      { name: 'hoofbeat_consent', value: CONSENT, url: group },
      { name: 'hoofbeat_localization', value: encodeURIComponent(new Date().toISOString()), url: group },
    ]);
    await page.goto(`${group}/`);
    await page.getByTestId('page-home').waitFor();
    expect(await page.getByTestId('brand-name').textContent()).toBe('Hoofbeat Group');
    expect(await page.getByRole('searchbox').count()).toBe(0);
    expect(await page.getByTestId('cart-link').count()).toBe(0);
    expect(await page.getByTestId('header-login').count()).toBe(0);
    const brands = page.getByTestId('home-categories');
    expect(await brands.getByRole('heading', { level: 2 }).textContent()).toBe('Onze merken');
    const links = await brands.getByRole('link').evaluateAll((nodes) => nodes.map((node) => [node.textContent, node.getAttribute('href')]));
    expect(links).toEqual([
      ['Hoefslag', `http://hoefslag.localhost:${port}/`],
      ['Weidegroen', `http://weidegroen.localhost:${port}/`],
    ]);
    expect(await page.getByTestId('home-news').locator('li').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('home-featured').count()).toBe(0);
    expect(await page.getByTestId('primary-navigation').getByRole('link', { name: 'Werken bij' }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'corporate-home');
    // The shop's own pages are not the group's: the cart is not found there.
    const cart = await page.goto(`${group}/cart/`);
    expect(cart?.status()).toBe(404);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('landing pages for search engines', () => {
  it('the feed calculator and the store locator may be indexed and describe themselves', async () => {
    const { page } = await freshPage();
    await page.goto(`${origin}/feed-calculator/`);
    expect(await page.locator('meta[name="robots"]').count()).toBe(0);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`http://localhost:${port}/feed-calculator/`);
    const types = async () =>
      page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((nodes) => nodes.map((node) => (JSON.parse(node.textContent ?? '{}') as { '@type': string })['@type']));
    expect(await types()).toEqual(['WebApplication', 'BreadcrumbList']);
    await page.goto(`${origin}/store-locator/`);
    expect(await page.locator('meta[name="robots"]').count()).toBe(0);
    expect((await types()).filter((type) => type === 'LocalBusiness').length).toBeGreaterThan(0);
    await page.goto(`${origin}/search/?q=muesli`);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, follow');
    await page.close();
  });
});
