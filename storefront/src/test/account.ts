/** API answers of a signed-in demo customer (Jan), for tests of the account pages. */
import type { MockRoute } from './api';

export const JAN = {
  userId: 'acc-1',
  emailAddress: 'jan.devries@example.com',
  firstName: 'Jan',
  lastName: 'de Vries',
  phoneNumber: '+31302345678',
  languageId: 1,
  newsletter: true,
  unreadQuickscanResults: 2,
  shoppingcartId: null,
  billing: { firstName: 'Jan', lastName: 'de Vries', address: { street: 'Oudegracht', streetNumber: '12', zipcode: '3511 AP', city: 'Utrecht', countryId: 1 } },
  shipping: null,
  company: null,
  alternativeShippingAddress: false,
};

export const ORDER = {
  orderNumber: 'HS-2026-000101',
  orderDate: '2026-02-10T09:12:00+01:00',
  status: 'sent',
  totalAmount: '104.26',
  amountToPay: '0.00',
  paymentMethodId: 1,
  trackAndTrace: null,
};

const page = <T>(items: T[], pageNumber = 1, hasMore = false) => ({ items, page: pageNumber, pageSize: 10, total: items.length, hasMore });

/** Every list and form answer of the account area; `overrides` first, so a test can change one. */
export function accountRoutes(overrides: MockRoute[] = []): MockRoute[] {
  return [
    ...overrides,
    { method: 'POST', url: '/api/authentication/isauthenticated', respond: true },
    { url: '/api/account', respond: JAN },
    { url: /^\/api\/account\/orders\?/, respond: page([ORDER]) },
    {
      url: /^\/api\/account\/orders\/[^/?]+$/,
      respond: {
        ...ORDER,
        emailAddress: JAN.emailAddress,
        billing: JAN.billing,
        shipping: null,
        alternativeShippingAddress: false,
        issuer: null,
        discountCode: null,
        lines: [
          {
            lineNumber: 1,
            productId: 1,
            productVariantId: 1011,
            description: 'Hoefslag Sport Muesli 20 kg',
            quantity: 2,
            unitPrice: '24.95',
            totalAmount: '49.90',
            discountAmount: '0.00',
            vatRatePercentage: '9',
            isFree: false,
            rqsSamples: [],
          },
        ],
        subTotalAmount: '49.90',
        shippingCosts: '0.00',
        paymentCosts: '0.00',
        vatAmountLow: '4.12',
        vatAmountHigh: '0.00',
        totalAmountExclVat: '45.78',
        giftCardAmount: '0.00',
        statusHistory: [{ status: 'sent', changedAt: '2026-02-11T10:00:00Z' }],
      },
    },
    { url: '/api/paymentmethods', respond: [{ paymentMethodId: 1, name: 'iDEAL' }] },
    {
      url: /^\/api\/account\/invoices\?/,
      respond: page([
        {
          invoiceNumber: 'F2026-00001',
          orderNumber: ORDER.orderNumber,
          invoiceDate: '2026-02-10',
          status: 'paid',
          totalAmount: '104.26',
          pdfFileName: 'F2026-00001.pdf',
        },
      ]),
    },
    { url: '/api/account/returns', respond: [] },
    { url: '/api/account/results', respond: [] },
    { url: '/api/account/feedadvice', respond: [] },
    { url: '/api/account/subscriptions', respond: [] },
    { url: '/api/account/company', respond: { company: null } },
    { url: '/api/account/deliveryaddress', respond: { alternativeShippingAddress: false, shipping: null } },
    { url: '/api/countries/localizedname', respond: [{ countryId: 1, name: 'Nederland', regionCode: 'NL' }] },
    { url: '/api/account/reviews', respond: { reviews: [], reviewRequests: [] } },
  ];
}
