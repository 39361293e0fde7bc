import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';

import { toSite } from '../api/sites';
import { json, mockApi } from '../test/api';
import { HOEFSLAG_NL, WEIDEGROEN_DK } from '../test/app';
import { cartIdAtom, cultureAtom, languageIdAtom, siteAtom, siteIdAtom } from '../state';
import { browserCulture, chooseLanguage, forwardMailplusId, startSite } from './bootstrap';

const bySite = (body: unknown, status = 200) => [{ url: '/api/sites/getbydomain?domain=hoefslag.localhost', respond: json(body, status) }];

describe('site bootstrap', () => {
  it('maps the API site in one place', () => {
    const site = toSite(WEIDEGROEN_DK);
    expect(site).toMatchObject({
      siteId: 22,
      brandName: 'Weidegroen',
      type: 1,
      theme: 'green',
      currency: 'Kr.',
      fallbackLanguageId: 4,
      languages: [{ languageId: 4, culture: 'da', localizedName: 'Dansk' }],
      layout: { footerId: 1, primaryNavigationId: 1, notificationId: 1, headerUspCollectionId: null },
      pages: { rootPageId: 101, notFoundPageId: 111, checkoutFailedPageId: null },
    });
    expect(toSite({ ...HOEFSLAG_NL, brand: undefined }).brandName).toBe('Hoefslag NL');
  });

  it('starts the site of the host and stores site and language', async () => {
    const requests = mockApi(bySite(HOEFSLAG_NL));
    const store = createStore();
    const started = await startSite('hoefslag.localhost', store);
    expect(started).toMatchObject({ kind: 'ready', language: { culture: 'nl', languageId: 1 } });
    expect(store.get(siteAtom)?.name).toBe('Hoefslag NL');
    expect(store.get(cultureAtom)).toBe('nl');
    expect(store.get(siteIdAtom)).toBe(1);
    expect(store.get(languageIdAtom)).toBe(1);
    expect(JSON.parse(localStorage.getItem('hoofbeat.languageId') ?? 'null')).toBe(1);
    expect(requests).toHaveLength(1);
  });

  it('keeps the stored language if the site has it, and the cart of the same site', async () => {
    localStorage.setItem('hoofbeat.languageId', '2');
    localStorage.setItem('hoofbeat.siteId', '1');
    localStorage.setItem('hoofbeat.cartId', '77');
    mockApi(bySite(HOEFSLAG_NL));
    const store = createStore();
    await startSite('hoefslag.localhost', store);
    expect(store.get(cultureAtom)).toBe('en');
    expect(store.get(cartIdAtom)).toBe(77);
  });

  it('forgets the cart of another site', async () => {
    localStorage.setItem('hoofbeat.siteId', '5');
    localStorage.setItem('hoofbeat.cartId', '77');
    mockApi(bySite(HOEFSLAG_NL));
    const store = createStore();
    await startSite('hoefslag.localhost', store);
    expect(store.get(cartIdAtom)).toBeNull();
    expect(localStorage.getItem('hoofbeat.siteId')).toBe('1');
  });

  it("chooses with the engine's rule when the stored language is not on the site", () => {
    const site = toSite(HOEFSLAG_NL);
    expect(chooseLanguage(site, 9).culture).toBe('nl');
    expect(chooseLanguage(site, null).culture).toBe('nl');
    const sweden = toSite({
      ...HOEFSLAG_NL,
      languages: [
        { languageId: 9, culture: 'sv', localizedName: 'Svenska' },
        { languageId: 2, culture: 'en', localizedName: 'English' },
      ],
      fallbackLanguageId: 9,
    });
    expect(chooseLanguage(sweden, 1).culture).toBe('sv');
    expect(chooseLanguage({ ...sweden, fallbackLanguageId: null }, null).culture).toBe('en');
  });

  it.each([
    ['no site for the domain', json({ status: 404 }, 404), 'notFound'],
    ['a site without language', json({ ...HOEFSLAG_NL, languages: [] }), 'noLanguage'],
    ['missing site data', json({ ...HOEFSLAG_NL, countryId: undefined }), 'missingData'],
    ['a language without culture', json({ ...HOEFSLAG_NL, languages: [{ languageId: 1 }] }), 'missingData'],
    ['a server error', json({ status: 500 }, 500), 'unavailable'],
  ])('reports %s as a start-up error', async (_name, answer, problem) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi([{ url: '/api/sites/getbydomain?domain=hoefslag.localhost', respond: answer }]);
    expect(await startSite('hoefslag.localhost', createStore())).toEqual({ kind: 'failed', problem });
  });

  it('sends the site and language with later calls', async () => {
    const requests = mockApi([...bySite(HOEFSLAG_NL), { url: '/api/language', respond: [] }]);
    await startSite('hoefslag.localhost', createStore());
    const { apiFetch } = await import('../api/client');
    await apiFetch('/api/language');
    expect(requests.at(-1)?.headers).toMatchObject({ siteid: '1', languageid: '1' });
  });

  it('picks a culture for start-up errors from the browser', () => {
    expect(browserCulture(['de-AT', 'de'])).toBe('de-AT');
    expect(browserCulture(['fr-CH'])).toBe('fr-BE');
    expect(browserCulture(['ja'])).toBe('nl');
  });
});

describe('mailplus_id', () => {
  it('is handed to the mailing service with a datetime header', async () => {
    const requests = mockApi([{ method: 'POST', url: '/api/Conversion?mailplusId=abc123', respond: new Response(null, { status: 204 }) }]);
    await forwardMailplusId('?utm=x&mailplus_id=abc123');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.datetime).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('goes with the visitor cart, which keeps it for its order', async () => {
    const requests = mockApi([{ method: 'POST', url: '/api/Conversion?mailplusId=abc123&cartId=c0ffee', respond: new Response(null, { status: 204 }) }]);
    await forwardMailplusId('?mailplus_id=abc123', 'c0ffee');
    expect(requests).toHaveLength(1);
  });

  it('is not sent without the parameter, and a failure is only logged', async () => {
    expect(forwardMailplusId('?utm=x')).toBeNull();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi([{ method: 'POST', url: '/api/Conversion?mailplusId=x', respond: new Response('', { status: 201 }) }]);
    await forwardMailplusId('?mailplus_id=x');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
