import { act, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { setApiContext } from '../api/client';
import { isShop, toSite, type ArrivingSite } from '../api/sites';
import { buildRoutes } from './routes';
import { enterSite, siteFallbackCulture } from './bootstrap';
import { comparePath } from '../engine';
import { brandOfSiteType, initI18n, type Culture } from '../i18n';
import { json, mockApi, type MockRoute } from '../test/api';
import { HOEFSLAG_NL, HOOFBEAT_GROUP, renderApp } from '../test/app';

const lookup = (url: string, respond: MockRoute['respond']): MockRoute => ({ url: `/api/routing/getbyurl?url=${encodeURIComponent(url)}`, respond });
const content = (path: string, respond: MockRoute['respond']): MockRoute => ({ url: `/api/content/page?path=${encodeURIComponent(path)}`, respond });

/** The site's own pages as the fixtures have them (content/pages.json, pages 111 and 112). */
const SITE_PAGES: MockRoute[] = [
  { url: '/api/Sites/1', respond: { ...HOEFSLAG_NL, notFoundPageId: 111, internalErrorPageId: 112 } },
  {
    method: 'POST',
    url: '/api/routing/geturl',
    respond: ({ body }) => ({ url: (body as { contentPageId: number }).contentPageId === 111 ? '/pagina-niet-gevonden/' : '/oeps-hier-ging-iets-mis/' }),
  },
  content('/pagina-niet-gevonden/', {
    page: { title: 'Deze pagina bestaat niet', body: 'De pagina die je zoekt bestaat niet (meer). Gebruik de zoekfunctie of ga naar de homepage.' },
  }),
  content('/oeps-hier-ging-iets-mis/', { page: { title: 'Oeps, hier ging iets mis!', body: 'Er ging iets mis, probeer het later nog een keer.' } }),
];

/** The page's status and loader errors as the server renderer gets them (entry-server.tsx). */
async function serverAnswer(url: string, culture: Culture = 'nl'): Promise<StaticHandlerContext> {
  const handler = createStaticHandler(buildRoutes({ comparePath: comparePath({ culture }).path }));
  const context = await handler.query(new Request(`http://hoefslag.localhost${url}`));
  if (context instanceof Response) throw new Error(`a redirect to ${context.headers.get('Location')}`);
  return context;
}

/** The HTML the server renderer makes of a page for a site, as entry-server.tsx renders it. */
async function serverHtml(url: string, raw: ArrivingSite, culture: Culture): Promise<{ status: number; html: string }> {
  const site = toSite(raw);
  const language = site.languages.find((candidate) => candidate.culture === culture) ?? site.languages[0]!;
  const store = createStore();
  enterSite(store, site, language);
  await initI18n({ culture, siteFallback: siteFallbackCulture(site), brand: brandOfSiteType(site.type) });
  const handler = createStaticHandler(buildRoutes({ comparePath: comparePath({ culture }).path, shop: isShop(site) }));
  const context = await handler.query(new Request(`http://${site.domain}${url}`));
  if (context instanceof Response) throw new Error('a redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <Provider store={store}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Provider>,
  );
  return { status: context.statusCode, html };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the site's own error pages", () => {
  it('shows the content of the site’s not-found page under the not-found status', async () => {
    setApiContext({ siteId: 1, languageId: 1 });
    mockApi([lookup('/bestaat-niet/', json({ status: 404, code: 'errors.notFound', notFoundPageId: 111 }, 404)), ...SITE_PAGES]);
    await renderApp('/bestaat-niet/');
    const page = await screen.findByTestId('page-not-found');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Deze pagina bestaat niet');
    expect(page).toHaveTextContent('De pagina die je zoekt bestaat niet (meer). Gebruik de zoekfunctie of ga naar de homepage.');
    expect(screen.getByRole('link', { name: 'Naar de homepage' })).toHaveAttribute('href', '/');
    expect((await serverAnswer('/bestaat-niet/')).statusCode).toBe(404);
  });

  it('shows the content of the site’s internal-error page with the status', async () => {
    setApiContext({ siteId: 1, languageId: 1 });
    mockApi([lookup('/kapot/', json({ status: 500 }, 500)), ...SITE_PAGES]);
    await renderApp('/kapot/');
    const page = await screen.findByTestId('page-internal-error');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Oeps, hier ging iets mis!');
    expect(page).toHaveTextContent('Er ging iets mis, probeer het later nog een keer.');
    expect(page).toHaveTextContent('Er is een onverwachte serverfout opgetreden (status 500).');
    expect(screen.getByRole('link', { name: 'Probeer het opnieuw' })).toHaveAttribute('href', '/kapot/');
  });

  it('does not ask for the site’s page when the API did not answer in time (503)', async () => {
    setApiContext({ siteId: 1, languageId: 1 });
    const requests = mockApi([lookup('/traag/', json({ status: 503 }, 503)), ...SITE_PAGES]);
    await renderApp('/traag/');
    expect(await screen.findByTestId('page-internal-error')).toHaveTextContent('status 503');
    expect(requests.map((request) => request.url)).toEqual([`/api/routing/getbyurl?url=${encodeURIComponent('/traag/')}`]);
  });

  it('falls back to the shop’s own words when the site’s page cannot be loaded', async () => {
    setApiContext({ siteId: 1, languageId: 1 });
    mockApi([
      lookup('/bestaat-niet/', json({ status: 404 }, 404)),
      { url: '/api/Sites/1', respond: { ...HOEFSLAG_NL, notFoundPageId: 111 } },
      { method: 'POST', url: '/api/routing/geturl', respond: json({ status: 404 }, 404) },
    ]);
    await renderApp('/bestaat-niet/');
    expect(await screen.findByTestId('page-not-found')).toHaveTextContent('De pagina die je zoekt bestaat niet (meer).');
  });
});

