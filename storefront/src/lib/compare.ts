/**
 * The comparison list: at most 4 products, the same product
 * never twice, stored in localStorage. The rule is the engine's (`compare.add`); the list keeps
 * the variant that was compared too, for its page.
 */
import { useAtom, useStore } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { useCallback } from 'react';

import { addToComparison, loadEngine, type Message } from '../engine';
import { useHydrated } from './hydrated';

export interface ComparedProduct {
  productId: number;
  productVariantId: number;
}

export const COMPARE_STORAGE_KEY = 'hoofbeat.compare';

// No localStorage on the server: pages show the list once hydrated (`useCompareList`).
const storage = createJSONStorage<ComparedProduct[]>(() => (typeof localStorage === 'undefined' ? (undefined as unknown as Storage) : localStorage));
export const compareListAtom = atomWithStorage<ComparedProduct[]>(COMPARE_STORAGE_KEY, [], storage, { getOnInit: true });

/** The list after adding a product, and the engine's message when it was not added. */
export function addCompared(list: ComparedProduct[], product: ComparedProduct): { list: ComparedProduct[]; message: Message | null } {
  const result = addToComparison({ productIds: list.map((item) => item.productId), productId: product.productId });
  if (!result.added) return { list, message: result.message ?? null };
  const kept = list.filter((item) => result.productIds.map(Number).includes(item.productId));
  return { list: [...kept, product], message: null };
}

/** The server's list, and the browser's while it hydrates the server's HTML: nobody's. */
const NOT_YET_READ: ComparedProduct[] = [];

/**
 * The comparison list. `known` is false on the server and while the browser hydrates (the list
 * is then empty, as the server rendered it): the stored list is shown from the render after.
 */
export function useCompareList() {
  const store = useStore();
  const [stored, setList] = useAtom(compareListAtom);
  const known = useHydrated();
  const list = known ? stored : NOT_YET_READ;
  const add = useCallback(
    async (product: ComparedProduct) => {
      // A click may come before the engine has loaded (it loads after hydration); the list
      // is read after the wait, so clicks made meanwhile all count.
      await loadEngine();
      const outcome = addCompared(store.get(compareListAtom), product);
      if (outcome.message === null) store.set(compareListAtom, outcome.list);
      return outcome.message;
    },
    [store],
  );
  const remove = useCallback((productId: number) => setList(stored.filter((item) => item.productId !== productId)), [stored, setList]);
  const clear = useCallback(() => setList([]), [setList]);
  return { list, known, add, remove, clear, has: (productId: number) => list.some((item) => item.productId === productId) };
}
