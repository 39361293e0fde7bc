import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { mockApi, type MockRequest } from '../../test/api';
import { renderApp } from '../../test/app';
import { canonicalJson } from '../../lib/cart';
import { answerFor, cartInput } from '../../test/cart';

const CONTENT = { page: { id: 1, title: 'Home', body: '' }, layout: {} };

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('cart: instant totals from the WASM engine, confirmed by the server', () => {
  it('shows the engine preview at once and keeps the server answer when they agree', async () => {
    localStorage.setItem('hoofbeat.cartId', JSON.stringify('cart-1'));
    const confirm = deferred<Response>();
    const requests: MockRequest[] = mockApi([
      { url: '/api/cart/cart-1', respond: answerFor(cartInput(1)) },
      { method: 'PUT', url: '/api/cart/cart-1/products/1011?quantity=3', respond: () => confirm.promise },
      { url: /\/api\/content\/page/, respond: CONTENT },
    ]);
    await renderApp('/cart/');
    const total = await screen.findByTestId('total');
    expect(total).toHaveTextContent('€ 29,90'); // 24.95 + 4.95 shipping
    expect(screen.getByTestId('cart-count')).toHaveTextContent('1');
    // Free shipping from 50.00: the engine says 25.05 is still missing.
    expect(screen.getByTestId('free-shipping')).toHaveTextContent('Nog € 25,05 tot gratis verzending');

    const quantity = screen.getByTestId('quantity-1011');
    fireEvent.change(quantity, { target: { value: '3' } });
    fireEvent.blur(quantity);
    // Before the server answers: 3 × 24.95 = 74.85, free shipping from 50.00 (the engine's rules).
    await waitFor(() => expect(screen.getByTestId('total')).toHaveTextContent('€ 74,85'));
    expect(screen.getByTestId('cart-count')).toHaveTextContent('3');
    expect(screen.getByTestId('free-shipping')).toHaveTextContent('Deze bestelling wordt gratis verzonden');
    expect(requests.some((request) => request.method === 'PUT')).toBe(true);

    confirm.resolve(new Response(JSON.stringify(answerFor(cartInput(3))), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    await waitFor(() => expect(screen.getByTestId('to-checkout')).not.toBeDisabled());
    expect(screen.getByTestId('total')).toHaveTextContent('€ 74,85');
    expect(screen.queryByTestId('cart-mismatch')).toBeNull();
  });

  it('shows an error box when the server calculation differs from the preview', async () => {
    localStorage.setItem('hoofbeat.cartId', JSON.stringify('cart-1'));
    mockApi([
      { url: '/api/cart/cart-1', respond: answerFor(cartInput(1)) },
      // The server priced the product differently than the input it sent before.
      { method: 'PUT', url: '/api/cart/cart-1/products/1011?quantity=2', respond: answerFor(cartInput(2, '26.95')) },
      { url: /\/api\/content\/page/, respond: CONTENT },
    ]);
    await renderApp('/cart/');
    const quantity = await screen.findByTestId('quantity-1011');
    fireEvent.change(quantity, { target: { value: '2' } });
    fireEvent.keyDown(quantity, { key: 'Enter' });
    const box = await screen.findByTestId('cart-mismatch');
    expect(within(box).getByRole('alert')).toHaveTextContent('Oeps, hier ging iets mis!');
    expect(box).toHaveTextContent('€ 54,85'); // the preview: 2 × 24.95 + 4.95 shipping
    expect(box).toHaveTextContent('€ 53,90'); // the server
    // The server's amounts are shown.
    expect(screen.getByTestId('total')).toHaveTextContent('€ 53,90');
  });

  it("says in the visitor's language that the server took a spent gift card off the cart, until closed", async () => {
    localStorage.setItem('hoofbeat.cartId', JSON.stringify('cart-1'));
    mockApi([
      {
        url: '/api/cart/cart-1',
        respond: {
          ...answerFor(cartInput(1)),
          notices: [{ code: 'errors.giftCardRejected', message: 'Card details are incorrect or the balance is 0' }],
        },
      },
      { url: /\/api\/content\/page/, respond: CONTENT },
    ]);
    await renderApp('/cart/');
    const notices = await screen.findByTestId('cart-notices');
    expect(notices).toHaveTextContent('De kaartgegevens zijn onjuist of het saldo is 0.');
    fireEvent.click(within(notices).getByRole('button', { name: 'Sluiten' }));
    await waitFor(() => expect(screen.queryByTestId('cart-notices')).toBeNull());
  });

  it('refuses a quantity the engine refuses before anything is sent', async () => {
    localStorage.setItem('hoofbeat.cartId', JSON.stringify('cart-1'));
    mockApi([
      { url: '/api/cart/cart-1', respond: answerFor(cartInput(1)) },
      { url: /\/api\/content\/page/, respond: CONTENT },
    ]);
    await renderApp('/cart/');
    const quantity = await screen.findByTestId('quantity-1011');
    fireEvent.change(quantity, { target: { value: '1000' } });
    fireEvent.blur(quantity);
    expect(await screen.findByTestId('cart-error')).toHaveTextContent('Dit is geen geldig aantal');
  });

  it('without the engine input the server answer is awaited (no preview, no mismatch)', async () => {
    localStorage.setItem('hoofbeat.cartId', JSON.stringify('cart-1'));
    mockApi([
      { url: '/api/cart/cart-1', respond: answerFor(cartInput(1), {}, false) },
      { method: 'DELETE', url: '/api/cart/cart-1/products/1011', respond: answerFor(cartInput(0), {}, false) },
      { url: /\/api\/content\/page/, respond: CONTENT },
    ]);
    await renderApp('/cart/');
    fireEvent.click(await screen.findByTestId('remove-1011'));
    expect(await screen.findByTestId('cart-empty')).toHaveTextContent('Je winkelwagen is leeg.');
    expect(screen.getByTestId('cart-count')).toHaveTextContent('0');
  });

  it('warns when fewer are in stock than the cart asks for (engine stock warnings)', async () => {
    localStorage.setItem('hoofbeat.cartId', JSON.stringify('cart-1'));
    const input = cartInput(3);
    input.catalog[0]!.stock = 2;
    mockApi([{ url: '/api/cart/cart-1', respond: answerFor(input) }]);
    await renderApp('/cart/');
    expect(await screen.findByTestId('stock-warning')).toHaveTextContent('Er zijn nog maar 2 stuks op voorraad');
    expect(screen.getByTestId('cart-count')).toHaveTextContent('3');
  });

  it('on a phone the total and the way to the checkout are at the top too', async () => {
    localStorage.setItem('hoofbeat.cartId', JSON.stringify('cart-1'));
    mockApi([{ url: '/api/cart/cart-1', respond: answerFor(cartInput(1)) }]);
    await renderApp('/cart/');
    const bar = await screen.findByTestId('cart-checkout-bar');
    expect(screen.getByTestId('cart-checkout-bar-total')).toHaveTextContent('€ 29,90');
    expect(within(bar).getByRole('button', { name: 'Afrekenen' })).toBe(screen.getByTestId('to-checkout-top'));
    // Before the lines.
    expect(bar.compareDocumentPosition(screen.getByTestId('cart-line')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('never cuts a sample name off at its limit: the count and the engine’s message instead, and nothing is sent', async () => {
    localStorage.setItem('hoofbeat.cartId', JSON.stringify('cart-1'));
    const input = cartInput(1);
    input.catalog[0]!.productType = 4;
    const requests = mockApi([{ url: '/api/cart/cart-1', respond: answerFor(input) }]);
    await renderApp('/cart/');
    const name = await screen.findByTestId('sample-1011-1');
    expect(name).not.toHaveAttribute('maxlength');
    expect(screen.queryByTestId('character-count-sample-1011-1')).toBeNull();
    const long = 'Hooi van het achterste perceel, '.repeat(10).slice(0, 300);
    fireEvent.change(name, { target: { value: long } });
    expect(name).toHaveValue(long);
    expect(screen.getByTestId('character-count-sample-1011-1')).toHaveTextContent('Je hebt 200 tekens te veel');
    fireEvent.blur(name);
    expect(await screen.findByTestId('sample-1011-1-error')).toHaveTextContent('Dit veld mag maximaal 100 tekens bevatten');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(/Je kunt maximaal 100 tekens invullen Dit veld mag maximaal 100 tekens bevatten$/);
    expect(requests.some((request) => request.url.includes('rqssamplename'))).toBe(false);
  });

  it('compares calculations by value, not by key order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: undefined, c: '1.00' }] })).toBe(canonicalJson({ a: [{ c: '1.00', d: null }], b: 1 }));
  });
});
