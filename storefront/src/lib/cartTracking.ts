/**
 * The cart's events in the data layer: add_to_cart and remove_from_cart from
 * the difference between two answers of the server, and the cart's items for view_cart,
 * begin_checkout, add_shipping_info and add_payment_info; purchase from the order. Prices are
 * the unit prices of the engine input the server calculated with, the brand is the server's
 * (the cart's lines, the order's lines), and the purchase's tax is the order's VAT total as the
 * server's engine added it up; nothing is computed here but the quantity change.
 */
import type { CartAnswer } from '../api/cart';
import { trackEvent, trackingItem, type TrackingItem } from './analytics';

/** The currency of every tracked amount (the API's amounts are euro). */
const CURRENCY = 'EUR';

type Line = CartAnswer['calculation']['products'][number];

function itemOf(answer: CartAnswer, line: Line, quantity: number): TrackingItem {
  const entry = answer.input?.catalog.find((candidate) => candidate.productVariantId === line.productVariantId);
  const product = answer.cart.products.find((candidate) => candidate.productVariantId === line.productVariantId);
  return trackingItem(
    {
      productId: line.productId,
      name: line.description,
      price: entry?.unitPrice ?? line.totalAmount,
      brand: product?.brand ?? null,
      productGroup: entry?.productGroup ?? null,
      variant: line.productVariantId,
    },
    { quantity, listName: 'cart' },
  );
}

/** The cart's lines as tracking items. */
export function cartItems(answer: CartAnswer | null): TrackingItem[] {
  if (!answer) return [];
  return answer.calculation.products.map((line) => itemOf(answer, line, Number(line.quantity)));
}

/** add_to_cart for every line that grew, remove_from_cart for every line that shrank or left. */
export function trackCartChange(before: CartAnswer | null, after: CartAnswer): void {
  const old = new Map((before?.calculation.products ?? []).map((line) => [line.productVariantId, line]));
  const added: TrackingItem[] = [];
  const removed: TrackingItem[] = [];
  for (const line of after.calculation.products) {
    const change = Number(line.quantity) - Number(old.get(line.productVariantId)?.quantity ?? 0);
    if (change > 0) added.push(itemOf(after, line, change));
    if (change < 0) removed.push(itemOf(after, line, -change));
    old.delete(line.productVariantId);
  }
  for (const line of old.values()) if (before) removed.push(itemOf(before, line, Number(line.quantity)));
  if (added.length > 0) trackEvent('add_to_cart', { currency: CURRENCY, items: added });
  if (removed.length > 0) trackEvent('remove_from_cart', { currency: CURRENCY, items: removed });
}

const begun = new Set<string>();

/** begin_checkout, once per cart (the checkout's steps are pages of their own). */
export function trackBeginCheckout(answer: CartAnswer | null): void {
  if (!answer || answer.calculation.products.length === 0) return;
  const key = String(answer.cart.shoppingcartId);
  if (begun.has(key)) return;
  begun.add(key);
  trackEvent('begin_checkout', { currency: CURRENCY, value: answer.calculation.totalAmount, items: cartItems(answer) });
}

/** add_shipping_info after the delivery step was saved. */
export function trackShippingInfo(answer: CartAnswer | null, tier: string): void {
  if (!answer) return;
  trackEvent('add_shipping_info', { currency: CURRENCY, value: answer.calculation.totalAmount, shipping_tier: tier, items: cartItems(answer) });
}

/** add_payment_info after the payment step was saved. */
export function trackPaymentInfo(answer: CartAnswer | null): void {
  if (!answer) return;
  const method = answer.cart.payment.paymentMethodId;
  trackEvent('add_payment_info', {
    currency: CURRENCY,
    value: answer.calculation.totalAmount,
    ...(method !== undefined && method !== null ? { payment_type: String(method) } : {}),
    items: cartItems(answer),
  });
}

/** The order as the thank-you page has it (`GET /api/orders/{orderId}`). */
export interface TrackedOrder {
  orderId: string;
  orderNumber: string;
  totalAmount: string;
  shippingCosts: string;
  /** The order's VAT total (low and high added up by the server's engine). */
  vatAmount: string;
  discountCode?: string | null;
  lines: {
    productId: number;
    productVariantId: number;
    description: string;
    unitPrice: string;
    quantity: number;
    brand?: string | null;
    productGroup?: string | null;
  }[];
}

const PURCHASE_KEY = 'hoofbeat.purchaseTracked';

/** purchase, once per order (a reload of the thank-you page does not count it twice). */
export function trackPurchase(order: TrackedOrder): void {
  if (typeof sessionStorage === 'undefined') return;
  const tracked = (sessionStorage.getItem(PURCHASE_KEY) ?? '').split(',');
  if (tracked.includes(order.orderId)) return;
  sessionStorage.setItem(PURCHASE_KEY, [...tracked.filter(Boolean), order.orderId].join(','));
  trackEvent('purchase', {
    currency: CURRENCY,
    transaction_id: order.orderNumber,
    value: order.totalAmount,
    shipping: order.shippingCosts,
    tax: order.vatAmount,
    ...(order.discountCode ? { coupon: order.discountCode } : {}),
    items: order.lines.map((line) =>
      trackingItem(
        {
          productId: line.productId,
          name: line.description,
          price: line.unitPrice,
          brand: line.brand ?? null,
          productGroup: line.productGroup ?? null,
          variant: line.productVariantId,
        },
        { quantity: Number(line.quantity) },
      ),
    ),
  });
}
