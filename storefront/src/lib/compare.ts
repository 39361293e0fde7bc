/**
 * The comparison list (specification sections 4 and 5): at most 4 products, the same product
 * never twice, stored in localStorage. The rule is the engine's (`compare.add`); the list keeps
 * the variant that was compared too, for its page.
 */
import { useAtom, useStore } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { useCallback } from 'react';

import { addToComparison, loadEngine, type Message } from '../engine';

export interface ComparedProduct {
  productId: number;
  productVariantId: number;
}

export const COMPARE_STORAGE_KEY = 'hoofbeat.compare';

// No localStorage on the server: the list is read after hydration.
const storage = createJSONStorage<ComparedProduct[]>(() => (typeof localStorage === 'undefined' ? (undefined as unknown as Storage) : localStorage));
export const compareListAtom = atomWithStorage<ComparedProduct[]>(COMPARE_STORAGE_KEY, [], storage, { getOnInit: true });

/** The list after adding a product, and the engine's message when it was not added. */
export function addCompared(list: ComparedProduct[], product: ComparedProduct): { list: ComparedProduct[]; message: Message | null } {
  const result = addToComparison({ productIds: list.map((item) => item.productId), productId: product.productId });
  if (!result.added) return { list, message: result.message ?? null };
  const kept = list.filter((item) => result.productIds.map(Number).includes(item.productId));
  return { list: [...kept, product], message: null };
}

export function useCompareList() {
  const store = useStore();
  const [list, setList] = useAtom(compareListAtom);
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
  const remove = useCallback((productId: number) => setList(list.filter((item) => item.productId !== productId)), [list, setList]);
  const clear = useCallback(() => setList([]), [setList]);
  return { list, add, remove, clear, has: (productId: number) => list.some((item) => item.productId === productId) };
}
