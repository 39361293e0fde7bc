import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { mockApi } from '../test/api';
import { fetchAccount } from './auth';
import { cartApi } from './cart';
import { api, setApiContext } from './client';
import { sendConversion } from './conversion';
import { feedApi } from './feed';
import { setRequestScopeProvider, type RequestScope } from './fetch';
import { fetchOrder } from './orders';
import { fetchScanResult } from './results';
import { surveyApi } from './survey';

const NOW = '2025-03-04T05:06:07.089Z';

describe('the headers every call carries', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(NOW));
  });
  afterEach(() => vi.useRealTimers());

  it('sends siteid, languageid and the moment of the call as datetime', async () => {
    const requests = mockApi([
      { url: '/api/faq', respond: {} },
      { method: 'POST', url: '/api/newsletter/subscribe', respond: {} },
      { method: 'PUT', url: '/api/account/company', respond: {} },
      { method: 'DELETE', url: '/api/cart/c1/discountcode', respond: {} },
    ]);
    setApiContext({ siteId: 3, languageId: 5 });
    await api.get('/api/faq');
    await api.post('/api/newsletter/subscribe', { body: { emailAddress: 'a@b.nl' } });
    await api.put('/api/account/company', { body: { companyName: 'Stal' } });
    await cartApi.removeDiscountCode('c1');
    expect(requests.map(({ method, headers }) => [method, headers.siteid, headers.languageid, headers.datetime])).toEqual([
      ['GET', '3', '5', NOW],
      ['POST', '3', '5', NOW],
      ['PUT', '3', '5', NOW],
      ['DELETE', '3', '5', NOW],
    ]);
  });

  it('sends datetime also before the site is known, without siteid and languageid', async () => {
    const requests = mockApi([{ url: '/api/sites/getbydomain?domain=shop.example', respond: {} }]);
    await api.get('/api/sites/getbydomain', { query: { domain: 'shop.example' } });
    expect(requests[0]?.headers).toMatchObject({ datetime: NOW });
    expect(requests[0]?.headers).not.toHaveProperty('siteid');
    expect(requests[0]?.headers).not.toHaveProperty('languageid');
  });

  it('keeps the datetime a caller gives (the conversion)', async () => {
    const requests = mockApi([{ method: 'POST', url: '/api/Conversion?mailplusId=m1', respond: () => new Response(null, { status: 204 }) }]);
    await sendConversion('m1', null, new Date('2024-12-31T23:00:00.000Z'));
    expect(requests[0]?.headers.datetime).toBe('2024-12-31T23:00:00.000Z');
  });

  it('sends the request’s site, language and datetime from the server renderer', async () => {
    const scope: RequestScope = {
      apiUrl: 'http://127.0.0.1:8080',
      host: 'shop.example',
      cookie: '',
      visitor: null,
      context: { siteId: 4, languageId: 4 },
      cache: { entries: new Map(), inFlight: new Map() },
      routeFailures: new Map(),
      setCookies: [],
      lazyPages: new Set(),
      fetch: (url, init) => fetch(url, init),
    };
    setRequestScopeProvider(() => scope);
    try {
      const requests = mockApi([{ url: '/api/faq', respond: {} }]);
      await api.get('/api/faq');
      expect(requests[0]?.headers).toMatchObject({ siteid: '4', languageid: '4', datetime: NOW });
    } finally {
      setRequestScopeProvider(() => undefined);
    }
  });
});

describe('GETs of the typed client and the client cache', () => {
  beforeEach(() => setApiContext({ siteId: 1, languageId: 1 }));

  it('serves every GET outside the cart from the 2-second cache', async () => {
    const requests = mockApi([
      { url: '/api/orders/o1', respond: {} },
      { url: '/api/orders/o1/survey', respond: {} },
      { url: '/api/survey?order=o1&token=t', respond: {} },
      { url: '/api/feedcalculator/silo?horses=2&feedKgPerMonth=300', respond: {} },
      { url: '/api/account/results/k1', respond: {} },
      { url: '/api/account', respond: { userId: 'u1' } },
    ]);
    for (let round = 0; round < 2; round += 1) {
      await fetchOrder('o1');
      await surveyApi.linkOf('o1');
      await surveyApi.get('o1', 't');
      await feedApi.silo(2, 300);
      await fetchScanResult('k1');
      await fetchAccount();
    }
    expect(requests.map((request) => request.url)).toEqual([
      '/api/orders/o1',
      '/api/orders/o1/survey',
      '/api/survey?order=o1&token=t',
      '/api/feedcalculator/silo?horses=2&feedKgPerMonth=300',
      '/api/account/results/k1',
      '/api/account',
    ]);
  });

  it('never caches cart GETs', async () => {
    const requests = mockApi([{ url: '/api/cart/c1', respond: {} }]);
    await cartApi.get('c1');
    await cartApi.get('c1');
    expect(requests).toHaveLength(2);
  });

  it('sends a GET that opts out or brings its own signal every time', async () => {
    const requests = mockApi([{ url: '/api/faq', respond: {} }]);
    await api.get('/api/faq', { cached: false });
    await api.get('/api/faq', { cached: false });
    await api.get('/api/faq', { signal: new AbortController().signal });
    expect(requests).toHaveLength(3);
  });

  it('keeps an answer with accepted statuses apart from the plain one', async () => {
    const requests = mockApi([{ url: '/api/account', respond: { userId: 'u1' } }]);
    await fetchAccount();
    await api.get('/api/account');
    expect(requests).toHaveLength(2);
  });

  it('forgets the 2-second answers of an area after a change there', async () => {
    let name = 'Oud';
    const requests = mockApi([
      { url: '/api/account/company', respond: () => ({ company: { companyName: name } }) },
      { url: '/api/faq', respond: {} },
      {
        method: 'PUT',
        url: '/api/account/company',
        respond: (request) => {
          name = (request.body as { companyName: string }).companyName;
          return {};
        },
      },
    ]);
    await api.get('/api/account/company');
    await api.get('/api/faq');
    await api.put('/api/account/company', { body: { companyName: 'Nieuw' } });
    expect(await api.get('/api/account/company')).toEqual({ company: { companyName: 'Nieuw' } });
    await api.get('/api/faq');
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /api/account/company',
      'GET /api/faq',
      'PUT /api/account/company',
      'GET /api/account/company',
    ]);
  });
});
