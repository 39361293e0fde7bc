import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { JAN } from '../../test/account';
import { mockApi, type MockRoute } from '../../test/api';
import { renderApp } from '../../test/app';
import { answerFor, cartInput } from '../../test/cart';
import { sessionAtom, type Session } from '../../state';

const COUNTRIES = [
  { countryId: 1, regionCode: 'NL', localizedName: 'Nederland' },
  { countryId: 3, regionCode: 'DE', localizedName: 'Duitsland' },
];

/** Jan's account with a company and an alternative delivery address in Germany. */
const ACCOUNT = {
  ...JAN,
  billing: {
    firstName: 'Jan',
    lastName: 'de Vries',
    emailAddress: 'facturen@devries-stal.nl',
    phoneNumber: '+31612345678',
    address: { street: 'Oudegracht', streetNumber: '12', streetNumberAddition: 'bis', zipcode: '3511 AP', city: 'Utrecht', countryId: 1 },
  },
  company: { companyName: 'Stal De Vries', vatNumber: 'NL123456789B01' },
  shipping: {
    firstName: 'Janna',
    lastName: 'de Vries',
    address: { street: 'Hauptstraße', streetNumber: '5', streetNumberAddition: null, zipcode: '47533', city: 'Kleve', countryId: 3 },
    shippingMethod: 0,
  },
  alternativeShippingAddress: true,
};

const SIGNED_IN: Session = { status: 'signedIn', account: { firstName: 'Jan', unreadQuickscanResults: 0 } };

const ANNA = {
  firstName: 'Anna',
  lastName: 'Jansen',
  emailAddress: 'anna@example.nl',
  address: { zipcode: '1011 AB', street: 'Damrak', streetNumber: '1', city: 'Amsterdam', countryId: 1 },
};

function withCart(answer: MockRoute['respond'], extra: MockRoute[] = []) {
  localStorage.setItem('hoofbeat.cartId', JSON.stringify('cart-1'));
  mockApi([{ url: '/api/cart/cart-1', respond: answer }, { url: '/api/countries/localizedname', respond: COUNTRIES }, ...extra]);
}

/** The form's fields by name, as the visitor sees them. */
function fieldValues(form: HTMLElement, names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, form.querySelector<HTMLInputElement>(`[name=${name}]`)?.value ?? '(none)']));
}

const BILLING_FIELDS = [
  'firstName',
  'lastName',
  'emailAddress',
  'phoneNumber',
  'zipcode',
  'streetNumber',
  'streetNumberAddition',
  'street',
  'city',
  'countryId',
];

describe('checkout of a signed-in customer: billing starts from the account', () => {
  it('fills in an empty billing form with the account’s data, company and VAT number included', async () => {
    withCart(answerFor(cartInput(1)), [{ url: '/api/account', respond: ACCOUNT }]);
    await renderApp('/checkout/billing/', { session: SIGNED_IN });
    const form = await screen.findByTestId('billing-form');
    expect(fieldValues(form, [...BILLING_FIELDS, 'companyName', 'vatNumber'])).toEqual({
      firstName: 'Jan',
      lastName: 'de Vries',
      emailAddress: 'facturen@devries-stal.nl',
      phoneNumber: '+31612345678',
      zipcode: '3511 AP',
      streetNumber: '12',
      streetNumberAddition: 'bis',
      street: 'Oudegracht',
      city: 'Utrecht',
      countryId: '1',
      companyName: 'Stal De Vries',
      vatNumber: 'NL123456789B01',
    });
    expect(screen.getByTestId('business')).toBeChecked();
  });

  it('takes the account’s own name, e-mail and phone when it has no billing block', async () => {
    withCart(answerFor(cartInput(1)), [{ url: '/api/account', respond: { ...JAN, billing: null } }]);
    await renderApp('/checkout/billing/', { session: SIGNED_IN });
    const form = await screen.findByTestId('billing-form');
    expect(fieldValues(form, ['firstName', 'lastName', 'emailAddress', 'phoneNumber', 'zipcode', 'countryId'])).toEqual({
      firstName: 'Jan',
      lastName: 'de Vries',
      emailAddress: 'jan.devries@example.com',
      phoneNumber: '+31302345678',
      zipcode: '',
      countryId: '1',
    });
    expect(screen.getByTestId('business')).not.toBeChecked();
  });

  it('never replaces the billing data the cart holds', async () => {
    withCart(answerFor(cartInput(1), { billing: ANNA }), [{ url: '/api/account', respond: ACCOUNT }]);
    await renderApp('/checkout/billing/', { session: SIGNED_IN });
    const form = await screen.findByTestId('billing-form');
    expect(fieldValues(form, ['firstName', 'lastName', 'emailAddress', 'phoneNumber', 'zipcode', 'street', 'city'])).toEqual({
      firstName: 'Anna',
      lastName: 'Jansen',
      emailAddress: 'anna@example.nl',
      phoneNumber: '',
      zipcode: '1011 AB',
      street: 'Damrak',
      city: 'Amsterdam',
    });
    expect(screen.getByTestId('business')).not.toBeChecked();
  });

  it('offers no account with a password to a signed-in customer; a visitor is offered one', async () => {
    withCart(answerFor(cartInput(1)), [{ url: '/api/account', respond: ACCOUNT }]);
    const signedIn = await renderApp('/checkout/billing/', { session: SIGNED_IN });
    await screen.findByTestId('billing-form');
    expect(screen.queryByTestId('create-account')).toBeNull();
    expect(screen.queryByText('Maak een account aan met een wachtwoord (optioneel)')).toBeNull();
    signedIn.view.unmount();

    withCart(answerFor(cartInput(1)));
    await renderApp('/checkout/billing/');
    await screen.findByTestId('billing-form');
    expect(screen.getByTestId('create-account')).not.toBeChecked();
  });
});

