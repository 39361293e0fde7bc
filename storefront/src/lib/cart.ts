/**
 * The cart's shared state and every change to it (no id, created,
 * fetched; a failed fetch resets the cart silently).
 *
 * A change is previewed at once with the WASM engine (a `CartCalculator` holding the context
 * of the engine input the server calculated with, given the choices changed the way the request
 * will change them) while the server confirms. When the server's calculation differs from the preview, the difference is kept
 * in `cartMismatchAtom` and the cart shows an error box: it is never hidden.
 */
import { atom, useAtomValue, useStore, type createStore } from 'jotai';
import { useCallback, useMemo } from 'react';

import {
  applyLineChange,
  CartCalculator,
  loadEngine,
  removeDiscountCode,
  type CalculatedCart,
  type CartChoices,
  type CartInput,
  type LineChange,
} from '../engine';
import { cartIdAtom, cartItemCountAtom } from '../state';
import { api } from '../api/client';
import { cartApi, type CartAnswer, type CartNotice } from '../api/cart';
import { CartCreationError } from './cartErrors';
import { trackCartChange } from './cartTracking';

type Store = ReturnType<typeof createStore>;

/** The server's last answer: the cart and its calculation; null without a cart. */
export const cartAnswerAtom = atom<CartAnswer | null>(null);
/** True once the stored cart was fetched (or there was none). */
export const cartLoadedAtom = atom(false);
/** The engine's preview of a change the server has not confirmed yet. */
export const cartPreviewAtom = atom<CalculatedCart | null>(null);
/** A change is on its way to the server. */
export const cartPendingAtom = atom(false);
/** The server's calculation differed from the preview of the same change. */
export const cartMismatchAtom = atom<{ preview: CalculatedCart; server: CalculatedCart } | null>(null);

/** What the server changed in the cart by itself, shown until the visitor closes it. */
export const cartNoticesAtom = atom<CartNotice[]>([]);

/**
 * What was just added to the cart, for the cart drawer that says so: the variants added (their
 * lines are read from the server's answer) and the control that added them, which gets the focus
 * back when the drawer closes. Null when nothing is to be shown.
 */
export interface JustAdded {
  productVariantIds: number[];
  opener: HTMLElement | null;
}

export const justAddedAtom = atom<JustAdded | null>(null);

/** What the screens show: the preview while the server confirms, else the server's answer. */
export const shownCalculationAtom = atom((get) => get(cartPreviewAtom) ?? get(cartAnswerAtom)?.calculation ?? null);

/** JSON with sorted keys, `undefined` as null: two calculations are equal when this is. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === undefined) return null;
    if (inner instanceof Map) inner = Object.fromEntries(inner);
    if (typeof inner === 'object' && inner !== null && !Array.isArray(inner)) {
      return Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    }
    return inner;
  });
}

export function sameCalculation(a: CalculatedCart, b: CalculatedCart): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

function setAnswer(store: Store, answer: CartAnswer | null): void {
  store.set(cartAnswerAtom, answer);
  if (answer?.notices?.length) store.set(cartNoticesAtom, answer.notices);
  store.set(cartItemCountAtom, answer ? Number(answer.calculation.itemCount) : 0);
}

/**
 * Fetches the stored cart; any failure resets the cart to empty (no id), silently. A cart that
 * stopped being the visitor's while it was fetched (a new or handed-over cart took its place)
 * changes nothing.
 */
export async function loadCart(store: Store): Promise<void> {
  const id = store.get(cartIdAtom);
  if (id === null || id === undefined) {
    setAnswer(store, null);
    store.set(cartLoadedAtom, true);
    return;
  }
  const stillCurrent = () => store.get(cartIdAtom) === id;
  try {
    const answer = await cartApi.get(String(id));
    if (stillCurrent()) setAnswer(store, answer);
  } catch {
    if (stillCurrent()) {
      store.set(cartIdAtom, null);
      setAnswer(store, null);
    }
  }
  store.set(cartLoadedAtom, true);
}

