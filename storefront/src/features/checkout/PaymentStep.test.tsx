import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { setApiContext } from '../../api/client';
import { toSite } from '../../api/sites';
import type { CartInput } from '../../engine';
import { json, mockApi, type MockRoute } from '../../test/api';
import { HOEFSLAG_NL, renderApp } from '../../test/app';
import { answerFor, cartInput } from '../../test/cart';

const COUNTRIES = [
  { countryId: 1, regionCode: 'NL', localizedName: 'Nederland' },
  { countryId: 3, regionCode: 'DE', localizedName: 'Duitsland' },
];

/** The German site of fixtures/sites.json (language de, site country DE). */
const HOEFSLAG_DE = toSite({
  ...HOEFSLAG_NL,
  siteId: 3,
  name: 'Hoefslag DE',
  domain: 'de.hoefslag.localhost',
  countryId: 3,
  languages: [
    { languageId: 3, culture: 'de', localizedName: 'Deutsch' },
    { languageId: 2, culture: 'en', localizedName: 'English' },
  ],
  fallbackLanguageId: 3,
});

/** `GET /api/paymentmethods` of the German site, in German (as fixtures/paymentMethods.json). */
const GERMAN_METHODS = [
  { paymentMethodId: 3, key: 'card', name: 'Kreditkarte', costs: '0.29', flow: 'redirect', requiresIssuer: false, issuers: [] },
  { paymentMethodId: 4, key: 'paypal', name: 'PayPal', costs: '0.35', flow: 'redirect', requiresIssuer: false, issuers: [] },
  { paymentMethodId: 5, key: 'giftcard', name: 'Geschenkkarte', costs: '0.00', flow: 'giftCard', requiresIssuer: false, issuers: [] },
  { paymentMethodId: 6, key: 'banktransfer', name: 'Überweisung', costs: '0.00', flow: 'offline', requiresIssuer: false, issuers: [] },
];

/** The Dutch site's list, with the server's banks (not the ones the storefront used to hard-code). */
const DUTCH_METHODS = [
  {
    paymentMethodId: 1,
    key: 'ideal',
    name: 'iDEAL',
    costs: '0.00',
    flow: 'redirect',
    requiresIssuer: true,
    issuers: [
      { issuerId: 'ideal_INGBNL2A', name: 'ING' },
      { issuerId: 'ideal_TESTNL99', name: 'Testbank' },
    ],
  },
  { paymentMethodId: 3, key: 'card', name: 'Creditcard', costs: '0.29', flow: 'redirect', requiresIssuer: false, issuers: [] },
];

const billing = (countryId: number) => ({
  firstName: 'Anna',
  lastName: 'de Vries',
  emailAddress: 'anna@example.nl',
  address: { zipcode: '3511 AZ', street: 'Oudegracht', streetNumber: '1', city: 'Utrecht', countryId },
});

/** A cart input whose site also offers the card (0.29), with `paymentMethodId` chosen. */
function withCard(input: CartInput, paymentMethodId: number): CartInput {
  const site = input.site as unknown as { paymentMethods: { paymentMethodId: number; costs: string }[] };
  return {
    ...input,
    site: { ...input.site, paymentMethods: [...site.paymentMethods, { paymentMethodId: 3, costs: '0.29' }] },
    paymentMethodId,
  };
}

function withCart(methods: MockRoute['respond'], countryId = 1, extra: MockRoute[] = []) {
  localStorage.setItem('hoofbeat.cartId', JSON.stringify('cart-1'));
  return mockApi([
    { url: '/api/cart/cart-1', respond: answerFor(cartInput(1), { billing: billing(countryId) }) },
    { url: '/api/countries/localizedname', respond: COUNTRIES },
    { url: '/api/paymentmethods', respond: methods },
    ...extra,
  ]);
}

