/**
 * Route loaders shared by the route table: the trailing-slash rule and the /account guards.
 * They run before a page is entered (the dynamic page's loader is routes/dynamic/loader.ts).
 */
import { data, redirect, replace, type LoaderFunction, type LoaderFunctionArgs } from 'react-router';

import { isAuthenticated } from '../api/auth';
import { normalizeUrl } from '../engine';
import { paths } from '../lib/paths';

/** The status of a redirect to a page's one address: it moved for good. */
export const MOVED_PERMANENTLY = 301;

/** A redirect (with replace, 301 on the server) to the URL with its trailing slash, when it lacks one. */
export function canonicalRedirect(request: Request): Response | null {
  const url = new URL(request.url);
  const current = `${url.pathname}${url.search}`;
  const normalized = normalizeUrl({ url: current }).url;
  return normalized === current ? null : replace(normalized, MOVED_PERMANENTLY);
}

/** Wraps a loader so that the trailing-slash rule runs first. */
export function withCanonicalUrl(loader?: LoaderFunction): LoaderFunction {
  return async (args) => {
    const redirectTo = canonicalRedirect(args.request);
    if (redirectTo) throw redirectTo;
    return loader ? await loader(args) : null;
  };
}

/**
 * The route ids of a shop's own pages: cart, checkout, account, search, comparison, the feed
 * calculator and the store locator. The corporate site sells nothing and has none of them.
 */
const SHOP_ROUTES = ['cart', 'cartHandover', 'compare', 'dealer', 'feedCalculator', 'search', 'checkout', 'account'];

export const isShopRoute = (routeId: string): boolean => SHOP_ROUTES.some((shopRoute) => routeId === shopRoute || routeId.startsWith(`${shopRoute}.`));

/** The loader of a shop's page on the corporate site: not found (404). */
export const notOnThisSite: LoaderFunction = () => {
  throw data(null, { status: 404 });
};

/** Children of /account that need a signed-in visitor: others go to the login page. */
export async function signedInOnly({ request }: { request: Request }): Promise<null> {
  if (!(await isAuthenticated())) {
    // After signing in, the visitor comes back to the page asked for.
    const url = new URL(request.url);
    throw redirect(`${paths.account.login}?i=1&returnUrl=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
  }
  return null;
}

/** A signed-in page's guard, then its own loader. */
export function signedIn<T>(loader: (args: LoaderFunctionArgs) => T | Promise<T>): LoaderFunction {
  return async (args) => {
    await signedInOnly(args);
    return loader(args);
  };
}

/** Children of /account for visitors who are not signed in: others go to the account home. */
export async function anonymousOnly(): Promise<null> {
  if (await isAuthenticated()) throw redirect(paths.account.home);
  return null;
}

const hasTokenAndUser = (request: Request) => {
  const query = new URL(request.url).searchParams;
  return !!query.get('token') && !!query.get('userId');
};

/** reset/ needs token and userId, otherwise the account base. */
export async function resetLoader({ request }: LoaderFunctionArgs): Promise<null> {
  if (!hasTokenAndUser(request)) throw redirect(paths.account.home);
  return anonymousOnly();
}

/** confirm/ needs token and userId, otherwise the home page; then `confirm` activates the account. */
export function confirmLoader<T>(confirm: (args: LoaderFunctionArgs) => Promise<T>): LoaderFunction {
  return async (args) => {
    if (!hasTokenAndUser(args.request)) throw redirect(paths.home);
    await anonymousOnly();
    return confirm(args);
  };
}
