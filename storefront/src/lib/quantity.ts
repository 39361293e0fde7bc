/**
 * Quantities for display (scoops, grams, kilograms, days, measured values): the engine writes
 * them as the culture writes numbers (`locale.formatQuantity`), with the digits the quantity
 * has: 1.5 scoops are "1,5" in nl and de and "1.5" in en; sv and pl group large numbers.
 * Nothing here formats a number itself.
 */
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';

import { EngineError, formatQuantity } from '../engine';
import type { Culture } from '../i18n';
import { cultureAtom } from '../state';

/** A decimal string such as `"1.5"`, or a whole number, as the API sends them. */
export type QuantityValue = string | number;

/** A quantity as the culture writes it (as given, should the engine refuse it). */
export function quantityText(quantity: QuantityValue, culture: Culture): string {
  try {
    return formatQuantity({ quantity: String(quantity), culture }).text;
  } catch (error) {
    // The API sends decimal strings and whole numbers only; show anything else as it came.
    if (error instanceof EngineError && error.code === 'invalid_input') return String(quantity);
    throw error;
  }
}

/**
 * The `t` options of a plural key whose `{{count}}` is a quantity: `count`, a number, chooses
 * the plural form (`pl` 1.5 takes `_other`, 5 `_many`), and `replace` gives the text shown for
 * `{{count}}`, formatted by the engine (i18next interpolates from `replace` when it is given,
 * and still picks the form by `count`).
 */
export function countOptions(quantity: QuantityValue, culture: Culture): { count: number; replace: { count: string } } {
  return { count: Number(quantity), replace: { count: quantityText(quantity, culture) } };
}

/** Formatting of quantities for the running culture. */
export interface QuantityFormat {
  /** The quantity as text, e.g. `1,5`. */
  text: (quantity: QuantityValue) => string;
  /** The `t` options for a plural key that shows the quantity as `{{count}}`. */
  count: (quantity: QuantityValue) => { count: number; replace: { count: string } };
}

/** Formats quantities for the culture the visitor sees. */
export function useFormatQuantity(): QuantityFormat {
  const culture = useAtomValue(cultureAtom);
  return useMemo(
    () => ({
      text: (quantity: QuantityValue) => quantityText(quantity, culture),
      count: (quantity: QuantityValue) => countOptions(quantity, culture),
    }),
    [culture],
  );
}