/** Makes a cart the server answered the visitor's cart (stored), in place of the one before. */
function adoptCart(store: Store, answer: CartAnswer): void {
  store.set(cartIdAtom, answer.cart.shoppingcartId);
  store.set(cartMismatchAtom, null);
  store.set(cartNoticesAtom, []);
  setAnswer(store, answer);
  store.set(cartLoadedAtom, true);
}

/** The cart's id, creating a cart first when there is none (a `CartCreationError` when that fails). */
export async function ensureCart(store: Store): Promise<string> {
  // A stored cart that has not been fetched yet is fetched first (never a second cart).
  if (!store.get(cartAnswerAtom) && store.get(cartIdAtom) !== null) await loadCart(store);
  const current = store.get(cartAnswerAtom);
  if (current) return current.cart.shoppingcartId;
  const created = await cartApi.create().catch((error: unknown) => {
    throw new CartCreationError(error);
  });
  store.set(cartIdAtom, created.cart.shoppingcartId);
  setAnswer(store, created);
  return created.cart.shoppingcartId;
}

/**
 * The visitor's choices after a change, from the engine input the server last calculated
 * with, for the preview; null when the change cannot be previewed.
 */
export type PreviewChange = (input: CartInput) => CartChoices | null;

let previewCalculator: { input: CartInput; calculator: CartCalculator } | null = null;

/** The engine's calculation of the changed choices, in the context of the server's input. */
function previewOf(input: CartInput, choices: CartChoices): CalculatedCart {
  if (previewCalculator?.input !== input) {
    previewCalculator?.calculator.free();
    previewCalculator = null;
    const { site, catalog, promotions } = input;
    // Read into the engine once per server answer; previews only ever change the choices.
    previewCalculator = { input, calculator: new CartCalculator({ site, catalog, promotions }) };
  }
  return previewCalculator.calculator.calculate(choices);
}

let queue: Promise<unknown> = Promise.resolve();

/** Runs a cart change after the ones already on their way. */
function enqueue<T>(run: () => Promise<T>): Promise<T> {
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}

/**
 * Runs one change: the engine preview first (shown at once), then the server call; changes run
 * one after another. The preview's engine refusal (e.g. a quantity out of range) is thrown
 * before anything is sent.
 */
export function changeCart(store: Store, request: (cartId: string) => Promise<CartAnswer>, preview?: PreviewChange): Promise<CartAnswer> {
  const run = async () => {
    const cartId = await ensureCart(store);
    const input = store.get(cartAnswerAtom)?.input;
    let previewed: CalculatedCart | null = null;
    if (input && preview) {
      // The first preview may come before the engine has loaded (it loads after hydration).
      await loadEngine();
      const changed = preview(input);
      if (changed) {
        previewed = previewOf(input, changed);
        store.set(cartPreviewAtom, previewed);
        store.set(cartItemCountAtom, Number(previewed.itemCount));
      }
    }
    store.set(cartPendingAtom, true);
    const before = store.get(cartAnswerAtom);
    try {
      const answer = await request(cartId);
      trackCartChange(before, answer);
      if (previewed && !sameCalculation(previewed, answer.calculation)) {
        store.set(cartMismatchAtom, { preview: previewed, server: answer.calculation });
      } else if (previewed) {
        store.set(cartMismatchAtom, null);
      }
      setAnswer(store, answer);
      return answer;
    } catch (error) {
      // Back to what the server last confirmed.
      setAnswer(store, store.get(cartAnswerAtom));
      throw error;
    } finally {
      store.set(cartPreviewAtom, null);
      store.set(cartPendingAtom, false);
    }
  };
  return enqueue(run);
}

/**
 * Empties the cart as the specification says: a new cart takes its place (`POST /api/cart`; a
 * `CartCreationError` when that fails, and the cart stays as it was). The old cart is left as
 * it is on the server, so emptying cannot be undone.
 */
export function startNewCart(store: Store): Promise<CartAnswer> {
  return enqueue(async () => {
    const before = store.get(cartAnswerAtom);
    const created = await cartApi.create().catch((error: unknown) => {
      throw new CartCreationError(error);
    });
    adoptCart(store, created);
    if (before) trackCartChange(before, created);
    return created;
  });
}

