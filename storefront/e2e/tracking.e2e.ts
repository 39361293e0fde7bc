/**
 * In Chromium against the real server and the demo data: the data layer's
 * cart and checkout events read from `window.dataLayer` with their exact values
 * (remove_from_cart, add_shipping_info, add_payment_info, and purchase after paying at the test
 * provider), with the brand of each item and the order's VAT total as the purchase's tax; the
 * cart's recommendations; the checkout's newsletter box sends the double opt-in mail once the
 * order is paid. axe-core on every page visited (no serious or critical violation); nothing
 * reaches a third party.
 *
 * Site 1, Hoefslag NL: VAT 9 % low and 21 % high, free shipping from 50.00, iDEAL costs nothing.
 * Variant 1601 is Equinatura Spierkracht (product 60, supplements, low VAT) at 69.95; 1721 the
 * Hoefslag Voerschep (product 72, stableSupplies, high VAT) at 3.95; 1701 the Hoefslag
 * Zoutliksteen (product 70, treats, low VAT) at 4.95.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { seriousViolations } from './support/axe';
import { readOutbox, type Mail } from './support/mail';
import { recordingPage, useShop } from './support/shop';

const shop = useShop();

const freshPage = () => recordingPage(shop);

/** The first mail of the outbox that `matches`, waiting up to 15 s for it. */
async function waitForMail(matches: (mail: Mail) => boolean): Promise<Mail> {
  for (let attempt = 0; attempt < 75; attempt++) {
    const found = readOutbox(shop.server.outboxDir).find(matches);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('no such mail in the outbox within 15 s');
}

type Entry = { event?: string; ecommerce?: Record<string, unknown> };

/** The e-commerce events of the current document's data layer, in order. */
const events = (page: Page) =>
  page.evaluate(() => (window.dataLayer ?? []).filter((entry) => typeof entry === 'object' && entry !== null && 'event' in entry) as Entry[]);

/** The `ecommerce` object of the last `event` in the data layer, once there is one. */
async function lastEvent(page: Page, event: string): Promise<Record<string, unknown>> {
  await page.waitForFunction((name) => (window.dataLayer ?? []).some((entry) => (entry as Entry).event === name), event, { timeout: 10_000 });
  return (await events(page)).filter((entry) => entry.event === event).at(-1)!.ecommerce!;
}

async function productPathOf(page: Page, variantId: number): Promise<string> {
  const answer = await page.request.post(`${shop.origin}/api/routing/geturl`, {
    headers: { siteid: '1', languageid: '1' },
    data: { type: 'productDetail', siteId: 1, languageId: 1, productVariantId: variantId, omitArticleCode: false },
  });
  return ((await answer.json()) as { url: string }).url;
}

/** Adds a variant through its product page, checking the page with axe. */
async function addToCart(page: Page, variantId: number, quantity: number): Promise<void> {
  await page.goto(`${shop.origin}${await productPathOf(page, variantId)}`);
  await page.getByTestId('page-productDetail').waitFor();
  expect(await seriousViolations(page), `product ${variantId}`).toEqual([]);
  await page.getByTestId('quantity').fill(String(quantity));
  await page.getByTestId('add-to-cart').click();
  await page.getByTestId('added-to-cart').waitFor();
}

const SPIERKRACHT = {
  item_id: '60',
  item_name: 'Equinatura Spierkracht',
  price: '69.95',
  item_brand: 'Equinatura',
  item_category: 'supplements',
  item_category2: 'supplements',
  item_variant: '1601',
};
const VOERSCHEP = {
  item_id: '72',
  item_name: 'Hoefslag Voerschep',
  price: '3.95',
  item_brand: 'Hoefslag',
  item_category: 'stableSupplies',
  item_category2: 'stableSupplies',
  item_variant: '1721',
};
/** The cart's items after the salt lick left it: 69.95 + 2 x 3.95 = 77.85, shipped free. */
const CART_ITEMS = [
  { ...SPIERKRACHT, item_list_name: 'cart', quantity: 1 },
  { ...VOERSCHEP, item_list_name: 'cart', quantity: 2 },
];

describe('the data layer of the cart and the checkout', () => {
  it('tracks removing, delivery, payment and the purchase with exact values; the cart recommends products', async () => {
    const { page, errors, foreign } = await freshPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await addToCart(page, 1601, 1);
    await addToCart(page, 1721, 2);
    await addToCart(page, 1701, 1);

    await page.goto(`${shop.origin}/cart/`);
    await page.getByTestId('page-cart').waitFor();
    await page.locator('[data-testid=cart-line][data-variant-id="1701"]').waitFor();
    // The recommendations the API gives for this cart, best first, shown in it.
    const cartId = await page.evaluate(() => JSON.parse(localStorage.getItem('hoofbeat.cartId') ?? 'null') as string | null);
    expect(cartId).not.toBeNull();
    const recommended = (await (await page.request.get(`${shop.origin}/api/cart/${cartId}/recommendations`)).json()) as { name: string }[];
    expect(recommended.length).toBeGreaterThan(0);
    const shown = page.getByTestId('cart-recommendations');
    await shown.waitFor();
    const shownNames = await shown
      .getByTestId('cart-recommendation')
      .evaluateAll((items) => items.map((item) => item.querySelector('span')?.textContent ?? ''));
    expect(shownNames).toEqual(recommended.map((item) => item.name));
    expect(await seriousViolations(page), 'cart').toEqual([]);

    // remove_from_cart: the salt lick, as it was in the cart.
    await page.getByTestId('remove-1701').click();
    expect(await lastEvent(page, 'remove_from_cart')).toEqual({
      currency: 'EUR',
      items: [
        {
          item_id: '70',
          item_name: 'Hoefslag Zoutliksteen',
          price: '4.95',
          item_brand: 'Hoefslag',
          item_category: 'treats',
          item_category2: 'treats',
          item_variant: '1701',
          item_list_name: 'cart',
          quantity: 1,
        },
      ],
    });
    await page.locator('[data-testid=cart-line][data-variant-id="1701"]').waitFor({ state: 'detached' });

    // The checkout as a guest who asks for the newsletter.
    await page.getByTestId('to-checkout').click();
    await page.getByTestId('continue-as-guest').click();
    const form = page.getByTestId('billing-form');
    await form.waitFor();
    expect(await lastEvent(page, 'begin_checkout')).toEqual({ currency: 'EUR', value: '77.85', items: CART_ITEMS });
    for (const [name, value] of [
      ['firstName', 'Sanne'],
      ['lastName', 'de Wit'],
      ['emailAddress', 'meten@example.nl'],
      ['zipcode', '3511 AZ'],
      ['streetNumber', '150'],
      ['street', 'Oudegracht'],
      ['city', 'Utrecht'],
    ] as const) {
      await form.locator(`[name=${name}]`).fill(value);
    }
    await page.getByTestId('newsletter').check();
    expect(await seriousViolations(page), 'billing').toEqual([]);
    await page.getByTestId('billing-submit').click();

    await page.getByTestId('delivery-form').waitFor();
    expect(await seriousViolations(page), 'delivery').toEqual([]);
    await page.getByTestId('delivery-submit').click();
    expect(await lastEvent(page, 'add_shipping_info')).toEqual({ currency: 'EUR', value: '77.85', shipping_tier: 'home', items: CART_ITEMS });

    await page.getByTestId('payment-form').waitFor();
    await page.getByTestId('payment-ideal').check();
    await page.getByTestId('issuer').selectOption('ideal_INGBNL2A');
    expect(await seriousViolations(page), 'payment').toEqual([]);
    await page.getByTestId('payment-submit').click();
    expect(await lastEvent(page, 'add_payment_info')).toEqual({ currency: 'EUR', value: '77.85', payment_type: '1', items: CART_ITEMS });

    await page.getByTestId('confirm-step').waitFor();
    expect(await seriousViolations(page), 'confirmation').toEqual([]);
    await page.getByTestId('accept-terms').check();
    await page.getByTestId('place-order').click();
    await page.waitForURL(/\/payments\/test\//);
    expect(await seriousViolations(page), 'test provider').toEqual([]);
    await page.locator('#outcome-paid').click();

    // purchase: the order's number, total, shipping and VAT total (5.78 low + 1.37 high).
    await page.getByTestId('page-thank-you').waitFor();
    const orderNumber = (await page.getByTestId('order-number').textContent()) ?? '';
    expect(orderNumber).toMatch(/^HS-\d{4}-\d{6}$/);
    expect(await lastEvent(page, 'purchase')).toEqual({
      currency: 'EUR',
      transaction_id: orderNumber,
      value: '77.85',
      shipping: '0.00',
      tax: '7.15',
      items: [
        { ...SPIERKRACHT, quantity: 1 },
        { ...VOERSCHEP, quantity: 2 },
      ],
    });
    expect(await seriousViolations(page), 'thank you').toEqual([]);
    // A reload of the thank-you page does not count the purchase again.
    await page.reload();
    await page.getByTestId('order-number').waitFor();
    await page.waitForTimeout(500);
    expect((await events(page)).filter((entry) => entry.event === 'purchase')).toEqual([]);

    // The newsletter box: the double opt-in mail, now that the order is paid.
    const optIn = await waitForMail((mail) => mail.to === 'meten@example.nl' && mail.subject === 'Bevestig je aanmelding voor de nieuwsbrief van Hoefslag');
    expect(optIn.body).toMatch(/\/newsletter\/confirm\/\?token=[0-9a-f]{64}/);

    expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0);
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
