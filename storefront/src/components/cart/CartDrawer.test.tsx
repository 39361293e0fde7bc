import { fireEvent, render, screen, within } from '@testing-library/react';
import { createStore, Provider, useStore } from 'jotai';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';

import { toSite } from '../../api/sites';
import { initI18n } from '../../i18n';
import { cartAnswerAtom, justAddedAtom } from '../../lib/cart';
import { cultureAtom, siteAtom } from '../../state';
import { HOEFSLAG_NL } from '../../test/app';
import { answerFor, cartInput } from '../../test/cart';
import { CartDrawer } from './CartDrawer';

beforeAll(async () => {
  await initI18n('nl');
});

/** A page whose button "adds" two muesli: the server's answer, then the announcement. */
function ProductPage() {
  const store = useStore();
  return (
    <button
      type="button"
      onClick={(event) => {
        store.set(cartAnswerAtom, answerFor(cartInput(2)));
        store.set(justAddedAtom, { productVariantIds: [1011], opener: event.currentTarget });
      }}
    >
      In winkelwagen
    </button>
  );
}

function renderShop() {
  const store = createStore();
  store.set(siteAtom, toSite(HOEFSLAG_NL));
  store.set(cultureAtom, 'nl');
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <CartDrawer />
            <Outlet />
          </>
        ),
        children: [
          { path: 'muesli/', element: <ProductPage /> },
          { path: 'checkout/', element: <p>Kassa</p> },
        ],
      },
    ],
    { initialEntries: ['/muesli/'] },
  );
  return {
    store,
    router,
    ...render(
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>,
    ),
  };
}

describe('cart drawer', () => {
  it('opens on “just added” with the line, its amount and the total as the server calculated them', () => {
    renderShop();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'In winkelwagen' }));
    const drawer = screen.getByRole('dialog', { name: 'Toegevoegd aan je winkelwagen' });
    expect(drawer).toHaveAttribute('aria-modal', 'true');
    expect(drawer).toHaveFocus();
    const line = within(drawer).getByTestId('cart-drawer-line');
    expect(line).toHaveAttribute('data-variant-id', '1011');
    expect(line).toHaveTextContent('Hoefslag Sport Muesli');
    expect(line).toHaveTextContent('20 kg (zak)');
    expect(within(line).getByTestId('cart-drawer-quantity')).toHaveTextContent('2');
    // 2 × 24.95; the total adds 4.95 shipping (free from 50.00): the engine's amounts, formatted by it.
    expect(within(line).getByTestId('cart-drawer-amount')).toHaveTextContent('€ 49,90');
    expect(within(drawer).getByTestId('cart-drawer-total')).toHaveTextContent('€ 54,85');
    expect(drawer).toHaveTextContent('Totaal (2 artikelen)');
    expect(within(drawer).getByRole('link', { name: 'Afrekenen' })).toHaveAttribute('href', '/checkout/');
    expect(within(drawer).getByRole('link', { name: 'Bekijk je winkelwagen' })).toHaveAttribute('href', '/cart/');
  });

  it('“Verder winkelen” and Escape close it and give the focus back to the button that added', () => {
    const { store } = renderShop();
    const add = screen.getByRole('button', { name: 'In winkelwagen' });
    fireEvent.click(add);
    fireEvent.click(screen.getByRole('button', { name: 'Verder winkelen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.get(justAddedAtom)).toBeNull();
    expect(add).toHaveFocus();
    fireEvent.click(add);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(add).toHaveFocus();
  });

  it('its checkout link goes to the checkout and closes it', async () => {
    const { router } = renderShop();
    fireEvent.click(screen.getByRole('button', { name: 'In winkelwagen' }));
    fireEvent.click(screen.getByRole('link', { name: 'Afrekenen' }));
    expect(await screen.findByText('Kassa')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout/');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
