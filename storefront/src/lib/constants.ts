/**
 * The interaction and layout constants, in one place. (The timings
 * of the progress bar, the pending view and deferred rendering live with their components:
 * `components/ui/progress.ts`, `AsyncView.tsx`, `Deferred.tsx`.)
 */

/** Touch settings: how far a finger may move for a tap, how long a hold takes, how far a swipe goes. */
export const TOUCH = {
  tapTolerancePx: 10,
  holdMs: 400,
  swipePx: 30,
} as const;

/** How often the scroll direction is read while the page scrolls (the header hides or shows by it). */
export const SCROLL_DIRECTION_INTERVAL_MS = 250;

/**
 * The breakpoints, as `theme/tokens.css` declares them (`--breakpoint-*`). CSS media queries use
 * the same widths in em of 16 px: mobile 28em, tablet 48em, desktop 68em, widescreen 80em, fullhd 92em.
 */
export const BREAKPOINTS_PX = {
  mobile: 448,
  tablet: 768,
  desktop: 1088,
  widescreen: 1280,
  fullhd: 1472,
} as const;

export type Breakpoint = keyof typeof BREAKPOINTS_PX;

/** The media query from a breakpoint up, in em like the CSS modules' queries, e.g. `(min-width: 80em)`. */
export function fromBreakpoint(breakpoint: Breakpoint): string {
  return `(min-width: ${BREAKPOINTS_PX[breakpoint] / 16}em)`;
}
