/**
 * Orders (the lead's contract): `POST /api/cart/{id}/order` places the cart's order, idempotent
 * by the `Idempotency-Key` header, and answers where the browser goes next; `GET
 * /api/orders/{orderId}` shows an order by its unguessable id. Amounts are decimal strings.
 */
import { api } from './client';
import type { SchemaOrder, SchemaOrderLineView, SchemaPlacedOrder } from './generated/schema';

export type OrderLine = SchemaOrderLineView;
export type OrderView = SchemaOrder;
export type PlacedOrder = SchemaPlacedOrder;

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
  return api.post('/api/cart/{id}/order', { path: { id: cartId }, headers: { 'Idempotency-Key': idempotencyKey(cartId) } });
}

export function fetchOrder(orderId: string): Promise<OrderView> {
  return api.get('/api/orders/{orderId}', { path: { orderId } });
}

/** Forgets the attempt's key: after a failed payment the next attempt is a new order. */
export function forgetIdempotencyKey(cartId: string | number | null): void {
  if (cartId !== null) sessionStorage.removeItem(`hoofbeat.orderKey.${cartId}`);
}
