/**
 * The scroll rules, as a pure decision:
 *
 * - a hash of `#no-scroll` prevents scrolling;
 * - back and forward (`POP`) restore the position the page had when it was left;
 * - any other hash scrolls smoothly to the element with that id;
 * - navigating between two pages of the signed-in account area keeps the scroll position;
 * - a navigation marked `keepScroll` (a filter or the sorting of a listing: the same list,
 *   narrowed) keeps it too;
 * - otherwise the page scrolls to the top.
 *
 * Back or forward to a page whose position is not known (and the first page) is left as it is.
 */
import { paths } from './paths';

export interface ScrollPosition {
  top: number;
  left: number;
}

export type ScrollDecision = { kind: 'none' } | { kind: 'top' } | { kind: 'element'; id: string } | ({ kind: 'restore' } & ScrollPosition);

export interface ScrollLocation {
  pathname: string;
  hash: string;
  /** The navigation asked to keep the scroll position (its state is {@link KEEP_SCROLL}). */
  keepScroll?: boolean;
}

/** The navigation state of a change that keeps the scroll position: `navigate(url, { state: KEEP_SCROLL })`. */
export const KEEP_SCROLL = { keepScroll: true } as const;

/** Whether a location's navigation state asks to keep the scroll position. */
export function keepsScroll(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { keepScroll?: unknown }).keepScroll === true;
}

/** The children of /account that need a sign-in (they keep the scroll position). */
const SIGNED_IN_ACCOUNT_PAGES = [
  paths.account.information,
  paths.account.orders,
  paths.account.invoices,
  paths.account.returns,
  paths.account.rqsResults,
  paths.account.subscriptions,
];

const withSlash = (pathname: string) => (pathname.endsWith('/') ? pathname : `${pathname}/`);

/** A page of the signed-in account area; the visitors' pages (login, register...) are not. */
export function isSignedInAccountPage(pathname: string): boolean {
  const path = withSlash(pathname);
  return path === paths.account.home || SIGNED_IN_ACCOUNT_PAGES.some((page) => path.startsWith(page));
}

/** The element id a hash names; a malformed escape (`#%E0%A4%A`) is taken as it is written. */
export function hashTarget(hash: string): string {
  const raw = hash.replace(/^#/, '');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function decideScroll(
  previous: ScrollLocation | null,
  next: ScrollLocation,
  navigationType: 'PUSH' | 'REPLACE' | 'POP',
  saved: ScrollPosition | null = null,
): ScrollDecision {
  if (next.hash === '#no-scroll') return { kind: 'none' };
  if (navigationType === 'POP' && saved) return { kind: 'restore', ...saved };
  const id = hashTarget(next.hash);
  if (id !== '') return { kind: 'element', id };
  if (navigationType === 'POP') return { kind: 'none' };
  if (next.keepScroll) return { kind: 'none' };
  if (previous && isSignedInAccountPage(previous.pathname) && isSignedInAccountPage(next.pathname)) return { kind: 'none' };
  return { kind: 'top' };
}

/**
 * Carries a decision out in the browser. The element is found by its id, never through a CSS
 * selector, so an id that is no valid selector (`1abc`) works too.
 */
export function applyScroll(decision: ScrollDecision): void {
  if (decision.kind === 'top') window.scrollTo({ top: 0, left: 0 });
  if (decision.kind === 'restore') window.scrollTo({ top: decision.top, left: decision.left });
  if (decision.kind === 'element') document.getElementById(decision.id)?.scrollIntoView({ behavior: 'smooth' });
}

const STORAGE_KEY = 'hoofbeat.scrollPositions';
/** Enough for a long visit; the oldest positions are forgotten first. */
const REMEMBERED_POSITIONS = 100;

/**
 * The scroll position of each history entry (by the router's location key), kept in the
 * session's storage when the page is left, so back and forward after a reload restore too.
 */
export class ScrollMemory {
  private readonly positions = new Map<string, ScrollPosition>();

  remember(key: string, position: ScrollPosition): void {
    this.positions.delete(key);
    this.positions.set(key, position);
    if (this.positions.size > REMEMBERED_POSITIONS) this.positions.delete(this.positions.keys().next().value as string);
  }

  positionOf(key: string): ScrollPosition | null {
    return this.positions.get(key) ?? null;
  }

  save(storage: Storage): void {
    try {
      storage.setItem(STORAGE_KEY, JSON.stringify([...this.positions]));
    } catch {
      // Storage full or blocked: back and forward within this page still restore.
    }
  }

  load(storage: Storage): void {
    try {
      const stored = JSON.parse(storage.getItem(STORAGE_KEY) ?? '[]') as unknown;
      if (!Array.isArray(stored)) return;
      for (const entry of stored) {
        if (isStoredEntry(entry)) this.remember(entry[0], { top: entry[1].top, left: entry[1].left });
      }
    } catch {
      // Unreadable: start without remembered positions.
    }
  }
}

/** The session's storage, or null where the browser blocks it. */
export function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function isStoredEntry(entry: unknown): entry is [string, ScrollPosition] {
  if (!Array.isArray(entry) || typeof entry[0] !== 'string') return false;
  const position = entry[1] as Partial<ScrollPosition> | null;
  return typeof position?.top === 'number' && typeof position.left === 'number';
}
