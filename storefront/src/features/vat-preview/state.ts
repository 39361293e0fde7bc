import { atom } from 'jotai';

/** The VAT-inclusive amount the visitor typed, as text. */
export const amountAtom = atom('24.95');

/** The VAT percentage the visitor chose, as text. */
export const rateAtom = atom('21');
