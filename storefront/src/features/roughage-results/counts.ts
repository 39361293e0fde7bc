/**
 * Germ counts for reading. The engine writes numbers with digit groups only in Swedish and
 * Polish (`locale.formatQuantity`), so 21000000 colony-forming units would read as a row of
 * zeros in the other cultures: a round count is written in millions or thousands instead
 * ("21 miljoen"), its digits still written by the engine. Nothing is rounded: a count that is
 * not round at either scale stays as it is.
 */

export type CountScale = 'millions' | 'thousands';

/** A count as a decimal string of its scale, e.g. `{ quantity: '4.5', scale: 'millions' }`. */
export interface ScaledCount {
  quantity: string;
  scale: CountScale | null;
}

const SCALES: { scale: CountScale; digits: number; from: number; below: number }[] = [
  { scale: 'millions', digits: 6, from: 1_000_000, below: Infinity },
  { scale: 'thousands', digits: 3, from: 10_000, below: 1_000_000 },
];

/** At most this many fraction digits at a scale ("2,25 miljoen"); more would hide the count. */
const MAX_FRACTION_DIGITS = 2;

/** The whole number's digits divided by 10^digits, as a decimal string without trailing zeros. */
function shifted(whole: string, digits: number): string {
  const integer = whole.slice(0, -digits) || '0';
  const fraction = whole.slice(-digits).padStart(digits, '0').replace(/0+$/, '');
  return fraction ? `${integer}.${fraction}` : integer;
}

/** The count in millions (from a million) or thousands (from ten thousand up to a million) when that is exact. */
export function scaledCount(count: number): ScaledCount {
  if (!Number.isSafeInteger(count) || count < 0) return { quantity: String(count), scale: null };
  const whole = String(count);
  for (const { scale, digits, from, below } of SCALES) {
    if (count < from || count >= below) continue;
    const quantity = shifted(whole, digits);
    if ((quantity.split('.')[1] ?? '').length <= MAX_FRACTION_DIGITS) return { quantity, scale };
  }
  return { quantity: whole, scale: null };
}
