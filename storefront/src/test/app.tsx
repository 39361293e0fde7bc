/** Renders the storefront shell on a memory router with a started site, for tests. */
import { render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

import { isShop, toSite, type Site } from '../api/sites';
import { CartDrawer } from '../components/cart/CartDrawer';
import { siteFallbackCulture } from '../app/bootstrap';
import { LOCALIZATION_COOKIE, writeCookie } from '../lib/cookies';
import { buildRoutes } from '../app/routes';
import { comparePath } from '../engine';
import { brandOfSiteType, initI18n, type Culture } from '../i18n';
import { cultureAtom, hydratePersisted, sessionAtom, siteAtom, type Session } from '../state';

/** The demo site "Hoefslag NL" as the API sends it (fixtures/sites.json, languages expanded). */
export const HOEFSLAG_NL = {
  siteId: 1,
  name: 'Hoefslag NL',
  brand: 'Hoefslag',
  domain: 'hoefslag.localhost',
  type: 0,
  countryId: 1,
  currency: '€',
  languages: [
    { languageId: 1, culture: 'nl', localizedName: 'Nederlands' },
    { languageId: 2, culture: 'en', localizedName: 'English' },
  ],
  fallbackLanguageId: 1,
  theme: 'default',
  rootPageId: 101,
  notFoundPageId: 111,
  footerId: 1,
  primaryNavigationId: 1,
  notificationId: 1,
};

export const WEIDEGROEN_DK = {
  ...HOEFSLAG_NL,
  siteId: 22,
  name: 'Weidegroen DK',
  brand: 'Weidegroen',
  domain: 'dk.weidegroen.localhost',
  type: 1,
  countryId: 4,
  currency: 'Kr.',
  exchangeRate: '7.46',
  languages: [{ languageId: 4, culture: 'da', localizedName: 'Dansk' }],
  fallbackLanguageId: 4,
  theme: 'green',
};

/** The corporate site "Hoofbeat Group" (site 30): the group's site, which sells nothing. */
export const HOOFBEAT_GROUP = {
  ...HOEFSLAG_NL,
  siteId: 30,
  name: 'Hoofbeat Group',
  brand: 'Hoofbeat Group',
  domain: 'hoofbeat.localhost',
  type: 2,
  notificationId: null,
};

export interface AppOptions {
  culture?: Culture;
  site?: Site;
  /** Leave the localization-choice cookie unset (the suggestion check then runs). */
  noLocalizationChoice?: boolean;
  /** The session the header starts with; default: checked, nobody signed in (no request). */
  session?: Session;
}

export async function renderApp(path: string, options: AppOptions = {}) {
  const site = options.site ?? toSite(HOEFSLAG_NL);
  const culture = options.culture ?? 'nl';
  if (!options.noLocalizationChoice) writeCookie(LOCALIZATION_COOKIE, '2026-01-01T00:00:00.000Z');
  await initI18n({ culture, siteFallback: siteFallbackCulture(site), brand: brandOfSiteType(site.type) });
  const store = createStore();
  // As at start: the persisted ids (cart, site, language) are read first.
  hydratePersisted(store);
  store.set(siteAtom, site);
  store.set(cultureAtom, culture);
  store.set(sessionAtom, options.session ?? { status: 'anonymous' });
  const router = createMemoryRouter(buildRoutes({ comparePath: comparePath({ culture }).path, shop: isShop(site) }), { initialEntries: [path] });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { router, store, view };
}

/**
 * A part of a page with the shell's cart drawer beside it, as in the shop, on the Dutch Hoefslag
 * site at `/muesli/`; returns the store.
 */
export function renderBesideCartDrawer(page: ReactNode) {
  const store = createStore();
  store.set(siteAtom, toSite(HOEFSLAG_NL));
  store.set(cultureAtom, 'nl');
  const router = createMemoryRouter(
    [
      {
        path: '/muesli/',
        element: (
          <>
            {page}
            <CartDrawer />
          </>
        ),
      },
    ],
    { initialEntries: ['/muesli/'] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return store;
}
