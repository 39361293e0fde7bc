/**
 * The page cache with the real renderer: an anonymous page is rendered once and then served
 * from host-server's cache; a signed-in visitor's page is personal and never kept, and an
 * anonymous visitor after them sees no name, no cart count and gets no session cookie; the
 * language chosen is respected; a page from the cache hydrates without a mismatch.
 */
import { describe, expect, it } from 'vitest';

import { seriousViolations } from './support/axe';
import { CONSENT, freshPage } from './support/browser';
import { useShop } from './support/shop';

const JAN = { email: 'jan.devries@example.com', password: 'Hoefslag2024' };
const PRODUCT_PATH = '/muesli/hoefslag-senior-muesli/';

const shop = useShop();

/** Asks for a page as a browser without JavaScript would, with the given cookies. */
async function get(path: string, cookie = ''): Promise<Response> {
  return fetch(`${shop.origin}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
}

describe('the page cache', () => {
  it('renders an anonymous page once, then serves it from the cache for everyone, in the language chosen', async () => {
    const path = `${PRODUCT_PATH}?page-cache=${Date.now()}`;
    const first = await get(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-page-cache')).toBe('miss');
    const html = await first.text();
    const second = await get(path, `hoofbeat_consent=${CONSENT}; _ga=GA1.1.1`);
    expect(second.headers.get('x-page-cache')).toBe('miss');
    const third = await get(path, `hoofbeat_consent=${CONSENT}; _ga=GA1.1.2`);
    expect(third.headers.get('x-page-cache')).toBe('hit');
    expect(third.headers.get('cache-control')).toBe('public, s-maxage=60, stale-while-revalidate=540');
    expect(third.headers.get('set-cookie')).toBeNull();
    expect(await (await get(path)).text()).toBe(html);
    // The English page of the same address is not the Dutch one from the cache.
    const english = await get(path, 'hoofbeat_language=1:2');
    expect(english.headers.get('x-page-cache')).toBe('miss');
    expect(await english.text()).toContain('<html lang="en"');
    expect(html).toContain('<html lang="nl"');
  });

  it('never keeps a signed-in visitor’s page, and the next anonymous visitor sees nothing of theirs', async () => {
    const { page, errors } = await freshPage(shop.chromium, shop.origin);
    await page.goto(`${shop.origin}/account/login/`);
    const form = page.getByTestId('login-form');
    await form.getByLabel('E-mailadres').fill(JAN.email);
    await form.getByLabel('Wachtwoord').fill(JAN.password);
    await form.getByRole('button', { name: 'Inloggen' }).click();
    await page.getByTestId('header-greeting').waitFor();
    await page.goto(`${shop.origin}${PRODUCT_PATH}`);
    await page.getByTestId('add-to-cart').click();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');
    const cookies = await page.context().cookies(shop.origin);
    const session = cookies.find((cookie) => cookie.name.endsWith('hb_session'));
    expect(session).toBeDefined();
    const signedIn = await get(PRODUCT_PATH, `${session?.name}=${session?.value}`);
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
    expect(signedIn.headers.get('x-page-cache')).toBeNull();
    expect(await page.getByTestId('header-greeting').textContent()).toBe('Welkom Jan');

    const anonymous = await freshPage(shop.chromium, shop.origin);
    await anonymous.page.goto(`${shop.origin}${PRODUCT_PATH}`);
    await anonymous.page.getByTestId('add-to-cart').waitFor();
    expect(await anonymous.page.getByText('Welkom Jan').count()).toBe(0);
    // No count of someone else's cart: none, or 0 once the browser's own (empty) cart is read.
    expect((await anonymous.page.locator('[data-testid=cart-count]').allTextContents()).filter((text) => text !== '0')).toEqual([]);
    const anonymousCookies = await anonymous.page.context().cookies(shop.origin);
    expect(anonymousCookies.filter((cookie) => cookie.name.endsWith('hb_session'))).toEqual([]);
    expect(await seriousViolations(anonymous.page)).toEqual([]);
    expect(anonymous.errors).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('hydrates a page from the cache without a mismatch', async () => {
    // Rendered once into the cache by a first visitor, then opened by the next one from it.
    const first = await freshPage(shop.chromium, shop.origin);
    await first.page.goto(`${shop.origin}${PRODUCT_PATH}`);
    await first.page.close();
    const { page, errors } = await freshPage(shop.chromium, shop.origin);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) consoleErrors.push(message.text());
    });
    const answer = await page.goto(`${shop.origin}${PRODUCT_PATH}`);
    expect(answer?.headers()['x-page-cache']).toMatch(/^(hit|stale)$/);
    await page.getByTestId('add-to-cart').waitFor();
    await page.waitForTimeout(300);
    expect(consoleErrors).toEqual([]);
    expect(errors).toEqual([]);
  });
});