/** The handovers asked for, by store and key: a key works once, so a page shown twice asks once. */
const handovers = new WeakMap<Store, Map<string, Promise<CartAnswer>>>();

/**
 * Takes over the cart customer service prepared (`POST /api/cart/impersonate?key=`): it becomes
 * the visitor's cart in place of the one before. An unknown, used or expired key fails with the
 * server's 404.
 */
export function takeOverCart(store: Store, key: string): Promise<CartAnswer> {
  const asked = handovers.get(store) ?? new Map<string, Promise<CartAnswer>>();
  handovers.set(store, asked);
  let handover = asked.get(key);
  if (!handover) {
    handover = enqueue(async () => {
      const answer = await api.post('/api/cart/impersonate', { query: { key } });
      adoptCart(store, answer);
      return answer;
    });
    asked.set(key, handover);
    // A handover that failed may be asked for again (a lost connection; a used key fails again).
    void handover.catch(() => asked.delete(key));
  }
  return handover;
}

/** Adds a variant to the cart (creating the cart first when there is none), without a preview. */
export async function addToCart(store: Store, productVariantId: number, quantity: number): Promise<void> {
  await changeCart(store, (cartId) => cartApi.add(cartId, productVariantId, quantity));
}

/** Forgets the cart (after an order is placed): the next change creates a new one. */
export function forgetCart(store: Store): void {
  store.set(cartIdAtom, null);
  setAnswer(store, null);
}

// The choices after a change of one line, by the engine's rule (`cart.applyLineChange`).
const withLineChange = (cart: CartInput, productVariantId: number, change: LineChange): CartChoices | null =>
  applyLineChange({ cart, productVariantId, change }).choices;

/**
 * Adds a variant to the cart with the engine's preview of the change (`useCart().add`), for
 * callers that hold the store but need none of the cart's state (`useAddToCart`).
 */
export function addWithPreview(store: Store, productVariantId: number, quantity: number): Promise<CartAnswer> {
  return changeCart(
    store,
    (id) => cartApi.add(id, productVariantId, quantity),
    (input) => withLineChange(input, productVariantId, { add: quantity }),
  );
}

/** The cart and its changes, for components. */
export function useCart() {
  const store = useStore();
  const answer = useAtomValue(cartAnswerAtom);
  const calculation = useAtomValue(shownCalculationAtom);
  const pending = useAtomValue(cartPendingAtom);
  const previewing = useAtomValue(cartPreviewAtom) !== null;
  const mismatch = useAtomValue(cartMismatchAtom);
  const notices = useAtomValue(cartNoticesAtom);
  const loaded = useAtomValue(cartLoadedAtom);
  const change = useCallback((request: (cartId: string) => Promise<CartAnswer>, preview?: PreviewChange) => changeCart(store, request, preview), [store]);
  const actions = useMemo(
    () => ({
      add: (productVariantId: number, quantity: number) => addWithPreview(store, productVariantId, quantity),
      setQuantity: (productVariantId: number, quantity: number) =>
        change(
          (id) => cartApi.setQuantity(id, productVariantId, quantity),
          (input) => withLineChange(input, productVariantId, { set: quantity }),
        ),
      remove: (productVariantId: number) =>
        change(
          (id) => cartApi.remove(id, productVariantId),
          (input) => withLineChange(input, productVariantId, 'remove'),
        ),
      addDiscountCode: (code: string) => change((id) => cartApi.addDiscountCode(id, code)),
      removeDiscountCode: () =>
        change(
          (id) => cartApi.removeDiscountCode(id),
          (input) => removeDiscountCode(input),
        ),
      /** Any other call that answers the cart (checkout choices). */
      call: (request: (cartId: string) => Promise<CartAnswer>) => change(request),
      reload: () => loadCart(store),
      /** Empties the cart: a new cart takes its place. */
      empty: () => startNewCart(store),
      forget: () => forgetCart(store),
      dismissMismatch: () => store.set(cartMismatchAtom, null),
      dismissNotices: () => store.set(cartNoticesAtom, []),
    }),
    [change, store],
  );
  return { answer, calculation, pending, previewing, mismatch, notices, loaded, ...actions };
}
