import { useAtomValue } from 'jotai';
import { useMemo } from 'react';

import { comparePath } from '../engine';
import { cultureAtom } from '../state';

/** The link to the comparison page for the active culture (from the engine). */
export function useComparePath(): string {
  const culture = useAtomValue(cultureAtom);
  return useMemo(() => comparePath({ culture }).href, [culture]);
}
