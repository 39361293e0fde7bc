/**
 * The scroll direction, read every 250 ms while the page scrolls, and
 * the header's rule: it hides on the way down, once the page has scrolled past it, and shows on
 * the way up.
 */
import { useEffect, useState } from 'react';

import { SCROLL_DIRECTION_INTERVAL_MS } from './constants';

export type ScrollDirection = 'up' | 'down';

/** The direction between two readings; no movement keeps the last direction. */
export function directionBetween(previousY: number, currentY: number, last: ScrollDirection): ScrollDirection {
  if (currentY > previousY) return 'down';
  if (currentY < previousY) return 'up';
  return last;
}

/** Hidden on the way down past the header's own height (above that, hiding would leave a gap). */
export function headerHidden(direction: ScrollDirection, scrollY: number, headerHeight: number): boolean {
  return direction === 'down' && scrollY > headerHeight;
}

/**
 * Whether the header is hidden now. The position is read at most every `intervalMs` while the
 * page scrolls, not on every scroll event, and not at all while it stands still.
 * `headerHeight` must be a stable function (e.g. from `useCallback`).
 */
export function useHideOnScroll(headerHeight: () => number, intervalMs: number = SCROLL_DIRECTION_INTERVAL_MS): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let lastY = window.scrollY;
    let direction: ScrollDirection = 'up';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      timer = undefined;
      const y = window.scrollY;
      direction = directionBetween(lastY, y, direction);
      lastY = y;
      setHidden(headerHidden(direction, y, headerHeight()));
    };
    const onScroll = () => {
      timer ??= setTimeout(read, intervalMs);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      clearTimeout(timer);
    };
  }, [headerHeight, intervalMs]);
  return hidden;
}
