import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { CartAnswer } from '../../api/cart';
import type { ProductHit } from '../../api/catalog';
import { initI18n } from '../../i18n';
import { json, mockApi } from '../../test/api';
import { renderBesideCartDrawer } from '../../test/app';
import { answerFor, cartInput } from '../../test/cart';
import { cardImageLoading, ProductCard } from './ProductCard';

describe('product card images', () => {
  it("a list's first card loads first, the rest of its first row at once, the others lazily", () => {
    expect([0, 1, 2, 3, 4, 23].map(cardImageLoading)).toEqual(['first', 'eager', 'eager', 'eager', 'lazy', 'lazy']);
  });
});

const hit = (overrides: Partial<ProductHit>): ProductHit => ({
  productId: 1,
  productVariantId: 1011,
  name: 'Hoefslag Sport Muesli',
  brand: 'Hoefslag',
  productGroup: 'muesli',
  shortDescription: null,
  price: '24.95',
  unitPrice: { perKilogram: '1.25' },
  image: null,
  rating: { average: null, count: 0 },
  stockState: 'inStock',
  url: '/muesli/sport-muesli/',
  ...overrides,
});

const MUESLI = hit({});
const LUZERNE = hit({ productId: 2, productVariantId: 1021, name: 'Hoefslag Luzerne Brok', stockState: 'outOfStock', url: '/brokken/luzerne-brok/' });

/** A list of cards with the shell's cart drawer beside it, as in the shop. */
function renderList(products: ProductHit[]) {
  renderBesideCartDrawer(
    <ul>
      {products.map((product, index) => (
        <ProductCard key={product.productVariantId} product={product} position={index + 1} listName="Muesli" />
      ))}
    </ul>,
  );
}

const addEvents = () =>
  (window.dataLayer ?? []).filter(
    (entry): entry is { event: string; ecommerce: unknown } =>
      typeof entry === 'object' && entry !== null && (entry as { event?: string }).event === 'add_to_cart',
  );

beforeAll(async () => {
  await initI18n('nl');
});

beforeEach(() => {
  window.dataLayer = [];
});

describe('add to cart from a product card', () => {
  it('adds one of the card’s variant, busy meanwhile, and opens the cart drawer with the line; closing it gives the focus back to the button', async () => {
    // The server answers the add when the test says so: the button is busy until then.
    let answerAdd: (answer: CartAnswer) => void = () => undefined;
    const requests = mockApi([
      { method: 'POST', url: '/api/cart', respond: answerFor(cartInput(0)) },
      {
        method: 'POST',
        url: '/api/cart/cart-1/products?productVariantId=1011&quantity=1',
        respond: () => new Promise<CartAnswer>((resolve) => (answerAdd = resolve)),
      },
    ]);
    renderList([MUESLI, hit({ productId: 3, productVariantId: 1031, name: 'Hoefslag Senior Muesli', url: '/muesli/senior-muesli/' })]);
    // Each card's button has its own name: the visible label and, for screen readers, the product.
    const add = screen.getByRole('button', { name: 'In winkelwagen – Hoefslag Sport Muesli' });
    expect(screen.getByRole('button', { name: 'In winkelwagen – Hoefslag Senior Muesli' })).toBeInTheDocument();
    expect(add.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(add.querySelector('svg')).toHaveAttribute('focusable', 'false');
    expect(add).toHaveTextContent('In winkelwagen');

    fireEvent.click(add);
    expect(add).toBeDisabled();
    await waitFor(() => expect(requests.map((request) => request.url)).toContain('/api/cart/cart-1/products?productVariantId=1011&quantity=1'));
    expect(add).toBeDisabled();
    answerAdd(answerFor(cartInput(1)));

    const drawer = await screen.findByRole('dialog', { name: 'Toegevoegd aan je winkelwagen' });
    expect(drawer).toHaveFocus();
    expect(add).toBeEnabled();
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /api/cart',
      'POST /api/cart/cart-1/products?productVariantId=1011&quantity=1',
    ]);
    const line = within(drawer).getByTestId('cart-drawer-line');
    expect(line).toHaveAttribute('data-variant-id', '1011');
    expect(line).toHaveTextContent('Hoefslag Sport Muesli');
    expect(within(line).getByTestId('cart-drawer-quantity')).toHaveTextContent('1');
    expect(within(line).getByTestId('cart-drawer-amount')).toHaveTextContent('€ 24,95');
    // The cart change's own tracking: one add_to_cart, of one muesli.
    expect(addEvents()).toHaveLength(1);
    expect(addEvents()[0]?.ecommerce).toMatchObject({ currency: 'EUR', items: [{ item_id: '1', item_variant: '1011', quantity: 1 }] });

    fireEvent.click(within(drawer).getByRole('button', { name: 'Verder winkelen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(add).toHaveFocus();
  });

  it('shows no button on an out-of-stock card', () => {
    renderList([MUESLI, LUZERNE]);
    const [inStock, outOfStock] = screen.getAllByTestId('product-card');
    expect(within(inStock!).getByTestId('card-add-to-cart')).toBeInTheDocument();
    expect(within(outOfStock!).getByTestId('stock-state')).toHaveTextContent('Tijdelijk uitverkocht');
    expect(within(outOfStock!).queryByRole('button')).toBeNull();
    expect(within(outOfStock!).queryByTestId('card-add-to-cart')).toBeNull();
  });

  it('says why adding failed under the button, in a live region, and opens no drawer', async () => {
    mockApi([{ method: 'POST', url: '/api/cart', respond: json({ status: 500, code: 'errors.unexpectedServer', message: 'x' }, 500) }]);
    renderList([MUESLI]);
    const add = screen.getByRole('button', { name: 'In winkelwagen – Hoefslag Sport Muesli' });
    fireEvent.click(add);
    const failed = await screen.findByTestId('card-add-to-cart-failed');
    expect(failed).toHaveAttribute('role', 'alert');
    expect(failed.parentElement).toHaveAttribute('aria-live', 'polite');
    expect(failed).toHaveTextContent('Helaas mislukt Je winkelwagen kon niet worden aangemaakt. Probeer het later nog een keer.', {
      normalizeWhitespace: true,
    });
    expect(failed.querySelector('strong')).toHaveTextContent('Helaas mislukt');
    // Under its own button, in its own card.
    expect(add.compareDocumentPosition(failed) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(add).toBeEnabled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
