/**
 * The scroll rules of specification section 2, as a pure decision:
 *
 * - a hash of `#no-scroll` prevents scrolling;
 * - any other hash scrolls smoothly to the element with that id;
 * - navigating between two children of /account keeps the scroll position;
 * - otherwise the page scrolls to the top.
 *
 * Going back or forward (`POP`) leaves the position to the browser.
 */
export type ScrollDecision = { kind: 'none' } | { kind: 'top' } | { kind: 'element'; id: string };

export interface ScrollLocation {
  pathname: string;
  hash: string;
}

const isAccountChild = (pathname: string) => /^\/account\//.test(pathname.endsWith('/') ? pathname : `${pathname}/`);

export function decideScroll(previous: ScrollLocation | null, next: ScrollLocation, navigationType: 'PUSH' | 'REPLACE' | 'POP'): ScrollDecision {
  if (next.hash === '#no-scroll') return { kind: 'none' };
  if (next.hash.length > 1) return { kind: 'element', id: decodeURIComponent(next.hash.slice(1)) };
  if (navigationType === 'POP') return { kind: 'none' };
  if (previous && isAccountChild(previous.pathname) && isAccountChild(next.pathname)) return { kind: 'none' };
  return { kind: 'top' };
}

/** Carries a decision out in the browser. */
export function applyScroll(decision: ScrollDecision): void {
  if (decision.kind === 'top') window.scrollTo({ top: 0, left: 0 });
  if (decision.kind === 'element') document.getElementById(decision.id)?.scrollIntoView({ behavior: 'smooth' });
}
