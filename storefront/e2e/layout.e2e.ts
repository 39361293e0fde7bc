/**
 * In Chromium against the real server and the demo data: the site's layout is the same
 * on every page (a content page, the cart and account pages), keyboard-usable, and the checkout
 * has its focused frame (brand, steps, help; no menu or footer); the
 * home page of the brand; a product's pictures, swiped on a phone; the data layer (consent mode, impressions in one batch after 1000 ms,
 * the cart's events) with no request to a third party; axe-core finds no serious or critical
 * violation.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { seriousViolations } from './support/axe';
import { recordingPage, useShop } from './support/shop';
import { touchScreen } from './support/touch';

const shop = useShop();

const freshPage = () => recordingPage(shop);

const menuLinks = (page: Page) =>
  page
    .getByTestId('primary-navigation-items')
    .locator('a')
    .evaluateAll((links) => links.map((link) => `${link.textContent ?? ''} ${link.getAttribute('href') ?? ''}`));

describe('the site layout', () => {
  it('shows the same menu, USPs, notification and footer on a content page and on the cart and account pages; the checkout only its brand, steps and help', async () => {
    const { page, errors, foreign } = await freshPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${shop.origin}/over-ons/`);
    await page.getByTestId('page-contentPage').waitFor();
    const onContentPage = await menuLinks(page);
    expect(onContentPage.slice(0, 6)).toEqual([
      'Home /',
      'Muesli /muesli/',
      'Brokken /brokken/',
      'Balancers /balancers/',
      'Mashes /mashes/',
      'Granen en pulp /granen-en-pulp/',
    ]);
    expect(await page.getByTestId('notification-bar').textContent()).toBe('Winteractie: 10% korting op alle Sport Muesli');
    const firstUsp = page.getByTestId('header-usps').locator('li').first();
    expect(await firstUsp.textContent()).toBe('Voor 22:00 besteld, morgen in huis');
    expect(await firstUsp.locator('svg[data-icon="truck"][aria-hidden="true"]').count()).toBe(1);
    for (const path of ['/cart/', '/account/login/']) {
      await page.goto(`${shop.origin}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await menuLinks(page), path).toEqual(onContentPage);
      await page.getByTestId('customer-service').waitFor();
      expect(await page.getByTestId('customer-service-phone').getAttribute('href'), path).toBe('tel:+31881234500');
      expect(await page.getByTestId('footer-column').count(), path).toBe(4);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    // The checkout (an empty cart's checkout is the cart: a product first).
    await page.goto(`${shop.origin}/muesli/`);
    await page.getByTestId('product-card').first().locator('a').first().click();
    await page.getByTestId('page-productDetail').waitFor();
    await page.getByTestId('add-to-cart').click();
    await page.getByTestId('cart-drawer-checkout').click();
    await page.getByTestId('checkout-login').waitFor();
    expect(
      await page
        .getByTestId('checkout-header')
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
    ).toEqual(['/', 'tel:+31881234500', 'mailto:klantenservice@hoefslag.example']);
    expect(await page.getByTestId('primary-navigation').count()).toBe(0);
    expect(await page.getByTestId('notification-bar').count()).toBe(0);
    expect(await page.getByTestId('header-usps').count()).toBe(0);
    expect(await page.getByTestId('footer').count()).toBe(0);
    expect(await page.getByTestId('customer-service').count()).toBe(0);
    expect(await seriousViolations(page), '/checkout/login/').toEqual([]);
    await page.goto(`${shop.origin}/cart/`);
    await page.getByTestId('page-cart').waitFor();
    await page.getByTestId('primary-navigation').waitFor();
    // The client-side navigation keeps the layout: no second request for it.
    const layoutRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/content/layout')) layoutRequests.push(request.url());
    });
    await page.getByTestId('primary-navigation').getByRole('link', { name: 'Muesli' }).click();
    await page.waitForURL(/\/muesli\/$/);
    await page.getByTestId('result-count').waitFor();
    expect(layoutRequests).toEqual([]);
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  });

  it('opens the sub-menu and the mobile menu with the keyboard; Escape closes them', async () => {
    const { page, errors } = await freshPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${shop.origin}/cart/`);
    await page.getByTestId('page-cart').waitFor();
    const submenuButton = page.getByRole('button', { name: 'Submenu Mashes' });
    await submenuButton.focus();
    await page.keyboard.press('Enter');
    expect(await submenuButton.getAttribute('aria-expanded')).toBe('true');
    await page.getByTestId('submenu').getByRole('link', { name: 'Haksel' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Granen en pulp');
    await page.keyboard.press('Escape');
    expect(await submenuButton.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Submenu Mashes');
    // 320 px: the menu is behind its button.
    await page.setViewportSize({ width: 320, height: 640 });
    const menuButton = page.getByTestId('menu-button');
    expect(await page.getByTestId('primary-navigation-items').isVisible()).toBe(false);
    await menuButton.focus();
    await page.keyboard.press('Enter');
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByTestId('primary-navigation-items').isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the home page', () => {
  it("shows the brand's hero, tiles, products, USPs, news and teasers", async () => {
    const { page, errors, foreign } = await freshPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${shop.origin}/`);
    await page.getByTestId('page-home').waitFor();
    expect(await page.getByTestId('home-hero').locator('p').first().textContent()).toBe('Voer en advies van paardenkenners');
    expect(await page.getByTestId('home-hero-link').getAttribute('href')).toBe('/muesli/');
    expect(await page.getByTestId('home-categories').locator('li').count()).toBe(6);
    expect(
      await page
        .getByTestId('home-featured')
        .locator('h3')
        .evaluateAll((nodes) => nodes.map((node) => node.textContent)),
    ).toEqual(['Hoefslag Sport Muesli', 'Hoefslag Balancer', 'Hoefslag Biotine', 'Hoefslag Warme Mash']);
    expect(await page.getByTestId('home-new').locator('li').count()).toBe(4);
    expect(await page.getByTestId('home-sale').locator('li').count()).toBe(4);
    expect(await page.getByTestId('home-usps').locator('li').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('home-news').locator('li').count()).toBeGreaterThan(0);
    await page.getByTestId('home-advice').waitFor();
    expect(await page.getByTestId('home-calculator').getByRole('link').getAttribute('href')).toBe('/feed-calculator/');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  });

  it('moves a product row one product per swipe on a phone, and a tap opens the product', async () => {
    const { page, errors } = await freshPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${shop.origin}/`);
    const row = page.getByTestId('home-featured-carousel');
    await row.getByTestId('carousel-position').waitFor();
    expect(await row.getByTestId('carousel-position').textContent()).toBe('1 van 4');
    const finger = await touchScreen(page);
    const track = row.getByRole('list');
    // A finger moved 60 px to the left: a swipe (30 px or more).
    await finger.swipe(track, 200, 140);
    await expect.poll(() => row.getByTestId('carousel-position').textContent()).toBe('2 van 4');
    const second = await track
      .locator('li')
      .nth(1)
      .evaluate((item) => (item as HTMLElement).offsetLeft);
    await expect.poll(() => track.evaluate((list) => list.scrollLeft)).toBe(second);
    expect(page.url()).toBe(`${shop.origin}/`);
    // A tap on the product in view opens it.
    const link = track.locator('li').nth(1).getByRole('link');
    const href = await link.getAttribute('href');
    await finger.tap(link);
    await page.waitForURL(`${shop.origin}${href}`);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('a product page', () => {
  it('shows a product’s pictures one at a time on a phone, a swipe or the buttons moving between them', async () => {
    const { page, errors } = await freshPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${shop.origin}/muesli/`);
    await page.getByRole('link', { name: 'Hoefslag Sport Muesli' }).first().click();
    const gallery = page.getByRole('region', { name: 'Afbeeldingen van Hoefslag Sport Muesli' });
    await gallery.getByTestId('carousel-position').waitFor();
    expect(await gallery.getByTestId('carousel-position').textContent()).toBe('1 van 3');
    const track = gallery.getByRole('list');
    // One picture fills the row.
    const widths = await track.evaluate((list) => [list.clientWidth, (list.children[0] as HTMLElement).offsetWidth]);
    expect(widths[1]).toBe(widths[0]);
    const finger = await touchScreen(page);
    await finger.swipe(track, 250, 150);
    await expect.poll(() => gallery.getByTestId('carousel-position').textContent()).toBe('2 van 3');
    const second = track.getByRole('img', { name: 'Hoefslag Sport Muesli, afbeelding 2 van 3' });
    await expect.poll(() => second.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(200);
    await gallery.getByRole('button', { name: 'Volgende' }).click();
    await expect.poll(() => gallery.getByTestId('carousel-position').textContent()).toBe('3 van 3');
    await expect.poll(() => gallery.getByRole('button', { name: 'Volgende' }).isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

type Entry = Record<string, unknown> & { event?: string; ecommerce?: { items?: Record<string, unknown>[] } };

describe('the data layer', () => {
  it('starts with consent denied, batches impressions after 1000 ms, and tracks the cart; nothing leaves the shop', async () => {
    const { page, errors, foreign } = await freshPage();
    // When each event reaches the data layer, in ms since the page's navigation started.
    await page.addInitScript(() => {
      const layer: unknown[] = [];
      const times: [string, number][] = [];
      const push = layer.push.bind(layer);
      layer.push = (...entries: unknown[]) => {
        for (const entry of entries) {
          const event = (entry as { event?: unknown }).event;
          times.push([typeof event === 'string' ? event : '', performance.now()]);
        }
        return push(...entries);
      };
      (window as unknown as { dataLayer: unknown[]; hbPushTimes: [string, number][] }).dataLayer = layer;
      (window as unknown as { hbPushTimes: [string, number][] }).hbPushTimes = times;
    });
    await page.goto(`${shop.origin}/muesli/`);
    await page.getByTestId('result-count').waitFor();
    const first = await page.evaluate(() => Array.from((window.dataLayer?.[0] ?? []) as ArrayLike<unknown>));
    expect(first.slice(0, 2)).toEqual(['consent', 'default']);
    expect(first[2]).toMatchObject({ analytics_storage: 'denied', ad_storage: 'denied' });
    // The stored choice (necessary only) is an update, still denied.
    const events = () =>
      page.evaluate(() => (window.dataLayer ?? []).filter((entry) => typeof entry === 'object' && entry !== null && 'event' in entry) as Entry[]);
    await page.waitForFunction(() => (window.dataLayer ?? []).some((entry) => (entry as Entry).event === 'view_item_list'), undefined, { timeout: 5000 });
    // The impressions are queued once the page is live, and sent 1000 ms later.
    const times = await page.evaluate(() => (window as unknown as { hbPushTimes: [string, number][] }).hbPushTimes);
    const sentAt = times.find(([event]) => event === 'view_item_list')![1];
    expect(sentAt).toBeGreaterThanOrEqual(1000);
    const lists = (await events()).filter((entry) => entry.event === 'view_item_list');
    expect(lists).toHaveLength(1);
    const cards = await page.getByTestId('product-card').count();
    const items = lists[0]!.ecommerce!.items!;
    expect(items).toHaveLength(cards);
    expect(items[0]).toMatchObject({
      item_id: '1',
      item_name: 'Hoefslag Sport Muesli',
      item_brand: 'Hoefslag',
      item_category: 'muesli',
      item_list_name: 'Muesli',
      index: 1,
      quantity: 1,
    });
    // Nothing more arrives later: one batch.
    await page.waitForTimeout(1200);
    expect((await events()).filter((entry) => entry.event === 'view_item_list')).toHaveLength(1);

    // select_item, view_item, add_to_cart, view_cart, begin_checkout.
    await page.getByTestId('product-card').first().locator('a').first().click();
    await page.getByTestId('page-productDetail').waitFor();
    await page.getByTestId('add-to-cart').click();
    await page.getByTestId('added-to-cart').waitFor();
    // The cart drawer's link to the cart.
    await page.getByTestId('cart-drawer-cart').click();
    await page.getByTestId('page-cart').waitFor();
    await page.getByTestId('to-checkout').click();
    await page.waitForURL(/\/checkout\//);
    await page.waitForFunction(() => (window.dataLayer ?? []).some((entry) => (entry as Entry).event === 'begin_checkout'), undefined, { timeout: 5000 });
    const names = (await events()).map((entry) => entry.event).filter((name) => name !== 'consent_update');
    expect(names).toEqual(['view_item_list', 'select_item', 'view_item', 'add_to_cart', 'view_cart', 'begin_checkout']);
    const added = (await events()).find((entry) => entry.event === 'add_to_cart')!;
    expect(added.ecommerce).toMatchObject({ currency: 'EUR', items: [{ item_id: '1', item_name: 'Hoefslag Sport Muesli', quantity: 1 }] });
    // No tag manager without a site key: nothing reaches a third party.
    expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0);
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the store locator', () => {
  it('finds dealers by place, nearest first, with opening hours and services, and links to becoming a dealer', async () => {
    const { page, errors, foreign } = await freshPage();
    await page.goto(`${shop.origin}/store-locator`);
    await page.getByTestId('page-dealer').waitFor();
    expect(new URL(page.url()).pathname).toBe('/store-locator/');
    expect(await page.getByTestId('dealer').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('become-dealer-link').getAttribute('href')).toBe('/dealer-worden/');
    await page.getByTestId('locator-near').fill('Barneveld');
    await page.getByTestId('locator-near').press('Enter');
    await page.waitForURL(/near=Barneveld/);
    await page.getByTestId('locator-results-title').filter({ hasText: 'Barneveld' }).waitFor();
    const first = page.getByTestId('dealer').first();
    expect(await first.locator('h2').textContent()).toBe('Hoefslag Winkel Barneveld');
    expect(await first.getByTestId('dealer-distance').textContent()).toMatch(/^\d+,\d{2} km$/);
    expect(await first.getByTestId('dealer-silo').textContent()).toBe('Levert ook in de silo');
    await first.locator('summary').click();
    expect(await first.locator('dl').textContent()).toContain('maandag09:00-18:00');
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${shop.origin}/store-locator/?near=Nergensdorp`);
    await page.getByTestId('locator-empty').waitFor();
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  });
});

describe('advice', () => {
  it('shows the overview, an article and a video (a poster: nothing from a third party)', async () => {
    const { page, errors, foreign } = await freshPage();
    const answer = await page.request.get(`${shop.origin}/api/advice/categories`, { headers: { siteid: '1', languageid: '1' } });
    const advice = (await answer.json()) as {
      url: string;
      categories: { url: string; articles: { url: string; title: string }[]; videos: { url: string; title: string }[] }[];
    };
    await page.goto(`${shop.origin}${advice.url}`);
    await page.getByTestId('page-adviceCategory').waitFor();
    expect(await page.getByTestId('advice-category').count()).toBe(advice.categories.length);
    expect(await seriousViolations(page)).toEqual([]);
    const article = advice.categories.flatMap((category) => category.articles)[0]!;
    await page.getByRole('link', { name: article.title }).first().click();
    await page.getByTestId('page-adviceArticle').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(article.title);
    expect(await seriousViolations(page)).toEqual([]);
    const video = advice.categories.flatMap((category) => category.videos)[0]!;
    await page.goto(`${shop.origin}${video.url}`);
    await page.getByTestId('page-adviceVideo').waitFor();
    await page.getByTestId('video-poster').waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  });
});