describe('payment step: the methods from GET /api/paymentmethods', () => {
  it("German site: the server's names, non-zero costs in the engine's format, the gift card apart", async () => {
    setApiContext({ siteId: 3, languageId: 3 });
    const requests = withCart(GERMAN_METHODS, 3);
    await renderApp('/checkout/payment/', { site: HOEFSLAG_DE, culture: 'de' });
    const list = await screen.findByTestId('payment-methods');
    const card = screen.getByTestId('payment-card').closest('label') as HTMLElement;
    expect(card).toHaveTextContent(/^Kreditkarte€ 0,29$/);
    expect(screen.getByTestId('payment-costs-card')).toHaveTextContent(/^€ 0,29$/);
    expect(screen.getByTestId('payment-costs-paypal')).toHaveTextContent(/^€ 0,35$/);
    // Free methods show no costs.
    expect(screen.getByTestId('payment-banktransfer').closest('label')).toHaveTextContent(/^Überweisung$/);
    expect(screen.queryByTestId('payment-costs-banktransfer')).toBeNull();
    // The gift card is not a radio option but its own box.
    expect(screen.queryByTestId('payment-giftcard')).toBeNull();
    expect(screen.getByTestId('gift-card')).toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('data-testid')),
    ).toEqual(['payment-card', 'payment-paypal', 'payment-banktransfer']);
    // No method needs a bank: no bank choice.
    fireEvent.click(screen.getByTestId('payment-card'));
    expect(screen.queryByTestId('issuer')).toBeNull();
    const asked = requests.filter((request) => request.url === '/api/paymentmethods');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.headers).toMatchObject({ siteid: '3', languageid: '3' });
  });

  it('iDEAL: the banks of the server, required, and sent with the method', async () => {
    const requests = withCart(DUTCH_METHODS, 1, [
      {
        method: 'POST',
        url: '/api/cart/cart-1/payment',
        respond: answerFor(
          { ...cartInput(1), paymentMethodId: 1 },
          { billing: billing(1), payment: { paymentMethodId: 1, issuer: 'ideal_TESTNL99', giftCardNumber: null } },
        ),
      },
    ]);
    const { router } = await renderApp('/checkout/payment/');
    await screen.findByTestId('payment-methods');
    expect(screen.getByTestId('payment-ideal').closest('label')).toHaveTextContent(/^iDEAL$/);
    expect(screen.getByTestId('payment-costs-card')).toHaveTextContent(/^€ 0,29$/);
    // The site offers no gift card.
    expect(screen.queryByTestId('gift-card')).toBeNull();
    expect(screen.queryByTestId('issuer')).toBeNull();
    fireEvent.click(screen.getByTestId('payment-ideal'));
    const banks = screen.getByTestId('issuer');
    expect(screen.getByLabelText('Kies je bank')).toBe(banks);
    expect(
      within(banks)
        .getAllByRole('option')
        .map((option) => [option.getAttribute('value'), option.textContent]),
    ).toEqual([
      ['', expect.any(String)],
      ['ideal_INGBNL2A', 'ING'],
      ['ideal_TESTNL99', 'Testbank'],
    ]);
    fireEvent.click(screen.getByTestId('payment-submit'));
    expect(await screen.findByTestId('error-issuer')).toHaveTextContent('Dit is een verplicht veld');
    fireEvent.change(banks, { target: { value: 'ideal_TESTNL99' } });
    fireEvent.click(screen.getByTestId('payment-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/complete/'));
    const sent = requests.find((request) => request.method === 'POST' && request.url === '/api/cart/cart-1/payment');
    expect(sent?.body).toEqual({ paymentMethodId: 1, issuer: 'ideal_TESTNL99', giftCardNumber: null, giftCardPin: null });
    await waitFor(() => expect(screen.getByTestId('summary-payment')).toHaveTextContent('iDEAL (Testbank)'));
  });

  it('a method without a bank sends no issuer', async () => {
    const requests = withCart(DUTCH_METHODS, 1, [
      {
        method: 'POST',
        url: '/api/cart/cart-1/payment',
        respond: answerFor(withCard(cartInput(1), 3), { billing: billing(1), payment: { paymentMethodId: 3, issuer: null, giftCardNumber: null } }),
      },
    ]);
    const { router } = await renderApp('/checkout/payment/');
    fireEvent.click(await screen.findByTestId('payment-ideal'));
    fireEvent.change(screen.getByTestId('issuer'), { target: { value: 'ideal_INGBNL2A' } });
    fireEvent.click(screen.getByTestId('payment-card'));
    expect(screen.queryByTestId('issuer')).toBeNull();
    fireEvent.click(screen.getByTestId('payment-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/complete/'));
    const sent = requests.find((request) => request.method === 'POST' && request.url === '/api/cart/cart-1/payment');
    expect(sent?.body).toMatchObject({ paymentMethodId: 3, issuer: null });
    await waitFor(() => expect(screen.getByTestId('summary-payment')).toHaveTextContent(/^BetalenCreditcardWijzigen$/));
  });

  it('shows a loading state until the list arrives', async () => {
    let answer: (value: Response) => void = () => undefined;
    withCart(() => new Promise<Response>((resolve) => (answer = resolve)));
    await renderApp('/checkout/payment/');
    const form = await screen.findByTestId('payment-form');
    expect(within(form).getByRole('status')).toHaveTextContent('Bezig met laden…');
    expect(screen.queryByTestId('payment-methods')).toBeNull();
    expect(screen.getByTestId('payment-submit')).toBeDisabled();
    answer(json(DUTCH_METHODS));
    expect(await screen.findByTestId('payment-ideal')).toBeInTheDocument();
    expect(within(form).queryByRole('status')).toBeNull();
    expect(screen.getByTestId('payment-submit')).toBeEnabled();
  });

  it('a failed list shows the error box; retry asks again', async () => {
    let calls = 0;
    withCart(() => (++calls === 1 ? json({ status: 500, message: 'boom' }, 500) : json(DUTCH_METHODS)));
    await renderApp('/checkout/payment/');
    const form = await screen.findByTestId('payment-form');
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Oeps, hier ging iets mis!');
    expect(screen.queryByTestId('payment-methods')).toBeNull();
    fireEvent.click(within(alert).getByText('Probeer het opnieuw'));
    expect(await screen.findByTestId('payment-ideal')).toBeInTheDocument();
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(calls).toBe(2);
  });

  it('a site without payment methods says so', async () => {
    withCart([]);
    await renderApp('/checkout/payment/');
    expect(await screen.findByTestId('payment-none')).toHaveTextContent('Er zijn op dit moment geen betaalmethoden beschikbaar.');
    expect(screen.queryAllByRole('radio')).toEqual([]);
    expect(screen.queryByTestId('gift-card')).toBeNull();
  });
});
