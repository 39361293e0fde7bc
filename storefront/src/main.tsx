import './theme/global.css';
import './theme/fonts';

import { createStore, Provider as JotaiProvider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';

import { browserCulture, forwardMailplusId, siteFallbackCulture, startSite } from './app/bootstrap';
import { createRouter } from './app/router';
import { StartupError } from './app/StartupError';
import { comparePath, loadEngine } from './engine';
import { initI18n } from './i18n';
import { applyTheme } from './theme';

async function start() {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('#root is missing from index.html');
  const root = createRoot(rootElement);
  await loadEngine();
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
    brand: site.type === 1 ? 'weidegroen' : site.type === 2 ? 'corporate' : 'hoefslag',
  });
  void forwardMailplusId(window.location.search);
  const router = createRouter({ comparePath: comparePath({ culture: language.culture }).path });
  root.render(
    <StrictMode>
      <JotaiProvider store={store}>
        <RouterProvider router={router} />
      </JotaiProvider>
    </StrictMode>,
  );
}

void start();
