/**
 * Orders (the lead's contract): `POST /api/cart/{id}/order` places the cart's order, idempotent
 * by the `Idempotency-Key` header, and answers where the browser goes next; `GET
 * /api/orders/{orderId}` shows an order by its unguessable id. Amounts are decimal strings.
 */
import { apiFetch } from './client';

export interface OrderLine {
  lineNumber: number;
  productId: number;
  productVariantId: number;
  productType: number;
  description: string;
  quantity: number;
  unitPrice: string;
  originalAmount: string;
  discountAmount: string;
  totalAmount: string;
  vatType: string;
  vatRatePercentage: string;
  isFree: boolean;
  rqsSamples: { sequence: number; sampleName: string }[];
}

export interface OrderView {
  orderId: string;
  orderNumber: string;
  status: 'created' | 'open' | 'paid' | 'processing' | 'sent' | 'closed' | 'cancelled' | (string & {});
  /** Milliseconds since the Unix epoch. */
  orderDate: number;
  siteId: number;
  languageId: number;
  emailAddress: string;
  scanProductsOnly: boolean;
  lines: OrderLine[];
  orderDiscounts: { description: string; promotionKey: string; amount: string }[];
  shippingDiscounts: { description: string; promotionKey: string; amount: string }[];
  subTotalAmount: string;
  originalShippingCosts: string;
  shippingCosts: string;
  paymentCosts: string;
  totalAmount: string;
  vatAmountLow: string;
  vatAmountHigh: string;
  totalAmountExclVat: string;
  giftCardAmount: string;
  amountToPay: string;
  discountCode?: string | null;
  payment: { paymentMethodId: number | null; issuer: string | null; status: string | null } | null;
  billing: unknown;
  shipping: unknown;
}

export interface PlacedOrder {
  order: OrderView;
  redirectUrl: string;
}

/** One key per cart for the whole attempt: a retried click never makes a second order. */
export function idempotencyKey(cartId: string): string {
  const name = `hoofbeat.orderKey.${cartId}`;
  let key = sessionStorage.getItem(name);
  if (!key) {
    key = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
    sessionStorage.setItem(name, key);
  }
  return key;
}

export function placeOrder(cartId: string): Promise<PlacedOrder> {
  return apiFetch<PlacedOrder>(`/api/cart/${encodeURIComponent(cartId)}/order`, {
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey(cartId) },
  });
}

export function fetchOrder(orderId: string): Promise<OrderView> {
  return apiFetch<OrderView>(`/api/orders/${encodeURIComponent(orderId)}`);
}

/** Forgets the attempt's key: after a failed payment the next attempt is a new order. */
export function forgetIdempotencyKey(cartId: string | number | null): void {
  if (cartId !== null) sessionStorage.removeItem(`hoofbeat.orderKey.${cartId}`);
}
