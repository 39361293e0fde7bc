import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { json, mockApi, type MockRoute } from '../test/api';
import { accountRoutes } from '../test/account';
import { renderApp } from '../test/app';

const signedIn = (value: boolean): MockRoute => ({ method: 'POST', url: '/api/authentication/isauthenticated', respond: value });
const lookup = (url: string, respond: MockRoute['respond']): MockRoute => ({ url: `/api/routing/getbyurl?url=${encodeURIComponent(url)}`, respond });
const content = (path: string, respond: MockRoute['respond']): MockRoute => ({ url: `/api/content/page?path=${encodeURIComponent(path)}`, respond });

describe('the dynamic route', () => {
  it('loads the page before it is entered and shows title and body, in the shell', async () => {
    const requests = mockApi([
      lookup('/', { contentPageId: 101, siteId: 1, languageId: 1 }),
      content('/', { page: { title: 'Hoefslag', body: '## Welkom bij Hoefslag\n\nPaardenvoer voor elk paard.' } }),
    ]);
    await renderApp('/');
    expect(await screen.findByRole('heading', { level: 2, name: 'Welkom bij Hoefslag' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Hoefslag' })).toBeInTheDocument();
    expect(screen.getByTestId('brand-name')).toHaveTextContent('Hoefslag');
    expect(screen.getByTestId('page-contentPage')).toBeInTheDocument();
    expect(requests.map((request) => request.url)).toEqual(['/api/routing/getbyurl?url=%2F', '/api/content/page?path=%2F']);
    expect(requests[0]?.headers).toMatchObject({ accept: 'application/json' });
  });

  it('handles any depth and shows the FAQ with its questions, the path’s question open', async () => {
    mockApi([
      lookup('/klantenservice/vragen/levering/', { type: 'faq', faqId: 1, faqItemId: 3, contentPageId: 7 }),
      content('/klantenservice/vragen/levering/', { page: { title: 'Veelgestelde vragen', body: 'Alles over bestellen.' } }),
      {
        url: '/api/faq?faqId=1',
        respond: {
          faqId: 1,
          categories: [
            {
              faqCategoryId: 1,
              title: 'Bezorging',
              items: [
                { faqItemId: 2, question: 'Wat kost verzending?', answer: 'Boven € 50 niets.' },
                { faqItemId: 3, question: 'Wanneer wordt geleverd?', answer: 'Voor 22:00 besteld, morgen in huis.' },
              ],
            },
          ],
        },
      },
    ]);
    await renderApp('/klantenservice/vragen/levering/');
    const page = await screen.findByTestId('page-faq');
    expect(page).toHaveTextContent('Veelgestelde vragen');
    expect(page).toHaveTextContent('Alles over bestellen.');
    expect(screen.getByRole('heading', { level: 2, name: 'Bezorging' })).toBeInTheDocument();
    expect(screen.getByText('Wanneer wordt geleverd?').closest('details')).toHaveAttribute('open');
    expect(screen.getByText('Wat kost verzending?').closest('details')).not.toHaveAttribute('open');
  });

  it('shows page not found for a look-up that fails with 404', async () => {
    mockApi([lookup('/bestaat-niet/', json({ status: 404 }, 404))]);
    await renderApp('/bestaat-niet/');
    expect(await screen.findByTestId('page-not-found')).toHaveTextContent('Pagina niet gevonden');
    expect(screen.getByTestId('brand-name')).toBeInTheDocument();
  });

  it('shows the error box for a failed look-up with its status', async () => {
    mockApi([lookup('/kapot/', json({ status: 500 }, 500))]);
    await renderApp('/kapot/');
    const page = await screen.findByTestId('page-internal-error');
    expect(page).toHaveTextContent('Oeps, hier ging iets mis!');
    expect(page).toHaveTextContent('status 500');
    expect(screen.getByRole('link', { name: 'Naar de homepage' })).toHaveAttribute('href', '/');
  });

  it('follows a redirect page type with replace', async () => {
    mockApi([lookup('/winkel/', { url: '/' }), lookup('/', { contentPageId: 101 }), content('/', { page: { title: 'Home' } })]);
    const { router } = await renderApp('/winkel/');
    await screen.findByTestId('page-contentPage');
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('the trailing-slash rule', () => {
  it('adds the slash with a replace redirect and keeps the query', async () => {
    const { router } = await renderApp('/cart?x=1');
    await screen.findByTestId('page-cart');
    expect(router.state.location.pathname).toBe('/cart/');
    expect(router.state.location.search).toBe('?x=1');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('leaves a last segment with a file extension alone', async () => {
    mockApi([lookup('/docs/voerschema.pdf', json({ status: 404 }, 404))]);
    const { router } = await renderApp('/docs/voerschema.pdf');
    await screen.findByTestId('page-not-found');
    expect(router.state.location.pathname).toBe('/docs/voerschema.pdf');
  });

  it('gives the dealer page its strict trailing slash', async () => {
    // The locator loads the dealers.
    mockApi([{ url: '/api/dealers', respond: { near: null, dealers: [] } }]);
    const { router } = await renderApp('/store-locator');
    await screen.findByTestId('page-dealer');
    expect(router.state.location.pathname).toBe('/store-locator/');
  });
});

describe('named routes', () => {
  it('serves the comparison page on the localized path from the engine', async () => {
    await renderApp('/vergelijken/');
    expect(await screen.findByTestId('page-compare')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vergelijken' })).toHaveAttribute('href', '/vergelijken/');
  });

  it('uses /porównaj in Polish', async () => {
    await renderApp('/por%C3%B3wnaj/', { culture: 'pl' });
    expect(await screen.findByTestId('page-compare')).toBeInTheDocument();
  });

  it('has the news overview and news items, each a page of the route table', async () => {
    mockApi([
      {
        // The overview asks for the page size the engine reads from the address: 24 by default.
        url: '/api/news?ps=24',
        respond: {
          items: [{ newsItemId: 12, date: '2026-01-12', title: 'Nieuw voer', summary: 'Er is nieuw voer.', url: '/media/12/nieuw-voer/' }],
          page: 1,
          pageCount: 1,
          pageSize: 24,
          totalCount: 1,
        },
      },
      lookup('/media/12/nieuw-voer/', { type: 'newsItem', newsItemId: 12 }),
      content('/media/12/nieuw-voer/', { page: null }),
      { url: '/api/news/12', respond: { newsItemId: 12, date: '2026-01-12', title: 'Nieuw voer', summary: 'Er is nieuw voer.', body: 'Het hele verhaal.' } },
      lookup('/media/nieuw-voer/', json({ status: 404 }, 404)),
    ]);
    const { router } = await renderApp('/media/');
    const overview = await screen.findByTestId('page-media');
    expect(overview).toHaveTextContent('Er is nieuw voer.');
    expect(screen.getByRole('link', { name: 'Nieuw voer' })).toHaveAttribute('href', '/media/12/nieuw-voer/');
    await act(() => router.navigate('/media/12/nieuw-voer/'));
    const item = await screen.findByTestId('page-media-item');
    expect(item).toHaveTextContent('Het hele verhaal.');
    expect(screen.getByRole('heading', { level: 1, name: 'Nieuw voer' })).toBeInTheDocument();
    await act(() => router.navigate('/media/nieuw-voer/'));
    expect(await screen.findByTestId('page-not-found')).toBeInTheDocument();
  });

  it('has the checkout family; without a cart the gated steps lead to the cart', async () => {
    mockApi([signedIn(false), { url: '/api/countries/localizedname', respond: [{ countryId: 1, regionCode: 'NL', localizedName: 'Nederland' }] }]);
    const { router } = await renderApp('/checkout/');
    expect(await screen.findByTestId('page-checkout-login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout/login/');
    for (const [path, step] of [
      ['/checkout/password-reset/', 'passwordReset'],
      ['/checkout/password-forgot/', 'passwordForgot'],
    ] as const) {
      await act(() => router.navigate(path));
      expect(await screen.findByTestId(`page-checkout-${step}`)).toBeInTheDocument();
    }
    for (const path of ['/checkout/billing/', '/checkout/delivery/', '/checkout/payment/', '/checkout/complete/']) {
      await act(() => router.navigate(path));
      await waitFor(() => expect(router.state.location.pathname).toBe('/cart/'));
    }
  });

  it('keeps the engine check reachable', async () => {
    mockApi([
      { method: 'POST', url: '/api/vat/split', respond: { amountInclVat: '24.95', amountExclVat: '20.62', vatAmount: '4.33', vatRatePercentage: '21' } },
    ]);
    await renderApp('/engine-check/');
    expect(await screen.findByTestId('vat-server-vat')).toHaveTextContent('4.33');
  });
});

describe('account guards', () => {
  it('sends a visitor who is not signed in from a signed-in page to login', async () => {
    const requests = mockApi([signedIn(false)]);
    const { router } = await renderApp('/account/orders/123/');
    expect(await screen.findByTestId('page-login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/login/');
    // Back to the page asked for after signing in.
    expect(router.state.location.search).toBe(`?i=1&returnUrl=${encodeURIComponent('/account/orders/123/')}`);
    expect(requests.filter((request) => request.url === '/api/authentication/isauthenticated')).toHaveLength(2);
  });

  it('lets a signed-in visitor in, with the route parameters', async () => {
    mockApi(accountRoutes());
    const { router } = await renderApp('/account/orders/HS-2026-000101/');
    expect(await screen.findByTestId('page-account-order')).toHaveTextContent('HS-2026-000101');
    for (const [path, testId] of [
      ['/account/', 'page-account-home'],
      ['/account/information/company/', 'page-account-information-company'],
      ['/account/invoices/', 'page-account-invoices'],
      ['/account/returns/55/', 'page-account-returns'],
      ['/account/rqs-results/', 'page-account-rqs-results'],
      ['/account/subscriptions/', 'page-account-subscriptions'],
    ] as const) {
      await act(() => router.navigate(path));
      expect(await screen.findByTestId(testId)).toBeInTheDocument();
    }
  });

  it('sends a signed-in visitor from an anonymous-only page to the account', async () => {
    mockApi(accountRoutes());
    for (const path of ['/account/login/', '/account/register/', '/account/forgot/', '/account/resend-confirmation/']) {
      const { router, view } = await renderApp(path);
      expect(await screen.findByTestId('page-account-home')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/account/');
      view.unmount();
    }
  });

  it('shows anonymous-only pages to visitors who are not signed in', async () => {
    mockApi([signedIn(false)]);
    await renderApp('/account/register/');
    expect(await screen.findByTestId('page-register')).toBeInTheDocument();
  });

  it('sends reset/ without token and userId to the account base', async () => {
    mockApi(accountRoutes());
    const { router } = await renderApp('/account/reset/?token=abc');
    await screen.findByTestId('page-account-home');
    expect(router.state.location.pathname).toBe('/account/');
  });

  it('shows reset/ with token and userId', async () => {
    mockApi([signedIn(false)]);
    await renderApp('/account/reset/?token=abc&userId=7');
    expect(await screen.findByTestId('page-reset')).toBeInTheDocument();
  });

  it('sends confirm/ without token and userId to the home page', async () => {
    mockApi([lookup('/', { contentPageId: 101 }), content('/', { page: { title: 'Home' } })]);
    const { router } = await renderApp('/account/confirm/?userId=7');
    await screen.findByTestId('page-contentPage');
    expect(router.state.location.pathname).toBe('/');
  });

  it('login reads the query flags i, s, a, r and e', async () => {
    mockApi([signedIn(false)]);
    await renderApp('/account/login/?i=1&s=1&a=1&r=1&e=Account%20geblokkeerd');
    const page = await screen.findByTestId('page-login');
    expect(page).toHaveTextContent('Log in om verder te gaan.');
    expect(page).toHaveTextContent('Gelukt! Je kunt nu inloggen.');
    expect(page).toHaveTextContent('Je account is geactiveerd.');
    expect(page).toHaveTextContent('Je wachtwoord is gewijzigd.');
    expect(screen.getByText('Account geblokkeerd')).toHaveAttribute('role', 'alert');
  });
});

describe('the shell', () => {
  it('shows the cart count from its atom and the cookie banner', async () => {
    const { cartItemCountAtom } = await import('../state');
    const { store } = await renderApp('/cart/');
    await screen.findByTestId('page-cart');
    expect(screen.getByTestId('cart-count')).toHaveTextContent('0');
    act(() => store.set(cartItemCountAtom, 3));
    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('3'));
    expect(screen.getByTestId('cart-link')).toHaveAccessibleName('Winkelwagen 3 artikelen in je winkelwagen');
    expect(screen.getByTestId('cookie-consent')).toBeInTheDocument();
    expect(screen.getByTestId('language-switch')).toHaveValue('1');
    expect(screen.getByRole('option', { name: 'English' })).toBeInTheDocument();
  });
});
