import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { toSite } from '../../api/sites';
import { json, mockApi } from '../../test/api';
import { HOEFSLAG_NL, renderApp } from '../../test/app';
import type { OrderView } from '../../api/orders';

const SITE = toSite({ ...HOEFSLAG_NL, checkoutSuccessPageId: 113, checkoutSuccessRqsPageId: 114, checkoutFailedPageId: 115 });

const order: OrderView = {
  orderId: 'o-secret',
  orderNumber: 'HS-2026-000201',
  status: 'paid',
  orderDate: Date.UTC(2026, 10, 22, 10),
  siteId: 1,
  languageId: 1,
  emailAddress: 'anna@example.nl',
  scanProductsOnly: true,
  alternativeShippingAddress: false,
  shippingMethod: 0,
  lines: [
    {
      lineNumber: 1,
      productId: 83,
      productVariantId: 1831,
      productType: 4,
      description: 'Hoefslag Hygiënescan Hooi',
      quantity: 2,
      unitPrice: '59.95',
      originalAmount: '119.90',
      discountAmount: '0.00',
      totalAmount: '119.90',
      vatType: 'high',
      vatRatePercentage: '21',
      isFree: false,
      brand: 'Hoefslag',
      productGroup: 'roughageAnalysis',
      rqsSamples: [
        { sequence: 1, sampleName: 'Perceel 1' },
        { sequence: 2, sampleName: 'Perceel 2' },
      ],
    },
  ],
  orderDiscounts: [],
  shippingDiscounts: [],
  subTotalAmount: '119.90',
  originalShippingCosts: '0.00',
  shippingCosts: '0.00',
  paymentCosts: '0.00',
  totalAmount: '119.90',
  vatAmountLow: '0.00',
  vatAmountHigh: '20.81',
  vatAmount: '20.81',
  totalAmountExclVat: '99.09',
  giftCardAmount: '0.00',
  amountToPay: '119.90',
  payment: { paymentMethodId: 1, issuer: 'ideal_INGBNL2A', status: 'paid' },
  billing: null,
  shipping: null,
};

const page = (path: string, id: number, title: string) => [
  { url: `/api/routing/getbyurl?url=${encodeURIComponent(path)}`, respond: { type: 'contentPage', contentPageId: id, siteId: 1, languageId: 1 } },
  { url: `/api/content/page?path=${encodeURIComponent(path.split('?')[0] ?? '')}`, respond: { page: { id, title, body: '' } } },
];

