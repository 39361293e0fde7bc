import { fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';

import type { ProductDetail } from '../../api/catalog';
import { toSite } from '../../api/sites';
import { initI18n } from '../../i18n';
import { cultureAtom, siteAtom } from '../../state';
import { json, mockApi } from '../../test/api';
import { HOEFSLAG_NL } from '../../test/app';
import { ProductDetailPage } from './ProductDetailPage';

const MUESLI = {
  productId: 1,
  productVariantId: 1011,
  productKey: 'sport-muesli',
  productType: 1,
  productGroup: 'muesli',
  brand: 'Hoefslag',
  name: 'Hoefslag Sport Muesli',
  articleNumber: 'HS-1011',
  ean: '8712345000011',
  packaging: 'bag',
  price: '24.95',
  vatType: 'low',
  weightKg: 20,
  quantityPerPallet: 40,
  content: { amount: '20', unit: 'kg' },
  deliveryTime: { minDays: 1, maxDays: 2 },
  dimensionsCm: { height: 60, length: 40, width: 12 },
  stock: { orderable: true, state: 'inStock', stockReminderAvailable: false, enableStockReminderFeature: false },
  unitPrice: { perKilogram: '1.25' },
  rating: { count: 0 },
  nutrients: [],
  images: ['hs-sport-muesli.svg'],
  otherVariants: [],
} as unknown as ProductDetail;

beforeAll(async () => {
  await initI18n('nl');
});

function renderProduct() {
  const store = createStore();
  store.set(siteAtom, toSite(HOEFSLAG_NL));
  store.set(cultureAtom, 'nl');
  const router = createMemoryRouter([{ path: '/muesli/', element: <ProductDetailPage productVariantId={1011} product={MUESLI} /> }], {
    initialEntries: ['/muesli/'],
  });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

describe('adding to the cart fails', () => {
  it('says “Helaas mislukt” with the reason: no cart could be created', async () => {
    mockApi([
      { method: 'POST', url: '/api/cart', respond: json({ status: 500, code: 'errors.unexpectedServer', message: 'x' }, 500) },
      { url: /^\/api\/products\/1\/reviews/, respond: { reviews: [], reviewCount: 0, averageRating: null, page: 1, pageSize: 10, hasMore: false } },
    ]);
    renderProduct();
    fireEvent.click(await screen.findByTestId('add-to-cart'));
    const failed = await screen.findByTestId('add-to-cart-failed');
    expect(failed).toHaveAttribute('role', 'alert');
    expect(failed).toHaveTextContent('Helaas mislukt Je winkelwagen kon niet worden aangemaakt. Probeer het later nog een keer.', {
      normalizeWhitespace: true,
    });
    expect(failed.querySelector('strong')).toHaveTextContent('Helaas mislukt');
  });
});
