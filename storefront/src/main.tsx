import { Provider as JotaiProvider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';

import { createRouter } from './app/router';
import { loadEngine } from './engine';
import { initI18n } from './i18n';

async function start() {
  await Promise.all([loadEngine(), initI18n()]);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <JotaiProvider>
        <RouterProvider router={createRouter()} />
      </JotaiProvider>
    </StrictMode>,
  );
}

void start();
