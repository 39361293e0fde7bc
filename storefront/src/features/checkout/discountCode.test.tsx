import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { json, mockApi, type MockRequest, type MockRoute } from '../../test/api';
import { renderApp } from '../../test/app';
import { answerFor, cartInput, DUTCH_BILLING, DUTCH_COUNTRIES } from '../../test/cart';

const COUNTRIES = DUTCH_COUNTRIES;

const billing = DUTCH_BILLING;

const PAYMENT_METHODS = [{ paymentMethodId: 1, key: 'ideal', name: 'iDEAL', costs: '0.00', flow: 'redirect', requiresIssuer: false, issuers: [] }];

/** The server's notice when it took a code off that the customer has used up. */
const CODE_USED_NOTICE = { code: 'errors.discountCodeUsed', message: 'You have already used this discount code; it was taken off the cart' };

function withCart(answer: MockRoute['respond'], extra: MockRoute[] = []): MockRequest[] {
  localStorage.setItem('hoofbeat.cartId', JSON.stringify('cart-1'));
  return mockApi([{ url: '/api/cart/cart-1', respond: answer }, { url: '/api/countries/localizedname', respond: COUNTRIES }, ...extra]);
}

describe('a discount code the customer has used up', () => {
  it('the billing step says the server took it off, and stays until the customer goes on without it', async () => {
    let saves = 0;
    const requests = withCart(answerFor(cartInput(1), { discountCode: 'WELKOM10' }), [
      {
        method: 'POST',
        url: '/api/cart/cart-1/billing',
        respond: () => {
          saves += 1;
          const answer = answerFor(cartInput(1), { billing, discountCode: null });
          return saves === 1 ? { ...answer, notices: [CODE_USED_NOTICE] } : answer;
        },
      },
    ]);
    const { router } = await renderApp('/checkout/billing/');
    const form = await screen.findByTestId('billing-form');
    const fill = (name: string, value: string) => fireEvent.change(form.querySelector(`[name=${name}]`) as Element, { target: { value } });
    fill('firstName', 'Anna');
    fill('lastName', 'de Vries');
    fill('emailAddress', 'anna@example.nl');
    fill('zipcode', '3511 AZ');
    fill('streetNumber', '1');
    fill('street', 'Oudegracht');
    fill('city', 'Utrecht');
    fireEvent.click(screen.getByTestId('billing-submit'));
    const removed = await screen.findByTestId('discount-code-removed');
    expect(removed).toHaveTextContent(
      'Kortingscode WELKOM10 is van je bestelling gehaald: je hebt hem al zo vaak gebruikt als mag. Je kunt verder zonder deze korting.',
    );
    expect(removed).toHaveAttribute('role', 'alert');
    expect(router.state.location.pathname).toBe('/checkout/billing/');
    // Said once, at this step: not again in the cart's notices above it.
    expect(screen.queryByTestId('cart-notices')).toBeNull();

    fireEvent.click(screen.getByTestId('billing-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/delivery/'));
    expect(requests.filter((request) => request.url === '/api/cart/cart-1/billing')).toHaveLength(2);
  });

  it('adding it once the e-mail address is known: the refusal (409) in the visitor’s language', async () => {
    withCart(answerFor(cartInput(1), { billing }), [
      {
        method: 'POST',
        url: '/api/cart/cart-1/discountcode?code=WELKOM10',
        respond: json({ status: 409, code: 'errors.discountCodeUsed', message: 'You have already used this discount code' }, 409),
      },
    ]);
    await renderApp('/cart/');
    const form = await screen.findByTestId('discount-code');
    fireEvent.change(within(form).getByRole('textbox'), { target: { value: 'WELKOM10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Toepassen' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Je hebt deze kortingscode al gebruikt.');
  });

  describe('the review step', () => {
    const confirmable = (order: MockRoute['respond'], code: string | null = 'WELKOM10') => {
      const input = { ...cartInput(1), paymentMethodId: 1 };
      const view = (discountCode: string | null) => ({ billing, discountCode, payment: { paymentMethodId: 1, issuer: null, giftCardNumber: null } });
      return withCart(answerFor(input, view(code)), [
        { url: '/api/paymentmethods', respond: PAYMENT_METHODS },
        { method: 'POST', url: '/api/cart/cart-1/order', respond: order },
        { method: 'DELETE', url: '/api/cart/cart-1/discountcode', respond: answerFor(input, view(null)) },
      ]);
    };

    it('shows the code with a button that takes it off', async () => {
      const requests = confirmable(json({}, 500));
      await renderApp('/checkout/complete/');
      const code = await screen.findByTestId('summary-discount-code');
      expect(code).toHaveTextContent('Kortingscode WELKOM10 is toegepast');
      fireEvent.click(within(code).getByRole('button', { name: 'Kortingscode verwijderen' }));
      await waitFor(() => expect(screen.queryByTestId('summary-discount-code')).toBeNull());
      expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.url)).toEqual(['/api/cart/cart-1/discountcode']);
    });

    it('without a code there is nothing to take off', async () => {
      confirmable(json({}, 500), null);
      await renderApp('/checkout/complete/');
      await screen.findByTestId('confirm-step');
      expect(screen.queryByTestId('summary-discount-code')).toBeNull();
    });

    it('an order refused for the used code says so; taking the code off clears the refusal', async () => {
      confirmable(json({ status: 409, code: 'errors.discountCodeUsed', message: 'You have already used this discount code' }, 409));
      await renderApp('/checkout/complete/');
      await waitFor(() => expect(screen.getByTestId('confirm-step')).toHaveTextContent('iDEAL'));
      fireEvent.click(screen.getByTestId('accept-terms'));
      fireEvent.click(screen.getByTestId('place-order'));
      const error = await screen.findByTestId('order-error');
      expect([...error.querySelectorAll('p')].map((line) => line.textContent)).toEqual([
        'Er is iets mis gegaan tijdens het plaatsen van de bestelling.',
        'Je hebt deze kortingscode al gebruikt.',
      ]);
      fireEvent.click(within(screen.getByTestId('summary-discount-code')).getByRole('button', { name: 'Kortingscode verwijderen' }));
      await waitFor(() => expect(screen.queryByTestId('order-error')).toBeNull());
      expect(screen.queryByTestId('summary-discount-code')).toBeNull();
    });
  });
});
