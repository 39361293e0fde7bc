import { act, screen, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toSite } from '../../api/sites';
import { CompareButton } from '../../components/product/CompareButton';
import { initI18n } from '../../i18n';
import { COMPARE_STORAGE_KEY, compareListAtom } from '../../lib/compare';
import { siteAtom } from '../../state';
import { mockApi } from '../../test/api';
import { HOEFSLAG_NL } from '../../test/app';
import { productDetail } from '../../test/product';
import { ComparePage } from './ComparePage';

const COMPARED = [{ productId: 1, productVariantId: 1011 }];

type Store = ReturnType<typeof createStore>;

/** A page with the site in its store, on a router at `/vergelijken/`. */
function page(store: Store, children: ReactNode) {
  store.set(siteAtom, toSite(HOEFSLAG_NL));
  const router = createMemoryRouter([{ path: '/vergelijken/', element: children }], { initialEntries: ['/vergelijken/'] });
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}

let root: Root | null = null;
let container: HTMLElement | null = null;

/**
 * The server's HTML (rendered without a list: the server has no localStorage), then the
 * browser's hydration of that HTML with the visitor's stored list already read, as the browser
 * reads it when the app's code loads. Returns what React reported.
 */
async function hydrateServerHtml(tree: (store: Store) => ReactNode): Promise<{ recoverable: unknown[]; logged: unknown[][] }> {
  container = document.createElement('div');
  container.innerHTML = renderToString(tree(createStore()));
  document.body.append(container);
  localStorage.setItem(COMPARE_STORAGE_KEY, JSON.stringify(COMPARED));
  const browser = createStore();
  browser.set(compareListAtom, COMPARED);
  const recoverable: unknown[] = [];
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  await act(async () => {
    root = hydrateRoot(container as HTMLElement, tree(browser), { onRecoverableError: (error) => void recoverable.push(error) });
  });
  const calls = [...logged.mock.calls];
  logged.mockRestore();
  return { recoverable, logged: calls };
}

beforeEach(async () => {
  await initI18n('nl');
});

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
  container = null;
});

describe('what only the browser knows (the stored comparison list) is read after hydration', () => {
  it('on the comparison page: the first render in the browser is the server’s, then the list is shown', async () => {
    mockApi([{ url: '/api/products/variant/1011', respond: productDetail() }]);
    const { recoverable, logged } = await hydrateServerHtml((store) => page(store, <ComparePage />));
    expect(recoverable).toEqual([]);
    expect(logged).toEqual([]);
    const table = await screen.findByTestId('compare-table');
    expect(within(table).getByText('Hoefslag Sport Muesli')).toBeInTheDocument();
  });

  it('on a product page: the compare button hydrates as the server rendered it, then shows it is compared', async () => {
    const { recoverable, logged } = await hydrateServerHtml((store) => (
      <Provider store={store}>
        <CompareButton product={COMPARED[0]!} />
      </Provider>
    ));
    expect(recoverable).toEqual([]);
    expect(logged).toEqual([]);
    expect(screen.getByTestId('compare-1')).toBeChecked();
  });
});
