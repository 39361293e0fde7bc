import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { json, mockApi, type MockRoute } from '../../test/api';
import { renderApp } from '../../test/app';
import { answerFor, cartInput } from '../../test/cart';

const COUNTRIES = [
  { countryId: 1, regionCode: 'NL', localizedName: 'Nederland' },
  { countryId: 3, regionCode: 'DE', localizedName: 'Duitsland' },
];

const billing = {
  firstName: 'Anna',
  lastName: 'de Vries',
  emailAddress: 'anna@example.nl',
  address: { zipcode: '3511 AZ', street: 'Oudegracht', streetNumber: '1', city: 'Utrecht', countryId: 1 },
};

/** `GET /api/paymentmethods`: the name and the banks of the chosen method come from here. */
const PAYMENT_METHODS = [
  {
    paymentMethodId: 1,
    key: 'ideal',
    name: 'iDEAL',
    costs: '0.00',
    flow: 'redirect',
    requiresIssuer: true,
    issuers: [
      { issuerId: 'ideal_ABNANL2A', name: 'ABN AMRO' },
      { issuerId: 'ideal_INGBNL2A', name: 'ING' },
    ],
  },
];

function withCart(answer: MockRoute['respond'], extra: MockRoute[] = []) {
  localStorage.setItem('hoofbeat.cartId', JSON.stringify('cart-1'));
  mockApi([{ url: '/api/cart/cart-1', respond: answer }, { url: '/api/countries/localizedname', respond: COUNTRIES }, ...extra]);
}

/** The address fields of the billing form, in the order the page shows them. */
function addressOrder(): string[] {
  const form = screen.getByTestId('billing-form');
  const names = ['countryId', 'zipcode', 'street', 'streetNumber', 'streetNumberAddition', 'city'];
  return Array.from(form.querySelectorAll<HTMLElement>('[data-field]'))
    .map((field) => field.dataset.field ?? '')
    .filter((name) => names.includes(name));
}

describe('the billing address in its country’s order (the engine’s address form)', () => {
  it('shows a Dutch address by postcode first and a German one by street first, the country always first', async () => {
    withCart(answerFor(cartInput(1), { billing }));
    await renderApp('/checkout/billing/');
    await screen.findByTestId('billing-form');
    await waitFor(() => expect(addressOrder()).toEqual(['countryId', 'zipcode', 'streetNumber', 'streetNumberAddition', 'street', 'city']));
    fireEvent.change(screen.getByLabelText('Land'), { target: { value: '3' } });
    await waitFor(() => expect(addressOrder()).toEqual(['countryId', 'street', 'streetNumber', 'streetNumberAddition', 'zipcode', 'city']));
  });
});

describe('checkout gates (engine checkout.gates)', () => {
  it('an empty cart cannot open billing: to the cart', async () => {
    withCart(answerFor(cartInput(0)));
    const { router } = await renderApp('/checkout/billing/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart/'));
  });

  it('payment without a billing country goes to billing, with the reasons translated', async () => {
    withCart(answerFor(cartInput(1)));
    const { router } = await renderApp('/checkout/payment/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/billing/'));
    expect(await screen.findByTestId('gate-reasons')).toHaveTextContent('Kies het land van je factuuradres');
    expect(screen.getByTestId('billing-form')).toBeInTheDocument();
  });

  it('opens the delivery step once billing has a country', async () => {
    withCart(answerFor(cartInput(1), { billing }));
    const { router } = await renderApp('/checkout/delivery/');
    expect(await screen.findByTestId('delivery-form')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout/delivery/');
  });

  it('confirmation needs a payment method: to the first open step with the reason', async () => {
    withCart(answerFor(cartInput(1), { billing }));
    const { router } = await renderApp('/checkout/complete/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/billing/'));
    expect(await screen.findByTestId('gate-reasons')).toHaveTextContent('Kies een betaalmethode');
  });

  it('with a payment method chosen the confirmation opens', async () => {
    withCart(answerFor({ ...cartInput(1), paymentMethodId: 1 }, { billing, payment: { paymentMethodId: 1, issuer: 'ideal_INGBNL2A', giftCardNumber: null } }), [
      { url: '/api/paymentmethods', respond: PAYMENT_METHODS },
    ]);
    await renderApp('/checkout/complete/');
    // The method's name and bank come from GET /api/paymentmethods.
    await waitFor(() => expect(screen.getByTestId('confirm-step')).toHaveTextContent('iDEAL (ING)'));
    expect(screen.getByTestId('place-order')).toHaveTextContent('Bestellen en betalen');
  });
});

