/**
 * Add to cart from a button (the product page, a product card): the add with the engine's
 * preview, then the cart drawer with the added line (`justAddedAtom`; the opener gets the focus
 * back when the drawer closes), or the failure in the visitor's language (`cartErrorText`). The
 * data layer's add_to_cart comes from the cart change itself (`changeCart`, cartTracking.ts).
 *
 * The hook reads none of the cart's state, so a list of cards does not render again on every
 * cart change.
 */
import { useSetAtom, useStore } from 'jotai';
import { useCallback, useState } from 'react';

import { useTranslation } from '../i18n/useTranslation';
import { addWithPreview, justAddedAtom } from './cart';
import { cartErrorText } from './cartErrors';

export type AddToCartState = { kind: 'idle' } | { kind: 'busy' } | { kind: 'failed'; text: string };

export interface AddToCart {
  /**
   * Adds `quantity` of a variant. Resolves once the server answered, never rejects: a failure
   * is in `failure`. On success the cart drawer opens with the line; `opener` is the control
   * that gets the focus back when it closes.
   */
  add: (productVariantId: number, quantity: number, opener: HTMLElement | null) => Promise<void>;
  /** An add is on its way: the button is disabled. */
  busy: boolean;
  /** Why the last add failed, in the visitor's language; null when it did not. */
  failure: string | null;
}

export function useAddToCart(): AddToCart {
  const { t } = useTranslation();
  const store = useStore();
  const announce = useSetAtom(justAddedAtom);
  const [state, setState] = useState<AddToCartState>({ kind: 'idle' });
  const add = useCallback(
    (productVariantId: number, quantity: number, opener: HTMLElement | null) => {
      setState({ kind: 'busy' });
      return addWithPreview(store, productVariantId, quantity).then(
        () => {
          setState({ kind: 'idle' });
          announce({ productVariantIds: [productVariantId], opener });
        },
        (error: unknown) => setState({ kind: 'failed', text: cartErrorText(error, t) }),
      );
    },
    [store, announce, t],
  );
  return { add, busy: state.kind === 'busy', failure: state.kind === 'failed' ? state.text : null };
}
