import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { json, mockApi, type MockRequest } from '../test/api';
import { setApiContext } from './client';
import { setRequestScopeProvider, type ApiContext, type RequestScope } from './fetch';
import {
  clearRouteCache,
  failedStatus,
  lookupRoute,
  ROUTE_CACHE_MAX_ENTRIES,
  ROUTE_MAX_AGE_MS,
  routeCacheSize,
  RouteLookupError,
  TRANSIENT_FAILURE_MAX_AGE_MS,
} from './routing';

const TERMS = '/algemene-voorwaarden/';
const TERMS_LOOKUP = '/api/routing/getbyurl?url=%2Falgemene-voorwaarden%2F';
const ANY_LOOKUP = /^\/api\/routing\/getbyurl\?url=/;

/** The headers the look-ups were asked with, as `site/language`. */
const askedFor = (requests: MockRequest[]) => requests.map((request) => `${request.headers.siteid}/${request.headers.languageid}`);

/** A server-rendered request of its own (entry-server.tsx makes one per page). */
function serverRequest(context: ApiContext): RequestScope {
  return {
    apiUrl: 'http://127.0.0.1:8080',
    host: 'shop.example',
    cookie: '',
    visitor: null,
    context: { ...context },
    cache: { entries: new Map(), inFlight: new Map() },
    routeFailures: new Map(),
    setCookies: [],
    lazyPages: new Set(),
    fetch: (url, init) => fetch(url, init),
  };
}

let running: RequestScope | undefined;

/** Runs `work` as the renderer runs a page: inside the request's scope. */
async function during<T>(scope: RequestScope, work: () => Promise<T>): Promise<T> {
  running = scope;
  try {
    return await work();
  } finally {
    running = undefined;
  }
}

describe('route look-ups per site and language', () => {
  beforeEach(() => setApiContext({ siteId: 1, languageId: 1 }));

  it('does not answer one language with the failure of another', async () => {
    const requests = mockApi([
      { url: TERMS_LOOKUP, respond: (request) => (request.headers.languageid === '2' ? json({ status: 404 }, 404) : { contentPageId: 7 }) },
    ]);
    setApiContext({ siteId: 1, languageId: 2 });
    await expect(lookupRoute(TERMS)).rejects.toEqual(new RouteLookupError(TERMS, 404));
    setApiContext({ siteId: 1, languageId: 1 });
    expect(failedStatus(TERMS)).toBeUndefined();
    await expect(lookupRoute(TERMS)).resolves.toMatchObject({ pageType: 'contentPage', parameters: { contentPageId: 7 } });
    // The browser keeps each language's answer.
    setApiContext({ siteId: 1, languageId: 2 });
    expect(failedStatus(TERMS)).toBe(404);
    await expect(lookupRoute(TERMS)).rejects.toMatchObject({ status: 404 });
    expect(askedFor(requests)).toEqual(['1/2', '1/1']);
  });

  it('does not answer one site with the route of another', async () => {
    const requests = mockApi([
      {
        url: '/api/routing/getbyurl?url=%2Fhooi-premium%2F',
        respond: (request) => (request.headers.siteid === '5' ? json({ status: 404 }, 404) : { productVariantId: 31 }),
      },
    ]);
    setApiContext({ siteId: 5, languageId: 6 });
    await expect(lookupRoute('/hooi-premium/')).rejects.toMatchObject({ status: 404 });
    setApiContext({ siteId: 4, languageId: 4 });
    await expect(lookupRoute('/hooi-premium/')).resolves.toMatchObject({ pageType: 'productDetail', parameters: { productVariantId: 31 } });
    expect(askedFor(requests)).toEqual(['5/6', '4/4']);
  });
});

