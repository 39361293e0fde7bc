/**
 * The storefront shell in Chromium against the real server: the site comes from the host name
 * (localhost is an alias of the demo site Hoefslag NL), the header shows its brand, and the
 * account guard sends a visitor who is not signed in to the login page.
 */
import { describe, expect, it } from 'vitest';

import { useShop } from './support/shop';

const shop = useShop();

describe('the storefront shell', () => {
  it("renders the home page with the site's brand name", async () => {
    const page = await shop.chromium.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${shop.origin}/`);
    await page.getByTestId('brand-name').waitFor();
    expect(await page.getByTestId('brand-name').textContent()).toBe('Hoefslag');
    expect(await page.locator('html').getAttribute('data-theme')).toBe('default');
    expect(await page.locator('html').getAttribute('lang')).toBe('nl');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.title()).toContain('Hoefslag');
    expect(await page.getByTestId('cookie-consent').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('adds the trailing slash and guards the account area', async () => {
    const page = await shop.chromium.newPage();
    await page.goto(`${shop.origin}/account/orders`);
    await page.getByTestId('page-login').waitFor();
    expect(new URL(page.url()).pathname).toBe('/account/login/');
    await page.close();
  });

  it('shows a full-page error for a host without a site', async () => {
    const page = await shop.chromium.newPage();
    await page.route('**/api/sites/getbydomain?**', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{"status":404,"message":"no site"}' }),
    );
    // A host the server has no site for either (the server renderer then hands the page to the
    // client-rendered app, which shows the error).
    await page.goto(`${shop.origin.replace('//localhost', '//nosite.localhost')}/`);
    await page.getByTestId('startup-error').waitFor();
    expect(await page.getByTestId('startup-error').getAttribute('data-problem')).toBe('notFound');
    await page.close();
  });
});
