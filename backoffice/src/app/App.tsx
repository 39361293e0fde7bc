/** The providers around the router: toasts (announced in a live region). */
import { StrictMode } from 'react';
import { RouterProvider } from 'react-router';

import { ToastProvider } from '../components/Toast';
import type { createRouter } from './router';

export function App({ router }: { router: ReturnType<typeof createRouter> }) {
  return (
    <StrictMode>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </StrictMode>
  );
}
