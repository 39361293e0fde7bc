import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import type { ProductDetail } from '../../api/catalog';
import { initI18n } from '../../i18n';
import { json, mockApi } from '../../test/api';
import { renderBesideCartDrawer } from '../../test/app';
import { ProductDetailPage } from './ProductDetailPage';
import { answerFor, cartInput } from '../../test/cart';

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

function renderProduct(product: ProductDetail = MUESLI) {
  renderBesideCartDrawer(<ProductDetailPage productVariantId={1011} product={product} />);
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

const NO_REVIEWS = {
  url: /^\/api\/products\/1\/reviews/,
  respond: { reviews: [], reviewCount: 0, averageRating: null, page: 1, pageSize: 10, hasMore: false },
};

describe('adding to the cart', () => {
  it('opens the cart drawer with the line and the total the server answered; closing it gives the focus back to the button', async () => {
    const requests = mockApi([
      { method: 'POST', url: '/api/cart', respond: answerFor(cartInput(0)) },
      { method: 'POST', url: '/api/cart/cart-1/products?productVariantId=1011&quantity=2', respond: answerFor(cartInput(2)) },
      NO_REVIEWS,
    ]);
    renderProduct();
    fireEvent.change(await screen.findByTestId('quantity'), { target: { value: '2' } });
    const add = screen.getByTestId('add-to-cart');
    fireEvent.click(add);
    const drawer = await screen.findByRole('dialog', { name: 'Toegevoegd aan je winkelwagen' });
    expect(drawer).toHaveFocus();
    expect(requests.map((request) => `${request.method} ${request.url}`)).toContain('POST /api/cart/cart-1/products?productVariantId=1011&quantity=2');
    const line = within(drawer).getByTestId('cart-drawer-line');
    expect(line).toHaveTextContent('Hoefslag Sport Muesli');
    expect(within(line).getByTestId('cart-drawer-quantity')).toHaveTextContent('2');
    expect(within(line).getByTestId('cart-drawer-amount')).toHaveTextContent('€ 49,90');
    expect(within(drawer).getByTestId('cart-drawer-total')).toHaveTextContent('€ 54,85');
    // The old line beside the button is gone: the drawer says it.
    expect(screen.queryByText('Toegevoegd aan je winkelwagen', { selector: 'form span' })).toBeNull();
    fireEvent.keyDown(drawer, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(add).toHaveFocus();
  });
});

describe('choosing a variant', () => {
  it('marks the variant shown as the current one, by a check and its state, the other as a link', () => {
    mockApi([NO_REVIEWS]);
    const other = { ...MUESLI, productVariantId: 1012, url: '/muesli/sport-muesli-5-kg/', variantLabel: '5 kg' };
    renderProduct({ ...MUESLI, url: '/muesli/sport-muesli/', variantLabel: '20 kg', otherVariants: [other] });
    const choice = within(screen.getByRole('navigation', { name: 'Kies een variant' }));
    const current = choice.getByRole('link', { name: '20 kg' });
    expect(current).toHaveAttribute('aria-current', 'true');
    expect(current.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    const notCurrent = choice.getByRole('link', { name: '5 kg' });
    expect(notCurrent).not.toHaveAttribute('aria-current');
    expect(notCurrent.querySelector('svg')).toBeNull();
    expect(notCurrent).toHaveAttribute('href', '/muesli/sport-muesli-5-kg/');
  });
});