describe('checkout forms', () => {
  it("shows the server's field errors next to their fields", async () => {
    localStorage.setItem('hoofbeat.cartId', JSON.stringify('cart-1'));
    mockApi([
      { url: '/api/cart/cart-1', respond: answerFor(cartInput(1)) },
      { url: '/api/countries/localizedname', respond: COUNTRIES },
      {
        method: 'POST',
        url: '/api/cart/cart-1/billing',
        respond: new Response(
          JSON.stringify({
            status: 400,
            code: 'errors.badRequest',
            message: 'Payload is incorrect',
            fieldErrors: { phoneNumber: [{ key: 'validation.invalidPhone', message: 'Dit telefoonnummer is niet geldig' }] },
          }),
          { status: 400, headers: { 'Content-Type': 'application/json' } },
        ),
      },
    ]);
    await renderApp('/checkout/billing/');
    const form = await screen.findByTestId('billing-form');
    const fill = (name: string, value: string) => fireEvent.change(form.querySelector(`[name=${name}]`) as Element, { target: { value } });
    fill('firstName', 'Anna');
    fill('lastName', 'de Vries');
    fill('emailAddress', 'anna@example.nl');
    fill('phoneNumber', '0612345678');
    fill('zipcode', '3511 AZ');
    fill('streetNumber', '150');
    fill('street', 'Oudegracht');
    fill('city', 'Utrecht');
    fireEvent.click(screen.getByTestId('billing-submit'));
    expect(await screen.findByTestId('error-phoneNumber')).toHaveTextContent('Dit telefoonnummer is niet geldig');
    expect(form.querySelector('[name=phoneNumber]')).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the fields with the engine before anything is sent', async () => {
    withCart(answerFor(cartInput(1)));
    await renderApp('/checkout/billing/');
    const form = await screen.findByTestId('billing-form');
    fireEvent.change(form.querySelector('[name=emailAddress]') as Element, { target: { value: 'geen-adres' } });
    fireEvent.change(form.querySelector('[name=zipcode]') as Element, { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('billing-submit'));
    expect(await screen.findByTestId('error-emailAddress')).toHaveTextContent('Dit e-mailadres is niet geldig');
    expect(screen.getByTestId('error-zipcode')).toHaveTextContent('Deze postcode is niet geldig');
    expect(screen.getByTestId('error-firstName')).toHaveTextContent('Dit is een verplicht veld');
  });
});

describe('placing the order fails', () => {
  const confirmable = (order: MockRoute['respond']) =>
    withCart(answerFor({ ...cartInput(1), paymentMethodId: 1 }, { billing, payment: { paymentMethodId: 1, issuer: 'ideal_INGBNL2A', giftCardNumber: null } }), [
      { url: '/api/paymentmethods', respond: PAYMENT_METHODS },
      { method: 'POST', url: '/api/cart/cart-1/order', respond: order },
    ]);

  async function place() {
    await renderApp('/checkout/complete/');
    await waitFor(() => expect(screen.getByTestId('confirm-step')).toHaveTextContent('iDEAL (ING)'));
    fireEvent.click(screen.getByTestId('accept-terms'));
    fireEvent.click(screen.getByTestId('place-order'));
    return screen.findByTestId('order-error');
  }

  it('without a reason the visitor can act on: try again or ask customer service, never the server’s own text', async () => {
    confirmable(json({ status: 500, code: 'errors.unexpectedServer', message: 'An unexpected server error occurred.' }, 500));
    const error = await place();
    expect([...error.querySelectorAll('p')].map((line) => line.textContent)).toEqual([
      'Er is iets mis gegaan tijdens het plaatsen van de bestelling.',
      'Er is iets mis gegaan, probeer het nogmaals of neem contact op met onze klantenservice.',
    ]);
  });

  it('with a known reason: that reason', async () => {
    confirmable(json({ status: 409, code: 'errors.outOfStock', message: 'Niet op voorraad' }, 409));
    const error = await place();
    expect([...error.querySelectorAll('p')].map((line) => line.textContent)).toEqual([
      'Er is iets mis gegaan tijdens het plaatsen van de bestelling.',
      'Een of meer producten zijn niet meer (voldoende) op voorraad.',
    ]);
  });
});
