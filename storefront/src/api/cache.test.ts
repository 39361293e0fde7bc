import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { json, mockApi, type MockRequest } from '../test/api';
import { cachedGet, cacheSize, clearCache, LONG_TTL_MS, MAX_ENTRIES, shareInFlight, SHARED_TTL_MS, SHORT_TTL_MS, ttlFor } from './cache';
import { ApiError, setApiContext } from './client';
import { setRequestScopeProvider, type RequestScope } from './fetch';
import { clearRouteCache, failedStatus, lookupRoute, RouteLookupError } from './routing';

/** One server-rendered page request of a visitor of `host`, with its own cache. */
function serverScope(host: string): RequestScope {
  return {
    apiUrl: 'http://127.0.0.1:8080',
    host,
    cookie: '',
    visitor: null,
    context: {},
    cache: { entries: new Map(), inFlight: new Map() },
    routeFailures: new Map(),
    setCookies: [],
    lazyPages: new Set(),
    fetch: (url, init) => fetch(url, init),
  };
}

describe('client cache rules', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    clearCache();
  });
  afterEach(() => vi.useRealTimers());

  it('caches sites, reviews, footer, countries and navigation 15 minutes, other GETs 2 seconds, cart never', () => {
    for (const path of [
      '/api/sites/getbydomain?domain=x',
      '/api/Sites/3',
      '/api/products/12/reviews',
      '/api/products/12/reviews?p=2',
      '/api/footer/1',
      '/api/countries',
      '/api/countries/1/localizedname',
      '/api/navigation/primary/1',
      '/api/navigation/secondary/1',
      '/api/content/layout',
    ]) {
      expect(ttlFor(path), path).toBe(LONG_TTL_MS);
    }
    for (const path of [
      '/api/content/page?path=/',
      '/api/content/layoutx',
      '/api/language',
      '/api/account',
      '/api/account/reviews',
      '/api/products/variant/12',
    ]) {
      expect(ttlFor(path), path).toBe(SHORT_TTL_MS);
    }
    for (const path of ['/api/cart/12', '/api/cart/12/shippingmethods', '/api/cartcalculation/12/calculate']) expect(ttlFor(path), path).toBe(0);
  });

  it('serves a short-lived GET from the cache for 2 seconds', async () => {
    let served = 0;
    mockApi([{ url: '/api/language', respond: () => ({ served: ++served }) }]);
    expect(await cachedGet('/api/language')).toEqual({ served: 1 });
    vi.advanceTimersByTime(SHORT_TTL_MS - 1);
    expect(await cachedGet('/api/language')).toEqual({ served: 1 });
    vi.advanceTimersByTime(1);
    expect(await cachedGet('/api/language')).toEqual({ served: 2 });
  });

  it('serves a site from the cache for 15 minutes', async () => {
    let served = 0;
    mockApi([{ url: '/api/countries', respond: () => [++served] }]);
    await cachedGet('/api/countries');
    vi.advanceTimersByTime(LONG_TTL_MS - 1);
    expect(await cachedGet('/api/countries')).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(await cachedGet('/api/countries')).toEqual([2]);
  });

  it('never caches cart calls', async () => {
    const requests = mockApi([{ url: '/api/cart/7', respond: { shoppingcartId: 7 } }]);
    await cachedGet('/api/cart/7');
    await cachedGet('/api/cart/7');
    await Promise.all([cachedGet('/api/cart/7'), cachedGet('/api/cart/7')]);
    expect(requests).toHaveLength(4);
    expect(cacheSize()).toBe(0);
  });

  it('keeps at most 200 entries and evicts the oldest', async () => {
    const requests = mockApi([{ url: /^\/api\/item\/\d+$/, respond: (request: MockRequest) => request.url }]);
    for (let index = 0; index <= MAX_ENTRIES; index += 1) await cachedGet(`/api/item/${index}`);
    expect(cacheSize()).toBe(MAX_ENTRIES);
    expect(requests).toHaveLength(MAX_ENTRIES + 1);
    await cachedGet(`/api/item/${MAX_ENTRIES}`); // newest: still cached
    await cachedGet('/api/item/1'); // still cached
    expect(requests).toHaveLength(MAX_ENTRIES + 1);
    await cachedGet('/api/item/0'); // the oldest was evicted
    expect(requests).toHaveLength(MAX_ENTRIES + 2);
  });

  it('shares a GET in flight and does not cache a failure', async () => {
    let calls = 0;
    mockApi([{ url: '/api/language', respond: () => (++calls === 1 ? json({ message: 'down' }, 502) : ['nl']) }]);
    const [first, second] = await Promise.allSettled([cachedGet('/api/language'), cachedGet('/api/language')]);
    expect(calls).toBe(1);
    expect(first.status).toBe('rejected');
    expect(second.status).toBe('rejected');
    expect((first as PromiseRejectedResult).reason).toBeInstanceOf(ApiError);
    expect(await cachedGet('/api/language')).toEqual(['nl']);
    expect(calls).toBe(2);
  });

  it('keeps an answer per site and language', async () => {
    const requests = mockApi([{ url: '/api/content/layout', respond: (request: MockRequest) => ({ language: request.headers.languageid }) }]);
    setApiContext({ siteId: 4, languageId: 1 });
    expect(await cachedGet('/api/content/layout')).toEqual({ language: '1' });
    setApiContext({ siteId: 4, languageId: 4 });
    expect(await cachedGet('/api/content/layout')).toEqual({ language: '4' });
    setApiContext({ siteId: 7, languageId: 4 });
    expect(await cachedGet('/api/content/layout')).toEqual({ language: '4' });
    setApiContext({ siteId: 4, languageId: 1 });
    expect(await cachedGet('/api/content/layout')).toEqual({ language: '1' });
    expect(requests.map((request) => `${request.headers.siteid}/${request.headers.languageid}`)).toEqual(['4/1', '4/4', '7/4']);
  });

  it('keeps a server render’s answers apart when its language changes', async () => {
    const scope = serverScope('shop.example');
    setRequestScopeProvider(() => scope);
    try {
      mockApi([{ url: '/api/content/page?path=%2F', respond: (request: MockRequest) => ({ language: request.headers.languageid }) }]);
      setApiContext({ siteId: 4, languageId: 1 });
      expect(await cachedGet('/api/content/page?path=%2F')).toEqual({ language: '1' });
      setApiContext({ siteId: 4, languageId: 4 });
      expect(await cachedGet('/api/content/page?path=%2F')).toEqual({ language: '4' });
    } finally {
      setRequestScopeProvider(() => undefined);
    }
  });

  it('shares the site and layout between the server renderer’s requests for a minute, per host, site and language', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let scope = serverScope('hoefslag.nl');
    setRequestScopeProvider(() => scope);
    try {
      let answers = 0;
      const requests = mockApi([
        { url: '/api/content/layout', respond: () => ({ answer: ++answers }) },
        { url: '/api/content/page?path=%2F', respond: () => ({ answer: ++answers }) },
      ]);
      const visit = async (host: string, siteId: number) => {
        scope = serverScope(host);
        setApiContext({ siteId, languageId: 1 });
        return [await cachedGet('/api/content/layout'), await cachedGet('/api/content/page?path=%2F')];
      };
      expect(await visit('hoefslag.nl', 1)).toEqual([{ answer: 1 }, { answer: 2 }]);
      // The next visitor shares the layout, not the page's own answer.
      expect(await visit('hoefslag.nl', 1)).toEqual([{ answer: 1 }, { answer: 3 }]);
      expect(await visit('hoefslag.be', 1)).toEqual([{ answer: 4 }, { answer: 5 }]);
      expect(await visit('hoefslag.nl', 2)).toEqual([{ answer: 6 }, { answer: 7 }]);
      vi.setSystemTime(Date.now() + SHARED_TTL_MS + 1);
      expect(await visit('hoefslag.nl', 1)).toEqual([{ answer: 8 }, { answer: 9 }]);
      expect(requests.filter((request) => request.url.startsWith('/api/content/layout'))).toHaveLength(4);
    } finally {
      setRequestScopeProvider(() => undefined);
      vi.useRealTimers();
    }
  });

  it('shares a search in flight only within one site and language', async () => {
    let answers = 0;
    const requests = mockApi([{ method: 'POST', url: '/api/search', respond: () => ({ answer: ++answers }) }]);
    const search = () => shareInFlight('search:hooi', () => fetch('/api/search', { method: 'POST' }).then((r) => r.json() as Promise<unknown>));
    setApiContext({ siteId: 1, languageId: 1 });
    const dutch = search();
    setApiContext({ siteId: 1, languageId: 2 });
    const english = search();
    expect(await Promise.all([dutch, english])).toEqual([{ answer: 1 }, { answer: 2 }]);
    expect(requests).toHaveLength(2);
  });

  it('never sends a shared request twice simultaneously (product search)', async () => {
    const requests = mockApi([{ method: 'POST', url: '/api/search', respond: { products: [] } }]);
    const search = () => shareInFlight('search:hooi', () => fetch('/api/search', { method: 'POST' }).then((r) => r.json()));
    const results = await Promise.all([search(), search(), search()]);
    expect(requests).toHaveLength(1);
    expect(results[0]).toBe(results[2]);
    await search();
    expect(requests).toHaveLength(2);
  });
});