describe('signing in at the checkout', () => {
  it('signs the customer in (no shop header in the checkout), fills in billing from the account and offers no new account', async () => {
    mockApi([
      { method: 'POST', url: '/api/authentication/isauthenticated', respond: false },
      { method: 'POST', url: '/api/authentication/signin', respond: { ...ACCOUNT, shoppingcartId: 'cart-1' } },
      { url: '/api/cart/cart-1', respond: answerFor(cartInput(1)) },
      { url: '/api/countries/localizedname', respond: COUNTRIES },
    ]);
    const { router, store } = await renderApp('/checkout/login/');
    const login = await screen.findByTestId('checkout-login');
    fireEvent.change(login.querySelector('[name=emailAddress]') as Element, { target: { value: 'jan.devries@example.com' } });
    fireEvent.change(login.querySelector('[name=password]') as Element, { target: { value: 'geheim123' } });
    fireEvent.submit(login.querySelector('form') as HTMLFormElement);
    const form = await screen.findByTestId('billing-form');
    expect(router.state.location.pathname).toBe('/checkout/billing/');
    // The checkout's focused frame has no shop header to greet in: the session holds Jan.
    expect(screen.queryByTestId('site-header')).toBeNull();
    expect(store.get(sessionAtom)).toEqual({ status: 'signedIn', account: { firstName: 'Jan', unreadQuickscanResults: 2 } });
    expect(fieldValues(form, ['firstName', 'emailAddress', 'zipcode', 'companyName'])).toEqual({
      firstName: 'Jan',
      emailAddress: 'facturen@devries-stal.nl',
      zipcode: '3511 AP',
      companyName: 'Stal De Vries',
    });
    expect(screen.queryByTestId('create-account')).toBeNull();
  });
});

describe('checkout of a signed-in customer: delivery starts from the account', () => {
  it('chooses the account’s alternative address and fills it in when the cart has no delivery yet', async () => {
    withCart(answerFor(cartInput(1), { billing: ANNA }), [{ url: '/api/account', respond: ACCOUNT }]);
    await renderApp('/checkout/delivery/', { session: SIGNED_IN });
    const form = await screen.findByTestId('delivery-form');
    expect(screen.getByTestId('delivery-alternative')).toBeChecked();
    expect(fieldValues(form, ['firstName', 'lastName', 'zipcode', 'streetNumber', 'streetNumberAddition', 'street', 'city', 'countryId'])).toEqual({
      firstName: 'Janna',
      lastName: 'de Vries',
      zipcode: '47533',
      streetNumber: '5',
      streetNumberAddition: '',
      street: 'Hauptstraße',
      city: 'Kleve',
      countryId: '3',
    });
  });

  it('keeps the delivery the cart holds', async () => {
    const shipping = {
      firstName: 'Piet',
      lastName: 'Bakker',
      address: { zipcode: '2511 CV', street: 'Lange Poten', streetNumber: '7', city: 'Den Haag', countryId: 1 },
      shippingMethod: 0 as const,
    };
    withCart(answerFor(cartInput(1), { billing: ANNA, shipping, alternativeShippingAddress: true }), [{ url: '/api/account', respond: ACCOUNT }]);
    await renderApp('/checkout/delivery/', { session: SIGNED_IN });
    const form = await screen.findByTestId('delivery-form');
    expect(screen.getByTestId('delivery-alternative')).toBeChecked();
    expect(fieldValues(form, ['firstName', 'lastName', 'zipcode', 'street', 'city', 'countryId'])).toEqual({
      firstName: 'Piet',
      lastName: 'Bakker',
      zipcode: '2511 CV',
      street: 'Lange Poten',
      city: 'Den Haag',
      countryId: '1',
    });
  });

  it('keeps home delivery when the cart chose it', async () => {
    withCart(answerFor(cartInput(1), { billing: ANNA, shipping: { shippingMethod: 0 } }), [{ url: '/api/account', respond: ACCOUNT }]);
    await renderApp('/checkout/delivery/', { session: SIGNED_IN });
    await screen.findByTestId('delivery-form');
    await waitFor(() => expect(screen.getByTestId('delivery-home')).toBeChecked());
    expect(screen.getByTestId('delivery-alternative')).not.toBeChecked();
  });
});
