import './theme/global.css';
import './theme/fonts';

import { createStore, Provider as JotaiProvider } from 'jotai';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';

import { isShop } from './api/sites';
import { browserCulture, enterSite, forwardMailplusId, siteFallbackCulture, startSite } from './app/bootstrap';
import { readServerState, rehydrateRouter, type ServerState } from './app/hydration';
import { createRouter } from './app/router';
import { StartupError } from './app/StartupError';
import { comparePath, loadEngine, replayAnswers } from './engine';
import { brandOfSiteType, initI18n } from './i18n';
import { HydrationDone, startHydration } from './components/ui/Deferred';
import { preloadPages } from './components/ui/lazyPage';
import { consentDefault } from './lib/analytics';
import { rememberedLanguage, rememberLanguage } from './lib/cookies';
import { yieldToBrowser } from './lib/tasks';
import { cartIdAtom, hydratePersisted, languageIdAtom } from './state';
import { applyTheme } from './theme';

/**
 * A server-rendered page (entry-server.tsx): the site, language, catalogs and the loaders'
 * data come from the page, so nothing is fetched before the page is live.
 */
async function hydrate(rootElement: HTMLElement, state: ServerState) {
  const store = createStore();
  hydratePersisted(store);
  // A language chosen before the server rendered pages lives only in localStorage: keep it in
  // the cookie the server reads, and load the page in it (once: the cookie is set now).
  const stored = store.get(languageIdAtom);
  const chosenBefore = state.site.languages.some((language) => language.languageId === stored);
  if (stored !== null && chosenBefore && stored !== state.language.languageId && rememberedLanguage(state.site.siteId) === null) {
    rememberLanguage(state.site.siteId, stored);
    window.location.reload();
    return;
  }
  // The page's own engine answers: hydration waits for no WebAssembly.
  replayAnswers(state.engineAnswers);
  enterSite(store, state.site, state.language);
  applyTheme(state.site.theme);
  await yieldToBrowser();
  await initI18n({ culture: state.culture, siteFallback: state.siteFallback, brand: state.brand }, state.resources);
  await yieldToBrowser();
  const router = createRouter({ comparePath: state.comparePath, shop: isShop(state.site) }, rehydrateRouter(state.router));
  await preloadPages(state.lazyPages);
  await yieldToBrowser();
  // Deferred regions keep the server's HTML until they go live (components/ui/Deferred.tsx).
  startHydration();
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page (a visitor's first tap or scroll is not kept waiting).
  startTransition(() => {
    hydrateRoot(
      rootElement,
      <StrictMode>
        <JotaiProvider store={store}>
          <RouterProvider router={router} />
          <HydrationDone onDone={loadEngineLater} />
        </JotaiProvider>
      </StrictMode>,
    );
  });
  void forwardMailplusId(window.location.search, store.get(cartIdAtom));
}

/** The engine answers what changes after hydration (cart previews, forms, new pages): loaded once the page is live. */
function loadEngineLater(): void {
  void loadEngine();
}

async function start() {
  // Consent mode's default (denied) comes before anything else in the data layer.
  consentDefault();
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('#root is missing from index.html');
  // The app's scripts have just been evaluated: the page's start-up begins in a task of its own.
  await yieldToBrowser();
  const serverState = readServerState();
  if (serverState) {
    await hydrate(rootElement, serverState);
    return;
  }
  // Not server-rendered (the renderer is down): the client-rendered app, as before, which
  // needs the engine for its first render.
  await loadEngine();
  const root = createRoot(rootElement);
  const store = createStore();
  const started = await startSite(window.location.hostname, store);
  if (started.kind === 'failed') {
    applyTheme('default');
    await initI18n(browserCulture(navigator.languages ?? [navigator.language]));
    root.render(<StartupError problem={started.problem} />);
    return;
  }
  const { site, language } = started;
  applyTheme(site.theme);
  await initI18n({
    culture: language.culture,
    siteFallback: siteFallbackCulture(site),
    brand: brandOfSiteType(site.type),
  });
  void forwardMailplusId(window.location.search, store.get(cartIdAtom));
  const router = createRouter({ comparePath: comparePath({ culture: language.culture }).path, shop: isShop(site) });
  root.render(
    <StrictMode>
      <JotaiProvider store={store}>
        <RouterProvider router={router} />
      </JotaiProvider>
    </StrictMode>,
  );
}

void start();
