import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { CartAnswer } from '../api/cart';
import { consentDefault, consentUpdate, IMPRESSION_DELAY_MS, resetAnalytics, trackImpression, trackingItem } from './analytics';
import { trackCartChange, trackPurchase } from './cartTracking';

const events = () => (window.dataLayer ?? []).filter((entry): entry is { event: string } => typeof entry === 'object' && entry !== null && 'event' in entry);

beforeEach(() => {
  window.dataLayer = [];
  sessionStorage.clear();
  resetAnalytics();
});

afterEach(() => resetAnalytics());

describe('the data layer', () => {
  it('starts with consent mode denied, as a gtag command, and updates it after the choice', () => {
    consentDefault();
    consentUpdate({ analytics: true, marketing: false });
    const [first, second] = window.dataLayer ?? [];
    expect(Object.prototype.toString.call(first)).toBe('[object Arguments]');
    expect(Array.from(first as ArrayLike<unknown>)).toEqual([
      'consent',
      'default',
      {
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
        analytics_storage: 'denied',
        functionality_storage: 'granted',
        security_storage: 'granted',
        wait_for_update: 500,
      },
    ]);
    expect(Array.from(second as ArrayLike<unknown>)).toEqual([
      'consent',
      'update',
      { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'granted' },
    ]);
  });

  it("maps a product to the specification's tracking-item fields", () => {
    expect(
      trackingItem(
        { productId: 1, name: 'Hoefslag Sport Muesli', price: '24.95', brand: 'Hoefslag', productGroup: 'muesli', variant: 101 },
        { listName: 'Muesli', position: 3, quantity: 2 },
      ),
    ).toEqual({
      item_id: '1',
      item_name: 'Hoefslag Sport Muesli',
      price: '24.95',
      item_brand: 'Hoefslag',
      item_category: 'muesli',
      item_category2: 'muesli',
      item_variant: '101',
      item_list_name: 'Muesli',
      index: 3,
      quantity: 2,
    });
  });

  it('batches impressions: one view_item_list 1000 ms after the first, none before', () => {
    vi.useFakeTimers();
    const item = (id: number, index: number) => trackingItem({ productId: id, name: `P${id}`, price: '1.00' }, { listName: 'Muesli', position: index });
    trackImpression(item(1, 1), 'EUR');
    vi.advanceTimersByTime(400);
    trackImpression(item(2, 2), 'EUR');
    trackImpression(item(2, 2), 'EUR'); // the same card again: counted once
    trackImpression(item(3, 3), 'EUR');
    vi.advanceTimersByTime(IMPRESSION_DELAY_MS - 401);
    expect(events()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events()).toEqual([
      {
        event: 'view_item_list',
        ecommerce: {
          currency: 'EUR',
          item_list_name: 'Muesli',
          items: [
            { item_id: '1', item_name: 'P1', price: '1.00', item_list_name: 'Muesli', index: 1, quantity: 1 },
            { item_id: '2', item_name: 'P2', price: '1.00', item_list_name: 'Muesli', index: 2, quantity: 1 },
            { item_id: '3', item_name: 'P3', price: '1.00', item_list_name: 'Muesli', index: 3, quantity: 1 },
          ],
        },
      },
    ]);
    // The ecommerce object of the event before is cleared first, as GA4 asks.
    expect(window.dataLayer?.at(-2)).toEqual({ ecommerce: null });
    vi.advanceTimersByTime(5000);
    expect(events()).toHaveLength(1);
  });

  it('sends add_to_cart for what grew and remove_from_cart for what shrank or left', () => {
    const answer = (lines: [number, number][]) =>
      ({
        cart: {
          shoppingcartId: 'c1',
          products: lines.map(([variant, count]) => ({ productVariantId: variant, count, brand: variant === 11 ? 'Hoefslag' : 'Equinatura' })),
        },
        input: {
          catalog: [
            { productId: 1, productVariantId: 11, description: 'Sport Muesli', unitPrice: '24.95', productGroup: 'muesli', productType: 2, vatType: 'low' },
            { productId: 2, productVariantId: 21, description: 'Biotine', unitPrice: '19.50', productGroup: 'supplements', productType: 1, vatType: 'high' },
          ],
        },
        calculation: {
          products: lines.map(([variant, quantity]) => ({
            productId: variant === 11 ? 1 : 2,
            productVariantId: variant,
            description: variant === 11 ? 'Sport Muesli' : 'Biotine',
            quantity,
            totalAmount: '0.00',
          })),
        },
      }) as unknown as CartAnswer;
    trackCartChange(
      answer([
        [11, 1],
        [21, 2],
      ]),
      answer([[11, 3]]),
    );
    expect(events()).toEqual([
      {
        event: 'add_to_cart',
        ecommerce: {
          currency: 'EUR',
          items: [
            {
              item_id: '1',
              item_name: 'Sport Muesli',
              price: '24.95',
              item_brand: 'Hoefslag',
              item_category: 'muesli',
              item_category2: 'muesli',
              item_variant: '11',
              item_list_name: 'cart',
              quantity: 2,
            },
          ],
        },
      },
      {
        event: 'remove_from_cart',
        ecommerce: {
          currency: 'EUR',
          items: [
            {
              item_id: '2',
              item_name: 'Biotine',
              price: '19.50',
              item_brand: 'Equinatura',
              item_category: 'supplements',
              item_category2: 'supplements',
              item_variant: '21',
              item_list_name: 'cart',
              quantity: 2,
            },
          ],
        },
      },
    ]);
  });

  it("sends purchase once per order with the order's VAT total as tax and each line's brand and category", () => {
    const order = {
      orderId: 'o-1',
      orderNumber: 'HS-2026-000200',
      totalAmount: '77.85',
      shippingCosts: '0.00',
      vatAmount: '7.15',
      discountCode: null,
      lines: [
        {
          productId: 60,
          productVariantId: 1601,
          description: 'Equinatura Spierkracht',
          unitPrice: '69.95',
          quantity: 1,
          brand: 'Equinatura',
          productGroup: 'supplements',
        },
        {
          productId: 72,
          productVariantId: 1721,
          description: 'Hoefslag Voerschep',
          unitPrice: '3.95',
          quantity: 2,
          brand: 'Hoefslag',
          productGroup: 'stableSupplies',
        },
      ],
    };
    trackPurchase(order);
    trackPurchase(order); // the thank-you page again: not counted twice
    expect(events()).toEqual([
      {
        event: 'purchase',
        ecommerce: {
          currency: 'EUR',
          transaction_id: 'HS-2026-000200',
          value: '77.85',
          shipping: '0.00',
          tax: '7.15',
          items: [
            {
              item_id: '60',
              item_name: 'Equinatura Spierkracht',
              price: '69.95',
              item_brand: 'Equinatura',
              item_category: 'supplements',
              item_category2: 'supplements',
              item_variant: '1601',
              quantity: 1,
            },
            {
              item_id: '72',
              item_name: 'Hoefslag Voerschep',
              price: '3.95',
              item_brand: 'Hoefslag',
              item_category: 'stableSupplies',
              item_category2: 'stableSupplies',
              item_variant: '1721',
              quantity: 2,
            },
          ],
        },
      },
    ]);
  });
});