describe('the status of a page', () => {
  it('is 404, not 500, when the page a route names is gone (its content answers 404)', async () => {
    mockApi([
      lookup('/klantenservice/', { type: 'contentPage', contentPageId: 103 }),
      content('/klantenservice/', json({ status: 404, notFoundPageId: 111 }, 404)),
    ]);
    const context = await serverAnswer('/klantenservice/');
    expect(context.statusCode).toBe(404);
  });

  it('is 404 for a news item the site does not have', async () => {
    mockApi([{ url: '/api/news/7', respond: json({ status: 404 }, 404) }, content('/media/7/weg/', json({ status: 404 }, 404))]);
    expect((await serverAnswer('/media/7/weg/')).statusCode).toBe(404);
  });

  it('is 404 with the site’s own not-found page, server-rendered, on the Polish site and on the corporate site’s /klantenservice/', async () => {
    const polish = { ...HOEFSLAG_NL, siteId: 7, name: 'Hoefslag PL', domain: 'pl.hoefslag.localhost', countryId: 7, currency: 'zł', exchangeRate: '4.30' };
    const corporate = HOOFBEAT_GROUP;
    mockApi([
      lookup('/nie-ma-takiej-strony/', json({ status: 404 }, 404)),
      lookup('/klantenservice/', json({ status: 404 }, 404)),
      { url: '/api/Sites/7', respond: { ...polish, notFoundPageId: 711 } },
      { url: '/api/Sites/30', respond: { ...corporate, notFoundPageId: 3011 } },
      { method: 'POST', url: '/api/routing/geturl', respond: ({ body }) => ({ url: `/not-found-${(body as { contentPageId: number }).contentPageId}/` }) },
      content('/not-found-711/', { page: { title: 'Nie znaleziono strony', body: 'Strona nie istnieje.' } }),
      content('/not-found-3011/', { page: { title: 'Page not found', body: 'The page does not exist.' } }),
    ]);
    const pl = await serverHtml('/nie-ma-takiej-strony/', { ...polish, languages: [{ languageId: 10, culture: 'pl', localizedName: 'Polski' }] }, 'pl');
    expect(pl.status).toBe(404);
    expect(pl.html).toContain('Strona nie istnieje.');
    const group = await serverHtml('/klantenservice/', { ...corporate, languages: [{ languageId: 2, culture: 'en', localizedName: 'English' }] }, 'en');
    expect(group.status).toBe(404);
    expect(group.html).toContain('The page does not exist.');
  });
});

describe('the corporate site', () => {
  it('has none of the shop’s own pages: cart, search, checkout, account, calculator and store locator are 404', async () => {
    const corporate = HOOFBEAT_GROUP;
    mockApi([
      { url: '/api/Sites/30', respond: { ...corporate, notFoundPageId: 3011 } },
      { method: 'POST', url: '/api/routing/geturl', respond: { url: '/page-not-found/' } },
      content('/page-not-found/', { page: { title: 'Page not found', body: 'The page does not exist.' } }),
    ]);
    const english = { ...corporate, languages: [{ languageId: 2, culture: 'en', localizedName: 'English' }] };
    for (const path of ['/cart/', '/search/?q=muesli', '/checkout/billing/', '/account/login/', '/feed-calculator/', '/store-locator/']) {
      const answer = await serverHtml(path, english, 'en');
      expect(answer.status, path).toBe(404);
      expect(answer.html, path).toContain('The page does not exist.');
    }
  });
});

describe('a link followed while offline', () => {
  it('shows the offline notice, not a server error', async () => {
    mockApi([
      lookup('/', { contentPageId: 101 }),
      content('/', { page: { title: 'Hoefslag' } }),
      lookup('/muesli/', () => {
        throw new TypeError('Failed to fetch');
      }),
    ]);
    const { router } = await renderApp('/');
    await screen.findByTestId('page-contentPage');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await act(() => router.navigate('/muesli/'));
    const page = await screen.findByTestId('page-offline');
    expect(page).toHaveTextContent('Je bent offline. Controleer je internetverbinding.');
    expect(page).not.toHaveTextContent('status 500');
    expect(screen.queryByTestId('page-internal-error')).toBeNull();
  });
});
