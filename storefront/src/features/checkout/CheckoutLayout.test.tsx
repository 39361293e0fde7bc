import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { mockApi, type MockRoute } from '../../test/api';
import { renderApp } from '../../test/app';
import { answerFor, cartInput } from '../../test/cart';

const COUNTRIES = [{ countryId: 1, regionCode: 'NL', localizedName: 'Nederland' }];

const billing = {
  firstName: 'Anna',
  lastName: 'de Vries',
  emailAddress: 'anna@example.nl',
  address: { zipcode: '3511 AZ', street: 'Oudegracht', streetNumber: '1', city: 'Utrecht', countryId: 1 },
};

function withCart(answer: MockRoute['respond'], extra: MockRoute[] = []) {
  localStorage.setItem('hoofbeat.cartId', JSON.stringify('cart-1'));
  mockApi([{ url: '/api/cart/cart-1', respond: answer }, { url: '/api/countries/localizedname', respond: COUNTRIES }, ...extra]);
}

describe('the focused checkout', () => {
  it('shows the brand (a link home), the steps and the help line: no shop navigation, search, footer or newsletter', async () => {
    withCart(answerFor(cartInput(1)));
    await renderApp('/checkout/billing/');
    await screen.findByTestId('billing-form');
    const header = screen.getByTestId('checkout-header');
    expect(within(header).getByRole('link', { name: 'Hoefslag' })).toHaveAttribute('href', '/');
    const help = await within(header).findByTestId('checkout-help');
    expect(help).toHaveTextContent('Vragen over je bestelling? We helpen je graag.');
    expect(within(help).getByRole('link', { name: 'Telefoon: +31881234500' })).toHaveAttribute('href', 'tel:+31881234500');
    expect(within(help).getByRole('link', { name: 'E-mail: klantenservice@hoefslag.example' })).toHaveAttribute(
      'href',
      'mailto:klantenservice@hoefslag.example',
    );
    expect(screen.getByRole('navigation', { name: 'Afrekenen' })).toBeInTheDocument();
    // Nothing of the shop's frame.
    for (const testId of ['site-header', 'primary-navigation', 'notification-bar', 'footer', 'newsletter-signup', 'customer-service']) {
      expect(screen.queryByTestId(testId), testId).toBeNull();
    }
    expect(screen.queryByRole('search')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    // Only the brand and the help links lead away from the checkout's own pages.
    const away = within(header)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(away).toEqual(['/', 'tel:+31881234500', 'mailto:klantenservice@hoefslag.example']);
  });

  it('the cart page keeps the shop’s frame', async () => {
    withCart(answerFor(cartInput(1)));
    await renderApp('/cart/');
    await screen.findByTestId('page-cart');
    expect(screen.getByTestId('site-header')).toBeInTheDocument();
    expect(screen.queryByTestId('checkout-header')).toBeNull();
    expect(await screen.findByTestId('footer')).toBeInTheDocument();
  });

  it('shows the order summary as the server calculated the cart, closed on a phone with the total on its button', async () => {
    withCart(answerFor(cartInput(1), { billing }));
    await renderApp('/checkout/delivery/');
    await screen.findByTestId('delivery-form');
    const summary = screen.getByTestId('order-summary');
    const toggle = within(summary).getByRole('button', { name: 'Toon je bestelling € 29,90' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = screen.getByTestId('order-summary-panel');
    expect(toggle).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveAttribute('data-open', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Verberg je bestelling € 29,90');
    expect(panel).toHaveAttribute('data-open', 'true');
    expect(summary).toHaveAccessibleName('Je bestelling 1 artikel in je winkelwagen');
    const line = within(panel).getByTestId('order-summary-line');
    expect(line).toHaveTextContent('1 × Hoefslag Sport Muesli');
    expect(line).toHaveTextContent('€ 24,95');
    expect(within(panel).getByTestId('order-summary-subtotal')).toHaveTextContent('€ 24,95');
    expect(within(panel).getByTestId('order-summary-shipping')).toHaveTextContent('€ 4,95');
    expect(within(panel).getByTestId('order-summary-total')).toHaveTextContent('€ 29,90');
    expect(within(panel).queryByTestId('order-summary-payment-costs')).toBeNull();
    expect(within(panel).getByRole('link', { name: 'Winkelwagen wijzigen' })).toHaveAttribute('href', '/cart/');
    expect(within(panel).getByTestId('cart-count')).toHaveTextContent('1');
  });

  it('has no second summary on the confirmation step, which is the summary', async () => {
    withCart(answerFor(cartInput(1), { billing, shippingMethod: 0, payment: { paymentMethodId: 1, issuer: null, giftCardNumber: null } }), [
      {
        url: '/api/paymentmethods',
        respond: [{ paymentMethodId: 1, key: 'banktransfer', name: 'Overboeking', costs: '0.00', flow: 'offline', requiresIssuer: false, issuers: [] }],
      },
    ]);
    await renderApp('/checkout/complete/');
    await screen.findByTestId('confirm-step');
    expect(screen.queryByTestId('order-summary')).toBeNull();
  });
});

describe('an empty checkout form', () => {
  it('lists its errors at the top in the order of the fields; the summary takes the focus and its first link focuses the first field', async () => {
    withCart(answerFor(cartInput(1)));
    await renderApp('/checkout/billing/');
    const form = await screen.findByTestId('billing-form');
    fireEvent.click(within(form).getByTestId('billing-submit'));
    const summary = await within(form).findByTestId('error-summary');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(summary).toHaveAttribute('role', 'alert');
    expect(within(summary).getByRole('heading', { level: 2 })).toHaveTextContent('Er is een probleem');
    expect(form.firstElementChild).toBe(summary);
    const links = within(summary).getAllByRole('link');
    const invalid = Array.from(form.querySelectorAll<HTMLElement>('[aria-invalid="true"]'));
    expect(links.map((link) => link.getAttribute('href'))).toEqual(invalid.map((field) => `#${field.id}`));
    expect(links.map((link) => link.getAttribute('href')).slice(0, 3)).toEqual(['#field-firstName', '#field-lastName', '#field-emailAddress']);
    expect(links[0]).toHaveTextContent('Voornaam: Dit is een verplicht veld');
    // The fields keep their messages.
    expect(screen.getByTestId('error-firstName')).toHaveTextContent('Dit is een verplicht veld');
    fireEvent.click(links[0] as HTMLElement);
    expect(screen.getByLabelText('Voornaam')).toHaveFocus();
  });
});
