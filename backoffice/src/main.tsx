/**
 * The back office's start, in the browser only (no server rendering): the language to show
 * before anyone signs in, then the router. The page's one script (index.html).
 */
import './theme/global.css';
import './theme/fonts';

import { createRoot } from 'react-dom/client';

import { App } from './app/App';
import { createRouter } from './app/router';
import { initI18n, initialLanguage } from './i18n';

async function start() {
  await initI18n(initialLanguage());
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(<App router={createRouter()} />);
}

void start();
