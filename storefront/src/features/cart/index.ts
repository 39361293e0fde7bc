/** The cart's public door for other features: putting products into the visitor's cart. */
import type { createStore } from 'jotai';

import { cartApi } from './api';
import { changeCart } from './state';

type Store = ReturnType<typeof createStore>;

/** Adds a variant to the cart (creating the cart first when there is none). */
export async function addToCart(store: Store, productVariantId: number, quantity: number): Promise<void> {
  await changeCart(store, (cartId) => cartApi.add(cartId, productVariantId, quantity));
}
