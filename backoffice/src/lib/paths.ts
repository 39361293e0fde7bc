/**
 * The app's paths, below its base `/admin` (the router's basename adds it): one place, so a
 * link, a redirect and the menu never disagree.
 */
export const PATHS = {
  home: '/',
  signIn: '/signin',
  profile: '/profile',
  staff: '/staff',
  keys: '/keys',
  audit: '/audit',
  reviews: '/reviews',
  customers: '/customers',
  customer: (accountId: string) => `/customers/${encodeURIComponent(accountId)}`,
  catalog: '/catalog',
  catalogProduct: (productId: number) => `/catalog/${productId}`,
  orders: '/orders',
  order: (orderNumber: string) => `/orders/${encodeURIComponent(orderNumber)}`,
  invitation: (token: string) => `/invitation/${encodeURIComponent(token)}`,
} as const;

/** Where the app is served; the router's basename. */
export const BASENAME = '/admin';

/**
 * A path inside the app to go back to after signing in: only a path of this app (starting
 * with one `/`), never another site (`//host`, `https:`), so the link cannot send anyone away.
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return PATHS.home;
  return value;
}

/** The sign-in page that brings the staff member back to `path` afterwards. */
export function signInPath(path: string): string {
  const back = safeReturnPath(path);
  return back === PATHS.home ? PATHS.signIn : `${PATHS.signIn}?returnTo=${encodeURIComponent(back)}`;
}

/** A path inside the app from a browser path (drops the basename `/admin`). */
export function appPath(pathname: string): string {
  if (pathname === BASENAME) return '/';
  return pathname.startsWith(`${BASENAME}/`) ? pathname.slice(BASENAME.length) : pathname;
}
