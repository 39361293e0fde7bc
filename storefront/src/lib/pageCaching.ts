/**
 * Which rendered pages a shared cache may keep (host-server's page cache, a CDN in front): the
 * pages that are the same for every visitor without a session and that search engines may
 * index: home, catalog, product, content, FAQ and advice pages (the dynamic route), news and
 * the landing pages (the store locator, the feed calculator). Everything else is personal or holds a one-off state (account, cart,
 * checkout, the thank-you page, survey, newsletter and confirmation links), as is any page for a
 * visitor with a session cookie and any page that sets a cookie. What is personal on a shared
 * page (the cart count, the greeting) is filled in after hydration from the browser's own state.
 */

/** The routes whose indexable pages are shared. */
const SHARED_ROUTES = new Set(['home', 'dynamic', 'media', 'mediaItem', 'dealer', 'feedCalculator']);

/** The session cookies of host-server (plain and `__Host-` under https). */
const SESSION_COOKIES = ['hb_session', '__Host-hb_session'];

/** How long a shared cache serves a page as it is, and how long after that while it refreshes it. */
export const SHARED_FRESH_SECONDS = 60;
export const SHARED_STALE_SECONDS = 540;

export interface RenderedPage {
  /** The route that rendered the page (react-router's id). */
  routeId: string | null;
  /** False for a page search engines must not index (not found, thank you, error pages). */
  indexable: boolean;
  /** The request's `Cookie` header. */
  cookie: string;
  /** True when the answer sets a cookie. */
  setsCookies: boolean;
}

function hasSession(cookie: string): boolean {
  return cookie.split(';').some((pair) => SESSION_COOKIES.includes(pair.trim().split('=')[0] ?? ''));
}

/** The `Cache-Control` of a rendered page. */
export function pageCacheControl(page: RenderedPage): string {
  const shared = page.routeId !== null && SHARED_ROUTES.has(page.routeId) && page.indexable && !page.setsCookies && !hasSession(page.cookie);
  return shared ? `public, s-maxage=${SHARED_FRESH_SECONDS}, stale-while-revalidate=${SHARED_STALE_SECONDS}` : 'private, no-store';
}
