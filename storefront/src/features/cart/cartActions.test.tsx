import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { toSite } from '../../api/sites';
import { paths } from '../../lib/paths';
import { json, mockApi } from '../../test/api';
import { renderApp, WEIDEGROEN_DK } from '../../test/app';
import { answerFor, cartInput } from '../../test/cart';

/** A cart line whose variant label the server wrote with a decimal point and a packaging code. */
function labelledInput(count = 1) {
  const input = cartInput(count);
  input.catalog[0]!.productLabel = '12.5 kg (bag)';
  return input;
}

const storedCart = (id: string) => localStorage.setItem('hoofbeat.cartId', JSON.stringify(id));
const storedCartId = () => JSON.parse(localStorage.getItem('hoofbeat.cartId') ?? 'null') as unknown;

describe('cart lines: the variant label in the language of the site', () => {
  it('Dutch', async () => {
    storedCart('cart-1');
    mockApi([{ url: '/api/cart/cart-1', respond: answerFor(labelledInput()) }]);
    await renderApp('/cart/');
    const line = await screen.findByTestId('cart-line');
    expect(line).toHaveTextContent('12,5 kg (Zak)');
    expect(line).not.toHaveTextContent('bag');
  });

  it('Danish', async () => {
    storedCart('cart-1');
    mockApi([{ url: '/api/cart/cart-1', respond: answerFor(labelledInput()) }]);
    await renderApp('/cart/', { culture: 'da', site: toSite(WEIDEGROEN_DK) });
    expect(await screen.findByTestId('cart-line')).toHaveTextContent('12,5 kg (Sæk)');
  });
});

describe('emptying the cart: a new cart takes its place', () => {
  it('asks first, then starts a new cart and leaves the old one as it is', async () => {
    storedCart('cart-1');
    const requests = mockApi([
      { url: '/api/cart/cart-1', respond: answerFor(cartInput(2)) },
      { method: 'POST', url: '/api/cart', respond: json(answerFor(cartInput(0), { shoppingcartId: 'cart-2' }), 201) },
    ]);
    await renderApp('/cart/');
    fireEvent.click(await screen.findByTestId('empty-cart'));
    const question = screen.getByTestId('empty-cart-confirm');
    expect(question).toHaveTextContent('Wil je alle producten uit je winkelwagen verwijderen? Dit kun je niet ongedaan maken.');
    expect(within(question).getByTestId('empty-cart-no')).toHaveFocus();

    // Cancelled: nothing is sent.
    fireEvent.click(within(question).getByTestId('empty-cart-no'));
    expect(screen.queryByTestId('empty-cart-confirm')).toBeNull();
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);

    fireEvent.click(screen.getByTestId('empty-cart'));
    fireEvent.click(screen.getByTestId('empty-cart-yes'));
    expect(await screen.findByTestId('cart-empty')).toHaveTextContent('Je winkelwagen is leeg.');
    expect(screen.getByTestId('cart-count')).toHaveTextContent('0');
    expect(storedCartId()).toBe('cart-2');
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual(['GET /api/cart/cart-1', 'POST /api/cart']);
  });

  it('keeps the cart and says so when no new cart could be made', async () => {
    storedCart('cart-1');
    mockApi([
      { url: '/api/cart/cart-1', respond: answerFor(cartInput(2)) },
      { method: 'POST', url: '/api/cart', respond: json({ status: 500, code: 'errors.unexpectedServer', message: 'x' }, 500) },
    ]);
    await renderApp('/cart/');
    fireEvent.click(await screen.findByTestId('empty-cart'));
    fireEvent.click(screen.getByTestId('empty-cart-yes'));
    expect(await screen.findByTestId('cart-error')).toHaveTextContent('Je winkelwagen kon niet worden aangemaakt. Probeer het later nog een keer.');
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    expect(storedCartId()).toBe('cart-1');
  });
});

describe('cart handover: /cart/handover/?key= (customer service prepared the cart)', () => {
  it('has its address in the paths', () => {
    expect(paths.cartHandover).toBe('/cart/handover/');
  });

  it('hands the key in once, makes the cart the visitor’s and shows it', async () => {
    storedCart('cart-1');
    const requests = mockApi([
      { url: '/api/cart/cart-1', respond: answerFor(cartInput(1)) },
      { method: 'POST', url: '/api/cart/impersonate?key=k3y-abc', respond: answerFor(cartInput(3), { shoppingcartId: 'cart-cs' }) },
    ]);
    const { router } = await renderApp('/cart/handover/?key=k3y-abc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart/'));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByTestId('quantity-1011')).toHaveValue(3);
    expect(screen.getByTestId('cart-count')).toHaveTextContent('3');
    expect(storedCartId()).toBe('cart-cs');
    expect(requests.filter((request) => request.url.startsWith('/api/cart/impersonate'))).toHaveLength(1);
  });

  it('keeps the handed-over cart when the old cart’s answer comes later', async () => {
    storedCart('cart-1');
    let answerOldCart: (answer: Response) => void = () => undefined;
    const oldCart = new Promise<Response>((resolve) => (answerOldCart = resolve));
    mockApi([
      { url: '/api/cart/cart-1', respond: () => oldCart },
      { method: 'POST', url: '/api/cart/impersonate?key=k3y-abc', respond: answerFor(cartInput(3), { shoppingcartId: 'cart-cs' }) },
    ]);
    const { router } = await renderApp('/cart/handover/?key=k3y-abc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart/'));
    answerOldCart(json(answerFor(cartInput(1))));
    expect(await screen.findByTestId('quantity-1011')).toHaveValue(3);
    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('3'));
    expect(storedCartId()).toBe('cart-cs');
  });

  it('says in Dutch that a used, expired or unknown key does not work, and keeps the cart', async () => {
    storedCart('cart-1');
    mockApi([
      { url: '/api/cart/cart-1', respond: answerFor(cartInput(1)) },
      { method: 'POST', url: '/api/cart/impersonate?key=used', respond: json({ status: 404, code: 'errors.notFound', message: 'Not found' }, 404) },
    ]);
    await renderApp('/cart/handover/?key=used');
    expect(await screen.findByTestId('cart-handover-failed')).toHaveTextContent(
      'Deze winkelwagenlink werkt niet (meer): hij is ongeldig, verlopen of al gebruikt. Vraag de klantenservice om een nieuwe link.',
    );
    expect(screen.getByRole('link', { name: 'Naar je winkelwagen' })).toHaveAttribute('href', '/cart/');
    expect(storedCartId()).toBe('cart-1');
  });

  it('says it in English on an English page', async () => {
    mockApi([{ method: 'POST', url: '/api/cart/impersonate?key=gone', respond: json({ status: 404, code: 'errors.notFound', message: 'Not found' }, 404) }]);
    await renderApp('/cart/handover/?key=gone', { culture: 'en' });
    expect(await screen.findByTestId('cart-handover-failed')).toHaveTextContent(
      'This basket link does not work (any more): it is invalid, has expired or has already been used. Please ask customer service for a new link.',
    );
  });

  it('without a key asks nothing and says the link does not work', async () => {
    const requests = mockApi([]);
    await renderApp('/cart/handover/');
    expect(await screen.findByTestId('cart-handover-failed')).toHaveTextContent('Deze winkelwagenlink werkt niet (meer)');
    expect(requests).toEqual([]);
  });
});
