/** Test helpers: a cart input as the server would send it, and server answers made with the engine. */
import { calculateCart, type CartInput } from '../engine';
import type { CartAnswer, CartView } from '../api/cart';

export function cartInput(count = 1, price = '24.95'): CartInput {
  return {
    site: {
      vatPercentageHigh: '21',
      vatPercentageLow: '9',
      currency: 'EUR',
      shippingOptions: [
        { shippingMethod: 0, price: '4.95' },
        { shippingMethod: 1, price: '3.95' },
      ],
      freeShippingRules: [{ shippingMethod: null, minimumAmount: '50.00' }],
      paymentMethods: [{ paymentMethodId: 1, costs: '0.00' }],
    },
    catalog: [
      {
        productId: 1,
        productVariantId: 1011,
        productType: 2,
        vatType: 'low',
        unitPrice: price,
        stock: 40,
        description: 'Hoefslag Sport Muesli',
        productLabel: '20 kg (zak)',
        productGroup: 'muesli',
      },
    ],
    promotions: [],
    products: count > 0 ? [{ productId: 1, productVariantId: 1011, count, rqsSamples: [] }] : [],
    discountCode: null,
    shippingMethod: 0,
    paymentMethodId: null,
    giftCard: null,
  } as unknown as CartInput;
}

export function cartView(overrides: Partial<CartView> = {}, input?: CartInput): CartView {
  return {
    shoppingcartId: 'cart-1',
    siteId: 1,
    languageId: 1,
    created: 0,
    lastModified: 0,
    billing: null,
    shipping: null,
    company: null,
    alternativeShippingAddress: false,
    newsletterSubscribe: false,
    payment: { paymentMethodId: null, issuer: null, giftCardNumber: null },
    products: (input?.products ?? []).map((line) => ({
      productId: Number(line.productId),
      productVariantId: Number(line.productVariantId),
      count: Number(line.count),
      rqsSamples: [],
    })),
    discountCode: null,
    dealerId: null,
    dpdParcelShopId: null,
    dpdParcelShopZipcodeOrCity: null,
    shippingMethod: 0,
    scanProductsOnly: false,
    ...overrides,
  };
}

/** What the server answers for an input: the engine's calculation of it (and the input). */
export function answerFor(input: CartInput, overrides: Partial<CartView> = {}, withInput = true): CartAnswer {
  return { cart: cartView(overrides, input), calculation: calculateCart(input), ...(withInput ? { input } : {}) };
}

/** The one country of the checkout tests' country list: the Netherlands. */
export const DUTCH_COUNTRIES = [{ countryId: 1, regionCode: 'NL', localizedName: 'Nederland' }];

/** A Dutch guest's billing details, as a cart holds them. */
export const DUTCH_BILLING = {
  firstName: 'Anna',
  lastName: 'de Vries',
  emailAddress: 'anna@example.nl',
  address: { zipcode: '3511 AZ', street: 'Oudegracht', streetNumber: '1', city: 'Utrecht', countryId: 1 },
};