describe('route look-ups in the server renderer', () => {
  beforeEach(() => setRequestScopeProvider(() => running));
  afterEach(() => {
    running = undefined;
    setRequestScopeProvider(() => undefined);
  });

  it('keeps a failure only for the page being rendered', async () => {
    let down = true;
    const requests = mockApi([{ url: TERMS_LOOKUP, respond: () => (down ? json({ message: 'busy' }, 502) : { contentPageId: 7 }) }]);
    await during(serverRequest({ siteId: 1, languageId: 1 }), async () => {
      await expect(lookupRoute(TERMS)).rejects.toEqual(new RouteLookupError(TERMS, 502));
      // The page's own render still sees the status it failed with, without asking again.
      expect(failedStatus(TERMS)).toBe(502);
      await expect(lookupRoute(TERMS)).rejects.toMatchObject({ status: 502 });
    });
    expect(requests).toHaveLength(1);
    expect(routeCacheSize()).toBe(0);
    down = false;
    await during(serverRequest({ siteId: 1, languageId: 1 }), async () => {
      expect(failedStatus(TERMS)).toBeUndefined();
      await expect(lookupRoute(TERMS)).resolves.toMatchObject({ pageType: 'contentPage' });
    });
    expect(requests).toHaveLength(2);
  });

  it('asks again on the next request after a 404', async () => {
    let published = false;
    const requests = mockApi([{ url: TERMS_LOOKUP, respond: () => (published ? { contentPageId: 7 } : json({ status: 404 }, 404)) }]);
    await during(serverRequest({ siteId: 1, languageId: 2 }), () => expect(lookupRoute(TERMS)).rejects.toMatchObject({ status: 404 }));
    published = true;
    await during(serverRequest({ siteId: 1, languageId: 2 }), () => expect(lookupRoute(TERMS)).resolves.toMatchObject({ pageType: 'contentPage' }));
    expect(requests).toHaveLength(2);
  });

  it('keeps nothing of the addresses a bot tries', async () => {
    mockApi([{ url: ANY_LOOKUP, respond: () => json({ status: 404 }, 404) }]);
    await during(serverRequest({ siteId: 1, languageId: 1 }), async () => {
      for (let index = 0; index < 20; index += 1) await expect(lookupRoute(`/wp-admin/${index}.php`)).rejects.toMatchObject({ status: 404 });
    });
    expect(routeCacheSize()).toBe(0);
  });

  it('shares a found route with the next request of the same site and language only', async () => {
    const requests = mockApi([{ url: TERMS_LOOKUP, respond: { contentPageId: 7 } }]);
    await during(serverRequest({ siteId: 1, languageId: 1 }), () => lookupRoute(TERMS));
    await during(serverRequest({ siteId: 1, languageId: 1 }), () => lookupRoute(TERMS));
    await during(serverRequest({ siteId: 1, languageId: 2 }), () => lookupRoute(TERMS));
    await during(serverRequest({ siteId: 3, languageId: 1 }), () => lookupRoute(TERMS));
    expect(askedFor(requests)).toEqual(['1/1', '1/2', '3/1']);
  });
});

describe('route look-up memory bounds', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setApiContext({ siteId: 1, languageId: 1 });
    clearRouteCache();
  });
  afterEach(() => vi.useRealTimers());

  it('keeps at most 500 look-ups, the least recently used leaving first', async () => {
    expect(ROUTE_CACHE_MAX_ENTRIES).toBe(500);
    const requests = mockApi([{ url: ANY_LOOKUP, respond: { contentPageId: 1 } }]);
    for (let index = 0; index < ROUTE_CACHE_MAX_ENTRIES; index += 1) await lookupRoute(`/p/${index}/`);
    await lookupRoute('/p/0/'); // used again: now the most recent
    await lookupRoute(`/p/${ROUTE_CACHE_MAX_ENTRIES}/`); // one too many: /p/1/ leaves
    expect(routeCacheSize()).toBe(500);
    expect(requests).toHaveLength(501);
    await lookupRoute('/p/0/');
    expect(requests).toHaveLength(501);
    await lookupRoute('/p/1/');
    expect(requests).toHaveLength(502);
  });

  it('forgets a route after ten minutes', async () => {
    expect(ROUTE_MAX_AGE_MS).toBe(600_000);
    const requests = mockApi([{ url: TERMS_LOOKUP, respond: { contentPageId: 7 } }]);
    await lookupRoute(TERMS);
    vi.advanceTimersByTime(ROUTE_MAX_AGE_MS - 1);
    await lookupRoute(TERMS);
    expect(requests).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await lookupRoute(TERMS);
    expect(requests).toHaveLength(2);
  });

  it('remembers a time-out or 5xx in the browser for ten seconds only', async () => {
    expect(TRANSIENT_FAILURE_MAX_AGE_MS).toBe(10_000);
    let calls = 0;
    mockApi([{ url: TERMS_LOOKUP, respond: () => (++calls === 1 ? json({ message: 'busy' }, 503) : { contentPageId: 7 }) }]);
    await expect(lookupRoute(TERMS)).rejects.toMatchObject({ status: 503 });
    vi.advanceTimersByTime(TRANSIENT_FAILURE_MAX_AGE_MS - 1);
    expect(failedStatus(TERMS)).toBe(503);
    await expect(lookupRoute(TERMS)).rejects.toMatchObject({ status: 503 });
    vi.advanceTimersByTime(1);
    expect(failedStatus(TERMS)).toBeUndefined();
    await expect(lookupRoute(TERMS)).resolves.toMatchObject({ pageType: 'contentPage' });
    expect(calls).toBe(2);
  });

  it('remembers a 404 in the browser as long as a route', async () => {
    const requests = mockApi([{ url: TERMS_LOOKUP, respond: () => json({ status: 404 }, 404) }]);
    await expect(lookupRoute(TERMS)).rejects.toMatchObject({ status: 404 });
    vi.advanceTimersByTime(ROUTE_MAX_AGE_MS - 1);
    await expect(lookupRoute(TERMS)).rejects.toMatchObject({ status: 404 });
    expect(requests).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await expect(lookupRoute(TERMS)).rejects.toMatchObject({ status: 404 });
    expect(requests).toHaveLength(2);
  });
});