describe('after the payment provider', () => {
  it('the scan thank-you page shows the order number, the samples and how to send them', async () => {
    mockApi([
      ...page('/bedankt-voor-uw-scanbestelling/?orderId=o-secret', 114, 'Bedankt'),
      { url: '/api/orders/o-secret', respond: order },
      { url: '/api/orders/o-secret/survey', respond: { orderNumber: 'HS-2026-000201', token: 'abc', answered: false } },
    ]);
    await renderApp('/bedankt-voor-uw-scanbestelling/?orderId=o-secret', { site: SITE });
    expect(await screen.findByTestId('thank-you-number')).toHaveTextContent('Je bestelnummer is HS-2026-000201.');
    const survey = await screen.findByTestId('thank-you-survey');
    expect(survey).toHaveTextContent('Heb je een minuutje? Vertel ons hoe het bestellen ging');
    expect(survey.querySelector('a')).toHaveAttribute('href', '/survey/?order=HS-2026-000201&token=abc');
    expect(screen.getByTestId('rqs-instructions')).toBeInTheDocument();
    expect(screen.getAllByTestId('order-sample').map((node) => node.textContent)).toEqual(['Monster 1: Perceel 1', 'Monster 2: Perceel 2']);
    expect(screen.getByTestId('order-total')).toHaveTextContent('€ 119,90');
    expect(screen.getByTestId('order-status')).toHaveTextContent('Betaald');
    // The data layer's purchase: the order's VAT total as tax, each line's brand and category.
    const purchase = (window.dataLayer ?? []).find((entry) => (entry as { event?: string }).event === 'purchase');
    expect(purchase).toEqual({
      event: 'purchase',
      ecommerce: {
        currency: 'EUR',
        transaction_id: 'HS-2026-000201',
        value: '119.90',
        shipping: '0.00',
        tax: '20.81',
        items: [
          {
            item_id: '83',
            item_name: 'Hoefslag Hygiënescan Hooi',
            price: '59.95',
            item_brand: 'Hoefslag',
            item_category: 'roughageAnalysis',
            item_category2: 'roughageAnalysis',
            item_variant: '1831',
            quantity: 2,
          },
        ],
      },
    });
  });

  it('the failed-payment page offers to try again in the payment step', async () => {
    mockApi([
      ...page('/betaling-mislukt/?orderId=o-secret', 115, 'Betaling mislukt'),
      { url: '/api/orders/o-secret', respond: { ...order, status: 'cancelled' } },
    ]);
    await renderApp('/betaling-mislukt/?orderId=o-secret', { site: SITE });
    const failed = await screen.findByTestId('page-payment-failed');
    await waitFor(() => expect(failed).toHaveTextContent('De betaling van je bestelling'));
    expect(screen.getByTestId('retry-payment')).toHaveAttribute('href', '/checkout/payment/');
  });

  it('the failed-payment page says the order, by its number, was cancelled and nothing charged; the cart is kept', async () => {
    mockApi([
      ...page('/betaling-mislukt/?orderId=o-secret', 115, 'Betaling mislukt'),
      { url: '/api/orders/o-secret', respond: { ...order, status: 'cancelled' } },
    ]);
    await renderApp('/betaling-mislukt/?orderId=o-secret', { site: SITE });
    expect(await screen.findByTestId('payment-failed-text')).toHaveTextContent(
      'De betaling van je bestelling HS-2026-000201 is niet gelukt. Daarom hebben we de bestelling geannuleerd; er is niets afgeschreven.',
    );
    const failed = screen.getByTestId('page-payment-failed');
    expect(failed).toHaveTextContent('Je winkelwagen is bewaard: je kunt opnieuw betalen of een andere betaalmethode kiezen.');
    expect(failed).not.toHaveTextContent('o-secret');
    expect(screen.getByRole('link', { name: 'Opnieuw betalen' })).toHaveAttribute('href', '/checkout/payment/');
    expect(screen.getByRole('link', { name: 'Andere betaalmethode kiezen' })).toHaveAttribute('href', '/checkout/payment/');
  });

  it('an order still awaiting its payment is called unpaid, not cancelled', async () => {
    mockApi([
      ...page('/betaling-mislukt/?orderId=o-secret', 115, 'Betaling mislukt'),
      { url: '/api/orders/o-secret', respond: { ...order, status: 'created' } },
    ]);
    await renderApp('/betaling-mislukt/?orderId=o-secret', { site: SITE });
    expect(await screen.findByTestId('payment-failed-text')).toHaveTextContent(
      'De betaling van je bestelling HS-2026-000201 is niet gelukt. De bestelling is niet betaald.',
    );
  });

  it('without the order (it cannot be fetched) the page shows no reference, never the public id', async () => {
    mockApi([
      ...page('/betaling-mislukt/?orderId=o-secret', 115, 'Betaling mislukt'),
      { url: '/api/orders/o-secret', respond: json({ status: 404, code: 'errors.notFound', message: 'Not found' }, 404) },
    ]);
    await renderApp('/betaling-mislukt/?orderId=o-secret', { site: SITE });
    expect(await screen.findByTestId('payment-failed-text')).toHaveTextContent('De betaling is niet gelukt. Je bestelling is niet betaald.');
    const failed = screen.getByTestId('page-payment-failed');
    expect(failed).not.toHaveTextContent('o-secret');
    expect(failed).not.toHaveTextContent('Referentie');
    expect(screen.getByTestId('retry-payment')).toHaveAttribute('href', '/checkout/payment/');
  });
});
