import { describe, expect, it } from 'vitest';

import { pageCacheControl, type RenderedPage } from './pageCaching';

const SHARED = 'public, s-maxage=60, stale-while-revalidate=540';
const PERSONAL = 'private, no-store';
const page = (routeId: string, changes: Partial<RenderedPage> = {}): RenderedPage => ({ routeId, indexable: true, cookie: '', setsCookies: false, ...changes });

describe('which pages a shared cache may keep', () => {
  it('the home, catalog, product, content, news, store-locator and feed-calculator pages of a visitor without a session', () => {
    for (const routeId of ['home', 'dynamic', 'media', 'mediaItem', 'dealer', 'feedCalculator']) expect(pageCacheControl(page(routeId))).toBe(SHARED);
    expect(pageCacheControl(page('dynamic', { cookie: 'hoofbeat_language=1:1; _ga=GA1' }))).toBe(SHARED);
  });

  it('never the account, cart, checkout, survey or newsletter pages, a page not to be indexed, a signed-in visitor’s page or one that sets a cookie', () => {
    for (const routeId of [
      'account.home',
      'account.orders',
      'cart',
      'cartHandover',
      'checkout.billing',
      'survey',
      'newsletter.confirm',
      'newsletter.unsubscribe',
      'account.confirm',
    ]) {
      expect(pageCacheControl(page(routeId))).toBe(PERSONAL);
    }
    expect(pageCacheControl(page('dynamic', { indexable: false }))).toBe(PERSONAL);
    expect(pageCacheControl(page('dynamic', { cookie: 'hb_session=abc' }))).toBe(PERSONAL);
    expect(pageCacheControl(page('dynamic', { cookie: 'a=b; __Host-hb_session=abc' }))).toBe(PERSONAL);
    expect(pageCacheControl(page('dynamic', { setsCookies: true }))).toBe(PERSONAL);
    expect(pageCacheControl({ routeId: null, indexable: true, cookie: '', setsCookies: false })).toBe(PERSONAL);
  });
});