describe('route look-ups', () => {
  beforeEach(() => clearRouteCache());

  it('looks a URL up once, also when asked simultaneously', async () => {
    const requests = mockApi([{ url: '/api/routing/getbyurl?url=%2Fhooi%2F', respond: { contentPageId: 4, siteId: 1, languageId: 1 } }]);
    const [a, b] = await Promise.all([lookupRoute('/hooi/'), lookupRoute('/hooi/')]);
    expect(a).toBe(b);
    expect(a.pageType).toBe('contentPage');
    await lookupRoute('/hooi/');
    expect(requests).toHaveLength(1);
  });

  it('stores the status of a failed look-up for the URL', async () => {
    const requests = mockApi([{ url: '/api/routing/getbyurl?url=%2Fweg%2F', respond: json({ status: 404 }, 404) }]);
    await expect(lookupRoute('/weg/')).rejects.toEqual(new RouteLookupError('/weg/', 404));
    expect(failedStatus('/weg/')).toBe(404);
    await expect(lookupRoute('/weg/')).rejects.toMatchObject({ status: 404 });
    expect(requests).toHaveLength(1);
  });

  it('stores 500 when the failure has no status', async () => {
    mockApi([{ url: '/api/routing/getbyurl?url=%2Fkapot%2F', respond: () => Promise.reject(new TypeError('network down')) }]);
    await expect(lookupRoute('/kapot/')).rejects.toMatchObject({ status: 500 });
    expect(failedStatus('/kapot/')).toBe(500);
  });

  it('stores 503 for a time-out', async () => {
    mockApi([
      {
        url: '/api/routing/getbyurl?url=%2Ftraag%2F',
        respond: () => {
          throw new DOMException('The operation timed out.', 'TimeoutError');
        },
      },
    ]);
    // The 20-second time-out has already fired.
    vi.spyOn(AbortSignal, 'timeout').mockImplementation(() => AbortSignal.abort(new DOMException('timeout', 'TimeoutError')));
    try {
      await expect(lookupRoute('/traag/')).rejects.toMatchObject({ status: 503 });
      expect(failedStatus('/traag/')).toBe(503);
    } finally {
      vi.mocked(AbortSignal.timeout).mockRestore();
    }
  });

  it('recognises each page type', async () => {
    const { toPageRoute } = await import('./routing');
    expect(toPageRoute({ url: '/nieuw/' })).toMatchObject({ pageType: 'redirect', redirectUrl: '/nieuw/' });
    expect(toPageRoute({ productVariantId: 3, omitArticleCode: false }).pageType).toBe('productDetail');
    expect(toPageRoute({ parameters: {}, searchType: 1 }).pageType).toBe('productSearch');
    expect(toPageRoute({ contentPageId: 1, faqId: 2 }).pageType).toBe('faq');
    expect(toPageRoute({ adviceVideoId: 1 }).pageType).toBe('adviceVideo');
    expect(toPageRoute({ adviceArticleId: 1 }).pageType).toBe('adviceArticle');
    expect(toPageRoute({ blogCategoryId: 1 }).pageType).toBe('adviceCategory');
    expect(toPageRoute({ key: 'abc' }).pageType).toBe('quickScanResult');
    expect(toPageRoute({ key: 'abc', pageType: 'rqsResult' }).pageType).toBe('rqsResult');
    expect(toPageRoute({ contentPageId: 1 }).pageType).toBe('contentPage');
  });
});
